/// Writes JSON values, keeping the text of a container handed out again and again (a mock's canned
/// answer, a handler's cached result): when the same value (the same storage) comes twice in a
/// row its text is kept and copied until another value comes. Used for the answers the outbox
/// delivers and the results a trace records.
package struct RepeatedValueEncoder {
    /// The last container written, and its text once it came twice in a row.
    private var lastValue: JSONValue = .null
    private var lastText: [UInt8]?

    package init() {}

    /// Appends `value`'s compact JSON text (keys sorted) to `out`.
    package mutating func append(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .array, .object: break
        default:
            value.appendJSON(to: &out)
            return
        }
        if let text = lastText, value.isIdentical(to: lastValue) {
            out.append(contentsOf: text)
            return
        }
        let start = out.count
        value.appendJSON(to: &out)
        if value.isIdentical(to: lastValue) {
            lastText = Array(out[start...])
        } else {
            lastValue = value
            lastText = nil
        }
    }
}
