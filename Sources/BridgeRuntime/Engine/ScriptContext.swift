internal import CJSC

/// An argument passed from Swift into a JS function.
enum ScriptArgument {
    case undefined
    case number(Double)
    case string(String)
    /// JSON text (UTF-8), turned into a JS value by the engine's JSON parser — never evaluated
    /// as source, so data cannot inject code.
    case jsonText([UInt8])
    case json(JSONValue)
}

/// A JS function kept alive (protected) for later calls from Swift. Unprotects itself on deinit
/// and keeps its context alive meanwhile.
final class ScriptFunction {
    let context: ScriptContext
    fileprivate let object: JSObjectRef

    fileprivate init(context: ScriptContext, object: JSObjectRef) {
        self.context = context
        self.object = object
        JSValueProtect(context.ctx, object)
    }

    deinit {
        JSValueUnprotect(context.ctx, object)
    }
}

/// One JavaScriptCore global context: evaluation, the exception funnel, native functions and
/// calls into JS. Internal; used from the main thread by `BridgeEngine`.
final class ScriptContext {
    let vm: ScriptVM
    let ctx: JSGlobalContextRef
    fileprivate var benchmarkCache: BenchmarkCache?
    /// Set once the page's rejection callback is installed (it must be replaced before release).
    private var hasRejectionHandler = false

    init(vm: ScriptVM) {
        self.vm = vm
        ctx = JSGlobalContextCreateInGroup(vm.group, nil)
        vm.noteContextCreated()
    }

    deinit {
        benchmarkCache = nil
        if hasRejectionHandler, let sink = vm.rejectionSinkFunction() {
            var exc: JSValueRef?
            JSGlobalContextSetUnhandledRejectionCallback(ctx, sink, &exc)
        }
        JSGlobalContextRelease(ctx)
        vm.noteContextClosed()
    }

    // MARK: Exception funnel

    /// Runs a C call that has an exception out-parameter; a thrown JS value becomes a
    /// `ScriptError` carrying message, file, line and stack.
    func trying<T>(_ body: (UnsafeMutablePointer<JSValueRef?>) -> T) throws(ScriptError) -> T {
        var exception: JSValueRef?
        let result = body(&exception)
        if let exception {
            throw scriptError(from: exception)
        }
        if vm.watchdog.fired.load(ordering: .sequentiallyConsistent) {
            // The watchdog stopped a script while JSC drained microtasks after the call
            // returned; JSC reports no exception then, but the VM holds a pending termination
            // that would abort the next call. Take it now with a trivial evaluation.
            throw consumePendingTermination()
        }
        return result
    }

    private func consumePendingTermination() -> ScriptError {
        var exception: JSValueRef?
        JSStringConversion.with("0") { script in
            _ = JSEvaluateScript(ctx, script, nil, nil, 1, &exception)
        }
        _ = vm.watchdog.fired.exchange(false, ordering: .sequentiallyConsistent)
        return ScriptError(kind: .timeLimit, message: "script ran longer than the execution time limit (\(formatSeconds(vm.timeLimit))) in a promise callback and was stopped")
    }

    private func scriptError(from exception: JSValueRef) -> ScriptError {
        let terminated = vm.watchdog.fired.exchange(false, ordering: .sequentiallyConsistent)
        var error = ScriptError(message: stringOf(exception))
        if JSValueIsObject(ctx, exception), let obj = JSValueToObject(ctx, exception, nil) {
            error.sourceURL = property(obj, "sourceURL").flatMap { $0.isEmpty ? nil : $0 }
            error.line = property(obj, "line").flatMap { Int($0) }
            error.column = property(obj, "column").flatMap { Int($0) }
            error.stack = property(obj, "stack").flatMap { $0.isEmpty ? nil : $0 }
        }
        if terminated {
            error.kind = .timeLimit
            error.message = "script ran longer than the execution time limit (\(formatSeconds(vm.timeLimit))) and was stopped"
        }
        return error
    }

    private func formatSeconds(_ s: Double) -> String {
        s >= 1 && s == s.rounded() ? "\(Int(s)) s" : "\(Int(s * 1000)) ms"
    }

    private func property(_ obj: JSObjectRef, _ name: String) -> String? {
        let v = JSStringConversion.with(name) { JSObjectGetProperty(ctx, obj, $0, nil) }
        guard let v, !JSValueIsUndefined(ctx, v), !JSValueIsNull(ctx, v) else { return nil }
        return stringOf(v)
    }

    /// `String(value)` as JS would print it (empty if conversion throws).
    func stringOf(_ value: JSValueRef) -> String {
        guard let s = JSValueToStringCopy(ctx, value, nil) else { return "" }
        defer { JSStringRelease(s) }
        return JSStringConversion.string(s)
    }

