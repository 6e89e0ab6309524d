import Testing
@testable import BridgeValues
@testable import ScriptEngine

/// JS strings reach native code as JavaScript has them: ASCII, Latin-1, astral characters,
/// embedded NULs, long strings, and lone surrogates repaired to U+FFFD as Swift's UTF-16
/// decoding does.
@MainActor
@Suite struct StringArgumentTests {
    @Test("every kind of JS string arrives as the same text a UTF-16 decoding gives")
    func stringsArriveIntact() throws {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        var seen: [String] = []
        context.installNativeObject("host", functions: [
            NativeFunctionSpec("take", { args in
                seen.append(args.string(0) ?? "<nil>")
                return .undefined
            }),
        ])
        let cases: [(js: String, expected: String)] = [
            ("'nav.open'", "nav.open"),
            ("''", ""),
            ("'caf\\u00e9'", "caf\u{E9}"),
            ("'\\u00ff\\u00e9'.repeat(3000)", String(repeating: "\u{FF}\u{E9}", count: 3000)),
            ("'a\\u0000b'", "a\u{0}b"),
            ("'\\ud83d\\ude00 x'", "\u{1F600} x"),
            ("'x\\ud800y'", "x\u{FFFD}y"),
            ("'\\udc00'", "\u{FFFD}"),
            ("'ab\\ud83d'", "ab\u{FFFD}"),
            ("'\\u2028\\u4e2d\\u6587'", "\u{2028}\u{4E2D}\u{6587}"),
            ("'z'.repeat(100000)", String(repeating: "z", count: 100_000)),
            ("'q' + 'r'.repeat(5000) + '\\u00e9'", "q" + String(repeating: "r", count: 5000) + "\u{E9}"),
        ]
        for c in cases { _ = try context.evaluate("host.take(\(c.js))", sourceURL: "t.js") }
        #expect(seen.count == cases.count)
        for (got, c) in zip(seen, cases) {
            #expect(got == c.expected, "\(c.js): \(got.unicodeScalars.prefix(8).map { String($0.value, radix: 16) })")
            #expect(got.unicodeScalars.elementsEqual(c.expected.unicodeScalars), "\(c.js)")
        }
    }

    /// Texts going in (a script's own characters, not escapes) reach JavaScript exactly, whichever
    /// way they are converted: ASCII, Latin-1, other BMP and astral characters, and a NUL, which a
    /// C string could not carry.
    @Test(arguments: [
        "nav.open", "", "caf\u{E9}", "\u{FF}\u{E9}\u{2028}\u{4E2D}\u{6587}", "\u{1F600} x \u{1F1EB}\u{1F1F7}",
        "a\u{0}b", "\u{0}", String(repeating: "r", count: 5000) + "\u{E9}", String(repeating: "\u{4E2D}", count: 300) + "\u{0}",
    ])
    func scriptTextReachesJavaScriptExactly(_ text: String) throws {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        var got: [String] = []
        context.installNativeObject("host", functions: [NativeFunctionSpec("take", { args in got.append(args.string(0) ?? "<nil>"); return .undefined })])
        // The characters as they are in the script, inside a template literal (NUL and U+2028 allowed).
        _ = try context.evaluate("host.take(`\(text)`); host.take(String(`\(text)`.length))", sourceURL: "t.js")
        _ = try context.evaluate(ScriptSource("host.take(`\(text)`)"), sourceURL: "s.js")
        #expect(got.count == 3)
        #expect(got.first?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
        #expect(got.dropFirst().first == String(text.utf16.count))
        #expect(got.last?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
    }
}
