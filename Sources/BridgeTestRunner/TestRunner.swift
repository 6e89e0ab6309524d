import Synchronization
import FoundationEssentials
public import BridgeRunner
import BridgeComponents
import BridgeCore
import BridgeNetwork
import BridgeSchema
import ScriptEngine
import BridgeSupport

/// `bridge-run test` as a library entry point: finds `*.test.js` files, runs each in a fresh
/// engine (all engines share one `ScriptVM`), prints each test's result and, last, the line
/// `N passed, N failed` (`, N skipped` when some were skipped).
///
/// A test file uses `test(name, fn)`/`it` (fn may be async or take a `done` callback),
/// `describe`, `beforeAll`/`afterAll`/`beforeEach`/`afterEach`, `test.skip`/`test.only`,
/// `expect(x)` matchers (`toBe`, `toEqual`, `toMatchObject`, `toBeTruthy`, `toBeFalsy`,
/// `toBeNull`, `toBeUndefined`, `toBeDefined`, `toContain`, `toContainEqual`, `toThrow`,
/// `toHaveLength`, `toHaveProperty`, `toBeGreaterThan`/`toBeLessThan` (and `OrEqual`),
/// `toBeCloseTo`, `toMatch`, `toBeInstanceOf`, with `.not`, `.resolves`, `.rejects`), and:
/// - `mock(method, value)`: calls to `method` answer `value`; `mock(method, {error: {code,
///   message}})` fails them, `{result: v, delayMs: n}` answers later; `mock(method, fn)` calls
///   `fn(params, method)` whose return value (or promise) is the result and whose thrown error
///   (its `code`, else `HANDLER_ERROR`) fails the call. Inside a test or its hooks the mock is
///   for that test; at the file's top level or in `beforeAll` it is for the rest of the file.
///   `--mock FILE` answers apply to every test; `mock()` wins.
/// - `calls(method)`: the `params` of each call to `method` made during the current test, in
///   order; `calls()` returns `[{method, params}]` for every call.
@MainActor
public enum TestRunner {
    /// Runs the tests of `options` and prints results to `output`.
    ///
    /// - Parameters:
    ///   - options: paths, fixtures, report and shard.
    ///   - output: where results (stdout) and usage or file errors (stderr) go.
    ///   - prefix: the command name put before error lines.
    /// - Returns: exit code 0 when every test passed, 1 when a test or a test file failed,
    ///   2 for a usage or file error (missing path, no test files, bad mock file, unwritable
    ///   JUnit file); `errors` holds the lines written to stderr.
    public static func run(_ options: TestOptions, output: any RunOutput, prefix: String = "bridge-run") async -> RunReport {
        await execute(options, output: output, prefix: prefix).report
    }

    /// `run`, also returning every result (for tests and embedding).
    static func execute(_ options: TestOptions, output: any RunOutput, prefix: String = "bridge-run") async -> TestRunSummary {
        var errors: [String] = []
        func fail(_ line: String) -> TestRunSummary {
            output.err("\(prefix): \(line)")
            errors.append(line)
            return TestRunSummary(files: [], report: RunReport(exitCode: 2, errors: errors))
        }
        guard !options.paths.isEmpty else { return fail("test needs at least one PATH (a *.test.js file or a directory)") }
        guard options.perTestTimeout > .zero else {
            return fail("the per-test timeout must be a positive number of milliseconds")
        }
        var fixture: MockFixture?
        if let path = options.mockPath {
            do { fixture = try MockFixture(contentsOf: path) } catch { return fail(error.message) }
        }
        let http: HTTPMockFixture
        do { http = try HTTPMockFixture.load(httpMock: options.httpMockPath, mock: options.mockPath) } catch { return fail(error.description) }
        var capabilities: CapabilitySet?
        if let path = options.capabilitiesPath {
            do { capabilities = try CapabilitySet(contentsOf: path) } catch { return fail(error.message) }
        }
        var schemas: SchemaSet?
        if let dir = options.schemasDir {
            do {
                schemas = try SchemaSet.load(directory: dir)
            } catch {
                for problem in error.problems { output.err(problem.description) }
                return fail("\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") in the schemas in \(dir)")
            }
        }
        let all: [String]
        do {
            all = try TestFileFinder.find(options.paths)
        } catch {
            return fail("cannot read \(error.path): no such file or directory")
        }
        guard !all.isEmpty else {
            return fail("no test files (*\(TestFileFinder.suffix)) found in \(options.paths.joined(separator: ", "))")
        }
        let files = TestFileFinder.select(all, shard: options.shard)

        let progress = TestProgress(wrapping: output, total: files.count)
        let vm = ScriptVM(timeLimit: options.perTestTimeout)
        // What JavaScriptCore's own limit cannot stop (a chain of promise continuations in a
        // test) ends the process with a line naming the file and the test.
        RunGuard.start(
            scriptLimit: options.perTestTimeout, deadline: nil, memoryLimit: options.memoryLimit, runLimit: options.perTestTimeout,
            prefix: prefix, flush: nil, context: { RunningTest.name.withLock { $0 } })
        defer { RunGuard.end() }
        var results: [TestFileResult] = []
        for (number, path) in files.enumerated() {
            progress.update(done: number, total: files.count, path: path)
            let runner = TestFileRunner(path: path, options: options, vm: vm, fixture: fixture)
            runner.schemas = schemas
            runner.capabilities = capabilities
            runner.http = http
            runner.onConsole = { progress.out($0) }
            runner.onResult = { result in
                for line in render(result, file: path) { progress.out(line) }
            }
            results.append(await runner.run())
        }
        progress.clear()

        var summary = TestRunSummary(files: results, report: RunReport(exitCode: 0, errors: []))
        if let path = options.junitPath {
            do {
                try JUnitReport.write(results, to: path)
            } catch {
                output.out(summary.countsLine)
                let line = "cannot write the JUnit report \(path): \(FileErrorText.describe(error))"
                output.err("\(prefix): \(line)")
                summary.report = RunReport(exitCode: 2, errors: [line])
                return summary
            }
        }
        output.out(summary.countsLine)
        summary.report.exitCode = summary.failed > 0 ? 1 : 0
        return summary
    }


    /// The printed lines of one result: `✓ file > name (ms)`, `○ file > name (skipped)`, or
    /// `✗ file > name` followed by the failure indented by four spaces.
    static func render(_ result: TestCaseResult, file: String) -> [String] {
        // A test's name is one line whatever it holds; a failure's text is indented line by line,
        // so neither can print a line that looks like a result or the summary.
        let title = (result.isFileLevel ? file : "\(file) > \(result.name)").oneLine()
        switch result.status {
        case .passed:
            return ["✓ \(title) (\(Int(result.durationMs.rounded())) ms)"]
        case .skipped:
            return ["○ \(title) (skipped)"]
        case .failed:
            let body = (result.failure?.lines ?? ["failed"]).flatMap { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
            return ["✗ \(title)"] + body.map { $0.isEmpty ? "" : "    " + String($0).oneLine() } + [""]
        }
    }
}

/// The file and test running now, for the process guard's message (read on its thread).
enum RunningTest {
    static let name = Mutex<String?>(nil)
}