    // MARK: Evaluation

    /// Evaluates a script. Errors carry `sourceURL` and the line.
    ///
    /// - Returns: the completion value as JSON (`nil` for `undefined` and values JSON cannot
    ///   represent).
    @discardableResult
    func evaluate(_ source: String, sourceURL: String?, line: Int = 1, wantResult: Bool = true) throws(ScriptError) -> JSONValue? {
        let outcome: Result<JSONValue?, ScriptError> = JSStringConversion.with(source) { script in
            JSStringConversion.with(sourceURL ?? "") { url in
                Result { () throws(ScriptError) -> JSONValue? in
                    let value = try trying { JSEvaluateScript(ctx, script, nil, sourceURL == nil ? nil : url, Int32(clamping: line), $0) }
                    guard wantResult, let value else { return nil }
                    return try json(of: value)
                }
            }
        }
        return try outcome.get()
    }

    /// Checks syntax without running.
    func checkSyntax(_ source: String, sourceURL: String?, line: Int = 1) throws(ScriptError) {
        let outcome: Result<Bool, ScriptError> = JSStringConversion.with(source) { script in
            JSStringConversion.with(sourceURL ?? "") { url in
                Result { () throws(ScriptError) -> Bool in
                    try trying { JSCheckScriptSyntax(ctx, script, url, Int32(clamping: line), $0) }
                }
            }
        }
        _ = try outcome.get()
    }

