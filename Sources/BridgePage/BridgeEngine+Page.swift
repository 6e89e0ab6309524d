import FoundationEssentials
public import BridgeCore
public import ScriptEngine
import BridgeValues

/// Headless page support: DOM-lite globals, navigation interception and page lifecycle events.
extension BridgeEngine {
    /// Installs DOM-lite (`document`, `location`, `navigator`, storage, …) for a page.
    ///
    /// - Parameters:
    ///   - title: the document title (`document.title`).
    /// - Throws: `ScriptError` if the DOM prelude fails (a bug, not a page problem).
    ///   - elements: static elements with an `id` (tag, attributes) to create under `body`.
    public func installPageSupport(title: String? = nil, elements: [(tag: String, attributes: [String: String])] = []) throws(ScriptError) {
        guard let context, pageSession.support == nil else { return }
        if pageSession.onDemand {
            // The stand-ins are there: load through them (with the page info they were given).
            if let loader = pageSession.loader { try context.call(loader, []) }
            return
        }
        installPageNative(context, title: title, elements: elements)
        try context.evaluate(DOMPrelude.source, sourceURL: DOMPrelude.sourceURL, wantResult: false)
        notePageSupportLoaded()
    }

    /// Installs DOM-lite on first use: the page's globals (`document`, `location`, `Event`, …)
    /// exist at once as accessors, and the first read or write of any of them runs the DOM
    /// prelude (its text is fetched, parsed and run then, in the same VM entry). A script that never touches the DOM
    /// (a plain `.js` page, most test code) then never pays for it — about 0.6 MiB of heap and
    /// code pages per process. What a script sees is the same as with the eager install (a test
    /// compares the two): a global it replaced, redefined or deleted before first use stays as it
    /// left it, and the built-ins the prelude uses are the ones the stand-ins captured. Known
    /// differences: before first use the globals are accessors (`getOwnPropertyDescriptor`
    /// shows it, and `defineProperty(window, 'innerWidth', {value})` makes a read-only value
    /// where the eager install would keep it writable); a page that rewrites a built-in's methods
    /// (e.g. `Object.defineProperty`) before its first DOM use can make the load fail, and that
    /// touch throws the error.
    public func installPageSupportOnDemand() {
        guard let context, pageSession.support == nil, !pageSession.onDemand else { return }
        installPageNative(context, title: nil, elements: [])
        pageSession.onDemand = true
        do {
            try context.evaluate(DOMPrelude.onDemandSource, sourceURL: DOMPrelude.sourceURL, wantResult: false)
        } catch {
            // The stub is a fixed script; if it ever fails, fall back to the eager install.
            pageSession.onDemand = false
            try? installPageSupport()
        }
    }

    /// The `__pageNative` object the prelude reads (and deletes).
    private func installPageNative(_ context: ScriptContext, title: String?, elements: [(tag: String, attributes: [String: String])]) {
        internalSources.insert(DOMPrelude.sourceURL)
        let info: JSONValue = [
            "href": .string(configuration.pageURL), "userAgent": .string(pageSession.userAgent),
            "title": title.map { .string($0) } ?? .null,
            "elements": .array(elements.map { ["tag": .string($0.tag), "attributes": .object(JSONObject($0.attributes.mapValues { JSONValue.string($0) }))] }),
        ]
        context.installNativeObject("__pageNative", functions: [
            ("pageInfo", { _ in .json(info) }),
            ("now", { [unowned self] _ in .number(loop.clock.nowMilliseconds) }),
            ("parseURL", { args in
                guard let href = args.string(0) else { return .json(.null) }
                return .json(Self.urlParts(href, base: args.string(1)))
            }),
            ("navigate", { [unowned self] args in
                let url = args.string(0) ?? ""
                let kind = NavigationKind(rawValue: args.string(1) ?? "location") ?? .other
                if offerURL(url) { return .bool(true) }
                noteNavigation(url, kind: kind)
                return .bool(false)
            }),
            ("loaded", { [unowned self] _ in
                notePageSupportLoaded()
                return .undefined
            }),
            ("preludeSource", { _ in .string(DOMPrelude.onDemandFactory) }),
            ("registerLoader", { [unowned self] args in
                pageSession.loader = self.context?.function(argument: 0, of: args)
                return .undefined
            }),
        ])
    }

    /// Keeps the prelude's entry points once it has run.
    private func notePageSupportLoaded() {
        guard let context, pageSession.support == nil else { return }
        pageSession.support = PageSupport(setReadyState: context.function(at: "__bridgeDOM.setReadyState"), fire: context.function(at: "__bridgeDOM.fire"))
    }

    /// Sets `document.readyState` (`loading`, `interactive`, `complete`).
    public func setReadyState(_ state: String) {
        callPage(pageSession.support?.setReadyState, [.string(state)])
    }

    /// Fires an event with no detail on `document` (target `document`) or `window` (target
    /// `window`), e.g. `DOMContentLoaded` and `load`. Listener errors are recorded as uncaught.
    public func firePageEvent(_ type: String, on target: String) {
        callPage(pageSession.support?.fire, [.string(target), .string(type)])
    }

    /// Calls a DOM-lite entry point; an exception escaping it is recorded as uncaught.
    private func callPage(_ function: ScriptFunction?, _ args: [ScriptArgument]) {
        guard let function, let context else { return }
        do { try context.call(function, args) } catch { recordUncaught(error) }
    }

    /// The page layer's state for this engine, made on first use.
    var pageSession: PageSession { PageSession.of(self) }

    /// `navigator.userAgent` for the page (set it before the page's DOM is installed).
    public var userAgent: String {
        get { pageSession.userAgent }
        set { pageSession.userAgent = newValue }
    }

    /// The parts of a URL as `location` exposes them, or `.null` when it cannot be parsed.
    static func urlParts(_ href: String, base: String?) -> JSONValue {
        let baseURL = base.flatMap { URL(string: $0) }
        guard let url = URL(string: href, relativeTo: baseURL)?.absoluteURL, let scheme = url.scheme else { return .null }
        let comps = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let host = comps?.host ?? ""
        let port = comps?.port.map(String.init) ?? ""
        let hostPort = port.isEmpty ? host : "\(host):\(port)"
        let path = comps?.percentEncodedPath ?? ""
        let query = comps?.percentEncodedQuery.map { "?" + $0 } ?? ""
        let fragment = comps?.percentEncodedFragment.map { "#" + $0 } ?? ""
        let special = ["http", "https", "ws", "wss", "ftp"].contains(scheme.lowercased())
        return [
            "href": .string(url.absoluteString), "protocol": .string(scheme + ":"), "host": .string(hostPort),
            "hostname": .string(host), "port": .string(port), "pathname": .string(path.isEmpty && special ? "/" : path),
            "search": .string(query == "?" ? "" : query), "hash": .string(fragment == "#" ? "" : fragment),
            "origin": .string(special ? "\(scheme)://\(hostPort)" : "null"),
        ]
    }
}

