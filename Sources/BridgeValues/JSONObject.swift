/// The members of a JSON object: string keys to values, unordered, with keys compared as
/// sequences of Unicode scalars (`ScalarKey`), so `{"é": 1, "e\u0301": "text"}` keeps both
/// members. A repeated key in source text keeps its last value, as in JavaScript.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Internal (visible to inlinable code only): `scalarMembers` hands it out.
    @usableFromInline var storage: [ScalarKey: JSONValue]

    /// An empty object.
    public init() {
        storage = [:]
    }

    /// An object with the members of `dictionary`.
    public init(_ dictionary: [String: JSONValue]) {
        storage = Dictionary(minimumCapacity: dictionary.count)
        for (k, v) in dictionary { storage[ScalarKey(k)] = v }
    }

    /// An object with `members`; a repeated key keeps the last value.
    public init<S: Sequence>(members: S) where S.Element == (String, JSONValue) {
        storage = [:]
        for (k, v) in members { storage[ScalarKey(k)] = v }
    }

    /// An object with room for `capacity` members.
    package init(minimumCapacity capacity: Int) {
        storage = Dictionary(minimumCapacity: capacity)
    }

    /// Creates an object from a literal; a repeated key keeps the last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(members: elements)
    }

    /// The member named `key` (the exact scalars), or `nil`.
    public subscript(key: String) -> JSONValue? {
        get { storage[ScalarKey(key)] }
        set { storage[ScalarKey(key)] = newValue }
    }

    /// The number of members.
    public var count: Int { storage.count }
    /// `true` when there is no member.
    public var isEmpty: Bool { storage.isEmpty }
    /// The keys, in no particular order.
    public var keys: [String] { storage.keys.map(\.string) }
    /// The values, in no particular order.
    public var values: [JSONValue] { Array(storage.values) }

    /// The members sorted by key in Unicode scalar order (what the encoder writes).
    public var sortedMembers: [(key: String, value: JSONValue)] {
        storage.sorted { $0.key < $1.key }.map { ($0.key.string, $0.value) }
    }

    /// Calls `body` with each member in key order (as `sortedMembers`). Objects of up to 64
    /// members sort their dictionary indices in a temporary buffer instead of building an array
    /// of pairs: this runs for every object in every answer the runtime encodes.
    package func forEachSorted(_ body: (String, JSONValue) -> Void) {
        let n = storage.count
        if n <= 1 {
            for (k, v) in storage { body(k.string, v) }
            return
        }
        guard n <= 64 else {
            for (k, v) in sortedMembers { body(k, v) }
            return
        }
        withUnsafeTemporaryAllocation(of: Dictionary<ScalarKey, JSONValue>.Index.self, capacity: n) { order in
            var count = 0
            var i = storage.startIndex
            while i != storage.endIndex {
                order.initializeElement(at: count, to: i)
                count += 1
                storage.formIndex(after: &i)
            }
            // Insertion sort: answers' objects are small.
            for a in 1..<count {
                let x = order[a]
                let key = storage[x].key
                var b = a - 1
                while b >= 0, key < storage[order[b]].key {
                    order[b + 1] = order[b]
                    b -= 1
                }
                order[b + 1] = x
            }
            for j in 0..<count {
                let member = storage[order[j]]
                body(member.key.string, member.value)
            }
            _ = order.deinitialize()
        }
    }

    /// Removes and returns the member named `key`.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        storage.removeValue(forKey: ScalarKey(key))
    }

    /// The object with each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var out = self
        out.storage = try storage.mapValues(transform)
        return out
    }

    /// The members, in no particular order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        storage.lazy.map { (key: $0.key.string, value: $0.value) }.makeIterator()
    }

    /// The members keyed by their scalars, for code that compares keys itself (the validator).
    @inlinable package var scalarMembers: [ScalarKey: JSONValue] { storage }

    /// The members as a Swift dictionary. Canonically equivalent keys (`"é"`, `"e\u0301"`)
    /// collide there; use it only for keys you know.
    public var dictionary: [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for (k, v) in storage { out[k.string] = v }
        return out
    }
}
