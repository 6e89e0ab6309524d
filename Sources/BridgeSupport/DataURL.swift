/// A `data:` URL decoded as fetch does (and as `<script src="data:…">` runs): the media type (default
/// `text/plain;charset=US-ASCII`) and the bytes, percent-decoded or base64-decoded.
package struct DataURL: Equatable {
    package var mediaType: String
    package var body: [UInt8]

    package init(mediaType: String, body: [UInt8]) {
        self.mediaType = mediaType
        self.body = body
    }

    /// Decodes `url`; `nil` when it is not a valid `data:` URL (no comma, bad base64).
    package init?(_ url: String) {
        guard url.utf8.count >= 5, url.prefix(5).lowercased() == "data:" else { return nil }
        var rest = Substring(url.dropFirst(5))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let comma = rest.firstIndex(of: ",") else { return nil }
        var meta = String(rest[..<comma]).trimmingWhitespace()
        let data = rest[rest.index(after: comma)...]
        var isBase64 = false
        if let semi = meta.lastIndex(of: ";"), meta[meta.index(after: semi)...].trimmingWhitespace().lowercased() == "base64" {
            isBase64 = true
            meta = String(meta[..<semi])
        }
        let bytes = Self.percentDecode(data)
        if isBase64 {
            guard let decoded = Base64.decode(String(decoding: bytes, as: UTF8.self)) else { return nil }
            body = decoded
        } else {
            body = bytes
        }
        if meta.hasPrefix(";") { meta = "text/plain" + meta }
        mediaType = meta.isEmpty ? "text/plain;charset=US-ASCII" : meta
    }

    /// `%XX` decoded byte by byte (invalid escapes stay as written).
    package static func percentDecode(_ s: Substring) -> [UInt8] {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x41...0x46: c - 0x41 + 10
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
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
