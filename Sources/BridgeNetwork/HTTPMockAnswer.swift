public import BridgeValues

/// One canned answer of an `--http-mock` fixture: a status, headers and a body, or a network
/// failure, after an optional delay on the engine clock.
public struct HTTPMockAnswer: Sendable, Equatable {
    /// What the answer is.
    public enum Outcome: Sendable, Equatable {
        /// An HTTP response (any status: 404 and 500 are responses too).
        case response(status: Int, statusText: String, headers: [HTTPHeader], body: [UInt8])
        /// A network failure (`"error": "connection refused"` in the file): `fetch` rejects with
        /// a `TypeError`, `XMLHttpRequest` fires `error`.
        case failure(String)
    }

    /// The answer.
    public var outcome: Outcome
    /// How long (engine clock) before the page sees it.
    public var delay: Duration
    /// Where the answer is written (`file:line`), for the trace.
    public var origin: String?

    /// Creates an answer.
    public init(outcome: Outcome, delay: Duration = .zero, origin: String? = nil) {
        self.outcome = outcome
        self.delay = delay
        self.origin = origin
    }

    /// A `200 OK` JSON answer.
    public static func json(_ value: JSONValue, status: Int = 200, headers: [HTTPHeader] = [], delay: Duration = .zero) -> HTTPMockAnswer {
        var bytes: [UInt8] = []
        value.appendJSON(to: &bytes)
        let all = HTTPHeader.has("content-type", in: headers) ? headers : [HTTPHeader("Content-Type", "application/json")] + headers
        return HTTPMockAnswer(outcome: .response(status: status, statusText: HTTPStatusText.text(for: status), headers: all, body: bytes), delay: delay)
    }

    /// A text answer (`text/plain;charset=UTF-8` unless `headers` name a type).
    public static func text(_ text: String, status: Int = 200, headers: [HTTPHeader] = [], delay: Duration = .zero) -> HTTPMockAnswer {
        let all = HTTPHeader.has("content-type", in: headers) ? headers : [HTTPHeader("Content-Type", "text/plain;charset=UTF-8")] + headers
        return HTTPMockAnswer(outcome: .response(status: status, statusText: HTTPStatusText.text(for: status), headers: all, body: Array(text.utf8)), delay: delay)
    }
}

/// One HTTP header as written (names compare case-insensitively).
public struct HTTPHeader: Sendable, Equatable {
    /// The name as written.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `true` when `headers` has one named `name` (ASCII case-insensitive).
    public static func has(_ name: String, in headers: [HTTPHeader]) -> Bool {
        value(of: name, in: headers) != nil
    }

    /// The first value named `name` (ASCII case-insensitive), or `nil`.
    public static func value(of name: String, in headers: [HTTPHeader]) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
