public import FoundationEssentials
import BridgeCore
import BridgeSupport
package import BridgeValues

/// An offline resource package (H5 resource localisation): a root directory with `routes.json`
/// (page URL -> local page), `packages.json` (modules with a hit rule, version and directory),
/// each module's `file.json` (URL path -> local path + md5) and an optional `config.json`
/// (`usable`, `resourceBlackList`, `suffixBlackList`).
///
/// `resolve(_:)` serves an http(s) URL from the module whose hit rule matches (longest match
/// wins) after verifying the file's MD5. There is no network: a URL no package covers is an error.
public struct OfflinePackage: Sendable, Equatable {
    /// The package root.
    public var root: String
    /// Page URL -> local path relative to `root`, keyed by Unicode scalars: a URL that is only
    /// canonically equivalent to a route (`\u{212A}` for `K`, a decomposed `é`) is another URL and
    /// finds no page, as a server would have it, so it cannot load a page under a URL its
    /// capability patterns do not name.
    package var routes: [ScalarKey: String]

    /// The page URLs `routes.json` names.
    public var routeURLs: [String] { routes.keys.map(\.string).sorted() }
    /// The modules, in `packages.json` order.
    public var modules: [OfflineModule]
    /// `false` when `config.json` says `usable: 0` (nothing is served).
    public var usable: Bool
    /// URLs never served.
    public var resourceBlackList: Set<String>
    /// URL suffixes never served (e.g. `.mp4`).
    public var suffixBlackList: [String]

    /// What to do with a cached module, by the offline cache version rule (docs/cli.md).
    public enum CacheDecision: String, Sendable, Equatable {
        /// The cache is current: use it.
        case useCache
        /// Slightly stale: use the cache now and refresh it in the background.
        case useCacheAndRefresh
        /// Too stale: fetch.
        case fetch
    }

    /// The cache decision for requested version `v1`, cached version `v2` and threshold `t`:
    /// `v1 <= v2` use the cache; `v1 > v2` and `v1 - v2 < t` use it and refresh; otherwise fetch.
    public static func cacheDecision(requested v1: Int, cached v2: Int, threshold t: Int) -> CacheDecision {
        if v1 <= v2 { return .useCache }
        if v1 - v2 < t { return .useCacheAndRefresh }
        return .fetch
    }

