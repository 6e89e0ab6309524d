public import BridgeValues
/// One way a payload fails its schema: where (`params.ids[1]`) and what (`is required`).
///
/// A `VALIDATION_FAILED` error carries the list of violations as its details, each in the
/// wire form `{path, message}` of ``jsonValue``.
public struct Violation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// Where the value sits, from the root of the payload: `params`, `params.extra.source`,
    /// `params.ids[1]`, `result.opened`.
    public var path: String
    /// What was expected and what came, e.g. `expected integer, got string "12"`.
    public var message: String

    /// Creates a violation.
    ///
    /// - Parameters:
    ///   - path: where the value sits (`params.items[0].sku`).
    ///   - message: what is wrong with it.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The wire form `{path, message}`.
    public var jsonValue: JSONValue { .object(["path": .string(path), "message": .string(message)]) }

    /// `path: message`, or the message alone for the whole message (an empty path).
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
