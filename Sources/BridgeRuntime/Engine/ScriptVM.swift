internal import CJSC
import Synchronization
import FoundationEssentials

/// A JavaScript virtual machine (a JavaScriptCore context group) that engines can share.
///
/// Engines in one VM share the heap, JIT code and built-ins, so each extra engine costs far less
/// memory. The execution time limit is per VM: a script (or callback) that runs longer than
/// `timeLimit` seconds in one go is terminated with `ScriptError.Kind.timeLimit`. "In one go" is
/// one top-level call: an evaluation, a timer callback, or one delivery of answers together with
/// the promise continuations it releases (as one task and its microtask checkpoint).
///
/// - Note: A VM is used from the main thread only, like the engines in it.
public final class ScriptVM: @unchecked Sendable {
    let group: JSContextGroupRef
    let watchdog: Watchdog

    /// The process-wide VM engines share unless their configuration names another (10 s time
    /// limit); see `EngineConfiguration.vm`.
    public static let shared = ScriptVM()

    /// Whether engines in this VM drain microtasks inside the VM entry of a delivery (see
    /// `ScriptContext.drainMicrotasksInside`).
    let drainsMicrotasksInline: Bool

    /// Creates a VM.
    ///
    /// - Parameters:
    ///   - timeLimit: seconds one evaluation or callback may run before it is stopped
    ///     (`nil` = no limit). Default 10 s.
    ///   - drainMicrotasksInline: run the microtasks a delivery releases inside its own VM entry
    ///     (default: where the library allows it and `BRIDGE_INLINE_MICROTASKS` is not `0`).
    ///     Same order either way; inline is faster with a time limit.
    public init(timeLimit: Double? = 10, drainMicrotasksInline: Bool = ScriptVM.drainsInline) {
        drainsMicrotasksInline = drainMicrotasksInline && bridge_can_drain_microtasks()
        group = JSContextGroupCreate()
        watchdog = Watchdog(limit: timeLimit ?? 0)
        restartTimeLimit()
    }

    deinit {
        if let helper = rejectionSink {
            JSValueUnprotect(helper.context, helper.function)
            JSGlobalContextRelease(helper.context)
        }
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
    }

    /// A no-op function in a small helper context of this VM. A closing context points its
    /// unhandled-rejection callback here: JSC keeps that callback as a GC root, and a callback
    /// from the page's own global object would keep the whole page alive after release.
    private var rejectionSink: (context: JSGlobalContextRef, function: JSObjectRef)?

    /// Contexts created and closed in this VM (main thread only).
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
            _ = rejectionSinkFunction()
            if let ctx = rejectionSink?.context { JSSynchronousGarbageCollectForDebugging(ctx) }
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
    /// - Note: Slow (a full collection); for tests and soak runs. Main thread only.
    public func collectAndMeasure() -> HeapStatistics? {
        _ = rejectionSinkFunction()
        guard let ctx = rejectionSink?.context else { return nil }
        JSSynchronousGarbageCollectForDebugging(ctx)
        guard let stats = JSGetMemoryUsageStatistics(ctx) else { return nil }
        func number(_ name: String) -> Int {
            let v = JSStringConversion.with(name) { JSObjectGetProperty(ctx, stats, $0, nil) }
            guard let v else { return 0 }
            return Int(JSValueToNumber(ctx, v, nil))
        }
        return HeapStatistics(objectCount: number("objectCount"), globalObjectCount: number("globalObjectCount"), heapSize: number("heapSize"))
    }

    func rejectionSinkFunction() -> JSObjectRef? {
        if let sink = rejectionSink { return sink.function }
        guard let ctx = JSGlobalContextCreateInGroup(group, nil) else { return nil }
        let fn: JSObjectRef? = JSObjectMakeFunctionWithCallback(ctx, nil, rejectionSinkCallback)
        guard let fn else {
            JSGlobalContextRelease(ctx)
            return nil
        }
        JSValueProtect(ctx, fn)
        rejectionSink = (ctx, fn)
        return fn
    }

    /// The default of `drainMicrotasksInline` for new VMs: `true` when microtasks can be drained from inside a native call
    /// (`ScriptContext.drainMicrotasksInside`): the library exports `JSC::VM::drainMicrotasks`
    /// and `BRIDGE_INLINE_MICROTASKS` is not `0` (the switch exists to compare both paths).
    public static let drainsInline: Bool = {
        guard bridge_can_drain_microtasks() else { return false }
        return ProcessInfo.processInfo.environment["BRIDGE_INLINE_MICROTASKS"] != "0"
    }()

    /// Arms JSC's execution time limit (no-op without one). At creation; and inside a native
    /// function it gives the JavaScript running now a fresh budget, as if it had just been entered
    /// (JSC restarts the CPU-time deadline of the open VM entry) — for work that shares one VM
    /// entry but stands for separate top-level calls (chained deliveries). Main thread.
    func restartTimeLimit() {
        guard watchdog.limit > 0 else { return }
        JSContextGroupSetExecutionTimeLimit(group, watchdog.limit, watchdogShouldTerminate, Unmanaged.passUnretained(watchdog).toOpaque())
    }

    /// The execution time limit in seconds (0 = none).
    public var timeLimit: Double { watchdog.limit }
}

/// State shared with the JSC watchdog callback, which may run on any thread.
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
