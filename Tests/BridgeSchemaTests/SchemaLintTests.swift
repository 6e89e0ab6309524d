import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Schema files that are themselves wrong are refused with `file:line: reason`.
struct SchemaLintTests {
    /// A document whose line 3 is `line3` (inside one action on line 2).
    static func doc(_ line3: String, action: String = #"<action name="a.b">"#) -> String {
        "<protocol name=\"t\">\n  \(action)\n    \(line3)\n  </action>\n</protocol>\n"
    }

    struct LintCase: Sendable, CustomTestStringConvertible {
        var xml: String
        var expected: [String]
        var testDescription: String { expected.first ?? "valid" }
    }

    static let cases: [LintCase] = [
        LintCase(xml: doc(#"<param name="x" type="strng"/>"#), expected: ["t.xml:3: unknown type 'strng' (expected one of string, number, integer, boolean, object, array, any)"]),
        LintCase(xml: doc(#"<param name="x" type="string" maxlength="3"/>"#), expected: ["t.xml:3: unknown attribute 'maxlength' on <param>"]),
        LintCase(xml: doc(#"<parameter name="x" type="string"/>"#), expected: ["t.xml:3: unknown element <parameter> in <action>"]),
        LintCase(xml: doc(#"<param name="x" type="string" pattern="^[a-z+$"/>"#), expected: ["t.xml:3: invalid regular expression '^[a-z+$' (ICU syntax: missing close bracket at offset 7)"]),
        LintCase(xml: doc(#"<param name="x" type="integer" min="10" max="1"/>"#), expected: ["t.xml:3: min (10) is greater than max (1)"]),
        LintCase(xml: doc(#"<param name="x" type="string" minLength="5" maxLength="2"/>"#), expected: ["t.xml:3: minLength (5) is greater than maxLength (2)"]),
        LintCase(
            xml: doc(#"<param name="x" type="array" minItems="3" maxItems="1"><items type="any"/></param>"#),
            expected: ["t.xml:3: minItems (3) is greater than maxItems (1)"]),
        LintCase(
            xml: doc(#"<param name="x" type="object" enum="a,b"/>"#),
            expected: ["t.xml:3: enum is only allowed on string, number, integer or boolean, not on object (param 'x')"]),
        LintCase(xml: doc(#"<param name="x" type="integer" enum="1,two"/>"#), expected: ["t.xml:3: enum value 'two' is not a valid integer"]),
        LintCase(xml: doc(#"<param name="x" type="string" minLength="2" default="a"/>"#), expected: [
            "t.xml:3: default of param 'x' fails its own param: default: must have at least 2 characters"
        ]),
        LintCase(xml: doc(#"<param name="x" type="string" enum="a,b" default="c"/>"#), expected: [
            "t.xml:3: default of param 'x' fails its own param: default: must be one of a, b"
        ]),
        LintCase(xml: doc(#"<param name="x" type="integer" default="1.5"/>"#), expected: ["t.xml:3: default '1.5' is not a valid integer"]),
        LintCase(xml: doc(#"<param name="x" type="array"/>"#), expected: [
            #"t.xml:3: array param 'x' needs an <items> element (use <items type="any"/> for any elements)"#
        ]),
        LintCase(xml: doc(#"<param name="x" type="string"><items type="string"/></param>"#), expected: [
            "t.xml:3: <items> is only allowed in an array, and param 'x' is string"
        ]),
        LintCase(xml: doc(#"<param name="x" type="string"><param name="y" type="string"/></param>"#), expected: [
            "t.xml:3: child <param> 'y' is only allowed in an object, and param 'x' is string"
        ]),
        LintCase(xml: doc(#"<param name="x" type="integer" minLength="1"/>"#), expected: ["t.xml:3: minLength does not apply to type integer (param 'x')"]),
        LintCase(xml: doc(#"<param name="x" type="string" required="yes"/>"#), expected: ["t.xml:3: required must be true or false, not 'yes'"]),
        LintCase(xml: doc(#"<param name="x" type="integer" min="one"/>"#), expected: ["t.xml:3: min must be a number, not 'one'"]),
        LintCase(xml: doc(#"<param type="string"/>"#), expected: ["t.xml:3: <param> needs a name attribute"]),
        LintCase(xml: doc(#"<param name="x"/>"#), expected: ["t.xml:3: param 'x' needs a type attribute"]),
        LintCase(xml: doc(#"<example>{"x":</example>"#), expected: [
            "t.xml:3: example of 'a.b' is not valid JSON: x: unexpected end of JSON"
        ]),
        LintCase(xml: doc(#"<param name="x" type="integer" required="true"/><example>{"x":"1"}</example>"#), expected: [
            #"t.xml:3: example fails its own action 'a.b': params.x: expected integer, got string "1""#
        ]),
        LintCase(xml: doc(#"<param name="x" type="string"/>"#, action: #"<action name="a.b" timeout="soon">"#), expected: [
            "t.xml:2: timeout must be a positive number of milliseconds, not 'soon'"
        ]),
        LintCase(xml: doc(#"<param name="x" type="string"/><param name="x" type="integer"/>"#), expected: [
            "t.xml:3: duplicate param 'x' in action 'a.b' (first declared at line 3)"
        ]),
        LintCase(xml: doc(#"<param name="x" type="string"/>"#, action: #"<action name="a.b" ordered="1">"#), expected: [
            "t.xml:2: ordered must be true or false, not '1'"
        ]),
        LintCase(xml: "<protocol name=\"t\">\n  <action name=\"a\">\n    <param name=\"x\" type=\"string\">\n  </action>\n</protocol>\n", expected: [
            "t.xml:4: malformed XML: mismatched closing tag </action> (the open element is <param>, line 3)"
        ]),
        LintCase(xml: "<protocol name=\"t\">\n  <action name=\"a\">\n", expected: ["t.xml:2: malformed XML: <action> is never closed"]),
        LintCase(xml: "<protocol name=\"t\">\n\n  <action name=a/>\n</protocol>", expected: ["t.xml:3: malformed XML: the value of attribute 'name' of <action> must be quoted"]),
        LintCase(
            xml: "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;\">\n]>\n<protocol name=\"&lol2;\"/>",
            expected: ["t.xml:2: DOCTYPE declarations are not allowed in schema files"]),
        LintCase(xml: "<protocols/>", expected: ["t.xml:1: root element must be <protocol>, not <protocols>"]),
    ]

    @Test("every refusal names file, line and reason", arguments: cases)
    func refusals(_ c: LintCase) {
        #expect(SchemaTestKit.problems(c.xml) == c.expected)
    }

    @Test("duplicate actions in one file name both lines")
    func duplicateActionInOneFile() {
        let xml = "<protocol name=\"t\">\n  <action name=\"a.b\"/>\n  <action name=\"a.b\"/>\n</protocol>"
        #expect(SchemaTestKit.problems(xml) == ["t.xml:3: duplicate action 'a.b' (first declared at t.xml:2)"])
    }

    @Test("a directory reports every problem of every file, sorted, and duplicates across files")
    func directoryReportsAll() throws {
        let dir = try SchemaTestKit.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "<protocol name=\"a\">\n  <action name=\"x.open\">\n    <param name=\"p\" type=\"strng\"/>\n  </action>\n</protocol>\n"
            .write(to: dir.appendingPathComponent("a.xml"), atomically: true, encoding: .utf8)
        try "<protocol name=\"b\">\n\n  <action name=\"x.open\"/>\n  <action name=\"y\" bogus=\"1\"/>\n</protocol>\n"
            .write(to: dir.appendingPathComponent("sub/b.xml"), atomically: true, encoding: .utf8)
        try "not a schema".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let base = dir.path
        #expect(throws: SchemaLoadError.self) { try SchemaSet.load(directory: base) }
        do {
            _ = try SchemaSet.load(directory: base)
        } catch {
            #expect(error.problems.map(\.description) == [
                "\(base)/a.xml:3: unknown type 'strng' (expected one of string, number, integer, boolean, object, array, any)",
                "\(base)/sub/b.xml:3: duplicate action 'x.open' (first declared at \(base)/a.xml:2)",
                "\(base)/sub/b.xml:4: unknown attribute 'bogus' on <action>",
            ])
            #expect(error.description.split(separator: "\n").count == 3)
        }
    }

    @Test("missing or empty directories and unreadable files are problems")
    func missingInputs() throws {
        do {
            _ = try SchemaSet.load(directory: "/nonexistent/schemas")
            Issue.record("expected an error")
        } catch {
            #expect(error.problems == [SchemaProblem(file: "/nonexistent/schemas", line: 0, reason: "not a readable directory")])
        }
        let dir = try SchemaTestKit.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try SchemaSet.load(directory: dir.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.reason) == ["no *.xml schema files found"])
        }
        do {
            _ = try SchemaSet.load(files: [dir.path + "/missing.xml"])
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.description) == ["\(dir.path)/missing.xml:0: cannot read file"])
        }
    }

    @Test("every problem in one file is reported, not only the first")
    func manyProblemsInOneFile() {
        let xml = """
            <protocol name="t">
              <action name="a" speed="fast">
                <param name="x" type="int"/>
                <param name="y" type="string" min="1"/>
              </action>
            </protocol>
            """
        #expect(SchemaTestKit.problems(xml) == [
            "t.xml:2: unknown attribute 'speed' on <action>",
            "t.xml:3: unknown type 'int' (expected one of string, number, integer, boolean, object, array, any)",
            "t.xml:4: min does not apply to type string (param 'y')",
        ])
    }

    @Test("the example protocol loads cleanly and exposes its options")
    func exampleProtocol() throws {
        let set = try SchemaTestKit.exampleSchemas()
        #expect(set.protocols.map(\.name) == ["device", "navigation", "payment", "share", "storage", "user"])
        #expect(set.actionNames.count >= 12)
        let pay = try #require(set.action("pay.start"))
        #expect(pay.timeout == .seconds(120) && pay.ordered && pay.permission == "payment")
        let close = try #require(set.action("nav.close"))
        #expect(close.timeout == .seconds(3) && !close.ordered && close.permission == nil)
        let open = try #require(set.action("nav.open"))
        #expect(open.params.map(\.name) == ["page", "userId", "animated", "extra", "ids"])
        #expect(open.params[0].enum == ["userCenter", "list", "detail"])
        #expect(open.params[2].default == true)
        #expect(open.params[4].items?.minLength == 1)
        #expect(open.examples.count == 2)
        #expect(open.line == 5)
    }
}
