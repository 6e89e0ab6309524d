import BridgeValues
import BridgeSupport

/// Calls from JS that wait for their answer, and how each settles exactly once: by its handler's
/// answer, its timeout, or the engine closing. Ordered actions run one at a time in arrival
/// order; a call that timed out while queued never starts.
@MainActor
final class CallTable {
    /// A call waiting for its answer.
    struct PendingCall {
        var call: BridgeCall
        var responder: BridgeResponder
        var timerID: Int?
        var wantsProgress: Bool
        var offThread: Bool
        var orderedKey: String?
        /// The task running an `.async` handler, cancelled when the call settles otherwise.
        var task: Task<Void, Never>?
    }

    private unowned(unsafe) let engine: BridgeEngine
    private var pending: [Int: PendingCall] = [:]
    private var nextCallID = 0
    private var orderedQueues: [String: [(Int, () -> Void)]] = [:]
    /// The running call of each ordered action.
    private var orderedRunning: [String: Int] = [:]
    /// One-second fixed windows per action, for the rate limit.
    private var rateWindows: [String: (start: Duration, count: Int)] = [:]

    /// `unowned(unsafe)`: created by the engine's initializer, held only by the engine.
    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// Calls waiting for an answer.
    var count: Int { pending.count }

    /// The methods of the waiting calls, sorted (for messages).
    var pendingMethods: [String] { pending.values.map(\.call.method).sorted() }

    /// Waiting calls that armed a timeout timer.
    var armedTimers: Int { pending.values.filter { $0.timerID != nil }.count }

    /// Starts tracking a call whose handler answers later, and runs it (or queues it behind the
    /// running call of its ordered action).
    func start(_ call: BridgeCall, handler: ActionHandler, options: ActionOptions, timeout: Duration?, wantsProgress: Bool) {
        let loop = engine.loop
        let limits = engine.configuration.limits
        if pending.count >= limits.maxCallsInFlight {
            settle(call, .failure(.rateLimited("\(pending.count) calls are already waiting for an answer (limit \(limits.maxCallsInFlight))")))
            return
        }
        let callID = nextCallID
        nextCallID += 1
        let handle = engine.handle
        let inbox = loop.inbox
        let responder = BridgeResponder { outcome in
            if MainThread.isCurrent {
                MainActor.assumeIsolated { handle.engine?.calls.accept(callID, outcome) }
            } else {
                inbox.post { handle.engine?.calls.accept(callID, outcome) }
            }
        }
        let limit = timeout ?? options.timeout ?? engine.configuration.defaultCallTimeout
        var entry = PendingCall(call: call, responder: responder, timerID: nil, wantsProgress: wantsProgress, offThread: false, orderedKey: options.ordered ? call.method : nil)
        if case .async = handler {
            entry.offThread = true
            loop.offThreadWork += 1
        }
        loop.keepAlive += 1
        if limit > .zero {
            entry.timerID = loop.schedule(after: limit) { [unowned self] in
                guard let p = pending[callID], p.responder.claimForEngine() else { return }
                pending[callID]?.timerID = nil
                finish(callID, .failure(.timeout(method: p.call.method, after: limit)))
            }
        }
        pending[callID] = entry
        let run = { [unowned self] in
            let timersBefore = loop.scheduleCount
            let task = engine.run(handler, call, responder)
            if let task {
                if pending[callID] != nil { pending[callID]?.task = task } else { task.cancel() }
            }
            // A callback handler that returned without answering and without arming an engine
            // timer is waiting on other threads: virtual time gives it a short real-time grace
            // before jumping to the next timer.
            if case .callback = handler, !responder.isSettled, loop.scheduleCount == timersBefore, let p = pending[callID], !p.offThread {
                pending[callID]?.offThread = true
                loop.offThreadWork += 1
            }
        }
        if options.ordered {
            if orderedRunning[call.method] != nil {
                orderedQueues[call.method, default: []].append((callID, run))
            } else {
                orderedRunning[call.method] = callID
                run()
            }
        } else {
            run()
        }
    }

