import BridgeValues
import BridgeSupport
import BridgeComponents
import BridgeCore
import ScriptEngine
/// The native side of the JS harness for one test file's engine: mocks, recorded calls, and the
/// channel test results come back on.
///
/// Protocol between the JS harness and native code (all synchronous native functions on a
/// hidden `__bridgeTestNative` object the harness and its extensions capture; it is deleted
/// before the test file runs):
/// - `report(resultJSON)` hands back the result of the test started with
///   `__bridgeTestHarness.start(index)`;
/// - `config()` → `{timeout}` (the per-test timeout in ms);
/// - `beginTest()` / `endTest()` bracket one test (its `beforeEach`, body and `afterEach`):
///   mocks set inside belong to that test and calls are recorded for it;
/// - `mock(method, specJSON)` with `{"result": v}`, `{"error": {code, message, details?}}`
///   (either with an optional `"delayMs"`), or `{"fn": id}` for a JS function; returns a problem
///   string or `undefined`. Outside a test (file top level, `beforeAll`) a mock applies to the
///   rest of the file;
/// - `calls(method | null)` → the params of each call to `method` in the current test, in order
///   (with `null`: `[{method, params}]` for every call);
/// - `answer(requestId, resultJSON | null, errorJSON | null)` settles a call answered by a JS
///   mock function;
/// - the fake-time functions of `TestClock.nativeFunctions()` (`fakeTimersOn`, `fakeStep`, …)
///   and the snapshot function of `SnapshotStore.nativeFunctions()` (`snapshot(key, text)`),
///   used by the harness's extensions; `config()` also carries `namePattern` (`-t`).
///
/// The session's dispatcher (added to the engine) consults, in order: this test's mocks, the file's mocks, the
/// `--mock` fixture. Anything else falls through to the registries (usually
/// `METHOD_NOT_FOUND`). Mocked calls still pass the engine's call filter.
@MainActor
final class TestSession {
    /// One mocked method.
    enum Mock {
        /// A canned answer after `delay` (engine clock).
        case answer(Result<JSONValue, BridgeError>, delay: Duration)
        /// A JS function `(params, method) => result` registered by the harness under `id`.
        case function(id: Int)
    }

    let fixture: MockFixture
    /// Mocks by method name, compared by Unicode scalars.
    private(set) var fileMocks: [ScalarKey: Mock] = [:]
    private(set) var testMocks: [ScalarKey: Mock] = [:]
    private(set) var inTest = false
    private(set) var recorded: [(method: String, params: JSONValue)] = []
    private var waiting: [Int: BridgeResponder] = [:]
    private var nextRequest = 0
    /// The engine, through its handle (a weak reference would slow every retain of the engine).
    private var handle: EngineHandle?
    private var engine: BridgeEngine? { handle?.engine }
    private var invokeMock: ScriptFunction?
    /// The file's fake time (`vi.useFakeTimers()`), driving this engine and any page engine a
    /// test loads (`clock.drive(engine)`).
    private(set) var clock: TestClock?
    /// `__bridgeTestHarness.start(index)`, found once the harness is loaded.
    private(set) var startTest: ScriptFunction?
    /// The result the harness reported for the running test (`nil` until it finishes).
    var report: JSONValue?
    private let parser = JSONParser()

    init(fixture: MockFixture?) {
        self.fixture = fixture ?? MockFixture()
    }

    /// The answer for `message`, or `nil` to fall through to the registries.
    ///
    /// A page a test loaded (`loadPage`) asks with its own mocks (`options.mock`), which come
    /// first, and its own fixture, which comes after the test's and the file's mocks.
    func handler(for message: BridgeMessage, pageMocks: [ScalarKey: Mock] = [:], pageFixture: MockFixture? = nil) -> ActionHandler? {
        let mock: Mock
        let key = ScalarKey(message.method)
        if let m = pageMocks[key] ?? testMocks[key] ?? fileMocks[key] {
            mock = m
        } else if let entry = pageFixture?.entry(for: message.method) ?? fixture.entry(for: message.method) {
            mock = .answer(entry.outcome, delay: entry.delay)
        } else {
            return nil
        }
        switch mock {
        case .answer(let outcome, let delay) where delay <= .zero:
            return .sync { _ in try outcome.get() }
        case .answer(let outcome, let delay):
            return .callback { [weak self] _, responder in
                self?.engine?.schedule(after: delay) { responder.respond(outcome.mapError { $0 as any Error }) }
            }
        case .function(let id):
            return .callback { [weak self] call, responder in
                guard let self else { return }
                self.invoke(function: id, call, responder)
            }
        }
    }

    /// The calls of the file's engine and of its pages with their outcomes (`nil` unless the run
    /// collects coverage).
    var coverage: ActionCoverage?

    /// The files the test file and its pages read (`nil` unless the run watches).
    var loadedFiles: Set<String>?

    /// Notes files read (a page, a bundle's inputs) for `--watch`.
    func noteLoaded(_ paths: [String]) {
        guard loadedFiles != nil else { return }
        for path in paths { loadedFiles?.insert(PathText.absolute(path)) }
    }

    /// Counts a call or an outcome for the coverage (of the file's engine or a page's).
    func observeCoverage(_ event: EngineEvent) {
        coverage?.observe(event)
    }

    /// Records a call made by the page (every dispatched call, mocked or not).
    func record(method: String, params: JSONValue) {
        recorded.append((method, params))
    }

