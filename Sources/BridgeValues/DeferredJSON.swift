import Synchronization

/// JSON text whose value is built the first time it is read: a call's params, which a mock,
/// a handler that ignores them, or a run without trace and schemas never reads. The text was
/// checked against the grammar and the limits when it arrived
/// (`JSONParser.parseObjectMembers(_:deferring:)` in an envelope, `JSONParser.check(_:)` alone),
/// so building it cannot fail.
package final class DeferredJSON: Sendable {
    private let text: [UInt8]
    private let parser: JSONParser
    private let built = Mutex<JSONValue?>(nil)

    /// `text` as it arrived; `parser` with the limits it was checked against (for params, a
    /// `maxDepth` one lower than the envelope's: the value is one level down there).
    package init(text: [UInt8], parser: JSONParser) {
        self.text = text
        self.parser = parser
    }

    /// Whether the value was built (for tests of what reads params).
    package var isBuilt: Bool { built.withLock { $0 != nil } }

    /// The value (built once; thread-safe).
    package var value: JSONValue {
        built.withLock { built in
            if let built { return built }
            // Checked on arrival, so this cannot fail (a differential fuzz test holds the two
            // parses together); were it to, debug builds stop here and release builds give `{}`.
            let value: JSONValue
            do throws(JSONParser.Failure) {
                value = try parser.parse(bytes: text)
            } catch {
                assertionFailure("deferred params checked on arrival failed to parse: \(error)")
                value = .object([:])
            }
            built = value
            return value
        }
    }
}
