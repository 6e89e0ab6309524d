import FoundationEssentials
package import BridgeRunner
import BridgeSupport

/// `bridge-run types --out DIR`: the TypeScript declarations that ship with the tool, so editors
/// complete the page SDK and the test globals — `bridge.d.ts` (`bridge.call`/`post`/`on`/`off`/
/// `register`/`unregister`, `BridgeError`) and `bridge-test.d.ts` (`test`, `describe`, hooks,
/// `expect` with every matcher, `mock`, `calls`, `vi`/`jest`). Both are plain global
/// declarations (`JS/*.d.ts`, embedded at build time). `bridge.call` is typed per action through
/// the `BridgeActionMap` interface, which the protocol typings of
/// `bridge-run docs --format typescript` fill.
package enum TypeScriptDeclarations {
    /// The files, by name (each ending with a line break; the embedded text drops the last one).
    static var files: [(name: String, text: String)] {
        [("bridge.d.ts", EmbeddedJS.bridgeDeclarations + "\n"), ("bridge-test.d.ts", EmbeddedJS.bridgeTestDeclarations + "\n")]
    }

    /// Writes the files into `outDir` (created when missing), or prints them.
    ///
    /// - Returns: 0, or 2 when the folder or a file cannot be written.
    @MainActor
    package static func write(outDir: String?, output: any RunOutput, prefix: String) -> Int32 {
        guard let outDir else {
            for (name, text) in files {
                output.out("// ---- \(name)")
                for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { output.out(String(line)) }
            }
            return 0
        }
        do {
            try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: PathText.appending(name, to: outDir)))
            }
        } catch {
            output.err("\(prefix): cannot write the declarations to \(outDir): \(FileErrorText.describe(error))")
            return 2
        }
        for (name, _) in files { output.out(PathText.appending(name, to: outDir)) }
        return 0
    }
}
