import FoundationEssentials
package import BridgePage
import BridgeSupport
import BridgeModules

/// A page to run, read from its file: for `bridge-run run` (its argument and each navigation) and
/// for `loadPage` in test files. A `.js` file, an `.html` page, a module or TypeScript file
/// (bundled first), a `file:` URL, or an http(s) page URL mapped to a local page by an offline
/// package's `routes.json`.
package struct PageInput {
    /// Why the page cannot be read; each caller words it for its own user (`Problem.message`
    /// is the `run` wording).
    package enum Problem: Error, Equatable {
        /// An http(s) URL and no offline package.
        case needsOffline
        /// No route maps the URL (`lookalike`: a route that looks the same but is spelled with
        /// other code points); `escapes`: the route leads out of the package.
        case noRoute(root: String, lookalike: String?, escapes: Bool)
        case unreadable(path: String)
        case notUTF8(path: String)

        /// What is wrong with the route of `url`, after `url: ` (or `nil` for the other problems).
        package func routeDetail(_ url: String) -> String? {
            guard case .noRoute(let root, let lookalike, let escapes) = self else { return nil }
            if escapes { return "its route in \(root)/routes.json escapes the package root; refused" }
            if let lookalike {
                return "no route in \(root)/routes.json maps this URL to a local page; the route \(lookalike.scalarEscaped) looks the same but is spelled with other Unicode code points (routes compare code point by code point)"
            }
            return "no route in \(root)/routes.json maps this URL to a local page"
        }

        /// The message `bridge-run run` prints for its argument or a navigation target.
        package func message(for target: String) -> String {
            switch self {
            case .needsOffline: return "\(target) is a URL; run it with --offline DIR (there is no network)"
            case .noRoute(_, let lookalike, _): return "\(lookalike == nil ? target : target.scalarEscaped): " + (routeDetail(target) ?? "")
            case .unreadable(let path): return "cannot read \(path): \(FileContents.problem(path))"
            case .notUTF8(let path): return "\(path): not valid UTF-8 text"
            }
        }
    }

    package var text: String
    package var isHTML: Bool
    /// A module to bundle before it runs: `.mjs`/`.mts`/`.ts`/`.tsx`/`.jsx`/`.cts`, or a `.js`
    /// file with `import`/`export` statements.
    package var isModule: Bool
    /// The local file.
    package var path: String
    /// The name scripts and errors of the page go by: `run`'s argument as given, or for a
    /// `loadPage` the path relative to the working directory.
    package var displayName: String
    package var pageURL: String
    package var baseDirectory: String

    /// Reads `target`.
    ///
    /// - Parameters:
    ///   - base: the directory a relative path (or a `file:` URL's) is relative to; `nil` = as
    ///     given (the working directory), with no `file:` URLs.
    ///   - url: the page URL when it is not the file's own (else the routed URL or the file URL).
    package static func resolve(_ target: String, relativeTo base: String? = nil, offline: OfflinePackage?, url: String? = nil) -> Result<PageInput, Problem> {
        var path = target
        var pageURL = url
        let lower = target.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let offline else { return .failure(.needsOffline) }
            guard let local = offline.localPage(for: target) else {
                return .failure(.noRoute(root: offline.root, lookalike: offline.lookalikeRoute(for: target), escapes: offline.hasRoute(for: target)))
            }
            path = local
            pageURL = target
        } else if let base {
            if lower.hasPrefix("file:"), let fileURL = URL(string: target) {
                path = fileURL.path
            } else if !path.hasPrefix("/") {
                path = PathText.appending(path, to: base)
            }
            path = PathText.standardized(path)
        }
        guard let data = FileContents.read(path) else { return .failure(.unreadable(path: path)) }
        guard let text = String(validating: data, as: UTF8.self) else { return .failure(.notUTF8(path: path)) }
        let fileLower = path.lowercased()
        let isHTML = fileLower.hasSuffix(".html") || fileLower.hasSuffix(".htm")
        let isModule = !isHTML && (ModuleSyntax.isModuleFile(path) || ModuleSyntax.usesModules(text, countingRequire: false))
        // The page's own place: its path made absolute and standardized as text, but through the
        // file system when it has a `..` component (after a symbolic link, `..` is the link
        // target's parent, where the page's relative scripts are).
        let located = Self.hasParentComponent(path) ? PathText.resolvingLinks(path) ?? path : path
        return .success(PageInput(
            text: text, isHTML: isHTML, isModule: isModule, path: path, displayName: base == nil ? target : displayPath(path),
            pageURL: pageURL ?? PathText.fileURL(located),
            baseDirectory: PathText.directory(of: PathText.absolute(located))))
    }

    /// Whether `path` has a `..` component.
    static func hasParentComponent(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0 == ".." }
    }

    /// A path relative to the working directory when it is below it (as the page loader names scripts).
    package static func displayPath(_ path: String) -> String {
        let cwd = PathText.currentDirectory()
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
