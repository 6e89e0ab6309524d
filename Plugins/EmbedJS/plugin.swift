import Foundation
import PackagePlugin

/// Embeds a target's `JS/*.js` files into its binary at build time: the `embed-js` tool writes
/// one Swift file with an `EmbeddedJS` enum holding each file's text as a string constant (named
/// after the file: `bridge-prelude.js` becomes `EmbeddedJS.bridgePrelude`). The `.js` files stay
/// the sources editors, `node --check` and linters see. TypeScript declaration files there
/// (`bridge.d.ts`) are embedded too, as `EmbeddedJS.bridgeDeclarations`.
@main
struct EmbedJS: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: "JS")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let inputs = names.filter { $0.hasSuffix(".js") || $0.hasSuffix(".d.ts") }.sorted().map { folder.appending(path: $0) }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedJS.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) JavaScript file(s) into \(target.name)",
                executable: try context.tool(named: "embed-js").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
