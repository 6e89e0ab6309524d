import FoundationEssentials
import BridgeSupport

/// Finds test files and picks a shard of them.
///
/// A directory is searched recursively for `*.test.js` (and `.test.ts`, `.test.mjs`, …; hidden entries and `node_modules` are
/// skipped); a file named on the command line is taken whatever its name. Each file is shown as
/// the searched path joined with its path below it, and the list is sorted by that text so every
/// machine sees the same order.
enum TestFileFinder {
    /// A path that does not exist (a usage error: exit 2).
    struct Missing: Error, Equatable {
        var path: String
    }

    /// The suffix of plain test files (messages name it).
    static let suffix = ".test.js"
    /// The suffixes of test files in directories (modules and TypeScript are bundled first).
    static let suffixes = [".test.js", ".test.mjs", ".test.cjs", ".test.ts", ".test.mts", ".test.cts", ".test.jsx", ".test.tsx"]

    /// Whether a path found in a directory is a test file by its name (no patterns given).
    static func isTestFile(_ path: String) -> Bool {
        suffixes.contains { path.hasSuffix($0) }
    }

    /// What counts as a test file, for messages: `*.test.js` or the patterns.
    static func describe(_ patterns: [String]?) -> String {
        patterns.map { $0.joined(separator: ", ") } ?? "*" + suffix
    }

    /// Every test file under `paths`, sorted, each once.
    ///
    /// - Parameters:
    ///   - paths: files (taken whatever their name) and directories (searched).
    ///   - patterns: globs a file in a searched directory must match, relative to `root`
    ///     (`nil`: its name ends in one of `suffixes`).
    ///   - root: the directory the patterns are relative to (default: the current one).
    /// - Throws: `Missing` for the first path that does not exist.
    static func find(_ paths: [String], matching patterns: [String]? = nil, root: String? = nil) throws(Missing) -> [String] {
        let globs = patterns?.map(PathGlob.init)
        let rootPath = PathText.absolute(root ?? ".")
        func wanted(_ display: String, relative: String) -> Bool {
            guard let globs else { return isTestFile(relative) }
            let absolute = PathText.absolute(display)
            guard absolute.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") else { return false }
            let below = String(absolute.dropFirst(rootPath == "/" ? 1 : rootPath.count + 1))
            return globs.contains { $0.matches(below) }
        }
        let fm = FileManager.default
        var found: [String] = []
        var seen: Set<String> = []
        func add(_ display: String) {
            let key = PathText.absolute(display)
            if seen.insert(key).inserted { found.append(display) }
        }
        for path in paths {
            var isDirectory = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Missing(path: path) }
            guard isDirectory else {
                add(path)
                continue
            }
            let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            for relative in search(directory: base, all: globs != nil) where wanted(base + "/" + relative, relative: relative) {
                add(base + "/" + relative)
            }
        }
        return found.sorted()
    }

    /// Paths (relative to `directory`) of the test files below it.
    static func search(directory: String, all: Bool = false) -> [String] {
        let files = DirectoryWalker.files(under: directory, skipHidden: true, skipDirectories: ["node_modules"])
        return all ? files : files.filter(isTestFile)
    }

    /// The files of `shard` (`nil` = all): the file at 0-based position `k` of the sorted list
    /// belongs to shard `k % count + 1`.
    static func select(_ files: [String], shard: TestOptions.Shard?) -> [String] {
        guard let shard else { return files }
        return files.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
    }
}