    /// Reads a package.
    ///
    /// - Throws: `OfflineError` naming the manifest file and what is wrong with it.
    public static func load(root: String) throws(OfflineError) -> OfflinePackage {
        let rootURL = URL(fileURLWithPath: root)
        func read(_ relative: String, optional: Bool = false) throws(OfflineError) -> JSONValue? {
            let path = rootURL.appendingPathComponent(relative).path
            guard let data = FileManager.default.contents(atPath: path) else {
                if optional { return nil }
                throw OfflineError(url: path, reason: "missing manifest")
            }
            do {
                return try JSONParser(maxDepth: 64).parse(bytes: Array(data))
            } catch {
                throw OfflineError(url: path, reason: "invalid JSON: \(error.description) at byte \(error.offset)")
            }
        }
        var routes: [ScalarKey: String] = [:]
        if let r = try read("routes.json", optional: true) {
            guard let map = r["map"]?.objectValue else { throw OfflineError(url: rootURL.appendingPathComponent("routes.json").path, reason: "expected {\"map\": {\"<page URL>\": \"<local path>\"}}") }
            for (url, path) in map {
                guard let p = path.stringValue else { throw OfflineError(url: rootURL.appendingPathComponent("routes.json").path, reason: "route for \(url) must be a string path") }
                // Scheme and host compare case-insensitively, as a browser has them.
                routes[ScalarKey(URLGlob.normalize(url))] = p
            }
        }
        var modules: [OfflineModule] = []
        if let p = try read("packages.json", optional: true) {
            let file = rootURL.appendingPathComponent("packages.json").path
            guard let list = p.arrayValue ?? p["packages"]?.arrayValue else { throw OfflineError(url: file, reason: "expected a list of {moduleName, resourceId, hitRule, usable, version, resourcePath}") }
            for (i, entry) in list.enumerated() {
                func field(_ k: String) throws(OfflineError) -> String {
                    guard let v = entry[k] else { throw OfflineError(url: file, reason: "entry \(i) has no \(k)") }
                    if let s = v.stringValue { return s }
                    if let n = v.intValue { return String(n) }
                    throw OfflineError(url: file, reason: "entry \(i): \(k) must be a string")
                }
                let resourcePath = try field("resourcePath")
                let hitRule = try field("hitRule")
                let version = entry["version"].flatMap { $0.intValue ?? $0.stringValue.flatMap { Int($0) } } ?? 0
                let usable = entry["usable"].map { $0 == .bool(true) || $0.intValue == 1 || $0.stringValue == "1" } ?? true
                let manifestPath = URL(fileURLWithPath: resourcePath, relativeTo: rootURL).appendingPathComponent("file.json").path
                var files: [ScalarKey: OfflineModule.File] = [:]
                guard let data = FileManager.default.contents(atPath: manifestPath) else {
                    throw OfflineError(url: manifestPath, reason: "missing manifest of module \(entry["moduleName"]?.stringValue ?? "#\(i)")")
                }
                let manifest: JSONValue
                do { manifest = try JSONParser(maxDepth: 64).parse(bytes: Array(data)) } catch {
                    throw OfflineError(url: manifestPath, reason: "invalid JSON: \(error.description) at byte \(error.offset)")
                }
                guard let obj = manifest.objectValue else { throw OfflineError(url: manifestPath, reason: "expected {\"<url path>\": {\"localPath\", \"md5\"}}") }
                for (key, value) in obj {
                    guard let lp = value["localPath"]?.stringValue, let md5 = value["md5"]?.stringValue else {
                        throw OfflineError(url: manifestPath, reason: "entry \"\(key)\" needs string localPath and md5")
                    }
                    files[ScalarKey(key.hasPrefix("/") ? String(key.dropFirst()) : key)] = .init(localPath: lp, md5: md5.lowercased())
                }
                modules.append(OfflineModule(
                    moduleName: entry["moduleName"]?.stringValue ?? "", resourceId: entry["resourceId"].map { $0.stringValue ?? $0.jsonString() } ?? "",
                    hitRule: hitRule, usable: usable, version: version, resourcePath: resourcePath, files: files))
            }
        }
        var usable = true
        var black: Set<String> = []
        var suffixes: [String] = []
        if let c = try read("config.json", optional: true) {
            if let u = c["usable"] { usable = u == .bool(true) || u.intValue == 1 }
            black = Set(c["resourceBlackList"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            suffixes = c["suffixBlackList"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        return OfflinePackage(root: root, routes: routes, modules: modules, usable: usable, resourceBlackList: black, suffixBlackList: suffixes)
    }

    /// The local page for a page URL, from `routes.json` (exact match, then without query and
    /// fragment); `nil` when no route matches or the route points outside the package root.
    public func localPage(for url: String) -> String? {
        guard let relative = localRoute(url) else { return nil }
        let path = URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: root)).standardizedFileURL.path
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        // A route may not leave the package, lexically or through a symbolic link (a missing
        // file is refused later, when it cannot be read).
        guard path.hasPrefix(rootPath + "/") else { return nil }
        if FileManager.default.fileExists(atPath: path), !PathText.reallyInside(path, root: rootPath) { return nil }
        return path
    }

    private func localRoute(_ url: String) -> String? {
        routes[ScalarKey(URLGlob.normalize(url))] ?? routes[ScalarKey(URLGlob.normalize(Self.stripQuery(url)))]
    }

    /// A route that is canonically equivalent to `url` (equal under Unicode normalization) but
    /// spelled with other code points, for an error message; `nil` when there is none.
    public func lookalikeRoute(for url: String) -> String? {
        let wanted = URLGlob.normalize(Self.stripQuery(url))
        return routes.keys.lazy.map(\.string).sorted().first { $0 == wanted || Self.stripQuery($0) == wanted }
    }

    /// `true` when `routes.json` names the URL (even if its path is refused).
    public func hasRoute(for url: String) -> Bool {
        localRoute(url) != nil
    }

    /// Serves an http(s) URL from the package after verifying its MD5.
    ///
    /// - Returns: the local file path and its contents.
    /// - Throws: `OfflineError` naming the URL, the local file and the reason: black-listed, not
    ///   covered by any module, module not usable, not in the module's manifest, file missing, or
    ///   MD5 mismatch (the file is never served then).
    public func resolve(_ url: String) throws(OfflineError) -> (path: String, data: Data) {
        guard usable else { throw OfflineError(url: url, reason: "offline packages are disabled (config.json usable: 0) and there is no network") }
        let bare = Self.stripQuery(url)
        if resourceBlackList.contains(url) || resourceBlackList.contains(bare) {
            throw OfflineError(url: url, reason: "black-listed in config.json resourceBlackList (no network to fetch it)")
        }
        if let suffix = suffixBlackList.first(where: { !$0.isEmpty && bare.hasSuffix($0) }) {
            throw OfflineError(url: url, reason: "suffix \(suffix) is black-listed in config.json suffixBlackList (no network to fetch it)")
        }
        let withoutScheme = Self.stripScheme(bare)
        // Prefixes and keys compare by Unicode scalars, like the routes.
        let candidates = modules.filter { withoutScheme.hasScalarPrefix($0.hitRule) && Self.boundaryOK(withoutScheme, $0.hitRule) }
        guard let module = candidates.max(by: { $0.hitRule.utf8.count < $1.hitRule.utf8.count }) else {
            throw OfflineError(url: url, reason: "no offline package covers this URL (and there is no network)")
        }
        guard module.usable else { throw OfflineError(url: url, reason: "module \(module.moduleName) is not usable (usable: 0)") }
        var key = Substring(withoutScheme.utf8.dropFirst(module.hitRule.utf8.count))
        while key.hasPrefix("/") { key.removeFirst() }
        guard let file = module.files[ScalarKey(String(key))] else {
            throw OfflineError(url: url, reason: "not listed in module \(module.moduleName)'s file.json (key \"\(key)\")")
        }
        let dir = URL(fileURLWithPath: module.resourcePath, relativeTo: URL(fileURLWithPath: root))
        let path = dir.appendingPathComponent(file.localPath).standardizedFileURL.path
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        guard path.hasPrefix(rootPath + "/") else {
            throw OfflineError(url: url, localFile: path, reason: "local path escapes the package root")
        }
        // A symbolic link inside the package that points out of it is no file of the package.
        if FileManager.default.fileExists(atPath: path), !PathText.reallyInside(path, root: rootPath) {
            throw OfflineError(url: url, localFile: path, reason: "local path escapes the package root through a symbolic link")
        }
        return (path, try Self.verified(path, md5: file.md5, url: url))
    }

    /// The bytes of a package file whose MD5 is the manifest's, else why not (missing, or
    /// tampered or stale). Every file the package serves passes here, by URL or by path.
    static func verified(_ path: String, md5: String, url: String) throws(OfflineError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OfflineError(url: url, localFile: path, reason: "file is missing")
        }
        let actual = MD5.hex(data)
        guard actual == md5 else {
            throw OfflineError(url: url, localFile: path, reason: "md5 mismatch: manifest says \(md5), file has \(actual) (tampered or stale; not run)")
        }
        return data
    }

    static func stripQuery(_ url: String) -> String {
        var s = Substring(url)
        if let h = s.firstIndex(of: "#") { s = s[..<h] }
        if let q = s.firstIndex(of: "?") { s = s[..<q] }
        return String(s)
    }

    static func stripScheme(_ url: String) -> String {
        if let r = url.firstRange(of: "://") { return String(url[r.upperBound...]) }
        return url
    }

    static func boundaryOK(_ s: String, _ prefix: String) -> Bool {
        let rest = s.utf8.dropFirst(prefix.utf8.count)
        guard let next = rest.first, !prefix.hasSuffix("/") else { return true }
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
    }
}
