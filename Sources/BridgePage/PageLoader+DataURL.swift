import FoundationEssentials
import BridgeSupport

/// `<script src="data:…">`: the script's text is in its URL (percent-encoded, or base64 with
/// `;base64`), as browsers run it.
extension PageLoader {
    /// The bytes of a `data:` URL; `nil` when it has no comma or bad base64.
    static func decodeDataURL(_ url: String) -> Data? {
        DataURL(url).map { Data($0.body) }
    }

    /// The URL as messages name it: at most 60 characters.
    static func shortURL(_ url: String) -> String {
        url.count <= 60 ? url : String(url.prefix(57)) + "…"
    }
}
