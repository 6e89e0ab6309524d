import BridgeValues

/// A param compiled for validation: bounds resolved to plain numbers, enum values split by
/// type, pattern compiled, members in an array. Built once at load; immutable, so it can be
/// shared by every thread.
///
/// Validation runs in two passes: ``accepts(_:)`` answers yes/no without allocating (the hot
/// path: valid calls); only when it says no does ``collect(_:path:into:)`` walk the value again
/// to build paths and messages.
final class CompiledParam: Sendable {
    /// A declared member of an object.
    struct Member: Sendable {
        let name: String
        let required: Bool
        let node: CompiledParam
        /// `node` without a reference count, for the yes/no pass's calls: the tree holds every
        /// node (`node` above), so a parent being checked keeps its members' nodes alive, and a
        /// call through this does not retain and release the node (7 pairs a `nav.open` check).
        let unretained: Unmanaged<CompiledParam>

        init(name: String, required: Bool, node: CompiledParam) {
            self.name = name
            self.required = required
            self.node = node
            unretained = Unmanaged.passUnretained(node)
        }
        /// `name` compared by scalars.
        var key: ScalarKey { ScalarKey(name) }
    }

    let type: SchemaType
    let nullable: Bool
    /// Allowed values when an `enum` is set (strings, numbers or booleans).
    let enumStrings: [String]?
    let enumNumbers: [Double]?
    let enumBools: [Bool]?
    /// The enum as written, for messages.
    let enumText: String
    let min: Double
    let max: Double
    let minLength: Int
    let maxLength: Int
    let pattern: SchemaPattern?
    let minItems: Int
    let maxItems: Int
    let items: CompiledParam?
    let members: [Member]
    /// `members` in the order of their names' scalars (names are unique: both the XML loader and
    /// `SchemaSet(protocols:)` refuse a param declared twice). A small payload object walks its
    /// members in that order, so the validator's search, which starts after the last member
    /// found, finds each at once.
    let membersInKeyOrder: [Member]
    /// How many of `members` are required.
    let requiredCount: Int
    let strict: Bool
    /// `expected integer` / `expected string or null`, prepared once.
    let expectedText: String

    /// Compiles `p` and its subtree; problems (bad regex) are appended to `problems`.
    init(_ p: ParamSchema, file: String, problems: inout [SchemaProblem]) {
        type = p.type
        nullable = p.nullable
        var strings: [String]?
        var numbers: [Double]?
        var bools: [Bool]?
        if let values = p.enum {
            switch p.type {
            case .string: strings = values.compactMap(\.stringValue)
            case .number, .integer: numbers = values.compactMap(\.numberValue)
            case .boolean: bools = values.compactMap(\.boolValue)
            case .object, .array, .any: break
            }
        }
        enumStrings = strings
        enumNumbers = numbers
        enumBools = bools
        enumText = (p.enum ?? []).map { $0.stringValue ?? $0.jsonString() }.joined(separator: ", ")
        min = p.min ?? -.infinity
        max = p.max ?? .infinity
        minLength = p.minLength ?? 0
        maxLength = p.maxLength ?? Int.max
        minItems = p.minItems ?? 0
        maxItems = p.maxItems ?? Int.max
        var compiled: SchemaPattern?
        if let source = p.pattern {
            do {
                compiled = try SchemaPattern(source)
            } catch {
                problems.append(SchemaProblem(file: file, line: p.line, reason: error.reason))
            }
        }
        pattern = compiled
        items = p.items.map { CompiledParam($0, file: file, problems: &problems) }
        members = p.children.map { Member(name: $0.name, required: $0.required, node: CompiledParam($0, file: file, problems: &problems)) }
        membersInKeyOrder = members.sorted { ScalarKey.less($0.name, $1.name) }
        requiredCount = members.reduce(0) { $0 + ($1.required ? 1 : 0) }
        strict = p.strict
        expectedText = "expected \(p.type)" + (p.nullable && p.type != .any ? " or null" : "")
    }

    /// 2^53: the largest integer a JSON number (a `Double`) holds exactly.
    static let maxSafeInteger: Double = 9_007_199_254_740_992

    /// A number with no fractional part within ±2^53.
    @inline(__always) static func isInteger(_ d: Double) -> Bool {
        d.rounded(.towardZero) == d && Swift.abs(d) <= maxSafeInteger
    }
}
