internal import CJSC
import BridgeValues
import Synchronization

/// A JavaScript virtual machine (a JavaScriptCore context group) that engines can share.
///
/// Engines in one VM share the heap, JIT code and built-ins, so each extra engine costs far less
/// memory. The execution time limit is per VM: a script (or callback) that runs longer than
/// `timeLimit` in one go is terminated with `ScriptError.Kind.timeLimit`. "In one go" is one
/// entry into the VM: an evaluation, a timer callback, a delivery of answers, or one promise
/// continuation (JavaScriptCore runs each queued continuation in an entry of its own).
///
/// - Note: A VM is used on the main actor only, like the engines in it (the isolation is what
///   makes it `Sendable`). JavaScriptCore's watchdog thread touches only the `Watchdog`, whose
///   state is atomic.
@MainActor
public final class ScriptVM {
    let group: JSContextGroupRef
    let watchdog: Watchdog
    /// The texts this VM evaluates again and again, prepared once (``PreparedScripts``).
    let preparedScripts = PreparedScripts()

    /// The process-wide VM engines share unless their configuration names another (10 s time
    /// limit); see `EngineConfiguration.vm`.
    public static let shared = ScriptVM()

    /// Creates a VM.
    ///
    /// - Parameter timeLimit: how long one evaluation or callback may run before it is stopped
    ///   (`nil` = no limit). Default 10 s.
    public init(timeLimit: Duration? = .seconds(10)) {
        Self.noteCreated()
        group = JSContextGroupCreate()
        watchdog = Watchdog(limit: timeLimit.map(\.seconds) ?? 0)
        if watchdog.limit > 0 {
            // (The limit reads the entering thread's CPU clock on every VM entry: each thread
            // that calls into the VM is served it cheaply, see `ScriptContext.entering`.)
            JSContextGroupSetExecutionTimeLimit(group, watchdog.limit, watchdogShouldTerminate, Unmanaged.passUnretained(watchdog).toOpaque())
        }
    }

    /// VMs a process keeps until it exits (`keepUntilExit()`).
    private static var keptUntilExit: [ScriptVM] = []

    /// Keeps this VM alive for the rest of the process. A command-line process that exits after
    /// its run need not pay the VM's teardown: destroying a VM finalizes its whole heap (about
    /// 5 ms after a page with jQuery, measured with `JSC_logGC=1`), work the process's exit
    /// makes moot. Every engine of the VM should be closed first. Not for a process that goes
    /// on creating VMs: each kept one stays in memory.
    public func keepUntilExit() {
        Self.keptUntilExit.append(self)
    }

    /// How many VMs `keepUntilExit()` holds (for tests).
    package static var keptUntilExitCount: Int { keptUntilExit.count }

    isolated deinit {
        preparedScripts.releaseAll()
        if let helper {
            if let function = rejectionSink { JSValueUnprotect(helper, function) }
            for object in helperObjects.values { JSValueUnprotect(helper, object) }
            JSGlobalContextRelease(helper)
        }
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
    }

    /// A no-op function in a small helper context of this VM. A closing context points its
    /// unhandled-rejection callback here: JSC keeps that callback as a GC root, and a callback
    /// from the page's own global object would keep the whole page alive after release.
    private var rejectionSink: JSObjectRef?

    /// A global object of this VM in which no page code ever runs (made on first use): it holds
    /// the rejection sink and the helper objects.
    private var helper: JSGlobalContextRef?

    /// Objects made once per VM in the helper global (`helperObject(_:)`), by script.
    private var helperObjects: [ObjectIdentifier: JSObjectRef] = [:]

    /// Whether the helper global was made (for tests: an engine that never needed it has none).
    package var hasHelperGlobal: Bool { helper != nil }

    private func helperContext() -> JSGlobalContextRef? {
        if let helper { return helper }
        helper = JSGlobalContextCreateInGroup(group, nil)
        return helper
    }

    /// Whether another context was made in this VM before the newest one.
    package var sharesContexts: Bool { contextsCreated > 1 }

