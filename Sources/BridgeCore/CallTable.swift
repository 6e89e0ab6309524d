import BridgeValues
import BridgeSupport
import ScriptEngine

/// Calls from JS that wait for their answer, and how each settles exactly once: by its handler's
/// answer, its timeout, or the engine closing. Ordered actions run one at a time in arrival
/// order; a call that timed out while queued never starts.
@MainActor
final class CallTable {
    /// A call waiting for its answer. A class: the table's look-ups (an answer, a timeout, the
    /// loop asking whether a timeout is armed) then retain one object, not every field of the call.
    final class PendingCall {
        let call: BridgeCall
        let responder: BridgeResponder
        /// Its timeout is armed on the loop (an owned timer named by the call's id).
        var timerArmed = false
        /// The timeout (for the message).
        let limit: Duration
        let wantsProgress: Bool
        var offThread = false
        let orderedKey: String?
        /// The task running an `.async` handler, cancelled when the call settles otherwise.
        var task: Task<Void, Never>?

        init(call: BridgeCall, responder: BridgeResponder, limit: Duration, wantsProgress: Bool, orderedKey: String?) {
            self.call = call
            self.responder = responder
            self.limit = limit
            self.wantsProgress = wantsProgress
            self.orderedKey = orderedKey
        }
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
    var armedTimers: Int { pending.values.filter(\.timerArmed).count }

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
        let entry = PendingCall(call: call, responder: responder, limit: limit, wantsProgress: wantsProgress, orderedKey: options.ordered ? call.method : nil)
        if case .async = handler {
            entry.offThread = true
            loop.offThreadWork += 1
        }
        loop.keepAlive += 1
        if limit > .zero {
            // An owned timer (the engine made this table the loop's owner): no closure and no
            // timer-table entry per call (see `timerFired`).
            loop.scheduleOwned(after: limit, token: callID)
            entry.timerArmed = true
        }
        pending[callID] = entry
        let run = { [unowned self] in
            let timersBefore = loop.scheduleCount
            let task = engine.run(handler, call, responder)
            if let task {
                if let p = pending[callID] { p.task = task } else { task.cancel() }
            }
            // A callback handler that returned without answering and without arming an engine
            // timer is waiting on other threads: virtual time gives it a short real-time grace
            // before jumping to the next timer.
            if case .callback = handler, !responder.isSettled, loop.scheduleCount == timersBefore, let p = pending[callID], !p.offThread {
                p.offThread = true
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
        guard !engine.isClosed else { return }
        if case .progress(let value) = outcome {
            guard let p = pending[callID] else { return }
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
        if p.timerArmed { loop.cancelledOwned() }
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
        if case .success(let value) = outcome {
            for check in engine.hooks.resultChecks {
                if let error = check(call, value) { return deliver(call, .failure(error)) }
            }
        }
        deliver(call, outcome)
    }

    /// The outcome as it stands, to its place: the peer's reply or the page's callback (read in
    /// place: `settle` had copied it only to replace it, ~30 ns of `rt-batch`'s ~3.8 µs a call).
    private func deliver(_ call: BridgeCall, _ outcome: CallOutcome) {
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

extension CallTable: TimerOwner {
    /// A waiting call's timeout is armed until it fires or the call settles.
    func isTimerArmed(_ token: Int) -> Bool {
        pending[token]?.timerArmed == true
    }

    /// The call's timeout: it settles with `TIMEOUT` unless its answer is already on its way.
    func timerFired(_ token: Int) {
        // Disarmed first: the loop counted it as fired, and the answer on its way must not
        // cancel it again.
        guard let p = pending[token] else { return }
        p.timerArmed = false
        guard p.responder.claimForEngine() else { return }
        finish(token, .failure(.timeout(method: p.call.method, after: p.limit)))
    }
}
