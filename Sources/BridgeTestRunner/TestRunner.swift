import Synchronization
import FoundationEssentials
public import BridgeRunner
import BridgeComponents
import BridgeCore
import BridgeNetwork
import BridgeSchema
import ScriptEngine
import BridgeSupport

/// `bridge-run test` as a library entry point: finds the test files (`*.test.js`, or the
/// config's `testMatch`), runs each in a fresh engine — in this process (all engines share one
/// `ScriptVM`) or in worker processes (`--workers N`) — and reports them in file order through
/// the chosen reporters (`spec` by default: each test's result, then a summary whose last line
/// is `N passed, N failed`, plus `, N skipped` when some were skipped).
///
/// The test-file globals (`test`, `describe`, hooks, `expect` and its matchers, `mock`,
/// `calls`, `vi`/`jest` with mock functions, spies and fake timers, snapshots) are described in
/// docs/testing.md and implemented by `JS/bridge-test-harness.js` and its extensions.
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
        if options.watch, !options.isWorker {
            var watching = options
            watching.processExitsAfterRun = false
            return await TestWatcher.run(watching, output: output, prefix: prefix)
        }
        return await execute(options, output: output, prefix: prefix).report
    }

    /// `run`, also returning every result (for tests and embedding).
    static func execute(_ options: TestOptions, output: any RunOutput, prefix: String = "bridge-run") async -> TestRunSummary {
        if options.isWorker {
            let code = await TestWorker.serve(output: output, prefix: prefix)
            return TestRunSummary(files: [], report: RunReport(exitCode: code, errors: []))
        }
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
        let inputs: TestInputs
        switch TestInputs.load(options, output: output, prefix: prefix) {
        case .success(let loaded): inputs = loaded
        case .failure(let failure): return TestRunSummary(files: [], report: RunReport(exitCode: 2, errors: [failure.line]))
        }
        if let problem = coverageProblem(options, schemas: inputs.schemas) { return fail(problem) }
        let all: [String]
        do {
            all = try TestFileFinder.find(options.paths, matching: options.testMatch, root: options.rootDirectory)
        } catch {
            return fail("cannot read \(error.path): no such file or directory")
        }
        guard !all.isEmpty else {
            return fail("no test files (\(TestFileFinder.describe(options.testMatch))) found in \(options.paths.joined(separator: ", "))")
        }
        let files = TestFileFinder.select(all, shard: options.shard)
        let vm = startVM(options, prefix: prefix)
        defer { if options.processExitsAfterRun { vm.keepUntilExit() } }
        defer { RunGuard.end() }
        if let pattern = options.testNamePattern, let problem = patternProblem(pattern, vm: vm) {
            return fail("-t/--test-name-pattern: \(problem)")
        }

        let start = ContinuousClock.now
        let workers = options.workerExecutable == nil ? 1 : max(1, min(options.workers, files.count))
        let style = TerminalStyle.forStandardOutput(output, choice: options.color)
        let choices = options.effectiveReporters
        let humanOnStdout = choices.contains { ($0.kind == .spec || $0.kind == .dot) && $0.path == nil }
        let progress = TestProgress(wrapping: output, total: files.count, enabled: humanOnStdout)
        let reporters = ReporterSet(choices, output: progress, style: style, workers: workers)
        reporters.begin(files: files)

        var results: [TestFileResult] = []
        var notRun: [String] = []
        var guardStatus: Int32?
        if workers > 1, let executable = options.workerExecutable {
            let pool = TestWorkerPool(options: options, executable: executable, files: files, reporters: reporters, output: progress, prefix: prefix)
            var started = 0
            (results, notRun) = await pool.run(workers: workers) { path, _ in
                progress.update(done: started, total: files.count, path: path)
                started += 1
            }
            guardStatus = pool.guardStatus
        } else {
            var failedFiles = 0
            for (number, path) in files.enumerated() {
                progress.update(done: number, total: files.count, path: path)
                let runner = fileRunner(path: path, options: options, vm: vm, inputs: inputs)
                runner.onConsole = { reporters.console($0, file: path) }
                runner.onNote = { reporters.note($0, file: path) }
                runner.onResult = { reporters.result($0, file: path) }
                let result = await runner.run()
                results.append(result)
                reporters.fileFinished(result)
                if result.failed {
                    failedFiles += 1
                    if let bail = options.bail, failedFiles >= bail {
                        notRun = Array(files[(number + 1)...])
                        break
                    }
                }
            }
        }
        progress.clear()

        var summary = TestRunSummary(files: results, report: RunReport(exitCode: 0, errors: []), notRun: notRun)
        summary.durationMs = TestFileRunner.milliseconds(since: start)
        var problems = reporters.end(summary)
        // After the summary, as Vitest prints its coverage.
        let coverage = finishCoverage(summary, options: options, schemas: inputs.schemas, humanOnStdout: humanOnStdout, output: output, prefix: prefix)
        problems += coverage.problems
        if !problems.isEmpty {
            for line in problems { output.err("\(prefix): \(line)") }
            summary.report = RunReport(exitCode: 2, errors: problems)
            return summary
        }
        summary.report.exitCode = guardStatus ?? (summary.failed > 0 || coverage.shortfall != nil ? 1 : 0)
        if let line = coverage.shortfall { summary.report.errors.append(line) }
        return summary
    }

    /// The run's VM and process guard (what JavaScriptCore's own limit cannot stop — a chain of
    /// promise continuations in a test — ends the process with a line naming the file and the
    /// test).
    static func startVM(_ options: TestOptions, prefix: String) -> ScriptVM {
        // Only the first VM of the process can set it (a custom runner may have made one).
        ScriptVM.setJITTiering(options.jitTiering)
        let vm = ScriptVM(timeLimit: options.perTestTimeout)
        RunGuard.start(
            scriptLimit: options.perTestTimeout, deadline: nil, memoryLimit: options.memoryLimit, runLimit: options.perTestTimeout,
            prefix: prefix, flush: nil, context: { RunningTest.name.withLock { $0 } })
        return vm
    }

    /// A runner for one file with the run's inputs.
    static func fileRunner(path: String, options: TestOptions, vm: ScriptVM, inputs: TestInputs) -> TestFileRunner {
        let runner = TestFileRunner(path: path, options: options, vm: vm, fixture: inputs.fixture)
        runner.schemas = inputs.schemas
        runner.capabilities = inputs.capabilities
        runner.http = inputs.http
        return runner
    }

    /// Why `pattern` is not a JavaScript regular expression (`nil` when it is one): compiled
    /// with the engine's own `RegExp`, as the harness will.
    static func patternProblem(_ pattern: String, vm: ScriptVM) -> String? {
        var configuration = EngineConfiguration()
        configuration.vm = vm
        guard let engine = try? BridgeEngine(configuration: configuration) else { return nil }
        defer { engine.close() }
        engine.context?.installNativeObject("__pattern", functions: [NativeFunctionSpec("text", { _ in .string(pattern) })])
        do {
            _ = try engine.evaluate("new RegExp(__pattern.text()), 0", sourceURL: "test-name-pattern")
            return nil
        } catch {
            return error.message
        }
    }
}

/// The file and test running now, for the process guard's message (read on its thread).
enum RunningTest {
    static let name = Mutex<String?>(nil)
}
