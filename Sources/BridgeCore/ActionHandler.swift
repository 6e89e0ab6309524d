public import BridgeValues
/// How an action answers. Every kind settles its call exactly once.
public enum ActionHandler: Sendable {
    /// Runs on the main actor inline and answers at once (the fastest kind).
    case sync(@Sendable @MainActor (BridgeCall) throws -> JSONValue)
    /// Runs as a task off the main actor; its result hops back.
    case async(@Sendable (BridgeCall) async throws -> JSONValue)
    /// Gets a responder and answers later, once, from any thread (it may also send progress).
    case callback(@Sendable @MainActor (BridgeCall, BridgeResponder) -> Void)
}

/// Per-action settings. Schema attributes (`timeout`, `ordered`, `permission`) fill these in
/// when a schema set is loaded.
public struct ActionOptions: Sendable, Equatable {
    /// How long a call may wait for its answer before it settles with `TIMEOUT` (`nil` = the
    /// engine's `defaultCallTimeout`).
    public var timeout: Duration?
    /// Run calls one at a time in arrival order, even when the handler is asynchronous.
    public var ordered: Bool
    /// The permission a page needs to call the action.
    public var permission: String?

    /// Creates options.
    public init(timeout: Duration? = nil, ordered: Bool = false, permission: String? = nil) {
        self.timeout = timeout
        self.ordered = ordered
        self.permission = permission
    }
}
