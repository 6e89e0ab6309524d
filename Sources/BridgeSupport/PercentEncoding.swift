/// Percent-encoding of URL parts (RFC 3986), on UTF-8 bytes.
package enum PercentEncoding {
    /// `text` with every byte for which `keeping` is false written as `%XX`.
    package static func encode(_ text: String, keeping: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keeping(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with every byte written as `%XX` but ASCII letters, digits and the characters of
    /// `punctuation` (each URL part keeps its own set).
    package static func encode(_ text: String, keepingAlphanumericsAnd punctuation: String) -> String {
        var keep = [Bool](repeating: false, count: 128)
        for c in punctuation.utf8 where c < 128 { keep[Int(c)] = true }
        return encode(text) { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c < 128 && keep[Int(c)])
        }
    }

    /// `text` with `%XX` sequences decoded; `nil` when a `%` is not followed by two hex digits
    /// or the result is not valid UTF-8 (as `removingPercentEncoding`). `+` stays `+`.
    package static func decode(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let hi = bytes.next().flatMap(hexValue), let lo = bytes.next().flatMap(hexValue) else { return nil }
            out.append(hi << 4 | lo)
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
