/// The members of a JSON object: string keys to values, with keys compared as sequences of
/// Unicode scalars (`ScalarKey`), so `{"é": 1, "e\u0301": "text"}` keeps both members. A repeated
/// key in source text keeps its last value, as in JavaScript. Iteration (`keys`, `values`,
/// `for (key, value) in object`) is in key order (Unicode scalar order), the order the encoder
/// writes.
///
/// An object of up to `smallLimit` members (a call's params, a handler's answer: nearly all of
/// them) keeps them in one array sorted by key: built without hashing a key, written without
/// sorting, found by binary search. A larger one keeps a hash table, so that adding or removing
/// members one at a time stays constant-time; it is sorted when written. Which one is decided by
/// the count alone, so equal objects are stored alike.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member.
    @usableFromInline
    package struct Member: Sendable, Hashable {
        @usableFromInline package let key: ScalarKey
        @usableFromInline package var value: JSONValue

        @usableFromInline
        package init(key: ScalarKey, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, sorted by key (each key once), of an object of up to `smallLimit` of them;
    /// empty above. Internal (visible to inlinable code only).
    @usableFromInline var members: [Member]
    /// The members of an object of more than `smallLimit`; `nil` at or below.
    @usableFromInline var table: [ScalarKey: JSONValue]?

    /// The most members kept sorted in one array.
    package static let smallLimit = 32

    /// An empty object.
    public init() {
        members = []
        table = nil
    }

    /// An object with the members of `dictionary`.
    public init(_ dictionary: [String: JSONValue]) {
        var list: [Member] = []
        list.reserveCapacity(dictionary.count)
        for (k, v) in dictionary { list.append(Member(key: ScalarKey(k), value: v)) }
        self.init(unsorted: list)
    }

    /// An object with `members`; a repeated key keeps the last value.
    public init<S: Sequence>(members: S) where S.Element == (String, JSONValue) {
        self.init(unsorted: members.map { Member(key: ScalarKey($0.0), value: $0.1) })
    }

    /// Creates an object from a literal; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        // (`[:]` is written for every empty object: no map, no sort.)
        if elements.isEmpty {
            self.init()
        } else {
            self.init(members: elements)
        }
    }

    /// An object with `list`'s members in any order; a repeated key keeps its last value. Text
    /// that is already in key order (what this runtime and most encoders write) costs one pass.
    package init(unsorted list: [Member]) {
        (members, table) = Self.storage(unsorted: list)
    }

    private static func storage(unsorted list: [Member]) -> ([Member], [ScalarKey: JSONValue]?) {
        if list.count > smallLimit {
            var table = [ScalarKey: JSONValue](minimumCapacity: list.count)
            for m in list { table[m.key] = m.value }
            return storage(table: table)
        }
        var list = list
        var ordered = true
        if list.count > 1 {
            for i in 1..<list.count where !(list[i - 1].key < list[i].key) {
                ordered = false
                break
            }
        }
        if !ordered { sortKeepingLast(&list) }
        return (list, nil)
    }

    /// `table`'s members, stored as their count says.
    private static func storage(table: [ScalarKey: JSONValue]) -> ([Member], [ScalarKey: JSONValue]?) {
        table.count > smallLimit ? ([], table) : (sortedMembers(of: table), nil)
    }

    /// A table's members in key order.
    @usableFromInline
    static func sortedMembers(of table: [ScalarKey: JSONValue]) -> [Member] {
        table.map { Member(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
    }

    /// Sorts by key and keeps, of each repeated key, the member that came last.
    private static func sortKeepingLast(_ list: inout [Member]) {
        // Sorting by (key, position) makes the last of a repeated key the last of its run.
        let order = list.indices.sorted { a, b in
            let c = ScalarKey.compare(list[a].key.string, list[b].key.string)
            return c != 0 ? c < 0 : a < b
        }
        var out: [Member] = []
        out.reserveCapacity(list.count)
        for i in order {
            if let last = out.last, last.key == list[i].key {
                out[out.count - 1] = list[i]
            } else {
                out.append(list[i])
            }
        }
        list = out
    }

    /// The position of `key` in a sorted list, or where it would go.
    @inlinable
    static func position(of key: String, in members: [Member]) -> (index: Int, found: Bool) {
        var low = 0, high = members.count
        while low < high {
            let mid = (low &+ high) >> 1
            let c = ScalarKey.compare(members[mid].key.string, key)
            if c == 0 { return (mid, true) }
            if c < 0 { low = mid &+ 1 } else { high = mid }
        }
        return (low, false)
    }

    /// The member named `key` (the exact scalars), or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { member(ScalarKey(key)) }
        set {
            if var large = table {
                table = nil
                large[ScalarKey(key)] = newValue
                (members, table) = Self.storage(table: large)
                return
            }
            let p = Self.position(of: key, in: members)
            switch (p.found, newValue) {
            case (true, let value?): members[p.index].value = value
            case (true, nil): members.remove(at: p.index)
            case (false, let value?) where members.count >= Self.smallLimit:
                (members, table) = Self.storage(unsorted: members + [Member(key: ScalarKey(key), value: value)])
            case (false, let value?): members.insert(Member(key: ScalarKey(key), value: value), at: p.index)
            case (false, nil): break
            }
        }
    }

    /// The member whose key is `key`, or `nil` (for code that keeps its names as `ScalarKey`).
    @inlinable
    package func member(_ key: ScalarKey) -> JSONValue? {
        if let table { return table[key] }
        let p = Self.position(of: key.string, in: members)
        // (Not `found ? value : nil`: JSONValue is nil-literal-expressible, so that `nil` is `.null`.)
        guard p.found else { return Optional.none }
        return members[p.index].value
    }

    /// The number of members.
    @inlinable public var count: Int { table?.count ?? members.count }

    /// `true` when there is no member.
    @inlinable public var isEmpty: Bool { count == 0 }
    /// The keys, in Unicode scalar order.
    public var keys: [String] { scalarMembers.map(\.key.string) }
    /// The values, in their keys' order.
    public var values: [JSONValue] { scalarMembers.map(\.value) }

    /// The members sorted by key in Unicode scalar order (what the encoder writes).
    public var sortedMembers: [(key: String, value: JSONValue)] {
        scalarMembers.map { ($0.key.string, $0.value) }
    }

    /// Calls `body` with each member in key order (as `sortedMembers`).
    package func forEachSorted(_ body: (String, JSONValue) -> Void) {
        for m in scalarMembers { body(m.key.string, m.value) }
    }

    /// Removes and returns the member named `key`.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let old = member(ScalarKey(key)) else { return nil }
        self[key] = nil
        return old
    }

    /// The object with each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var out = self
        if let table {
            out.table = try table.mapValues(transform)
        } else {
            for i in out.members.indices { out.members[i].value = try transform(out.members[i].value) }
        }
        return out
    }

    /// The members, in key order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        scalarMembers.lazy.map { (key: $0.key.string, value: $0.value) }.makeIterator()
    }

    /// The members keyed by their scalars, in key order, for code that compares keys itself
    /// (the validator). No copy for an object of up to `smallLimit` members.
    @inlinable package var scalarMembers: [Member] {
        guard let table else { return members }
        return Self.sortedMembers(of: table)
    }

    /// Calls `body` with the members in key order, in place (no copy, no retain per member)
    /// for an object of up to `smallLimit` members: the validator's inner loop.
    @inlinable
    package func withScalarMembers<R>(_ body: (UnsafeBufferPointer<Member>) throws -> R) rethrows -> R {
        if table == nil { return try members.withUnsafeBufferPointer(body) }
        return try scalarMembers.withUnsafeBufferPointer(body)
    }

    /// The members as a Swift dictionary. Canonically equivalent keys (`"é"`, `"e\u0301"`)
    /// collide there; use it only for keys you know.
    public var dictionary: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        forEachSorted { k, v in out[k] = v }
        return out
    }
}
