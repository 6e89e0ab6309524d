import Foundation
import Testing

/// `bridge-run test` options end to end: workers, colour, the config file, version, types,
/// junit-merge.
@Suite struct TestRunnerCommandTests {
    /// Writes `files` into a fresh directory and returns its path.
    func directory(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)")
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// Six files that finish in the reverse of their order when run in parallel, each logging.
    func reversedSuite() throws -> URL {
        var files: [String: String] = [:]
        for i in 0..<6 {
            files["t\(i).test.js"] = """
                console.log('file \(i) loads');
                test('waits \((6 - i) * 40) ms', async () => {
                  console.log('file \(i) test');
                  await new Promise((r) => setTimeout(r, \((6 - i) * 40)));
                  expect(\(i)).toBe(\(i == 4 ? 5 : i));
                });
                test('second of \(i)', () => {});
                """
        }
        return try directory(files)
    }

    /// The output without times: no `Time:` line, no `(N ms)` after a test.
    func withoutTime(_ lines: [String]) -> [String] {
        lines.filter { !$0.hasPrefix("Time: ") }.map { line in
            guard line.hasSuffix(" ms)"), let open = line.range(of: " (", options: .backwards) else { return line }
            return String(line[..<open.lowerBound])
        }
    }

    @Test("--workers N: the same output, counts and JUnit as one process, in file order")
    func workersKeepFileOrder() async throws {
        let dir = try reversedSuite()
        defer { try? FileManager.default.removeItem(at: dir) }
        let j1 = dir.appendingPathComponent("one.xml").path, j3 = dir.appendingPathComponent("three.xml").path
        let one = try await CLI.run(["test", dir.path, "--workers", "1", "--junit", j1])
        let three = try await CLI.run(["test", dir.path, "--workers", "3", "--junit", j3])
        #expect(one.status == 1 && three.status == 1, "\(three.stdout)\n\(three.stderr)")
        #expect(withoutTime(three.lines) == withoutTime(one.lines))
        #expect(three.lines.contains { $0.hasPrefix("Time: ") && $0.hasSuffix(", 6 files (1 failed), 3 workers") }, "\(three.lines)")
        #expect(three.lines.last == "11 passed, 1 failed")
        // Each file's console lines stay with it.
        let order = three.lines.filter { $0.hasPrefix("file ") || $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }
        #expect(order.prefix(4).map { $0.components(separatedBy: " (").first! } == [
            "file 0 loads", "file 0 test", "✓ \(dir.path)/t0.test.js > waits 240 ms", "✓ \(dir.path)/t0.test.js > second of 0",
        ])
        func cases(_ path: String) throws -> [String] {
            let xml = try String(contentsOfFile: path, encoding: .utf8)
            return xml.components(separatedBy: "<testcase ").dropFirst().map { $0.components(separatedBy: " time=").first! }
        }
        #expect(try cases(j3) == cases(j1))
        #expect(try cases(j3).count == 12)
        // In parallel the suite takes less than the sum of its waits (840 ms).
        #expect(three.seconds < one.seconds + 0.5)
    }

    @Test("--workers with --bail: files after the first failing one (in file order) are not run")
    func workersBail() async throws {
        let dir = try reversedSuite()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CLI.run(["test", dir.path, "--workers", "2", "--bail"])
        #expect(r.status == 1)
        #expect(r.lines.contains("--bail: 1 file not run after the first failing file"), "\(r.lines)")
        #expect(!r.stdout.contains("t5.test.js"))
        #expect(r.lines.last == "9 passed, 1 failed")
    }

    @Test("a worker ended by the process guard fails its file with the guard's line; the other files still run")
    func workerEndedByTheGuard() async throws {
        let dir = try directory([
            "a.test.js": "test('fine', () => {});\n",
            "b.test.js": "test('before', () => {});\ntest('spins', () => { (function f() { Promise.resolve().then(f); })(); });\n",
            "c.test.js": "test('also fine', () => {});\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await CLI.run(["test", dir.path, "--workers", "2", "--timeout", "300"])
        #expect(r.status == 3, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stderr.contains("b.test.js > spins"), "the guard's line is passed on: \(r.stderr)")
        #expect(r.lines.contains { $0.hasPrefix("✓ \(dir.path)/b.test.js > before") })
        #expect(r.lines.contains("✗ \(dir.path)/b.test.js"))
        #expect(r.lines.contains { $0.hasPrefix("    script ran longer than the execution time limit") && $0.contains("(\(dir.path)/b.test.js > spins)") }, "\(r.lines)")
        #expect(r.lines.contains { $0.hasPrefix("✓ \(dir.path)/c.test.js > also fine") })
        #expect(r.lines.last == "3 passed, 1 failed")
        #expect(r.seconds < 10)
    }

    @Test("colour: never in a pipe; --color forces it; NO_COLOR wins over --color")
    func colour() async throws {
        let dir = try directory(["a.test.js": "test('ok', () => {});\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let piped = try await CLI.run(["test", dir.path, "--workers", "1"], environment: ["NO_COLOR": ""])
        #expect(!piped.stdout.contains("\u{1B}["))
        let forced = try await CLI.run(["test", dir.path, "--color", "--workers", "1"], environment: ["NO_COLOR": ""])
        #expect(forced.stdout.contains("\u{1B}[32m✓\u{1B}[0m"), "\(forced.stdout)")
        let refused = try await CLI.run(["test", dir.path, "--color", "--workers", "1"], environment: ["NO_COLOR": "1"])
        #expect(!refused.stdout.contains("\u{1B}["))
    }

    @Test("bridge.config.json: found upward, relative to its folder; the command line wins; errors name the JSON path")
    func configFile() async throws {
        let dir = try directory([
            "bridge.config.json": #"{"mock": "fixtures/mock.json", "test": {"testMatch": ["tests/**/*.spec.js"], "timeout": 300, "reporters": ["dot", "junit=out/report.xml"], "workers": 1}}"#,
            "fixtures/mock.json": #"{"user.get": {"result": {"name": "Ada"}}}"#,
            "tests/deep/user.spec.js": "test('mocked', async () => { expect((await bridge.call('user.get')).name).toBe('Ada'); });\n",
            "tests/ignored.test.js": "test('not matched', () => { throw new Error('ran'); });\n",
            "sub/.keep": "",
            "out/.keep": "",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub")
        let r = try await CLI.run(["test"], in: sub)
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.lines.first == ".", "the config's dot reporter: \(r.lines)")
        #expect(r.lines.last == "1 passed, 0 failed")
        let xml = try String(contentsOfFile: dir.appendingPathComponent("out/report.xml").path, encoding: .utf8)
        #expect(xml.contains("user.spec.js"))
        // The command line wins: another reporter, another path.
        let spec = try await CLI.run(["test", "../tests/ignored.test.js", "--reporter", "spec"], in: sub)
        #expect(spec.status == 1)
        #expect(spec.lines.first?.hasPrefix("✗ ../tests/ignored.test.js > not matched") == true, "\(spec.lines)")
        // --no-config: nothing from the file.
        let none = try await CLI.run(["test", "--no-config"], in: sub)
        #expect(none.status == 2)

        try #"{"test": {"workers": "many"}}"#.write(to: dir.appendingPathComponent("bridge.config.json"), atomically: true, encoding: .utf8)
        let bad = try await CLI.run(["test"], in: sub)
        #expect(bad.status == 2)
        #expect(bad.errorLines == ["bridge-run: \(dir.path)/bridge.config.json: $.test.workers: expected a positive integer, got \"many\""], "\(bad.errorLines)")
        try "{\n  \"schemas\": 1,\n".write(to: dir.appendingPathComponent("bridge.config.json"), atomically: true, encoding: .utf8)
        let broken = try await CLI.run(["test"], in: sub)
        #expect(broken.errorLines.first?.hasPrefix("bridge-run: \(dir.path)/bridge.config.json:3:1: invalid JSON") == true, "\(broken.errorLines)")
        let explicit = try await CLI.run(["test", "--config", "nope.json"], in: sub)
        #expect(explicit.errorLines == ["bridge-run: --config nope.json: no such file"])
    }

    @Test("Examples/testing passes in CI mode against its checked-in snapshot, in workers, and -t picks tests")
    func examples() async throws {
        let snapshot = CLI.root.appendingPathComponent("Examples/testing/__snapshots__/checkout.test.js.snap")
        let before = try String(contentsOf: snapshot, encoding: .utf8)
        let r = try await CLI.run(["test", "Examples/testing", "--ci", "--workers", "2"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        #expect(r.lines.contains("Snapshots: 2 passed"))
        #expect(r.lines.last == "16 passed, 0 failed")
        #expect(try String(contentsOf: snapshot, encoding: .utf8) == before)
        let picked = try await CLI.run(["test", "Examples/testing", "-t", "countdown", "--reporter", "dot", "--workers", "1"])
        // cart.test.ts (1), checkout (2), countdown (2), peers (2), shop.test.js (9): the two
        // countdown tests and the page countdown of shop.test.js run.
        #expect(picked.lines.first == "sss..ssssssss.ss", "\(picked.lines)")
        #expect(picked.lines.last == "3 passed, 0 failed, 13 skipped")
    }

    @Test("--version and version print the version of the VERSION file")
    func version() async throws {
        let expected = try String(contentsOf: CLI.root.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let flag = try await CLI.run(["--version"])
        let command = try await CLI.run(["version"])
        #expect(flag.status == 0 && command.status == 0)
        #expect(flag.lines == ["bridge-run \(expected)"])
        #expect(command.lines == flag.lines)
        let source = try String(contentsOf: CLI.root.appendingPathComponent("Sources/BridgeCommandLine/Version.swift"), encoding: .utf8)
        #expect(source.contains("public let BridgeRuntimeVersion = \"\(expected)\""))
    }

    @Test("junit-merge: the shards' reports as one")
    func junitMerge() async throws {
        let dir = try reversedSuite()
        defer { try? FileManager.default.removeItem(at: dir) }
        var reports: [String] = []
        for i in 1...2 {
            let path = dir.appendingPathComponent("shard\(i).xml").path
            _ = try await CLI.run(["test", dir.path, "--shard", "\(i)/2", "--junit", path, "--workers", "1"])
            reports.append(path)
        }
        let merged = dir.appendingPathComponent("all.xml").path
        let r = try await CLI.run(["junit-merge"] + reports + ["--out", merged])
        #expect(r.status == 0, "\(r.stderr)")
        let xml = try String(contentsOfFile: merged, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"bridge-run\" tests=\"12\" failures=\"1\" errors=\"0\" skipped=\"0\""), "\(xml.prefix(300))")
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == 6)
        let missing = try await CLI.run(["junit-merge", dir.appendingPathComponent("nope.xml").path])
        #expect(missing.status == 2)
        #expect(missing.errorLines.first?.hasSuffix("nope.xml: cannot read the JUnit report") == true)
    }
}
