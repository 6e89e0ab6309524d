import FoundationEssentials

/// JS-to-native calls: reading the message, lookup, running the handler, settling once.
extension BridgeEngine {
    /// Handles one posted object body, given as its members.
    func receive(members: [(String, JSONValue)], handlerName: String, via: BridgeCall.Via, timeout: Double?, wantsProgress: Bool) {
        let message: BridgeMessage
        do {
            message = try BridgeMessage(members: members)
        } catch {
            let callbackId = members.last { $0.0 == "callbackId" }?.1.stringValue
            let method = members.last { $0.0 == "method" }?.1.stringValue
            refuse(handlerName: handlerName, callbackId: callbackId, method: method, error: error)
            return
        }
        dispatch(message, handlerName: handlerName, via: via, timeout: timeout, wantsProgress: wantsProgress)
    }

    /// Dispatches a message as a call from this engine's page.
    ///
    /// - Parameters:
    ///   - message: the call.
    ///   - via: how it arrived (`message` or `url`).
    ///   - timeout: per-call timeout in ms (overrides action and engine defaults).
    public func dispatch(_ message: BridgeMessage, handlerName: String = "bridge", via: BridgeCall.Via = .message, timeout: Double? = nil, wantsProgress: Bool = false) {
        let call = BridgeCall(method: message.method, params: message.params, callbackId: message.callbackId, handlerName: handlerName, via: via, pageURL: configuration.pageURL, engineID: id)
        if onEvent != nil { report(.call(method: call.method, params: call.params, callbackId: call.callbackId, via: via)) }
        if isClosing {
            settleNow(call, .failure(.cancelled(method: call.method)))
            return
        }
        if let filter = callFilter, let error = filter(call) {
            settleNow(call, .failure(error))
            return
        }
        guard let bound = lookup(message) else {
            settleNow(call, .failure(.methodNotFound(message.method)))
            return
        }
        if let perSecond = configuration.limits.maxCallsPerSecondPerAction, let error = checkRate(call.method, perSecond: perSecond) {
            settleNow(call, .failure(error))
            return
        }
        var options = bound.options
        if let provided = optionsProvider?(message.method) {
            options.timeout = options.timeout ?? provided.timeout
            options.ordered = options.ordered || provided.ordered
            options.permission = options.permission ?? provided.permission
        }
        // The fast path: a synchronous handler answers inline; nothing to track.
        if case .sync(let body) = bound.handler, !options.ordered {
            let outcome: CallOutcome
            do { outcome = .success(try body(call)) } catch { outcome = .failure(.wrapping(error)) }
            settleNow(call, outcome)
            return
        }
        if pending.count >= configuration.limits.maxCallsInFlight {
            settleNow(call, .failure(.rateLimited("\(pending.count) calls are already waiting for an answer (limit \(configuration.limits.maxCallsInFlight))")))
            return
        }
        let callID = nextCallID
        nextCallID += 1
        let handle = self.handle!
        let inbox = loop.inbox
        let responder = BridgeResponder { outcome in
            if MainThread.isCurrent {
                MainActor.assumeIsolated { handle.engine?.accept(callID, outcome) }
            } else {
                inbox.post { handle.engine?.accept(callID, outcome) }
            }
        }
        let limit = timeout ?? options.timeout ?? configuration.defaultCallTimeout
        var entry = PendingCall(method: call.method, callbackId: call.callbackId, responder: responder, timerID: nil, wantsProgress: wantsProgress, offThread: false, orderedKey: options.ordered ? call.method : nil)
        if case .async = bound.handler {
            entry.offThread = true
            loop.offThreadWork += 1
        }
        loop.keepAlive += 1
        if limit > 0, limit.isFinite {
            entry.timerID = loop.schedule(after: limit) { [unowned self] in
                guard let p = pending[callID], p.responder.claim() else { return }
                pending[callID]?.timerID = nil
                finish(callID, .failure(.timeout(method: p.method, milliseconds: limit)))
            }
        }
        pending[callID] = entry
        let start = { [unowned self] in
            let timersBefore = loop.scheduleCount
            run(bound.handler, call, responder)
            // A callback handler that returned without answering and without arming an engine
            // timer is waiting on other threads: virtual time gives it a short real-time grace
            // before jumping to the next timer.
            if case .callback = bound.handler, !responder.isSettled, loop.scheduleCount == timersBefore, pending[callID] != nil, pending[callID]?.offThread == false {
                pending[callID]?.offThread = true
                loop.offThreadWork += 1
            }
        }
        if options.ordered {
            if orderedRunning[call.method] != nil {
                orderedQueues[call.method, default: []].append((callID, start))
            } else {
                orderedRunning[call.method] = callID
                start()
            }
        } else {
            start()
        }
    }

