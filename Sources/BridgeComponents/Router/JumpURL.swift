import FoundationEssentials
public import BridgeValues

/// A jump URL of a componentised app's router: `wbmain://jump/<component>/<path>?ABMark=…&params=<JSON>`.
///
/// The first path segment after the `jump` host names the target component; the rest is the
/// page path inside it. `params` (URL-encoded JSON) carries the page parameters; other query
/// items are kept as strings.
public struct JumpURL: Sendable, Equatable {
    /// The full URL.
    public var url: String
    /// The scheme, e.g. `wbmain`.
    public var scheme: String
    /// The target component, e.g. `job`.
    public var component: String
    /// The page path inside the component, e.g. `list` (may be empty or contain slashes).
    public var path: String
    /// The decoded `params` JSON (`{}` when absent).
    public var params: JSONValue
    /// The other query items.
    public var query: [String: String]
    /// The `ABMark` query item, if any.
    public var abMark: String? { query["ABMark"] }

    /// Parses a jump URL.
    ///
    /// - Throws: `BridgeError` `INVALID_MESSAGE` naming what is wrong.
    public init(_ url: String) throws(BridgeError) {
        guard let comps = URLComponents(string: url), let scheme = comps.scheme, !scheme.isEmpty else {
            throw .invalidMessage("'\(url)' is not a URL")
        }
        guard comps.host?.lowercased() == "jump" else {
            throw .invalidMessage("jump URL must look like \(scheme)://jump/<component>/<path>, got '\(url)'")
        }
        let segments = comps.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let component = segments.first else {
            throw .invalidMessage("jump URL '\(url)' names no component (\(scheme)://jump/<component>/<path>)")
        }
        var params: JSONValue = .object([:])
        var query: [String: String] = [:]
        for item in comps.queryItems ?? [] {
            if item.name == "params" {
                let text = item.value ?? ""
                do {
                    params = try JSONParser().parse(text)
                } catch {
                    throw .invalidMessage("jump URL 'params' is not JSON: \(error.description)")
                }
                guard params.objectValue != nil else { throw .invalidMessage("jump URL 'params' must be a JSON object") }
            } else {
                query[item.name] = item.value ?? ""
            }
        }
        self.url = url
        self.scheme = scheme
        self.component = component
        self.path = segments.dropFirst().joined(separator: "/")
        self.params = params
        self.query = query
    }

    /// The JSON form passed to sub-dispatchers and returned by `nav.open`.
    public var jsonValue: JSONValue {
        [
            "url": .string(url), "scheme": .string(scheme), "component": .string(component), "path": .string(path),
            "params": params, "query": .object(JSONObject(query.mapValues { JSONValue.string($0) })),
        ]
    }
}
