import BridgeValues
import BridgeModules

/// Test files that are modules: `.test.ts`/`.test.mjs`/… always, a `.test.js` that `import`s or
/// `require`s — bundled by esbuild with the test file as the entry. The harness globals
/// (`test`, `expect`, …) stay globals; imports are the project's own modules.
extension TestFileRunner {
    /// What a test file runs as.
    enum Script {
        /// The file's text, as it is.
        case plain
        /// The bundle made from it.
        case bundle(ModuleBundle)
        /// It cannot be bundled (each esbuild error at its original file and line).
        case failure(TestFailure)
    }

    /// The file as it must run: bundled when it is a module (by extension, or a `.js` file with
    /// `import`/`export` statements or `require("…")` calls).
    static func script(path: String, source: String) -> Script {
        guard ModuleSyntax.isModuleFile(path) || ModuleSyntax.usesModules(source, countingRequire: true) else { return .plain }
        do {
            return .bundle(try ModuleBundler().bundle(.file(path: path, name: path)))
        } catch {
            let first = error.problems[0]
            let location = first.file.map { file in first.line.map { "\(file):\($0)" } ?? file }
            return .failure(TestFailure(message: first.message, details: error.problems.dropFirst().map { $0.description }, location: location))
        }
    }

    /// The harness's failure object with its `stack` and `definedAt` frames mapped to the
    /// original files (the harness reports them as text, not as engine errors).
    static func mappingStacks(_ failure: JSONValue, _ maps: SourceMapSet) -> JSONValue {
        guard !maps.isEmpty, case .object(var members) = failure else { return failure }
        for key in ["stack", "definedAt"] {
            if let text = members[key]?.stringValue { members[key] = .string(maps.mappedStack(text)) }
        }
        return .object(members)
    }
}
