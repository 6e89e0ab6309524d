/// A URL pattern of a capability file: `*` matches any run of characters except `/`, `**`
/// matches anything (slashes included), `?` matches one character; everything else matches
/// itself. Patterns are compared against the whole URL (`https://m.example.com/shop/index.html`,
/// `file:///work/app/index.html`), case-sensitively except the scheme and host.
public struct URLGlob: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let units: [Unit]
    /// The bytes the pattern starts with (its units up to the first wildcard): a text that does
    /// not start with them is refused before the matcher allocates anything (a fixture of many
    /// rules tries each on every request).
    private let prefix: [UInt8]

    /// One position of the pattern. Matching runs all positions at once over the text's bytes
    /// (a set of live positions, as a regular-expression NFA does), so it takes time linear in
    /// the text for any pattern: the recursive search before took seconds on
    /// `/users/*-*-*-*-*/profile` against a URL of many dashes (a review's find).
    private enum Unit: Sendable, Equatable {
        case byte(UInt8)
        /// `?`: one byte other than `/`.
        case one
        /// `*`: any run of bytes without `/`.
        case star
        /// `**` (or a `*` that crosses slashes): any run of bytes.
        case any
    }

    /// Compiles a pattern.
    public init(_ pattern: String) {
        self.init(pattern, questionMarkMatchesOne: true, normalizing: true)
    }

    /// Compiles a pattern for another URL matcher of the runtime (HTTP fixtures): `?` matching
    /// one character or only itself, the pattern's scheme and host lower-cased or left alone.
    package init(_ pattern: String, questionMarkMatchesOne: Bool, normalizing: Bool) {
        self.init(pattern, text: normalizing ? URLGlob.normalize(pattern) : pattern, questionMarkMatchesOne: questionMarkMatchesOne, starCrossesSlashes: false)
    }

    /// A pattern of text that is no URL (a WebSocket reply's `match`): every `*` matches any
    /// run of characters, `/` included; `?` is itself.
    package init(anyText pattern: String) {
        self.init(pattern, text: pattern, questionMarkMatchesOne: false, starCrossesSlashes: true)
    }

    private init(_ pattern: String, text: String, questionMarkMatchesOne: Bool, starCrossesSlashes: Bool) {
        self.pattern = pattern
        var units: [Unit] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "*") {
                let double = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*")
                let unit: Unit = double || starCrossesSlashes ? .any : .star
                // Runs of stars match what one does (the widest of them).
                if let last = units.last, last == .star || last == .any {
                    if unit == .any { units[units.count - 1] = .any }
                } else {
                    units.append(unit)
                }
                i += double ? 2 : 1
            } else if c == UInt8(ascii: "?"), questionMarkMatchesOne {
                units.append(.one)
                i += 1
            } else {
                units.append(.byte(c))
                i += 1
            }
        }
        self.units = units
        var prefix: [UInt8] = []
        for unit in units {
            guard case .byte(let b) = unit else { break }
            prefix.append(b)
        }
        self.prefix = prefix
    }

    /// The pattern.
    public var description: String { pattern }

    /// `true` when the whole URL matches.
    public func matches(_ url: String) -> Bool {
        matches(normalized: URLGlob.normalize(url))
    }

    /// `true` when the whole of `text` matches, taken as it is (a URL already normalized, or a path).
    package func matches(normalized text: String) -> Bool {
        var text = text
        return text.withUTF8 { run($0) }
    }

    private func run(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        guard s.count >= prefix.count, prefix.withUnsafeBufferPointer({ p in p.indices.allSatisfy { p[$0] == s[$0] } }) else { return false }
        let m = units.count
        // The common shapes need no live set (a capability check matches the page per call):
        // a literal, and a literal then `**`.
        if prefix.count == m { return s.count == m }
        if prefix.count == m - 1, units[m - 1] == .any { return true }
        let slash = UInt8(ascii: "/")
        var current: [Int] = []
        var next: [Int] = []
        current.reserveCapacity(m + 1)
        next.reserveCapacity(m + 1)
        // The step (byte index + 1) at which a position was last added: one add per step.
        var added = [Int](repeating: -1, count: m + 1)
        /// Adds position `p` and those reachable from it without a byte (past stars).
        func add(_ p: Int, step: Int, to list: inout [Int]) {
            var q = p
            while added[q] != step {
                added[q] = step
                list.append(q)
                guard q < m else { return }
                switch units[q] {
                case .star, .any: q += 1
                case .byte, .one: return
                }
            }
        }
        add(0, step: 0, to: &current)
        for (index, c) in s.enumerated() {
            let step = index + 1
            next.removeAll(keepingCapacity: true)
            for p in current where p < m {
                switch units[p] {
                case .byte(let b): if c == b { add(p + 1, step: step, to: &next) }
                case .one: if c != slash { add(p + 1, step: step, to: &next) }
                case .star: if c != slash { add(p, step: step, to: &next) }
                case .any: add(p, step: step, to: &next)
                }
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return added[m] == s.count
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