    func run(_ handler: ActionHandler, _ call: BridgeCall, _ responder: BridgeResponder) {
        switch handler {
        case .sync(let body):
            do { responder.succeed(try body(call)) } catch { responder.fail(.wrapping(error)) }
        case .callback(let body):
            body(call, responder)
        case .async(let body):
            Task.detached {
                do {
                    let value = try await body(call)
                    responder.succeed(value)
                } catch {
                    responder.fail(.wrapping(error))
                }
            }
        }
    }

    /// Finds the handler: legacy dispatcher, scoped table, global table. Bound handlers are
    /// cached per engine; component instances are made on first use.
    func lookup(_ message: BridgeMessage) -> Bound? {
        if let legacy = legacyDispatcher, let handler = legacy(message) {
            let options = configuration.scopedRegistry?.options(for: message.method) ?? BridgeRegistry.shared.options(for: message.method) ?? ActionOptions()
            return Bound(handler: handler, options: options)
        }
        if let cached = boundCache[message.method] { return cached }
        var entry = configuration.scopedRegistry?.entry(message.method)
        if entry == nil, configuration.useGlobalRegistry { entry = BridgeRegistry.shared.entry(message.method) }
        guard let entry else { return nil }
        var instance: AnyObject?
        if let type = entry.componentType {
            let key = ObjectIdentifier(type)
            if let existing = componentInstances[key] {
                instance = existing
            } else {
                let made = type.init()
                componentInstances[key] = made
                instance = made
            }
        }
        let bound = Bound(handler: entry.bind(instance), options: entry.options)
        boundCache[message.method] = bound
        return bound
    }

    /// An answer from a responder, on the main actor.
    func accept(_ callID: Int, _ outcome: CallOutcome) {
        guard !isClosed, pending[callID] != nil else { return }
        if case .progress(let value) = outcome {
            guard let p = pending[callID] else { return }
            if onEvent != nil { report(.progress(callbackId: p.callbackId, progress: value)) }
            if p.wantsProgress || p.callbackId.map({ !$0.hasPrefix("cb_") }) == true, let id = p.callbackId {
                enqueue(kind: 1, callbackId: id, value: value, error: nil)
            }
            return
        }
        finish(callID, outcome)
    }

    /// Settles a tracked call (its responder already claimed) and starts the next ordered call.
    func finish(_ callID: Int, _ outcome: CallOutcome) {
        guard let p = pending.removeValue(forKey: callID) else { return }
        if let t = p.timerID { loop.cancelTimer(t) }
        if p.offThread { loop.offThreadWork -= 1 }
        loop.keepAlive -= 1
        deliverFinal(method: p.method, callbackId: p.callbackId, outcome)
        if let key = p.orderedKey, orderedRunning[key] == callID, !isClosing {
            // The running call settled: start the next queued call that is still waiting.
            // Calls that timed out while queued were already answered and must never run.
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
    }

    /// Settles an untracked call at once (sync handlers, refusals).
    func settleNow(_ call: BridgeCall, _ outcome: CallOutcome) {
        deliverFinal(method: call.method, callbackId: call.callbackId, outcome)
    }

    /// A body that could not become a call: `INVALID_MESSAGE` to its callback if it named one,
    /// else reported as an error event.
    func refuse(handlerName: String, callbackId: String?, method: String?, error: BridgeError) {
        report(.error(method: method, callbackId: callbackId, error: error))
        if let callbackId { enqueue(kind: 0, callbackId: callbackId, value: .null, error: error) } else { invalidWithoutCallback += 1 }
    }

    private func deliverFinal(method: String, callbackId: String?, _ outcome: CallOutcome) {
        var outcome = outcome
        if case .success(let value) = outcome, let filter = resultFilter, let error = filter(method, value) {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let value):
            if onEvent != nil { report(.result(method: method, callbackId: callbackId, result: value)) }
            if let callbackId { enqueue(kind: 0, callbackId: callbackId, value: value, error: nil) }
        case .failure(let error):
            report(.error(method: method, callbackId: callbackId, error: error))
            if let callbackId { enqueue(kind: 0, callbackId: callbackId, value: .null, error: error) }
        case .progress:
            break
        }
    }
}

