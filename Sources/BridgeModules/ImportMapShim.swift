import FoundationEssentials
import BridgeValues
#if canImport(Glibc)
import Glibc
#endif

/// An import map may map a name both ways, as its standard's examples do
/// (`"lodash": "/lib/lodash-es/lodash.js"` and `"lodash/": "/lib/lodash-es/"`), and names inside
/// a mapped one (`"react-dom"` and `"react-dom/client"`). esbuild's `--alias:NAME=PATH` maps the
/// name and every subpath below it to one path, refuses `NAME/` as a key, and tries overlapping
/// aliases in no fixed order (a Go map). So each outermost mapped name with more than one entry
/// becomes one alias to a numbered directory of links in the build's temporary folder (never named
/// after the map's key, never inside another):
///
///     <temp>/import-map/1/package.json          the directory's own, with "main" replaced
///     <temp>/import-map/1/.bridge-import-map-main.js  -> /lib/lodash-es/lodash.js
///     <temp>/import-map/1/<entry>               -> /lib/lodash-es/<entry>, for the other entries
///     <temp>/import-map/1/client                -> the file `lodash/client` maps to
///     <temp>/import-map/1/fp/                   a directory of its own when `lodash/fp/` and
///                                               names inside it are mapped too
///
/// esbuild follows links to the real files, so source maps name those, and errors that name a
/// link are given the directory's path (``naming``).
struct ImportMapShim {
    static let mainLink = ".bridge-import-map-main.js"

    /// The aliases to pass to esbuild.
    private(set) var aliases: [(name: String, path: String)] = []
    /// Each directory of links made, with the directory it stands for.
    private(set) var realPaths: [(shim: String, directory: String)] = []
    private let root: String
    /// Directories of links made at the top (their numbers).
    private var shims = 0

    /// One name's entries: the file it maps to, the directory its prefix maps to, and the names
    /// one segment further in.
    private final class Node {
        var file: String?
        var directory: String?
        var children: [String: Node] = [:]
        var isMapped: Bool { file != nil || directory != nil }
    }

    /// `aliases` with each outermost name that has more than one entry replaced by one alias to a
    /// directory of links made under `temp`.
    init(_ aliases: [(name: String, path: String)], in temp: String) throws(ModuleError) {
        root = temp + "/import-map"
        let top = Node()
        for alias in aliases {
            var node = top
            for segment in alias.name.split(separator: "/") {
                let key = String(segment)
                if node.children[key] == nil { node.children[key] = Node() }
                node = node.children[key]!
            }
            if Self.isDirectory(alias.path) { node.directory = alias.path } else { node.file = alias.path }
        }
        // The outermost mapped names, each with what lies inside it.
        func collect(_ node: Node, _ name: String) {
            for key in node.children.keys.sorted() {
                let child = node.children[key]!
                let childName = name.isEmpty ? key : name + "/" + key
                if child.isMapped { outermost.append((childName, child)) } else { collect(child, childName) }
            }
        }
        var outermost: [(String, Node)] = []
        collect(top, "")
        for (name, node) in outermost {
            if node.children.isEmpty, node.file == nil || node.directory == nil {
                self.aliases.append((name, node.file ?? node.directory!))
                continue
            }
            shims += 1
            if shims == 1 { mkdir(root, 0o700) }
            let shim = root + "/\(shims)"
            try make(shim, node, name: name)
            self.aliases.append((name, shim))
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

    /// Makes the directory of links for `node` at `shim` (which must not exist).
    private mutating func make(_ shim: String, _ node: Node, name: String) throws(ModuleError) {
        func fail(_ why: String) -> ModuleError {
            ModuleError(.bundlerFailed, "cannot apply the import map's entries for \"\(name)\": \(why)")
        }
        func link(_ target: String, _ at: String) throws(ModuleError) {
            guard symlink(target, at) == 0 else { throw fail("cannot link \(at) to \(target): \(String(cString: strerror(errno)))") }
        }
        // A fresh directory each time: mkdir fails on anything already there, a link included.
        guard mkdir(shim, 0o700) == 0 else { throw fail("cannot create \(shim): \(String(cString: strerror(errno)))") }
        if let directory = node.directory {
            realPaths.append((shim, directory))
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { throw fail("cannot list \(directory)") }
            for entry in entries.sorted() where entry != "package.json" && entry != Self.mainLink && node.children[entry] == nil {
                try link(directory + "/" + entry, shim + "/" + entry)
            }
        }
        if let file = node.file {
            try link(file, shim + "/" + Self.mainLink)
            guard FileManager.default.createFile(atPath: shim + "/package.json", contents: Data(Self.packageJSON(of: node.directory).utf8)) else {
                throw fail("cannot write \(shim)/package.json")
            }
        } else if let directory = node.directory, FileManager.default.fileExists(atPath: directory + "/package.json") {
            try link(directory + "/package.json", shim + "/package.json")
        }
        for key in node.children.keys.sorted() {
            let child = node.children[key]!
            // A name inside the directory that is not mapped itself stands for the directory's own.
            if child.directory == nil, let directory = node.directory, Self.isDirectory(directory + "/" + key) { child.directory = directory + "/" + key }
            if child.children.isEmpty, child.file == nil || child.directory == nil, let target = child.file ?? child.directory {
                try link(target, shim + "/" + key)
            } else {
                try make(shim + "/" + key, child, name: name + "/" + key)
            }
        }
    }

    /// The directory's `package.json` (so `name/package.json` still reads its name and version),
    /// with `main` the link to the file and without the fields esbuild would prefer to `main`.
    static func packageJSON(of directory: String?) -> String {
        var members: [(String, JSONValue)] = []
        if let directory, let data = FileManager.default.contents(atPath: directory + "/package.json"),
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
