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

    /// A readable reason for an `XMLParser` error. On Linux the error carries only libxml2's
    /// error number (`xmlParserErrors`), so the common ones are named here.
    static func describe(_ error: (any Error)?) -> String {
        guard let error else { return "no root element" }
        let code = (error as NSError).code
        switch code {
        case 4: return "empty document"
        case 5: return "unclosed element or extra content after the root element"
        case 9: return "invalid character"
        case 23, 24: return "entity reference not terminated"
        case 26, 27: return "undeclared entity"
        case 38: return "'<' inside an attribute value"
        case 39: return "attribute value must be quoted"
        case 40: return "attribute value not closed"
        case 41: return "attribute has no value"
        case 42: return "attribute redefined"
        case 45, 46: return "comment not terminated"
        case 63: return "unclosed CDATA section"
        case 64: return "XML declaration not finished"
        case 65: return "space required"
        case 68: return "name required"
        case 73: return "'>' required"
        case 76: return "mismatched closing tag"
        case 77: return "element not closed"
        default: return "XML error \(code) (libxml2 code)"
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
