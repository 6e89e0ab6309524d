import Testing
@testable import BridgeValues

/// `JSONParser`: strict JSON in, `JSONValue` out, errors with path and offset.
struct JSONParserTests {
    static let validCases: [(String, JSONValue)] = [
        (#"{"a":[1,2,{"b":null}]}"#, ["a": [1, 2, ["b": nil]]] as JSONValue),
        ("  true  ", true),
        ("false", false),
        ("null", nil),
        ("0", 0),
        ("-0.5e-3", -0.0005),
        ("1E2", 100),
        ("123456789012345678901234567890", 1.2345678901234568e29),
        ("9007199254740993", 9_007_199_254_740_992),
        (#""\ud83d\ude00""#, "😀"),
        (#""\u2028\u2029""#, "\u{2028}\u{2029}"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""ünï 中文""#, "ünï 中文"),
        ("[]", []),
        ("{}", [:]),
        (#"{"k":1,"k":2}"#, ["k": 2]),
        ("\n\t[ 1 , [ ] , { } ]\r\n", [1, [], [:]]),
        // Lone digits before each delimiter (the short path), and after them what is not one.
        ("[7,8 ,9\n,0]", [7, 8, 9, 0]),
        (#"{"a":5,"b":[6],"c":{"d":0}}"#, ["a": 5, "b": [6], "c": ["d": 0]]),
        ("[1.5,2e1,3\t,-4,56]", [1.5, 20, 3, -4, 56]),
    ]

    @Test("valid JSON parses to the expected value", arguments: validCases)
    func parsesValid(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONParser().parse(text) == expected)
    }

    @Test("booleans parse as booleans, not numbers")
    func booleansAreNotNumbers() throws {
        let value = try JSONParser().parse("[true, 1, false, 0]")
        #expect(value == [.bool(true), .number(1), .bool(false), .number(0)])
        #expect(value[0]?.boolValue == true)
        #expect(value[0]?.numberValue == nil)
    }

    static let invalidCases: [(String, String, String)] = [
        (#"{"a":[1,2,}"#, "a[2]", "unexpected character"),
        ("[01]", "[0]", "leading zeros"),
        ("[0x1]", "", "expected ',' or ']'"),
        ("[1,2", "", "unexpected end"),
        (#"{"a" 1}"#, "", "expected ':'"),
        (#"{"x":{"y":"\ud800"}}"#, "x.y", "lone surrogate"),
        (#"["\udc00"]"#, "[0]", "lone surrogate"),
        ("1 2", "", "unexpected text after"),
        (#""abc"#, "", "unterminated string"),
        ("\"a\nb\"", "", "control character"),
        ("[1e999]", "[0]", "out of range"),
        ("[1.]", "[0]", "invalid number"),
        ("[-]", "[0]", "invalid number"),
        ("tru", "", "unexpected end"),
        ("nul1", "", "invalid literal"),
        (#"{"a":{"b":[true, NaN]}}"#, "a.b[1]", "unexpected character"),
        ("", "", "unexpected end"),
        (#"{"k":"\x"}"#, "k", "bad escape"),
        (#"{"k":"\u12"}"#, "k", "bad \\u escape"),
        ("{1:2}", "", "expected a string key"),
        ("[1 2]", "", "expected ',' or ']'"),
    ]

    @Test("invalid JSON fails with a reason and the path of the bad value", arguments: invalidCases)
    func refusesInvalid(_ text: String, _ path: String, _ reason: String) {
        let error = #expect(throws: JSONParser.Failure.self) { try JSONParser().parse(text) }
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
        if let error {
            #expect(error.description == (path.isEmpty ? error.reason : "\(path): \(error.reason)"))
            #expect(error.offset >= 0 && error.offset <= text.utf8.count)
        }
    }

    @Test("invalid UTF-8 bytes are refused")
    func refusesInvalidUTF8() {
        let bytes: [UInt8] = Array(#"{"k":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let error = #expect(throws: JSONParser.Failure.self) { try JSONParser().parse(bytes: bytes) }
        #expect(error?.reason.contains("UTF-8") == true)
        #expect(error?.path == "k")
    }

    @Test("the error offset points at the bad byte")
    func offsetPointsAtTheProblem() {
        let error = #expect(throws: JSONParser.Failure.self) { try JSONParser().parse("[1, 2, x]") }
        #expect(error?.offset == 7)
    }

    @Test("nesting up to maxDepth parses; one deeper fails", arguments: [1, 3, 64])
    func depthLimit(_ depth: Int) throws {
        let parser = JSONParser(maxDepth: depth)
        let ok = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        var expected: JSONValue = 1
        for _ in 0..<depth { expected = [expected] }
        #expect(try parser.parse(ok) == expected)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: Never.self) { try parser.parse(objects) }

        let deep = "[" + ok + "]"
        let error = #expect(throws: JSONParser.Failure.self) { try parser.parse(deep) }
        #expect(error?.reason == "nested deeper than \(depth) levels")
        #expect(error?.path == String(repeating: "[0]", count: depth))
    }

    @Test("very deep input fails cleanly instead of overflowing the stack")
    func hugeDepthIsRefused() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = #expect(throws: JSONParser.Failure.self) { try JSONParser().parse(text) }
        #expect(error?.reason.contains("nested deeper than 512") == true)
    }

    @Test("integers up to 2^53 are exact")
    func exactIntegers() throws {
        #expect(try JSONParser().parse("9007199254740991") == .number(9_007_199_254_740_991))
        #expect(try JSONParser().parse("-9007199254740991") == .number(-9_007_199_254_740_991))
        #expect(try JSONParser().parse("[123456789012345678]")[0]?.numberValue == 123_456_789_012_345_680)
    }
}