    /// The JSON form of a JS value via the engine's own `JSON.stringify` (lenient: NaN becomes
    /// null). `nil` for undefined and functions.
    private func json(of value: JSValueRef) throws(ScriptError) -> JSONValue? {
        if JSValueIsUndefined(ctx, value) { return nil }
        // A completion value JSON cannot represent (a DOM node, a cycle) is not an error of the
        // script: it reads as nil.
        var exception: JSValueRef?
        let created = JSValueCreateJSONString(ctx, value, 0, &exception)
        if vm.watchdog.fired.load(ordering: .sequentiallyConsistent) { throw consumePendingTermination() }
        guard exception == nil, let text = created else { return nil }
        defer { JSStringRelease(text) }
        return JSStringConversion.withUTF8(text) { bytes in
            // Lone surrogates were escaped by JSON.stringify; map failures to a string.
            (try? JSONParser().parse(bytes)) ?? .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    // MARK: Native functions and calls

    /// Creates a global object `name` whose properties are native functions.
    func installNativeObject(_ name: String, functions: [(String, NativeBody)]) {
        let obj = JSObjectMake(ctx, nil, nil)
        for (fname, body) in functions {
            let fn = NativeFunctionClass.make(ctx, body)
            JSStringConversion.with(fname) { JSObjectSetProperty(ctx, obj, $0, fn, JSPropertyAttributes(kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontDelete), nil) }
        }
        let global = JSContextGetGlobalObject(ctx)
        JSStringConversion.with(name) {
            JSObjectSetProperty(ctx, global, $0, obj, JSPropertyAttributes(kJSPropertyAttributeDontEnum), nil)
        }
    }

    /// Argument `i` of a native call, kept for later calls when it is a function.
    func function(argument i: Int, of args: NativeArguments) -> ScriptFunction? {
        args.functionObject(i).map { ScriptFunction(context: self, object: $0) }
    }

    /// The global function at a dotted path (e.g. `__bridgeSDK.deliver`).
    func function(at path: String) -> ScriptFunction? {
        var current: JSValueRef = JSContextGetGlobalObject(ctx)
        for part in path.split(separator: ".") {
            guard let obj = JSValueToObject(ctx, current, nil) else { return nil }
            guard let next = JSStringConversion.with(String(part), { JSObjectGetProperty(ctx, obj, $0, nil) }) else { return nil }
            current = next
        }
        guard let obj = JSValueToObject(ctx, current, nil), JSObjectIsFunction(ctx, obj) else { return nil }
        return ScriptFunction(context: self, object: obj)
    }

    /// Calls a JS function with Swift arguments. Microtasks queued by the call drain when it
    /// returns (JSC drains them as the outermost API call ends).
    func call(_ function: ScriptFunction, _ arguments: [ScriptArgument]) throws(ScriptError) {
        var values: [JSValueRef?] = []
        values.reserveCapacity(arguments.count)
        for a in arguments {
            switch a {
            case .undefined: values.append(JSValueMakeUndefined(ctx))
            case .number(let n): values.append(JSValueMakeNumber(ctx, n))
            case .string(let s): values.append(JSStringConversion.with(s) { JSValueMakeString(ctx, $0) })
            case .jsonText(let bytes): values.append(Self.makeFromJSON(ctx, bytes) ?? JSValueMakeUndefined(ctx))
            case .json(let v):
                var bytes: [UInt8] = []
                v.appendJSON(to: &bytes)
                values.append(Self.makeFromJSON(ctx, bytes) ?? JSValueMakeUndefined(ctx))
            }
        }
        _ = try trying { exc in
            values.withUnsafeBufferPointer { buf in
                JSObjectCallAsFunction(ctx, function.object, nil, buf.count, buf.baseAddress, exc)
            }
        }
    }

    /// Calls a JS function with one argument parsed from NUL-terminated UTF-8 JSON text, without
    /// copying the text (the delivery hot path).
    func call(_ function: ScriptFunction, nulTerminatedJSON bytes: UnsafeBufferPointer<UInt8>) throws(ScriptError) {
        var argument: JSValueRef? = Self.makeFromJSON(ctx, nulTerminated: bytes) ?? JSValueMakeUndefined(ctx)
        _ = try trying { exc in JSObjectCallAsFunction(ctx, function.object, nil, 1, &argument, exc) }
    }

    /// A JS value parsed from UTF-8 JSON text (`nil` if the text is not JSON).
    static func makeFromJSON(_ ctx: JSContextRef, _ bytes: [UInt8]) -> JSValueRef? {
        var bytes = bytes
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { makeFromJSON(ctx, nulTerminated: $0) }
    }

    /// A JS value parsed from NUL-terminated UTF-8 JSON text, read in place (`nil` if the text
    /// is not JSON).
    static func makeFromJSON(_ ctx: JSContextRef, nulTerminated bytes: UnsafeBufferPointer<UInt8>) -> JSValueRef? {
        bytes.withMemoryRebound(to: CChar.self) { cbuf in
            let s = JSStringCreateWithUTF8CString(cbuf.baseAddress)
            defer { JSStringRelease(s) }
            return JSValueMakeFromJSONString(ctx, s)
        }
    }

    /// Runs the microtasks queued so far, inside the VM entry that is already open. Call it only
    /// from a native function (JavaScript is on the stack), and not from inside a microtask.
    /// Returns `false` when it did nothing, where the library cannot (see `ScriptVM.drainsInline`;
    /// the microtasks then drain when the outermost call returns, as usual), and also when the
    /// time limit stopped a job: the termination is unwinding to the outermost call then.
    ///
    /// Why: the JSC of WebKitGTK 2.4x/2.50 drains those leftover microtasks one VM entry per job,
    /// and with an execution time limit every entry reads the thread's CPU time (a system call).
    /// Drained from inside, all jobs share one entry and one time-limit budget, as in newer
    /// JavaScriptCore, where the drain opens a single entry itself.
    func drainMicrotasksInside() -> Bool {
        guard vm.drainsMicrotasksInline else { return false }
        bridge_drain_microtasks(vm.group)
        return !vm.watchdog.fired.load(ordering: .sequentiallyConsistent)
    }

    /// Restarts the execution time budget of the JavaScript running now (see
    /// `ScriptVM.restartTimeLimit`).
    func restartTimeLimit() {
        vm.restartTimeLimit()
    }

    /// Sets the function that JSC calls with `(promise, reason)` for unhandled rejections.
    func setUnhandledRejectionHandler(_ function: ScriptFunction) {
        var exc: JSValueRef?
        JSGlobalContextSetUnhandledRejectionCallback(ctx, function.object, &exc)
        hasRejectionHandler = exc == nil
    }

    /// Installs `__bench.noop()` (an empty native function) and `__bench.roundtrip(fn)` (native
    /// calls `fn` back with a cached, protected object): the engine's physical floor, with no
    /// value conversion, for `bridge-bench`.
    func installBenchmarkFunctions() {
        guard let cached = JSObjectMake(ctx, nil, nil) else { return }
        JSValueProtect(ctx, cached)
        let box = BenchmarkCache(ctx: ctx, value: cached)
        installNativeObject("__bench", functions: [
            ("noop", { _ in .undefined }),
            ("roundtrip", { args in
                args.callBack(0, with: box.value)
                return .undefined
            }),
        ])
        benchmarkCache = box
    }

    /// Asks the collector to run (used when closing engines in bulk).
    func collectGarbage() {
        JSGarbageCollect(ctx)
    }
}

/// The cached value `__bench.roundtrip` hands back; unprotected when the context goes.
/// `@unchecked Sendable`: touched only on the engine thread.
private final class BenchmarkCache: @unchecked Sendable {
    let ctx: JSGlobalContextRef
    let value: JSObjectRef

    init(ctx: JSGlobalContextRef, value: JSObjectRef) {
        self.ctx = ctx
        self.value = value
    }

    deinit {
        JSValueUnprotect(ctx, value)
    }
}
