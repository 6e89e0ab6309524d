public import FoundationEssentials
public import BridgeValues

/// An AB route table (`--routes FILE`): entries `{id, url, expiresAt}`. A jump whose `ABMark`
/// equals an unexpired entry's `id` goes to the entry's `url` instead.
public struct RouteTable: Sendable, Equatable {
    /// One AB route.
    public struct Entry: Sendable, Equatable {
        /// Matched against a jump's `ABMark`.
        public var id: String
        /// The replacement URL.
        public var url: String
        /// When the entry stops applying (`nil` = never).
        public var expiresAt: Date?
    }

    /// The entries by id.
    public var entries: [String: Entry]

    /// Creates a table.
    public init(entries: [Entry] = []) {
        self.entries = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Reads `[{id, url, expiresAt}]` or `{"routes": [...]}`; `expiresAt` is epoch seconds
    /// (milliseconds when larger than 10^11) or an ISO-8601 date.
    ///
    /// - Throws: a message naming the entry and field.
    public init(json: JSONValue) throws(BridgeError) {
        guard let list = json.arrayValue ?? json["routes"]?.arrayValue else {
            throw .invalidMessage("route table must be a list of {id, url, expiresAt} (or {\"routes\": [...]})")
        }
        var entries: [Entry] = []
        for (i, e) in list.enumerated() {
            guard let id = e["id"].flatMap({ $0.stringValue ?? $0.intValue.map(String.init) }) else { throw .invalidMessage("route \(i): id must be a string or number") }
            guard let url = e["url"]?.stringValue else { throw .invalidMessage("route \(i) (\(id)): url must be a string") }
            var expires: Date?
            switch e["expiresAt"] {
            case nil, .null?: expires = nil
            case .number(let n)?: expires = Date(timeIntervalSince1970: n > 1e11 ? n / 1000 : n)
            case .string(let s)?:
                guard let d = try? Date.ISO8601FormatStyle().parse(s.trimmingWhitespace()) else { throw .invalidMessage("route \(i) (\(id)): expiresAt '\(s)' is not an ISO-8601 date") }
                expires = d
            default: throw .invalidMessage("route \(i) (\(id)): expiresAt must be a number or ISO-8601 string")
            }
            entries.append(Entry(id: id, url: url, expiresAt: expires))
        }
        self.init(entries: entries)
    }

    /// Reads a route table file.
    ///
    /// - Throws: `BridgeError` naming the file.
    public init(contentsOf path: String) throws(BridgeError) {
        let json = try JSONValue(contentsOfFile: path, kind: "route table")
        do { try self.init(json: json) } catch { throw .invalidMessage("\(path): \(error.message)") }
    }

    /// The entry that applies to `abMark` at `now`, if any.
    public func route(for abMark: String?, now: Date = Date()) -> Entry? {
        guard let abMark, let e = entries[abMark] else { return nil }
        if let exp = e.expiresAt, exp <= now { return nil }
        return e
    }
}