    /// The object `source` evaluates to in this VM's helper global (a pristine global: no page
    /// code runs there), made on first use and kept for the VM's life; `nil` when the script
    /// throws or its value is not an object. Functions of another global work on a page's
    /// objects by their internal slots (a brand check, a `Map` method), so a shared VM's engines
    /// can use one set of them instead of building the classes in every global (~30 KiB each).
    package func helperObject(_ source: ScriptSource, sourceURL: String) -> SharedObject? {
        let key = ObjectIdentifier(source)
        if let object = helperObjects[key] { return SharedObject(ref: object, group: group) }
        guard let ctx = helperContext() else { return nil }
        var exception: JSValueRef?
        let value = JSStringConversion.with(sourceURL) { JSEvaluateScript(ctx, source.ref, nil, $0, 1, &exception) }  // once per VM: not prepared
        guard exception == nil, let value, JSValueIsObject(ctx, value), let object = JSValueToObject(ctx, value, &exception), exception == nil else { return nil }
        JSValueProtect(ctx, object)
        helperObjects[key] = object
        return SharedObject(ref: object, group: group)
    }

    /// Contexts created and closed in this VM.
    private var contextsCreated = 0
    private var contextsClosed = 0

    /// How many closed contexts of a shared VM trigger a full collection. JSC's own collection
    /// timing lets the heap of a VM whose pages come and go grow by many KiB per page; a full
    /// collection every so often keeps a long-lived shared VM flat.
    static let collectEveryClosedContexts = 64

    func noteContextCreated() {
        contextsCreated += 1
    }

    func noteContextClosed() {
        contextsClosed += 1
        // Only a VM that outlives its contexts (shared) needs it; a VM of its own goes away
        // with its only engine.
        if contextsCreated > 1, contextsClosed % Self.collectEveryClosedContexts == 0 {
            if let ctx = helperContext() { JSSynchronousGarbageCollectForDebugging(ctx) }
        }
    }

    /// What a full, synchronous collection leaves in this VM's heap.
    public struct HeapStatistics: Sendable, Equatable {
        /// Live GC objects.
        public var objectCount: Int
        /// Live global objects (pages); engines that were closed must not stay here.
        public var globalObjectCount: Int
        /// Bytes in use in the GC heap.
        public var heapSize: Int
    }

    /// Runs a full garbage collection now and reports what is left: the leak check for engines
    /// created and closed in this VM (RSS alone is blurred by the collector's timing and the
    /// allocator keeping freed pages).
    ///
    /// - Note: Slow (a full collection); for tests and soak runs.
    public func collectAndMeasure() -> HeapStatistics? {
        guard let ctx = helperContext() else { return nil }
        JSSynchronousGarbageCollectForDebugging(ctx)
        guard let stats = JSGetMemoryUsageStatistics(ctx) else { return nil }
        // The statistics object is JSC's own plain object: reading it runs no page code, so an
        // exception here is not possible; it is still taken through an out-parameter.
        func number(_ name: String) -> Int {
            var exception: JSValueRef?
            let v = JSStringConversion.with(name) { JSObjectGetProperty(ctx, stats, $0, &exception) }
            guard exception == nil, let v else { return 0 }
            return JSNumber.int(JSValueToNumber(ctx, v, &exception)) ?? 0
        }
        return HeapStatistics(objectCount: number("objectCount"), globalObjectCount: number("globalObjectCount"), heapSize: number("heapSize"))
    }

    func rejectionSinkFunction() -> JSObjectRef? {
        if let rejectionSink { return rejectionSink }
        guard let ctx = helperContext() else { return nil }
        let fn: JSObjectRef? = JSObjectMakeFunctionWithCallback(ctx, nil, rejectionSinkCallback)
        guard let fn else { return nil }
        JSValueProtect(ctx, fn)
        rejectionSink = fn
        return fn
    }

    /// `true` when the time limit stopped a script and the stop has not been taken yet (JSC
    /// reports no exception for a stop inside a microtask drained after a call returned).
    package var stopPending: Bool { watchdog.fired.load(ordering: .sequentiallyConsistent) }

    /// Starts one of the runtime's own long steps inside a page's script — the DOM or the
    /// network layer loaded on first use — that the time limit must not cut: JavaScriptCore
    /// aborted the process later when a stop landed inside them (its lazily built state left
    /// half made). Until the matching ``endRuntimeStep()`` the script has a minute more; steps
    /// nest (the network's load inside the DOM's).
    package func beginRuntimeStep() {
        runtimeSteps += 1
        if runtimeSteps == 1 { armTimeLimit(extra: 60) }
    }