    /// An answer from a responder, on the main actor.
    func accept(_ callID: Int, _ outcome: CallOutcome) {
        guard !engine.isClosed, let p = pending[callID] else { return }
        if case .progress(let value) = outcome {
            if engine.hooks.observesCallTraffic { engine.report(.progress(callbackId: p.call.callbackId, progress: value)) }
            if let reply = p.call.peerReply { reply(outcome); return }
            if let id = p.call.callbackId, p.wantsProgress || p.call.sdkCallback == nil {
                engine.outbox.enqueue(.progress, id: id, sdk: p.call.sdkCallback, value: value, error: nil)
            }
            return
        }
        finish(callID, outcome)
    }

    /// Settles a tracked call (its responder already claimed) and starts the next ordered call.
    private func finish(_ callID: Int, _ outcome: CallOutcome) {
        guard let p = pending.removeValue(forKey: callID) else { return }
        let loop = engine.loop
        if let t = p.timerID { loop.cancelTimer(t) }
        if p.offThread { loop.offThreadWork -= 1 }
        loop.keepAlive -= 1
        p.task?.cancel()
        settle(p.call, outcome)
        guard let key = p.orderedKey, orderedRunning[key] == callID, !engine.isClosing else { return }
        // The running call settled: start the next queued call that is still waiting. Calls that
        // timed out while queued were already answered and must never run.
        var queue = orderedQueues[key] ?? []
        var next: (Int, () -> Void)?
        while next == nil, !queue.isEmpty {
            let queued = queue.removeFirst()
            if pending[queued.0] != nil { next = queued }
        }
        orderedQueues[key] = queue.isEmpty ? nil : queue
        if let (nextID, start) = next {
            orderedRunning[key] = nextID
            start()
        } else {
            orderedRunning[key] = nil
        }
    }

    /// Settles a call at once: the result check applies to a success, the outcome is traced, and
    /// the final answer is queued for JS when the call named a callback.
    func settle(_ call: BridgeCall, _ outcome: CallOutcome) {
        var outcome = outcome
        if case .success(let value) = outcome {
            for check in engine.hooks.resultChecks {
                if let error = check(call, value) {
                    outcome = .failure(error)
                    break
                }
            }
        }
        if let reply = call.peerReply {
            switch outcome {
            case .success(let value): if engine.hooks.observesCallTraffic { engine.report(.result(method: call.method, callbackId: call.callbackId, result: value)) }
            case .failure(let error): engine.report(.error(method: call.method, callbackId: call.callbackId, error: error))
            case .progress: break
            }
            reply(outcome)
            return
        }
        switch outcome {
        case .success(let value):
            if engine.hooks.observesCallTraffic { engine.report(.result(method: call.method, callbackId: call.callbackId, result: value)) }
            if let id = call.callbackId { engine.outbox.enqueue(.final, id: id, sdk: call.sdkCallback, value: value, error: nil) }
        case .failure(let error):
            engine.report(.error(method: call.method, callbackId: call.callbackId, error: error))
            if let id = call.callbackId { engine.outbox.enqueue(.final, id: id, sdk: call.sdkCallback, value: .null, error: error) }
        case .progress:
            break
        }
    }

    /// A one-second fixed window per action on the engine clock: the refusal when `method` was
    /// called more than `perSecond` times in the current window.
    func rateRefusal(_ method: String, perSecond: Int) -> BridgeError? {
        let now = engine.loop.clock.now
        var window = rateWindows[method] ?? (start: now, count: 0)
        if now - window.start >= .seconds(1) { window = (now, 0) }
        window.count += 1
        rateWindows[method] = window
        if window.count > perSecond {
            return .rateLimited("'\(method)' was called more than \(perSecond) times in one second")
        }
        return nil
    }

    /// Settles every waiting call with `CANCELLED`, in arrival order. Returns whether any was.
    @discardableResult
    func cancelAll() -> Bool {
        var any = false
        for (callID, p) in pending.sorted(by: { $0.key < $1.key }) where p.responder.claimForEngine() {
            finish(callID, .failure(.cancelled(method: p.call.method)))
            any = true
        }
        return any
    }

    /// Forgets the ordered queues (engine close, after `cancelAll`).
    func reset() {
        orderedQueues.removeAll()
        orderedRunning.removeAll()
    }
}
