public import ScriptEngine
public import BridgeValues
import BridgeSupport

/// A headless hybrid-app page: a JavaScriptCore context with the bridge prelude, a handler
/// registry lookup, and an event loop.
///
/// Scripts post `{method, params, callbackId}`; the engine finds the handler (its dispatchers,
/// then the scoped table, then the global table), runs it, and delivers exactly one final answer
/// back into JS. Timers, bridge answers and native-to-JS events all run on the engine's loop.
///
/// The engine is a handful of owners, each with one job: `host` (the JS context and the SDK's
/// entry points), `loop` (tasks, timers, the inbox), `calls` (waiting calls and settlement),
/// `outbox` (delivery into JS), `jsCalls` (native-to-JS calls), `timers` (the page's timers),
/// `resolver` (handlers and options) and `hooks` (what other code added: dispatchers, checks,
/// observers).
///
/// - Note: An engine is used from the main actor only. Handlers may answer from any thread; their
///   answers hop to the main actor before they touch JS, and answers that arrive together share
///   one hop.
@MainActor
public final class BridgeEngine {
    private static var nextEngineID = 0

    /// A number unique to this engine in the process.
    public let id: Int
    /// The configuration the engine was created with.
    public let configuration: EngineConfiguration

    package let vm: ScriptVM
    package let loop: EventLoop
    package let host: ScriptHost
    let hooks = EngineHooks()
    // `@exclusivity(unchecked)`, here and on the fields every call reads or writes in ScriptHost,
    // EngineHooks, ActionResolver and Outbox: the runtime's dynamic exclusivity checks (an entry in
    // a thread-local access set per access) were ~3.5 % of a round trip (`rt-batch` 4085 → 3944
    // ns, `rt-seq` 6087 → 5886, alternating runs). Each is touched on the main actor only, and no
    // access to one spans code that could reach it again (the outbox's batch in delivery, which
    // is read while JavaScript runs, keeps its check).
    @exclusivity(unchecked) private(set) var calls: CallTable!
    @exclusivity(unchecked) private(set) var outbox: Outbox!
    private(set) var jsCalls: JSCallTable!
    private(set) var timers: ScriptTimers!
    @exclusivity(unchecked) private(set) var resolver: ActionResolver!
    /// How responders and closures on other threads refer to this engine without a reference
    /// count of their own (see `EngineHandle`).
    package let handle = EngineHandle()
    /// State other layers keep per engine (the page layer's session), by the owner's type.
    package var attachments: [ObjectIdentifier: AnyObject] = [:]
    /// Functions one layer's JavaScript hands another's, by name: the network layer's `blobURL`
    /// (its `blob:` URL registry) for the page layer's `URL.createObjectURL`. Neither layer's
    /// script can reach the other's closure, and the page's globals are not to be trusted.
    package var sharedFunctions: [String: ScriptFunction] = [:]
    /// The runtime's own script names (the SDK prelude, the DOM, the test harness): an error
    /// thrown inside them is reported at the page line that called in.
    package var internalSources: Set<String> = [Prelude.sourceURL]
    /// Script names JavaScriptCore would rewrite, by the plain alias it is given instead (see
    /// `ScriptError.SourceNames`).
    private var sourceNames = ScriptError.SourceNames()

    /// Messages refused (`INVALID_MESSAGE`) that named no callback, so no page code saw the error.
    public internal(set) var invalidWithoutCallback = 0
    /// Uncaught exceptions and unhandled rejections seen so far, in order.
    public private(set) var uncaughtErrors: [ScriptError] = []
    /// SDK calls taken in their parts (`__native.call`) rather than as an envelope (for tests).
    @exclusivity(unchecked) package internal(set) var callsTakenInParts = 0
    /// Set by `stop()`.
    private var stopRequested = false
    /// The timer that wakes `runUntilQuiet` when its settle period ends.
    var quietWakeTimer: Int?
    /// `true` while `close()` cancels what is pending.
    @exclusivity(unchecked) private(set) var isClosing = false
    /// `true` after `close()`.
    @exclusivity(unchecked) public private(set) var isClosed = false

    /// Creates an engine and runs the prelude.
    ///
    /// - Throws: `ScriptError` if the prelude fails, or `BridgeError` if self-registered
    ///   components declare the same action twice.
    public init(configuration: EngineConfiguration = EngineConfiguration()) throws {
        if configuration.useGlobalRegistry, let problem = BridgeRegistry.shared.registrationProblems.first {
            throw problem
        }
        MainThread.note()
        Self.nextEngineID += 1
        id = Self.nextEngineID
        self.configuration = configuration
        vm = configuration.vm ?? ScriptVM.shared
        loop = EventLoop(clock: configuration.clock)
        let context = ScriptContext(vm: vm)
        host = ScriptHost(context: context)
        calls = CallTable(engine: self)
        // The calls' timeouts are the loop's owned timers.
        loop.timerOwner = calls
        outbox = Outbox(engine: self)
        jsCalls = JSCallTable(engine: self)
        timers = ScriptTimers(engine: self)
        resolver = ActionResolver(engine: self)
        handle.attach(self)
        installNatives(context)
        try context.evaluate(Prelude.script, sourceURL: Prelude.sourceURL, wantResult: false)
        for name in configuration.handlerNames {
            addMessageHandler(name)
        }
    }

