import FoundationEssentials

/// A headless hybrid-app page: a JavaScriptCore context with the bridge prelude, a handler
/// registry lookup, and an event loop.
///
/// Scripts post `{method, params, callbackId}`; the engine finds the handler (legacy dispatcher,
/// then scoped table, then global table), runs it, and delivers exactly one final answer back into
/// JS. Timers, bridge answers and native-to-JS events all run on the engine's loop.
///
/// - Note: An engine is used from the main actor only. Handlers may answer from any thread; their
///   answers hop to the main actor before they touch JS, and answers that arrive together share
///   one hop.
@MainActor
public final class BridgeEngine {
    /// A call waiting for its answer.
    struct PendingCall {
        var method: String
        var callbackId: String?
        var responder: BridgeResponder
        var timerID: Int?
        var wantsProgress: Bool
        var offThread: Bool
        var orderedKey: String?
    }

    /// A bound handler with its options.
    struct Bound {
        var handler: ActionHandler
        var options: ActionOptions
    }

    private static var nextEngineID = 0


    /// A number unique to this engine in the process.
    public let id: Int
    /// The configuration the engine was created with.
    public let configuration: EngineConfiguration

    let vm: ScriptVM
    var context: ScriptContext?
    let loop: EventLoop
    var sdkDeliver: ScriptFunction?
    var sdkFireTimer: ScriptFunction?
    var sdkInvoke: ScriptFunction?
    var sdkAddHandler: ScriptFunction?

    var pending: [Int: PendingCall] = [:]
    var nextCallID = 0
    var orderedQueues: [String: [(Int, () -> Void)]] = [:]
    /// Rate-limit windows per action.
    var rateWindows: [String: (start: Double, count: Int)] = [:]
    /// The running call of each ordered action.
    var orderedRunning: [String: Int] = [:]
    var componentInstances: [ObjectIdentifier: AnyObject] = [:]
    var boundCache: [String: Bound] = [:]
    var outbox: [UInt8] = []
    /// The buffer being delivered while `outbox` collects the next batch.
    var outboxSpare: [UInt8] = []
    var isFlushing = false
    /// The buffer a chained batch is handed over in (see `takeChainedBatch`).
    var outboxChain: [UInt8] = []
    /// Entries the current delivery may still take on without returning to the loop.
    var chainBudget = 0
    /// Deliveries on the stack (a nested one must not drain microtasks: it may run inside one).
    var deliveryDepth = 0
    /// When the current delivery's time-limit budget started (uptime ns).
    var chainBudgetStart: UInt64 = 0
    var outboxCount = 0
    var flushScheduled = false
    var jsResults: [Int: Result<JSONValue, BridgeError>] = [:]
    var jsWaiters: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    var jsTimers: [Int: Int] = [:]
    var nextJSRequest = 0
    var intervals: Set<Int> = []
    /// DOM-lite entry points, once `installPageSupport` ran.
    var pageSupport: PageSupport?
    /// DOM-lite's stand-in accessors are installed and wait for first use.
    var pageSupportOnDemand = false
    /// The stand-ins' loader, to load DOM-lite on request.
    var pageSupportLoader: ScriptFunction?
    /// Installed message handler names; JS posts the index, not the name.
    var handlerNames: [String] = []

