import BridgeCore
import BridgeValues
import ScriptEngine

/// One open (or opening) fixture-driven WebSocket.
struct SocketState {
    var url: String
    var fixture: WebSocketFixture?
    /// `true` once `open` was delivered and until it closes.
    var isOpen = false
    /// The loop timers of the server's scheduled steps.
    var timers: Set<Int> = []
    /// When the server's last scripted step happens (engine clock), so steps keep their order.
    var lastStep: Duration = .zero
    /// When the last reply to a page message goes out: replies follow their message, in order,
    /// independently of the scripted steps (a server answers a ping while a push is pending).
    var lastReply: Duration = .zero
}

/// The fixture-driven WebSocket server: the socket opens, the fixture's messages arrive in
/// order, page messages get the first matching reply, and either side may close. Every step is
/// a `websocket` trace event; a socket with nothing scheduled does not keep the run alive.
extension NetworkSession {
    /// Deliver kinds of the page script's `deliver` for sockets.
    enum SocketKind: Double {
        case open = 1, message = 2, close = 3, error = 4
    }

    func connect(url: String, protocols: [String]) -> Int {
        let id = allocateID()
        let check = resolver.configuration.requestCheck.flatMap { $0(url) }
        let fixture = check == nil ? resolver.configuration.fixture.webSocket(for: url) : nil
        trace(.webSocket(NetworkEvent(phase: "connect", id: id, url: url, details: ["protocols": .array(protocols.map { .string($0) })])))
        sockets[id] = SocketState(url: url, fixture: fixture, lastStep: engine.clock.now)
        guard let fixture, fixture.failure == nil else {
            let reason = check ?? fixture?.failure ?? "no --http-mock WebSocket fixture serves it (there is no network)"
            let cause = check != nil ? "refused" : fixture != nil ? "fixture" : "unserved"
            schedule(id, after: fixture?.openDelay ?? .zero) { [unowned self] in fail(id, reason, cause: cause) }
            return id
        }
        // A server that picks a subprotocol the page did not offer (or offered none) fails the
        // handshake in browsers.
        if !fixture.protocol.isEmpty, !protocols.contains(fixture.protocol) {
            let offered = protocols.isEmpty ? "it offered none" : "it offered \(protocols.joined(separator: ", "))"
            let reason = "the fixture's server chose the subprotocol '\(fixture.protocol)', which the page did not offer (\(offered))"
            schedule(id, after: fixture.openDelay) { [unowned self] in fail(id, reason, cause: "protocol") }
            return id
        }
        schedule(id, after: fixture.openDelay) { [unowned self] in
            sockets[id]?.isOpen = true
            trace(.webSocket(NetworkEvent(phase: "open", id: id, url: url, details: ["protocol": .string(fixture.protocol)])))
            call([.number(SocketKind.open.rawValue), .number(Double(id)), .json(["protocol": .string(fixture.protocol)])])
        }
        for message in fixture.messages { scheduleMessage(id, message) }
        if let close = fixture.close { scheduleClose(id, close) }
        return id
    }

    /// The page sent `data` (text, or one character per byte when `binary`).
    func send(_ id: Int, data: String, binary: Bool) {
        // Fields, not the whole state: a copy of it would share its timer set, and each reply
        // scheduled below would then copy that set (80 000 sends took 5 s, quadratic).
        guard sockets[id]?.isOpen == true, let url = sockets[id]?.url else { return }
        let fixture = sockets[id]?.fixture
        var o: JSONObject = ["binary": .bool(binary)]
        if binary {
            o["bytes"] = .number(Double(data.utf16.count))
        } else {
            o["data"] = .string(data)
        }
        trace(.webSocket(NetworkEvent(phase: "send", id: id, url: url, details: o)))
        guard let fixture, let reply = fixture.replies.first(where: { binary ? $0.match == "*" : $0.matches(data) }) else { return }
        if reply.echo {
            let payload: WebSocketFixture.Message.Payload = binary ? .binary(data.utf16.map { UInt8(truncatingIfNeeded: $0) }) : .text(data)
            scheduleMessage(id, .init(payload), reply: true)
        }
        for message in reply.messages { scheduleMessage(id, message, reply: true) }
        if let close = reply.close { scheduleClose(id, close, reply: true) }
    }