    /// Ends a step ``beginRuntimeStep()`` began: after the last, the script has the limit again,
    /// counted from now (JavaScriptCore counts a limit from when it is set).
    package func endRuntimeStep() {
        guard runtimeSteps > 0 else { return }
        runtimeSteps -= 1
        if runtimeSteps == 0 { armTimeLimit(extra: 0) }
    }

    /// A stop ends every step (a stop skips the scripts' `finally`, which end them).
    func endRuntimeStepsAfterStop() {
        guard runtimeSteps > 0 else { return }
        runtimeSteps = 0
        armTimeLimit(extra: 0)
    }

    /// The time limit from now: the VM's, plus `extra` seconds.
    private func armTimeLimit(extra: Double) {
        guard watchdog.limit > 0 else { return }
        JSContextGroupSetExecutionTimeLimit(group, watchdog.limit + extra, watchdogShouldTerminate, Unmanaged.passUnretained(watchdog).toOpaque())
    }

    private var runtimeSteps = 0

    /// Forgets a stop that was taken (see `stopPending`).
    package func clearStopPending() {
        watchdog.fired.store(false, ordering: .sequentiallyConsistent)
    }

    /// The execution time limit (`nil` = none).
    public nonisolated var timeLimit: Duration? { watchdog.limit > 0 ? .seconds(watchdog.limit) : nil }

    /// The execution time limit in seconds (0 = none), for the engine's own arithmetic.
    package nonisolated var timeLimitSeconds: Double { watchdog.limit }
}

/// State shared with the JSC watchdog callback, which may run on any thread: a constant and an
/// atomic flag.
final class Watchdog: Sendable {
    let limit: Double
    /// Set when the watchdog terminated a script; read and cleared by the exception funnel.
    let fired = Atomic<Bool>(false)

    init(limit: Double) {
        self.limit = limit
    }
}

/// JSC asks this when a script ran past the limit. It records the termination and re-arms the
/// limit: without re-arming, the watchdog would not fire for the next runaway script.
private func watchdogShouldTerminate(_ ctx: JSContextRef?, _ info: UnsafeMutableRawPointer?) -> Bool {
    guard let info else { return true }
    let watchdog = Unmanaged<Watchdog>.fromOpaque(info).takeUnretainedValue()
    watchdog.fired.store(true, ordering: .sequentiallyConsistent)
    if let ctx, watchdog.limit > 0 {
        JSContextGroupSetExecutionTimeLimit(JSContextGetGroup(ctx), watchdog.limit, watchdogShouldTerminate, info)
    }
    return true
}

/// The no-op behind `ScriptVM.rejectionSinkFunction()`.
private func rejectionSinkCallback(
    _ ctx: JSContextRef?, _ function: JSObjectRef?, _ this: JSObjectRef?, _ argc: Int,
    _ argv: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    JSValueMakeUndefined(ctx)
}

extension ScriptVM {
    /// Runs `body` with JavaScriptCore's sampling profiler on and returns its samples (JSON:
    /// `{"traces": [{"frames": [{"name", "location", …}], …}]}`), or `nil` when this build of
    /// JavaScriptCore has no sampling profiler. For profiling tools (`bridge-bench --profile`).
    package func samplingJavaScript(_ body: () throws -> Void) rethrows -> String? {
        guard startSampling() else {
            try body()
            return nil
        }
        defer { JSContextGroupDisableSamplingProfiler(group) }
        try body()
        return takeSamples()
    }

    /// Turns the sampling profiler on (for code that samples across suspension points); `false`
    /// when this build of JavaScriptCore has none. `stopSampling()` returns the samples.
    package func startSampling() -> Bool {
        JSContextGroupEnableSamplingProfiler(group)
    }

    /// The samples since `startSampling()`, and the profiler off.
    package func stopSampling() -> String? {
        defer { JSContextGroupDisableSamplingProfiler(group) }
        return takeSamples()
    }

    private func takeSamples() -> String? {
        guard let text = JSContextGroupTakeSamplesFromSamplingProfiler(group) else { return nil }
        defer { JSStringRelease(text) }
        return JSStringConversion.string(text)
    }
}
