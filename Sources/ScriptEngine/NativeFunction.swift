internal import CJSC
package import BridgeValues

/// What a native function returns to JS, as Swift values.
package enum NativeResult {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// A prepared text, as a string value (no conversion).
    case source(ScriptSource)
    case json(JSONValue)
    /// NUL-terminated UTF-8 JSON text, parsed into a JS value.
    case jsonText([UInt8])
    /// A function kept from this context.
    case function(ScriptFunction)
    /// An object of another context of the same VM (`ScriptContext.globalObject`), handed over
    /// as itself; `undefined` in a context of another VM.
    case object(SharedObject)
}

/// An object of one context that other contexts of the same VM (JSC context group) may use
/// directly — a page's window handed to the test that loaded it. Made and used on the main
/// actor within one native call, while its context is open; not kept.
@MainActor
package final class SharedObject {
    /// C pointers read when the native call returns, on the main actor (as `ScriptFunction.object`).
    nonisolated(unsafe) let ref: JSObjectRef
    nonisolated(unsafe) let group: JSContextGroupRef

    init(ref: JSObjectRef, group: JSContextGroupRef) {
        self.ref = ref
        self.group = group
    }
}

/// A Swift error thrown by a native function becomes a JS `Error` with this message.
package struct NativeFunctionError: Error {
    package var message: String

    package init(message: String) {
        self.message = message
    }
}

/// The arguments of a native call, read as Swift values. Valid only during the call, on the
/// main actor. Reading an argument never runs page code that could throw out of it: a
/// conversion that throws (a `toString` of the page's) reads as a missing argument.
package struct NativeArguments {
    let ctx: JSContextRef
    package let count: Int
    let values: UnsafePointer<JSValueRef?>?

    private func value(_ i: Int) -> JSValueRef? {
        guard i < count, let values else { return nil }
        return values[i]
    }

    /// The argument as a string (`nil` when missing, undefined or null).
    package func string(_ i: Int) -> String? {
        guard let v = value(i), !JSValueIsUndefined(ctx, v), !JSValueIsNull(ctx, v) else { return nil }
        var exception: JSValueRef?
        guard let s = JSValueToStringCopy(ctx, v, &exception), exception == nil else { return nil }
        defer { JSStringRelease(s) }
        return JSStringConversion.string(s)
    }

    /// The argument as a number (`nil` when missing or not a number).
    package func number(_ i: Int) -> Double? {
        guard let v = value(i), JSValueIsNumber(ctx, v) else { return nil }
        var exception: JSValueRef?
        let n = JSValueToNumber(ctx, v, &exception)
        return exception == nil ? n : nil
    }

    /// Argument `i`, which the caller (the runtime's own prelude, never page code) passes as a
    /// number, read with one JavaScriptCore call instead of a type check and a read (`nil` when
    /// missing). Anything else would be converted (`ToNumber`), so only for arguments the
    /// prelude computes itself.
    package func trustedNumber(_ i: Int) -> Double? {
        guard let v = value(i) else { return nil }
        var exception: JSValueRef?
        let n = JSValueToNumber(ctx, v, &exception)
        return exception == nil ? n : nil
    }

    /// Calls argument `i` (a function) with one object argument; an exception it throws is
    /// dropped (the benchmark floor's callback, which never throws).
    func callBack(_ i: Int, with object: JSObjectRef) {
        guard let fn = functionObject(i) else { return }
        var arg: JSValueRef? = object
        var exception: JSValueRef?
        _ = JSObjectCallAsFunction(ctx, fn, nil, 1, &arg, &exception)
    }

    /// The argument when it is a function object.
    func functionObject(_ i: Int) -> JSObjectRef? {
        guard let v = value(i), JSValueIsObject(ctx, v) else { return nil }
        var exception: JSValueRef?
        guard let fn = JSValueToObject(ctx, v, &exception), exception == nil, JSObjectIsFunction(ctx, fn) else { return nil }
        return fn
    }

    /// The argument as a boolean (JS truthiness).
    package func bool(_ i: Int) -> Bool {
        guard let v = value(i) else { return false }
        return JSValueToBoolean(ctx, v)
    }

    /// Runs `body` with the UTF-8 bytes of a string argument (`nil` when it is not a string).
    package func withUTF8<T>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        var exception: JSValueRef?
        guard let v = value(i), JSValueIsString(ctx, v), let s = JSValueToStringCopy(ctx, v, &exception) else { return try body(nil) }
        defer { JSStringRelease(s) }
        return try JSStringConversion.withUTF8(s) { try body($0) }
    }

    /// The UTF-8 bytes of an argument the prelude always passes as a string (never page code):
    /// read without the type check, one JavaScriptCore call (and lock) fewer; `nil` when missing.
    package func trustedUTF8(_ i: Int) -> [UInt8]? {
        var exception: JSValueRef?
        guard let v = value(i), let s = JSValueToStringCopy(ctx, v, &exception) else { return nil }
        defer { JSStringRelease(s) }
        return exception == nil ? JSStringConversion.utf8Array(s) : nil
    }
}

/// The Swift closure behind one JS function object.
package typealias NativeBody = @MainActor (NativeArguments) throws -> NativeResult

