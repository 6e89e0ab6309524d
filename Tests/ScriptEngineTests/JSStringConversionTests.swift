import Testing
@testable import ScriptEngine

/// A string argument's UTF-8 bytes, as the SDK's params text is read: exact, and not kept in the
/// worst-case room JavaScriptCore asks for (3 bytes a UTF-16 unit) when it is far larger.
struct JSStringConversionTests {
    @Test("utf8Array gives the exact bytes and trims a long text far under its worst case", arguments: [
        ("", 0), ("{}", 2), (String(repeating: "a", count: 10_000), 10_000),
        (String(repeating: "é", count: 3000), 6000), (String(repeating: "😀", count: 2000), 8000),
    ])
    func exactAndTrimmed(_ text: String, _ byteCount: Int) {
        let bytes = JSStringConversion.utf8Array(of: text)
        #expect(bytes == Array(text.utf8))
        #expect(bytes.count == byteCount)
        // (The worst case is 3 × the UTF-16 length + 1: 30 001 bytes for 10 000 ASCII letters.)
        if bytes.count > 4096 { #expect(bytes.capacity < 2 * bytes.count, "capacity \(bytes.capacity) for \(bytes.count) bytes") }
    }
}
