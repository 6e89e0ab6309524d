/// The error a bridge call settles with: a stable code, a message, optional details.
///
/// Codes are the strings listed in docs/error-codes.md; tests and users match on them. Build errors through
/// the static factories so messages stay consistent.
public struct BridgeError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Stable error codes (wire strings).
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The wire string, e.g. `"METHOD_NOT_FOUND"`.
        public var rawValue: String
        /// Wraps a wire string; custom codes (a mock's `"DENIED"`) are allowed.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The wire string.
        public var description: String { rawValue }

        /// Not an object, no method, or a value that cannot cross the bridge.
        public static let invalidMessage = Code(rawValue: "INVALID_MESSAGE")
        /// No handler for the method.
        public static let methodNotFound = Code(rawValue: "METHOD_NOT_FOUND")
        /// Params failed schema validation; the handler never ran. Details list `{path, message}`.
        public static let validationFailed = Code(rawValue: "VALIDATION_FAILED")
        /// The page lacks the permission the action needs.
        public static let permissionDenied = Code(rawValue: "PERMISSION_DENIED")
        /// The handler threw; the message is the thrown error's.
        public static let handlerError = Code(rawValue: "HANDLER_ERROR")
        /// No answer in time; a late answer is dropped.
        public static let timeout = Code(rawValue: "TIMEOUT")
        /// The engine closed before the call settled.
        public static let cancelled = Code(rawValue: "CANCELLED")
        /// The message exceeded a size limit.
        public static let payloadTooLarge = Code(rawValue: "PAYLOAD_TOO_LARGE")
        /// Too many calls in flight, or an action called faster than its rate limit (added to
        /// the original list by this project).
        public static let rateLimited = Code(rawValue: "RATE_LIMITED")
    }

    /// The stable code.
    public var code: Code
    /// A message a front-end developer understands.
    public var message: String
    /// Extra structured data (e.g. the violation list of `VALIDATION_FAILED`).
    public var details: JSONValue?

    /// Creates an error; prefer the static factories.
    public init(code: Code, message: String, details: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// `CODE: message`.
    public var description: String { "\(code.rawValue): \(message)" }

    /// The wire form `{code, message, details?}`.
    public var jsonValue: JSONValue {
        var o: JSONObject = ["code": .string(code.rawValue), "message": .string(message)]
        if let details { o["details"] = details }
        return .object(o)
    }

    /// Reads the wire form `{code, message, details?}`; `nil` if `value` is not such an object.
    public init?(json value: JSONValue) {
        guard let code = value["code"]?.stringValue else { return nil }
        self.init(code: Code(rawValue: code), message: value["message"]?.stringValue ?? "", details: value["details"])
    }

    /// `INVALID_MESSAGE` with a reason.
    public static func invalidMessage(_ reason: String) -> BridgeError {
        BridgeError(code: .invalidMessage, message: reason)
    }
    /// `METHOD_NOT_FOUND` naming the method.
    public static func methodNotFound(_ method: String) -> BridgeError {
        BridgeError(code: .methodNotFound, message: "no handler for method '\(method)'")
    }
    /// `VALIDATION_FAILED` with the violation list as details.
    public static func validationFailed(method: String, details: JSONValue, summary: String) -> BridgeError {
        BridgeError(code: .validationFailed, message: "params of '\(method)' are invalid: \(summary)", details: details)
    }
    /// `PERMISSION_DENIED` naming the permission and the page.
    public static func permissionDenied(permission: String, page: String) -> BridgeError {
        BridgeError(code: .permissionDenied, message: "page \(page) lacks permission '\(permission)'")
    }
    /// `HANDLER_ERROR` carrying the thrown error's message.
    public static func handlerError(_ message: String) -> BridgeError {
        BridgeError(code: .handlerError, message: message)
    }
    /// `TIMEOUT` naming the method and the limit.
    public static func timeout(method: String, after limit: Duration) -> BridgeError {
        BridgeError(code: .timeout, message: "'\(method)' did not answer within \(describe(limit))")
    }

    /// A duration as messages write it, in milliseconds: `250 ms`, `10000 ms`, `0.5 ms`.
    package static func describe(_ duration: Duration) -> String {
        let c = duration.components
        let ms = Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15
        return ms == ms.rounded() && abs(ms) < 1e15 ? "\(Int(ms)) ms" : "\(ms) ms"
    }
    /// `CANCELLED`: the engine closed before the call settled.
    public static func cancelled(method: String) -> BridgeError {
        BridgeError(code: .cancelled, message: "engine closed before '\(method)' settled")
    }
    /// `PAYLOAD_TOO_LARGE` with a reason.
    public static func payloadTooLarge(_ reason: String) -> BridgeError {
        BridgeError(code: .payloadTooLarge, message: reason)
    }

    /// `RATE_LIMITED` with a reason.
    public static func rateLimited(_ reason: String) -> BridgeError {
        BridgeError(code: .rateLimited, message: reason)
    }

    /// Turns any thrown error into a bridge error: a `BridgeError` stays as it is, anything else
    /// becomes `HANDLER_ERROR` with its description.
    public static func wrapping(_ error: any Error) -> BridgeError {
        if let e = error as? BridgeError { return e }
        return .handlerError(String(describing: error))
    }
}
