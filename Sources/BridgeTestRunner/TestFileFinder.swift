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

    /// Every test file under `paths`, sorted, each once.
    ///
    /// - Throws: `Missing` for the first path that does not exist.
    static func find(_ paths: [String]) throws(Missing) -> [String] {
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
            for relative in search(directory: base) { add(base + "/" + relative) }
        }
        return found.sorted()
    }

    /// Paths (relative to `directory`) of the test files below it.
    static func search(directory: String) -> [String] {
        DirectoryWalker.files(under: directory, skipHidden: true, skipDirectories: ["node_modules"]).filter { path in suffixes.contains { path.hasSuffix($0) } }
    }

    /// The files of `shard` (`nil` = all): the file at 0-based position `k` of the sorted list
    /// belongs to shard `k % count + 1`.
    static func select(_ files: [String], shard: TestOptions.Shard?) -> [String] {
        guard let shard else { return files }
        return files.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
    }
}