extension BridgeEngine {
    /// Offers a URL the page navigates to (iframe `src`, `location.href`, `window.open`).
    ///
    /// A URL of the legacy bridge scheme is intercepted and dispatched as a call (`via: url`),
    /// never navigated; a malformed one is refused with `INVALID_MESSAGE` (reported as an error
    /// event, and delivered to its callback when one can be read).
    ///
    /// - Returns: `true` when the URL was a bridge URL.
    @discardableResult
    public func offerURL(_ url: String) -> Bool {
        let proto = LegacyURLProtocol(scheme: configuration.urlScheme)
        guard proto.matches(url) else { return false }
        let limits = configuration.limits
        if url.utf8.count > limits.maxMessageBytes {
            refuse(handlerName: proto.scheme, callbackId: nil, method: nil, error: .payloadTooLarge("\(proto.scheme) URL of \(url.utf8.count) bytes is larger than the limit of \(limits.maxMessageBytes) bytes"))
            return true
        }
        do {
            if let message = try proto.message(from: url, maxDepth: configuration.maxDepth) {
                if let error = limits.violation(in: message.params) {
                    refuse(handlerName: proto.scheme, callbackId: message.callbackId, method: message.method, error: error)
                    return true
                }
                dispatch(message, handlerName: proto.scheme, via: .url)
            }
        } catch {
            refuse(handlerName: proto.scheme, callbackId: nil, method: nil, error: error)
        }
        return true
    }
}

extension BridgeEngine {
    /// Runs an action from native code (one component composing another) and hands its outcome
    /// to `completion` on the main actor. The call filter (validation, permissions) applies; no
    /// JS callback is involved and nothing is traced as a page call.
    ///
    /// - Parameters:
    ///   - method: the action.
    ///   - params: its params.
    ///   - completion: receives the result or the error, exactly once.
    public func invoke(_ method: String, params: JSONValue = .object([:]), completion: @escaping @MainActor (Result<JSONValue, BridgeError>) -> Void) {
        let call = BridgeCall(method: method, params: params, callbackId: nil, handlerName: "native", via: .message, pageURL: configuration.pageURL, engineID: id)
        if let filter = callFilter, let error = filter(call) {
            completion(.failure(error))
            return
        }
        guard let bound = lookup(BridgeMessage(method: method, params: params)) else {
            completion(.failure(.methodNotFound(method)))
            return
        }
        let inbox = loop.inbox
        let responder = BridgeResponder { outcome in
            let deliver: @Sendable @MainActor () -> Void = {
                switch outcome {
                case .success(let v): completion(.success(v))
                case .failure(let e): completion(.failure(e))
                case .progress: break
                }
            }
            if MainThread.isCurrent {
                MainActor.assumeIsolated { deliver() }
            } else {
                inbox.post(deliver)
            }
        }
        run(bound.handler, call, responder)
    }

    /// `invoke` as an `async` function.
    ///
    /// - Throws: the action's `BridgeError`.
    public func invoke(_ method: String, params: JSONValue = .object([:])) async throws(BridgeError) -> JSONValue {
        let result: Result<JSONValue, BridgeError> = await withCheckedContinuation { c in
            invoke(method, params: params) { c.resume(returning: $0) }
        }
        return try result.get()
    }
}

extension BridgeEngine {
    /// `true` when a call to `method` would find a handler (legacy dispatcher, scoped or global
    /// table).
    public func hasHandler(for method: String) -> Bool {
        lookup(BridgeMessage(method: method)) != nil
    }
}

extension BridgeEngine {
    /// A one-second fixed window per action on the engine clock.
    func checkRate(_ method: String, perSecond: Int) -> BridgeError? {
        let now = loop.clock.now
        var window = rateWindows[method] ?? (start: now, count: 0)
        if now - window.start >= 1000 { window = (now, 0) }
        window.count += 1
        rateWindows[method] = window
        if window.count > perSecond {
            return .rateLimited("'\(method)' was called more than \(perSecond) times in one second")
        }
        return nil
    }
}