    /// The page closed the socket: the server's pending steps are dropped and `close` follows.
    func closeSocket(_ id: Int, code: Int, reason: String) {
        guard var socket = sockets[id] else { return }
        // Closed while connecting: the connection fails (error, then close 1006, not clean), as
        // in browsers ("WebSocket is closed before the connection is established").
        guard socket.isOpen else {
            for timer in socket.timers { engine.cancelTimer(timer) }
            sockets[id]?.timers = []
            engine.loop.enqueue { [unowned self] in fail(id, "closed by the page before the connection was established", cause: "page") }
            return
        }
        for timer in socket.timers { engine.cancelTimer(timer) }
        socket.timers = []
        socket.isOpen = false
        socket.lastStep = engine.clock.now
        sockets[id] = socket
        trace(.webSocket(NetworkEvent(phase: "close", id: id, url: socket.url, details: ["code": .number(Double(code)), "reason": .string(reason), "by": "page"])))
        schedule(id, after: .zero) { [unowned self] in
            sockets[id] = nil
            call([.number(SocketKind.close.rawValue), .number(Double(id)), .json(["code": .number(Double(code)), "reason": .string(reason), "wasClean": true])])
        }
    }

    private func scheduleMessage(_ id: Int, _ message: WebSocketFixture.Message, reply: Bool = false) {
        schedule(id, after: message.delay, reply: reply) { [unowned self] in
            guard let socket = sockets[id], socket.isOpen else { return }
            var args: [ScriptArgument] = [.number(SocketKind.message.rawValue), .number(Double(id))]
            switch message.payload {
            case .text(let text):
                trace(.webSocket(NetworkEvent(phase: "message", id: id, url: socket.url, details: ["binary": false, "data": .string(text)])))
                args += [.json(["binary": false]), .string(text)]
            case .binary(let bytes):
                trace(.webSocket(NetworkEvent(phase: "message", id: id, url: socket.url, details: ["binary": true, "bytes": .number(Double(bytes.count))])))
                var scalars = String.UnicodeScalarView()
                scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
                args += [.json(["binary": true]), .string(String(scalars))]
            }
            call(args)
        }
    }

    private func scheduleClose(_ id: Int, _ close: WebSocketFixture.Close, reply: Bool = false) {
        schedule(id, after: close.delay, reply: reply) { [unowned self] in
            guard let socket = sockets[id], socket.isOpen else { return }
            for timer in socket.timers { engine.cancelTimer(timer) }
            sockets[id] = nil
            trace(.webSocket(NetworkEvent(phase: "close", id: id, url: socket.url, details: ["code": .number(Double(close.code)), "reason": .string(close.reason), "by": "server"])))
            call([.number(SocketKind.close.rawValue), .number(Double(id)), .json(["code": .number(Double(close.code)), "reason": .string(close.reason), "wasClean": true])])
        }
    }

    /// The connection fails: `cause` is `fixture` (the fixture's `error`), `refused` (the
    /// capability file), `unserved` (no fixture), `protocol` (the fixture's subprotocol was not
    /// offered) or `page` (closed while connecting).
    private func fail(_ id: Int, _ reason: String, cause: String) {
        guard let socket = sockets.removeValue(forKey: id) else { return }
        for timer in socket.timers { engine.cancelTimer(timer) }
        trace(.webSocket(NetworkEvent(phase: "error", id: id, url: socket.url, details: ["message": .string(reason), "cause": .string(cause)])))
        call([.number(SocketKind.error.rawValue), .number(Double(id)), .json(["message": .string("WebSocket connection to '\(socket.url)' failed: \(reason)")])])
        call([.number(SocketKind.close.rawValue), .number(Double(id)), .json(["code": 1006, "reason": "", "wasClean": false])])
    }

    /// Runs `step` `delay` after the previous step of its timeline (the script's, or the
    /// replies'), as a loop timer on the engine clock.
    private func schedule(_ id: Int, after delay: Duration, reply: Bool = false, _ step: @escaping @MainActor () -> Void) {
        // The state is changed in place: a copy written back would copy its timer set on every
        // step scheduled (quadratic in the steps pending).
        guard let last = reply ? sockets[id]?.lastReply : sockets[id]?.lastStep else { return }
        let now = engine.clock.now
        let at = max(now, last) + delay
        if reply { sockets[id]?.lastReply = at } else { sockets[id]?.lastStep = at }
        let timer = engine.loop.allocateTimerID()
        engine.loop.schedule(at: at, id: timer) { [unowned self] in
            sockets[id]?.timers.remove(timer)
            step()
        }
        sockets[id]?.timers.insert(timer)
    }
}
