/// Hand-written JSON encoder: Foundation's encoder is slow on Linux and this runs on every
/// bridge answer.
extension JSONValue {
    /// Compact JSON text for this value, keys sorted.
    ///
    /// Non-finite numbers cannot appear in JSON and are written as `null`.
    public func jsonString() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        appendJSON(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text for this value to `out` as UTF-8 bytes, object keys sorted
    /// (by Unicode scalar: output, and so the key order JS sees in delivered results, is the
    /// same on every run).
    public func appendJSON(to out: inout [UInt8]) {
        switch self {
        case .array, .object:
            JSONValue.write(to: &out, chunk: 1024) { $0.appendValue(self) }
        case .string(let s): JSONValue.appendString(s, to: &out)
        case .number(let n): JSONValue.appendNumber(n, to: &out)
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: b ? "true".utf8 : "false".utf8)
        }
    }

    /// ``appendJSON(to:)``, raising `longestString` to the UTF-8 length of the longest string
    /// value written if that is longer (object keys are not counted).
    package func appendJSON(to out: inout [UInt8], longestString: inout Int) {
        switch self {
        case .array, .object:
            var longest = 0
            JSONValue.write(to: &out, chunk: 1024) {
                $0.appendValue(self)
                longest = $0.longestString
            }
            longestString = max(longestString, longest)
        case .string(let s):
            JSONValue.appendString(s, to: &out)
            longestString = max(longestString, s.utf8.count)
        default: appendJSON(to: &out)
        }
    }

    /// Appends a JSON number: an integer's digits, else the shortest text that reads back as `n`;
    /// `null` for a non-finite number (JSON has none).
    package static func appendNumber(_ n: Double, to out: inout [UInt8]) {
        write(to: &out, chunk: 32) { $0.appendNumber(n) }
    }

    /// Appends a non-negative integer's decimal digits: one pass for up to eight digits (the
    /// digits packed into a word, no writer set up — this writes every answer's callback number),
    /// else through ``appendNumber(_:to:)``.
    package static func appendInteger(_ n: Int, to out: inout [UInt8]) {
        guard n >= 0, n < 100_000_000 else { return appendNumber(Double(n), to: &out) }
        // Each digit goes in below the ones after it, so the word's bytes in memory (little
        // endian) are the digits in reading order.
        var word: UInt64 = 0
        var length = 0
        var rest = n
        repeat {
            word = word << 8 | UInt64(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
            length += 1
        } while rest > 0
        word = word.littleEndian
        withUnsafeBytes(of: &word) { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
    }

    /// Appends a JSON string: quoted, with `"`, `\`, control characters and U+2028/U+2029
    /// escaped (the last two are valid JSON but not valid in older JavaScript source).
    package static func appendString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            // Nothing to escape (nearly always): the bytes between quotes.
            var plain = true
            for c in bytes where c < 0x20 || c == 0x22 || c == 0x5C || c == 0xE2 {
                plain = false
                break
            }
            if plain {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "\""))
                return
            }
            write(to: &out, chunk: 1024) { $0.appendString(utf8: bytes) }
        }
    }
}

extension JSONValue {
    /// Runs `body` with a writer through a stack buffer of `chunk` bytes into `out`.
    private static func write(to out: inout [UInt8], chunk: Int, _ body: (inout JSONTextWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { buffer in
            withUnsafeMutablePointer(to: &out) { target in
                var writer = JSONTextWriter(buffer, into: target)
                body(&writer)
                writer.finish()
            }
        }
    }
}

extension JSONValue {
    /// JSON text indented by two spaces per level, keys sorted, for files people read.
    public func prettyString() -> String {
        var out = ""
        writePretty(into: &out, indent: 0)
        return out
    }

    private func writePretty(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.writePretty(into: &out, indent: indent + 1)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += closePad + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            let sorted = members.sortedMembers
            for (i, member) in sorted.enumerated() {
                out += pad + JSONValue.string(member.key).jsonString() + ": "
                member.value.writePretty(into: &out, indent: indent + 1)
                out += i < sorted.count - 1 ? ",\n" : "\n"
            }
            out += closePad + "}"
        default:
            out += jsonString()
        }
    }
}
