import ScriptEngine

/// The JS prelude (`JS/bridge-prelude.js`): `window`, `console`, timers,
/// `window.webkit.messageHandlers` and the `bridge` SDK. Evaluated once per engine with the
/// native object `__native` installed; it hides that object and hands its own entry points to
/// native code through `__native.bind` (no global holds them).
///
/// Values leave JS through `JSON.stringify` after a check that refuses what JSON would silently
/// change (NaN, Infinity, functions, symbols, BigInt, cycles, Map/Set), naming the path. Results
/// come back as values parsed from JSON text, never as source.
enum Prelude {
    /// The name errors in the prelude carry.
    static let sourceURL = "bridge-prelude.js"

    /// The prelude's text, embedded at build time.
    static var source: String { EmbeddedJS.bridgePrelude }

    /// The text prepared once for all engines of the process.
    static let script = ScriptSource(EmbeddedJS.bridgePrelude)

    /// The built-ins the prelude's value check and private maps use (`JS/bridge-intrinsics.js`),
    /// evaluated before any page code.
    static let intrinsicsScript = ScriptSource(EmbeddedJS.bridgeIntrinsics)

    /// The name errors in the intrinsics carry.
    static let intrinsicsSourceURL = "bridge-intrinsics.js"

    /// `native.intrinsics()`: in a VM that already has another context, the object made once in
    /// the VM's helper global (every engine of a shared VM uses the same functions, and none of
    /// them builds the Map, Set, WeakMap, WeakSet, ArrayBuffer and typed-array classes for the
    /// prelude: ~30 KiB an engine); in an engine alone in its VM, made in its own global (no
    /// helper global for one engine). `undefined` only if the script failed, which the prelude
    /// then reports as its own error.
    @MainActor
    static func intrinsics(for context: ScriptContext) -> NativeResult {
        let object = context.vm.sharesContexts
            ? context.vm.helperObject(intrinsicsScript, sourceURL: intrinsicsSourceURL)
            : try? context.evaluateObject(intrinsicsScript, sourceURL: intrinsicsSourceURL)
        return object.map { .object($0) } ?? .undefined
    }
}
