import BridgeValues
import ScriptEngine

/// When a call check runs, relative to the others: every `permission` check before every
/// `validation` check before every `custom` one; within a stage, in the order they were added.
/// So a page without the permission is refused `PERMISSION_DENIED` before its params are
/// looked at, whichever was installed first.
public enum CallCheckStage: Int, Sendable, Comparable, CaseIterable {
    /// Who may call (capabilities).
    case permission
    /// What may be sent (schemas).
    case validation
    /// Anything else a program adds.
    case custom

    /// Stage order.
    public static func < (a: CallCheckStage, b: CallCheckStage) -> Bool { a.rawValue < b.rawValue }
}

/// How a page navigated, for navigation observers.
public enum NavigationKind: String, Sendable, Equatable {
    /// `location.href = …`, `location.assign`/`replace`.
    case location
    /// An iframe's `src`.
    case iframe
    /// `window.open`.
    case open = "window.open"
    /// A followed link (`<a href>` clicked).
    case link
    /// Anything else the page layer reports.
    case other
}

/// Work another layer keeps pending on the engine's loop, for the engine's pending summary.
package struct PendingWork: Sendable, Equatable {
    /// Loop timers this work armed (not counted again as the page's timers).
    package var timers: Int
    /// What is pending, e.g. `1 HTTP request (GET https://x/a)`; `nil` when nothing is.
    package var summary: String?

    package init(timers: Int, summary: String?) {
        self.timers = timers
        self.summary = summary
    }
}

/// The engine's extension points, each an ordered list that only grows: installing schemas and
/// then a capability set (or a mock, or a trace) adds to what is there and never replaces it.
@MainActor
final class EngineHooks {
    // (`@exclusivity(unchecked)`: read or written on every call; see `BridgeEngine.calls`.)
    /// Consulted in the order added before the registries; the first non-`nil` handler wins.
    @exclusivity(unchecked) var dispatchers: [@MainActor (BridgeMessage) -> ActionHandler?] = []
    /// Run by stage, then in the order added; the first error refuses the call.
    @exclusivity(unchecked) private(set) var callChecks: [(stage: CallCheckStage, check: @MainActor (BridgeCall, ActionOptions) -> BridgeError?)] = []
    /// Run in the order added on every successful result; the first error replaces it.
    @exclusivity(unchecked) var resultChecks: [@MainActor (BridgeCall, JSONValue) -> BridgeError?] = []
    /// Asked in the order added for an action's options; the first non-`nil` answer wins.
    var optionSources: [@MainActor (String) -> ActionOptions?] = []
    /// Receive every event, in the order added — or every event but the call traffic
    /// (`EngineEvent.isCallTraffic`) when `traffic` is `false`.
    private(set) var eventObservers: [(traffic: Bool, observe: @MainActor (EngineEvent) -> Void)] = []
    /// Whether some observer takes the call traffic (callers skip building those events otherwise).
    @exclusivity(unchecked) private(set) var observesCallTraffic = false
    /// Receive every navigation that is not a bridge URL, in the order added.
    var navigationObservers: [@MainActor (String, NavigationKind) -> Void] = []
    /// Run when the engine closes, before its context goes (other layers drop what they hold).
    var closeObservers: [@MainActor () -> Void] = []
    /// Applied in the order added to every error the engine records or throws (source maps).
    var errorMappers: [@MainActor (ScriptError) -> ScriptError] = []
    /// Told, in the order added, of every uncaught exception native code caught: the error as
    /// thrown (for `ScriptArgument.thrownValue`) and as placed at the page line.
    var uncaughtObservers: [@MainActor (_ thrown: ScriptError, _ placed: ScriptError) -> Void] = []
    /// Set while the uncaught observers run (an error they cause is not offered again).
    var notifyingUncaught = false
    /// Other layers' pending work (the network layer's requests), for `pendingSummary`.
    var pendingReporters: [@MainActor () -> PendingWork] = []

    /// Asked in the order added for every URL the page navigates to, before the legacy scheme:
    /// `true` means the URL was a bridge URL of a peer protocol (intercepted, never navigated).
    var urlInterceptors: [@MainActor (String) -> Bool] = []
    /// Bodies posted to a message handler with a receiver of its own (Cordova's `cordova`
    /// handler posts arrays), by handler name: the parsed body, any JSON value.
    @exclusivity(unchecked) var messageReceivers: [String: @MainActor (JSONValue) -> Void] = [:]
    /// Asked in the order added for a body that is not `{method, params, callbackId}`: `true`
    /// means it was a message of another protocol and was handled.
    var messageFallbacks: [@MainActor (String, JSONValue) -> Bool] = []
    /// Asked in the order added for a native-to-JS call (request number, handler name, the
    /// arguments or `nil` for none): `true` means a peer bridge of the page took it and will
    /// complete the request.
    var jsCallRouters: [@MainActor (Int, String, JSCallArgument) -> Bool] = []
    /// Run when a page's document starts (its DOM exists, none of its scripts ran yet).
    var documentStartObservers: [@MainActor () -> Void] = []
    var eventRouters: [@MainActor (String, JSONValue) -> Void] = []

    /// `true` when something observes events (callers skip building events otherwise).
    var observesEvents: Bool { !eventObservers.isEmpty }

    func addEventObserver(traffic: Bool, _ observer: @escaping @MainActor (EngineEvent) -> Void) {
        eventObservers.append((traffic, observer))
        if traffic { observesCallTraffic = true }
    }

    func addCallCheck(_ stage: CallCheckStage, _ check: @escaping @MainActor (BridgeCall, ActionOptions) -> BridgeError?) {
        // Stable insertion: after every check of the same or an earlier stage.
        let index = callChecks.firstIndex { $0.stage > stage } ?? callChecks.endIndex
        callChecks.insert((stage, check), at: index)
    }

    func report(_ event: EngineEvent) {
        let traffic = event.isCallTraffic
        for observer in eventObservers where observer.traffic || !traffic { observer.observe(event) }
    }

    func firstRefusal(_ call: BridgeCall, _ options: ActionOptions) -> BridgeError? {
        for entry in callChecks {
            if let error = entry.check(call, options) { return error }
        }
        return nil
    }

    func removeAll() {
        dispatchers.removeAll()
        callChecks.removeAll()
        resultChecks.removeAll()
        optionSources.removeAll()
        eventObservers.removeAll()
        observesCallTraffic = false
        navigationObservers.removeAll()
        closeObservers.removeAll()
        errorMappers.removeAll()
        pendingReporters.removeAll()
        urlInterceptors.removeAll()
        messageReceivers.removeAll()
        messageFallbacks.removeAll()
        jsCallRouters.removeAll()
        documentStartObservers.removeAll()
        eventRouters.removeAll()
    }
}
