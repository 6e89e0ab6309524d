import Testing
import Foundation
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeValues

/// Action coverage (`--coverage`, `--coverage-json`, `--coverage-min`): what the suite called,
/// from test files and the pages they load, set against the schemas' actions.
@MainActor
@Suite struct TestRunnerCoverageTests {
    static let schema = """
        <?xml version="1.0" encoding="UTF-8"?>
        <protocol name="shop" version="1">
          <action name="user.get"><param name="id" type="integer" required="true"/></action>
          <action name="cart.add"><param name="sku" type="string" required="true"/></action>
          <action name="pay.start"/>
          <action name="share.open"/>
        </protocol>
        """

    /// A page that asks for the user on load.
    static let page = """
        <!DOCTYPE html><html><head><title>p</title></head><body><script>
        bridge.call('user.get', { id: 7 }).then(function (u) { document.title = u.name; });
        </script></body></html>
        """

    static let suite = """
        mock('user.get', { name: 'Ada' });
        mock('cart.add', { error: { code: 'OUT_OF_STOCK', message: 'none left' } });
        test('calls', async () => {
          await bridge.call('user.get', { id: 1 });
          await bridge.call('user.get', {}).catch(() => {});
          await bridge.call('cart.add', { sku: 'A1' }).catch(() => {});
          await bridge.call('legacy.ping').catch(() => {});
        });
        test('a page', async () => {
          const page = await loadPage('page.html');
          expect(page.document.title).toBe('Ada');
        });
        """

    func run(_ configure: (inout TestOptions, TestDirectory) -> Void = { _, _ in }, schemas: Bool = true) async throws -> (CapturedTestRun, TestDirectory) {
        let dir = try TestDirectory()
        if schemas { try dir.write("schemas/shop.xml", Self.schema) }
        try dir.write("page.html", Self.page)
        let file = try dir.write("shop.test.js", Self.suite)
        var options = TestOptions(paths: [file], schemasDir: schemas ? dir.path + "/schemas" : nil, perTestTimeout: .seconds(3), virtualTime: true)
        options.coverage = true
        configure(&options, dir)
        return (await captureTestRun(options), dir)
    }

    /// The lines after the `N passed, N failed` summary.
    func afterSummary(_ lines: [String]) -> [String] {
        guard let end = lines.firstIndex(where: { $0.hasSuffix("passed, 0 failed") }) else { return lines }
        return Array(lines[(end + 1)...])
    }

