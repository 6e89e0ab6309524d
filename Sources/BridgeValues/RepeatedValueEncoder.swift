/// Writes JSON values, keeping the text of a container handed out again and again (a mock's canned
/// answer, a handler's cached result): when the same value (the same storage) comes twice in a
/// row its text is kept and copied until another value comes. Used for the answers the outbox
/// delivers and the results a trace records.
package struct RepeatedValueEncoder {
    /// The last container written, and its text once it came twice in a row.
    private var lastValue: JSONValue = .null
    private var lastText: [UInt8]?
    /// The longest string value in `lastText`.
    private var lastLongest = 0

    package init() {}

    /// Appends `value`'s compact JSON text (keys sorted) to `out`.
    package mutating func append(_ value: JSONValue, to out: inout [UInt8]) {
        var longest = 0
        append(value, to: &out, longestString: &longest)
    }

    /// Appends `value`'s compact JSON text (keys sorted) to `out`, raising `longestString` to the
    /// UTF-8 length of its longest string value if that is longer (see
    /// ``JSONValue/appendJSON(to:longestString:)``).
    package mutating func append(_ value: JSONValue, to out: inout [UInt8], longestString: inout Int) {
        switch value {
        case .array, .object: break
        default:
            value.appendJSON(to: &out, longestString: &longestString)
            return
        }
        if let text = lastText, value.isIdentical(to: lastValue) {
            out.append(contentsOf: text)
            longestString = max(longestString, lastLongest)
            return
        }
        let start = out.count
        var longest = 0
        value.appendJSON(to: &out, longestString: &longest)
        longestString = max(longestString, longest)
        if value.isIdentical(to: lastValue) {
            lastText = Array(out[start...])
            lastLongest = longest
        } else {
            lastValue = value
            lastText = nil
        }
    }
}
