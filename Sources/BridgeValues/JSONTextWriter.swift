/// The JSON encoder's output: bytes written through a pointer into a chunk of memory the caller
/// lends (a stack buffer), which goes to the caller's `[UInt8]` whenever it fills and at the end.
/// `Array.append` checks uniqueness and capacity on every byte, which was most of an answer's
/// encoding time; a large value is copied once, chunk by chunk, with no second buffer its size.
struct JSONTextWriter: ~Copyable {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private let out: UnsafeMutablePointer<[UInt8]>
    private var count = 0
    /// The UTF-8 length of the longest string value written (object keys not counted): what
    /// tells whether JavaScriptCore's parser would make a 16-bit string of one (see
    /// ``JSONValue/appendJSON(to:longestString:)``).
    private(set) var longestString = 0

    /// A writer through `buffer` into `out` (both must outlive it; call `finish()` at the end).
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, into out: UnsafeMutablePointer<[UInt8]>) {
        base = buffer.baseAddress!
        capacity = buffer.count
        self.out = out
    }

    /// Moves what the chunk holds to the output.
    private mutating func flush() {
        out.pointee.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    /// Moves the rest to the output.
    mutating func finish() {
        if count > 0 { flush() }
    }

    /// Room for `n` more bytes in the chunk (`n` at most its size).
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if count + n > capacity { flush() }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { flush() }
        base[count] = byte
        count += 1
    }

    /// Two bytes (a `:"` or `",` between parts).
    @inline(__always)
    mutating func append(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity {
            flush()
            // (A run longer than the chunk goes straight to the output.)
            if bytes.count > capacity { return out.pointee.append(contentsOf: bytes) }
        }
        (base + count).update(from: from, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A JSON number: an integer's digits, else the shortest text that reads back as `n`;
    /// `null` for a non-finite number (JSON has none).
    mutating func appendNumber(_ n: Double) {
        guard n.isFinite else { return append("null") }
        // (An integer: its Int64 reads back as itself. -0 is written as 0, as JSON.stringify
        // writes it.)
        if n.magnitude < 9.2e18, Double(Int64(n)) == n {
            var v = Int64(n)
            reserve(20)
            if v < 0 {
                base[count] = UInt8(ascii: "-")
                count += 1
                v = -v
            }
            if v < 10 {
                base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)
                count += 1
                return
            }
            var digits = 0
            var rest = v
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            var i = count + digits - 1
            while v > 0 {
                base[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
                i -= 1
            }
            count += digits
            return
        }
        var text = n.description
        text.withUTF8 { append($0) }
    }

    /// A JSON string: quoted, with `"`, `\`, control characters and U+2028/U+2029 escaped (the
    /// last two are valid JSON but not valid in older JavaScript source).
    mutating func appendString(_ s: String) {
        // (A native string's bytes are read in place; only others are made contiguous first.)
        if s.utf8.withContiguousStorageIfAvailable({ appendString(utf8: $0) }) != nil { return }
        var s = s
        s.withUTF8 { appendString(utf8: $0) }
    }

    mutating func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c >= 0x20 && c != 0x22 && c != 0x5C && c != 0xE2 {
                i += 1
                continue
            }
            if c == 0xE2 {
                guard i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 else {
                    i += 1
                    continue
                }
                append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                append(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                i += 3
                start = i
                continue
            }
            append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            switch c {
            case 0x22: append(UInt8(ascii: "\\"), 0x22)
            case 0x5C: append(UInt8(ascii: "\\"), 0x5C)
            case 0x0A: append(UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0x08: append(UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "\\"), UInt8(ascii: "f"))
            default:
                append("\\u00")
                append(Self.hex[Int(c >> 4)], Self.hex[Int(c & 0xF)])
            }
            i += 1
            start = i
        }
        append(UnsafeBufferPointer(rebasing: bytes[start..<n]))
        append(UInt8(ascii: "\""))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `value`'s compact JSON text, object keys sorted (by Unicode scalar).
    mutating func appendValue(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let b): b ? append("true") : append("false")
        case .number(let n): appendNumber(n)
        case .string(let s):
            appendString(s)
            longestString = max(longestString, s.utf8.count)
        case .array(let items):
            append(UInt8(ascii: "["))
            items.withUnsafeBufferPointer { list in
                for i in list.indices {
                    if i > 0 { append(UInt8(ascii: ",")) }
                    appendValue(list[i])
                }
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            // A small object keeps its members sorted; a large one's table is sorted here.
            appendMembers(object.table.map(JSONObject.sortedMembers(of:)) ?? object.members)
            append(UInt8(ascii: "}"))
        }
    }

    /// Members in their order, comma-separated.
    private mutating func appendMembers(_ members: [JSONObject.Member]) {
        members.withUnsafeBufferPointer { list in
            for i in list.indices {
                if i > 0 { append(UInt8(ascii: ",")) }
                appendString(list[i].key.string)
                append(UInt8(ascii: ":"))
                appendValue(list[i].value)
            }
        }
    }
}
