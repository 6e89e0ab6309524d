/// A small non-validating XML 1.0 reader for schema files: elements, attributes, text, CDATA,
/// comments, the five predefined entities and character references. Nothing else is accepted —
/// no DTD, no entity declarations, no processing instructions (``SchemaXMLReader`` refuses those
/// before this runs), so there is nothing to expand and nothing to fetch.
///
/// Written by hand rather than on FoundationXML so that the runtime does not load libxml2 (about
/// 0.7 MiB of resident pages in every `bridge-run` process, schemas or not) and so that every
/// error names what is wrong in words instead of a libxml2 error number.
///
/// Input must already be valid UTF-8 without NUL bytes (``SchemaXMLReader`` checks that).
struct SchemaXMLScanner {
    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Reads the whole document and returns its root element.
    mutating func document() throws(SchemaProblem) -> SchemaXMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        if starts(with: "<?xml") {
            try declaration()
        }
        try skipMisc()
        guard i < bytes.count else { throw problem("empty document (no root element)") }
        guard bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count, Self.isNameStart(bytes[i + 1]) else {
            throw problem("expected the root element, found \(describeHere())")
        }
        let root = try element(depth: 0)
        try skipMisc()
        if i < bytes.count {
            throw problem("extra content after the root element (\(describeHere()))")
        }
        return root
    }

    // MARK: Elements

    private mutating func element(depth: Int) throws(SchemaProblem) -> SchemaXMLElement {
        let openLine = line
        i += 1  // "<"
        let name = try readName()
        var attributes: [(name: String, value: String)] = []
        var seen: Set<String> = []
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard i < bytes.count else { throw SchemaProblem(file: file, line: openLine, reason: "malformed XML: the start tag of <\(name)> is not finished") }
            let c = bytes[i]
            if c == UInt8(ascii: ">") {
                i += 1
                break
            }
            if c == UInt8(ascii: "/") {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ">") else { throw problem("'>' expected after '/' in the start tag of <\(name)>") }
                i += 2
                selfClosing = true
                break
            }
            guard Self.isNameStart(c) else { throw problem("unexpected \(describeHere()) in the start tag of <\(name)>") }
            guard hadSpace else { throw problem("a space is needed before attribute '\(peekName())' of <\(name)>") }
            let attribute = try readName()
            try equalsAndQuote(
                noEquals: "attribute '\(attribute)' of <\(name)> has no value (expected =\"…\")",
                unquoted: "the value of attribute '\(attribute)' of <\(name)> must be quoted")
            let value = try attributeValue(of: attribute)
            guard seen.insert(attribute).inserted else {
                throw problem("attribute '\(attribute)' appears twice on <\(name)>")
            }
            // Namespace declarations are not attributes of the schema language.
            if attribute == "xmlns" || attribute.hasPrefix("xmlns:") { continue }
            attributes.append((name: attribute, value: value))
        }
        // Like the XML parsers schema files were written against: an element's line is the line
        // where its start tag ends.
        let tagLine = line
        if depth >= SchemaXMLReader.maxDepth {
            throw SchemaProblem(file: file, line: tagLine, reason: "elements nested deeper than \(SchemaXMLReader.maxDepth) levels")
        }
        attributes.sort { $0.name < $1.name }
        var result = SchemaXMLElement(name: name, attributes: attributes, text: "", children: [], line: tagLine)
        if selfClosing { return result }
        var text: [UInt8] = []
        while true {
            guard i < bytes.count else {
                throw SchemaProblem(file: file, line: openLine, reason: "malformed XML: <\(name)> is never closed")
            }
            let c = bytes[i]
            if c == UInt8(ascii: "<") {
                if starts(with: "</") {
                    i += 2
                    let closeLine = line
                    guard i < bytes.count, Self.isNameStart(bytes[i]) else {
                        throw problem("'</' must be followed by the name of the element it closes (</\(name)>)")
                    }
                    let closing = try readName()
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else {
                        throw SchemaProblem(file: file, line: closeLine, reason: "malformed XML: '>' expected to end the closing tag </\(closing)>")
                    }
                    guard closing == name else {
                        throw SchemaProblem(
                            file: file, line: closeLine,
                            reason: "malformed XML: mismatched closing tag </\(closing)> (the open element is <\(name)>, line \(openLine))")
                    }
                    i += 1
                    break
                } else if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<![CDATA[") {
                    try cdata(into: &text)
                } else if starts(with: "<?") {
                    throw problem("processing instructions are not allowed in schema files")
                } else if starts(with: "<!") {
                    throw problem("markup declarations are not allowed in schema files")
                } else if i + 1 < bytes.count, Self.isNameStart(bytes[i + 1]) {
                    result.children.append(try element(depth: depth + 1))
                } else {
                    i += 1
                    throw problem("'<' must start a tag (write &lt; for a literal '<')")
                }
            } else if c == UInt8(ascii: "&") {
                try reference(into: &text)
            } else if c == UInt8(ascii: "]") && starts(with: "]]>") {
                throw problem("']]>' is not allowed in text")
            } else {
                try character(into: &text)
            }
        }
        result.text = String(decoding: text, as: UTF8.self)
        return result
    }

    private mutating func attributeValue(of attribute: String) throws(SchemaProblem) -> String {
        let quote = bytes[i]
        let startLine = line
        i += 1
        var value: [UInt8] = []
        while true {
            guard i < bytes.count else {
                throw SchemaProblem(file: file, line: startLine, reason: "malformed XML: the value of attribute '\(attribute)' is not closed")
            }
            let c = bytes[i]
            if c == quote {
                i += 1
                return String(decoding: value, as: UTF8.self)
            }
            if c == UInt8(ascii: "<") { throw problem("'<' inside the value of attribute '\(attribute)' (write &lt;)") }
            if c == UInt8(ascii: "&") {
                try reference(into: &value)
            } else if c == 0x09 || c == 0x0A || c == 0x0D {
                // Attribute-value normalization: each literal white-space character (a CR LF pair
                // counting as one) becomes a space; character references are kept as written.
                if c == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                advance()
                value.append(0x20)
            } else {
                try character(into: &value)
            }
        }
    }

    // MARK: Text pieces

    /// One character of text (copied as UTF-8), with line ends normalized to LF.
    private mutating func character(into out: inout [UInt8]) throws(SchemaProblem) {
        let c = bytes[i]
        if c == 0x0D {
            if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
            advance()
            out.append(0x0A)
            return
        }
        if c < 0x20 && c != 0x09 && c != 0x0A {
            throw problem("invalid character U+\(Self.hex(UInt32(c))) (control characters are not allowed in XML)")
        }
        if c == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE {
            throw problem("invalid character U+\(bytes[i + 2] == 0xBE ? "FFFE" : "FFFF") (not a character in XML)")
        }
        out.append(c)
        advance()
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#…;` or `&#x…;`, appended as UTF-8.
    private mutating func reference(into out: inout [UInt8]) throws(SchemaProblem) {
        let start = i
        i += 1
        var j = i
        while j < bytes.count, j - i <= 128, bytes[j] != UInt8(ascii: ";"), !Self.isSpace(bytes[j]), bytes[j] != UInt8(ascii: "<"), bytes[j] != UInt8(ascii: "&") {
            j += 1
        }
        guard j < bytes.count, bytes[j] == UInt8(ascii: ";") else {
            i = start
            throw problem("'&' must start an entity reference ending in ';' (write &amp; for a literal '&')")
        }
        let body = Array(bytes[i..<j])
        i = j + 1
        if body.first == UInt8(ascii: "#") {
            var value: UInt32 = 0
            let hexadecimal = body.count > 1 && body[1] == UInt8(ascii: "x")
            let digits = body.dropFirst(hexadecimal ? 2 : 1)
            var valid = !digits.isEmpty
            for d in digits where valid {
                guard let v = Self.digitValue(d, hexadecimal: hexadecimal) else { valid = false; break }
                value = value * (hexadecimal ? 16 : 10) + v
                if value > 0x10FFFF { valid = false }
            }
            guard valid, Self.isXMLChar(value), let scalar = Unicode.Scalar(value) else {
                throw problem("invalid character reference &\(String(decoding: body, as: UTF8.self));")
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        case let other:
            throw problem("undeclared entity &\(other); (only &lt; &gt; &amp; &quot; &apos; and character references like &#160; are allowed)")
        }
    }

    private mutating func cdata(into out: inout [UInt8]) throws(SchemaProblem) {
        let startLine = line
        i += 9  // "<![CDATA["
        while i < bytes.count {
            if starts(with: "]]>") {
                i += 3
                return
            }
            try character(into: &out)
        }
        throw SchemaProblem(file: file, line: startLine, reason: "malformed XML: CDATA section not closed (expected ']]>')")
    }

    private mutating func comment() throws(SchemaProblem) {
        let startLine = line
        i += 4  // "<!--"
        while i < bytes.count {
            if starts(with: "--") {
                guard i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: ">") else { throw problem("'--' is not allowed inside a comment") }
                i += 3
                return
            }
            var ignored: [UInt8] = []
            try character(into: &ignored)
        }
        throw SchemaProblem(file: file, line: startLine, reason: "malformed XML: comment not closed (expected '-->')")
    }

    /// White space and comments (what may surround the root element).
    private mutating func skipMisc() throws(SchemaProblem) {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                try comment()
            } else {
                return
            }
        }
    }

    // MARK: Low level

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = i
        while i < bytes.count, Self.isSpace(bytes[i]) { advance() }
        return i > start
    }

    private mutating func advance() {
        if bytes[i] == 0x0A { line += 1 }
        i += 1
    }

    /// A name at the current position (the caller checked that one starts here); non-ASCII
    /// characters are checked against XML's NameStartChar / NameChar.
    private mutating func readName() throws(SchemaProblem) -> String {
        let start = i
        while i < bytes.count, Self.isNameChar(bytes[i]) { i += 1 }
        let name = String(decoding: bytes[start..<i], as: UTF8.self)
        if bytes[start..<i].contains(where: { $0 >= 0x80 }) {
            for (k, scalar) in name.unicodeScalars.enumerated() where !(k == 0 ? Self.isNameStartScalar(scalar) : Self.isNameScalar(scalar)) {
                throw problem("invalid character U+\(Self.hex(scalar.value)) in the name '\(name)'")
            }
        }
        return name
    }

    /// `= "` or `= '` after an attribute name (white space allowed around `=`); stops at the quote.
    private mutating func equalsAndQuote(noEquals: @autoclosure () -> String, unquoted: @autoclosure () -> String) throws(SchemaProblem) {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw problem(noEquals()) }
        i += 1
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { throw problem(unquoted()) }
    }

    /// `<?xml version="1.x" encoding="…" standalone="yes|no"?>`, in that order (the encoding
    /// itself and the declaration's place were checked by SchemaXMLReader).
    private mutating func declaration() throws(SchemaProblem) {
        i += 5  // "<?xml"
        var expected = ["version", "encoding", "standalone"]
        var sawVersion = false
        while true {
            let hadSpace = skipWhitespace()
            if starts(with: "?>") {
                i += 2
                break
            }
            guard hadSpace, i < bytes.count, Self.isNameStart(bytes[i]) else {
                throw problem("the XML declaration is not finished (expected '?>')")
            }
            let name = try readName()
            guard let at = expected.firstIndex(of: name) else {
                throw problem("unexpected '\(name)' in the XML declaration (version, encoding and standalone, in that order)")
            }
            expected.removeFirst(at + 1)
            try equalsAndQuote(
                noEquals: "'=' expected after '\(name)' in the XML declaration",
                unquoted: "the value of '\(name)' in the XML declaration must be quoted")
            let quote = bytes[i]
            i += 1
            let start = i
            while i < bytes.count, bytes[i] != quote, bytes[i] != UInt8(ascii: "<"), bytes[i] != UInt8(ascii: ">") { i += 1 }
            guard i < bytes.count, bytes[i] == quote else { throw problem("the value of '\(name)' in the XML declaration is not closed") }
            let value = String(decoding: bytes[start..<i], as: UTF8.self)
            i += 1
            switch name {
            case "version":
                sawVersion = true
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy(\.isASCIIDigitForXML) else {
                    throw problem("unsupported XML version '\(value)' (expected 1.0)")
                }
            case "standalone":
                guard value == "yes" || value == "no" else { throw problem("standalone must be yes or no, not '\(value)'") }
            default:
                break
            }
            if !sawVersion { throw problem("the XML declaration must start with version=\"1.0\"") }
        }
        if !sawVersion { throw problem("the XML declaration must start with version=\"1.0\"") }
    }

    private func peekName() -> String {
        var j = i
        while j < bytes.count, Self.isNameChar(bytes[j]) { j += 1 }
        return String(decoding: bytes[i..<j], as: UTF8.self)
    }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { lit in
            for k in 0..<count where bytes[i + k] != lit[k] { return false }
            return true
        }
    }

    /// What is at the current position, for an error message.
    private func describeHere() -> String {
        guard i < bytes.count else { return "the end of the file" }
        let c = bytes[i]
        if c == UInt8(ascii: "<") { return "markup" }
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return Self.isSpace(c) ? "white space" : "text"
    }

    private func problem(_ reason: String) -> SchemaProblem {
        SchemaProblem(file: file, line: line, reason: "malformed XML: " + reason)
    }
}

private extension Character {
    var isASCIIDigitForXML: Bool { isASCII && isNumber }
}
