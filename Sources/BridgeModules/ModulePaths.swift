#if canImport(Glibc)
import Glibc
#endif
import BridgeSupport

/// Path arithmetic for bundles: esbuild names files relative to its working directory (errors,
/// metafile) or to the output file (source map), with symbolic links resolved.
enum ModulePaths {
    /// `path` with symbolic links resolved when it exists, else made absolute and standardized.
    static func canonical(_ path: String) -> String {
        let absolute = PathText.absolute(path)
        guard let resolved = realpath(absolute, nil) else { return absolute }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `relative` (or an absolute path) against the directory `base`.
    static func resolve(_ relative: String, against base: String) -> String {
        if relative.hasPrefix("/") { return PathText.standardized(relative) }
        return PathText.standardized(base + "/" + relative)
    }

    /// How errors name a file: relative to the working directory when it lies below it, else
    /// absolute.
    static func displayName(_ absolute: String) -> String {
        let cwd = canonical(".")
        let prefix = cwd == "/" ? "/" : cwd + "/"
        if absolute.hasPrefix(prefix), absolute.count > prefix.count { return String(absolute.dropFirst(prefix.count)) }
        return absolute
    }

    /// The line and 1-based column of the first quoted occurrence of `specifier` in `text`.
    static func position(of specifier: String, in text: String) -> (line: Int, column: Int)? {
        for quote in ["\"", "'", "`"] {
            guard let range = text.firstRange(of: quote + specifier + quote) else { continue }
            let before = text[..<range.lowerBound]
            let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            return (line, before[lineStart...].count + 1)
        }
        return nil
    }
}