    @Test("--coverage: per schema action the calls and outcomes (test file and page), the actions never called, other methods")
    func report() async throws {
        let (r, _) = try await run()
        #expect(r.exitCode == 0, "\(r.text)")
        #expect(afterSummary(r.stdout) == [
            "",
            "Action coverage: 2 of 4 actions called (50.0%)",
            "  calls  action    outcomes",
            "      1  cart.add  OUT_OF_STOCK 1",
            "      3  user.get  ok 2, VALIDATION_FAILED 1",
            "  never called (2): pay.start, share.open",
            "Called but not in the schemas (1):",
            "  calls  method       outcomes",
            "      1  legacy.ping  METHOD_NOT_FOUND 1",
        ])
        #expect(r.stderr.isEmpty)
    }

    @Test("without schemas: the methods called, and why the actions never called are not listed")
    func noSchemas() async throws {
        let (r, _) = try await run(schemas: false)
        #expect(r.exitCode == 0, "\(r.text)")
        #expect(afterSummary(r.stdout) == [
            "",
            "Methods called: 3 (no schemas: give --schemas DIR or \"schemas\" in bridge.config.json to see the actions never called)",
            "  calls  method       outcomes",
            "      1  cart.add     OUT_OF_STOCK 1",
            "      1  legacy.ping  METHOD_NOT_FOUND 1",
            "      3  user.get     ok 3",
        ])
    }

    @Test("--coverage-min: below it the run exits 1 with one line; at it the run passes")
    func minimum() async throws {
        let (below, _) = try await run { o, _ in
            o.coverage = false
            o.coverageMin = 50.5
        }
        #expect(below.exitCode == 1)
        #expect(below.stderr == ["bridge-run: action coverage 50.0% (2 of 4 actions called) is below --coverage-min 50.5"])
        #expect(below.stdout.last == "2 passed, 0 failed")
        let (met, _) = try await run { o, _ in
            o.coverage = false
            o.coverageMin = 50
        }
        #expect(met.exitCode == 0)
        #expect(met.stderr.isEmpty)
    }

    @Test("--coverage-min without schemas is a usage error")
    func minimumNeedsSchemas() async throws {
        let (r, _) = try await run({ o, _ in o.coverageMin = 10 }, schemas: false)
        #expect(r.exitCode == 2)
        #expect(r.stderr == [
            "bridge-run: --coverage-min needs schemas (--schemas DIR or \"schemas\" in bridge.config.json): without them there is no list of actions to measure"
        ])
    }

    @Test("--coverage-json: the documented format, read back unchanged")
    func json() async throws {
        var path = ""
        let (r, dir) = try await run { o, dir in
            path = dir.path + "/coverage.json"
            o.coverage = false
            o.coverageJSONPath = path
        }
        #expect(r.exitCode == 0)
        #expect(!r.stdout.contains { $0.hasPrefix("Action coverage") })
        let text = try String(contentsOfFile: path, encoding: .utf8)
        withExtendedLifetime(dir) {}
        let json = try JSONParser().parse(text)
        #expect(json.jsonString() == """
            {"actions":[{"calls":1,"name":"cart.add","outcomes":{"OUT_OF_STOCK":1}},{"calls":0,"name":"pay.start","outcomes":{}},\
            {"calls":0,"name":"share.open","outcomes":{}},{"calls":3,"name":"user.get","outcomes":{"VALIDATION_FAILED":1,"ok":2}}],\
            "format":"bridge-run action coverage","methods":[{"calls":1,"name":"legacy.ping","outcomes":{"METHOD_NOT_FOUND":1}}],\
            "schemas":true,"summary":{"actions":4,"called":2,"percent":50},"version":1}
            """)
        let back = try CoverageReport(json: json)
        #expect(back.json() == json)
        #expect(back.lines()[0] == "Action coverage: 2 of 4 actions called (50.0%)")
    }

    @Test("merging shard reports adds the counts and keeps every action")
    func merge() throws {
        var a = ActionCoverage(), b = ActionCoverage()
        a.observe(.call(method: "x.one", params: .null, callbackId: "1", via: .message))
        a.observe(.result(method: "x.one", callbackId: "1", result: .null))
        b.observe(.call(method: "x.one", params: .null, callbackId: "1", via: .message))
        b.observe(.error(method: "x.one", callbackId: "1", error: .handlerError("boom")))
        b.observe(.call(method: "x.two", params: .null, callbackId: "2", via: .message))
        // A refusal with no call before it is not an outcome.
        b.observe(.error(method: "x.three", callbackId: nil, error: .invalidMessage("bad")))
        let merged = CoverageReport.merged([
            CoverageReport(actions: ["x.one", "x.three"], counts: a),
            CoverageReport(actions: ["x.two", "x.one"], counts: b),
        ])
        #expect(merged.lines() == [
            "Action coverage: 2 of 3 actions called (66.7%)",
            "  calls  action  outcomes",
            "      2  x.one   ok 1, HANDLER_ERROR 1",
            "      1  x.two   pending 1",
            "  never called (1): x.three",
        ])
        #expect(merged.shortfall(min: 66.7) == "action coverage 66.7% (2 of 3 actions called) is below --coverage-min 66.7")
        #expect(merged.shortfall(min: 66.6) == nil)
    }

    @Test("a file that is not a coverage report: the JSON path and the reason")
    func malformed() {
        let cases: [(JSONValue, String)] = [
            (["format": "x"], "$.format: expected \"bridge-run action coverage\" (not a --coverage-json report)"),
            (["format": "bridge-run action coverage", "version": 2], "$.version: expected 1, got 2"),
            (
                ["format": "bridge-run action coverage", "version": 1, "schemas": true, "methods": [], "actions": [["name": "a", "calls": 1, "outcomes": ["ok": 2]]]],
                "$.actions[0].outcomes: more outcomes than calls (2 > 1)"
            ),
        ]
        for (json, message) in cases {
            #expect(throws: CoverageReport.Problem(message: message)) { try CoverageReport(json: json) }
        }
    }
}
