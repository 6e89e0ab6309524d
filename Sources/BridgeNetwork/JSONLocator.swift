/// Finds where a value sits in JSON text, so a problem with a fixture file can name its line.
///
/// The text must already have parsed (the walker skips over values without checking them).
struct JSONLocator {
    /// One step of a path: an object member or an array element.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    let bytes: [UInt8]
    /// What the walks found, kept for the next question: a loader asks for the line of every
    /// rule of a list, and each answer walked the file from its start (10 000 rules took 14 s).
    private let memo = Memo()

    private final class Memo {
        /// Container offset → the offsets of its elements (an array) or of its members by key,
        /// the first of a repeated key (an object).
        var elements: [Int: [Int]] = [:]
        var members: [Int: [String: Int]] = [:]
        /// Offsets of the line feeds, made at the first line asked for.
        var lineFeeds: [Int]?
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line of the value at `path` (the line of the deepest step found).
    func line(of path: [Step]) -> Int {
        var i = 0
        skipSpace(&i)
        var found = i
        for step in path {
            guard let next = child(at: i, step) else { break }
            i = next
            found = next
        }
        if memo.lineFeeds == nil { memo.lineFeeds = bytes.indices.filter { bytes[$0] == 0x0A } }
        // Line feeds before `found`: the first index of one at or after it.
        let feeds = memo.lineFeeds ?? []
        var low = 0, high = feeds.count
        while low < high {
            let mid = (low + high) / 2
            if feeds[mid] < found { low = mid + 1 } else { high = mid }
        }
        return 1 + low
    }

    /// The bytes of the value at `path` exactly as written (key order, spacing), or `nil` when
    /// the path is not there.
    func text(of path: [Step]) -> ArraySlice<UInt8>? {
        var i = 0
        skipSpace(&i)
        for step in path {
            guard let next = child(at: i, step) else { return nil }
            i = next
        }
        let start = i
        skipValue(&i)
        return i > start ? bytes[start..<i] : nil
    }

    /// The offset of the child value `step` of the container starting at `start`.
    private func child(at start: Int, _ step: Step) -> Int? {
        guard start < bytes.count else { return nil }
        switch (bytes[start], step) {
        case (UInt8(ascii: "{"), .key(let wanted)):
            if memo.members[start] == nil { memo.members[start] = members(at: start) }
            return memo.members[start]?[wanted]
        case (UInt8(ascii: "["), .index(let wanted)):
            if memo.elements[start] == nil { memo.elements[start] = elements(at: start) }
            guard let offsets = memo.elements[start], wanted >= 0, wanted < offsets.count else { return nil }
            return offsets[wanted]
        default:
            return nil
        }
    }

    /// The value offsets of the object at `start` by key (the first of a repeated key), as far
    /// as the text is well formed.
    private func members(at start: Int) -> [String: Int] {
        var out: [String: Int] = [:]
        var i = start + 1
        while true {
            skipSpace(&i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return out }
            let keyStart = i
            skipString(&i)
            let key = decodeKey(bytes[(keyStart + 1)..<max(keyStart + 1, i - 1)])
            skipSpace(&i)
            i += 1  // ':'
            skipSpace(&i)
            if out[key] == nil { out[key] = i }
            skipValue(&i)
            skipSpace(&i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return out }
            i += 1
        }
    }

    /// The offsets of the array's elements at `start`, as far as the text is well formed.
    private func elements(at start: Int) -> [Int] {
        var out: [Int] = []
        var i = start + 1
        while true {
            skipSpace(&i)
            guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return out }
            out.append(i)
            skipValue(&i)
            skipSpace(&i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return out }
            i += 1
        }
    }

    /// Keys with escapes are compared after a plain decode of the common escapes.
    private func decodeKey(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        var it = raw.makeIterator()
        while let c = it.next() {
            if c == UInt8(ascii: "\\"), let e = it.next() {
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                default: out.append(e)
                }
            } else {
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func skipSpace(_ i: inout Int) {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private func skipString(_ i: inout Int) {
        i += 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == UInt8(ascii: "\"") { i += 1; return }
            i += 1
        }
    }

    private func skipValue(_ i: inout Int) {
        guard i < bytes.count else { return }
        switch bytes[i] {
        case UInt8(ascii: "\""): skipString(&i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { skipString(&i); continue }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 { i += 1; return }
                }
                i += 1
            }
        default:
            while i < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }
    }
}
