package import FoundationEssentials

/// Reads a schema file into a tree of ``SchemaXMLElement``: checks what the file may not be
/// (not UTF-8, a DOCTYPE, a processing instruction), then reads it with ``SchemaXMLScanner``.
///
/// Safe against hostile input: documents with a DOCTYPE (and so any entity declaration, the
/// billion-laughs attack among them) are refused, no entity other than the five predefined ones
/// exists, and nothing is ever fetched. The first XML error stops the read and is reported with
/// its line.
package enum SchemaXMLReader {

    /// Parses `data` (the contents of `file`) into its root element.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the path used in problems.
    /// - Returns: the root element.
    /// - Throws: a ``SchemaProblem`` for a DOCTYPE or malformed XML, with its line.
    package static func read(_ data: Data, file: String) throws(SchemaProblem) -> SchemaXMLElement {
        // Only UTF-8 is accepted, so the DOCTYPE scan below cannot be dodged by another encoding.
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            // Say what a reader would look for first: a DTD hidden in UTF-16 is still a DTD.
            if let text = String(data: data, encoding: .utf16), let r = text.firstRange(of: "<!DOCTYPE") {
                let line = text[..<r.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                throw SchemaProblem(file: file, line: line, reason: "DOCTYPE declarations are not allowed in schema files (and schema files must be UTF-8)")
            }
            throw SchemaProblem(file: file, line: 1, reason: "schema files must be UTF-8 text (this one starts with a UTF-16 byte-order mark)")
        }
        if let bad = firstNonUTF8Byte(bytes) {
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw SchemaProblem(file: file, line: line, reason: bytes[bad] == 0 ? "malformed XML: NUL byte" : "malformed XML: invalid UTF-8 (schema files must be UTF-8 text)")
        }
        if let declared = declaredEncoding(in: bytes), !["utf-8", "utf8"].contains(declared.lowercased()) {
            throw SchemaProblem(file: file, line: 1, reason: "schema files must be UTF-8 (the XML declaration says \(declared))")
        }
        // Processing instructions other than the XML declaration are refused (a schema has no
        // use for them).
        if let (line, isDeclaration) = processingInstructionLine(in: bytes) {
            throw SchemaProblem(
                file: file, line: line,
                reason: isDeclaration ? "malformed XML: the XML declaration must come first" : "processing instructions are not allowed in schema files")
        }
        if let line = doctypeLine(in: data) {
            throw SchemaProblem(file: file, line: line, reason: "DOCTYPE declarations are not allowed in schema files")
        }
        var scanner = SchemaXMLScanner(bytes: bytes, file: file)
        return try scanner.document()
    }

    /// The `encoding` of the XML declaration, if there is one.
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard let decl = head.firstRange(of: "<?xml") else { return nil }
        let rest = head[decl.upperBound...]
        let end = rest.firstRange(of: ">")?.lowerBound ?? rest.endIndex
        guard let enc = rest[..<end].firstRange(of: "encoding") else { return nil }
        let value = rest[enc.upperBound..<end].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = value.first, quote == "\"" || quote == "'" else { return "?" }
        return String(value.dropFirst().prefix { $0 != quote })
    }

    /// The index of the first byte that is NUL or not part of valid UTF-8, if any.
    static func firstNonUTF8Byte(_ bytes: [UInt8]) -> Int? {
        if let nul = bytes.firstIndex(of: 0) { return nul }
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            let n = c < 0x80 ? 1 : c >> 5 == 6 ? 2 : c >> 4 == 14 ? 3 : c >> 3 == 30 ? 4 : 0
            guard n > 0, i + n <= bytes.count, String(validating: bytes[i..<(i + n)], as: UTF8.self) != nil else { return i }
            i += n
        }
        return nil
    }

    /// The line of the first `<?…` that is not the XML declaration at the very start, and
    /// whether it is a misplaced XML declaration.
    static func processingInstructionLine(in bytes: [UInt8]) -> (Int, Bool)? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].starts(with: Array("<?xml".utf8)), bytes.count > start + 5, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + 5]) {
            // Skip the declaration itself; an unterminated one is refused too.
            var j = start + 5
            while j + 1 < bytes.count && !(bytes[j] == UInt8(ascii: "?") && bytes[j + 1] == UInt8(ascii: ">")) { j += 1 }
            if j + 1 >= bytes.count { return (1, true) }
            start = j + 2
        }
        var line = 1
        for i in 0..<bytes.count {
            if bytes[i] == 0x0A { line += 1 }
            if i >= start, bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?") {
                let isDeclaration = bytes[i...].starts(with: Array("<?xml".utf8))
                return (line, isDeclaration)
            }
        }
        return nil
    }

    /// Deepest element nesting accepted in a schema file.
    static let maxDepth = 64

    /// The line of the first `<!DOCTYPE` in `data`, if there is one.
    static func doctypeLine(in data: Data) -> Int? {
        let needle = Array("<!DOCTYPE".utf8)
        var line = 1
        let bytes = [UInt8](data)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
            } else if c == 0x3C, i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                return line
            }
            i += 1
        }
        return nil
    }
}
