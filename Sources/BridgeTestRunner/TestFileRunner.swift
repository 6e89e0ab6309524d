import FoundationEssentials
import ScriptEngine
import BridgeComponents
import BridgeSchema
import BridgeCore
import BridgeNetwork
import BridgeValues
import BridgeRunner
import BridgeSupport

/// Runs one test file in a fresh engine: loads the harness and the file, then runs each test in
/// order through the harness, turning what the harness reports (and uncaught errors, and the VM
/// stopping a runaway script) into `TestCaseResult`s.
@MainActor
final class TestFileRunner {
    /// The file as displayed; also the `sourceURL` its stack frames carry.
    let path: String
    let options: TestOptions
    let vm: ScriptVM
    let fixture: MockFixture?
    /// The run's schemas, validating every call of every test (`--schemas`).
    var schemas: SchemaSet?
    /// The run's capabilities (`--capabilities`).
    var capabilities: CapabilitySet?
    /// The run's HTTP fixtures (`--http-mock`).
    var http = HTTPMockFixture()
    /// Receives each `console.*` line as the file runs.
    var onConsole: (String) -> Void = { _ in }
    /// Receives each result as soon as it is known.
    var onResult: (TestCaseResult) -> Void = { _ in }
    /// Receives the runner's own remarks about the file (`the rest of the file was not run`).
    var onNote: (String) -> Void = { _ in }
    /// Console lines outside any test, and those of the running test (`nil` between tests).
    private var fileOutput: [String] = []
    /// The pages the file's tests load (`loadPage`).
    private var pages: TestPages?
    private var testOutput: [String]?

    init(path: String, options: TestOptions, vm: ScriptVM, fixture: MockFixture?) {
        self.path = path
        self.options = options
        self.vm = vm
        self.fixture = fixture
    }

