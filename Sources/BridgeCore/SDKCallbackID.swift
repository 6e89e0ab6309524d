/// The one place that knows the `bridge` SDK's callback ids: `cb_<n>`, n counting from 1 per
/// engine, written in decimal without leading zeros. The prelude gets the prefix from here
/// (`native.config().callbackPrefix`); native code delivers answers to such ids as the bare
/// number n, which the SDK keys its pending calls by. Ids of any other form belong to the page
/// (a raw `postMessage` naming a global callback) and travel as strings.
package enum SDKCallbackID {
    /// The prefix of the SDK's ids.
    package static let prefix = "cb_"

    /// n for an id the SDK made (`cb_<n>`, at most 15 digits), else `nil`.
    package static func number(_ id: String) -> Int? {
        let utf8 = id.utf8
        guard utf8.count > 3, utf8.count <= 18 else { return nil }
        var n = 0
        var i = 0
        for c in utf8 {
            switch i {
            case 0: if c != UInt8(ascii: "c") { return nil }
            case 1: if c != UInt8(ascii: "b") { return nil }
            case 2: if c != UInt8(ascii: "_") { return nil }
            default:
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), !(i == 3 && c == UInt8(ascii: "0")) else { return nil }
                n = n * 10 + Int(c - UInt8(ascii: "0"))
            }
            i += 1
        }
        return n
    }

    /// `true` when the id is the SDK's own (its answers go to a pending promise, not a global
    /// function).
    package static func isSDK(_ id: String) -> Bool {
        number(id) != nil
    }
}
