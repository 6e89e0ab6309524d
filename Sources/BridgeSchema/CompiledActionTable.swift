import BridgeValues

/// The compiled actions of a set, found by name for every call checked.
///
/// A `Dictionary` keyed by ``ScalarKey`` hashed every method name with SipHash (about 200
/// instructions for `nav.open`, a sixth of a whole validation). The table is built once at
/// load from the schema's own names and never grows, so a page's method names only look up:
/// no name a page sends can make a chain longer, and a plain FNV-1a hash of the UTF-8 bytes
/// over open addressing at most half full is enough.
struct CompiledActionTable: Sendable {
    private struct Entry: Sendable {
        let name: String
        let hash: UInt64
        let action: CompiledAction
    }

    private let entries: [Entry]
    /// Index into `entries` plus one; 0 is an empty slot. The count is a power of two.
    private let slots: [Int32]

    init(_ actions: [ScalarKey: CompiledAction]) {
        var entries: [Entry] = []
        entries.reserveCapacity(actions.count)
        var size = 8
        while size < actions.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (key, action) in actions {
            let hash = Self.hash(key.string)
            var i = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[i] != 0 { i = (i + 1) & (size - 1) }
            entries.append(Entry(name: key.string, hash: hash, action: action))
            slots[i] = Int32(entries.count)
        }
        self.entries = entries
        self.slots = slots
    }

    /// The action named `name` (compared by Unicode scalars), if any.
    func action(_ name: String) -> CompiledAction? {
        let hash = Self.hash(name)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var i = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let slot = Int(slots[i])
                    if slot == 0 { return nil }
                    // Fields read in place: a copy of the entry would retain its name and action.
                    if entries[slot - 1].hash == hash, ScalarKey.same(entries[slot - 1].name, name) { return entries[slot - 1].action }
                    i = (i + 1) & mask
                }
            }
        }
    }

    /// FNV-1a over the UTF-8 bytes: names that are the same scalars hash the same.
    static func hash(_ name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        if let done = name.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64 in
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h
        }) {
            return done
        }
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