    /// Runs the file and returns every result (also passed to `onResult` one by one).
    func run() async -> TestFileResult {
        let start = ContinuousClock.now
        let startedAt = TestClock.realWallMilliseconds()
        var cases: [TestCaseResult] = []
        var snapshots = SnapshotCounts()
        var coverage: ActionCoverage?
        var dependencies: [String]? = options.watch ? [PathText.absolute(path)] : nil
        func add(_ result: TestCaseResult) {
            cases.append(result)
            onResult(result)
        }
        func finished() -> TestFileResult {
            TestFileResult(
                path: path, cases: cases, durationMs: Self.milliseconds(since: start), startedAt: startedAt, output: fileOutput,
                snapshots: snapshots, coverage: coverage, dependencies: dependencies)
        }
        func fileFailure(_ failure: TestFailure) -> TestFileResult {
            add(TestCaseResult(name: "", status: .failed, durationMs: Self.milliseconds(since: start), failure: failure))
            return finished()
        }

        guard let data = FileManager.default.contents(atPath: path),
            let source = String(validating: Array(data), as: UTF8.self)
        else {
            return fileFailure(TestFailure(message: "cannot read \(path) as UTF-8 text", details: [], location: nil))
        }

        var configuration = EngineConfiguration()
        configuration.offersInternalTimers = true
        configuration.vm = vm
        configuration.clock = options.virtualTime ? VirtualClock() : SystemClock()
        configuration.pageURL = URL(fileURLWithPath: path).absoluteString
        let engine: BridgeEngine
        do {
            engine = try BridgeEngine(configuration: configuration)
        } catch {
            return fileFailure(TestFailure(message: "cannot start the engine: \(error)", details: [], location: nil))
        }
        engine.internalSources.insert(TestHarness.sourceURL)
        for part in TestHarness.extensions { engine.internalSources.insert(part.sourceURL) }
        let session = TestSession(fixture: fixture)
        if options.collectsCoverage { session.coverage = ActionCoverage() }
        if options.watch { session.loadedFiles = [PathText.absolute(path)] }
        let pages = TestPages(
            vm: vm, session: session, inputs: TestInputs(fixture: fixture, capabilities: capabilities, schemas: schemas, http: http), testFile: path)
        pages.attach(engine)
        pages.console = { [weak self] in self?.console($0) }
        self.pages = pages
        defer {
            pages.closeAll()
            session.detach()
            recoverFromSilentStop(engine)
            engine.close()
        }
        let store = SnapshotStore(testFile: path, update: options.updateSnapshots, ci: options.ci)
        session.install(on: engine, perTestTimeout: options.perTestTimeout, namePattern: options.testNamePattern, more: store.nativeFunctions() + pages.nativeFunctions())
        // Schemas validate every call, mocked ones too. `mock()`/`calls()` use native functions,
        // not bridge messages, so the filter never sees harness traffic.
        if let schemas { engine.install(schemas) }
        if let capabilities { engine.install(capabilities) }
        var network = NetworkConfiguration(fixture: http)
        if let capabilities {
            let page = configuration.pageURL
            network.requestCheck = { url in capabilities.checkRequest(url: url, page: page) }
        }
        do {
            try engine.installNetwork(network)
        } catch {
            return fileFailure(TestFailure(message: "the network layer failed to load: \(error)", details: [], location: nil))
        }
        // The web APIs of a `.js` run, loaded at first use: `URL`, `TextEncoder`, `atob`,
        // `structuredClone`, `crypto`, `navigator`, and a blank `document` (as Node and a jsdom
        // test environment have them). A file that never touches one never pays for the DOM.
        engine.installPageSupportOnDemand()
        engine.addEventObserver { [weak self] event in
            session.observeCoverage(event)
            switch event {
            case .call(let method, let params, _, _): session.record(method: method, params: params)
            case .console(_, let message): self?.console(message)
            default: break
            }
        }

        do {
            try engine.execute(TestHarness.source, sourceURL: TestHarness.sourceURL)
            for part in TestHarness.extensions { try engine.execute(part.source, sourceURL: part.sourceURL) }
            try engine.execute(TestHarness.finish, sourceURL: TestHarness.sourceURL)
        } catch {
            return fileFailure(TestFailure(message: "the test harness failed to load: \(error)", details: [], location: nil))
        }
        session.harnessLoaded()
        let script = Self.script(path: path, source: source)
        if case .failure(let failure) = script { return fileFailure(failure) }
        if case .bundle(let bundle) = script { session.noteLoaded(bundle.inputs) }
        do {
            if case .bundle(let bundle) = script {
                try engine.executeModule(bundle)
            } else {
                try engine.evaluate(source, sourceURL: path)
            }
        } catch {
            return fileFailure(TestFailure(scriptError: error, sourceURL: path))
        }
        if let error = engine.uncaughtErrors.first {
            return fileFailure(TestFailure(scriptError: error, sourceURL: path, prefix: "uncaught while loading: "))
        }
        let plan: [JSONValue]
        do {
            plan = try engine.evaluate("__bridgeTestHarness.plan()", sourceURL: TestHarness.sourceURL).arrayValue ?? []
        } catch {
            return fileFailure(TestFailure(scriptError: error, sourceURL: path))
        }
        if plan.isEmpty {
            return fileFailure(TestFailure(message: "no tests in \(path): call test(name, fn) at least once", details: [], location: nil))
        }

        var keep: [String] = []
        for (index, entry) in plan.enumerated() {
            let name = entry["name"]?.stringValue ?? "test \(index + 1)"
            let running = "\(path) > \(name)"
            RunningTest.name.withLock { $0 = running }
            let titles = entry["titles"]?.arrayValue?.compactMap(\.stringValue) ?? [name]
            let line = entry["definedAt"]?.stringValue.flatMap { TestFailure.line(inStack: $0, file: path) }
            if entry["skip"]?.boolValue == true {
                keep.append(name)
                add(TestCaseResult(name: name, status: .skipped, durationMs: 0, failure: nil, titles: titles, line: line))
                continue
            }
            testOutput = []
            let outcome = await runTest(index: index, entry: entry, engine: engine, session: session)
            pages.closeTestPages()
            let output = testOutput ?? []
            testOutput = nil
            if outcome.failure != nil { keep.append(name) }
            add(
                TestCaseResult(
                    name: name, status: outcome.failure == nil ? .passed : .failed, durationMs: outcome.ms, failure: outcome.failure,
                    titles: titles, line: line, output: output))
            if outcome.stopped {
                let left = plan.count - index - 1
                if left > 0 {
                    onNote("  (the rest of \(path) was not run: \(left) test\(left == 1 ? "" : "s") after a script was stopped)")
                    for later in plan.dropFirst(index + 1) { keep.append(later["name"]?.stringValue ?? "") }
                }
                break
            }
        }
        store.keep(testsNamed: keep)
        let (counts, problem) = store.finish()
        snapshots = counts
        coverage = session.coverage
        if let files = session.loadedFiles { dependencies = files.sorted() }
        if let problem {
            add(TestCaseResult(name: "", status: .failed, durationMs: 0, failure: TestFailure(message: problem, details: [], location: nil, type: "SnapshotError")))
        }
        return finished()
    }

    /// A console line: kept with the running test (or the file) and passed on.
    private func console(_ line: String) {
        if testOutput != nil { testOutput?.append(line) } else { fileOutput.append(line) }
        onConsole(line)
    }

