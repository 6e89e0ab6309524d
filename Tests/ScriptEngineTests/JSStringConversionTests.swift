import Testing
@testable import ScriptEngine
import BridgeValues

/// A string argument's UTF-8 bytes, as the SDK's params text is read: exact, and not kept in the
/// worst-case room JavaScriptCore asks for (3 bytes a UTF-16 unit) when it is far larger.
struct JSStringConversionTests {
    @Test("utf8Array gives the exact bytes in an array of about their size, not the worst case", arguments: [
        ("", 0), ("{}", 2), (String(repeating: "a", count: 100), 100), (String(repeating: "a", count: 10_000), 10_000), (String(repeating: "a", count: 30_000), 30_000),
        (String(repeating: "é", count: 3000), 6000), (String(repeating: "😀", count: 2000), 8000),
    ])
    func exactAndTrimmed(_ text: String, _ byteCount: Int) {
        let bytes = JSStringConversion.utf8Array(of: text)
        #expect(bytes == Array(text.utf8))
        #expect(bytes.count == byteCount)
        // (The worst case is 3 × the UTF-16 length + 1: 30 001 bytes for 10 000 ASCII letters.)
        if bytes.count > 64 { #expect(bytes.capacity < 2 * bytes.count, "capacity \(bytes.capacity) for \(bytes.count) bytes") }
    }
}

/// Answers' JSON text reaches JavaScript as the same value whichever way it is handed over: a
/// short all-ASCII text as UTF-16, a long one too when its sender says it holds no long string
/// (`noLongStrings`), anything else as UTF-8.
@MainActor
struct JSONDeliveryTests {
    @Test("a value parsed from JSON text is the same on both sides of the short-text limit", arguments: [
        #"{"a":1,"b":"x","c":[1,2,3]}"#, #"[1,"two",{"three":3.5e3}]"#, #""\u00e9\n""#, #"{"é":"ünïcödé 😀"}"#, "\"" + String(repeating: "a", count: 254) + "\"",
        "\"" + String(repeating: "a", count: 255) + "\"", "[" + String(repeating: "1,", count: 300) + "1]", "null", "-0", " 7 ",
        "[" + String(repeating: #"0,7,{"k":"short","n":-1.5},null,"#, count: 40) + #"1,"é",null,null]"#,
        "[" + String(repeating: #"{"a":"\n\"\u0001x"},"#, count: 30) + "true]",
    ])
    func sameValue(_ text: String) throws {
        for noLongStrings in [false, true] {
            let context = try Self.deliver(text, to: "(function (n, v) { globalThis.got = v; globalThis.n = n; })", n: 3, noLongStrings: noLongStrings)
            #expect(try context.evaluate("JSON.stringify(got)", sourceURL: nil) == .string(try JSONParser().parse(text).jsonString()), "noLongStrings \(noLongStrings)")
            #expect(try context.evaluate("n", sourceURL: nil) == 3)
        }
    }

    @Test("text that is not JSON gives undefined, short or long, ASCII or not", arguments: ["{", "{'a':1}", "[1,]", "\"é", "[" + String(repeating: "1,", count: 300) + "]", ""])
    func notJSON(_ text: String) throws {
        for noLongStrings in [false, true] {
            let context = try Self.deliver(text, to: "(function (n, v) { globalThis.kind = typeof v; })", n: 1, noLongStrings: noLongStrings)
            #expect(try context.evaluate("kind", sourceURL: nil) == "undefined")
        }
    }

    /// A new context in which `function` (a function expression) was called with `n` and the value
    /// of `text` as the outbox delivers an answer.
    static func deliver(_ text: String, to function: String, n: Double, noLongStrings: Bool = false) throws -> ScriptContext {
        let context = ScriptContext(vm: ScriptVM())
        let take = try #require(try context.evaluateFunction(function, sourceURL: "t.js"))
        var bytes = Array(text.utf8)
        bytes.append(0)
        try bytes.withUnsafeBufferPointer { b throws(ScriptError) in try context.call(take, n, nulTerminatedJSON: b, noLongStrings: noLongStrings) }
        return context
    }
}
