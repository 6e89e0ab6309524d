import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// The hand-written XML reader under the schema loader: what it accepts and how it reads it, and
/// one clear `file:line: reason` for each way a document can be malformed.
struct SchemaXMLScannerTests {
    static func read(_ xml: String) throws(SchemaProblem) -> SchemaXMLElement {
        try SchemaXMLReader.read(Data(xml.utf8), file: "x.xml")
    }

    static func problem(_ xml: String) -> String? {
        do {
            _ = try read(xml)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("elements, attributes in name order, text and children")
    func tree() throws {
        let root = try Self.read("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- head -->\n<p b='2' a=\"1\">hi<c x=\"y\"/> there<d>in d</d></p>\n<!-- tail -->\n")
        #expect(root.name == "p")
        #expect(root.attributes.map(\.name) == ["a", "b"])
        #expect(root.attributes.map(\.value) == ["1", "2"])
        #expect(root.text == "hi there")
        #expect(root.children.map(\.name) == ["c", "d"])
        #expect(root.children[0].attribute("x") == "y")
        #expect(root.children[1].text == "in d")
        #expect(root.line == 3)
    }

    @Test("predefined entities, character references, CDATA and non-ASCII text")
    func references() throws {
        let root = try Self.read("<p v=\"&lt;&amp;&gt;&quot;&apos;&#65;&#x42;\">&lt;a&gt; &#160;&#x4E2D; <![CDATA[<raw & text>]]> 中文</p>")
        #expect(root.attribute("v") == "<&>\"'AB")
        #expect(root.text == "<a> \u{A0}中 <raw & text> 中文")
    }

    @Test("line ends: CRLF and CR become LF in text; white space in attribute values becomes spaces")
    func normalization() throws {
        let root = try Self.read("<p v=\"a\tb\r\nc\nd\">x\r\ny\rz</p>")
        #expect(root.attribute("v") == "a b c d")
        #expect(root.text == "x\ny\nz")
    }

    @Test("an element's line is where its start tag ends; a BOM is skipped")
    func lines() throws {
        let root = try Self.read("\u{FEFF}<p>\n  <a\n     name=\"x\"\n  />\n  <b/>\n</p>")
        #expect(root.children.map(\.line) == [4, 5])
    }

    @Test("a full declaration, long character references and non-ASCII names are accepted")
    func accepted() throws {
        let root = try Self.read("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<名前 属性=\"&#x000000000041;\" é·x=\"1\"/>")
        #expect(root.name == "名前")
        #expect(root.attribute("属性") == "A")
        #expect(root.attribute("é·x") == "1")
    }

    @Test("namespace declarations are not attributes")
    func namespaces() throws {
        let root = try Self.read("<p xmlns=\"urn:a\" xmlns:xi=\"urn:b\" name=\"n\"><xi:include/></p>")
        #expect(root.attributes.map(\.name) == ["name"])
        #expect(root.children.map(\.name) == ["xi:include"])
    }

    @Test(
        "each malformed document gets one problem with its line",
        arguments: [
            ("", "x.xml:1: malformed XML: empty document (no root element)"),
            ("  \n <!-- only a comment -->\n", "x.xml:3: malformed XML: empty document (no root element)"),
            ("hello", "x.xml:1: malformed XML: expected the root element, found 'h'"),
            ("<a/>\n<b/>", "x.xml:2: malformed XML: extra content after the root element (markup)"),
            ("<a/>\ntext", "x.xml:2: malformed XML: extra content after the root element ('t')"),
            ("<a>\n<b>\n</a>", "x.xml:3: malformed XML: mismatched closing tag </a> (the open element is <b>, line 2)"),
            ("<a>\n  <b>", "x.xml:2: malformed XML: <b> is never closed"),
            ("<a\n b=\"1\"", "x.xml:1: malformed XML: the start tag of <a> is not finished"),
            ("<a b=1/>", "x.xml:1: malformed XML: the value of attribute 'b' of <a> must be quoted"),
            ("<a b/>", "x.xml:1: malformed XML: attribute 'b' of <a> has no value (expected =\"…\")"),
            ("<a b=\"1\"c=\"2\"/>", "x.xml:1: malformed XML: a space is needed before attribute 'c' of <a>"),
            ("<a b=\"1\" b=\"2\"/>", "x.xml:1: malformed XML: attribute 'b' appears twice on <a>"),
            ("<a b=\"x<y\"/>", "x.xml:1: malformed XML: '<' inside the value of attribute 'b' (write &lt;)"),
            ("<a b=\"\n\nopen/>", "x.xml:1: malformed XML: the value of attribute 'b' is not closed"),
            ("<a>&nbsp;</a>", "x.xml:1: malformed XML: undeclared entity &nbsp; (only &lt; &gt; &amp; &quot; &apos; and character references like &#160; are allowed)"),
            ("<a>fish & chips</a>", "x.xml:1: malformed XML: '&' must start an entity reference ending in ';' (write &amp; for a literal '&')"),
            ("<a>&#0;</a>", "x.xml:1: malformed XML: invalid character reference &#0;"),
            ("<a>&#xD800;</a>", "x.xml:1: malformed XML: invalid character reference &#xD800;"),
            ("<a>&#x110000;</a>", "x.xml:1: malformed XML: invalid character reference &#x110000;"),
            ("<a>&#12a;</a>", "x.xml:1: malformed XML: invalid character reference &#12a;"),
            ("<a>1 < 2</a>", "x.xml:1: malformed XML: '<' must start a tag (write &lt; for a literal '<')"),
            ("<a>x ]]> y</a>", "x.xml:1: malformed XML: ']]>' is not allowed in text"),
            ("<a>\u{1}</a>", "x.xml:1: malformed XML: invalid character U+0001 (control characters are not allowed in XML)"),
            ("<a>\n<![CDATA[ never closed</a>", "x.xml:2: malformed XML: CDATA section not closed (expected ']]>')"),
            ("<a>\n<!-- never closed</a>", "x.xml:2: malformed XML: comment not closed (expected '-->')"),
            ("<a><!-- a -- b --></a>", "x.xml:1: malformed XML: '--' is not allowed inside a comment"),
            ("<a><!ELEMENT a ANY></a>", "x.xml:1: malformed XML: markup declarations are not allowed in schema files"),
            ("<a></ a>", "x.xml:1: malformed XML: '</' must be followed by the name of the element it closes (</a>)"),
            ("<a></a b>", "x.xml:1: malformed XML: '>' expected to end the closing tag </a>"),
            ("<a/ >", "x.xml:1: malformed XML: '>' expected after '/' in the start tag of <a>"),
            ("<a =\"1\"/>", "x.xml:1: malformed XML: unexpected '=' in the start tag of <a>"),
            ("<?xml version=\"2.0\"?><a/>", "x.xml:1: malformed XML: unsupported XML version '2.0' (expected 1.0)"),
            ("<?xml encoding=\"UTF-8\"?><a/>", "x.xml:1: malformed XML: the XML declaration must start with version=\"1.0\""),
            ("<?xml version=\"1.0\" standalone=\"maybe\"?><a/>", "x.xml:1: malformed XML: standalone must be yes or no, not 'maybe'"),
            ("<?xml version=\"1.0\" standalone=\"no\" encoding=\"UTF-8\"?><a/>", "x.xml:1: malformed XML: unexpected 'encoding' in the XML declaration (version, encoding and standalone, in that order)"),
            ("<?xml version=\"1.0\"><b>?><a/>", "x.xml:1: malformed XML: the XML declaration is not finished (expected '?>')"),
            ("<a xmlns=\"x\" xmlns=\"y\"/>", "x.xml:1: malformed XML: attribute 'xmlns' appears twice on <a>"),
            ("<a>\u{FFFF}</a>", "x.xml:1: malformed XML: invalid character U+FFFF (not a character in XML)"),
            ("<a><!-- \u{1} --></a>", "x.xml:1: malformed XML: invalid character U+0001 (control characters are not allowed in XML)"),
            ("<\u{A0}a/>", "x.xml:1: malformed XML: invalid character U+00A0 in the name '\u{A0}a'"),
            ("<a b\u{B7}=\"1\" \u{B7}c=\"2\"/>", "x.xml:1: malformed XML: invalid character U+00B7 in the name '\u{B7}c'"),
        ])
    func malformed(_ xml: String, _ expected: String) {
        #expect(Self.problem(xml) == expected)
    }

    @Test("nesting deeper than the limit is refused at the first element too deep")
    func depth() {
        let limit = SchemaXMLReader.maxDepth
        let ok = String(repeating: "<a>", count: limit) + String(repeating: "</a>", count: limit)
        #expect(Self.problem(ok) == nil)
        let deep = String(repeating: "<a>\n", count: limit + 1) + String(repeating: "</a>", count: limit + 1)
        #expect(Self.problem(deep) == "x.xml:\(limit + 1): elements nested deeper than \(limit) levels")
    }

    @Test("a large document is read whole (50,000 elements with references)")
    func large() throws {
        let body = String(repeating: "<b v=\"&amp;&#65;\">t&lt;</b>", count: 50_000)
        let root = try Self.read("<a>" + body + "</a>")
        #expect(root.children.count == 50_000)
        #expect(root.children.last?.attribute("v") == "&A")
        let attributes = (0..<20_000).map { " a\($0)=\"\($0)\"" }.joined()
        let wide = try Self.read("<a" + attributes + "/>")
        #expect(wide.attributes.count == 20_000)
    }
}
