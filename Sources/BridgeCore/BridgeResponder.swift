import Synchronization
public import BridgeValues

/// The outcome a responder delivers.
package enum CallOutcome: Sendable {
    case success(JSONValue)
    case failure(BridgeError)
    case progress(JSONValue)
}

/// Answers one call, exactly once, from any thread.
///
/// The first of `succeed`, `fail` or `respond` wins; later answers (and answers after a timeout
/// or after the engine closed) are dropped and return `false`. `progress` may be sent any number
/// of times before the final answer. Answers from other threads hop to the engine's main-actor
/// loop; answers that arrive together share one hop. A handler that started work of its own (a
/// timer, a request) can stop it when the call settles without it — its timeout, the engine
/// closing — with `onCancel`.
public final class BridgeResponder: Sendable {
    private let settled = Atomic<Bool>(false)
    private let sink: @Sendable (CallOutcome) -> Void
    /// Work to stop when the engine settles the call instead of the handler (dropped unrun when
    /// the handler answers).
    private let cancellations = Mutex<(handlers: [@Sendable () -> Void], cancelled: Bool)>(([], false))

    init(sink: @escaping @Sendable (CallOutcome) -> Void) {
        self.sink = sink
    }

    /// Answers with a result. Returns `false` if the call had already settled.
    @discardableResult
    public func succeed(_ result: JSONValue) -> Bool {
        guard claim() else { return false }
        sink(.success(result))
        return true
    }

    /// Answers with an `Encodable` result (encoding failure answers `HANDLER_ERROR`).
    @discardableResult
    public func succeed<T: Encodable & Sendable>(encoding result: T) -> Bool {
        do {
            return succeed(try JSONValue(encoding: result))
        } catch {
            return fail(error)
        }
    }

    /// Answers with an error. Returns `false` if the call had already settled.
    @discardableResult
    public func fail(_ error: BridgeError) -> Bool {
        guard claim() else { return false }
        sink(.failure(error))
        return true
    }

    /// Answers with a `Result`; any error that is not a `BridgeError` becomes `HANDLER_ERROR`.
    @discardableResult
    public func respond(_ result: Result<JSONValue, any Error>) -> Bool {
        switch result {
        case .success(let v): return succeed(v)
        case .failure(let e): return fail(.wrapping(e))
        }
    }

    /// Sends a progress update (dropped after the final answer or if the JS side did not ask
    /// for progress).
    public func progress(_ value: JSONValue) {
        guard !isSettled else { return }
        sink(.progress(value))
    }

    /// `true` once the call has a final answer (from the handler, a timeout or close).
    public var isSettled: Bool { settled.load(ordering: .acquiring) }

    /// Runs `body` if the call settles without this responder (it timed out, the engine
    /// closed): the place to cancel a timer or a request the handler started. If that already
    /// happened, `body` runs at once; if the handler answers first, it never runs.
    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let runNow = cancellations.withLock { state -> Bool in
            if state.cancelled { return true }
            state.handlers.append(body)
            return false
        }
        if runNow { body() }
    }

    /// Claims the right to settle (the handler's answer).
    func claim() -> Bool {
        settled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// Claims the right to settle for the engine (a timeout, close) and runs the cancellation
    /// handlers. Returns `false` when the call had already settled.
    func claimForEngine() -> Bool {
        guard settled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return false }
        let handlers = cancellations.withLock { state -> [@Sendable () -> Void] in
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for h in handlers { h() }
        return true
    }
}
