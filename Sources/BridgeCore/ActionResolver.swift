import BridgeValues

/// Finds what answers a method for one engine, and with which options.
///
/// Handlers: the engine's dispatchers (a mock fixture, a legacy dispatcher) in the order added,
/// then the engine's scoped table, then the global table. Bound table handlers are cached per
/// engine; component instances are made on first use and kept for the engine's life.
///
/// Options are resolved once per method (and again only after an option source is added): the
/// registration's options, overridden field by field by the first option source that knows the
/// method (the protocol schema: the contract the page is written against) — its `timeout` and
/// `permission` win when it sets them, and the action is `ordered` when either says so.
@MainActor
final class ActionResolver {
    /// A bound handler.
    struct Bound {
        var handler: ActionHandler
    }

    private unowned(unsafe) let engine: BridgeEngine
    // (`@exclusivity(unchecked)`: read or written on every call; see `BridgeEngine.calls`.)
    @exclusivity(unchecked) private var boundCache: [ScalarKey: Bound] = [:]
    @exclusivity(unchecked) private var optionsCache: [ScalarKey: ActionOptions] = [:]
    private var componentInstances: [ObjectIdentifier: AnyObject] = [:]

    /// `unowned(unsafe)`: the resolver is created by the engine's initializer, held only by the
    /// engine, and dropped with it.
    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// The registry entry for `method`: scoped table first, then (if used) the global one.
    private func entry(_ method: String) -> BridgeRegistry.Entry? {
        let configuration = engine.configuration
        if let entry = configuration.scopedRegistry?.entry(method) { return entry }
        return configuration.useGlobalRegistry ? BridgeRegistry.shared.entry(method) : nil
    }

    /// The last method asked for and its options: a page calling one action in a loop skips
    /// the hashing.
    @exclusivity(unchecked) private var lastOptions: (method: String, options: ActionOptions)?

    /// The options calls to `method` run with.
    func options(for method: String) -> ActionOptions {
        if let last = lastOptions, ScalarKey.same(last.method, method) { return last.options }
        if let cached = optionsCache[ScalarKey(method)] {
            lastOptions = (method, cached)
            return cached
        }
        var options = entry(method)?.options ?? ActionOptions()
        for source in engine.hooks.optionSources {
            guard let declared = source(method) else { continue }
            if let timeout = declared.timeout { options.timeout = timeout }
            if let permission = declared.permission { options.permission = permission }
            options.ordered = options.ordered || declared.ordered
            break
        }
        optionsCache[ScalarKey(method)] = options
        lastOptions = (method, options)
        return options
    }

    /// Forgets resolved options (a source was added).
    func optionSourcesChanged() {
        optionsCache.removeAll()
        lastOptions = nil
    }

    /// The last method bound and its handler: a page calling one action in a loop skips the
    /// hashing (bound handlers never change until `reset()`).
    @exclusivity(unchecked) private var lastBound: (method: String, handler: ActionHandler)?

    /// The handler for `message`, or `nil` when nothing answers it.
    func handler(for message: BridgeMessage) -> ActionHandler? {
        for dispatcher in engine.hooks.dispatchers {
            if let handler = dispatcher(message) { return handler }
        }
        if let last = lastBound, ScalarKey.same(last.method, message.method) { return last.handler }
        if let cached = boundCache[ScalarKey(message.method)] {
            lastBound = (message.method, cached.handler)
            return cached.handler
        }
        guard let entry = entry(message.method) else { return nil }
        var instance: AnyObject?
        switch entry.source {
        case .none: break
        case .shared(let shared): instance = shared
        case .perEngine(let key, let make):
            if let existing = componentInstances[key] {
                instance = existing
            } else {
                let made = make(engine)
                componentInstances[key] = made
                instance = made
            }
        }
        let bound = Bound(handler: entry.bind(instance))
        boundCache[ScalarKey(message.method)] = bound
        lastBound = (message.method, bound.handler)
        return bound.handler
    }

    /// Drops cached handlers and component instances (engine close).
    func reset() {
        boundCache.removeAll()
        lastBound = nil
        optionsCache.removeAll()
        lastOptions = nil
        componentInstances.removeAll()
    }
}
