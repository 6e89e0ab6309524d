public import BridgeValues
package import ScriptEngine

/// Extension points. Each registration adds to what is there, in order, and lasts for the
/// engine's life: installing schemas and then capabilities (or a mock, a trace, a test session)
/// never turns anything installed before off.
extension BridgeEngine {
    /// Adds a dispatcher consulted before the registries (a mock fixture, the legacy dispatcher
    /// of a hybrid framework). Dispatchers are asked in the order added; the first that returns a
    /// handler answers the call, `nil` passes to the next and finally to the tables. The call
    /// checks run before any dispatcher.
    public func addDispatcher(_ dispatcher: @escaping @MainActor (BridgeMessage) -> ActionHandler?) {
        hooks.dispatchers.append(dispatcher)
    }

    /// Adds a check every call passes before its handler is looked up (permissions, schema
    /// validation). Checks run by `stage` (permission, then validation, then custom) and, within
    /// a stage, in the order added; the first error refuses the call, which settles with it, and
    /// no handler runs. The check receives the call and its resolved options.
    public func addCallCheck(_ stage: CallCheckStage = .custom, _ check: @escaping @MainActor (BridgeCall, ActionOptions) -> BridgeError?) {
        hooks.addCallCheck(stage, check)
    }

    /// Adds a check of every successful result (schema result validation). Checks run in the
    /// order added; the first error replaces the result.
    public func addResultCheck(_ check: @escaping @MainActor (BridgeCall, JSONValue) -> BridgeError?) {
        hooks.resultChecks.append(check)
    }

    /// Adds a source of action options (the schemas' `timeout`, `ordered`, `permission`).
    /// Sources are asked in the order added; the first that knows a method overrides the
    /// registration's options where it sets a value (see `options(for:)`).
    public func addOptionsSource(_ source: @escaping @MainActor (String) -> ActionOptions?) {
        hooks.optionSources.append(source)
        resolver.optionSourcesChanged()
    }

    /// Adds an observer of every `EngineEvent` (calls, answers, console lines, errors), called in
    /// the order added. With no observer the engine builds no events at all.
    ///
    /// - Parameter callTraffic: `false`: every event but the call traffic — calls and their
    ///   results and progress, both ways (`EngineEvent.isCallTraffic`; failures still come). When
    ///   no observer takes the traffic, the engine builds none of those events, and a call's params
    ///   nothing else reads are never converted from the page's JSON.
    public func addEventObserver(callTraffic: Bool = true, _ observer: @escaping @MainActor (EngineEvent) -> Void) {
        hooks.addEventObserver(traffic: callTraffic, observer)
    }

    /// Adds an observer of navigations that are not bridge URLs (`location.href = …`, an iframe
    /// `src`, `window.open`), called with the URL and how the page navigated.
    public func addNavigationObserver(_ observer: @escaping @MainActor (String, NavigationKind) -> Void) {
        hooks.navigationObservers.append(observer)
    }

    /// Adds work to do when the engine closes, after pending calls were cancelled and before
    /// its context is released (to drop references into the context).
    package func addCloseObserver(_ observer: @escaping @MainActor () -> Void) {
        hooks.closeObservers.append(observer)
    }

    /// Adds a rewrite of every script error the engine records (uncaught exceptions, unhandled
    /// rejections) or throws from `evaluate`/`execute`, applied in the order added after the
    /// error was placed at the page line (a bundle's source map naming the original file and
    /// line, docs/modules.md). A mapper must not call into the engine.
    /// Adds an observer of uncaught exceptions native code caught (a script's top level, a
    /// timer callback): the page layer fires the window's `error` event from it. The run's report
    /// of the error is unchanged whatever the observer does.
    package func addUncaughtObserver(_ observer: @escaping @MainActor (_ thrown: ScriptError, _ placed: ScriptError) -> Void) {
        hooks.uncaughtObservers.append(observer)
    }

    func notifyUncaught(_ thrown: ScriptError, placed: ScriptError) {
        guard !hooks.notifyingUncaught, !hooks.uncaughtObservers.isEmpty else { return }
        hooks.notifyingUncaught = true
        defer { hooks.notifyingUncaught = false }
        for observer in hooks.uncaughtObservers { observer(thrown, placed) }
    }

    package func addErrorMapper(_ mapper: @escaping @MainActor (ScriptError) -> ScriptError) {
        hooks.errorMappers.append(mapper)
    }

    /// `error` after every error mapper.
    package func mapped(_ error: ScriptError) -> ScriptError {
        hooks.errorMappers.reduce(error) { $1($0) }
    }
    /// Adds a reporter of another layer's pending work (requests of the network layer), which
    /// `pendingSummary` includes.
    package func addPendingReporter(_ reporter: @escaping @MainActor () -> PendingWork) {
        hooks.pendingReporters.append(reporter)
    }

    /// `true` when something observes events (other layers skip building events otherwise).
    package var observesEvents: Bool { hooks.observesEvents }

    /// Whether an observer takes the call traffic (see ``addEventObserver(callTraffic:_:)``).
    package var observesCallTraffic: Bool { hooks.observesCallTraffic }
}
