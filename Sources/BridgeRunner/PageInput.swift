import FoundationEssentials
import BridgePage
import BridgeSupport
import BridgeModules

/// What `bridge-run run` was asked to run: a `.js` file, an `.html` page, a module or TypeScript
/// file (bundled first), or an http(s) page URL mapped to a local page by an offline package's
/// `routes.json`.
struct PageInput {
    /// A problem reading the input (exit code 2).
    struct Problem: Error {
        var message: String
    }

    var text: String
    var isHTML: Bool
    /// A module to bundle before it runs: `.mjs`/`.mts`/`.ts`/`.tsx`/`.jsx`/`.cts`, or a `.js`
    /// file with `import`/`export` statements.
    var isModule: Bool
    /// The local file.
    var path: String
    var displayName: String
    var pageURL: String
    var baseDirectory: String

    static func resolve(_ argument: String, offline: OfflinePackage?) -> Result<PageInput, Problem> {
        var path = argument
        var pageURL: String?
        let lower = argument.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let offline else {
                return .failure(Problem(message: "\(argument) is a URL; run it with --offline DIR (there is no network)"))
            }
            guard let local = offline.localPage(for: argument) else {
                if offline.hasRoute(for: argument) {
                    return .failure(Problem(message: "\(argument): its route in \(offline.root)/routes.json escapes the package root; refused"))
                }
                if let lookalike = offline.lookalikeRoute(for: argument) {
                    return .failure(Problem(message: "\(argument.scalarEscaped): no route in \(offline.root)/routes.json maps this URL to a local page; the route \(lookalike.scalarEscaped) looks the same but is spelled with other Unicode code points (routes compare code point by code point)"))
                }
                return .failure(Problem(message: "\(argument): no route in \(offline.root)/routes.json maps this URL to a local page"))
            }
            path = local
            pageURL = argument
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(message: "cannot read \(path): no such file or not readable"))
        }
        guard let text = String(validating: Array(data), as: UTF8.self) else {
            return .failure(Problem(message: "\(path): not valid UTF-8 text"))
        }
        let fileLower = path.lowercased()
        let isHTML = fileLower.hasSuffix(".html") || fileLower.hasSuffix(".htm")
        let isModule = !isHTML && (ModuleSyntax.isModuleFile(path) || ModuleSyntax.usesModules(text, countingRequire: false))
        let url = URL(fileURLWithPath: path)
        return .success(PageInput(
            text: text, isHTML: isHTML, isModule: isModule, path: path, displayName: argument,
            pageURL: pageURL ?? url.standardizedFileURL.absoluteString,
            baseDirectory: url.deletingLastPathComponent().path))
    }
}
