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

    /// The built-ins the prelude's value check uses (`JS/bridge-intrinsics.js`), evaluated in the
    /// VM's helper global.
    static let intrinsicsScript = ScriptSource(EmbeddedJS.bridgeIntrinsics)

    /// The name errors in the intrinsics carry.
    static let intrinsicsSourceURL = "bridge-intrinsics.js"

    /// `native.intrinsics()`, which the prelude calls the first time a value check meets an
    /// object that is not a plain one: the object made once in the VM's helper global. Every
    /// engine of the VM uses the same functions, none of them builds the Map, Set, WeakMap,
    /// WeakSet, ArrayBuffer and typed-array classes for the prelude (~30 KiB an engine in a shared
    /// VM), and an engine alone in its VM whose values are all plain makes no helper global (~90
    /// KiB). Always the helper's, never the engine's own global: by then the page may have replaced
    /// the built-ins the script reads. `undefined` if the script failed (a call made with the stack
    /// nearly full), which the prelude turns into its own error; it asks again next time.
    @MainActor
    static func intrinsics(for context: ScriptContext) -> NativeResult {
        let object = context.vm.helperObject(intrinsicsScript, sourceURL: intrinsicsSourceURL)
        return object.map { .object($0) } ?? .undefined
    }
}