/// A native function to install, by name. A struct rather than a tuple: a closure stored in an
/// array of tuples is re-wrapped for the array's generic storage and unwrapped again, and every
/// call from JavaScript then went through three thunks before reaching it.
package struct NativeFunctionSpec {
    package let name: String
    package let body: NativeBody

    package init(_ name: String, _ body: @escaping NativeBody) {
        self.name = name
        self.body = body
    }
}

/// Box kept as the JS object's private data; released by `finalize`, which may run on any
/// thread and does nothing else (releasing is safe anywhere; the body only runs on the main
/// actor, which the isolation states).
@MainActor
final class NativeFunctionBox {
    let body: NativeBody
    /// `nonisolated(unsafe)`: set once in `init`, read by the call inside JavaScriptCore's
    /// callback on the main thread.
    nonisolated(unsafe) let immediates: NativeImmediates
    init(_ body: @escaping NativeBody, immediates: NativeImmediates) {
        self.body = body
        self.immediates = immediates
    }
}

/// `undefined`, `null`, `true` and `false`, made once per context: a native function returns
/// them without a JavaScriptCore call. Inside a native call every such call takes the VM's lock
/// afresh (JavaScriptCore drops it around the callback), about 80 ns apiece.
struct NativeImmediates {
    let undefined: JSValueRef
    let null: JSValueRef
    let yes: JSValueRef
    let no: JSValueRef

    init(_ ctx: JSContextRef) {
        undefined = JSValueMakeUndefined(ctx)
        null = JSValueMakeNull(ctx)
        yes = JSValueMakeBoolean(ctx, true)
        no = JSValueMakeBoolean(ctx, false)
        for v in [undefined, null, yes, no] { JSValueProtect(ctx, v) }
    }

    func release(_ ctx: JSContextRef) {
        for v in [undefined, null, yes, no] { JSValueUnprotect(ctx, v) }
    }
}

/// The one `JSClass` for Swift closures, created once per process.
enum NativeFunctionClass {
    /// `nonisolated(unsafe)`: a C pointer (not `Sendable`) made once by the static initializer
    /// (which Swift runs exactly once, thread-safely) and never changed; JSC classes may be
    /// used by any context.
    nonisolated(unsafe) static let shared: JSClassRef = {
        var def = kJSClassDefinitionEmpty
        def.className = nil
        def.callAsFunction = nativeCallAsFunction
        def.finalize = nativeFinalize
        return JSClassCreate(&def)
    }()

    /// Makes a JS function object that runs `body`.
    @MainActor
    static func make(_ ctx: JSContextRef, _ body: @escaping NativeBody, immediates: NativeImmediates) -> JSObjectRef {
        let box = Unmanaged.passRetained(NativeFunctionBox(body, immediates: immediates)).toOpaque()
        return JSObjectMake(ctx, shared, box)
    }

    /// Builds the JS value for a native result.
    static func jsValue(_ ctx: JSContextRef, _ result: NativeResult, _ immediates: NativeImmediates) -> JSValueRef? {
        switch result {
        case .undefined: return immediates.undefined
        case .null: return immediates.null
        case .bool(let b): return b ? immediates.yes : immediates.no
        case .number(let n): return JSValueMakeNumber(ctx, n)
        case .string(let s): return JSStringConversion.with(s) { JSValueMakeString(ctx, $0) }
        case .source(let s): return JSValueMakeString(ctx, s.ref)
        case .json(let v):
            var bytes: [UInt8] = []
            v.appendJSON(to: &bytes)
            return ScriptContext.makeFromJSON(ctx, bytes)
        case .jsonText(let bytes):
            return bytes.withUnsafeBufferPointer { ScriptContext.makeFromJSON(ctx, nulTerminated: $0) }
        case .object(let shared):
            return JSContextGetGroup(ctx) == shared.group ? shared.ref : JSValueMakeUndefined(ctx)
        case .function(let function):
            return function.object
        }
    }
}

private func nativeCallAsFunction(
    _ ctx: JSContextRef?, _ function: JSObjectRef?, _ this: JSObjectRef?, _ argc: Int,
    _ argv: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let ctx, let function, let raw = JSObjectGetPrivate(function) else { return nil }
    let box = Unmanaged<NativeFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    // `nonisolated(unsafe)`: the arguments point into JSC's call frame and are read only inside
    // this synchronous call; `assumeIsolated` checks (and traps otherwise) that the call runs on
    // the main actor, the only place native functions are called from.
    nonisolated(unsafe) let args = NativeArguments(ctx: ctx, count: argc, values: argv)
    do {
        let result = try MainActor.assumeIsolated { try box.body(args) }
        return NativeFunctionClass.jsValue(ctx, result, box.immediates)
    } catch {
        let message = (error as? NativeFunctionError)?.message ?? String(describing: error)
        let msg = JSStringConversion.with(message) { JSValueMakeString(ctx, $0) }
        var argsArray: [JSValueRef?] = [msg]
        var failed: JSValueRef?
        let made = JSObjectMakeError(ctx, 1, &argsArray, &failed)
        exception?.pointee = failed ?? made
        return nil
    }
}

private func nativeFinalize(_ object: JSObjectRef?) {
    guard let object, let raw = JSObjectGetPrivate(object) else { return }
    Unmanaged<NativeFunctionBox>.fromOpaque(raw).release()
}