    /// Messages refused (`INVALID_MESSAGE`) that named no callback, so no page code saw the error.
    public internal(set) var invalidWithoutCallback = 0
    /// Uncaught exceptions and unhandled rejections seen so far, in order.
    public private(set) var uncaughtErrors: [ScriptError] = []
    /// Receives every `EngineEvent` (for traces and tests). `nil` costs nothing.
    public var onEvent: (@MainActor (EngineEvent) -> Void)?
    /// A dispatcher consulted before the tables (the legacy dispatcher of a hybrid framework, or
    /// a mock fixture). Return `nil` to fall through to the tables.
    public var legacyDispatcher: (@MainActor (BridgeMessage) -> ActionHandler?)?
    /// Checks a call before lookup (schema validation, permissions). Return an error to refuse
    /// the call; its handler then never runs.
    public var callFilter: (@MainActor (BridgeCall) -> BridgeError?)?
    /// Called when the page navigates to a URL that is not a bridge URL (`location.href = …`,
    /// a link, `window.open`), with the URL and the kind of navigation.
    public var onNavigate: (@MainActor (String, String) -> Void)?
    /// Checks a handler's successful result; an error returned replaces the result (schema
    /// result validation).
    public var resultFilter: (@MainActor (String, JSONValue) -> BridgeError?)?
    /// Options for actions that the tables do not know (e.g. from schemas).
    public var optionsProvider: (@MainActor (String) -> ActionOptions?)?
    /// How responders and closures refer to this engine without a weak reference.
    nonisolated(unsafe) var handle: EngineHandle!
    /// Set by `stop()`.
    var stopRequested = false
    /// `true` while `close()` cancels what is pending.
    var isClosing = false
    /// `true` after `close()`.
    public private(set) var isClosed = false

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
        defer {
            let handle = EngineHandle(self)
            self.handle = handle
            EngineHandle.live.withLock { $0[id] = handle }
        }
        self.configuration = configuration
        vm = configuration.vm ?? ScriptVM.shared
        loop = EventLoop(clock: configuration.clock)
        let context = ScriptContext(vm: vm)
        self.context = context
        installNatives(context)
        try context.evaluate(Prelude.source, sourceURL: Prelude.sourceURL, wantResult: false)
        sdkDeliver = context.function(at: "__bridgeSDK.deliver")
        sdkFireTimer = context.function(at: "__bridgeSDK.fireTimer")
        sdkInvoke = context.function(at: "__bridgeSDK.invoke")
        sdkAddHandler = context.function(at: "__bridgeSDK.addHandler")
        if let onRejection = context.function(at: "__bridgeSDK.onUnhandledRejection") {
            context.setUnhandledRejectionHandler(onRejection)
        }
        for name in configuration.handlerNames {
            addMessageHandler(name)
        }
    }

    /// The clock driving the engine's timers.
    public var clock: any EngineClock { loop.clock }

    /// Installs `window.webkit.messageHandlers.<name>` (idempotent).
    public func addMessageHandler(_ name: String) {
        guard let context, let fn = sdkAddHandler, !handlerNames.contains(name) else { return }
        handlerNames.append(name)
        try? context.call(fn, [.string(name), .number(Double(handlerNames.count - 1))])
    }

    /// Installs the floor-measuring natives `__bench.noop()` and `__bench.roundtrip(fn)` (for
    /// `bridge-bench`; not for pages).
    @_spi(Benchmarks)
    public func installBenchmarkFunctions() {
        context?.installBenchmarkFunctions()
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

    private func run(_ source: String, sourceURL: String?, line: Int, wantResult: Bool) throws(ScriptError) -> JSONValue? {
        guard let context else { throw ScriptError(message: "engine is closed") }
        do {
            return try context.evaluate(source, sourceURL: sourceURL, line: line, wantResult: wantResult)
        } catch {
            var e = error
            // A terminated script carries no location of its own; name the script at least.
            if e.sourceURL == nil { e.sourceURL = sourceURL }
            throw e
        }
    }

    /// Checks a script's syntax without running it.
    ///
    /// - Throws: `ScriptError` naming the line of the syntax error.
    public func checkSyntax(_ source: String, sourceURL: String? = nil, line: Int = 1) throws(ScriptError) {
        guard let context else { throw ScriptError(message: "engine is closed") }
        try context.checkSyntax(source, sourceURL: sourceURL, line: line)
    }

    // MARK: Running

    /// Why `run` stopped before the engine went idle.
    public enum RunStop: Error, Sendable, Equatable {
        /// The run lasted longer than its limit; `pending` says what was still waiting.
        case timeLimit(milliseconds: Double, pending: String)
    }

    /// Runs timers, answers and events until nothing is pending (idle).
    ///
    /// - Parameter limit: milliseconds the run may last (real time; virtual time too on a virtual
    ///   clock). `nil` = no limit.
    /// - Throws: `RunStop.timeLimit` when the limit passes first.
    public func runUntilIdle(limit: Double? = nil) async throws(RunStop) {
        stopRequested = false
        do {
            try await loop.run(limit: limit, shouldStop: { [unowned self] in stopRequested })
        } catch {
            if case .requested = error { return }
            throw RunStop.timeLimit(milliseconds: limit ?? 0, pending: pendingSummary)
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
        while loop.runReadyAndDue(mayContinue: { [unowned self] in !stopRequested }) { any = true }
        return any
    }

    /// `true` when no timer, call or native-to-JS call is pending.
    public var isIdle: Bool { loop.isIdle }

    /// What is still pending, for messages (`"2 timers, 1 call"`).
    public var pendingSummary: String {
        var parts: [String] = []
        let timers = loop.pendingTimers - jsTimers.count - pending.values.filter { $0.timerID != nil }.count
        if timers > 0 { parts.append("\(timers) timer\(timers == 1 ? "" : "s")") }
        if !pending.isEmpty { parts.append("\(pending.count) call\(pending.count == 1 ? "" : "s") (\(pending.values.map(\.method).sorted().joined(separator: ", ")))") }
        if !jsWaiters.isEmpty || !jsTimers.isEmpty { parts.append("\(max(jsWaiters.count, jsTimers.count)) native-to-JS call(s)") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }

    /// Runs `body` after `milliseconds` on the engine's clock (virtual time aware).
    ///
    /// - Returns: an id for `cancelTimer`.
    @discardableResult
    public func schedule(after milliseconds: Double, _ body: @escaping @MainActor () -> Void) -> Int {
        loop.schedule(after: milliseconds, body)
    }

    /// Cancels a timer made by `schedule(after:_:)`.
    public func cancelTimer(_ id: Int) {
        loop.cancelTimer(id)
    }

    // MARK: Closing

    /// Closes the engine: every pending call settles with `CANCELLED` (delivered into JS first),
    /// pending `callJS` calls throw `CANCELLED`, timers are dropped and the context is released.
    /// Calling it twice does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosing = true
        defer {
            handle.invalidate()
            EngineHandle.live.withLock { _ = $0.removeValue(forKey: id) }
        }
        // JS callbacks run by the final delivery may post again; those calls are cancelled too,
        // for a bounded number of rounds.
        for _ in 0..<4 {
            for (callID, call) in pending.sorted(by: { $0.key < $1.key }) where call.responder.claim() {
                finish(callID, .failure(.cancelled(method: call.method)))
            }
            flushOutbox()
            if pending.isEmpty && outboxCount == 0 { break }
        }
        isClosed = true
        for (id, waiter) in jsWaiters {
            jsResults[id] = nil
            waiter.resume(throwing: BridgeError(code: .cancelled, message: "engine closed before the JS handler answered"))
        }
        jsWaiters.removeAll()
        jsTimers.removeAll()
        loop.reset()
        orderedQueues.removeAll()
        sdkDeliver = nil
        sdkFireTimer = nil
        sdkInvoke = nil
        sdkAddHandler = nil
        pageSupport = nil
        pageSupportLoader = nil
        componentInstances.removeAll()
        boundCache.removeAll()
        context = nil
    }

    deinit {
        handle?.invalidate()
        let id = self.id
        EngineHandle.live.withLock { _ = $0.removeValue(forKey: id) }
    }

    func report(_ event: EngineEvent) {
        onEvent?(event)
    }

    func recordUncaught(_ error: ScriptError) {
        uncaughtErrors.append(error)
        report(.exception(error))
    }
}
