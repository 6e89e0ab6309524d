import BridgeCore

/// A scripted WebSocket server for one URL pattern: after the page connects, the socket opens,
/// the server sends `messages` in order, answers each page message with the first matching
/// reply, and closes when `close` says so.
public struct WebSocketFixture: Sendable, Equatable {
    /// One message from the server.
    public struct Message: Sendable, Equatable {
        /// The payload: text, or bytes (a binary message).
        public enum Payload: Sendable, Equatable {
            case text(String)
            case binary([UInt8])
        }

        /// What is sent.
        public var payload: Payload
        /// How long after the previous step (engine clock).
        public var delay: Duration

        /// Creates a message.
        public init(_ payload: Payload, delay: Duration = .zero) {
            self.payload = payload
            self.delay = delay
        }
    }

    /// An answer to the page's messages.
    public struct Reply: Sendable, Equatable {
        /// The page message text it answers (`*` matches any run of characters).
        public var match: String {
            didSet { glob = URLGlob(anyText: match) }
        }
        /// `match` compiled once, not at every page message.
        private var glob: URLGlob
        /// What the server sends back (`nil` with `echo`: the page's own message).
        public var messages: [Message]
        /// Send the page's message back.
        public var echo: Bool
        /// Close the socket after replying.
        public var close: Close?

        /// Creates a reply.
        public init(match: String, messages: [Message] = [], echo: Bool = false, close: Close? = nil) {
            self.match = match
            glob = URLGlob(anyText: match)
            self.messages = messages
            self.echo = echo
            self.close = close
        }

        /// `true` when `text` matches `match`, in time linear in the text (see `URLGlob`).
        public func matches(_ text: String) -> Bool {
            glob.matches(normalized: text)
        }
    }

    /// The server closing the socket.
    public struct Close: Sendable, Equatable {
        /// The close code (1000 = normal).
        public var code: Int
        /// The reason.
        public var reason: String
        /// How long after the previous step (engine clock).
        public var delay: Duration

        /// Creates a close step.
        public init(code: Int = 1000, reason: String = "", delay: Duration = .zero) {
            self.code = code
            self.reason = reason
            self.delay = delay
        }
    }

    /// The URL pattern (as for HTTP rules).
    public var url: HTTPURLPattern
    /// How long before the socket opens (engine clock).
    public var openDelay: Duration
    /// The sub-protocol the server picks (`""` = none).
    public var `protocol`: String
    /// Sent by the server after it opened, in order.
    public var messages: [Message]
    /// Answers to the page's messages; the first that matches answers.
    public var replies: [Reply]
    /// Closes the socket after the messages.
    public var close: Close?
    /// The connection fails with this reason (an `error` then a `close` with code 1006).
    public var failure: String?
    /// Where it is written (`file:line`).
    public var origin: String?

    /// Creates a WebSocket fixture.
    public init(
        url: HTTPURLPattern, openDelay: Duration = .zero, protocol: String = "", messages: [Message] = [], replies: [Reply] = [],
        close: Close? = nil, failure: String? = nil, origin: String? = nil
    ) {
        self.url = url
        self.openDelay = openDelay
        self.protocol = `protocol`
        self.messages = messages
        self.replies = replies
        self.close = close
        self.failure = failure
        self.origin = origin
    }
}
