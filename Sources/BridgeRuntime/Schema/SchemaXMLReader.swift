import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a schema file into a tree of ``SchemaXMLElement`` with FoundationXML's `XMLParser`.
///
/// Safe against hostile input: documents with a DOCTYPE (and so any entity declaration, the
/// billion-laughs attack among them) are refused before parsing, and external entities are never
/// resolved. The first XML error stops the parse and is reported with its line.
final class SchemaXMLReader: NSObject, XMLParserDelegate {
    private var stack: [SchemaXMLElement] = []
    private var root: SchemaXMLElement?
    private var failure: SchemaProblem?
    private let file: String

    private init(file: String) {
        self.file = file
    }

    /// Parses `data` (the contents of `file`) into its root element.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the path used in problems.
    /// - Returns: the root element.
    /// - Throws: a ``SchemaProblem`` for a DOCTYPE or malformed XML, with its line.
    static func read(_ data: Data, file: String) throws(SchemaProblem) -> SchemaXMLElement {
        if let line = doctypeLine(in: data) {
            throw SchemaProblem(file: file, line: line, reason: "DOCTYPE declarations are not allowed in schema files")
        }
        let reader = SchemaXMLReader(file: file)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = reader
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        guard ok, let root = reader.root else {
            throw SchemaProblem(file: file, line: max(parser.lineNumber, 1), reason: "malformed XML: \(describe(parser.parserError))")
        }
        return root
    }

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

    /// A readable reason for an `XMLParser` error (the Linux errors carry only a code).
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "no root element" }
        let code = (error as NSError).code
        guard let known = XMLParser.ErrorCode(rawValue: code) else { return "XML error \(code)" }
        switch known {
        case .tagNameMismatchError: return "mismatched closing tag"
        case .prematureDocumentEndError: return "unexpected end of document (an element is not closed)"
        case .attributeNotStartedError, .attributeNotFinishedError: return "attribute value must be quoted"
        case .emptyDocumentError: return "empty document"
        default:
            // `lessThanSymbolInAttributeError` -> "less than symbol in attribute"
            var name = String(describing: known)
            if name.hasSuffix("Error") { name.removeLast(5) }
            var words = ""
            for ch in name {
                if ch.isUppercase {
                    words += " " + ch.lowercased()
                } else {
                    words.append(ch)
                }
            }
            return words.isEmpty ? "XML error \(code)" : words
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        let attributes = attributeDict.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        stack.append(SchemaXMLElement(name: elementName, attributes: attributes, text: "", children: [], line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard let done = stack.popLast() else { return }
        if stack.isEmpty {
            root = done
        } else {
            stack[stack.count - 1].children.append(done)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if failure == nil {
            failure = SchemaProblem(file: file, line: max(parser.lineNumber, 1), reason: "malformed XML: \(Self.describe(parseError))")
        }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        self.parser(parser, parseErrorOccurred: validationError)
    }
}
