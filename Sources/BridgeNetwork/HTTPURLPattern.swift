import BridgeCore

/// The URL pattern of an HTTP fixture rule.
///
/// - A pattern with a scheme (`https://api.example.com/users/*`, `data:*`) is matched against
///   the whole URL; one that starts with `/` (`/api/users/*`) against the URL's path, whatever
///   its origin (so it serves a `file:` page's `fetch('/api/users/1')` as well).
/// - `*` matches any run of characters except `/`; `**` matches anything; every other character,
///   `?` included, matches itself.
/// - A pattern without `?` ignores the URL's query (`/api/users` serves `/api/users?page=2`); a
///   pattern with one matches the query too. The fragment never takes part.
/// - Scheme and host compare case-insensitively, the rest exactly.
public struct HTTPURLPattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let parts: [Part]
    private let pathOnly: Bool
    private let withQuery: Bool

    private enum Part: Sendable, Equatable {
        case literal([UInt8])
        case star
        case globstar
    }

    /// Compiles a pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        pathOnly = pattern.hasPrefix("/")
        withQuery = pattern.contains("?")
        var parts: [Part] = []
        var literal: [UInt8] = []
        let bytes = Array((pathOnly ? pattern : URLGlob.normalize(pattern)).utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "*") {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = []
                if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
                    parts.append(.globstar)
                    i += 2
                } else {
                    parts.append(.star)
                    i += 1
                }
            } else {
                literal.append(bytes[i])
                i += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// The pattern.
    public var description: String { pattern }

    /// `true` when `url` (absolute) matches.
    public func matches(_ url: String) -> Bool {
        var subject = Substring(url)
        if let hash = subject.firstIndex(of: "#") { subject = subject[..<hash] }
        if !withQuery, let q = subject.firstIndex(of: "?") { subject = subject[..<q] }
        let text: String
        if pathOnly {
            guard let path = Self.pathAndQuery(subject) else { return false }
            text = String(path)
        } else {
            text = URLGlob.normalize(String(subject))
        }
        return Self.match(parts[...], Array(text.utf8)[...])
    }

    /// The part of `url` from its path on (`/a/b?q` of `https://h/a/b?q`); `nil` for URLs
    /// without a hierarchical path (`data:`, `about:blank`).
    static func pathAndQuery(_ url: Substring) -> Substring? {
        guard let r = url.firstRange(of: "://") else { return nil }
        let rest = url[r.upperBound...]
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return rest[slash] == "/" ? rest[slash...] : nil
    }

    private static func match(_ parts: ArraySlice<Part>, _ s: ArraySlice<UInt8>) -> Bool {
        guard let first = parts.first else { return s.isEmpty }
        let rest = parts.dropFirst()
        switch first {
        case .literal(let lit):
            guard s.count >= lit.count, s.prefix(lit.count).elementsEqual(lit) else { return false }
            return match(rest, s.dropFirst(lit.count))
        case .star:
            var k = s.startIndex
            while true {
                if match(rest, s[k...]) { return true }
                if k == s.endIndex || s[k] == UInt8(ascii: "/") { return false }
                k += 1
            }
        case .globstar:
            var k = s.startIndex
            while true {
                if match(rest, s[k...]) { return true }
                if k == s.endIndex { return false }
                k += 1
            }
        }
    }
}
