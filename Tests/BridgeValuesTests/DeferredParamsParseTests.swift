import Testing
@testable import BridgeValues

/// `JSONParser.parseObjectMembers(_:deferring:)` checks a call's params without building them;
/// `DeferredJSON` builds them later. Whatever the eager parse refuses, the deferring one must
/// refuse too (the caller then parses eagerly for the message), and whatever it accepts must
/// build to the same value.
struct DeferredParamsParseTests {
    static let limits = (depth: 6, string: 8, array: 4)

    static func eager(_ text: String) -> Result<[(String, JSONValue)], JSONParser.Failure> {
        let parser = JSONParser(maxDepth: limits.depth, maxStringLength: limits.string, maxArrayLength: limits.array)
        var text = text
        return text.withUTF8 { bytes in
            Result { () throws(JSONParser.Failure) -> [(String, JSONValue)] in
                guard let members = try parser.parseObjectMembers(bytes) else { throw JSONParser.Failure(reason: "not an object", path: "", offset: 0) }
                return members
            }
        }
    }

    /// The deferring parse's members with the params built through `DeferredJSON` and put back
    /// in their place (last), or `nil` when it refused or declined the text.
    static func deferred(_ text: String) -> [(String, JSONValue)]? {
        let parser = JSONParser(maxDepth: limits.depth, maxStringLength: limits.string, maxArrayLength: limits.array)
        let paramsParser = JSONParser(maxDepth: limits.depth - 1, maxStringLength: limits.string, maxArrayLength: limits.array)
        var text = text
        return text.withUTF8 { bytes -> [(String, JSONValue)]? in
            guard let envelope = try? parser.parseObjectMembers(bytes, deferring: "params") else { return nil }
            guard let range = envelope.deferred else { return envelope.members }
            return envelope.members + [("params", DeferredJSON(text: Array(bytes[range]), parser: paramsParser).value)]
        }
    }

    static func same(_ a: [(String, JSONValue)], _ b: [(String, JSONValue)]) -> Bool {
        JSONValue.object(JSONObject(members: a)) == JSONValue.object(JSONObject(members: b))
    }

    static let corpus: [String] = [
        #"{"method":"a","params":{"x":1,"y":[true,null,"s"]},"callbackId":"cb_1"}"#,
        #"{"method":"a","params":{},"callbackId":"cb_1"}"#,
        #"{"method":"a","params":{"k":{"k":{"k":{"k":1}}}}}"#,            // depth 6: at the limit
        #"{"method":"a","params":{"k":{"k":{"k":{"k":{"k":1}}}}}}"#,      // depth 7: too deep
        #"{"method":"a","params":{"k":[[[[1]]]]}}"#,
        #"{"method":"a","params":{"k":[[[[[1]]]]]}}"#,
        #"{"method":"a","params":{"s":"12345678"}}"#,                     // 8 characters: at the limit
        #"{"method":"a","params":{"s":"123456789"}}"#,                    // 9: too long
        #"{"method":"a","params":{"12345678":1}}"#,
        #"{"method":"a","params":{"123456789":1}}"#,                      // a key too long
        #"{"method":"a","params":{"s":"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"}}"#,
        #"{"method":"a","params":{"s":"ééééééééé"}}"#,                    // 9 in UTF-16, 18 bytes
        #"{"method":"a","params":{"s":"éééé"}}"#,                         // 4 in UTF-16, 8 bytes
        #"{"method":"a","params":{"s":"😀😀😀😀"}}"#,                     // 8 units, 16 bytes
        #"{"method":"a","params":{"s":"😀😀😀😀😀"}}"#,                   // 10 units
        #"{"method":"a","params":{"s":"\ud800"}}"#,                       // lone surrogate
        #"{"method":"a","params":{"s":"\ud83d\ude00"}}"#,
        #"{"method":"a","params":{"s":"a\nb"}}"#,                         // raw control character
        #"{"method":"a","params":{"s":"\q"}}"#,                           // bad escape
        #"{"method":"a","params":{"a":[1,2,3,4]}}"#,                      // 4 elements: at the limit
        #"{"method":"a","params":{"a":[1,2,3,4,5]}}"#,                    // 5: too long
        #"{"method":"a","params":{"n":01}}"#,
        #"{"method":"a","params":{"n":1e999}}"#,
        #"{"method":"a","params":{"n":-0.5e-3,"m":1E2}}"#,
        #"{"method":"a","params":{"x":1,}}"#,
        #"{"method":"a","params":{"x" 1}}"#,
        #"{"method":"a","params":{"x":tru}}"#,
        #"{"method":"a","params":{"x":1}"#,                               // unterminated envelope
        #"{"method":"a","params":{"x":1}} x"#,                            // text after it
        #"{"method":"a","params":{"x":1},"params":{"y":2}}"#,              // twice: later wins
        #"{"method":"a","params":{"x":1},"params":null}"#,
        #"{"method":"a","params":[1,2]}"#,                                // not an object: eager
        #"{"method":"a","params":"x"}"#,
        #"{"method":"a"}"#,
        #"{ "method" : "a" , "params" : { "x" : [ 1 , { } ] } }"#,
    ]

