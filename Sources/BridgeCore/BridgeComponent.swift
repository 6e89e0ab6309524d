public import BridgeValues
/// A group of actions (e.g. `nav.open`, `nav.setTitle`) that declares its actions itself.
///
/// An instance is created per engine on the engine's first call to one of its actions and kept
/// for the engine's life. To make a component available everywhere without touching any other
/// file, place a registration record in its file:
///
/// ```swift
/// @section("bridge_components") @used
/// let greeterRecord: BridgeComponentRecord = { registerBridgeComponent(Greeter.self, into: $0) }
/// ```
///
/// The runtime finds every record at start-up and registers the component in
/// `BridgeRegistry.shared`. `BridgeRegistry.register(_:)` does the same explicitly.
///
/// - Note: Handlers may run on any thread (async ones off the main actor), so a component must
///   be `Sendable`; keep mutable state behind a `Mutex`.
public protocol BridgeComponent: AnyObject, Sendable {
    /// The component's name (used in diagnostics and listings).
    static var componentName: String { get }
    /// The actions the component provides.
    static var actions: [BridgeAction<Self>] { get }
}

/// A component the runtime can make itself (`init()`): what self-registration and
/// `BridgeRegistry.register(_:)` of a type need. A component with dependencies is registered as
/// an instance or a factory instead.
public protocol InitializableComponent: BridgeComponent {
    /// Creates the per-engine instance.
    init()
}

/// One action of a component: its name, options and handler, bound to the engine's instance.
public struct BridgeAction<Component: BridgeComponent>: Sendable {
    /// The action name, e.g. `"nav.open"`.
    public let name: String
    /// Timeout, ordering and permission.
    public var options: ActionOptions
    let bind: @Sendable (Component) -> ActionHandler

    /// An action answering synchronously on the main actor.
    public static func sync(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable @MainActor (Component, BridgeCall) throws -> JSONValue) -> Self {
        Self(name: name, options: options) { c in .sync { call in try body(c, call) } }
    }

    /// An `async throws` action returning a `JSONValue`.
    public static func async(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable (Component, BridgeCall) async throws -> JSONValue) -> Self {
        Self(name: name, options: options) { c in .async { call in try await body(c, call) } }
    }

    /// An `async throws` action returning any `Encodable`.
    public static func encodable<R: Encodable & Sendable>(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable (Component, BridgeCall) async throws -> R) -> Self {
        Self(name: name, options: options) { c in .async { call in try JSONValue(encoding: try await body(c, call)) } }
    }

    /// An action with typed params (decoded after validation) and an `Encodable` result.
    public static func typed<P: Decodable & Sendable, R: Encodable & Sendable>(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable (Component, P) async throws -> R) -> Self {
        Self(name: name, options: options) { c in
            .async { call in try JSONValue(encoding: try await body(c, try call.decodeParams(P.self))) }
        }
    }

    /// An action with typed params that also gets the call (its page, callback id, engine).
    public static func typed<P: Decodable & Sendable, R: Encodable & Sendable>(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable (Component, P, BridgeCall) async throws -> R) -> Self {
        Self(name: name, options: options) { c in
            .async { call in try JSONValue(encoding: try await body(c, try call.decodeParams(P.self), call)) }
        }
    }

    /// A synchronous action with typed params, answering on the main actor (no hop).
    public static func typedSync<P: Decodable & Sendable, R: Encodable & Sendable>(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable @MainActor (Component, P, BridgeCall) throws -> R) -> Self {
        Self(name: name, options: options) { c in
            .sync { call in try JSONValue(encoding: try body(c, try call.decodeParams(P.self), call)) }
        }
    }

    // MARK: Methods as handlers

    /// An `async throws` action that is a method of the component:
    /// `.async("greeter.hello", Greeter.hello)` for `func hello(_ call: BridgeCall) async throws -> JSONValue`.
    public static func async(_ name: String, options: ActionOptions = .init(), _ method: @escaping @Sendable (Component) -> @Sendable (BridgeCall) async throws -> JSONValue) -> Self {
        Self(name: name, options: options) { c in
            let bound = method(c)
            return .async { call in try await bound(call) }
        }
    }

    /// A synchronous main-actor action that is a method of the component:
    /// `.sync("greeter.count", Greeter.count)` for `@MainActor func count(_ call: BridgeCall) throws -> JSONValue`.
    public static func sync(_ name: String, options: ActionOptions = .init(), _ method: @escaping @Sendable (Component) -> @MainActor @Sendable (BridgeCall) throws -> JSONValue) -> Self {
        Self(name: name, options: options) { c in
            let bound = method(c)
            return .sync { call in try bound(call) }
        }
    }

    /// A typed action that is a method of the component:
    /// `.typed("greeter.rename", Greeter.rename)` for `func rename(_ p: Rename, call: BridgeCall) async throws -> Renamed`.
    public static func typed<P: Decodable & Sendable, R: Encodable & Sendable>(_ name: String, options: ActionOptions = .init(), _ method: @escaping @Sendable (Component) -> @Sendable (P, BridgeCall) async throws -> R) -> Self {
        Self(name: name, options: options) { c in
            let bound = method(c)
            return .async { call in try JSONValue(encoding: try await bound(try call.decodeParams(P.self), call)) }
        }
    }

    /// A callback-style action answering through a responder, once, from any thread.
    public static func callback(_ name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable @MainActor (Component, BridgeCall, BridgeResponder) -> Void) -> Self {
        Self(name: name, options: options) { c in .callback { call, r in body(c, call, r) } }
    }
}
