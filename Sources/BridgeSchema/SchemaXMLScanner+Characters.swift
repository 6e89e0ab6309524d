/// The character classes of `SchemaXMLScanner` (XML 1.0, fifth edition) and its digit helpers.
extension SchemaXMLScanner {
    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    /// XML name characters, approximated for non-ASCII: any byte of a multi-byte UTF-8 sequence
    /// counts as a name character.
    static func isNameStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") || c >= 0x80
    }

    static func isNameChar(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
    }

    /// XML 1.0 (fifth edition) NameStartChar.
    static func isNameStartScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return isNameStart(UInt8(v)) }
        return (0xC0...0xD6).contains(v) || (0xD8...0xF6).contains(v) || (0xF8...0x2FF).contains(v) || (0x370...0x37D).contains(v)
            || (0x37F...0x1FFF).contains(v) || (0x200C...0x200D).contains(v) || (0x2070...0x218F).contains(v)
            || (0x2C00...0x2FEF).contains(v) || (0x3001...0xD7FF).contains(v) || (0xF900...0xFDCF).contains(v)
            || (0xFDF0...0xFFFD).contains(v) || (0x10000...0xEFFFF).contains(v)
    }

    /// XML 1.0 (fifth edition) NameChar.
    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return isNameChar(UInt8(v)) }
        return isNameStartScalar(s) || v == 0xB7 || (0x300...0x36F).contains(v) || (0x203F...0x2040).contains(v)
    }

    /// XML 1.0 `Char`: what a character reference may name.
    static func isXMLChar(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    static func digitValue(_ d: UInt8, hexadecimal: Bool) -> UInt32? {
        switch d {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(d - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: return UInt32(d - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: return UInt32(d - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
