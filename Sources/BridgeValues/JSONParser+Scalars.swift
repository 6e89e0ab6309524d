/// The scalar readers of `JSONParser.Reader`: numbers and strings (with their escapes).
extension JSONParser.Reader {
    mutating func number() throws(JSONParser.Failure) -> Double {
        // A lone digit before a delimiter (most numbers in a call's params: counts, ids, flags).
        if bytes[pos] &- 0x30 <= 9, pos + 1 < bytes.count {
            let next = bytes[pos + 1]
            if next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]") || next == 0x20 || next == 0x0A {
                let digit = Double(bytes[pos] &- 0x30)
                pos += 1
                return digit
            }
        }
        let start = pos
        var isInteger = true
        var negative = false
        var intValue: UInt64 = 0
        if bytes[pos] == UInt8(ascii: "-") {
            negative = true
            pos += 1
        }
        let digitsStart = pos
        while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 {
            if pos - digitsStart < 18 { intValue = intValue * 10 + UInt64(bytes[pos] - 0x30) } else { isInteger = false }
            pos += 1
        }
        if pos == digitsStart { throw fail("invalid number") }
        if bytes[digitsStart] == 0x30 && pos - digitsStart > 1 { throw fail("leading zeros are not allowed in numbers") }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            isInteger = false
            pos += 1
            let f = pos
            while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 { pos += 1 }
            if pos == f { throw fail("invalid number") }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            isInteger = false
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            let e = pos
            while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 { pos += 1 }
            if pos == e { throw fail("invalid number") }
        }
        if isInteger {
            let d = Double(intValue)
            return negative ? -d : d
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw fail("number \(text) is out of range") }
        return d
    }

    /// A string at `pos`, within the length limit.
    mutating func string() throws(JSONParser.Failure) -> String {
        let start = pos
        let s = try unlimitedString()
        return try checkedLength(s, bytes: pos - start, what: "string")
    }

    mutating func unlimitedString() throws(JSONParser.Failure) -> String {
        pos += 1
        let start = pos
        // Fast path: no escapes and ASCII/valid UTF-8 run until the closing quote.
        var hasEscape = false
        var hasHigh = false
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                hasEscape = true
                pos += 2
                continue
            }
            if c < 0x20 { throw fail("control character in string") }
            if c >= 0x80 { hasHigh = true }
            pos += 1
        }
        guard pos < bytes.count else { throw fail("unterminated string") }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<pos])
        pos += 1
        if !hasEscape {
            if hasHigh {
                guard let s = String(validating: raw, as: UTF8.self) else {
                    pos = start
                    throw fail("invalid UTF-8 in string")
                }
                return s
            }
            return String(decoding: raw, as: UTF8.self)
        }
        return try unescape(raw, at: start)
    }

    func unescape(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParser.Failure) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 {
                let c = raw[at + k]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: return nil
                }
                v = v << 4 | d
            }
            return v
        }
        while i < raw.count {
            let c = raw[i]
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { throw JSONParser.Failure(reason: "bad escape in string", path: "", offset: offset + i) }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var cp = hex4(i) else { throw JSONParser.Failure(reason: "bad \\u escape in string", path: "", offset: offset + i) }
                i += 4
                if cp >= 0xD800 && cp <= 0xDBFF {
                    if i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"), let lo = hex4(i + 2), lo >= 0xDC00, lo <= 0xDFFF {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                        i += 6
                    } else {
                        throw JSONParser.Failure(reason: "lone surrogate \\u\(String(cp, radix: 16)) in string", path: "", offset: offset + i)
                    }
                } else if cp >= 0xDC00 && cp <= 0xDFFF {
                    throw JSONParser.Failure(reason: "lone surrogate \\u\(String(cp, radix: 16)) in string", path: "", offset: offset + i)
                }
                let scalar = Unicode.Scalar(cp)!
                out.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw JSONParser.Failure(reason: "bad escape in string", path: "", offset: offset + i)
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw JSONParser.Failure(reason: "invalid UTF-8 in string", path: "", offset: offset)
        }
        return s
    }
}
