import FoundationEssentials
public import BridgeValues

/// Which pages may call which actions: a capability file grants permissions to pages by URL
/// pattern and may deny specific actions.
///
/// ```json
/// {
///   "capabilities": [
///     { "id": "shop", "pages": ["https://m.example.com/shop/**"], "permissions": ["user.profile", "payment"],
///       "deny": ["device.scanCode"] },
///     { "id": "local", "pages": ["file://**"], "permissions": ["*"] }
///   ]
/// }
/// ```
///
/// An action's permission comes from its schema's `permission` attribute or its registration
/// (`ActionOptions.permission`). A call is allowed when its action needs no permission or a
/// capability matching the page grants it (`"*"` grants all), and no matching capability denies
/// the action (`deny` entries are action names, `*` globs allowed). Page patterns match the page
/// URL without its query and fragment. A page no capability matches
/// may call only actions that need no permission.
public struct CapabilitySet: Sendable, Equatable {
    /// One capability.
    public struct Capability: Sendable, Equatable {
        /// A name for messages.
        public var id: String
        /// The pages it applies to.
        public var pages: [URLGlob]
        /// The permissions it grants (`*` = all).
        public var permissions: Set<String>
        /// Actions refused to these pages even when permitted.
        public var deny: [URLGlob]
        /// The hosts these pages may send HTTP requests and open WebSockets to (`"hosts"`,
        /// patterns like `api.example.com` or `*.example.com`); `nil` = not restricted by this
        /// capability.
        public var hosts: [URLGlob]?

        /// Creates a capability.
        public init(id: String, pages: [URLGlob], permissions: Set<String>, deny: [URLGlob] = [], hosts: [URLGlob]? = nil) {
            self.id = id
            self.pages = pages
            self.permissions = permissions
            self.deny = deny
            self.hosts = hosts
        }
    }

    /// The capabilities, in file order.
    public var capabilities: [Capability]

    /// Creates a set.
    public init(capabilities: [Capability]) {
        self.capabilities = capabilities
    }

    /// Reads the JSON form.
    ///
    /// - Throws: `BridgeError` `INVALID_MESSAGE` naming the entry and field that is wrong.
    public init(json: JSONValue) throws(BridgeError) {
        guard let list = json["capabilities"]?.arrayValue else {
            throw .invalidMessage("a capability file is {\"capabilities\": [{\"id\", \"pages\", \"permissions\", \"deny\"?}]}")
        }
        var caps: [Capability] = []
        for (i, entry) in list.enumerated() {
            let id = entry["id"]?.stringValue ?? "#\(i + 1)"
            func strings(_ key: String, required: Bool) throws(BridgeError) -> [String] {
                guard let v = entry[key] else {
                    if required { throw .invalidMessage("capability \(id): \"\(key)\" is required") }
                    return []
                }
                guard let a = v.arrayValue, a.allSatisfy({ $0.stringValue != nil }) else {
                    throw .invalidMessage("capability \(id): \"\(key)\" must be a list of strings")
                }
                return a.compactMap(\.stringValue)
            }
            let known: Set<String> = ["id", "pages", "permissions", "deny", "hosts", "description"]
            if let unknown = entry.objectValue?.keys.first(where: { !known.contains($0) }) {
                throw .invalidMessage("capability \(id): unknown key \"\(unknown)\" (expected id, pages, permissions, deny, hosts, description)")
            }
            let hosts = entry["hosts"] == nil ? nil : try strings("hosts", required: false).map { URLGlob($0.lowercased()) }
            caps.append(Capability(
                id: id, pages: try strings("pages", required: true).map { URLGlob($0) },
                permissions: Set(try strings("permissions", required: false)), deny: try strings("deny", required: false).map { URLGlob($0) }, hosts: hosts))
        }
        self.init(capabilities: caps)
    }

    /// Reads a capability file.
    ///
    /// - Throws: `BridgeError` naming the file.
    public init(contentsOf path: String) throws(BridgeError) {
        let json = try JSONValue(contentsOfFile: path, kind: "capability file")
        do { try self.init(json: json) } catch { throw .invalidMessage("\(path): \(error.message)") }
    }

    /// `url` without its query and fragment: what page patterns are matched against.
    static func location(of url: String) -> String {
        guard let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return url }
        return String(url[..<cut])
    }

    /// The refusal for `method` (needing `permission`) called by `page`, or `nil` when allowed.
    public func check(method: String, permission: String?, page: String) -> BridgeError? {
        // Patterns match where the page really is: its URL without query and fragment, so a
        // fragment or query that happens to end like another page (`shop.html#/pay.html`) gains
        // nothing.
        let location = Self.location(of: page)
        let matching = capabilities.filter { cap in cap.pages.contains { $0.matches(location) } }
        if let denying = matching.first(where: { cap in cap.deny.contains { $0.matches(method) } }) {
            return BridgeError(code: .permissionDenied, message: "page \(page) may not call '\(method)' (denied by capability \(denying.id))")
        }
        guard let permission else { return nil }
        // Permission names compare by scalars: a look-alike spelling grants nothing.
        if matching.contains(where: { cap in cap.permissions.contains { $0.sameScalars(as: permission) || $0 == "*" } }) { return nil }
        return .permissionDenied(permission: permission, page: page)
    }
}

extension CapabilitySet {
    /// The refusal of a page's HTTP request or WebSocket to `url`, or `nil` when allowed: when a
    /// capability matching `page` lists `hosts`, the URL's host (or `host:port`) must match one
    /// of the hosts of the matching capabilities. Pages no such capability matches are not
    /// restricted; `data:` and `blob:` URLs never are.
    public func checkRequest(url: String, page: String) -> String? {
        let location = Self.location(of: page)
        let matching = capabilities.filter { cap in cap.pages.contains { $0.matches(location) } }
        let restricting = matching.filter { $0.hosts != nil }
        guard !restricting.isEmpty, let r = url.firstRange(of: "://") else { return nil }
        let rest = url[r.upperBound...]
        let authority = rest[..<(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)]
        let hostPort = String(authority.split(separator: "@").last ?? "").lowercased()
        let host = hostPort.hasPrefix("[") ? hostPort : String(hostPort.split(separator: ":").first ?? "")
        if restricting.contains(where: { cap in cap.hosts!.contains { $0.matches(host) || $0.matches(hostPort) } }) { return nil }
        return "host \(hostPort) is not among the hosts capability \(restricting.map(\.id).joined(separator: ", ")) allows page \(page) (\"hosts\" in the capability file)"
    }
}

extension BridgeEngine {
    /// Checks every call (message-handler and URL-protocol alike) against `capabilities` before
    /// validation and lookup (the `permission` stage); a refused call settles with
    /// `PERMISSION_DENIED` and its handler never runs. The permission an action needs comes
    /// from its resolved options (schema attribute or registration).
    public func install(_ capabilities: CapabilitySet) {
        addCallCheck(.permission) { call, options in
            capabilities.check(method: call.method, permission: options.permission, page: call.pageURL)
        }
    }
}