    /// Installs the native object and the session's dispatcher on `engine` (before the harness is
    /// evaluated).
    ///
    /// - Parameters:
    ///   - engine: the test file's engine.
    ///   - perTestTimeout: the default timeout of a test or hook.
    ///   - namePattern: `-t`: only tests whose full name matches this JavaScript RegExp run.
    ///   - more: further native functions of the harness's extensions (snapshots).
    func install(on engine: BridgeEngine, perTestTimeout: Duration, namePattern: String? = nil, more: [NativeFunctionSpec] = []) {
        self.handle = engine.handle
        let handle = engine.handle
        let clock = TestClock(start: { handle.engine?.loop.clock.now ?? .zero })
        self.clock = clock
        clock.drive(engine)
        engine.addDispatcher { [weak self] message in self?.handler(for: message) }
        let timeout = JSONValue.number(perTestTimeout.milliseconds)
        let config: JSONValue = namePattern.map { ["timeout": timeout, "namePattern": .string($0)] } ?? ["timeout": timeout]
        let own: [NativeFunctionSpec] = [
                NativeFunctionSpec("config", { _ in .json(config) }),
                NativeFunctionSpec(
                    "report",
                    { [weak self] args in
                        guard let self else { return .undefined }
                        report =
                            (try? parser.parse(args.string(0) ?? "")) ?? ["ok": false, "failure": ["title": "the test harness reported an unreadable result"]]
                        return .undefined
                    }
                ),
                NativeFunctionSpec(
                    "beginTest",
                    { [weak self] _ in
                        self?.testMocks.removeAll()
                        self?.recorded.removeAll()
                        self?.inTest = true
                        return .undefined
                    }
                ),
                NativeFunctionSpec(
                    "endTest",
                    { [weak self] _ in
                        self?.testMocks.removeAll()
                        self?.inTest = false
                        return .undefined
                    }
                ),
                NativeFunctionSpec(
                    "mock",
                    { [weak self] args in
                        guard let self, let method = args.string(0), let text = args.string(1) else { return .string("bad arguments") }
                        switch parseSpec(text) {
                        case .success(let mock):
                            if inTest { testMocks[ScalarKey(method)] = mock } else { fileMocks[ScalarKey(method)] = mock }
                            return .undefined
                        case .failure(let problem):
                            return .string(problem.message)
                        }
                    }
                ),
                NativeFunctionSpec(
                    "calls",
                    { [weak self] args in
                        guard let self else { return .json([]) }
                        if let method = args.string(0) {
                            return .json(.array(recorded.filter { $0.method.sameScalars(as: method) }.map(\.params)))
                        }
                        return .json(.array(recorded.map { ["method": .string($0.method), "params": $0.params] }))
                    }
                ),
                NativeFunctionSpec(
                    "answer",
                    { [weak self] args in
                        guard let self, let request = args.number(0).flatMap(JSNumber.int),
                            let responder = waiting.removeValue(forKey: request)
                        else { return .undefined }
                        if let errorText = args.string(2) {
                            let value = try? parser.parse(errorText)
                            responder.fail(value.flatMap { BridgeError(json: $0) } ?? .handlerError("mock function failed"))
                        } else {
                            do throws(JSONParser.Failure) {
                                responder.succeed(try parser.parse(args.string(1) ?? "null"))
                            } catch {
                                responder.fail(.invalidMessage("mock result: \(error.description)"))
                            }
                        }
                        return .undefined
                    }
                ),
            ]
        engine.context?.installNativeObject("__bridgeTestNative", functions: clock.nativeFunctions() + more + own)
    }

    /// Called once the harness is evaluated, before the test file: takes its entry points
    /// (readable only once, so the file cannot reach them).
    func harnessLoaded() {
        invokeMock = engine?.context?.function(at: "__bridgeTestHarness.invokeMock")
        startTest = engine?.context?.function(at: "__bridgeTestHarness.start")
    }

    /// Drops references into the engine's context (before the engine closes).
    func detach() {
        clock?.disable()
        invokeMock = nil
        startTest = nil
        for (_, responder) in waiting { responder.fail(.cancelled(method: "mock")) }
        waiting.removeAll()
    }

    private func invoke(function id: Int, _ call: BridgeCall, _ responder: BridgeResponder) {
        guard let engine, let context = engine.context, let invokeMock else {
            responder.fail(.cancelled(method: call.method))
            return
        }
        nextRequest += 1
        let request = nextRequest
        waiting[request] = responder
        do {
            try context.call(invokeMock, [.number(Double(id)), .number(Double(request)), .json(call.params), .string(call.method)])
        } catch {
            waiting[request] = nil
            responder.fail(.handlerError(error.message))
            engine.recordUncaught(error)
        }
    }

    struct SpecProblem: Error {
        var message: String
    }

    func parseSpec(_ text: String) -> Result<Mock, SpecProblem> {
        guard let spec = try? parser.parse(text), case .object(let o) = spec else {
            return .failure(SpecProblem(message: "the mock is not a JSON object"))
        }
        if let id = o["fn"]?.numberValue.flatMap(JSNumber.int) { return .success(.function(id: id)) }
        var delay = 0.0
        if let d = o["delayMs"] {
            guard let n = d.numberValue, n >= 0, n.isFinite else { return .failure(SpecProblem(message: "delayMs must be a number >= 0")) }
            delay = n
        }
        if let e = o["error"] {
            guard let error = BridgeError(json: e) else {
                return .failure(SpecProblem(message: "error must be {code: string, message: string, details?}"))
            }
            return .success(.answer(.failure(error), delay: .milliseconds(exactly: delay)))
        }
        return .success(.answer(.success(o["result"] ?? .null), delay: .milliseconds(exactly: delay)))
    }
}
