#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lexical operations on file paths as strings (what `NSString`'s path methods did for the
/// runtime, without linking the whole of Foundation). Nothing here touches the file system
/// except ``absolute(_:)`` (the current directory), ``resolvingLinks(_:)`` and
/// ``reallyInside(_:root:)``.
package enum PathText {
    /// `base` + "/" + `component` (no doubled slash; an absolute `component` still appends).
    package static func appending(_ component: String, to base: String) -> String {
        if base.isEmpty { return component }
        if component.isEmpty { return base }
        let trimmed = component.first == "/" ? String(component.drop { $0 == "/" }) : component
        return base.last == "/" ? base + trimmed : base + "/" + trimmed
    }

    /// `path` with `.` and `..` components and repeated slashes removed lexically (symbolic links
    /// are not resolved). Relative paths stay relative; `..` above a relative start is kept.
    package static func standardized(_ path: String) -> String {
        let isAbsolute = path.first == "/"
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append("..")
                }
                continue
            }
            parts.append(String(part))
        }
        var out = isAbsolute ? "/" : ""
        for (i, part) in parts.enumerated() {
            if i > 0 { out += "/" }
            out += part
        }
        return out.isEmpty ? "." : out
    }

    /// `path` with every symbolic link resolved (`realpath(3)`), or `nil` when it does not
    /// exist. This one reads the file system.
    package static func resolvingLinks(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `true` when the existing file `path` really lies inside the directory `root`: both with
    /// their symbolic links resolved, so a link inside `root` that points out of it is outside.
    /// `false` when either does not exist. Reads the file system.
    package static func reallyInside(_ path: String, root: String) -> Bool {
        guard let file = resolvingLinks(path), let base = resolvingLinks(root) else { return false }
        return file.hasPrefix(base == "/" ? "/" : base + "/")
    }

    /// `path` made absolute against the current directory, then standardized.
    package static func absolute(_ path: String) -> String {
        if path.first == "/" { return standardized(path) }
        return standardized(currentDirectory() + "/" + path)
    }

    /// The `file:` URL of `path` (made absolute and standardized first), its bytes
    /// percent-encoded as Foundation's `URL(fileURLWithPath:).standardizedFileURL.absoluteString`
    /// writes them: everything but a path's own characters (RFC 3986 `pchar` and `/`). A path
    /// that ends in `/` keeps it.
    package static func fileURL(_ path: String) -> String {
        var full = absolute(path)
        if path.count > 1, path.last == "/", full != "/" { full += "/" }
        // RFC 3986's `pchar` (unreserved, sub-delims, `:` and `@`) and `/`.
        return "file://" + PercentEncoding.encode(full, keepingAlphanumericsAnd: "-._~!$&'()*+,;=:@/")
    }

    /// The directory part of an absolute, standardized `path` (`/a/b.js` -> `/a`, `/a` -> `/`).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The current directory (`getcwd`); `/` when it cannot be read.
    package static func currentDirectory() -> String {
        var size = 4096
        while size <= 1 << 20 {
            let found: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: size) { buf in
                guard let base = buf.baseAddress, getcwd(base, size) != nil else { return nil }
                return String(cString: base)
            }
            if let found { return found }
            if errno != ERANGE { break }
            size *= 2
        }
        return "/"
    }
}
