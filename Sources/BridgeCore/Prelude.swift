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
}