    /// Runs test `index` through the harness: starts it, then drives the engine's loop until the
    /// harness reports, the test's budget passes, or the VM stops a runaway script.
    ///
    /// - Returns: the failure (if any), the real milliseconds taken and whether the VM stopped
    ///   a runaway script (the file's remaining tests are then not run).
    private func runTest(index: Int, entry: JSONValue, engine: BridgeEngine, session: TestSession) async -> (failure: TestFailure?, ms: Double, stopped: Bool) {
        let start = ContinuousClock.now
        let budget = entry["budget"]?.numberValue.map(Duration.milliseconds(exactly:)) ?? options.perTestTimeout
        let definedAt = entry["definedAt"]?.stringValue.flatMap { TestFailure.line(inStack: engine.sourceMaps.mappedStack($0), file: path) }
            .map { "\(path):\($0)" }
        let errorsBefore = engine.uncaughtErrors.count
        let vm = engine.vm
        // A stop is either reported (an uncaught time-limit error) or silent: the watchdog fired
        // while JSC drained microtasks after a call returned (see `recoverFromSilentStop`).
        let runaway = {
            vm.stopPending
                || engine.uncaughtErrors.dropFirst(errorsBefore).contains { $0.kind == .timeLimit }
        }
        var failure: TestFailure?
        var stopped: String?
        session.report = nil
        if let context = engine.context, let startTest = session.startTest {
            do {
                try context.call(startTest, [.number(Double(index))])
            } catch {
                stopped = error.kind == .timeLimit ? error.message : nil
                if stopped == nil { failure = TestFailure(scriptError: error, sourceURL: path, prefix: "test harness error: ") }
            }
        }
        if stopped == nil, failure == nil, session.report == nil, !runaway() {
            do {
                let pages = self.pages
                try await engine.loop.run(limit: budget + .seconds(1), shouldStop: runaway, until: {
                    pages?.poll()
                    return session.report != nil
                })
            } catch {
                if case .runTimeLimit = error {
                    failure = TestFailure(message: "the test did not finish within \(BridgeError.describe(budget + .seconds(1)))", details: [], location: definedAt)
                }
            }
        }
        if let report = session.report, report["ok"]?.boolValue != true {
            failure = TestFailure(harness: Self.mappingStacks(report["failure"] ?? .null, engine.sourceMaps), sourceURL: path)
        } else if session.report == nil, failure == nil, stopped == nil, !runaway() {
            // Nothing was left to run and the harness never reported: the test waits on a promise
            // nothing can settle any more. It never passed.
            failure = TestFailure(
                message: "the test never finished: nothing was left to run (a promise nothing can settle, or the harness's timers were removed)",
                details: [], location: definedAt)
        }
        if let silent = recoverFromSilentStop(engine) { stopped = silent }
        let uncaught = engine.uncaughtErrors.dropFirst(errorsBefore)
        if let reported = uncaught.first(where: { $0.kind == .timeLimit }) { stopped = reported.message }
        if let stopped {
            failure = TestFailure(
                message: "stopped: \(Self.stripLocation(stopped))",
                details: ["", "A loop that never ends (while (true) {})? The rest of the file is not run."],
                location: definedAt)
        } else {
            for error in uncaught {
                let kind = error.kind == .unhandledRejection ? "unhandled promise rejection" : "uncaught exception"
                let extra = TestFailure(scriptError: error, sourceURL: path, prefix: "\(kind) during the test: ")
                if failure == nil {
                    failure = extra
                } else {
                    failure?.details += [""] + extra.lines
                }
            }
        }
        return (failure, Self.milliseconds(since: start), stopped != nil)
    }

    /// Clears a stop JavaScriptCore did not report.
    ///
    /// When the watchdog stops a script that runs in a microtask drained as a call into JS
    /// returns (`await x; while (true) {}`), the call returns no exception, but the VM keeps the
    /// termination pending and the next call into it aborts the process. Evaluating a trivial
    /// script takes the pending termination (it throws the time-limit error) and leaves the VM
    /// usable. Must run before anything else calls into the engine.
    ///
    /// - Returns: the time-limit message when there was a silent stop.
    @discardableResult
    func recoverFromSilentStop(_ engine: BridgeEngine) -> String? {
        guard engine.vm.stopPending else { return nil }
        do {
            try engine.evaluate("0", sourceURL: TestHarness.sourceURL)
            engine.vm.clearStopPending()
            return "script ran longer than the execution time limit and was stopped"
        } catch {
            return error.message
        }
    }

    /// `message` without a leading `file:line: ` that `ScriptError.description` adds.
    static func stripLocation(_ message: String) -> String {
        guard let range = message.firstRange(of: "script ran longer") else { return message }
        return String(message[range.lowerBound...])
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
