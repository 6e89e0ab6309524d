import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An import map may map a name both ways, as its standard's examples do:
/// `"lodash": "/lib/lodash.js"` and `"lodash/": "/lib/lodash/"`. esbuild's `--alias:NAME=PATH`
/// maps the name and every subpath below it to one path, and refuses `NAME/` as a key, so such
/// a pair becomes one directory of links in the build's temporary folder:
///
///     <temp>/import-map/lodash/package.json      {"main": "./.bridge-import-map-main.js"}
///     <temp>/import-map/lodash/.bridge-import-map-main.js  -> /lib/lodash.js
///     <temp>/import-map/lodash/<entry>           -> /lib/lodash/<entry>, for every entry
///
/// `lodash` then resolves through `main` to the file, `lodash/x.js` through the link to the
/// directory's file; esbuild follows links to the real files, so errors and source maps name
/// those.
enum ImportMapShim {
    static let mainLink = ".bridge-import-map-main.js"

    /// `aliases` with each name given twice (a file and a directory) replaced by one alias to a
    /// directory of links made under `temp`.
    static func merged(_ aliases: [(name: String, path: String)], in temp: String) throws(ModuleError) -> [(name: String, path: String)] {
        var byName: [String: [String]] = [:]
        for alias in aliases { byName[alias.name, default: []].append(alias.path) }
        var out: [(name: String, path: String)] = []
        var done: Set<String> = []
        for alias in aliases where !done.contains(alias.name) {
            done.insert(alias.name)
            let paths = byName[alias.name]!
            guard paths.count == 2, let file = paths.first(where: { !isDirectory($0) }), let directory = paths.first(where: isDirectory) else {
                out.append(alias)
                continue
            }
            out.append((alias.name, try shim(name: alias.name, file: file, directory: directory, in: temp)))
        }
        return out
    }

    private static func shim(name: String, file: String, directory: String, in temp: String) throws(ModuleError) -> String {
        // A scoped name (`@scope/pkg`) is two levels; each level is made.
        let root = temp + "/import-map"
        let shim = root + "/" + name
        do {
            try FileManager.default.createDirectory(atPath: shim, withIntermediateDirectories: true)
            let entries = try FileManager.default.contentsOfDirectory(atPath: directory)
            for entry in entries where entry != "package.json" && entry != mainLink {
                try FileManager.default.createSymbolicLink(atPath: shim + "/" + entry, withDestinationPath: directory + "/" + entry)
            }
            try FileManager.default.createSymbolicLink(atPath: shim + "/" + mainLink, withDestinationPath: file)
            guard FileManager.default.createFile(atPath: shim + "/package.json", contents: Data(#"{"main": "./\#(mainLink)"}"#.utf8)) else {
                throw ModuleError(.bundlerFailed, "cannot write \(shim)/package.json")
            }
        } catch let error as ModuleError {
            throw error
        } catch {
            throw ModuleError(.bundlerFailed, "cannot apply the import map's \"\(name)\" and \"\(name)/\" together: \(error)")
        }
        return shim
    }

    /// Removes what `merged` made under `temp` (links are removed, never followed).
    static func remove(in temp: String) {
        removeTree(temp + "/import-map")
    }

    private static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { removeTree(path + "/" + entry) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var flag = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag
    }
}
