import Foundation
import Testing
import BridgeRuntimeTesting
#if canImport(FoundationXML)
    import FoundationXML
#endif
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// JUnit XML, the line diff, shards and command-line parsing.
@MainActor
struct TestRunnerReportTests {
    @Test("--junit writes one testsuite per file and one testcase per test, escaped")
    func junit() async throws {
        let dir = try TestDirectory()
        try dir.write(
            "a.test.js",
            """
            describe('<cart> & "more"', () => {
              test('passes', () => {});
              test('fails', () => { expect('a<b').toBe('a>b'); });
              test.skip('later', () => {});
            });
            """)
        try dir.write("b.test.js", "syntax error here(")
        let report = dir.path + "/report.xml"
        let run = await captureTestRun(TestOptions(paths: [dir.path], junitPath: report, virtualTime: true))
        #expect(run.exitCode == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(xml.contains(#"<testsuites name="bridge-run" tests="4" failures="1" errors="1" skipped="1""#))
        #expect(xml.contains(#"<testsuite name="\#(dir.path)/a.test.js" tests="3" failures="1" errors="0" skipped="1""#))
        #expect(xml.contains(#"<testcase classname="\#(dir.path)/a_test_js" name="&lt;cart&gt; &amp; &quot;more&quot; &gt; passes" time=""#))
        #expect(xml.contains(#"<failure message="expect(received).toBe(expected) (at \#(dir.path)/a.test.js:3)" type="AssertionError">expect(received).toBe(expected)"#))
        #expect(xml.contains("Expected: \"a&gt;b\""))
        #expect(xml.contains("<skipped/>"))
        #expect(xml.contains(#"<error message=""#))
        // Well-formed: Foundation's parser reads it back.
        let parsed = try XMLDocument(xmlString: xml)
        #expect(try parsed.nodes(forXPath: "//testcase").count == 4)
    }

    @Test("XML escaping covers markup, quotes, line breaks in attributes and control characters")
    func escaping() {
        #expect(JUnitReport.escape("a<b>&\"c'\n\t\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;&#10;&#9;\u{FFFD}")
        #expect(JUnitReport.escape("x\ny\u{0}", attribute: false) == "x\ny\u{FFFD}")
    }

    @Test(
        "the line diff keeps common lines and marks the others",
        arguments: [
            ("a\nb\nc", "a\nx\nc", ["  a", "- b", "+ x", "  c"]),
            ("a", "a\nb", ["  a", "+ b"]),
            ("a\nb", "b", ["- a", "  b"]),
            ("", "", ["  "]),
        ])
    func lineDiff(expected: String, received: String, lines: [String]) {
        #expect(LineDiff.lines(expected: expected, received: received) == lines)
    }

    @Test("shards split the sorted files so each file is in exactly one shard", arguments: [1, 2, 3, 5, 8])
    func shards(count: Int) async throws {
        let dir = try TestDirectory()
        for i in 0..<7 { try dir.write("group\(i % 2)/t\(i).test.js", "test('t\(i)', () => {});") }
        try dir.write("node_modules/x/skip.test.js", "test('no', () => {});")
        try dir.write(".hidden/skip.test.js", "test('no', () => {});")
        try dir.write("helper.js", "not a test")
        let all = try TestFileFinder.find([dir.path])
        #expect(all.count == 7)
        #expect(all == all.sorted())
        var seen: [String] = []
        for index in 1...count {
            let run = await captureTestRun(TestOptions(paths: [dir.path], shard: TestOptions.Shard(index: index, count: count), virtualTime: true))
            #expect(run.exitCode == 0)
            let files = run.summary.files.map(\.path)
            #expect(files.count == 7 / count + (index <= 7 % count ? 1 : 0))
            seen += files
        }
        #expect(seen.sorted() == all)
    }

    @Test("finding files: explicit files, duplicates, trailing slashes")
    func finding() throws {
        let dir = try TestDirectory()
        let a = try dir.write("a.test.js", "")
        try dir.write("sub/b.test.js", "")
        let other = try dir.write("other.js", "")
        let found = try TestFileFinder.find([dir.path + "/", a, other])
        #expect(found == [dir.path + "/a.test.js", dir.path + "/sub/b.test.js", other].sorted())
        #expect(throws: TestFileFinder.Missing(path: "/no/such")) { try TestFileFinder.find(["/no/such"]) }
    }

}
