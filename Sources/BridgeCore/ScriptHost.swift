package import ScriptEngine
import BridgeValues

/// The JavaScript side of one engine: its context and the prelude's entry points
/// (`__bridgeSDK.deliver`, `fireTimer`, `invoke`, `addHandler`), found once after the prelude
/// ran, plus the message handler names installed so far (JS posts a handler's index, not its
/// name).
@MainActor
package final class ScriptHost {
    /// The context; `nil` once the engine closed.
    package private(set) var context: ScriptContext?
    private(set) var deliver: ScriptFunction?
    private(set) var fireTimer: ScriptFunction?
    private(set) var invoke: ScriptFunction?
    private var addHandler: ScriptFunction?
    /// Installed message handler names, by index.
    private(set) var handlerNames: [String] = []

    init(context: ScriptContext) {
        self.context = context
    }

    /// Finds the prelude's entry points and hooks its unhandled-rejection reporter (after the
    /// prelude ran).
    func bindPrelude() {
        guard let context else { return }
        deliver = context.function(at: "__bridgeSDK.deliver")
        fireTimer = context.function(at: "__bridgeSDK.fireTimer")
        invoke = context.function(at: "__bridgeSDK.invoke")
        addHandler = context.function(at: "__bridgeSDK.addHandler")
        if let onRejection = context.function(at: "__bridgeSDK.onUnhandledRejection") {
            context.setUnhandledRejectionHandler(onRejection)
        }
    }

    /// The handler name at `index` as JS sent it (`"bridge"` for anything out of range).
    func handlerName(at index: Double?) -> String {
        guard let index, let i = JSNumber.int(index), handlerNames.indices.contains(i) else { return "bridge" }
        return handlerNames[i]
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
        fireTimer = nil
        invoke = nil
        addHandler = nil
        context = nil
    }
}
