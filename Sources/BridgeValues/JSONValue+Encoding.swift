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

    /// Appends the compact JSON text for this value to `out` as UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - out: the buffer to append to.
    ///   - sortedKeys: write object keys sorted (the default: output, and so the key order JS sees
    ///     in delivered results, is the same on every run); `false` is faster but follows the
    ///     dictionary's per-process hash order.
    public func appendJSON(to out: inout [UInt8], sortedKeys: Bool = true) {
        switch self {
        case .null: out.append(contentsOf: JSONValue.nullBytes)
        case .bool(let b): out.append(contentsOf: b ? JSONValue.trueBytes : JSONValue.falseBytes)
        case .number(let n): JSONValue.appendNumber(n, to: &out)
        case .string(let s): JSONValue.appendString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.appendJSON(to: &out, sortedKeys: sortedKeys)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            if !sortedKeys || members.count <= 1 {
                var first = true
                for (k, v) in members {
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    JSONValue.appendString(k, to: &out)
                    out.append(UInt8(ascii: ":"))
                    v.appendJSON(to: &out, sortedKeys: sortedKeys)
                }
            } else {
                var first = true
                members.forEachSorted { key, value in
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    JSONValue.appendString(key, to: &out)
                    out.append(UInt8(ascii: ":"))
                    value.appendJSON(to: &out, sortedKeys: true)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    package static func appendNumber(_ n: Double, to out: inout [UInt8]) {
        guard n.isFinite else {
            out.append(contentsOf: nullBytes)
            return
        }
        if n == n.rounded(.towardZero), abs(n) < 9.2e18 {
            if n == 0 && n.sign == .minus {
                out.append(UInt8(ascii: "0"))
                return
            }
            var v = Int64(n)
            if v < 0 {
                out.append(UInt8(ascii: "-"))
                v = -v
            }
            if v == 0 {
                out.append(UInt8(ascii: "0"))
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buf in
                var count = 0
                while v > 0 {
                    buf[count] = UInt8(ascii: "0") + UInt8(v % 10)
                    v /= 10
                    count += 1
                }
                for i in stride(from: count - 1, through: 0, by: -1) { out.append(buf[i]) }
            }
            return
        }
        // Swift's description is the shortest round-tripping form; JSON wants no "inf"/"nan"
        // (handled above) and accepts "1e+20" style exponents.
        out.append(contentsOf: n.description.utf8)
    }

    package static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let c = bytes[i]
                if c >= 0x20 && c != 0x22 && c != 0x5C {
                    // U+2028/U+2029 are valid in JSON text but not in older JS source; escape them
                    // so the text is safe anywhere.
                    if c == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                        out.append(contentsOf: bytes[i + 2] == 0xA8 ? Array("\\u2028".utf8) : Array("\\u2029".utf8))
                        start = i + 3
                    }
                    continue
                }
                if i < start { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 1
                out.append(UInt8(ascii: "\\"))
                switch c {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(c >> 4)], hex[Int(c & 0xF)]])
                }
            }
            if start < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        out.append(UInt8(ascii: "\""))
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
