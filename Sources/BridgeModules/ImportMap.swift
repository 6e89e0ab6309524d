import FoundationEssentials
import BridgeValues
import BridgeSupport

/// A page's `<script type="importmap">`, as far as a bundler can apply it.
///
/// esbuild's command line has no import maps and no resolve plugins; what it has is
/// `--alias:NAME=PATH`, which maps a bare name and every subpath below it. So:
/// - a bare key (`"vue"`) maps that name to its file;
/// - a prefix key (`"lib/"`) maps the package-like name `lib` to a directory (its subpaths
///   resolve below it); a map with both `"lib"` and `"lib/"` gets both (`ImportMapShim`);
/// - a value is a URL or path resolved against the page: a local path must exist; an
///   `http(s)` URL (or any value of a page loaded by URL) is turned into a local file by the
///   bundler's `resolveURL` (an offline package), or refused;
/// - keys that are URLs or paths (`"https://cdn/x.js"`, `"./a.js"`, `"/a.js"`) and `scopes`
///   cannot be expressed and are refused with a clear error.
public struct ImportMap: Sendable, Hashable {
    /// The `imports` member, key → value as written.
    public var imports: [String: String]
    /// The page URL values resolve against (`file:///…/index.html` or `https://…`).
    public var baseURL: String
    /// The directory relative values resolve against for a local page.
    public var baseDirectory: String
    /// How errors name the map (`index.html (importmap)`).
    public var name: String

    /// Creates a map from its parts.
    public init(imports: [String: String], baseURL: String, baseDirectory: String, name: String) {
        self.imports = imports
        self.baseURL = baseURL
        self.baseDirectory = baseDirectory
        self.name = name
    }

    /// Reads a map from the text of `<script type="importmap">`.
    ///
    /// - Throws: `ModuleError` (`.importMap`) when the text is not a JSON object, `imports`
    ///   is not an object of strings, or the map has `scopes`.
    public init(json: String, baseURL: String, baseDirectory: String, name: String) throws(ModuleError) {
        let value: JSONValue
        do { value = try JSONParser().parse(json) } catch {
            throw ModuleError(.importMap, "not valid JSON: \(error.description)", file: name)
        }
        guard case .object(let members) = value else { throw ModuleError(.importMap, "an import map must be a JSON object", file: name) }
        if members["scopes"] != nil {
            throw ModuleError(.importMap, "\"scopes\" is not supported (esbuild maps names for the whole bundle); move the entries to \"imports\"", file: name)
        }
        var imports: [String: String] = [:]
        if let entries = members["imports"] {
            guard case .object(let object) = entries else { throw ModuleError(.importMap, "\"imports\" must be an object", file: name) }
            for (key, target) in object {
                guard let text = target.stringValue else {
                    throw ModuleError(.importMap, "import map entry \"\(key)\" must map to a string (a URL or path)", file: name)
                }
                imports[key] = text
            }
        }
        self.init(imports: imports, baseURL: baseURL, baseDirectory: baseDirectory, name: name)
    }

    /// The esbuild aliases of the map, sorted by name: (name, absolute local path).
    ///
    /// - Parameter resolveURL: turns an absolute `http(s)` URL into a local file path (an
    ///   offline package), or returns `nil` when it has none.
    /// - Throws: `ModuleError` (`.importMap`) with one problem per entry that cannot be applied.
    package func aliases(resolveURL: ((String) -> String?)?) throws(ModuleError) -> [(name: String, path: String)] {
        let usable = usableAliases(resolveURL: resolveURL)
        guard usable.refused.isEmpty else { throw ModuleError(.importMap, usable.refused.map(\.problem)) }
        return usable.aliases
    }