    /// The clock driving the engine's timers.
    public var clock: any EngineClock { loop.clock }

    /// The context, while the engine is open (for the layers above: page, test runner).
    package var context: ScriptContext? { host.context }

    /// Installs `window.webkit.messageHandlers.<name>` (idempotent).
    public func addMessageHandler(_ name: String) {
        do {
            try host.installHandler(name)
        } catch {
            recordUncaught(error)
        }
    }

    /// Installs the floor-measuring natives `__bench.noop()` and `__bench.roundtrip(fn)` (for
    /// `bridge-bench`; not for pages).
    @_spi(Benchmarks)
    public func installBenchmarkFunctions() {
        host.context?.installBenchmarkFunctions()
    }

    // MARK: Evaluation

    /// Evaluates a script.
    ///
    /// - Parameters:
    ///   - source: the script text.
    ///   - sourceURL: the file or URL errors will name.
    ///   - line: the line number of the script's first line in that file.
    /// - Returns: the completion value as JSON (`.null` for `undefined`).
    /// - Throws: `ScriptError` with message, file:line and stack.
    @discardableResult
    public func evaluate(_ source: String, sourceURL: String? = nil, line: Int = 1) throws(ScriptError) -> JSONValue {
        try run(source, sourceURL: sourceURL, line: line, wantResult: true) ?? .null
    }

    /// Runs a script for its effects, without converting its completion value.
    ///
    /// - Throws: `ScriptError` with message, file:line and stack.
    public func execute(_ source: String, sourceURL: String? = nil, line: Int = 1) throws(ScriptError) {
        _ = try run(source, sourceURL: sourceURL, line: line, wantResult: false)
    }

    /// Runs a text prepared once for every engine of the process (a harness, a prelude) for its
    /// effects: ``execute(_:sourceURL:line:)`` without converting the text for each engine, and
    /// in a shared VM without copying it for each (``ScriptSource``).
    ///
    /// - Throws: `ScriptError` with message, file:line and stack.
    package func execute(_ source: ScriptSource, sourceURL: String) throws(ScriptError) {
        guard let context = host.context else { throw ScriptError(message: "engine is closed") }
        do {
            try context.evaluate(source, sourceURL: sourceNames.alias(for: sourceURL), wantResult: false)
        } catch {
            throw mapped(error, sourceURL: sourceURL)
        }
    }

    private func run(_ source: String, sourceURL: String?, line: Int, wantResult: Bool) throws(ScriptError) -> JSONValue? {
        guard let context = host.context else { throw ScriptError(message: "engine is closed") }
        do {
            return try context.evaluate(source, sourceURL: sourceURL.map { sourceNames.alias(for: $0) }, line: line, wantResult: wantResult)
        } catch {
            throw mapped(error, sourceURL: sourceURL)
        }
    }

    /// An evaluation's error as the engine reports it: names restored, frames of the runtime's
    /// own scripts left out, and at least the script named.
    private func mapped(_ error: ScriptError, sourceURL: String?) -> ScriptError {
        var e = mapped(sourceNames.restore(error).relocated(outside: internalSources))
        // A terminated script carries no location of its own; name the script at least.
        if e.sourceURL == nil { e.sourceURL = sourceURL }
        return e
    }

    /// Checks a script's syntax without running it.
    ///
    /// - Throws: `ScriptError` naming the line of the syntax error.
    public func checkSyntax(_ source: String, sourceURL: String? = nil, line: Int = 1) throws(ScriptError) {
        guard let context = host.context else { throw ScriptError(message: "engine is closed") }
        try context.checkSyntax(source, sourceURL: sourceURL, line: line)
    }

    // MARK: Running

    /// Why a run stopped before it was done.
    public enum RunStop: Error, Sendable, Equatable {
        /// The run lasted longer than its limit; `pending` says what was still waiting.
        case timeLimit(Duration, pending: String)
    }

    /// Runs timers, answers and events until nothing is pending (idle).
    ///
    /// - Parameter limit: how long the run may last (real time; virtual time too on a virtual
    ///   clock, where real time the loop waited for its thread — busy with other work, as in a
    ///   parallel test run — does not count, up to four times the limit), checked after every
    ///   busy turn and before every wait. `nil` = no limit.
    /// - Throws: `RunStop.timeLimit` when the limit passes first.
    public func runUntilIdle(limit: Duration? = nil) async throws(RunStop) {
        try await run(until: { false }, limit: limit)
    }

