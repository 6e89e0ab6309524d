/// The one place that knows the `bridge` SDK's callback ids: `cb_<n>`, n counting from 1 per
/// engine, written in decimal without leading zeros. The prelude gets the prefix from here
/// (`native.config().callbackPrefix`); native code delivers answers to such ids as the bare
/// number n, which the SDK keys its pending calls by. Ids of any other form belong to the page
/// (a raw `postMessage` naming a global callback) and travel as strings.
package enum SDKCallbackID {
    /// The prefix of the SDK's ids.
    package static let prefix = "cb_"

    /// The id of the SDK's call number `n` (`n` > 0), `cb_<n>`, written in one pass (not a
    /// concatenation and a conversion: this runs for every call the SDK sends).
    package static func string(_ n: Int) -> String {
        precondition(n > 0)
        var digits = 0
        var rest = n
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: 3 + digits) { buffer in
            buffer[0] = UInt8(ascii: "c")
            buffer[1] = UInt8(ascii: "b")
            buffer[2] = UInt8(ascii: "_")
            var v = n
            var i = 2 + digits
            while v > 0 {
                buffer[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
                i -= 1
            }
            return 3 + digits
        }
    }

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
