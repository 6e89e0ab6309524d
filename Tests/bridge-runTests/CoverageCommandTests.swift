import Foundation
import Testing

/// `bridge-run test --coverage` end to end: counts from worker processes, shards merged with
/// `coverage-merge`, `--coverage-min`, the config file's keys.
@Suite struct CoverageCommandTests {
    func directory(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)")
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// Three files, each calling other actions (one through a page it loads).
    func suite(config: String? = nil) throws -> URL {
        var files = [
            "schemas/app.xml": """
                <?xml version="1.0" encoding="UTF-8"?>
                <protocol name="app" version="1">
                  <action name="a.one"><param name="n" type="integer" required="true"/></action>
                  <action name="a.two"/>
                  <action name="a.three"/>
                  <action name="a.four"/>
                </protocol>
                """,
            "mock.json": #"{"a.one": {"result": 1}, "a.two": {"result": 2}}"#,
            "page.html": "<!DOCTYPE html><html><body><script>bridge.call('a.two');</script></body></html>",
            "t1.test.js": "test('one', async () => { await bridge.call('a.one', { n: 1 }); await bridge.call('a.one', {}).catch(() => {}); });",
            "t2.test.js": "test('page', async () => { const p = await loadPage('page.html'); expect(p.calls('a.two').length).toBe(1); });",
            "t3.test.js": "test('old', async () => { await bridge.call('old.ping').catch(() => {}); await bridge.call('a.one', { n: 2 }); });",
        ]
        if let config { files["bridge.config.json"] = config }
        return try directory(files)
    }

    /// The lines after the summary.
    func report(_ lines: [String]) -> [String] {
        guard let end = lines.firstIndex(where: { $0.hasSuffix(" passed, 0 failed") }) else { return lines }
        return Array(lines.dropFirst(end + 1))
    }

    static let expected = [
        "Action coverage: 2 of 4 actions called (50.0%)",
        "  calls  action  outcomes",
        "      3  a.one   ok 2, VALIDATION_FAILED 1",
        "      1  a.two   ok 1",
        "  never called (2): a.four, a.three",
        "Called but not in the schemas (1):",
        "  calls  method    outcomes",
        "      1  old.ping  METHOD_NOT_FOUND 1",
    ]

    @Test("--coverage with --workers 3 counts the calls of every worker, test files and pages alike")
    func workers() async throws {
        let dir = try suite()
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["test", ".", "--no-config", "--schemas", "schemas", "--mock", "mock.json", "--coverage"]
        let three = try await CLI.run(args + ["--workers", "3"], in: dir)
        let one = try await CLI.run(args + ["--workers", "1"], in: dir)
        #expect(three.status == 0, "\(three.stdout)\n\(three.stderr)")
        #expect(report(three.lines) == Self.expected)
        #expect(report(one.lines) == Self.expected)
    }

    @Test("shards write --coverage-json; coverage-merge adds them up and checks --coverage-min")
    func shards() async throws {
        let dir = try suite()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 1...2 {
            let r = try await CLI.run(
                ["test", ".", "--no-config", "--schemas", "schemas", "--mock", "mock.json", "--shard", "\(i)/2", "--coverage-json", "c\(i).json"], in: dir)
            #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        }
        let merged = try await CLI.run(["coverage-merge", "c1.json", "c2.json", "--out", "all.json"], in: dir)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.lines == Self.expected)
        let all = try String(contentsOf: dir.appendingPathComponent("all.json"), encoding: .utf8)
        #expect(all.contains(#""summary": {"#) && all.contains(#""percent": 50"#), "\(all)")
        let strict = try await CLI.run(["coverage-merge", "c1.json", "c2.json", "--coverage-min", "75"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.errorLines == ["bridge-run: action coverage 50.0% (2 of 4 actions called) is below --coverage-min 75"])
        let bad = try await CLI.run(["coverage-merge", "mock.json"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.errorLines == [#"bridge-run: mock.json: $.format: expected "bridge-run action coverage" (not a --coverage-json report)"#])
    }

    @Test("bridge.config.json's coverage and coverageMin; a bad --coverage-min value")
    func config() async throws {
        let dir = try suite(config: #"{"schemas": "schemas", "mock": "mock.json", "test": {"testMatch": ["*.test.js"], "coverage": true, "coverageMin": 60}}"#)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CLI.run(["test", "--workers", "2"], in: dir)
        #expect(r.status == 1, "\(r.stdout)")
        #expect(report(r.lines) == Self.expected)
        #expect(r.errorLines == ["bridge-run: action coverage 50.0% (2 of 4 actions called) is below --coverage-min 60"])
        let lower = try await CLI.run(["test", "--coverage-min", "50", "--no-coverage"], in: dir)
        #expect(lower.status == 0, "\(lower.stderr)")
        #expect(lower.lines.last == "3 passed, 0 failed")
        let bad = try await CLI.run(["test", "--coverage-min", "150"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.errorLines == ["bridge-run: --coverage-min needs a percentage from 0 to 100, got '150'"])
    }
}
