/// The members of a JSON object: string keys to values, with keys compared as sequences of
/// Unicode scalars (`ScalarKey`), so `{"é": 1, "e\u0301": "text"}` keeps both members. A repeated
/// key in source text keeps its last value, as in JavaScript.
///
/// The members are kept in one array sorted by key (Unicode scalar order), which is the order
/// the encoder writes: a call's params or a handler's answer is built without hashing a key and
/// written without sorting, and lookups are binary searches. Iteration (`keys`, `values`,
/// `for (key, value) in object`) follows that order.
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

    /// Sorted by key, each key once. Internal (visible to inlinable code only).
    @usableFromInline var members: [Member]

    /// An empty object.
    public init() {
        members = []
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
        var list = list
        var ordered = true
        if list.count > 1 {
            for i in 1..<list.count where !(list[i - 1].key < list[i].key) {
                ordered = false
                break
            }
        }
        if !ordered { Self.sortKeepingLast(&list) }
        members = list
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

    /// The position of `key`, or where it would go.
    @inlinable
    package func position(of key: String) -> (index: Int, found: Bool) {
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
        get {
            let p = position(of: key)
            // (Not `found ? value : nil`: JSONValue is nil-literal-expressible, so that `nil` is `.null`.)
            guard p.found else { return Optional.none }
            return members[p.index].value
        }
        set {
            let p = position(of: key)
            switch (p.found, newValue) {
            case (true, let value?): members[p.index].value = value
            case (true, nil): members.remove(at: p.index)
            case (false, let value?): members.insert(Member(key: ScalarKey(key), value: value), at: p.index)
            case (false, nil): break
            }
        }
    }

    /// The member whose key is `key`, or `nil` (for code that keeps its names as `ScalarKey`).
    @inlinable
    package func member(_ key: ScalarKey) -> JSONValue? {
        let p = position(of: key.string)
        guard p.found else { return Optional.none }
        return members[p.index].value
    }

    /// The number of members.
    public var count: Int { members.count }
    /// `true` when there is no member.
    public var isEmpty: Bool { members.isEmpty }
    /// The keys, in Unicode scalar order.
    public var keys: [String] { members.map(\.key.string) }
    /// The values, in their keys' order.
    public var values: [JSONValue] { members.map(\.value) }

    /// The members sorted by key in Unicode scalar order (what the encoder writes).
    public var sortedMembers: [(key: String, value: JSONValue)] {
        members.map { ($0.key.string, $0.value) }
    }

    /// Calls `body` with each member in key order (as `sortedMembers`), without building an array.
    package func forEachSorted(_ body: (String, JSONValue) -> Void) {
        for m in members { body(m.key.string, m.value) }
    }

    /// Removes and returns the member named `key`.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let p = position(of: key)
        guard p.found else { return nil }
        return members.remove(at: p.index).value
    }

    /// The object with each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var out = self
        for i in out.members.indices { out.members[i].value = try transform(out.members[i].value) }
        return out
    }

    /// The members, in key order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.lazy.map { (key: $0.key.string, value: $0.value) }.makeIterator()
    }

    /// The members keyed by their scalars, in key order, for code that compares keys itself
    /// (the validator).
    @inlinable package var scalarMembers: [Member] { members }

    /// The members as a Swift dictionary. Canonically equivalent keys (`"é"`, `"e\u0301"`)
    /// collide there; use it only for keys you know.
    public var dictionary: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for m in members { out[m.key.string] = m.value }
        return out
    }
}
