import FoundationEssentials
import BridgeSupport

extension OfflinePackage {
    /// Checks a file of the package that was read by its path, not through a URL (a file a
    /// page's module script imports, which esbuild reads from disk). A file in a module's
    /// directory must be one its `file.json` lists, with the MD5 it has now, as every file
    /// `resolve(_:)` serves by URL is; the module must be usable. Files in no module's directory
    /// (the routed pages' own tree, which has no manifest) are not checked.
    ///
    /// - Parameter path: an absolute path inside the package.
    /// - Throws: `OfflineError` naming the file: not in its module's manifest, module not usable,
    ///   missing, or an MD5 mismatch (tampered or stale).
    public func verifyLocalFile(_ path: String) throws(OfflineError) {
        // Compared with symbolic links resolved: esbuild names the files it read by their real
        // paths, and the package may have been given through a link.
        let wanted = PathText.resolvingLinks(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
        let rootURL = URL(fileURLWithPath: root)
        for module in modules {
            let dir = URL(fileURLWithPath: module.resourcePath, relativeTo: rootURL).standardizedFileURL
            guard PathText.reallyInside(wanted, root: dir.path) else { continue }
            guard module.usable else {
                throw OfflineError(url: wanted, reason: "imported by a module script from module \(module.moduleName), which is not usable (usable: 0)")
            }
            guard let (key, file) = module.files.first(where: { PathText.resolvingLinks(dir.appendingPathComponent($0.value.localPath).path) == wanted }) else {
                throw OfflineError(url: wanted, reason: "imported by a module script, but not listed in module \(module.moduleName)'s file.json (tampered or stale; not run)")
            }
            let served = module.hitRule.hasSuffix("/") ? module.hitRule + key.string : module.hitRule + "/" + key.string
            _ = try Self.verified(wanted, md5: file.md5, url: served)
            return
        }
    }
}
