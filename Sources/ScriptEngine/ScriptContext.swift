internal import CJSC
package import BridgeValues

/// An argument passed from Swift into a JS function.
package enum ScriptArgument {
    case undefined
    case number(Double)
    case string(String)
    /// JSON text (UTF-8), turned into a JS value by the engine's JSON parser — never evaluated
    /// as source, so data cannot inject code.
    case jsonText([UInt8])
    case json(JSONValue)
    /// The JS value thrown for `error`, when it is the error this context made last from a thrown
    /// value (an uncaught error reported to the page's own `error` event); else `undefined`.
    case thrownValue(ScriptError)
}

/// A JS function kept alive (protected) for later calls from Swift. Unprotects itself on deinit
/// and keeps its context alive meanwhile.
@MainActor
package final class ScriptFunction {
    package let context: ScriptContext
    /// `nonisolated(unsafe)`: set once in `init` and never changed; read off the actor only by
    /// `NativeFunctionClass.jsValue`, which runs inside a native call on the main thread.
    nonisolated(unsafe) let object: JSObjectRef

    fileprivate init(context: ScriptContext, object: JSObjectRef) {
        self.context = context
        self.object = object
        JSValueProtect(context.ctx, object)
    }

    isolated deinit {
        JSValueUnprotect(context.ctx, object)
    }
}

