internal import CJSC
import Synchronization

/// A JavaScript virtual machine (a JavaScriptCore context group) that engines can share.
///
/// Engines in one VM share the heap, JIT code and built-ins, so each extra engine costs far less
/// memory. The execution time limit is per VM: a script (or callback) that runs longer than
/// `timeLimit` seconds in one go is terminated with `ScriptError.Kind.timeLimit`.
///
/// - Note: A VM is used from the main thread only, like the engines in it.
public final class ScriptVM: @unchecked Sendable {
    let group: JSContextGroupRef
    let watchdog: Watchdog

    /// A process-wide VM to share between engines (10 s time limit). Engines get a VM of their
    /// own unless their configuration names one; see `EngineConfiguration.vm`.
    public static let shared = ScriptVM()

    /// Creates a VM.
    ///
    /// - Parameter timeLimit: seconds one evaluation or callback may run before it is stopped
    ///   (`nil` = no limit). Default 10 s.
    public init(timeLimit: Double? = 10) {
        group = JSContextGroupCreate()
        watchdog = Watchdog(limit: timeLimit ?? 0)
        if let timeLimit, timeLimit > 0 {
            JSContextGroupSetExecutionTimeLimit(group, timeLimit, watchdogShouldTerminate, Unmanaged.passUnretained(watchdog).toOpaque())
        }
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
