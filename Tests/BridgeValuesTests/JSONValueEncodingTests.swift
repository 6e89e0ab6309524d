import Testing
@testable import BridgeValues

/// The hand-written encoder (`JSONValue.jsonString()`).
struct JSONValueEncodingTests {
    static let encodingCases: [(JSONValue, String)] = [
        (JSONValue.null, "null"),
        (true, "true"),
        (false, "false"),
        (0, "0"),
        (.number(-0.0), "0"),
        (1, "1"),
        (-42, "-42"),
        (1.5, "1.5"),
        (0.1, "0.1"),
        (-2.25, "-2.25"),
        (999_999_999_999_999, "999999999999999"),
        (1e21, "1e+21"),
        (.number(.nan), "null"),
        (.number(.infinity), "null"),
        (.number(-.infinity), "null"),
        ("", #""""#),
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("nl\ncr\rtab\tbs\u{8}ff\u{C}", #""nl\ncr\rtab\tbs\bff\f""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#),
        ("\u{2028}", #""\u2028""#),
        ("</script>", #""</script>""#),
        ("😀 中文 é", #""😀 中文 é""#),
        ("\u{7F}", "\"\u{7F}\""),
        ([], "[]"),
        ([:], "{}"),
        ([1, "a", nil, true], #"[1,"a",null,true]"#),
        (["b": 1, "a": 2, "c": ["z": nil, "y": []]], #"{"a":2,"b":1,"c":{"y":[],"z":null}}"#),
        (["only": "one"], #"{"only":"one"}"#),
        (["k\"\n": "v"], #"{"k\"\n":"v"}"#),
    ]

    @Test("values encode to the expected compact JSON", arguments: encodingCases)
    func encodes(_ value: JSONValue, _ expected: String) {
        #expect(value.jsonString() == expected)
    }

    @Test("integers are written without a fraction or exponent", arguments: [1.0, 10, 1e6, 123_456_789, -7, 1e14])
    func integersHaveNoFraction(_ n: Double) {
        let text = JSONValue.number(n).jsonString()
        #expect(!text.contains("."), "\(text)")
        #expect(!text.contains("e"), "\(text)")
        #expect(Double(text) == n)
    }

    @Test("appendInteger writes an integer's digits after what is there, on both sides of its eight-digit path", arguments: [
        0, 7, 9, 10, 42, 100, 12_345_678, 99_999_999, 100_000_000, 123_456_789_012, -1, -300,
    ])
    func appendIntegerWritesDigits(_ n: Int) {
        var out = Array("[1,".utf8)
        JSONValue.appendInteger(n, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "[1," + String(n))
    }

    @Test("appendJSON reports its longest string value, keys not counted", arguments: [
        (JSONValue.null, 0), (7, 0), ("", 0), ("abc", 3), ("é", 2), (["a_key_longer_than_ten": 1], 0), (["k": "0123456789A"], 11),
        ([1, "ab", ["x": ["y": "abcd"]], "a\nb"], 4), (["k": .string(String(repeating: "z", count: 300))], 300),
    ] as [(JSONValue, Int)])
    func longestStringValue(_ value: JSONValue, _ longest: Int) {
        var out: [UInt8] = []
        var found = 3
        value.appendJSON(to: &out, longestString: &found)
        #expect(found == max(3, longest))
        #expect(out == Array(value.jsonString().utf8))
    }

    @Test("the repeated-value encoder reports a value's longest string when it copies the value's kept text too")
    func repeatedValueLongestString() {
        let value: JSONValue = ["name": "a string of 21 chars.", "n": 1]
        var encoder = RepeatedValueEncoder()
        var out: [UInt8] = []
        for round in 0..<3 {
            var found = 0
            encoder.append(value, to: &out, longestString: &found)
            #expect(found == 21, "round \(round)")
        }
        var found = 0
        encoder.append(["other": "x"], to: &out, longestString: &found)
        #expect(found == 1)
        #expect(String(decoding: out, as: UTF8.self) == String(repeating: value.jsonString(), count: 3) + #"{"other":"x"}"#)
    }

    /// JSON.stringify writes every integer below 1e21 without a fraction; the encoder's integer
    /// path stops at 1e15 and Swift's `description` then appends ".0".
    @Test("integers from 1e15 up to 2^53 are written like JSON.stringify writes them", arguments: [
        1e15, 1_000_000_000_000_001, 9_007_199_254_740_991, -4_503_599_627_370_496,
    ])
    func largeIntegersHaveNoFraction(_ n: Double) throws {
        let text = JSONValue.number(n).jsonString()
        #expect(try JSONParser().parse(text) == .number(n))
        #expect(!text.contains("."), "\(text)")
        #expect(text == String(Int64(n)))
    }

    @Test("encoded text parses back to the same value", arguments: [
        ["nested": [1, 2.5, -0.001, "s\u{2028}", ["deep": [true, false, nil]]]] as JSONValue,
        "emoji 👍🏽 and \u{0} and \"quotes\"",
        .number(.leastNonzeroMagnitude),
        .number(1.7976931348623157e308),
        .number(-123_456.789e10),
        .number(0.30000000000000004),
        [[], [[]], [:]],
    ])
    func roundTrips(_ value: JSONValue) throws {
        let text = value.jsonString()
        #expect(try JSONParser().parse(text) == value)
        #expect(value.description == text)
    }

    @Test("U+2028 and U+2029 never appear raw in the output")
    func lineSeparatorsAreEscaped() {
        let value: JSONValue = ["\u{2028}key": ["x\u{2029}y", "\u{2028}\u{2028}"]]
        let text = value.jsonString()
        #expect(!text.unicodeScalars.contains("\u{2028}"))
        #expect(!text.unicodeScalars.contains("\u{2029}"))
        #expect(text == #"{"\u2028key":["x\u2029y","\u2028\u2028"]}"#)
    }

    /// The encoder writes into a 1 KiB stack buffer and moves to the heap past it; a string's
    /// escapes may fall on either side of that edge.
    @Test("values and strings past the encoder's first 1 KiB encode as they do below it", arguments: [1, 200, 204, 205, 1000, 20_000])
    func largeValues(repeats: Int) throws {
        let piece = "a\"\n\u{2028}é"
        let escapedPiece = #"a\"\n\u2028é"#
        let string = String(repeating: piece, count: repeats)
        let numbers = (0..<repeats).map { JSONValue.number(Double($0 * 37)) }
        let value: JSONValue = ["s": .string(string), "list": .array(numbers), "nested": ["x": .string(String(repeating: "z", count: repeats * 5))]]
        let expected = #"{"list":["# + (0..<repeats).map { String($0 * 37) }.joined(separator: ",") + #"],"nested":{"x":""#
            + String(repeating: "z", count: repeats * 5) + #""},"s":""# + String(repeating: escapedPiece, count: repeats) + #""}"#
        #expect(value.jsonString() == expected)
        #expect(JSONValue.string(string).jsonString() == "\"" + String(repeating: escapedPiece, count: repeats) + "\"")
        var out = Array("prefix:".utf8)
        value.appendJSON(to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "prefix:" + expected)
        #expect(try JSONParser().parse(expected) == value)
    }

    @Test("appendJSON appends to existing bytes")
    func appendsToBuffer() {
        var out = Array("prefix:".utf8)
        JSONValue.array([1, "x"]).appendJSON(to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"prefix:[1,"x"]"#)
    }
}

extension JSONValueEncodingTests {
    @Test("objects of every size encode their keys sorted, like a reference sort", arguments: [2, 3, 10, 64, 65, 200])
    func sortedKeys(count: Int) {
        var members: JSONObject = [:]
        for i in 0..<count {
            // Keys that share prefixes and differ in case and length.
            let key = ["k", "K", "k1", "a", "ab", "é"][i % 6] + String(i * 7919 % 1000)
            members[key] = .number(Double(i))
        }
        let expected = "{" + members.keys.sorted().map { key in
            "\"\(key)\":\(JSONValue.object(members)[key]!.jsonString())"
        }.joined(separator: ",") + "}"
        #expect(JSONValue.object(members).jsonString() == expected)
    }
}

/// Objects are written in key order (Unicode scalars); small ones sort without building an
/// array of pairs, so both paths must agree with `sortedMembers`.
@Suite struct SortedMembersTests {
    @Test(arguments: [0, 1, 2, 3, 17, 64, 65, 200])
    func forEachSortedMatchesSortedMembers(count: Int) {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", "é", "e\u{301}", "K", "\u{212A}", "😀", "z", "0", "_", ""]
        var object = JSONObject()
        while object.count < count {
            let length = Int.random(in: 1...4, using: &rng)
            let key = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }.joined()
            object[key] = .number(Double(object.count))
        }
        var seen: [(String, JSONValue)] = []
        object.forEachSorted { seen.append(($0, $1)) }
        let expected = object.sortedMembers
        #expect(seen.count == expected.count)
        #expect(zip(seen, expected).allSatisfy { $0.0.sameScalars(as: $1.key) && $0.1 == $1.value })
        for (a, b) in zip(seen, seen.dropFirst()) { #expect(ScalarKey.less(a.0, b.0), "\(a.0) before \(b.0)") }
        let text = JSONValue.object(object).jsonString()
        #expect(text == "{" + expected.map { JSONValue.string($0.key).jsonString() + ":" + $0.value.jsonString() }.joined(separator: ",") + "}")
    }
}

/// A container that comes again and again is encoded once; a different one (even an equal one)
/// is encoded again.
@Suite struct RepeatedValueEncoderTests {
    @Test func keepsTheTextOfTheSameStorageOnly() {
        let canned: JSONValue = ["ok": true, "items": [1, 2, 3], "user": ["id": 8848, "name": "x"]]
        var encoder = RepeatedValueEncoder()
        var out: [UInt8] = []
        for _ in 0..<3 { encoder.append(canned, to: &out); out.append(0x0A) }
        let line = canned.jsonString()
        #expect(String(decoding: out, as: UTF8.self) == String(repeating: line + "\n", count: 3))
        // An equal value in other storage, then a changed copy of the kept one.
        var other: [UInt8] = []
        encoder.append(["ok": true, "items": [1, 2, 3], "user": ["id": 8848, "name": "x"]], to: &other)
        #expect(String(decoding: other, as: UTF8.self) == line)
        var changed = canned
        if case .object(var o) = changed { o["ok"] = false; changed = .object(o) }
        var third: [UInt8] = []
        encoder.append(changed, to: &third)
        #expect(String(decoding: third, as: UTF8.self) == changed.jsonString())
        var scalar: [UInt8] = []
        encoder.append("text", to: &scalar)
        #expect(String(decoding: scalar, as: UTF8.self) == #""text""#)
    }
}
