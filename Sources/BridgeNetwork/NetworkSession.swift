import BridgeCore
import BridgeValues
import ScriptEngine

/// The network layer's state for one engine (kept in `engine.attachments`): the requests
/// waiting for their answer, the fixture rules' counters, the open WebSockets, and the page
/// script's `deliver` entry point.
///
/// Every asynchronous request counts in the loop's `keepAlive` until its answer is delivered,
/// it is aborted or the engine closes; a delayed answer waits on a loop timer, so
/// `--virtual-time` jumps to it.
@MainActor
final class NetworkSession {
    /// A request waiting for its answer.
    struct Pending {
        var method: String
        var url: String
        /// The loop timer of a delayed answer (or of an XHR timeout).
        var timer: Int?
    }

    unowned let engine: BridgeEngine
    var resolver: RequestResolver
    /// The page script's `deliver(kind, id, meta, text, binary)`, handed over by `bind`.
    var deliver: ScriptFunction?
    var pending: [Int: Pending] = [:]
    var sockets: [Int: SocketState] = [:]
    private var nextID = 0

    init(engine: BridgeEngine, configuration: NetworkConfiguration) {
        self.engine = engine
        resolver = RequestResolver(configuration: configuration)
    }

    /// The session of `engine`, if the network layer is installed.
    static func of(_ engine: BridgeEngine) -> NetworkSession? {
        engine.attachments[ObjectIdentifier(NetworkSession.self)] as? NetworkSession
    }

    func allocateID() -> Int {
        nextID += 1
        return nextID
    }

    var pageURL: String { engine.configuration.pageURL }

    // MARK: Requests

    /// Starts a request; its answer is delivered on a later turn of the loop (after the
    /// fixture's delay, or at the XHR timeout if that comes first).
    func start(_ request: NetworkRequest, timeout: Duration?, followRedirects: Bool) -> Int {
        let id = allocateID()
        traceRequest(id, request, sync: false)
        let answer = resolver.answer(request, followRedirects: followRedirects)
        let loop = engine.loop
        loop.keepAlive += 1
        var entry = Pending(method: request.method, url: request.url, timer: nil)
        if let timeout, timeout > .zero, answer.delay >= timeout {
            entry.timer = loop.schedule(after: timeout) { [unowned self] in
                guard finish(id) != nil else { return }
                trace(.http(NetworkEvent(phase: "timeout", id: id, url: request.url, details: ["method": .string(request.method), "timeoutMs": .number(timeout.milliseconds)])))
                call([.number(0), .number(Double(id)), .json(["timeout": true])])
            }
        } else if answer.delay > .zero {
            entry.timer = loop.schedule(after: answer.delay) { [unowned self] in deliverAnswer(id, request, answer) }
        } else {
            loop.enqueue { [unowned self] in deliverAnswer(id, request, answer) }
        }
        pending[id] = entry
        return id
    }

    /// Serves a synchronous request at once (no delay): the answer as the JS value the page
    /// script reads.
    func serveNow(_ request: NetworkRequest, followRedirects: Bool) -> JSONValue {
        let id = allocateID()
        traceRequest(id, request, sync: true)
        let answer = resolver.answer(request, followRedirects: followRedirects)
        traceAnswer(id, request, answer)
        var meta = Self.meta(answer)
        if case .response(_, _, _, let body) = answer.outcome {
            let (text, binary) = Self.bodyStrings(body)
            meta["text"] = .string(text)
            if let binary { meta["binary"] = .string(binary) }
        }
        return .object(meta)
    }

    /// Stops waiting for request `id` (the page aborted it).
    func abort(_ id: Int) {
        guard let entry = finish(id) else { return }
        trace(.http(NetworkEvent(phase: "abort", id: id, url: entry.url, details: ["method": .string(entry.method)])))
    }

    /// Removes a pending request, cancelling its timer; `nil` when it was not pending.
    @discardableResult
    private func finish(_ id: Int) -> Pending? {
        guard let entry = pending.removeValue(forKey: id) else { return nil }
        if let timer = entry.timer { engine.cancelTimer(timer) }
        engine.loop.keepAlive -= 1
        return entry
    }

    private func deliverAnswer(_ id: Int, _ request: NetworkRequest, _ answer: NetworkAnswer) {
        guard finish(id) != nil else { return }
        traceAnswer(id, request, answer)
        var args: [ScriptArgument] = [.number(0), .number(Double(id)), .json(.object(Self.meta(answer)))]
        if case .response(_, _, _, let body) = answer.outcome {
            let (text, binary) = Self.bodyStrings(body)
            args.append(.string(text))
            if let binary { args.append(.string(binary)) }
        }
        call(args)
    }

    /// Calls the page script's `deliver`; an exception escaping it is recorded as uncaught.
    func call(_ args: [ScriptArgument]) {
        guard let context = engine.context, let deliver else { return }
        do { try context.call(deliver, args) } catch { engine.recordUncaught(error) }
    }

    /// The answer's fields the page script reads (without the body). `Set-Cookie` and
    /// `Set-Cookie2` are left out, as browsers hide them from fetch and XMLHttpRequest (the trace
    /// still shows them).
    static func meta(_ answer: NetworkAnswer) -> JSONObject {
        switch answer.outcome {
        case let .response(status, statusText, headers, body):
            let visible = headers.filter { !isForbiddenResponseHeader($0.name) }
            return [
                "status": .number(Double(status)), "statusText": .string(statusText), "url": .string(answer.url), "length": .number(Double(body.count)),
                "redirected": .bool(answer.redirected), "headers": .array(visible.map { [.string($0.name), .string($0.value)] }),
            ]
        case let .failure(message, _):
            return ["error": .string(message)]
        }
    }

    static func isForbiddenResponseHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "set-cookie" || lower == "set-cookie2"
    }

    /// The body as the page script gets it: UTF-8 text (invalid sequences replaced), and, when
    /// the bytes are not valid UTF-8, also one character per byte for `arrayBuffer()`.
    static func bodyStrings(_ body: [UInt8]) -> (text: String, binary: String?) {
        if let text = String(validating: body, as: UTF8.self) { return (text, nil) }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: body.map { Unicode.Scalar($0) })
        return (String(decoding: body, as: UTF8.self), String(scalars))
    }

    // MARK: Lifecycle

    /// What is pending, for the engine's summary: requests, and sockets whose server still has
    /// steps scheduled.
    var pendingWork: PendingWork {
        let requests = pending.sorted { $0.key < $1.key }
        let busySockets = sockets.values.filter { !$0.timers.isEmpty }
        let timers = requests.filter { $0.value.timer != nil }.count + busySockets.reduce(0) { $0 + $1.timers.count }
        var parts: [String] = []
        if !requests.isEmpty {
            let shown = requests.prefix(3).map { "\($0.value.method) \($0.value.url)" }.joined(separator: ", ")
            parts.append("\(requests.count) HTTP request\(requests.count == 1 ? "" : "s") (\(shown)\(requests.count > 3 ? ", …" : ""))")
        }
        if !busySockets.isEmpty { parts.append("\(busySockets.count) WebSocket\(busySockets.count == 1 ? "" : "s") with scripted steps") }
        return PendingWork(timers: timers, summary: parts.isEmpty ? nil : parts.joined(separator: ", "))
    }

    /// The engine is closing: forget everything (the loop drops its timers and keep-alives).
    func close() {
        pending.removeAll()
        sockets.removeAll()
        deliver = nil
    }
}
