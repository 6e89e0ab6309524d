import Foundation
import Testing
import BridgeRuntimeTesting
#if canImport(FoundationXML)
    import FoundationXML
#endif
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeValues

/// Reporters, `-t`, `--bail`, colour and the JUnit attributes CI systems read.
@MainActor
struct TestRunnerReporterTests {
    /// Two files: one passes (and logs), one fails.
    func suite() throws -> TestDirectory {
        let dir = try TestDirectory()
        try dir.write(
            "a.test.js",
            """
            console.log('loading a');
            describe('math', () => {
              test('adds', () => {
                console.log('inside adds');
                expect(1 + 1).toBe(2);
              });
              test.skip('later', () => {});
            });
            """)
        try dir.write(
            "b.test.js",
            """
            test('fails', () => {
              console.log('inside fails');
              expect('x').toBe('y');
            });
            test('throws', () => { throw new RangeError('out of range'); });
            """)
        return dir
    }

    func run(_ dir: TestDirectory, _ configure: (inout TestOptions) -> Void) async -> CapturedTestRun {
        var options = TestOptions(paths: [dir.path], virtualTime: true)
        configure(&options)
        return await captureTestRun(options)
    }

    @Test("-t runs only the tests whose full name matches; the others are skipped; a bad pattern is a usage error")
    func namePattern() async throws {
        let dir = try suite()
        let r = await run(dir) { $0.testNamePattern = "^math > a" }
        #expect(r.cases.map(\.status) == [.passed, .skipped, .skipped, .skipped], "\(r.text)")
        #expect(r.stdout.last == "1 passed, 0 failed, 3 skipped")
        let bad = await run(dir) { $0.testNamePattern = "(unclosed" }
        #expect(bad.exitCode == 2)
        #expect(bad.stderr.first?.hasPrefix("bridge-run: -t/--test-name-pattern: SyntaxError: Invalid regular expression") == true, "\(bad.stderr)")
    }

    @Test("--bail stops after the first failing file and says how many were not run")
    func bail() async throws {
        let dir = try suite()
        try dir.write("c.test.js", "test('never', () => {});")
        let r = await run(dir) { $0.bail = 1 }
        #expect(r.summary.files.map { ($0.path as NSString).lastPathComponent } == ["a.test.js", "b.test.js"])
        #expect(r.summary.notRun.map { ($0 as NSString).lastPathComponent } == ["c.test.js"])
        #expect(r.stdout.contains("--bail: 1 file not run after the first failing file"), "\(r.text)")
        #expect(r.exitCode == 1)
        let two = await run(dir) { $0.bail = 2 }
        #expect(two.summary.files.count == 3)
    }

    @Test("the summary lists each failure with its first line, then the time, then the counts")
    func summary() async throws {
        let r = await run(try suite()) { _ in }
        let start = try #require(r.stdout.firstIndex(where: { $0.hasPrefix("Failures (2):") }))
        let b = r.summary.files[1].path
        #expect(r.stdout[start + 1] == "  ✗ \(b) > fails: expect(received).toBe(expected)")
        #expect(r.stdout[start + 2] == "  ✗ \(b) > throws: RangeError: out of range")
        #expect(r.stdout[start + 4].hasPrefix("Time: ") && r.stdout[start + 4].hasSuffix(", 2 files (1 failed)"), "\(r.stdout)")
        #expect(r.stdout.last == "1 passed, 2 failed, 1 skipped")
        #expect(!r.text.contains("\u{1B}["), "no colour in a capture")
    }

