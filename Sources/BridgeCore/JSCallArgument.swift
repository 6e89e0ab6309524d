public import BridgeValues

/// What a native-to-JS call passes to the page's handler: nothing, one value (`data`), or an
/// argument list (DSBridge handlers take spread arguments).
public enum JSCallArgument: Sendable, Equatable {
    /// No argument.
    case none
    /// One argument.
    case data(JSONValue)
    /// An argument list.
    case args([JSONValue])

    /// How the trace shows it (`callJS` `params`): `null`, the value, or the list.
    public var traced: JSONValue {
        switch self {
        case .none: .null
        case .data(let v): v
        case .args(let list): .array(list)
        }
    }

    /// The one value a single-argument handler gets (the first of a list), `nil` for none.
    public var single: JSONValue? {
        switch self {
        case .none: nil
        case .data(let v): v
        case .args(let list): list.first
        }
    }

    /// The argument list (`[]`, `[value]` or the list).
    public var list: [JSONValue] {
        switch self {
        case .none: []
        case .data(let v): [v]
        case .args(let list): list
        }
    }
}
