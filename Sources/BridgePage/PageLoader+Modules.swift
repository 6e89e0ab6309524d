import FoundationEssentials
import BridgeCore
import BridgeModules
import ScriptEngine

/// Module scripts of a page (`<script type="module">`, inline and `src`), bundled by esbuild into
/// one classic script each (JavaScriptCore's C API has no module loader), with the page's import
/// maps and source maps; see docs/modules.md.
extension PageLoader {
    /// The page's import map as far as the parser got, and whether a module script was seen (a
    /// map after that is ignored, as in browsers).
    struct ModuleState {
        var map: ImportMap?
        var started = false
    }

    /// An `<script type="importmap">`: inline only; later maps add the keys the first lacks.
    func noteImportMap(_ script: ParserScript, line: Int, state: inout ModuleState, engine: BridgeEngine) {
        let name = "\(pageName) (importmap)"
        if script.src != nil {
            engine.report(.console(level: "error", message: "\(name): an import map with src is not supported (browsers refuse it too); it is ignored"))
            return
        }
        if state.started {
            engine.report(.console(level: "error", message: "\(name): an import map after the first module script is ignored, as in browsers"))
            return
        }
        do throws(ModuleError) {
            let map = try ImportMap(json: script.text, baseURL: pageURL, baseDirectory: baseDirectory, name: name)
            // An entry that cannot be applied is ignored with a warning, as browsers do; an
            // import that needs it fails (ModuleBundler names the entry).
            for refused in map.usableAliases(resolveURL: moduleBundler().resolveURL).refused {
                engine.report(.console(level: "warn", message: "\(refused.problem); it is ignored"))
            }
            if var first = state.map {
                for (key, value) in map.imports where first.imports[key] == nil { first.imports[key] = value }
                state.map = first
            } else {
                state.map = map
            }
        } catch {
            for text in error.lines { engine.recordUncaught(ScriptError(kind: .loadFailure, message: text)) }
        }
    }

    /// Bundles and runs one module script. A module that cannot be bundled fails alone: its
    /// errors are the page's (exit 1) and the next script runs, as in a browser.
    func runModule(_ pending: PageLoader.Pending, importMap: ImportMap?, in engine: BridgeEngine) {
        let bundler = moduleBundler()
        let entry: ModuleEntry
        if let src = pending.script.src {
            let found: (name: String, path: String, data: Data)
            do throws(Failure) {
                found = try locate(src)
            } catch {
                engine.recordUncaught(ScriptError(kind: .loadFailure, message: error.message))
                engine.scriptFailed(pending.script.id)
                return
            }
            if found.path.isEmpty {
                // A data: URL: its text is the module.
                entry = .inline(source: String(decoding: found.data, as: UTF8.self), resolveDirectory: baseDirectory, name: found.name, line: 1)
            } else {
                entry = .file(path: found.path, name: found.name)
            }
        } else {
            entry = .inline(source: pending.script.text, resolveDirectory: baseDirectory, name: "\(pageName) (module script #\(pending.module))", line: pending.line)
        }
        let bundle: ModuleBundle
        do throws(ModuleError) {
            bundle = try bundler.bundle(entry, importMap: importMap)
        } catch {
            for text in error.lines { engine.recordUncaught(ScriptError(kind: .loadFailure, message: text)) }
            // A module graph that cannot be fetched: the element's `error` event, as in browsers.
            engine.scriptFailed(pending.script.id)
            return
        }
        // A page the package serves runs only files the package lists, with their MD5s: the
        // files esbuild read are checked as a classic script's file is.
        if let offline, bundler.options.confinedTo != nil {
            for input in bundle.inputs {
                do throws(OfflineError) {
                    try offline.verifyLocalFile(input)
                } catch {
                    engine.recordUncaught(ScriptError(kind: .loadFailure, message: "\(entry.name): \(error)"))
                    engine.scriptFailed(pending.script.id)
                    return
                }
            }
        }
        // `document.currentScript` is null while a module runs.
        do {
            try engine.executeModule(bundle)
        } catch {
            engine.recordUncaught(error)
        }
        if pending.script.src != nil { engine.scriptLoaded(pending.script.id) }
    }

    /// The bundler for this page's modules: URLs served by the offline package, and a page the
    /// package serves (by URL) imports only the package's files.
    private func moduleBundler() -> ModuleBundler {
        var bundler = ModuleBundler()
        if let offline {
            bundler.resolveURL = { url in try? offline.resolve(url).path }
            let scheme = pageURL.prefix { $0 != ":" }.lowercased()
            if scheme == "http" || scheme == "https" { bundler.options.confinedTo = offline.root }
        }
        return bundler
    }
}
