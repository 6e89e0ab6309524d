public import BridgeValues
import BridgeSupport

/// JS-to-native calls: reading the message, checks, lookup, running the handler, settling once.
extension BridgeEngine {
    /// Handles one posted object body, given as its members.
    func receive(members: [(String, JSONValue)], deferredParams: DeferredJSON? = nil, handlerName: String, via: BridgeCall.Via, timeout: Duration?, wantsProgress: Bool, fromSDK: Bool = false) {
        let message: BridgeMessage
        do {
            message = try BridgeMessage(members: members, deferredParams: deferredParams)
        } catch {
            // A body of another protocol on the same handler (Capacitor's `{type, pluginId,
            // methodName}` on `bridge`).
            if !hooks.messageFallbacks.isEmpty {
                let body = JSONValue.object(JSONObject(members: members + (deferredParams.map { [("params", $0.value)] } ?? [])))
                for fallback in hooks.messageFallbacks where fallback(handlerName, body) { return }
            }
            let callbackId = members.last { $0.0.unicodeScalars.elementsEqual("callbackId".unicodeScalars) }?.1.stringValue
            let method = members.last { $0.0.unicodeScalars.elementsEqual("method".unicodeScalars) }?.1.stringValue
            refuse(callbackId: callbackId, method: method, error: error, fromSDK: fromSDK)
            return
        }
        dispatch(message, handlerName: handlerName, via: via, timeout: timeout, wantsProgress: wantsProgress, fromSDK: fromSDK)
    }

    /// Dispatches a message as a call from this engine's page.
    ///
    /// Order: the engine closing (`CANCELLED`), the call checks (capabilities, schemas, by
    /// stage), the lookup (`METHOD_NOT_FOUND`), the rate limit, then the handler.
    ///
    /// - Parameters:
    ///   - message: the call.
    ///   - handlerName: the message handler it arrived on.
    ///   - via: how it arrived (`message` or `url`).
    ///   - timeout: per-call timeout (overrides action and engine defaults).
    ///   - wantsProgress: deliver progress updates to the SDK's caller.
    public func dispatch(_ message: BridgeMessage, handlerName: String = "bridge", via: BridgeCall.Via = .message, timeout: Duration? = nil, wantsProgress: Bool = false) {
        dispatch(message, handlerName: handlerName, via: via, timeout: timeout, wantsProgress: wantsProgress, fromSDK: false)
    }

    /// `fromSDK`: the prelude's SDK sent the message through its own entry point, so an answer
    /// to its `cb_<n>` goes to the SDK's pending promise.
    func dispatch(_ message: BridgeMessage, handlerName: String, via: BridgeCall.Via, timeout: Duration?, wantsProgress: Bool, fromSDK: Bool, sdkCallback: Int? = nil, peerReply: (@MainActor @Sendable (CallOutcome) -> Void)? = nil) {
        // (Made whole, a `let`: a `var` changed after its creation was copied at each call below.)
        let call = BridgeCall(method: message.method, paramsStorage: message.paramsStorage, callbackId: message.callbackId, handlerName: handlerName, via: via, pageURL: configuration.pageURL,
                              engineID: id, sdkCallback: fromSDK ? sdkCallback ?? message.callbackId.flatMap(SDKCallbackID.number) : nil, peerReply: peerReply)
        if hooks.observesCallTraffic { report(.call(method: call.method, params: call.params, callbackId: call.callbackId, via: via)) }
        if isClosing {
            calls.settle(call, .failure(.cancelled(method: call.method)))
            return
        }
        let options = resolver.options(for: message.method)
        if let error = hooks.firstRefusal(call, options) {
            calls.settle(call, .failure(error))
            return
        }
        guard let handler = resolver.handler(for: message) else {
            calls.settle(call, .failure(.methodNotFound(message.method)))
            ComponentDiagnostics.noteMissing(message.method, engine: self)
            return
        }
        if let perSecond = configuration.limits.maxCallsPerSecondPerAction, let error = calls.rateRefusal(call.method, perSecond: perSecond) {
            calls.settle(call, .failure(error))
            return
        }
        // The fast path: a synchronous handler answers inline; nothing to track.
        if case .sync(let body) = handler, !options.ordered {
            let outcome: CallOutcome
            do { outcome = .success(try body(call)) } catch { outcome = .failure(.wrapping(error)) }
            calls.settle(call, outcome)
            return
        }
        calls.start(call, handler: handler, options: options, timeout: timeout, wantsProgress: wantsProgress)
    }

    /// Runs a handler for a call; returns the task of an `.async` handler (so a timeout or
    /// close can cancel it).
    @discardableResult
    func run(_ handler: ActionHandler, _ call: BridgeCall, _ responder: BridgeResponder) -> Task<Void, Never>? {
        switch handler {
        case .sync(let body):
            do { responder.succeed(try body(call)) } catch { responder.fail(.wrapping(error)) }
            return nil
        case .callback(let body):
            body(call, responder)
            return nil
        case .async(let body):
            return Task.detached {
                do {
                    let value = try await body(call)
                    responder.succeed(value)
                } catch is CancellationError where responder.isSettled {
                    // Cancelled because the call already settled (timeout, close).
                } catch {
                    responder.fail(.wrapping(error))
                }
            }
        }
    }

