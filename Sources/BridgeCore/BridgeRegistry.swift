import Synchronization
public import BridgeValues

/// A table of actions, looked up by name at call time (one hash lookup; a big table costs
/// nothing).
///
/// `BridgeRegistry.shared` is the global table, filled by self-registering components at start-up.
/// Engines may also get a scoped table composed from chosen components, to isolate business
/// lines. Lookup order for a call: the engine's dispatchers (`addDispatcher`), then its scoped table, then the
/// global table.
///
/// - Note: Thread-safe: the table sits behind a `Mutex`.
public final class BridgeRegistry: Sendable {
    /// Where the component instance an action binds to comes from.
    enum InstanceSource: Sendable {
        /// A plain handler: no instance.
        case none
        /// One instance per engine, made on the engine's first call and kept for its life;
        /// engines share `key` between the actions of one registration.
        case perEngine(key: ObjectIdentifier, make: @Sendable @MainActor (BridgeEngine) -> AnyObject)
        /// One instance for every engine.
        case shared(any BridgeComponent)
    }

    /// One registered action.
    struct Entry: Sendable {
        var name: String
        var options: ActionOptions
        var source: InstanceSource
        var bind: @Sendable (AnyObject?) -> ActionHandler
        var owner: String
    }

    /// Identity for the per-engine instances of one factory registration.
    private final class FactoryKey: Sendable {}

    /// By action name, compared by Unicode scalars (a name spelled with a Kelvin sign is another
    /// name).
    private let table = Mutex<[ScalarKey: Entry]>([:])

    /// Creates an empty table.
    public init() {}

    /// Creates a table holding plain handlers by action name.
    ///
    /// - Throws: never for distinct names (a dictionary has no duplicates); typed for symmetry
    ///   with `register(action:handler:)`.
    public convenience init(actions: [String: ActionHandler]) throws(BridgeError) {
        self.init()
        for (name, handler) in actions.sorted(by: { $0.key < $1.key }) { try register(action: name, handler: handler) }
    }

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
    public func register<C: InitializableComponent>(_ component: C.Type) throws(BridgeError) {
        try insert(entries(of: C.self, source: .perEngine(key: ObjectIdentifier(C.self), make: { _ in C() })))
    }

    /// Registers every action of a component instance that every engine shares (a component
    /// built with its dependencies: `register(Greeter(store: store))`).
    ///
    /// - Note: Handlers of a shared instance may run for several engines at once; keep its
    ///   mutable state behind a `Mutex`.
    /// - Throws: `BridgeError` naming the action when a name is already taken.
    public func register<C: BridgeComponent>(_ instance: C) throws(BridgeError) {
        try insert(entries(of: C.self, source: .shared(instance)))
    }

    /// Registers every action of a component made per engine by `factory`, on the engine's first
    /// call to one of them, and kept for the engine's life.
    ///
    /// - Throws: `BridgeError` naming the action when a name is already taken.
    public func register<C: BridgeComponent>(_ type: C.Type, factory: @escaping @Sendable @MainActor (BridgeEngine) -> C) throws(BridgeError) {
        try insert(entries(of: C.self, source: .perEngine(key: ObjectIdentifier(FactoryKey()), make: { factory($0) })))
    }

    private func entries<C: BridgeComponent>(of type: C.Type, source: InstanceSource) -> [Entry] {
        C.actions.map { action in
            Entry(name: action.name, options: action.options, source: source, bind: { obj in action.bind(obj as! C) }, owner: C.componentName)
        }
    }

    /// Registers one action with a plain handler.
    ///
    /// - Throws: `BridgeError` when the name is already taken.
    public func register(action name: String, options: ActionOptions = .init(), handler: ActionHandler) throws(BridgeError) {
        try insert([Entry(name: name, options: options, source: .none, bind: { _ in handler }, owner: "handler")])
    }

    /// Registers a synchronous main-actor handler.
    ///
    /// - Throws: `BridgeError` when the name is already taken.
    public func register(action name: String, options: ActionOptions = .init(), _ body: @escaping @Sendable @MainActor (BridgeCall) throws -> JSONValue) throws(BridgeError) {
        try register(action: name, options: options, handler: .sync(body))
    }

    private func insert(_ entries: [Entry]) throws(BridgeError) {
        let conflict: (Entry, Entry)? = table.withLock { t in
            var seen = Set<ScalarKey>()
            for e in entries {
                if let old = t[ScalarKey(e.name)] { return (e, old) }
                if !seen.insert(ScalarKey(e.name)).inserted { return (e, e) }
            }
            for e in entries { t[ScalarKey(e.name)] = e }
            return nil
        }
        if let (new, old) = conflict {
            throw BridgeError(code: .invalidMessage, message: "action '\(new.name)' of \(new.owner) is already registered by \(old.owner)")
        }
    }

    /// Every registered action name, sorted.
    public var actionNames: [String] { table.withLock { $0.keys.sorted().map(\.string) } }

    /// Options of a registered action.
    public func options(for action: String) -> ActionOptions? {
        table.withLock { $0[ScalarKey(action)]?.options }
    }

    func entry(_ name: String) -> Entry? {
        table.withLock { $0[ScalarKey(name)] }
    }
}
