import FoundationEssentials
import BridgeValues
#if canImport(Glibc)
import Glibc
#endif

/// An import map may map a name both ways, as its standard's examples do:
/// `"lodash": "/lib/lodash-es/lodash.js"` and `"lodash/": "/lib/lodash-es/"`. esbuild's
/// `--alias:NAME=PATH` maps the name and every subpath below it to one path, and refuses `NAME/`
/// as a key, so such a pair becomes one directory of links in the build's temporary folder,
/// numbered (never named after the map's key, and never inside another):
///
///     <temp>/import-map/1/package.json         the directory's own, with "main" replaced
///     <temp>/import-map/1/.bridge-import-map-main.js  -> /lib/lodash-es/lodash.js
///     <temp>/import-map/1/<entry>              -> /lib/lodash-es/<entry>, for every other entry
///
/// `lodash` then resolves through `main` to the file, `lodash/x.js` through the link to the
/// directory's file; esbuild follows links to the real files, so source maps name those, and
/// errors that name a link are given the directory's path (``realPaths``).
struct ImportMapShim {
    static let mainLink = ".bridge-import-map-main.js"

    /// The aliases to pass to esbuild.
    private(set) var aliases: [(name: String, path: String)] = []
    /// Each directory of links made, with the directory it stands for.
    private(set) var realPaths: [(shim: String, directory: String)] = []
    private let root: String

    /// `aliases` with each name given twice (a file and a directory) replaced by one alias to a
    /// directory of links made under `temp`.
    init(_ aliases: [(name: String, path: String)], in temp: String) throws(ModuleError) {
        root = temp + "/import-map"
        var byName: [String: [String]] = [:]
        for alias in aliases { byName[alias.name, default: []].append(alias.path) }
        var done: Set<String> = []
        for alias in aliases where !done.contains(alias.name) {
            done.insert(alias.name)
            let paths = byName[alias.name]!
            guard paths.count == 2, let file = paths.first(where: { !Self.isDirectory($0) }), let directory = paths.first(where: Self.isDirectory) else {
                self.aliases.append(alias)
                continue
            }
            let shim = root + "/\(realPaths.count + 1)"
            try Self.make(shim, name: alias.name, file: file, directory: directory)
            self.aliases.append((alias.name, shim))
            realPaths.append((shim, directory))
        }
    }

    /// `text` with each directory of links named as the directory it stands for.
    func naming(_ text: String) -> String {
        var text = text
        // The longest first: `…/import-map/12` before `…/import-map/1`.
        for (shim, directory) in realPaths.sorted(by: { $0.shim.count > $1.shim.count }) where text.contains(shim) {
            text = text.replacing(shim, with: directory)
        }
        return text
    }

    /// Removes what was made (links are removed, never followed).
    func remove() {
        Self.removeTree(root)
    }

    /// Removes what an `init` that failed part way made under `temp`.
    static func removeAll(in temp: String) {
        removeTree(temp + "/import-map")
    }

    private static func make(_ shim: String, name: String, file: String, directory: String) throws(ModuleError) {
        func fail(_ why: String) -> ModuleError {
            ModuleError(.bundlerFailed, "cannot apply the import map's \"\(name)\" and \"\(name)/\" together: \(why)")
        }
        // A fresh directory each time: mkdir fails on anything already there, a link included.
        let parent = shim[..<shim.lastIndex(of: "/")!]
        mkdir(String(parent), 0o700)
        guard mkdir(shim, 0o700) == 0 else { throw fail("cannot create \(shim): \(String(cString: strerror(errno)))") }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw fail("cannot list \(directory)")
        }
        for entry in entries where entry != "package.json" && entry != mainLink {
            guard symlink(directory + "/" + entry, shim + "/" + entry) == 0 else { throw fail("cannot link \(entry): \(String(cString: strerror(errno)))") }
        }
        guard symlink(file, shim + "/" + mainLink) == 0 else { throw fail("cannot link \(file): \(String(cString: strerror(errno)))") }
        guard FileManager.default.createFile(atPath: shim + "/package.json", contents: Data(packageJSON(of: directory).utf8)) else {
            throw fail("cannot write \(shim)/package.json")
        }
    }

    /// The directory's `package.json` (so `name/package.json` still reads its name and version),
    /// with `main` the link to the file and without the fields esbuild would prefer to `main`.
    static func packageJSON(of directory: String) -> String {
        var members: [(String, JSONValue)] = []
        if let data = FileManager.default.contents(atPath: directory + "/package.json"),
            case .object(let object)? = try? JSONParser().parse(bytes: Array(data))
        {
            for key in object.keys.sorted() where !["main", "module", "browser", "exports"].contains(key) { members.append((key, object[key]!)) }
        }
        members.append(("main", .string("./" + mainLink)))
        return JSONValue.object(JSONObject(members: members)).jsonString()
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
