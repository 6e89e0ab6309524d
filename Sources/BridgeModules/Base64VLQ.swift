/// The base64 variable-length quantities of a source map's `mappings` (Source Map Revision 3):
/// each value is written in groups of five bits, least significant group first, one base64 digit
/// per group, with the digit's sixth bit set when another group follows; the lowest bit of the
/// assembled number is the sign.
enum Base64VLQ {
    /// The value of each ASCII base64 digit, or -1.
    static let digits: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, char) in alphabet.enumerated() { table[Int(char)] = Int8(value) }
        return table
    }()

    /// Decodes one value starting at `index`, which moves past it.
    ///
    /// - Returns: the value, or `nil` when the digits are not base64, a value ends inside the
    ///   text, or it does not fit in 32 bits.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int32? {
        var result: Int64 = 0
        var shift: Int64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 128 else { return nil }
            let digit = Int64(digits[Int(byte)])
            guard digit >= 0 else { return nil }
            index += 1
            result |= (digit & 31) << shift
            guard result <= Int64(UInt32.max) else { return nil }
            if digit & 32 == 0 {
                let magnitude = result >> 1
                return Int32(exactly: result & 1 == 1 ? -magnitude : magnitude)
            }
            shift += 5
        }
        return nil
    }

    /// `values` written as base64 VLQ digits (for tests and hand-built maps).
    static func encode(_ values: [Int]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        for value in values {
            var v = value < 0 ? ((-value) << 1) | 1 : value << 1
            repeat {
                var digit = v & 31
                v >>= 5
                if v > 0 { digit |= 32 }
                out.append(alphabet[digit])
            } while v > 0
        }
        return out
    }
}
