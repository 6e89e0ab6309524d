import FoundationEssentials
import BridgeSupport
import BridgeValues

/// The parts of a URL as `location` and `URL` expose them, parsed by Foundation.
enum URLParts {
    /// `href`, `protocol`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, `origin`,
    /// `username`, `password`; `.null` when the URL cannot be parsed.
    static func parts(_ href: String, base: String?) -> JSONValue {
        let baseURL = base.flatMap { URL(string: cleaned($0)) }
        var input = cleaned(href)
        // An empty reference is the base without its fragment (`new URL(' ', base)`).
        if input.isEmpty, let base = baseURL?.absoluteString {
            input = String(base[..<(base.firstIndex(of: "#") ?? base.endIndex)])
        }
        guard let url = URL(string: input, relativeTo: baseURL)?.absoluteURL, let scheme = url.scheme else { return .null }
        let comps = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let lowerScheme = scheme.lowercased()
        let host = (comps?.percentEncodedHost ?? "").lowercased()
        if ["http", "https", "ws", "wss", "ftp", "file"].contains(lowerScheme), !isValidHost(host) { return .null }
        var port = comps?.port.map(String.init) ?? ""
        let defaults = ["http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"]
        if defaults[lowerScheme] == port { port = "" }
        let hostPort = port.isEmpty ? host : "\(host):\(port)"
        let path = comps?.percentEncodedPath ?? ""
        let query = comps?.percentEncodedQuery.map { "?" + $0 } ?? ""
        let fragment = comps?.percentEncodedFragment.map { "#" + $0 } ?? ""
        let special = defaults[lowerScheme] != nil
        let pathname = path.isEmpty && (special || lowerScheme == "file") ? "/" : path
        var href = url.absoluteString
        // Browsers write a special URL's empty path as "/" and drop its default port.
        if special || lowerScheme == "file" {
            var userinfo = ""
            if let user = comps?.percentEncodedUser {
                userinfo = user + (comps?.percentEncodedPassword.map { ":" + $0 } ?? "") + "@"
            }
            href = lowerScheme + "://" + userinfo + hostPort + pathname + (query == "?" ? "?" : query) + (fragment == "#" ? "#" : fragment)
        }
        return [
            "href": .string(href), "protocol": .string(lowerScheme + ":"), "host": .string(hostPort),
            "hostname": .string(host), "port": .string(port), "pathname": .string(pathname),
            "search": .string(query == "?" ? "" : query), "hash": .string(fragment == "#" ? "" : fragment),
            "origin": .string(special ? "\(lowerScheme)://\(hostPort)" : "null"),
            "username": .string(comps?.percentEncodedUser ?? ""), "password": .string(comps?.percentEncodedPassword ?? ""),
        ]
    }

    /// The input as the URL standard reads it: leading and trailing C0 controls and spaces
    /// dropped, and every tab and line break (`<a href=" /a\n/b ">` is `/a/b`).
    static func cleaned(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard scalars.contains(where: { $0.value <= 0x20 }) else { return s }
        var view = Substring.UnicodeScalarView(scalars)
        while let first = view.first, first.value <= 0x20 { view.removeFirst() }
        while let last = view.last, last.value <= 0x20 { view.removeLast() }
        view.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(view)
    }

    /// A host the URL standard accepts: a bracketed IPv6 address, or a name without its
    /// forbidden code points once percent-decoded (`http://[bad` and `http://a b` are not URLs).
    static func isValidHost(_ host: String) -> Bool {
        if host.hasPrefix("[") { return host.hasSuffix("]") && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let decoded = host.contains("%") ? (PercentEncoding.decode(host) ?? host) : host
        return !decoded.unicodeScalars.contains { c in
            c.value <= 0x20 || c.value == 0x7F || "#%/:<>?@[\\]^|".unicodeScalars.contains(c)
        }
    }

    /// `true` when `s` starts with a scheme (`https:`, `file:`, `about:`).
    static func isAbsolute(_ s: String) -> Bool {
        let trimmed = s.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex else { return false }
        let scheme = trimmed[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// `href` with one part (`pathname`, `search`, `hash`, `host`, …) replaced, or `nil` when
    /// the result is not a URL.
    static func replacing(_ part: String, with value: String, in href: String) -> String? {
        guard var comps = URLComponents(string: href) else { return nil }
        func strip(_ v: String, _ prefix: Character) -> String { v.first == prefix ? String(v.dropFirst()) : v }
        switch part {
        case "protocol": comps.scheme = strip(String(value.prefix { $0 != ":" }), ":")
        case "host":
            let pieces = value.split(separator: ":", maxSplits: 1)
            comps.host = pieces.first.map(String.init) ?? ""
            comps.port = pieces.count > 1 ? Int(pieces[1]) : nil
        case "hostname": comps.host = value
        case "port": comps.port = value.isEmpty ? nil : Int(value)
        case "pathname":
            let p = value.hasPrefix("/") ? value : "/" + value
            comps.percentEncodedPath = encode(p, extra: "/:@!$&'()*+,;=")
        case "search":
            let q = strip(value, "?")
            comps.percentEncodedQuery = q.isEmpty ? nil : encode(q, extra: "/?:@!$&'()*+,;=")
        case "hash":
            let h = strip(value, "#")
            comps.percentEncodedFragment = h.isEmpty ? nil : encode(h, extra: "/?:@!$&'()*+,;=#")
        case "username": comps.user = value
        case "password": comps.password = value
        default: return nil
        }
        return comps.string
    }

    /// Percent-encodes what a URL part cannot hold as is (kept: letters, digits, `-._~`, `%`
    /// escapes already there, and `extra`).
    private static func encode(_ text: String, extra: String) -> String {
        PercentEncoding.encode(text, keepingAlphanumericsAnd: "-._~%" + extra)
    }
}
