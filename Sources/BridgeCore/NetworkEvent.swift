public import BridgeValues

/// One step of a page's HTTP request or WebSocket, as the network layer reports it
/// (`EngineEvent.http`, `EngineEvent.webSocket`; trace fields in docs/trace-format.md).
public struct NetworkEvent: Sendable, Equatable {
    /// `request`, `response`, `error`, `abort` or `timeout` for HTTP; `open`, `send`,
    /// `message`, `close` or `error` for a WebSocket.
    public var phase: String
    /// The request's (or socket's) number, unique in its engine; every step of it carries it.
    public var id: Int
    /// The absolute URL.
    public var url: String
    /// The phase's own fields (`method`, `status`, `source`, `headers`, `message`, …).
    public var details: JSONObject

    /// Creates an event.
    public init(phase: String, id: Int, url: String, details: JSONObject = [:]) {
        self.phase = phase
        self.id = id
        self.url = url
        self.details = details
    }
}
