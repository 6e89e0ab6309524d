import FoundationEssentials
import BridgeCore

/// Relative URLs resolved as a browser does for `fetch` and `XMLHttpRequest`.
enum URLResolution {
    /// `url` resolved against `base` (the page URL), or `nil` when it is not a valid URL.
    /// Spaces and non-ASCII characters are percent-encoded, scheme and host lower-cased, the
    /// default port and dot segments removed; the fragment is dropped (it is never sent).
    static func resolve(_ url: String, against base: String) -> String? {
        // A URL past the length limit is not a URL a run serves (Chrome refuses URLs over 2 MiB);
        // without a limit a page's 64 MiB URL kept native code busy far past --timeout.
        guard url.utf8.count <= (url.utf8.starts(with: "data:".utf8) ? maxDataLength : maxLength) else { return nil }
        // As the URL standard parses: tabs and line breaks anywhere are dropped, and in a URL of a
        // special scheme (http, ws, file, …) a backslash before the query is a slash, so
        // `https://evil.example\\@api.example.com/` goes to evil.example, not to api.example.com.
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: url.trimmingWhitespace().unicodeScalars.lazy.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        var trimmed = String(scalars)
        if isSpecial(trimmed, base: base) { trimmed = backslashesAsSlashes(trimmed) }
        var encoded = encode(trimmed)
        if let fixed = specialAuthority(encoded, base: base) { encoded = fixed }
        var resolved: String
        if encoded.isEmpty {
            resolved = base
        } else if let absolute = absolute(encoded) {
            resolved = absolute
        } else {
            guard let baseURL = URL(string: encode(base)), let u = URL(string: encoded, relativeTo: baseURL)?.absoluteURL else { return nil }
            resolved = u.absoluteString
        }
        if let hash = resolved.firstIndex(of: "#") { resolved = String(resolved[..<hash]) }
        return normalize(resolved)
    }

    /// The longest URL (UTF-8 bytes) a request may have: 2 MiB.
    static let maxLength = 2 << 20
    /// The longest `data:` URL: 32 MiB.
    static let maxDataLength = 32 << 20

    /// The schemes the URL standard calls special.
    private static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "file", "ftp"]

    /// `true` when `url` has a special scheme, or has none and `base` has one.
    private static func isSpecial(_ url: String, base: String) -> Bool {
        func scheme(_ s: String) -> String? {
            guard let colon = s.firstIndex(of: ":") else { return nil }
            let name = s[..<colon]
            guard let first = name.first, first.isASCII, first.isLetter,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
            else { return nil }
            return name.lowercased()
        }
        if let own = scheme(url) { return specialSchemes.contains(own) }
        return scheme(base).map(specialSchemes.contains) ?? false
    }

    /// A URL of a special scheme with a host (`http`, `https`, `ws`, `wss`, `ftp`) written
    /// without exactly two slashes, as the URL standard reads it: `http:/evil.com/x` and
    /// `https:evil.com/x` go to evil.com (any number of slashes, none included, begins the
    /// host), except that with no slash and a base of the same scheme the rest is relative to
    /// the base (`https:x.js` on an https page is `x.js`). `nil` when the URL is not such a one.
    /// Read as they were, these reached no host at all, and the capability file's `hosts` check,
    /// which finds the host after `://`, let them through (a review's find).
    private static func specialAuthority(_ url: String, base: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon].lowercased()
        guard ["http", "https", "ws", "wss", "ftp"].contains(scheme) else { return nil }
        let rest = url[url.index(after: colon)...]
        let slashes = rest.prefix { $0 == "/" }.count
        if slashes == 2 { return nil }
        let baseScheme = base.prefix { $0 != ":" }.lowercased()
        if slashes == 0 && baseScheme == scheme { return String(rest) }
        return scheme + "://" + rest.dropFirst(slashes)
    }

    /// Every `\` before the query or fragment made a `/`.
    private static func backslashesAsSlashes(_ url: String) -> String {
        var out = ""
        var inPath = true
        for c in url {
            if c == "?" || c == "#" { inPath = false }
            out.append(inPath && c == "\\" ? "/" : c)
        }
        return out
    }

    /// `url` when it already has a scheme (`https:`, `data:`, `blob:`).
    private static func absolute(_ url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        let lower = scheme.lowercased()
        if ["http", "https", "ws", "wss", "file"].contains(lower) {
            // `http:foo` is relative in a browser only against an http base; treat it as absolute.
            return URL(string: url).map(\.absoluteString)
        }
        return url
    }

    /// Percent-encodes what a browser encodes before parsing (space, controls, non-ASCII, and
    /// `"<>\^`{|}`), leaving `%` escapes as written.
    private static func encode(_ s: String) -> String {
        let keep: Set<UInt8> = Set(Array("!#$%&'()*+,-./:;=?@[]_~".utf8))
        guard s.utf8.contains(where: { !(($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || keep.contains($0)) }) else { return s }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in s.utf8 {
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || keep.contains(b) {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Lower-cased scheme and host, no default port, no dot segments (hierarchical URLs only).
    private static func normalize(_ url: String) -> String {
        guard let r = url.firstRange(of: "://") else { return url }
        let scheme = url[..<r.lowerBound].lowercased()
        let rest = url[r.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        if (scheme == "http" || scheme == "ws") && authority.hasSuffix(":80") { authority.removeLast(3) }
        if (scheme == "https" || scheme == "wss") && authority.hasSuffix(":443") { authority.removeLast(4) }
        var tail = rest[authorityEnd...]
        var query = Substring("")
        if let q = tail.firstIndex(of: "?") {
            query = tail[q...]
            tail = tail[..<q]
        }
        var path = removeDotSegments(String(tail))
        if path.isEmpty && ["http", "https", "ws", "wss"].contains(scheme) { path = "/" }
        return scheme + "://" + authority + path + query
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains("/.") else { return path }
        var out: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            if part == "." {
                if i == parts.count - 1 { out.append("") }
            } else if part == ".." {
                if out.count > 1 { out.removeLast() }
                if i == parts.count - 1 { out.append("") }
            } else {
                out.append(part)
            }
        }
        return out.joined(separator: "/")
    }
}
