/// Checking a value without building it (`JSONParser.parseObjectMembers(_:deferring:)`): the
/// grammar and limits of `value(depth:)`, no allocation for plain ASCII strings. A failure here
/// only says "not like this": the caller parses the text again the usual way for the exact error.
extension JSONParser.Reader {
    mutating func skipValue(depth: Int) throws(JSONParser.Failure) {
        guard pos < bytes.count else { throw fail("unexpected end of JSON") }
        switch bytes[pos] {
        case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
        case UInt8(ascii: "["): try skipArray(depth: depth + 1)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw fail("unexpected character")
        }
    }

    /// A string of ASCII without escapes is as long in UTF-16 units as in bytes; any other goes
    /// through `string()`, which checks its escapes, UTF-8 and length.
    mutating func skipString() throws(JSONParser.Failure) {
        let start = pos
        var i = pos + 1
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                if i - start - 1 <= maxStringLength {
                    pos = i + 1
                    return
                }
                break
            }
            if c == UInt8(ascii: "\\") || c >= 0x80 || c < 0x20 { break }
            i += 1
        }
        _ = try string()
    }

    mutating func skipObject(depth: Int) throws(JSONParser.Failure) {
        if try opens(UInt8(ascii: "}"), depth: depth) { return }
        while true {
            try atKey()
            try skipString()
            try pastColon()
            try skipValue(depth: depth)
            if try closes(UInt8(ascii: "}"), object: true) { return }
        }
    }

    mutating func skipArray(depth: Int) throws(JSONParser.Failure) {
        if try opens(UInt8(ascii: "]"), depth: depth) { return }
        var count = 0
        while true {
            skipWhitespace()
            if count >= maxArrayLength { throw tooLarge("array too long") }
            try skipValue(depth: depth)
            count += 1
            if try closes(UInt8(ascii: "]"), object: false) { return }
        }
    }
}

extension JSONParser {
    /// Checks that `bytes` are one JSON value within the limits, without building it: the
    /// grammar and limits of `parse(_:)`. A failure only says "not like this" (parse the text
    /// that way for the exact error and its path).
    ///
    /// - Throws: `JSONParser.Failure` when the text is not JSON or breaks a limit.
    package func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth, maxStringLength: maxStringLength, maxArrayLength: maxArrayLength)
        reader.skipWhitespace()
        try reader.skipValue(depth: 0)
        reader.skipWhitespace()
        if reader.pos != bytes.count { throw reader.fail("unexpected text after the JSON value") }
    }
}