    /// A body that could not become a call: `INVALID_MESSAGE` (or the limit it broke) to its
    /// callback if it named one, else reported as an error event only.
    func refuse(callbackId: String?, method: String?, error: BridgeError, fromSDK: Bool = false) {
        report(.error(method: method, callbackId: callbackId, error: error))
        if let callbackId {
            outbox.enqueue(.final, id: callbackId, sdk: fromSDK ? SDKCallbackID.number(callbackId) : nil, value: .null, error: error)
        } else {
            invalidWithoutCallback += 1
        }
    }

    /// Offers a URL the page navigates to (iframe `src`, `location.href`, `window.open`).
    ///
    /// A URL of the legacy bridge scheme is intercepted and dispatched as a call (`via: url`),
    /// never navigated. A malformed or oversized one is refused (`INVALID_MESSAGE`,
    /// `PAYLOAD_TOO_LARGE`) and reported as an error event; one whose params break a string or
    /// array limit is refused to its callback.
    ///
    /// - Returns: `true` when the URL was a bridge URL.
    @discardableResult
    public func offerURL(_ url: String) -> Bool {
        for interceptor in hooks.urlInterceptors where interceptor(url) { return true }
        let proto = LegacyURLProtocol(scheme: configuration.urlScheme)
        guard proto.matches(url) else { return false }
        let limits = configuration.limits
        if url.utf8.count > limits.maxMessageBytes {
            refuse(callbackId: nil, method: nil, error: .payloadTooLarge("\(proto.scheme) URL of \(url.utf8.count) bytes is larger than the limit of \(limits.maxMessageBytes) bytes"))
            return true
        }
        do {
            if let message = try proto.message(from: url, maxDepth: configuration.maxDepth) {
                if let error = limits.violation(in: message.params) {
                    refuse(callbackId: message.callbackId, method: message.method, error: error)
                    return true
                }
                dispatch(message, handlerName: proto.scheme, via: .url)
            }
        } catch {
            refuse(callbackId: nil, method: nil, error: error)
        }
        return true
    }

    /// A navigation that is not a bridge URL, for the observers (the page layer reports them).
    package func noteNavigation(_ url: String, kind: NavigationKind) {
        report(.navigate(["url": .string(url), "kind": .string(kind.rawValue), "intercepted": false]))
        for observer in hooks.navigationObservers { observer(url, kind) }
    }

    /// Runs an action from native code (one component composing another) and hands its outcome
    /// to `completion` on the main actor, exactly once: the handler's answer, `TIMEOUT` after the
    /// action's timeout, or `CANCELLED` when the engine closes first. The call checks
    /// (permissions, validation) apply; no JS callback is involved and nothing is traced as a
    /// page call.
    ///
    /// - Parameters:
    ///   - method: the action.
    ///   - params: its params.
    ///   - completion: receives the result or the error, exactly once.
    public func invoke(_ method: String, params: JSONValue = .object([:]), completion: @escaping @MainActor (Result<JSONValue, BridgeError>) -> Void) {
        let call = BridgeCall(method: method, params: params, callbackId: nil, handlerName: "native", via: .message, pageURL: configuration.pageURL, engineID: id)
        if isClosing || isClosed {
            completion(.failure(.cancelled(method: method)))
            return
        }
        let options = resolver.options(for: method)
        if let error = hooks.firstRefusal(call, options) {
            completion(.failure(error))
            return
        }
        guard let handler = resolver.handler(for: BridgeMessage(method: method, params: params)) else {
            completion(.failure(.methodNotFound(method)))
            return
        }
        let native = NativeInvocation(engine: self, method: method, offThread: { if case .sync = handler { false } else { true } }(), completion: completion)
        let limit = options.timeout ?? configuration.defaultCallTimeout
        native.arm(timeout: limit)
        let inbox = loop.inbox
        let responder = BridgeResponder { outcome in
            let deliver: @Sendable @MainActor () -> Void = {
                switch outcome {
                case .success(let v): native.finish(.success(v))
                case .failure(let e): native.finish(.failure(e))
                case .progress: return
                }
            }
            if MainThread.isCurrent {
                MainActor.assumeIsolated { deliver() }
            } else {
                inbox.post(deliver)
            }
        }
        native.task = run(handler, call, responder)
    }

    /// `invoke` as an `async` function. Drives the engine's loop while it waits when nothing
    /// else runs it, so an `.async` or off-thread handler's answer arrives.
    ///
    /// - Throws: the action's `BridgeError` (`TIMEOUT`, `CANCELLED` as for `invoke`).
    public func invoke(_ method: String, params: JSONValue = .object([:])) async throws(BridgeError) -> JSONValue {
        let box = InvocationResult()
        invoke(method, params: params) { box.set($0) }
        if box.value == nil, !loop.isRunning {
            try? await loop.run(limit: nil, shouldStop: { false }, until: { box.value != nil })
        }
        if let value = box.value { return try value.get() }
        // Someone else drives the loop: the completion resumes us (it always comes: answer,
        // timeout or close).
        let result = await withCheckedContinuation { box.wait($0) }
        return try result.get()
    }

    /// `true` when a call to `method` would find a handler (a dispatcher, the scoped or the
    /// global table).
    public func hasHandler(for method: String) -> Bool {
        resolver.handler(for: BridgeMessage(method: method)) != nil
    }

    /// The options calls to `method` run with: the registration's, overridden by the first
    /// option source (schemas) that declares the action (see `addOptionsSource`).
    public func options(for method: String) -> ActionOptions {
        resolver.options(for: method)
    }

    /// The permission an action needs (from its resolved options).
    public func permission(for method: String) -> String? {
        resolver.options(for: method).permission
    }
}
