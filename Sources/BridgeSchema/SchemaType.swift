/// The value types a schema `type` attribute can name.
public enum SchemaType: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// A JSON string.
    case string
    /// Any finite JSON number.
    case number
    /// A number with no fractional part within ±2^53.
    case integer
    /// `true` or `false` (never 0 or 1).
    case boolean
    /// A JSON object; its members are described by child `<param>` elements.
    case object
    /// A JSON array; its elements are described by one `<items>` element.
    case array
    /// Any JSON value, null included.
    case any

    /// `true` for the types that may carry an `enum`: string, number, integer, boolean.
    public var isScalar: Bool {
        switch self {
        case .string, .number, .integer, .boolean: true
        case .object, .array, .any: false
        }
    }

    /// The attribute spelling, e.g. `integer`.
    public var description: String { rawValue }
}