    /// Runs timers, answers and events until `done()` returns `true` (checked after every task)
    /// or nothing is pending.
    ///
    /// - Parameters:
    ///   - done: the condition that ends the run.
    ///   - limit: how long the run may last (see `runUntilIdle(limit:)`).
    /// - Throws: `RunStop.timeLimit` when the limit passes first.
    public func run(until done: () -> Bool, limit: Duration? = nil) async throws(RunStop) {
        stopRequested = false
        do {
            try await loop.run(limit: limit, shouldStop: { [unowned self] in stopRequested }, until: done)
        } catch {
            if case .requested = error { return }
            throw RunStop.timeLimit(limit ?? .zero, pending: pendingSummary)
        }
    }

    /// Makes a running `runUntilIdle` return after the current task (e.g. when the page
    /// navigates away). What is pending stays pending.
    public func stop() {
        stopRequested = true
    }

    /// Runs everything that is ready or due now, without waiting. Returns `true` if anything ran.
    @discardableResult
    public func runReady() -> Bool {
        var any = false
        while loop.runReadyAndDue(shouldStop: { [unowned self] in stopRequested }) { any = true }
        return any
    }

    /// `true` when no timer, call or native-to-JS call is pending.
    public var isIdle: Bool { loop.isIdle }

    /// When the next timer is due on the engine's clock (`nil` when none is pending).
    public var nextTimerDeadline: Duration? { loop.nextDeadline() }

    /// What is still pending, for messages (`"2 timers, 1 call"`).
    public var pendingSummary: String {
        var parts: [String] = []
        let others = hooks.pendingReporters.map { $0() }
        let timers = loop.pendingTimers - jsCalls.count - calls.armedTimers - others.reduce(0) { $0 + $1.timers }
        if timers > 0 { parts.append("\(timers) timer\(timers == 1 ? "" : "s")") }
        if calls.count > 0 { parts.append("\(calls.count) call\(calls.count == 1 ? "" : "s") (\(calls.pendingMethods.joined(separator: ", ")))") }
        if jsCalls.count > 0 { parts.append("\(jsCalls.count) native-to-JS call\(jsCalls.count == 1 ? "" : "s")") }
        parts += others.compactMap(\.summary)
        if parts.isEmpty, !loop.isIdle { parts.append("work that never let the loop go idle (answers arriving without end, e.g. a loop of calls answered at once)") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    /// Runs `body` after `delay` on the engine's clock (virtual time aware).
    ///
    /// - Returns: an id for `cancelTimer`.
    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping @MainActor () -> Void) -> Int {
        loop.schedule(after: delay, body)
    }

    /// Cancels a timer made by `schedule(after:_:)`.
    public func cancelTimer(_ id: Int) {
        loop.cancelTimer(id)
    }

    // MARK: Closing

    /// Closes the engine: every pending call settles with `CANCELLED` (delivered into JS first),
    /// running `.async` handler tasks are cancelled, pending `callJS` calls throw `CANCELLED`,
    /// timers are dropped and the context is released. Calling it twice does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosing = true
        defer { handle.invalidate() }
        // JS callbacks run by the final delivery may post again; those calls are cancelled too,
        // for a bounded number of rounds.
        for _ in 0..<4 {
            calls.cancelAll()
            outbox.flush()
            if calls.count == 0 && outbox.pendingCount == 0 { break }
        }
        for observer in hooks.closeObservers { observer() }
        isClosed = true
        jsCalls.cancelAll()
        loop.reset()
        calls.reset()
        timers.reset()
        resolver.reset()
        hooks.removeAll()
        attachments.removeAll()
        sharedFunctions.removeAll()
        host.close()
    }

    isolated deinit {
        handle.invalidate()
        // Closures the loop holds capture the owners; dropping them breaks those cycles.
        loop.reset()
    }

    package func report(_ event: EngineEvent) {
        hooks.report(event)
    }

    /// Records an error the page did not catch (the run's report; it fails the run). An
    /// exception native code caught (a script's top level, a timer) is first offered to the
    /// uncaught observers (the page's window `error` event), with the error as it was thrown:
    /// `notify: false` for one the page's JavaScript already dispatched (a listener's).
    package func recordUncaught(_ error: ScriptError, notify: Bool = true) {
        let original = error
        let error = mapped(sourceNames.restore(error).relocated(outside: internalSources))
        if notify, error.kind == .exception { notifyUncaught(original, placed: error) }
        uncaughtErrors.append(error)
        report(.exception(error))
    }
}
