/// A URL pattern of a capability file: `*` matches any run of characters except `/`, `**`
/// matches anything (slashes included), `?` matches one character; everything else matches
/// itself. Patterns are compared against the whole URL (`https://m.example.com/shop/index.html`,
/// `file:///work/app/index.html`), case-sensitively except the scheme and host.
public struct URLGlob: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let parts: [Part]

    private enum Part: Sendable, Equatable {
        case literal([UInt8])
        case star
        case globstar
        case one
    }

    /// Compiles a pattern.
    public init(_ pattern: String) {
        self.init(pattern, questionMarkMatchesOne: true, normalizing: true)
    }

    /// Compiles a pattern for another URL matcher of the runtime (HTTP fixtures): `?` matching
    /// one character or only itself, the pattern's scheme and host lower-cased or left alone.
    package init(_ pattern: String, questionMarkMatchesOne: Bool, normalizing: Bool) {
        self.pattern = pattern
        var parts: [Part] = []
        var literal: [UInt8] = []
        let bytes = Array((normalizing ? URLGlob.normalize(pattern) : pattern).utf8)
        var i = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = []
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "*") {
                flush()
                if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
                    parts.append(.globstar)
                    i += 2
                } else {
                    parts.append(.star)
                    i += 1
                }
            } else if c == UInt8(ascii: "?"), questionMarkMatchesOne {
                flush()
                parts.append(.one)
                i += 1
            } else {
                literal.append(c)
                i += 1
            }
        }
        flush()
        self.parts = parts
    }

    /// The pattern.
    public var description: String { pattern }

    /// `true` when the whole URL matches.
    public func matches(_ url: String) -> Bool {
        matches(normalized: URLGlob.normalize(url))
    }

    /// `true` when the whole of `text` matches, taken as it is (a URL already normalized, or a path).
    package func matches(normalized text: String) -> Bool {
        match(0, Array(text.utf8), 0)
    }

    private func match(_ pi: Int, _ s: [UInt8], _ si: Int) -> Bool {
        if pi == parts.count { return si == s.count }
        switch parts[pi] {
        case .literal(let lit):
            guard si + lit.count <= s.count, Array(s[si..<(si + lit.count)]) == lit else { return false }
            return match(pi + 1, s, si + lit.count)
        case .one:
            guard si < s.count, s[si] != UInt8(ascii: "/") else { return false }
            return match(pi + 1, s, si + 1)
        case .star:
            var k = si
            while true {
                if match(pi + 1, s, k) { return true }
                if k >= s.count || s[k] == UInt8(ascii: "/") { return false }
                k += 1
            }
        case .globstar:
            for k in si...s.count where match(pi + 1, s, k) { return true }
            return false
        }
    }

    /// Lower-cases the scheme and host so `HTTPS://M.Example.com/x` matches `https://m.example.com/x`.
    package static func normalize(_ url: String) -> String {
        guard let r = url.firstRange(of: "://") else { return url }
        let scheme = url[..<r.lowerBound].lowercased()
        let rest = url[r.upperBound...]
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        return scheme + "://" + rest[..<hostEnd].lowercased() + rest[hostEnd...]
    }
}