    /// The aliases of the entries that can be applied, and a problem for each entry that cannot:
    /// a page's map is used this way, as browsers ignore an invalid entry (with a warning) and
    /// fail only the imports that need it.
    package func usableAliases(resolveURL: ((String) -> String?)?) -> (aliases: [(name: String, path: String)], refused: [(key: String, problem: ModuleError.Problem)]) {
        var out: [(name: String, path: String)] = []
        var refused: [(key: String, problem: ModuleError.Problem)] = []
        for key in imports.keys.sorted() {
            let value = imports[key]!
            switch alias(key: key, value: value, resolveURL: resolveURL) {
            case .success(let alias): out.append(alias)
            case .failure(let problem): refused.append((key, ModuleError.Problem(message: "import map entry \"\(key)\": \(problem)", file: name)))
            }
        }
        return (out, refused)
    }

    private struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    private func alias(key: String, value: String, resolveURL: ((String) -> String?)?) -> Result<(name: String, path: String), Refusal> {
        if key.isEmpty { return .failure(Refusal(description: "an empty key")) }
        if Self.isURLOrPath(key) {
            return .failure(Refusal(description: "keys that are URLs or paths cannot be bundled (esbuild maps bare names only); import the file by a bare name mapped here, or by its path"))
        }
        let isPrefix = key.hasSuffix("/")
        if isPrefix && !value.hasSuffix("/") {
            return .failure(Refusal(description: "a key ending in \"/\" must map to a value ending in \"/\""))
        }
        let name = isPrefix ? String(key.dropLast()) : key
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.isEmpty || segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) { return .failure(Refusal(description: "not a package-like name")) }
        let path: String
        switch localPath(value, resolveURL: resolveURL) {
        case .success(let p): path = p
        case .failure(let refusal): return .failure(refusal)
        }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory) else {
            return .failure(Refusal(description: "\(value) is \(trimmed), which does not exist"))
        }
        if isPrefix != isDirectory {
            return .failure(Refusal(description: "\(trimmed) is \(isDirectory ? "a directory" : "a file"); \(isPrefix ? "a key ending in \"/\" maps to a directory" : "a bare key maps to a file")"))
        }
        return .success((name, trimmed))
    }

    /// The local file a value names.
    private func localPath(_ value: String, resolveURL: ((String) -> String?)?) -> Result<String, Refusal> {
        let lower = value.lowercased()
        let pageIsWeb = Self.isWeb(baseURL.lowercased())
        if lower.hasPrefix("file://") {
            guard let url = URL(string: value), url.isFileURL else { return .failure(Refusal(description: "\(value) is not a valid file URL")) }
            return .success(url.path)
        }
        let relative = value.hasPrefix("./") || value.hasPrefix("../") || value.hasPrefix("/")
        if Self.isWeb(lower) || (pageIsWeb && relative) {
            guard let absolute = URL(string: value, relativeTo: URL(string: baseURL))?.absoluteString else {
                return .failure(Refusal(description: "\(value) is not a valid URL"))
            }
            guard let resolveURL else {
                return .failure(Refusal(description: "\(absolute) is on the network; a run has none: map it to a local file, or serve it with --offline DIR"))
            }
            guard let local = resolveURL(absolute) else {
                return .failure(Refusal(description: "\(absolute) is not in the offline package"))
            }
            return .success(local)
        }
        guard relative else {
            return .failure(Refusal(description: "\(value) is not a URL or a path starting with /, ./ or ../"))
        }
        if value.hasPrefix("/") { return .success(PathText.standardized(value)) }
        let joined = PathText.standardized(PathText.appending(value, to: baseDirectory))
        return .success(value.hasSuffix("/") ? joined + "/" : joined)
    }

    /// `http:`, `https:` or protocol-relative (`//host/…`); `lower` is lower-cased.
    static func isWeb(_ lower: String) -> Bool {
        lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("//")
    }

    static func isURLOrPath(_ key: String) -> Bool {
        if key.hasPrefix("/") || key.hasPrefix("./") || key.hasPrefix("../") || key == "." || key == ".." { return true }
        // `scheme:` (a URL) — but not a scoped package name like `@scope/pkg`.
        guard let colon = key.firstIndex(of: ":") else { return false }
        let scheme = key[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