    @Test("the deferring parse refuses what the eager one refuses and builds what it builds", arguments: corpus)
    func agreesWithTheEagerParse(_ text: String) {
        check(text)
    }

    func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let eager = Self.eager(text)
        let deferred = Self.deferred(text)
        switch eager {
        case .failure:
            #expect(deferred == nil, "accepted what the eager parse refused: \(text)", sourceLocation: sourceLocation)
        case .success(let members):
            // Declining a text the eager parse takes is allowed (a repeated params key): the
            // caller then parses it eagerly.
            if let deferred {
                #expect(Self.same(members, deferred), "\(text): \(members) vs \(deferred)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("a repeated params key is left to the eager parse")
    func aRepeatedKeyIsDeclined() {
        #expect(Self.deferred(#"{"method":"a","params":{"x":1},"params":{"y":2}}"#) == nil)
        #expect(Self.deferred(#"{"method":"a","params":{"x":1},"params":null}"#) == nil)
        #expect(Self.deferred(#"{"method":"a","params":{"x":1}}"#) != nil)
    }

    /// Every text one byte away from valid envelopes (each byte replaced by each of a set of
    /// JSON-significant bytes, or deleted): the two parses agree on all of them.
    @Test("texts one byte away from valid envelopes: both parses agree")
    func mutatedEnvelopesAgree() {
        let seeds = [
            #"{"method":"a","params":{"k":[1,{"s":"ab\u00e9"},null,true]},"callbackId":"cb_1"}"#,
            #"{"method":"a","params":{"k":{"k":{"k":{"k":-1.5e3}}}}}"#,
            #"{"method":"a","params":{"s":"1234567","t":"é"}}"#,
        ]
        let replacements: [UInt8] = Array(#"{}[]",:\ u0e.-+"#.utf8) + [0x0A, 0x80, 0xC3, 0xFF]
        var checked = 0
        for seed in seeds {
            let bytes = Array(seed.utf8)
            for i in bytes.indices {
                var deleted = bytes
                deleted.remove(at: i)
                check(String(decoding: deleted, as: UTF8.self))
                for r in replacements where r != bytes[i] {
                    var mutated = bytes
                    mutated[i] = r
                    // (Invalid UTF-8 bytes are repaired by String(decoding:); both parses see the same text.)
                    check(String(decoding: mutated, as: UTF8.self))
                    checked += 1
                }
            }
        }
        #expect(checked > 2000)
    }

    @Test("a deferred value is built once and is the same for every reader")
    func builtOnce() {
        let parser = JSONParser()
        let deferred = DeferredJSON(text: Array(#"{"a":[1,2],"b":"x"}"#.utf8), parser: parser)
        let first = deferred.value
        #expect(first == ["a": [1, 2], "b": "x"])
        #expect(deferred.value.isIdentical(to: first))
    }
}
