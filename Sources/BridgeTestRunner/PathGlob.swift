/// A file-name pattern of `bridge.config.json`'s `test.testMatch`, matched against a path
/// relative to the project root: `**` (a whole segment) is any number of folders, `*` any
/// characters but `/`, `?` one character but `/`, `{a,b}` either alternative (not nested).
/// `tests/**/*.test.js` matches `tests/a.test.js` and `tests/x/y/b.test.js`.
struct PathGlob: Sendable, Equatable {
    let pattern: String
    private let segments: [[Character]]

    init(_ pattern: String) {
        self.pattern = pattern
        let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        segments = trimmed.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
    }

    /// `true` when `path` (relative, `/`-separated) matches.
    func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return match(segments[...], parts[...])
    }

    private func match(_ pattern: ArraySlice<[Character]>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == ["*", "*"] {
            // Zero or more whole segments.
            var rest = path
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let segment = path.first, Self.segment(first[...], segment[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One segment against one name.
    static func segment(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        guard let c = p.first else { return s.isEmpty }
        switch c {
        case "*":
            var rest = s
            while true {
                if segment(p.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !s.isEmpty && segment(p.dropFirst(), s.dropFirst())
        case "{":
            guard let close = p.firstIndex(of: "}") else { return literal(c, p, s) }
            let tail = p[(close + 1)...]
            let options = p[(p.startIndex + 1)..<close].split(separator: ",", omittingEmptySubsequences: false)
            return options.contains { segment(ArraySlice(Array($0) + tail), s) }
        default:
            return literal(c, p, s)
        }
    }

    private static func literal(_ c: Character, _ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        s.first == c && segment(p.dropFirst(), s.dropFirst())
    }
}
