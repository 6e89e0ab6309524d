#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lexical operations on file paths as strings (what `NSString`'s path methods did for the
/// runtime, without linking the whole of Foundation). Nothing here touches the file system
/// except ``absolute(_:)``, which reads the current directory.
enum PathText {
    /// `base` + "/" + `component` (no doubled slash; an absolute `component` still appends).
    static func appending(_ component: String, to base: String) -> String {
        if base.isEmpty { return component }
        if component.isEmpty { return base }
        let trimmed = component.first == "/" ? String(component.drop { $0 == "/" }) : component
        return base.last == "/" ? base + trimmed : base + "/" + trimmed
    }

    /// The part after the last "/" (trailing slashes ignored).
    static func lastComponent(_ path: String) -> String {
        let body = stripTrailingSlashes(path)
        if body == "/" { return "/" }
        guard let slash = body.lastIndex(of: "/") else { return body }
        return String(body[body.index(after: slash)...])
    }

    /// The path without its last component ("." for a bare name, "/" for the root).
    static func deletingLastComponent(_ path: String) -> String {
        let body = stripTrailingSlashes(path)
        guard let slash = body.lastIndex(of: "/") else { return "" }
        if slash == body.startIndex { return "/" }
        return String(body[..<slash])
    }

    /// The extension of the last component, without the dot ("" when there is none).
    static func pathExtension(_ path: String) -> String {
        let last = lastComponent(path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// `path` with `.` and `..` components and repeated slashes removed lexically (symbolic links
    /// are not resolved). Relative paths stay relative; `..` above a relative start is kept.
    static func standardized(_ path: String) -> String {
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

    /// `path` made absolute against the current directory, then standardized.
    static func absolute(_ path: String) -> String {
        if path.first == "/" { return standardized(path) }
        return standardized(currentDirectory() + "/" + path)
    }

    /// A `file://` URL for a local path (made absolute), percent-encoding what a URL path may
    /// not hold.
    static func fileURL(_ path: String) -> String {
        "file://" + PercentEncoding.encode(absolute(path), keeping: PercentEncoding.isAllowedInPath)
    }

    private static func stripTrailingSlashes(_ path: String) -> String {
        var body = Substring(path)
        while body.count > 1, body.last == "/" { body = body.dropLast() }
        return String(body)
    }

    private static func currentDirectory() -> String {
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
