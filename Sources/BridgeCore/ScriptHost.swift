package import ScriptEngine
import BridgeValues

/// The JavaScript side of one engine: its context and the prelude's entry points (`deliver`,
/// `deliverOne`, `fireTimer`, `invoke`, `addHandler`, the unhandled-rejection reporter, `installFakeDate`),
/// which the prelude hands to native code through `__native.bind` — no global holds them, so page
/// code cannot reach them — plus the message handler names installed so far (JS posts a handler's index, not its
/// name).
@MainActor
package final class ScriptHost {
    /// The context; `nil` once the engine closed.
    package private(set) var context: ScriptContext?
    private(set) var deliver: ScriptFunction?
    /// `deliverOne(n, value)`: one final answer to an SDK call, without the batch around it.
    private(set) var deliverOne: ScriptFunction?
    private(set) var fireTimer: ScriptFunction?
    private(set) var invoke: ScriptFunction?
    private var addHandler: ScriptFunction?
    /// Replaces `Date` with the fake-time-aware shim; called once, when fake time first drives
    /// the engine, then dropped.
    private var installFakeDate: ScriptFunction?
    // (`@exclusivity(unchecked)`: read or written on every call; see `BridgeEngine.calls`.)
    /// Installed message handler names, by index.
    @exclusivity(unchecked) private(set) var handlerNames: [String] = []
    /// The methods the SDK called, by the number it sends for them (`methodID(for:)`).
    @exclusivity(unchecked) private(set) var methodNames: [String] = []
    private var methodNumbers: [ScalarKey: Int] = [:]
    /// How many distinct methods get a number, and how long a name may be (UTF-8 bytes, which
    /// are UTF-16 units too for the plain names numbered); calls to any others go as the
    /// envelope, and neither side keeps their names.
    static let maxMethodNumbers = 4096
    static let maxNumberedMethodLength = 256

    init(context: ScriptContext) {
        self.context = context
    }

    /// Keeps the prelude's entry points, passed as the arguments of `__native.bind(deliver,
    /// fireTimer, invoke, addHandler, onUnhandledRejection, installFakeDate, deliverOne)`, and
    /// hooks the rejection reporter.
    /// Only the first call counts (the prelude makes it once, before any page code).
    func bind(_ args: NativeArguments) {
        guard let context, deliver == nil else { return }
        deliver = context.function(argument: 0, of: args)
        fireTimer = context.function(argument: 1, of: args)
        invoke = context.function(argument: 2, of: args)
        addHandler = context.function(argument: 3, of: args)
        installFakeDate = context.function(argument: 5, of: args)
        deliverOne = context.function(argument: 6, of: args)
        if let onRejection = context.function(argument: 4, of: args) {
            context.setUnhandledRejectionHandler(onRejection)
        }
    }

    /// Gives the page the fake-time `Date` (the first time only; the prelude reports its own
    /// failures, e.g. a page that made `Date` non-configurable).
    func fakeDate() {
        guard let context, let f = installFakeDate else { return }
        installFakeDate = nil
        _ = try? context.call(f, [])
    }

    /// The handler name at `index` as JS sent it (`"bridge"` for anything out of range).
    func handlerName(at index: Double?) -> String {
        guard let index, let i = JSNumber.int(index), handlerNames.indices.contains(i) else { return "bridge" }
        return handlerNames[i]
    }

    /// The number the SDK sends for `method` from now on (`__native.methodId`), or -1 when its
    /// calls must go as the envelope: a method name the SDK's `JSON.stringify` would not write
    /// as itself (see `BridgeEngine.isPlainMethod`), or more distinct methods than the table holds.
    func methodID(for method: String, maxLength: Int) -> Int {
        if let known = methodNumbers[ScalarKey(method)] { return known }
        guard methodNames.count < Self.maxMethodNumbers, BridgeEngine.isPlainMethod(method, maxLength: min(maxLength, Self.maxNumberedMethodLength)) else { return -1 }
        methodNames.append(method)
        methodNumbers[ScalarKey(method)] = methodNames.count - 1
        return methodNames.count - 1
    }

    /// The method the SDK numbered `number`, or `nil`.
    func method(numbered number: Double?) -> String? {
        guard let number, let i = JSNumber.int(number), methodNames.indices.contains(i) else { return nil }
        return methodNames[i]
    }

    /// Installs `window.webkit.messageHandlers.<name>` (idempotent). Returns `false` when the
    /// name was there already or the engine is closed.
    @discardableResult
    func installHandler(_ name: String) throws(ScriptError) -> Bool {
        guard let context, let addHandler, !handlerNames.contains(name) else { return false }
        handlerNames.append(name)
        try context.call(addHandler, [.string(name), .number(Double(handlerNames.count - 1))])
        return true
    }

    /// Drops the context and every entry point (engine close).
    func close() {
        deliver = nil
        deliverOne = nil
        methodNames = []
        methodNumbers = [:]
        fireTimer = nil
        invoke = nil
        addHandler = nil
        installFakeDate = nil
        context = nil
    }
}
