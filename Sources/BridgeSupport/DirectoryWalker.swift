#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the files below a directory (what `FileManager.enumerator` did for the runtime, without
/// linking the whole of Foundation). Descends into real directories only, so a symbolic link to
/// a directory cannot make it loop; symbolic links to files are listed.
package enum DirectoryWalker {
    /// Paths relative to `directory` of the files below it, sorted.
    ///
    /// - Parameters:
    ///   - skipHidden: leave out files and folders whose name starts with ".".
    ///   - skipDirectories: folder names not descended into (e.g. `node_modules`).
    ///   - listDirectory: folders for which this is true are listed like files (and not
    ///     descended into), e.g. a folder named `x.xml` among schema files, so that the caller
    ///     reports it instead of silently skipping it.
    package static func files(under directory: String, skipHidden: Bool, skipDirectories: Set<String> = [], listDirectory: (String) -> Bool = { _ in false }) -> [String] {
        var out: [String] = []
        walk(directory, prefix: "", skipHidden: skipHidden, skipDirectories: skipDirectories, listDirectory: listDirectory, depth: 0, into: &out)
        return out.sorted()
    }

    /// Whether `path` is a directory (following symbolic links).
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    private static func walk(
        _ directory: String, prefix: String, skipHidden: Bool, skipDirectories: Set<String>, listDirectory: (String) -> Bool, depth: Int, into out: inout [String]
    ) {
        guard depth < 256, let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            if skipHidden && name.hasPrefix(".") { continue }
            let full = directory + "/" + name
            var st = stat()
            guard lstat(full, &st) == 0 else { continue }
            let kind = st.st_mode & S_IFMT
            if kind == S_IFDIR {
                if skipDirectories.contains(name) { continue }
                if listDirectory(name) {
                    out.append(prefix + name)
                    continue
                }
                walk(full, prefix: prefix + name + "/", skipHidden: skipHidden, skipDirectories: skipDirectories, listDirectory: listDirectory, depth: depth + 1, into: &out)
            } else if kind == S_IFREG || (kind == S_IFLNK && !isDirectory(full)) {
                out.append(prefix + name)
            }
        }
    }
}
