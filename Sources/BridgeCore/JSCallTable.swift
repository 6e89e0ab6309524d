import BridgeValues

/// Native-to-JS calls waiting for the answer of a handler the page registered
/// (`bridge.register(name, fn)`): each has a request number the SDK answers through
/// `__native.jsReply`, and a timeout timer. Every request settles once: with the answer, its
/// timeout, or `CANCELLED` when the engine closes.
@MainActor
final class JSCallTable {
    private unowned(unsafe) let engine: BridgeEngine
    private var nextRequest = 0
    /// Answers that arrived while nobody awaited them yet (the call drove the loop itself).
    private var results: [Int: Result<JSONValue, BridgeError>] = [:]
    private var waiters: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    /// The timeout timer of each open request.
    private var timers: [Int: Int] = [:]
    /// The handler name of each open request (for the trace).
    private var names: [Int: String] = [:]
    /// Who hears of a request's answer instead of an awaiting caller (a `$native` step, a test
    /// driving a page: `call(_:_:timeout:completion:)`).
    private var completions: [Int: @MainActor (Result<JSONValue, BridgeError>) -> Void] = [:]

    /// `unowned(unsafe)`: created by the engine's initializer, held only by the engine.
    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// Open requests.
    var count: Int { timers.count }

    /// Calls the JS handler `name` and returns its (awaited) answer; drives the engine's loop
    /// while waiting if nothing else is running it.
    func call(_ name: String, _ params: JSONValue, timeout: Duration?) async throws(BridgeError) -> JSONValue {
        let request = try begin(name, .data(params), timeout: timeout)
        let loop = engine.loop
        if results[request] == nil, !loop.isRunning {
            try? await loop.run(limit: nil, shouldStop: { false }, until: { [unowned self] in results[request] != nil || engine.isClosed })
        }
        if let result = results.removeValue(forKey: request) { return try result.get() }
        if engine.isClosed { throw BridgeError(code: .cancelled, message: "engine closed before the JS handler answered") }
        do {
            return try await withCheckedThrowingContinuation { waiters[request] = $0 }
        } catch {
            throw BridgeError.wrapping(error)
        }
    }

    /// Calls the JS handler `name` and hands its answer to `completion` (once), without awaiting:
    /// for callers on the loop that cannot suspend (a test driving a page's loop). An answer
    /// already there when the call starts (a synchronous handler) is handed over at once.
    func call(_ name: String, _ params: JSONValue, timeout: Duration?, completion: @escaping @MainActor (Result<JSONValue, BridgeError>) -> Void) {
        do {
            _ = try begin(name, .data(params), timeout: timeout, completion: completion)
        } catch {
            completion(.failure(error))
        }
    }


    /// Starts a call of the JS handler `name` and returns its request number; the answer is
    /// kept until someone takes it (`call` awaits it).
    func begin(_ name: String, _ argument: JSCallArgument, timeout: Duration?, completion: (@MainActor (Result<JSONValue, BridgeError>) -> Void)? = nil) throws(BridgeError) -> Int {
        guard !engine.isClosed, let context = engine.host.context, let invoke = engine.host.invoke else {
            throw BridgeError(code: .cancelled, message: "engine is closed")
        }
        nextRequest += 1
        let request = nextRequest
        names[request] = name
        if let completion { completions[request] = completion }
        if engine.hooks.observesCallTraffic { engine.report(.callJS(handler: name, params: argument.traced)) }
        let limit = timeout ?? engine.configuration.defaultJSCallTimeout
        let loop = engine.loop
        loop.keepAlive += 1
        timers[request] = loop.schedule(after: limit) { [unowned self] in
            complete(request, .failure(BridgeError(code: .timeout, message: "JS handler '\(name)' did not answer within \(BridgeError.describe(limit))")))
        }
        for router in engine.hooks.jsCallRouters where router(request, name, argument) { return request }
        do {
            try context.call(invoke, [.number(Double(request)), .string(name), argument.single.map { .json($0) } ?? .undefined])
        } catch {
            complete(request, .failure(.handlerError(error.description)))
        }
        return request
    }

    /// The answer of `request`, once it arrived and if nobody awaits it (taken: asked once).
    func takeResult(_ request: Int) -> Result<JSONValue, BridgeError>? {
        results.removeValue(forKey: request)
    }

    /// Settles request `request` (once; later answers are dropped).
    func complete(_ request: Int, _ result: Result<JSONValue, BridgeError>) {
        guard let timer = timers.removeValue(forKey: request) else { return }
        engine.loop.cancelTimer(timer)
        engine.loop.keepAlive -= 1
        let name = names.removeValue(forKey: request) ?? ""
        if engine.hooks.observesEvents {
            switch result {
            case .success(let value): if engine.hooks.observesCallTraffic { engine.report(.jsResult(handler: name, result: value, complete: true)) }
            case .failure(let error): engine.report(.jsError(handler: name, error: error))
            }
        }
        if let completion = completions.removeValue(forKey: request) {
            completion(result)
            return
        }
        if let waiter = waiters.removeValue(forKey: request) {
            waiter.resume(with: result.mapError { $0 as any Error })
        } else {
            results[request] = result
        }
    }

    /// A partial answer to an open request (a DSBridge handler's progress): traced, the request
    /// stays open.
    func partial(_ request: Int, _ value: JSONValue) {
        guard let name = names[request] else { return }
        if engine.hooks.observesCallTraffic { engine.report(.jsResult(handler: name, result: value, complete: false)) }
    }

    /// `true` while `request` waits for its answer.
    func isOpen(_ request: Int) -> Bool { timers[request] != nil }

    /// Fails every open request with `CANCELLED` (engine close).
    func cancelAll() {
        for (request, waiter) in waiters {
            results[request] = nil
            waiter.resume(throwing: BridgeError(code: .cancelled, message: "engine closed before the JS handler answered"))
        }
        waiters.removeAll()
        let open = completions
        completions.removeAll()
        for (_, completion) in open { completion(.failure(BridgeError(code: .cancelled, message: "engine closed before the JS handler answered"))) }
        timers.removeAll()
        names.removeAll()
        completions.removeAll()
    }
}
