import FoundationEssentials
import BridgeSupport

/// `<script src="data:…">`: the script's text is in its URL (percent-encoded, or base64 with
/// `;base64`), as browsers run it.
extension PageLoader {
    /// The bytes of a `data:` URL; `nil` when it has no comma or bad base64.
    static func decodeDataURL(_ url: String) -> Data? {
        var rest = Substring(url.dropFirst(5))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let comma = rest.firstIndex(of: ",") else { return nil }
        let meta = rest[..<comma].trimmingWhitespace().lowercased()
        let body = Data(percentDecoded(rest[rest.index(after: comma)...]))
        guard meta.hasSuffix(";base64") else { return body }
        let text = String(decoding: body, as: UTF8.self).filter { !$0.isWhitespace }
        let padded = text + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return Data(base64Encoded: padded)
    }

    /// The URL as messages name it: at most 60 characters.
    static func shortURL(_ url: String) -> String {
        url.count <= 60 ? url : String(url.prefix(57)) + "…"
    }

    private static func percentDecoded(_ s: Substring) -> [UInt8] {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x41...0x46: c - 0x41 + 10
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}
