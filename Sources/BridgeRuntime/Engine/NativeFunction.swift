internal import CJSC

/// What a native function returns to JS, as Swift values.
enum NativeResult {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case json(JSONValue)
    /// NUL-terminated UTF-8 JSON text, parsed into a JS value.
    case jsonText([UInt8])
}

/// A Swift error thrown by a native function becomes a JS `Error` with this message.
struct NativeFunctionError: Error {
    var message: String
}

/// The arguments of a native call, read as Swift values. Valid only during the call.
/// `@unchecked Sendable`: only ever read on the main thread during the call that made it.
struct NativeArguments: @unchecked Sendable {
    let ctx: JSContextRef
    let count: Int
    let values: UnsafePointer<JSValueRef?>?

    private func value(_ i: Int) -> JSValueRef? {
        guard i < count, let values else { return nil }
        return values[i]
    }

    /// The argument as a string (`nil` when missing, undefined or null).
    func string(_ i: Int) -> String? {
        guard let v = value(i), !JSValueIsUndefined(ctx, v), !JSValueIsNull(ctx, v) else { return nil }
        guard let s = JSValueToStringCopy(ctx, v, nil) else { return nil }
        defer { JSStringRelease(s) }
        return JSStringConversion.string(s)
    }

    /// The argument as a number (`nil` when missing or not a number).
    func number(_ i: Int) -> Double? {
        guard let v = value(i), JSValueIsNumber(ctx, v) else { return nil }
        return JSValueToNumber(ctx, v, nil)
    }

    /// Calls argument `i` (a function) with one object argument; exceptions are ignored.
    func callBack(_ i: Int, with object: JSObjectRef) {
        guard let v = value(i), let fn = JSValueToObject(ctx, v, nil), JSObjectIsFunction(ctx, fn) else { return }
        var arg: JSValueRef? = object
        _ = JSObjectCallAsFunction(ctx, fn, nil, 1, &arg, nil)
    }

    /// The argument when it is a function object.
    func functionObject(_ i: Int) -> JSObjectRef? {
        guard let v = value(i), let fn = JSValueToObject(ctx, v, nil), JSObjectIsFunction(ctx, fn) else { return nil }
        return fn
    }

    /// The argument as a boolean (JS truthiness).
    func bool(_ i: Int) -> Bool {
        guard let v = value(i) else { return false }
        return JSValueToBoolean(ctx, v)
    }

    /// Runs `body` with the UTF-8 bytes of a string argument (`nil` when it is not a string).
    func withUTF8<T>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        guard let v = value(i), JSValueIsString(ctx, v), let s = JSValueToStringCopy(ctx, v, nil) else { return try body(nil) }
        defer { JSStringRelease(s) }
        return try JSStringConversion.withUTF8(s) { try body($0) }
    }
}

/// The Swift closure behind one JS function object.
typealias NativeBody = @MainActor (NativeArguments) throws -> NativeResult

/// Box kept as the JS object's private data; released by `finalize`, which may run on any
/// thread and does nothing else.
/// `@unchecked Sendable`: the body is main-actor isolated; other threads only release the box.
final class NativeFunctionBox: @unchecked Sendable {
    let body: NativeBody
    init(_ body: @escaping NativeBody) {
        self.body = body
    }
}

/// The one `JSClass` for Swift closures, created once per process.
enum NativeFunctionClass {
    nonisolated(unsafe) static let shared: JSClassRef = {
        var def = kJSClassDefinitionEmpty
        def.className = nil
        def.callAsFunction = nativeCallAsFunction
        def.finalize = nativeFinalize
        return JSClassCreate(&def)
    }()

    /// Makes a JS function object that runs `body`.
    static func make(_ ctx: JSContextRef, _ body: @escaping NativeBody) -> JSObjectRef {
        let box = Unmanaged.passRetained(NativeFunctionBox(body)).toOpaque()
        return JSObjectMake(ctx, shared, box)
    }

    /// Builds the JS value for a native result.
    static func jsValue(_ ctx: JSContextRef, _ result: NativeResult) -> JSValueRef? {
        switch result {
        case .undefined: return JSValueMakeUndefined(ctx)
        case .null: return JSValueMakeNull(ctx)
        case .bool(let b): return JSValueMakeBoolean(ctx, b)
        case .number(let n): return JSValueMakeNumber(ctx, n)
        case .string(let s): return JSStringConversion.with(s) { JSValueMakeString(ctx, $0) }
        case .json(let v):
            var bytes: [UInt8] = []
            v.appendJSON(to: &bytes)
            return ScriptContext.makeFromJSON(ctx, bytes)
        case .jsonText(let bytes):
            return bytes.withUnsafeBufferPointer { ScriptContext.makeFromJSON(ctx, nulTerminated: $0) }
        }
    }
}

private func nativeCallAsFunction(
    _ ctx: JSContextRef?, _ function: JSObjectRef?, _ this: JSObjectRef?, _ argc: Int,
    _ argv: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let ctx, let function, let raw = JSObjectGetPrivate(function) else { return nil }
    let box = Unmanaged<NativeFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    let args = NativeArguments(ctx: ctx, count: argc, values: argv)
    do {
        let result = try MainActor.assumeIsolated { try box.body(args) }
        return NativeFunctionClass.jsValue(ctx, result)
    } catch {
        let message = (error as? NativeFunctionError)?.message ?? String(describing: error)
        let msg = JSStringConversion.with(message) { JSValueMakeString(ctx, $0) }
        var argsArray: [JSValueRef?] = [msg]
        exception?.pointee = JSObjectMakeError(ctx, 1, &argsArray, nil)
        return nil
    }
}

private func nativeFinalize(_ object: JSObjectRef?) {
    guard let object, let raw = JSObjectGetPrivate(object) else { return }
    Unmanaged<NativeFunctionBox>.fromOpaque(raw).release()
}
