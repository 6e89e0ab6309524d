package import BridgeValues

/// The extension points a peer protocol layer (WVJB, DSBridge, JsBridge, Cordova, Capacitor)
/// uses: its calls go through the one dispatch path (checks, mocks, registries, limits, trace)
/// and its answers come back to Swift, which delivers them the way the peer's native side does.
extension BridgeEngine {
    /// Dispatches a call of a peer protocol: `method` (e.g. `Service.action`) with any JSON
    /// value as params. Progress and the final outcome go to `reply` (on the main actor); a
    /// synchronous handler or mock answers before this returns. The trace shows the call with
    /// `via` and `callbackId` as given.
    package func dispatchPeerCall(
        method: String, params: JSONValue, callbackId: String?, via: BridgeCall.Via, handlerName: String,
        reply: @escaping @MainActor @Sendable (CallOutcome) -> Void
    ) {
        if let error = configuration.limits.violation(in: params) {
            report(.call(method: method, params: params, callbackId: callbackId, via: via))
            report(.error(method: method, callbackId: callbackId, error: error))
            reply(.failure(error))
            return
        }
        let message = BridgeMessage(method: method, params: params, callbackId: callbackId)
        dispatch(message, handlerName: handlerName, via: via, timeout: nil, wantsProgress: true, fromSDK: false, peerReply: reply)
    }

    /// Adds an interceptor of navigations, asked before the legacy URL scheme: return `true`
    /// for a URL of a peer protocol (it is then never navigated).
    package func addURLInterceptor(_ interceptor: @escaping @MainActor (String) -> Bool) {
        hooks.urlInterceptors.append(interceptor)
    }

    /// Installs `window.webkit.messageHandlers.<name>` whose bodies (any JSON value) go to
    /// `receiver` instead of being read as `{method, params, callbackId}`.
    package func addMessageReceiver(_ name: String, _ receiver: @escaping @MainActor (JSONValue) -> Void) {
        hooks.messageReceivers[name] = receiver
        addMessageHandler(name)
    }

    /// Adds a reader of bodies that are not `{method, …}` on any handler (handler name, body):
    /// `true` when it recognised and handled the body.
    package func addMessageFallback(_ fallback: @escaping @MainActor (String, JSONValue) -> Bool) {
        hooks.messageFallbacks.append(fallback)
    }

    /// Adds a router of native-to-JS calls: given the request number, handler name and argument,
    /// it returns `true` when the page's peer bridge has that handler and was sent the call; it
    /// then completes the request with `completeJSCall`.
    package func addJSCallRouter(_ router: @escaping @MainActor (Int, String, JSCallArgument) -> Bool) {
        hooks.jsCallRouters.append(router)
    }

    /// Adds a router of native events: `emit(name, payload)` also hands them to it (after the
    /// `bridge.on` delivery is queued), so a peer bridge can deliver them its own way.
    package func addEventRouter(_ router: @escaping @MainActor (String, JSONValue) -> Void) {
        hooks.eventRouters.append(router)
    }

    /// Completes a native-to-JS request a router took (once; later answers are dropped).
    package func completeJSCall(_ request: Int, _ result: Result<JSONValue, BridgeError>) {
        jsCalls.complete(request, result)
    }

    /// A partial answer to an open native-to-JS request (traced with `complete: false`).
    package func partialJSResult(_ request: Int, _ value: JSONValue) {
        jsCalls.partial(request, value)
    }

    /// `true` while native-to-JS request `request` waits for its answer.
    package func isJSCallOpen(_ request: Int) -> Bool {
        jsCalls.isOpen(request)
    }

    /// Calls the JS handler `name` through whatever bridge the page registered it with and hands
    /// the outcome to `completion` (traced as `callJS` then `jsResult` or `jsError`). The engine
    /// stays busy until it answers or times out.
    package func callJS(_ name: String, _ argument: JSCallArgument, timeout: Duration? = nil, completion: @escaping @MainActor (Result<JSONValue, BridgeError>) -> Void) {
        do {
            _ = try jsCalls.begin(name, argument, timeout: timeout, completion: completion)
        } catch {
            completion(.failure(error))
        }
    }

    /// Adds work to run when a page's document starts: its DOM exists, none of its scripts ran.
    package func addDocumentStartObserver(_ observer: @escaping @MainActor () -> Void) {
        hooks.documentStartObservers.append(observer)
    }

    /// The page layer says the document started (see `addDocumentStartObserver`).
    package func noteDocumentStart() {
        for observer in hooks.documentStartObservers { observer() }
    }

    /// Runs `body` in a later task of the engine's loop (as a WebView's `evaluateJavaScript`
    /// from a navigation delegate).
    package func enqueueTask(_ body: @escaping @MainActor () -> Void) {
        loop.keepAlive += 1
        let handle = handle
        loop.enqueue {
            guard let engine = handle.engine else { return }
            engine.loop.keepAlive -= 1
            body()
        }
    }
}