/// One JavaScriptCore global context: evaluation, the exception funnel, native functions and
/// calls into JS. Used on the main actor by the layers above.
@MainActor
package final class ScriptContext {
    package let vm: ScriptVM
    let ctx: JSGlobalContextRef
    /// The object `__bench.roundtrip` hands back (protected while the context lives).
    private var benchmarkObject: JSObjectRef?
    /// Set once the page's rejection callback is installed (it must be replaced before release).
    private var hasRejectionHandler = false
    /// The value of the last exception made into a `ScriptError`, with that error (protected
    /// until the next one or the context's end), for `ScriptArgument.thrownValue`.
    private var lastThrown: (value: JSValueRef, error: ScriptError)?
    /// What native functions return for `undefined`, `null` and booleans, made at the first.
    private var madeImmediates: NativeImmediates?
    private var immediates: NativeImmediates {
        if let madeImmediates { return madeImmediates }
        let made = NativeImmediates(ctx)
        madeImmediates = made
        return made
    }

    package init(vm: ScriptVM) {
        self.vm = vm
        ctx = JSGlobalContextCreateInGroup(vm.group, nil)
        vm.noteContextCreated()
    }

    isolated deinit {
        if let benchmarkObject { JSValueUnprotect(ctx, benchmarkObject) }
        if let lastThrown { JSValueUnprotect(ctx, lastThrown.value) }
        madeImmediates?.release(ctx)
        if hasRejectionHandler, let sink = vm.rejectionSinkFunction() {
            var exc: JSValueRef?
            JSGlobalContextSetUnhandledRejectionCallback(ctx, sink, &exc)
        }
        JSGlobalContextRelease(ctx)
        vm.noteContextClosed()
    }

    // MARK: Exception funnel

    /// Runs a C call that has an exception out-parameter; a thrown JS value becomes a
    /// `ScriptError` carrying message, file, line and stack. Every call into JavaScriptCore that
    /// can run page code (a getter, a proxy trap, `toString`) goes through here.
    func trying<T>(_ body: (UnsafeMutablePointer<JSValueRef?>) -> T) throws(ScriptError) -> T {
        var exception: JSValueRef?
        let guarded = entering()
        let result = body(&exception)
        if guarded { ProcessGuard.shared.exit() }
        if let exception {
            let error = scriptError(from: exception)
            if error.kind == .exception { keepThrown(exception, error) }
            throw error
        }
        if vm.watchdog.fired.load(ordering: .sequentiallyConsistent) {
            // The watchdog stopped a script while JSC drained microtasks after the call
            // returned; JSC reports no exception then, but the VM holds a pending termination
            // that would abort the next call. Take it now with a trivial evaluation.
            throw consumePendingTermination()
        }
        return result
    }

    /// `trying` for reads whose failure only means "not available" (reporting must never throw).
    /// A read can run page code (a getter), so the guard sees it as JavaScript holding the thread.
    func attempt<T>(_ body: (UnsafeMutablePointer<JSValueRef?>) -> T?) -> T? {
        var exception: JSValueRef?
        let guarded = entering()
        let result = body(&exception)
        if guarded { ProcessGuard.shared.exit() }
        return exception == nil ? result : nil
    }

    /// Before a call into JavaScriptCore, on whichever thread runs the main actor now: the time
    /// limit reads this thread's CPU clock on entry (served from the cache once the thread is
    /// opted in), and the process guard sees since when JavaScript holds the thread (the
    /// microtask drain at the end of the call included). Returns whether the guard is on (the
    /// caller then marks the exit).
    @inline(__always) private func entering() -> Bool {
        if vm.watchdog.limit > 0 { ThreadCPUClock.ensureCachedOnCurrentThread() }
        let guarded = ProcessGuard.active
        if guarded { ProcessGuard.shared.enter() }
        return guarded
    }

    private func keepThrown(_ value: JSValueRef, _ error: ScriptError) {
        JSValueProtect(ctx, value)
        if let lastThrown { JSValueUnprotect(ctx, lastThrown.value) }
        lastThrown = (value, error)
    }

    private func consumePendingTermination() -> ScriptError {
        var exception: JSValueRef?
        JSStringConversion.with("0") { script in
            _ = JSEvaluateScript(ctx, script, nil, nil, 1, &exception)
        }
        _ = vm.watchdog.fired.exchange(false, ordering: .sequentiallyConsistent)
        vm.endRuntimeStepsAfterStop()
        return ScriptError(kind: .timeLimit, message: "script ran longer than the execution time limit (\(formatSeconds(vm.timeLimitSeconds))) in a promise callback and was stopped")
    }

    /// The Swift form of a thrown JS value. Never throws and never trusts the value: a getter
    /// that throws, a revoked proxy or a `toString` that throws give a placeholder, not a failure.
    ///
    /// Reading the error's properties can run page code (a getter on `stack` that spins): when
    /// the execution limit stops that, the error is reported as the time-limit stop it is, and
    /// nothing more is read.
    private func scriptError(from exception: JSValueRef) -> ScriptError {
        var terminated = vm.watchdog.fired.exchange(false, ordering: .sequentiallyConsistent)
        var error = ScriptError(message: terminated ? "" : describe(exception))
        func stopped() -> Bool {
            if !terminated, vm.watchdog.fired.load(ordering: .sequentiallyConsistent) {
                terminated = true
                _ = consumePendingTermination()
            }
            return terminated
        }
        if !stopped(), JSValueIsObject(ctx, exception), let obj = attempt({ JSValueToObject(ctx, exception, $0) }) {
            let url = property(obj, "sourceURL")
            if !stopped() { error.sourceURL = url.flatMap { $0.isEmpty ? nil : $0 } }
            let line = stopped() ? nil : number(obj, "line")
            if !stopped() { error.line = line.flatMap(JSNumber.int).flatMap { $0 > 0 ? $0 : nil } }
            let column = stopped() ? nil : number(obj, "column")
            if !stopped() { error.column = column.flatMap(JSNumber.int).flatMap { $0 > 0 ? $0 : nil } }
            let stack = stopped() ? nil : property(obj, "stack")
            if !stopped() { error.stack = stack.flatMap { $0.isEmpty ? nil : $0 } }
        }
        if terminated {
            vm.endRuntimeStepsAfterStop()
            error.kind = .timeLimit
            error.message = "script ran longer than the execution time limit (\(formatSeconds(vm.timeLimitSeconds))) and was stopped"
        }
        return error
    }

    private func formatSeconds(_ s: Double) -> String {
        s >= 1 && s == s.rounded() ? "\(Int(s)) s" : "\(Int((s * 1000).rounded())) ms"
    }

    /// A string property of `obj` (`nil` when absent, not convertible, or its getter throws).
    private func property(_ obj: JSObjectRef, _ name: String) -> String? {
        guard let v = attempt({ exc in JSStringConversion.with(name) { JSObjectGetProperty(ctx, obj, $0, exc) } }),
            !JSValueIsUndefined(ctx, v), !JSValueIsNull(ctx, v)
        else { return nil }
        return attempt { exc in
            guard let s = JSValueToStringCopy(ctx, v, exc) else { return nil }
            defer { JSStringRelease(s) }
            return JSStringConversion.string(s, maxUTF16: Self.maxReportedLength)
        }
    }

    /// How much of a thrown value's text a report keeps (a 256 MiB string is not converted).
    static let maxReportedLength = 8000

    /// A number property of `obj` (only a real number; a getter or an object is not called).
    private func number(_ obj: JSObjectRef, _ name: String) -> Double? {
        guard let v = attempt({ exc in JSStringConversion.with(name) { JSObjectGetProperty(ctx, obj, $0, exc) } }), JSValueIsNumber(ctx, v) else { return nil }
        return attempt { JSValueToNumber(ctx, v, $0) }
    }

    /// `String(value)` as JS would print it; a placeholder when the conversion throws (a
    /// `toString` that throws, a revoked proxy, a Symbol), since describing an error must never
    /// fail.
    func describe(_ value: JSValueRef) -> String {
        if let s = attempt({ exc -> String? in
            guard let s = JSValueToStringCopy(ctx, value, exc) else { return nil }
            defer { JSStringRelease(s) }
            return JSStringConversion.string(s, maxUTF16: Self.maxReportedLength)
        }) {
            return s
        }
        return JSValueIsObject(ctx, value) ? "[object that cannot be converted to a string]" : "[value that cannot be converted to a string]"
    }

    // MARK: Evaluation

    /// Evaluates a script. Errors carry `sourceURL` and the line.
    ///
    /// - Returns: the completion value as JSON (`nil` for `undefined` and values JSON cannot
    ///   represent).
    @discardableResult
    package func evaluate(_ source: String, sourceURL: String?, line: Int = 1, wantResult: Bool = true) throws(ScriptError) -> JSONValue? {
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

    /// Evaluates a script whose completion value is a function (`(function (…) { … })`) and
    /// keeps that function; `nil` when the value is not one. Unlike `eval` in JavaScriptCore,
    /// the function's frames carry `sourceURL`.
    package func evaluateFunction(_ source: String, sourceURL: String) throws(ScriptError) -> ScriptFunction? {
        let outcome: Result<JSValueRef?, ScriptError> = JSStringConversion.with(source) { script in
            JSStringConversion.with(sourceURL) { url in
                Result { () throws(ScriptError) -> JSValueRef? in
                    try trying { JSEvaluateScript(ctx, script, nil, url, 1, $0) }
                }
            }
        }
        return try outcome.get().flatMap(function(from:))
    }

    /// The function `value` is, kept for later calls; `nil` when it is not one.
    func function(from value: JSValueRef) -> ScriptFunction? {
        guard JSValueIsObject(ctx, value), let object = attempt({ JSValueToObject(ctx, value, $0) }), JSObjectIsFunction(ctx, object) else { return nil }
        return ScriptFunction(context: self, object: object)
    }

    /// Checks syntax without running.
    package func checkSyntax(_ source: String, sourceURL: String?, line: Int = 1) throws(ScriptError) {
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
    /// null). `nil` for undefined, functions and values JSON cannot represent (a DOM node, a
    /// cycle): a completion value is not an error of the script.
    func json(of value: JSValueRef) throws(ScriptError) -> JSONValue? {
        if JSValueIsUndefined(ctx, value) { return nil }
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

    /// Creates a global object `name` whose properties are native functions (read-only,
    /// non-deletable), itself non-enumerable on the global object.
    package func installNativeObject(_ name: String, functions: [NativeFunctionSpec]) {
        let obj = JSObjectMake(ctx, nil, nil)
        let fixed = JSPropertyAttributes(kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontDelete)
        for spec in functions {
            let fn = NativeFunctionClass.make(ctx, spec.body, immediates: immediates)
            // A fresh plain object: no setter of the page can run, so no exception can occur.
            _ = attempt { exc in JSStringConversion.with(spec.name) { JSObjectSetProperty(ctx, obj, $0, fn, fixed, exc) } }
        }
        let global = JSContextGetGlobalObject(ctx)
        _ = attempt { exc in JSStringConversion.with(name) { JSObjectSetProperty(ctx, global, $0, obj, JSPropertyAttributes(kJSPropertyAttributeDontEnum), exc) } }
    }

    /// The global object (the page's `window`), for a native function of another context of the
    /// same VM to return (`NativeResult.object`).
    package var globalObject: SharedObject {
        SharedObject(ref: JSContextGetGlobalObject(ctx), group: vm.group)
    }

    /// Argument `i` of a native call, kept for later calls when it is a function.
    package func function(argument i: Int, of args: NativeArguments) -> ScriptFunction? {
        args.functionObject(i).map { ScriptFunction(context: self, object: $0) }
    }

    /// The function at a dotted path from the global object (e.g. `__bridgeDOM.fire`), read
    /// through the exception funnel (a page getter on the path may throw: then `nil`).
    package func function(at path: String) -> ScriptFunction? {
        var current: JSValueRef = JSContextGetGlobalObject(ctx)
        for part in path.split(separator: ".") {
            guard let obj = attempt({ JSValueToObject(ctx, current, $0) }) else { return nil }
            guard let next = attempt({ exc in JSStringConversion.with(String(part)) { JSObjectGetProperty(ctx, obj, $0, exc) } }) else { return nil }
            current = next
        }
        guard let obj = attempt({ JSValueToObject(ctx, current, $0) }), JSObjectIsFunction(ctx, obj) else { return nil }
        return ScriptFunction(context: self, object: obj)
    }

    /// Calls a JS function with Swift arguments. Microtasks queued by the call drain when it
    /// returns (JSC drains them as the outermost API call ends, each in a VM entry of its own).
    ///
    /// Each argument is protected from the collector until the call returns: making a later
    /// argument allocates, and the array holding the earlier ones is not on the stack the
    /// collector scans.
    ///
    /// - Returns: with `wantResult`, the JSON form of what the function returned (`nil` for
    ///   `undefined`); else `nil`.
    @discardableResult
    package func call(_ function: ScriptFunction, _ arguments: [ScriptArgument], wantResult: Bool = false) throws(ScriptError) -> JSONValue? {
        var values: [JSValueRef?] = []
        values.reserveCapacity(arguments.count)
        defer { for v in values { if let v { JSValueUnprotect(ctx, v) } } }
        for a in arguments {
            let value: JSValueRef?
            switch a {
            case .undefined: value = JSValueMakeUndefined(ctx)
            case .number(let n): value = JSValueMakeNumber(ctx, n)
            case .string(let s): value = JSStringConversion.with(s) { JSValueMakeString(ctx, $0) }
            case .jsonText(let bytes): value = Self.makeFromJSON(ctx, bytes) ?? JSValueMakeUndefined(ctx)
            case .json(let v):
                var bytes: [UInt8] = []
                v.appendJSON(to: &bytes)
                value = Self.makeFromJSON(ctx, bytes) ?? JSValueMakeUndefined(ctx)
            case .thrownValue(let error):
                value = lastThrown.flatMap { $0.error == error ? $0.value : nil } ?? JSValueMakeUndefined(ctx)
            }
            if let value { JSValueProtect(ctx, value) }
            values.append(value)
        }
        let result = try trying { exc in
            values.withUnsafeBufferPointer { buf in
                JSObjectCallAsFunction(ctx, function.object, nil, buf.count, buf.baseAddress, exc)
            }
        }
        guard wantResult, let result else { return nil }
        return try json(of: result)
    }

    /// Calls a JS function with one argument parsed from NUL-terminated UTF-8 JSON text, without
    /// copying the text (the delivery hot path; one argument, so nothing to protect).
    /// `noLongStrings`: no string value in the text is longer than ``atomizedJSONStringLength``
    /// (see ``makeFromJSON(_:nulTerminated:shortAsUTF16:noLongStrings:)``).
    package func call(_ function: ScriptFunction, nulTerminatedJSON bytes: UnsafeBufferPointer<UInt8>, noLongStrings: Bool = false) throws(ScriptError) {
        var argument: JSValueRef? = Self.makeFromJSON(ctx, nulTerminated: bytes, shortAsUTF16: true, noLongStrings: noLongStrings) ?? JSValueMakeUndefined(ctx)
        _ = try trying { exc in JSObjectCallAsFunction(ctx, function.object, nil, 1, &argument, exc) }
    }

    /// Calls a JS function with a number and a value parsed from NUL-terminated UTF-8 JSON text
    /// read in place (`noLongStrings` as for the call with one argument).
    package func call(_ function: ScriptFunction, _ a: Double, nulTerminatedJSON bytes: UnsafeBufferPointer<UInt8>, noLongStrings: Bool = false) throws(ScriptError) {
        let value = Self.makeFromJSON(ctx, nulTerminated: bytes, shortAsUTF16: true, noLongStrings: noLongStrings)
        // (On this stack while JS runs: JavaScriptCore scans it conservatively.)
        var arguments: (JSValueRef?, JSValueRef?) = (JSValueMakeNumber(ctx, a), value ?? JSValueMakeUndefined(ctx))
        _ = try withUnsafeMutableBytes(of: &arguments) { raw throws(ScriptError) in
            let list = raw.baseAddress!.assumingMemoryBound(to: JSValueRef?.self)
            return try trying { exc in JSObjectCallAsFunction(ctx, function.object, nil, 2, list, exc) }
        }
    }

    /// Sets the function that JSC calls with `(promise, reason)` for unhandled rejections.
    package func setUnhandledRejectionHandler(_ function: ScriptFunction) {
        var exc: JSValueRef?
        JSGlobalContextSetUnhandledRejectionCallback(ctx, function.object, &exc)
        hasRejectionHandler = exc == nil
    }

    /// Installs `__bench.noop()` (an empty native function) and `__bench.roundtrip(fn)` (native
    /// calls `fn` back with a cached, protected object): the engine's physical floor, with no
    /// value conversion, for `bridge-bench`.
    package func installBenchmarkFunctions() {
        guard benchmarkObject == nil, let cached = JSObjectMake(ctx, nil, nil) else { return }
        JSValueProtect(ctx, cached)
        benchmarkObject = cached
        installNativeObject("__bench", functions: [
            NativeFunctionSpec("noop", { _ in .undefined }),
            NativeFunctionSpec("roundtrip", { [unowned self] args in
                if let cached = benchmarkObject { args.callBack(0, with: cached) }
                return .undefined
            }),
        ])
    }

    /// Asks the collector to run (used when closing engines in bulk).
    package func collectGarbage() {
        JSGarbageCollect(ctx)
    }
}
