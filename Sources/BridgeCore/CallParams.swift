package import BridgeValues

/// A call's params as `BridgeMessage` and `BridgeCall` keep them: a value, or the checked JSON
/// text the page sent, built into a value only when something reads `params` (a handler, a
/// schema, the trace, an observer). Equal and hashed by value.
package enum CallParams: Sendable, Hashable {
    case value(JSONValue)
    case deferred(DeferredJSON)

    package var value: JSONValue {
        switch self {
        case .value(let v): v
        case .deferred(let d): d.value
        }
    }

    /// `false` while the params are JSON text nothing has read yet.
    package var isBuilt: Bool {
        if case .deferred(let d) = self { d.isBuilt } else { true }
    }

    package static func == (a: CallParams, b: CallParams) -> Bool { a.value == b.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
