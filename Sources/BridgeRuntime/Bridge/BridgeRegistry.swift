import Synchronization

/// A table of actions, looked up by name at call time (one hash lookup; a big table costs
/// nothing).
///
/// `BridgeRegistry.shared` is the global table, filled by self-registering components at start-up.
/// Engines may also get a scoped table composed from chosen components, to isolate business
/// lines. Lookup order for a call: the engine's legacy dispatcher, then its scoped table, then the
/// global table.
///
/// - Note: Thread-safe: the table sits behind a `Mutex`.
public final class BridgeRegistry: Sendable {
    /// One registered action.
    struct Entry: Sendable {
        var name: String
        var options: ActionOptions
        /// The component type whose per-engine instance the handler binds to (`nil` for plain
        /// handlers).
        var componentType: (any BridgeComponent.Type)?
        var bind: @Sendable (AnyObject?) -> ActionHandler
        var owner: String
    }

    private let table = Mutex<[String: Entry]>([:])

    /// Creates an empty table.
    public init() {}

    /// The global table. On first use it registers every component that placed a record in the
    /// `bridge_components` linker section.
    public static let shared: BridgeRegistry = {
        let registry = BridgeRegistry()
        for type in ComponentDiscovery.discoveredComponents() {
            do throws(BridgeError) {
                try registry.register(type)
            } catch {
                registry.discoveryProblems.withLock { $0.append(error) }
            }
        }
        return registry
    }()

    /// Problems found while registering discovered components (duplicate action names).
    let discoveryProblems = Mutex<[BridgeError]>([])

    /// Problems found while registering self-registered components (e.g. two components
    /// declaring the same action); engines refuse to start while any exist.
    public var registrationProblems: [BridgeError] { discoveryProblems.withLock { $0 } }

    /// Registers every action of a component.
    ///
    /// - Throws: `BridgeError` `INVALID_MESSAGE` naming the action when a name is already taken;
    ///   nothing is registered then.
    public func register<C: BridgeComponent>(_ component: C.Type) throws(BridgeError) {
        let entries = C.actions.map { action in
            Entry(name: action.name, options: action.options, componentType: C.self, bind: { obj in action.bind(obj as! C) }, owner: C.componentName)
        }
        try insert(entries)
    }

    /// Registers one action with a plain handler.
    ///
    /// - Throws: `BridgeError` when the name is already taken.
    public func register(action name: String, options: ActionOptions = .init(), handler: ActionHandler) throws(BridgeError) {
        try insert([Entry(name: name, options: options, componentType: nil, bind: { _ in handler }, owner: "handler")])
    }

    /// Registers a synchronous main-actor handler.
    ///
    /// - Throws: `BridgeError` when the name is already taken.
    public func register(action name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable @MainActor (BridgeCall) throws -> JSONValue) throws(BridgeError) {
        try register(action: name, options: options, handler: .sync(body))
    }

    private func insert(_ entries: [Entry]) throws(BridgeError) {
        let conflict: (Entry, Entry)? = table.withLock { t in
            var seen = Set<String>()
            for e in entries {
                if let old = t[e.name] { return (e, old) }
                if !seen.insert(e.name).inserted { return (e, e) }
            }
            for e in entries { t[e.name] = e }
            return nil
        }
        if let (new, old) = conflict {
            throw BridgeError(code: .invalidMessage, message: "action '\(new.name)' of \(new.owner) is already registered by \(old.owner)")
        }
    }

    /// Every registered action name, sorted.
    public var actionNames: [String] { table.withLock { $0.keys.sorted() } }

    /// Options of a registered action.
    public func options(for action: String) -> ActionOptions? {
        table.withLock { $0[action]?.options }
    }

    func entry(_ name: String) -> Entry? {
        table.withLock { $0[name] }
    }
}