    @Test("colour: green passes, red failures, yellow skips; decided by NO_COLOR, then --color/--no-color, then the terminal")
    func colour() async throws {
        let output = CapturedRunOutput()
        let reporter = SpecReporter(sink: ReportSink(output: output), style: TerminalStyle(enabled: true), dots: false, workers: 1)
        reporter.result(TestCaseResult(name: "ok", status: .passed, durationMs: 1), file: "f.js")
        reporter.result(TestCaseResult(name: "bad", status: .failed, durationMs: 1), file: "f.js")
        reporter.result(TestCaseResult(name: "later", status: .skipped, durationMs: 0), file: "f.js")
        let files = [TestFileResult(path: "f.js", cases: [], durationMs: 0)]
        reporter.end(TestRunSummary(files: files, report: RunReport(exitCode: 1, errors: [])))
        #expect(output.stdout[0] == "\u{1B}[32m✓\u{1B}[0m f.js > ok \u{1B}[2m(1 ms)\u{1B}[0m")
        #expect(output.stdout[1] == "\u{1B}[31m✗ f.js > bad\u{1B}[0m")
        #expect(output.stdout.contains("\u{1B}[33m○\u{1B}[0m f.js > later \u{1B}[2m(skipped)\u{1B}[0m"))
        #expect(TerminalStyle.decide(noColor: "1", choice: true, isTerminal: true) == false)
        #expect(TerminalStyle.decide(noColor: "", choice: nil, isTerminal: true) == true)
        #expect(TerminalStyle.decide(noColor: nil, choice: nil, isTerminal: false) == false)
        #expect(TerminalStyle.decide(noColor: nil, choice: true, isTerminal: false) == true)
        #expect(TerminalStyle.decide(noColor: nil, choice: false, isTerminal: true) == false)
        #expect(TerminalStyle(enabled: false).red("x") == "x")
    }

