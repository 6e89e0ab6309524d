public import BridgeValues

/// Native code talking to the page: events for `bridge.on` listeners and calls of handlers the
/// page registered with `bridge.register`.
extension BridgeEngine {
    /// Emits an event to `bridge.on(name, …)` listeners. Events emitted before any listener
    /// exists are kept (up to `EngineConfiguration.maxEarlyEvents` per name) until one attaches.
    public func emit(_ name: String, _ payload: JSONValue = .null) {
        report(.event(name: name, payload: payload))
        outbox.enqueue(.event, id: name, sdk: nil, value: payload, error: nil)
        for router in hooks.eventRouters { router(name, payload) }
    }

    /// Calls a JS handler registered with `bridge.register(name, fn)` and returns its (awaited)
    /// result. Drives the engine's loop while waiting if nothing else is running it.
    ///
    /// - Parameters:
    ///   - name: the registered name.
    ///   - params: the argument passed to the JS function.
    ///   - timeout: how long to wait (default: the engine's `defaultJSCallTimeout`).
    /// - Throws: `BridgeError` `METHOD_NOT_FOUND` (nothing registered), `HANDLER_ERROR` (the JS
    ///   function threw or rejected), `INVALID_MESSAGE` (its result cannot cross), `TIMEOUT`,
    ///   `CANCELLED` (engine closed).
    public func callJS(_ name: String, _ params: JSONValue = .object([:]), timeout: Duration? = nil) async throws(BridgeError) -> JSONValue {
        try await jsCalls.call(name, params, timeout: timeout)
    }

    /// Calls a JS handler registered with `bridge.register(name, fn)` and hands its answer (or
    /// the error, as for `callJS(_:_:timeout:)`) to `completion`, once, on the main actor. Does
    /// not drive the loop: for callers whose loop is already running (a test driving a page).
    package func callJS(_ name: String, _ params: JSONValue, timeout: Duration?, completion: @escaping @MainActor (Result<JSONValue, BridgeError>) -> Void) {
        jsCalls.call(name, params, timeout: timeout, completion: completion)
    }
}
