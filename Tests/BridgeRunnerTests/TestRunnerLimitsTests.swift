import Testing
import BridgeRuntimeTesting
@testable import BridgeRunner
@testable import BridgeTestRunner
@testable import BridgeCore
@testable import BridgeValues
@testable import BridgeComponents
@testable import ScriptEngine
@testable import BridgeSchema

/// What stops a test or a file: timeouts, runaway scripts, syntax errors, uncaught errors. The
/// run always goes on with the next file.
@MainActor
struct TestRunnerLimitsTests {
    @Test("a test that never finishes fails after the per-test timeout, with the test's line", arguments: [true, false])
    func perTestTimeout(virtualTime: Bool) async throws {
        let run = try await runTestSource(
            """
            test('hangs', async () => {
              await new Promise(() => {});
            });
            test('custom timeout', async () => {
              await new Promise((r) => setTimeout(r, 150));
            }, 100);
            test('next', () => {});
            """, timeout: .milliseconds(300), virtualTime: virtualTime)
        let hang = try #require(run.result("hangs")?.failure)
        #expect(hang.message == "Exceeded timeout of 300 ms for a test.")
        #expect(hang.location?.hasSuffix("sample.test.js:1") == true)
        #expect(run.result("custom timeout")?.failure?.message == "Exceeded timeout of 100 ms for a test.")
        #expect(run.result("next")?.status == .passed)
        #expect(run.exitCode == 1)
        if !virtualTime {
            #expect((run.result("hangs")?.durationMs ?? 0) >= 290)
        }
    }

    @Test("a hook that hangs fails its test with the hook named")
    func hookTimeout() async throws {
        let run = try await runTestSource(
            """
            beforeEach(() => new Promise(() => {}));
            test('t', () => {});
            """, timeout: .milliseconds(200))
        #expect(run.result("t")?.failure?.message == "Exceeded timeout of 200 ms for a beforeEach hook.")
    }

    @Test("while (true) in a test is stopped by the VM time limit; the file stops, the run goes on")
    func runawayTest() async throws {
        let dir = try TestDirectory()
        let a = try dir.write(
            "a.test.js",
            """
            test('before', () => {});
            test('spins', () => {
              while (true) {}
            });
            test('after', () => {});
            """)
        let b = try dir.write(
            "b.test.js",
            """
            test('spins later', async () => {
              await null;
              for (;;) {}
            });
            """)
        let c = try dir.write("c.test.js", "test('still runs', () => { expect(1).toBe(1); });")
        let run = await captureTestRun(TestOptions(paths: [dir.path], perTestTimeout: .milliseconds(300)))
        #expect(run.summary.files.map(\.path) == [a, b, c])
        #expect(run.result("before")?.status == .passed)
        let spins = try #require(run.result("spins")?.failure)
        #expect(spins.message.hasPrefix("stopped: script ran longer than the execution time limit"), "\(spins)")
        #expect(spins.location == "\(a):2")
        #expect(run.result("after") == nil, "the rest of a stopped file is not run")
        #expect(run.text.contains("the rest of \(a) was not run: 1 test"))
        #expect(run.result("spins later")?.failure?.message.hasPrefix("stopped: ") == true, "\(run.text)")
        #expect(run.result("still runs")?.status == .passed)
        #expect(run.stdout.last == "2 passed, 2 failed")
        #expect(run.exitCode == 1)
    }

    @Test("a syntax error or an uncaught exception while loading fails that file with its line; the next file runs")
    func brokenFiles() async throws {
        let dir = try TestDirectory()
        let syntax = try dir.write("a-syntax.test.js", "test('x', () => {\n  let = ;\n});\n")
        let thrown = try dir.write("b-throws.test.js", "test('never', () => {});\nconst cfg = null;\ncfg.load();\n")
        let spin = try dir.write("c-spins.test.js", "while (true) {}\n")
        try dir.write("d-fine.test.js", "test('fine', () => {});")
        let run = await captureTestRun(TestOptions(paths: [dir.path], perTestTimeout: .milliseconds(300)))
        let files = run.summary.files
        #expect(files.count == 4)
        #expect(files[0].cases.count == 1 && files[0].cases[0].isFileLevel)
        #expect(files[0].cases[0].failure?.message.contains("SyntaxError") == true || files[0].cases[0].failure?.message.contains("Unexpected") == true)
        #expect(files[0].cases[0].failure?.location == "\(syntax):2")
        #expect(files[1].cases[0].failure?.message.hasPrefix("TypeError:") == true)
        #expect(files[1].cases[0].failure?.location == "\(thrown):3")
        #expect(files[2].cases[0].failure?.message.contains("execution time limit") == true)
        #expect(files[2].cases[0].failure?.location?.hasPrefix(spin) == true)
        #expect(files[3].cases[0].status == .passed)
        #expect(run.stdout.contains("✗ \(syntax)"))
        #expect(run.stdout.last == "1 passed, 3 failed")
        #expect(run.exitCode == 1)
    }

    @Test("an uncaught error or unhandled rejection during a test fails that test")
    func uncaughtDuringTest() async throws {
        let run = try await runTestSource(
            """
            test('timer throws', async () => {
              setTimeout(() => { throw new Error('from a timer'); }, 1);
              await new Promise((r) => setTimeout(r, 10));
            });
            test('forgotten rejection', async () => {
              bridge.call('missing.method');
              await new Promise((r) => setTimeout(r, 10));
            });
            test('clean', () => {});
            """)
        let timer = try #require(run.result("timer throws")?.failure)
        #expect(timer.message == "uncaught exception during the test: Error: from a timer")
        #expect(timer.location?.hasSuffix("sample.test.js:2") == true)
        let rejection = try #require(run.result("forgotten rejection")?.failure)
        #expect(rejection.message.hasPrefix("unhandled promise rejection during the test:"), "\(rejection)")
        #expect(run.result("clean")?.status == .passed)
    }

    @Test("usage and file errors exit 2 with one line on stderr")
    func usageErrors() async throws {
        let dir = try TestDirectory()
        let missing = await captureTestRun(TestOptions(paths: [dir.path + "/nope"]))
        #expect(missing.exitCode == 2)
        #expect(missing.stderr == ["bridge-run: cannot read \(dir.path)/nope: no such file or directory"])
        #expect(missing.stdout.isEmpty)

        let empty = await captureTestRun(TestOptions(paths: [dir.path]))
        #expect(empty.exitCode == 2)
        #expect(empty.stderr.first?.contains("no test files") == true)

        try dir.write("x.test.js", "test('x', () => {});")
        let schemas = await captureTestRun(TestOptions(paths: [dir.path], schemasDir: dir.path + "/no-schemas"))
        #expect(schemas.exitCode == 2)

        let junit = await captureTestRun(TestOptions(paths: [dir.path], junitPath: dir.path + "/no/such/dir/report.xml"))
        #expect(junit.exitCode == 2)
        #expect(junit.stderr.first?.contains("cannot write the JUnit report") == true)
    }
}
