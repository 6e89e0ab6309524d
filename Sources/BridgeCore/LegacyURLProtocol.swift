import FoundationEssentials
public import BridgeValues
import BridgeSupport

/// The legacy URL protocol of older hybrid pages: `hybrid://<path>?parameter=<url-encoded JSON>`
/// assigned to a zero-size iframe's `src`, to `location.href`, or passed to `window.open`.
///
/// The JSON's `action` is the method, its `callback` (optional) names the global JS function
/// that receives `{callbackId, result, error}`, and every other field is a param. The `parameter`
/// value is percent-decoded (`+` is kept as a plus sign, as `encodeURIComponent` produces).
public struct LegacyURLProtocol: Sendable, Equatable {
    /// The scheme that marks bridge URLs (default `hybrid`), compared case-insensitively.
    public var scheme: String

    /// Creates the protocol for a scheme.
    public init(scheme: String = "hybrid") {
        self.scheme = scheme
    }

    /// `true` when `url` uses this protocol's scheme (and so must never be navigated to).
    public func matches(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        return url[url.startIndex..<colon].lowercased() == scheme.lowercased()
    }

    /// Reads the call a bridge URL carries.
    ///
    /// - Parameters:
    ///   - url: the URL a page navigated to.
    ///   - maxDepth: deepest nesting accepted in the `parameter` JSON.
    /// - Returns: `nil` when `url` is not a bridge URL.
    /// - Throws: `BridgeError` `INVALID_MESSAGE` saying what is wrong (no `parameter`, bad
    ///   percent-encoding, JSON that is not an object, no `action`).
    public func message(from url: String, maxDepth: Int = 128) throws(BridgeError) -> BridgeMessage? {
        guard matches(url) else { return nil }
        guard let q = url.firstIndex(of: "?") else {
            throw .invalidMessage("\(scheme) URL has no '?parameter=' query: \(Self.abbreviate(url))")
        }
        var query = url[url.index(after: q)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        var raw: Substring?
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == "parameter" { raw = parts.count > 1 ? parts[1] : "" }
        }
        guard let raw else { throw .invalidMessage("\(scheme) URL has no 'parameter' query item: \(Self.abbreviate(url))") }
        guard let decoded = PercentEncoding.decode(String(raw)) else {
            throw .invalidMessage("\(scheme) URL 'parameter' is not valid percent-encoding")
        }
        let json: JSONValue
        do {
            json = try JSONParser(maxDepth: maxDepth).parse(decoded)
        } catch {
            throw .invalidMessage("\(scheme) URL 'parameter' is not JSON: \(error)")
        }
        guard case .object(var fields) = json else {
            throw .invalidMessage("\(scheme) URL 'parameter' must be a JSON object, got \(json.typeName)")
        }
        guard case .string(let action)? = fields.removeValue(forKey: "action"), !action.isEmpty else {
            throw .invalidMessage("\(scheme) URL 'parameter' has no string 'action'")
        }
        var callbackId: String?
        switch fields.removeValue(forKey: "callback") {
        case .string(let s)? where !s.isEmpty: callbackId = s
        case nil, .null?, .string?: callbackId = nil
        case let other?: throw .invalidMessage("\(scheme) URL 'callback' must be a function name, got \(other.typeName)")
        }
        return BridgeMessage(method: action, params: .object(fields), callbackId: callbackId)
    }

    /// Builds a bridge URL (for tests and tools).
    public func url(action: String, params: JSONValue = .object([:]), callback: String? = nil, path: String = "bridge") -> String {
        var fields = params.objectValue ?? [:]
        fields["action"] = .string(action)
        if let callback { fields["callback"] = .string(callback) }
        let json = JSONValue.object(fields).jsonString()
        // What JS's encodeURIComponent leaves alone: ASCII letters and digits and -_.!~*'().
        let encoded = PercentEncoding.encode(json, keepingAlphanumericsAnd: "-_.!~*'()")
        return "\(scheme)://\(path)?parameter=\(encoded)"
    }

    static func abbreviate(_ url: String) -> String {
        url.count > 120 ? String(url.prefix(117)) + "..." : url
    }
}
