import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgePage
@testable import BridgeValues
@testable import ScriptEngine

/// Named character references (`&amp;`, `&eacute;`, `&Oopf;`): domino's table of 2231 is built at
/// the first reference the few common ones do not answer (DominoLibrary's fix), and what a page
/// reads is the same either way.
@MainActor
@Suite struct CharacterReferenceTests {
    func engine() throws -> BridgeEngine { try PageTestEngine.make() }

    @Test(arguments: [
        // The common ones, with and without the semicolon (legacy names), in text and attributes.
        ("<p title=\"a&amp;b&quot;\">&lt;b&gt; &amp &nbsp;&copy;&apos;</p>", "<p title=\"a&amp;b&quot;\">&lt;b&gt; &amp; &nbsp;©'</p>"),
        // Names only the full table has, one of them outside the BMP, one legacy without `;`.
        ("<p>&eacute;&hearts;&notin;&Zopf;&Oopf;&eacute</p>", "<p>é♥∉ℤ𝕆é</p>"),
        // A common reference after the full table was built, and an unknown name left as text.
        ("<p>&hearts;&amp;&bogus;</p>", "<p>♥&amp;&amp;bogus;</p>"),
        // In an attribute, a legacy name followed by `=` or a letter stays as written.
        ("<a href=\"?a=1&copy=2&ampx\">x</a>", "<a href=\"?a=1&amp;copy=2&amp;ampx\">x</a>"),
    ])
    func namedReferencesParseAsInABrowser(_ markup: String, _ expected: String) throws {
        let e = try engine()
        try e.evaluate("document.body.innerHTML = \(JSONValue.string(markup).jsonString())")
        #expect(try e.evaluate("document.body.innerHTML") == .string(expected))
    }

    /// Every name in the common table has the value domino's own table gives it.
    @Test func theCommonReferencesAgreeWithDominosTable() throws {
        let source = try String(contentsOfFile: DominoLibrary.defaultDirectory + "/HTMLParser.js", encoding: .utf8)
        let start = try #require(source.range(of: "var namedCharRefs = {\n"))
        let end = try #require(source.range(of: "  \"zwnj;\":0x200c,\n};\n", range: start.upperBound..<source.endIndex))
        let table = "({" + source[start.upperBound..<end.upperBound].dropLast(3) + "})"
        let fix = try #require(DominoLibrary.fixes.first { $0.file == "HTMLParser.js" && $0.text == "var namedCharRefs = {\n" })
        let common = try #require(fix.replacement.range(of: "commonCharRefs = ").map { fix.replacement[$0.upperBound...] })
        let literal = common[..<(try #require(common.range(of: "};")).upperBound)].dropLast()
        let e = try engine()
        try e.evaluate("var full = \(table), common = (\(literal));")
        #expect(try e.evaluate("Object.keys(common).length") == .number(13))
        #expect(try e.evaluate("Object.keys(full).length") == .number(2231))
        #expect(try e.evaluate("Object.keys(common).filter(function (k) { return full[k] !== common[k]; }).join()") == .string(""))
    }
}
