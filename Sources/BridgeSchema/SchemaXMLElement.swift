/// One element of a schema file as read from XML, before its meaning is checked.
///
/// The reader builds a plain tree of these (name, attributes in document order, text, children,
/// line); ``SchemaBuilder`` then interprets it and reports problems with the element's line.
package struct SchemaXMLElement: Sendable {
    /// The element name, e.g. `param`.
    package var name: String
    /// Attributes, sorted by name so problems come out in a stable order.
    package var attributes: [(name: String, value: String)]
    /// Character data directly inside the element (text and CDATA), concatenated.
    package var text: String
    /// Child elements in document order.
    package var children: [SchemaXMLElement]
    /// 1-based line where the start tag ends (what the XML parser reports).
    package var line: Int

    /// The value of attribute `name`, if present.
    package func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}