    @Test("reporters to files: tap, json, junit at once; spec still on stdout")
    func files() async throws {
        let dir = try suite()
        let out = try TestDirectory()
        let r = await run(dir) {
            $0.reporters = [.init(.spec), .init(.tap, path: out.path + "/r.tap"), .init(.json, path: out.path + "/r.json"), .init(.junit, path: out.path + "/r.xml")]
        }
        #expect(r.exitCode == 1)
        #expect(r.stdout.last == "1 passed, 2 failed, 1 skipped")
        let a = r.summary.files[0].path, b = r.summary.files[1].path
        let tap = try String(contentsOfFile: out.path + "/r.tap", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(tap.first == "TAP version 13")
        #expect(tap.contains("# loading a"))
        #expect(tap.contains("ok 1 - \(a) > math > adds"))
        #expect(tap.contains("ok 2 - \(a) > math > later # SKIP"))
        #expect(tap.contains("not ok 3 - \(b) > fails"))
        #expect(tap.contains("  message: \"expect(received).toBe(expected)\""))
        #expect(tap.contains("  type: \"AssertionError\""))
        #expect(tap.contains("  at: \"\(b):3\""))
        #expect(tap.contains("  type: \"RangeError\""))
        #expect(Array(tap.suffix(4)) == ["1..4", "# pass 1", "# fail 2", "# skip 1"])

        let json = try JSONValue(contentsOfFile: out.path + "/r.json", kind: "report")
        #expect(json["numTotalTests"] == .number(4))
        #expect(json["numFailedTests"] == .number(2))
        #expect(json["numPendingTests"] == .number(1))
        #expect(json["success"] == .bool(false))
        let first = json["testResults"]?[0]
        #expect(first?["name"] == .string(a))
        #expect(first?["console"] == .array([.string("loading a")]))
        let adds = first?["assertionResults"]?[0]
        #expect(adds?["fullName"] == .string("math > adds"))
        #expect(adds?["title"] == .string("adds"))
        #expect(adds?["ancestorTitles"] == .array([.string("math")]))
        #expect(adds?["status"] == .string("passed"))
        #expect(adds?["location"]?["line"] == .number(3))
        #expect(adds?["console"] == .array([.string("inside adds")]))
        #expect(first?["assertionResults"]?[1]?["status"] == .string("pending"))
        #expect(json["testResults"]?[1]?["assertionResults"]?[0]?["failureMessages"]?[0]?.stringValue?.hasPrefix("expect(received).toBe(expected)") == true)

        let xml = try String(contentsOfFile: out.path + "/r.xml", encoding: .utf8)
        #expect(xml.contains("<testcase classname=\"\(JUnitReport.className(a))\" name=\"math &gt; adds\""))
        #expect(!JUnitReport.className(a).contains("."))
        #expect(xml.contains("file=\"\(a)\" line=\"3\">"))
        #expect(xml.contains("<system-out>inside adds\n</system-out>"))
        #expect(xml.contains("<system-out>loading a\n</system-out>"), "the file's own output on its suite")
        #expect(xml.contains("type=\"AssertionError\">"))
        #expect(xml.contains("type=\"RangeError\">"))
        let suite = try #require(xml.firstRange(of: "<testsuite name=\"\(a)\"").map { String(xml[$0.lowerBound...].prefix(while: { $0 != ">" })) })
        let stamp = try #require(suite.firstRange(of: "timestamp=\"").map { String(suite[$0.upperBound...].prefix(19)) })
        #expect(stamp.count == 19 && stamp.dropFirst(10).first == "T", "\(stamp)")
        #expect(suite.contains("file=\"\(a)\""))
        let parsed = try XMLDocument(xmlString: xml)
        #expect(try parsed.nodes(forXPath: "//testcase").count == 4)
        #expect(try parsed.nodes(forXPath: "//testcase/system-out").count == 2)
    }

    @Test("dot: one character per test, then the failures in full, then the summary")
    func dot() async throws {
        let r = await run(try suite()) { $0.reporters = [.init(.dot)] }
        // Console lines end the current row of dots.
        #expect(Array(r.stdout.prefix(5)) == ["loading a", "inside adds", ".s", "inside fails", "FF"], "\(r.stdout)")
        #expect(r.stdout.contains("    expect(received).toBe(expected)"))
        #expect(r.stdout.last == "1 passed, 2 failed, 1 skipped")
    }

    @Test("json to stdout: one document, nothing else on stdout")
    func jsonStdout() async throws {
        let r = await run(try suite()) { $0.reporters = [.init(.json)] }
        #expect(r.stdout.count == 1)
        let doc = try JSONParser().parse(r.stdout[0])
        #expect(doc["numPassedTests"] == .number(1))
    }

    @Test("an unwritable report file is exit 2 after the results are reported")
    func unwritable() async throws {
        let r = await run(try suite()) { $0.reporters = [.init(.spec), .init(.tap, path: "/no/such/dir/r.tap")] }
        #expect(r.exitCode == 2)
        #expect(r.stderr == ["bridge-run: cannot write the tap report /no/such/dir/r.tap: No such file or directory"], "\(r.stderr)")
        #expect(r.stdout.last == "1 passed, 2 failed, 1 skipped")
    }

    @Test("JUnit timestamps are UTC civil dates", arguments: [
        (0.0, "1970-01-01T00:00:00"), (951_782_400_000.0, "2000-02-29T00:00:00"), (1_767_225_599_999.0, "2025-12-31T23:59:59"),
        (4_102_444_800_000.0, "2100-01-01T00:00:00"),
    ])
    func timestamps(ms: Double, text: String) {
        #expect(JUnitReport.timestamp(ms) == text)
    }

    @Test("junit-merge sums the suites of several reports and keeps their cases")
    func merge() throws {
        let one = JUnitReport.xml([TestFileResult(path: "a.test.js", cases: [TestCaseResult(name: "x", status: .passed, durationMs: 5)], durationMs: 1500)])
        let two = JUnitReport.xml([
            TestFileResult(
                path: "b.test.js",
                cases: [
                    TestCaseResult(name: "y", status: .failed, durationMs: 1, failure: TestFailure(message: "boom <b>", details: ["line"], location: "b.test.js:2")),
                    TestCaseResult(name: "z", status: .skipped, durationMs: 0),
                ], durationMs: 250, output: ["log & more"]),
        ])
        let merged = try JUnitMerge.merge([("1.xml", Data(one.utf8)), ("2.xml", Data(two.utf8))])
        #expect(merged.contains("<testsuites name=\"bridge-run\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"1.750\">"), "\(merged)")
        let doc = try XMLDocument(xmlString: merged)
        #expect(try doc.nodes(forXPath: "//testsuite").count == 2)
        #expect(try doc.nodes(forXPath: "//testcase").count == 3)
        #expect(try doc.nodes(forXPath: "//failure/@message").first?.stringValue == "boom <b> (at b.test.js:2)")
        #expect(try doc.nodes(forXPath: "//testsuite/system-out").first?.stringValue == "log & more\n")
        #expect(throws: JUnitMerge.Problem.self) { try JUnitMerge.merge([("bad.xml", Data("<html/>".utf8))]) }
        #expect(throws: JUnitMerge.Problem(message: "bad.xml:1: not a readable JUnit report: malformed XML: <testsuites> is never closed")) {
            try JUnitMerge.merge([("bad.xml", Data("<testsuites>".utf8))])
        }
    }
}
