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
    private let glob: URLGlob
    private let pathOnly: Bool
    private let withQuery: Bool

    /// Compiles a pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        pathOnly = pattern.hasPrefix("/")
        withQuery = pattern.contains("?")
        // The capability files' glob, with `?` matching itself (it starts a query here).
        glob = URLGlob(pattern, questionMarkMatchesOne: false, normalizing: !pathOnly)
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
        return glob.matches(normalized: text)
    }

    /// The part of `url` from its path on (`/a/b?q` of `https://h/a/b?q`); `nil` for URLs
    /// without a hierarchical path (`data:`, `about:blank`).
    static func pathAndQuery(_ url: Substring) -> Substring? {
        guard let r = url.firstRange(of: "://") else { return nil }
        let rest = url[r.upperBound...]
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return rest[slash] == "/" ? rest[slash...] : nil
    }
}
