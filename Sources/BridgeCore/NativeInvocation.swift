import BridgeValues

/// One native-to-native call (`BridgeEngine.invoke`): settles once with the handler's answer,
/// its timeout, or `CANCELLED` when the engine closes; keeps the loop alive meanwhile.
@MainActor
final class NativeInvocation {
    private unowned(unsafe) let engine: BridgeEngine
    private let method: String
    private let offThread: Bool
    private var completion: (@MainActor (Result<JSONValue, BridgeError>) -> Void)?
    private var timer: Int?
    /// The `.async` handler's task, cancelled when the call settles otherwise.
    var task: Task<Void, Never>?

    /// `unowned(unsafe)`: the engine outlives every invocation it runs (close settles them all).
    init(engine: BridgeEngine, method: String, offThread: Bool, completion: @escaping @MainActor (Result<JSONValue, BridgeError>) -> Void) {
        self.engine = engine
        self.method = method
        self.offThread = offThread
        self.completion = completion
        engine.loop.keepAlive += 1
        if offThread { engine.loop.offThreadWork += 1 }
        engine.hooks.closeObservers.append { [self] in finish(.failure(.cancelled(method: method))) }
    }

    func arm(timeout: Duration) {
        guard timeout > .zero, completion != nil else { return }
        timer = engine.loop.schedule(after: timeout) { [self] in
            timer = nil
            finish(.failure(.timeout(method: method, after: timeout)))
        }
    }

    func finish(_ result: Result<JSONValue, BridgeError>) {
        guard let completion else { return }
        self.completion = nil
        if let timer { engine.loop.cancelTimer(timer) }
        task?.cancel()
        engine.loop.keepAlive -= 1
        if offThread { engine.loop.offThreadWork -= 1 }
        completion(result)
    }
}

/// Where `invoke`'s async form waits for its completion.
@MainActor
final class InvocationResult {
    private(set) var value: Result<JSONValue, BridgeError>?
    private var waiter: CheckedContinuation<Result<JSONValue, BridgeError>, Never>?

    func set(_ result: Result<JSONValue, BridgeError>) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: result)
        } else {
            value = result
        }
    }

    func wait(_ continuation: CheckedContinuation<Result<JSONValue, BridgeError>, Never>) {
        if let value { continuation.resume(returning: value) } else { waiter = continuation }
    }
}
