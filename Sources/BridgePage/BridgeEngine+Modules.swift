package import BridgeCore
package import ScriptEngine
package import BridgeModules

/// The source maps of the bundles an engine ran; its error mapper renames positions in them.
@MainActor
final class EngineSourceMaps {
    var set = SourceMapSet()
}

extension BridgeEngine {
    /// Runs a bundle made by `ModuleBundler`: adds its source map, so that errors at positions
    /// inside it (uncaught, rejected, thrown from here) name the original file, line and column,
    /// and stack frames in it are rewritten the same way; then executes it under its
    /// `sourceURL`. CSS the modules imported goes into the document first, as Vite's client
    /// injects it (with the DOM on demand and not loaded yet, when it loads).
    ///
    /// - Throws: `ScriptError` (mapped) when the bundle throws while it runs.
    package func executeModule(_ bundle: ModuleBundle) throws(ScriptError) {
        if let css = bundle.css, !css.isEmpty { addStyle(css) }
        addSourceMap(bundle.sourceMap, for: bundle.sourceURL)
        try execute(bundle.code, sourceURL: bundle.sourceURL)
    }

    /// Maps errors at positions in the script evaluated as `sourceURL` through `map`.
    package func addSourceMap(_ map: SourceMap, for sourceURL: String) {
        let key = ObjectIdentifier(EngineSourceMaps.self)
        let maps: EngineSourceMaps
        if let existing = attachments[key] as? EngineSourceMaps {
            maps = existing
        } else {
            maps = EngineSourceMaps()
            attachments[key] = maps
            addErrorMapper { maps.set.applied(to: $0) }
        }
        maps.set.add(map, for: sourceURL)
    }

    /// The source maps added so far (for stacks the engine does not see as errors, such as a
    /// test harness's failure report).
    package var sourceMaps: SourceMapSet {
        (attachments[ObjectIdentifier(EngineSourceMaps.self)] as? EngineSourceMaps)?.set ?? SourceMapSet()
    }
}

extension SourceMapSet {
    /// `error` with its position and stack mapped to the original files.
    package func applied(to error: ScriptError) -> ScriptError {
        var e = error
        (e.sourceURL, e.line, e.column) = mapped(sourceURL: e.sourceURL, line: e.line, column: e.column)
        if let stack = e.stack { e.stack = mappedStack(stack) }
        return e
    }
}
