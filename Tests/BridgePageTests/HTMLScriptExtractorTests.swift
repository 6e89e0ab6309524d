import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSupport

@Suite struct HTMLScriptExtractorTests {
    @Test func findsScriptsInDocumentOrderWithLines() {
        let html = """
            <html><head><title>T &amp; U</title>
            <script src="a.js"></script>
            </head><body>
            <script>
            one()
            </script>
            <SCRIPT type=text/javascript>two()</SCRIPT>
            </body></html>
            """
        let x = HTMLScriptExtractor(html: html)
        #expect(x.title == "T & U")
        #expect(x.scripts.map(\.src) == ["a.js", nil, nil])
        #expect(x.scripts[1].text == "\none()\n")
        #expect(x.scripts[1].line == 4)
        #expect(x.scripts[1].inlineIndex == 1)
        #expect(x.scripts[2].text == "two()")
        #expect(x.scripts[2].inlineIndex == 2)
        #expect(x.scripts[2].line == 7)
        #expect(x.scripts[0].line == 2)
    }

    @Test(arguments: [
        ("<script src=app.js defer></script>", "app.js", false, true),
        ("<script src='app.js' async></script>", "app.js", true, false),
        ("<script src=\"x.js?v=1&amp;t=2\"></script>", "x.js?v=1&t=2", false, false),
        ("<script\nsrc = \"spaced.js\"\n></script>", "spaced.js", false, false),
    ])
    func attributes(html: String, src: String, isAsync: Bool, isDeferred: Bool) {
        let s = HTMLScriptExtractor(html: html).scripts
        #expect(s.count == 1)
        #expect(s.first?.src == src)
        #expect(s.first?.isAsync == isAsync)
        #expect(s.first?.isDeferred == isDeferred)
    }

    @Test func commentsAreSkipped() {
        let x = HTMLScriptExtractor(html: "<!-- <script>bad()</script> --><script>good()</script>")
        #expect(x.scripts.map(\.text) == ["good()"])
    }

    @Test func endTagInsideAStringEndsTheScriptAsInBrowsers() {
        let x = HTMLScriptExtractor(html: "<script>var s = '</script>'; rest()</script><script>next()</script>")
        #expect(x.scripts.map(\.text) == ["var s = '", "next()"])
    }

    @Test(arguments: [
        ("module", false), ("text/template", false), ("application/json", false), ("text/javascript", true),
        ("application/javascript", true), ("", true),
    ])
    func typeDecidesWhetherItRuns(type: String, runs: Bool) {
        let x = HTMLScriptExtractor(html: "<script type=\"\(type)\">x()</script>")
        #expect(x.scripts.first?.isClassicJavaScript == runs)
    }

    @Test func staticElementsWithIDAreCollected() {
        let x = HTMLScriptExtractor(html: "<body><div id=app class='main big'></div><span>no id</span><input id=\"q\" value=3></body>")
        #expect(x.elementsWithID.map(\.tag) == ["div", "input"])
        #expect(x.elementsWithID.first?.attributes["class"] == "main big")
    }

    @Test(arguments: ["<script", "<script src=", "<scr", "<!--", "<script>unterminated", "<<<>>>", "<title>x", "\u{0}<script>\u{0}</script>"])
    func malformedMarkupNeverCrashes(html: String) {
        let x = HTMLScriptExtractor(html: html)
        #expect(x.scripts.count <= 1)
    }
}
