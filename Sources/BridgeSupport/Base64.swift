/// Base64 as the web platform has it ("forgiving-base64": ASCII whitespace is skipped and the
/// padding may be left out).
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes of `text`, or `nil` when it is not base64.
    package static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(c - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(c - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D: continue
            case UInt8(ascii: "="): values.append(255)
            default: return nil
            }
        }
        // Padding only at the end, and only to a multiple of four.
        if let pad = values.firstIndex(of: 255) {
            guard values[pad...].allSatisfy({ $0 == 255 }), values.count % 4 == 0, values.count - pad <= 2 else { return nil }
            values.removeLast(values.count - pad)
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var i = 0
        while i + 4 <= values.count {
            let n = UInt32(values[i]) << 18 | UInt32(values[i + 1]) << 12 | UInt32(values[i + 2]) << 6 | UInt32(values[i + 3])
            out += [UInt8(n >> 16), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            i += 4
        }
        let rest = values.count - i
        if rest == 2 {
            out.append(values[i] << 2 | values[i + 1] >> 4)
        } else if rest == 3 {
            out.append(values[i] << 2 | values[i + 1] >> 4)
            out.append((values[i + 1] & 0xF) << 4 | values[i + 2] >> 2)
        }
        return out
    }

    /// `bytes` in base64 with padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 3) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 0xF) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// HTTP's token grammar (header names, methods).
package enum HTTPToken {
    /// `true` when `s` is a non-empty token (RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``).
    package static func isToken(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || Array("!#$%&'*+-.^_`|~".utf8).contains(c)
        }
    }
}
