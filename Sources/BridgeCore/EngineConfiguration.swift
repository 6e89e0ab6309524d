public import BridgeValues
public import ScriptEngine
/// How an engine is set up. Every field has the default a real app would choose.
public struct EngineConfiguration: Sendable {
    /// Message handler names installed as `window.webkit.messageHandlers.<name>`.
    public var handlerNames: [String] = ["bridge"]
    /// How long a call with no per-call or per-action timeout waits before it settles with
    /// `TIMEOUT`.
    public var defaultCallTimeout: Duration = .seconds(10)
    /// How long `callJS` waits before it gives up with `TIMEOUT`.
    public var defaultJSCallTimeout: Duration = .seconds(10)
    /// The scoped table consulted before the global one (`nil` = none).
    public var scopedRegistry: BridgeRegistry?
    /// Whether the global table (`BridgeRegistry.shared`) is consulted.
    public var useGlobalRegistry: Bool = true
    /// The timer clock; `VirtualClock` fires timers without waiting.
    public var clock: any EngineClock = SystemClock()
    /// The VM to create the engine in. `nil` = `ScriptVM.shared`, the process-wide VM (10 s
    /// execution time limit). Engines sharing a VM start about 4x faster and cost about a
    /// quarter of the memory, and stay isolated from each other's globals; a shared VM runs a
    /// full collection every 64 closed engines, so it stays flat over thousands of them. Give an
    /// engine `ScriptVM()` for a time limit of its own.
    public var vm: ScriptVM?
    /// Deepest nesting accepted in a message (`INVALID_MESSAGE` past it).
    public var maxDepth: Int = 128
    /// Size, in-flight and rate limits for messages.
    public var limits = BridgeLimits()
    /// Events emitted before any listener exists that are kept per event name.
    public var maxEarlyEvents: Int = 100
    /// The page URL the engine reports (`location.href` for pages).
    public var pageURL: String = "about:blank"
    /// The scheme of the legacy URL protocol (`hybrid://…?parameter=`).
    public var urlScheme: String = "hybrid"
    /// The prelude offers `__bridgeInternalTimers` (timers the page cannot clear) once, to a
    /// runtime script that loads before the page: the test harness.
    package var offersInternalTimers = false

    /// The default configuration.
    public init() {}
}
