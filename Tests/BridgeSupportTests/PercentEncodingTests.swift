import Foundation
import Testing
@testable import BridgeSupport

/// Percent-encoding without Foundation, checked against Foundation.
struct PercentEncodingTests {
    static let texts = ["", "abc", "a b", "a+b", "100%", "{\"a\":[1,\"x y\"]}", "中文", "😀", "a/b?c=d&e#f", "~-._!*'()", "\u{0}\u{7F}"]

    @Test("decoding agrees with removingPercentEncoding", arguments: ["", "abc", "a%20b", "%E4%B8%AD", "a+b", "%zz", "%4", "%", "%FF", "%C3%A9%2F", "%00"])
    func decoding(_ text: String) {
        #expect(PercentEncoding.decode(text) == text.removingPercentEncoding)
    }

    @Test("encoding agrees with addingPercentEncoding, and decoding undoes it", arguments: texts)
    func encoding(_ text: String) {
        var unreserved = CharacterSet(charactersIn: "-._~")
        unreserved.formUnion(CharacterSet(charactersIn: "a"..."z"))
        unreserved.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        unreserved.formUnion(CharacterSet(charactersIn: "0"..."9"))
        let encoded = PercentEncoding.encode(text) { byte in
            byte < 0x80 && unreserved.contains(Unicode.Scalar(byte))
        }
        #expect(encoded == text.addingPercentEncoding(withAllowedCharacters: unreserved))
        #expect(PercentEncoding.decode(encoded) == text)
    }

}
