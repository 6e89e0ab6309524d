import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// URL patterns of capability files.
struct URLGlobTests {
    @Test(
        "patterns match whole URLs: * stops at '/', ** crosses it, ? is one character",
        arguments: [
            ("https://m.example.com/shop/*", "https://m.example.com/shop/index.html", true),
            ("https://m.example.com/shop/*", "https://m.example.com/shop/a/b.html", false),
            ("https://m.example.com/shop/*", "https://m.example.com/shop/", true),
            ("https://m.example.com/**", "https://m.example.com/shop/a/b/c.html", true),
            ("https://m.example.com/**", "https://m.example.com/", true),
            ("https://m.example.com/**", "https://m.example.com.evil.io/x", false),
            ("https://*.example.com/**", "https://m.example.com/x", true),
            ("https://*.example.com/**", "https://example.com/x", false),
            ("https://*.example.com/**", "https://evil.io/.example.com/x", false),
            ("https://m.example.com/p?.html", "https://m.example.com/p1.html", true),
            ("https://m.example.com/p?.html", "https://m.example.com/p12.html", false),
            ("https://m.example.com/p?.html", "https://m.example.com/p/.html", false),
            ("https://m.example.com/shop", "https://m.example.com/shop/index.html", false),
            ("https://m.example.com/shop", "https://m.example.com/sho", false),
            ("file://**", "file:///work/app/index.html", true),
            ("file://**", "https://m.example.com/file://x", false),
            ("https://m.example.com/a.b", "https://m.example.com/aXb", false),
            ("https://m.example.com/(x)+[y]", "https://m.example.com/(x)+[y]", true),
            ("HTTPS://M.EXAMPLE.COM/Shop", "https://m.example.com/Shop", true),
            ("https://m.example.com/Shop", "https://M.Example.com/Shop", true),
            ("https://m.example.com/Shop", "https://m.example.com/shop", false),
            ("", "", true),
            ("", "https://m.example.com/", false),
            ("**", "anything at all", true),
            ("user.*", "user.get", true),
            ("user.*", "user", false),
            ("device.*", "device.scan.code", true),
        ])
    func matching(_ pattern: String, _ url: String, _ expected: Bool) {
        #expect(URLGlob(pattern).matches(url) == expected, "\(pattern) vs \(url)")
        #expect(URLGlob(pattern).description == pattern)
    }

    @Test("a long URL against a pattern with stars answers promptly")
    func longURL() {
        let url = "https://m.example.com/" + String(repeating: "a/", count: 5000) + "x.htm"
        #expect(!URLGlob("https://m.example.com/**/*.html").matches(url))
        #expect(URLGlob("https://m.example.com/**/*.htm").matches(url))
        #expect(!URLGlob("https://*/*/*/*.html").matches(url))
    }
}

/// Granting and refusing calls by page.
struct CapabilitySetTests {
    static let file: JSONValue = [
        "capabilities": [
            ["id": "pay-pages", "pages": ["https://m.example.com/shop/pay.html"], "permissions": ["payment"]],
            ["id": "shop-pages", "pages": ["https://m.example.com/**"], "permissions": ["user.profile"], "deny": ["device.*"]],
            ["id": "local-files", "pages": ["file://**"], "permissions": ["*"], "deny": ["danger.wipe"]],
        ],
    ]

    @Test("grants, refusals, * and deny globs")
    func checks() throws {
        let caps = try CapabilitySet(json: Self.file)
        let shop = "https://m.example.com/shop/index.html"
        let pay = "https://m.example.com/shop/pay.html"
        // Granted by a matching capability.
        #expect(caps.check(method: "user.get", permission: "user.profile", page: shop) == nil)
        #expect(caps.check(method: "pay.start", permission: "payment", page: pay) == nil)
        // Every capability matching the page counts: pay.html also matches shop-pages.
        #expect(caps.check(method: "user.get", permission: "user.profile", page: pay) == nil)
        // Lacking the permission: PERMISSION_DENIED naming the permission and the page.
        let denied = try #require(caps.check(method: "pay.start", permission: "payment", page: shop))
        #expect(denied.code == .permissionDenied)
        #expect(denied.message.contains("'payment'") && denied.message.contains(shop), "\(denied)")
        // No capability matches the page: only actions needing no permission.
        let stranger = "https://evil.example.org/x.html"
        #expect(caps.check(method: "user.get", permission: "user.profile", page: stranger)?.code == .permissionDenied)
        #expect(caps.check(method: "ping", permission: nil, page: stranger) == nil)
        // Actions needing no permission are open to matching pages too.
        #expect(caps.check(method: "ping", permission: nil, page: shop) == nil)
        // "*" grants every permission...
        #expect(caps.check(method: "pay.start", permission: "payment", page: "file:///work/app/index.html") == nil)
        #expect(caps.check(method: "anything", permission: "whatever", page: "file:///x.js") == nil)
        // ...but a deny glob still refuses the action, with or without a permission.
        let wipe = try #require(caps.check(method: "danger.wipe", permission: nil, page: "file:///x.js"))
        #expect(wipe.code == .permissionDenied)
        #expect(wipe.message.contains("local-files"), "\(wipe)")
        #expect(caps.check(method: "device.scan", permission: nil, page: shop)?.code == .permissionDenied)
        #expect(caps.check(method: "device.camera.open", permission: "user.profile", page: shop)?.code == .permissionDenied)
        #expect(caps.check(method: "devices", permission: nil, page: shop) == nil)
    }

    @Test("query strings and fragments are ignored when matching pages")
    func queryIgnored() throws {
        let caps = try CapabilitySet(json: Self.file)
        #expect(caps.check(method: "pay.start", permission: "payment", page: "https://m.example.com/shop/pay.html?order=A1") == nil)
        #expect(caps.check(method: "pay.start", permission: "payment", page: "https://m.example.com/shop/pay.html#top") == nil)
        #expect(caps.check(method: "pay.start", permission: "payment", page: "https://m.example.com/shop/pay.html?x=1#y") == nil)
        // A query cannot smuggle a granted path in.
        #expect(caps.check(method: "pay.start", permission: "payment", page: "https://m.example.com/shop/index.html?https://m.example.com/shop/pay.html")?.code == .permissionDenied)
        #expect(caps.check(method: "pay.start", permission: "payment", page: "https://m.example.com/shop/pay.html.evil/x")?.code == .permissionDenied)
    }

    @Test("malformed capability files are refused naming the entry and field", arguments: [
        ("{}", "capabilities"),
        (#"{"capabilities": {}}"#, "capabilities"),
        (#"{"capabilities": [{"id": "a"}]}"#, "capability a: \"pages\" is required"),
        (#"{"capabilities": [{"id": "a", "pages": "https://x/**"}]}"#, "must be a list of strings"),
        (#"{"capabilities": [{"id": "a", "pages": [1]}]}"#, "must be a list of strings"),
        (#"{"capabilities": [{"pages": ["x"], "permissions": [null]}]}"#, "capability #1"),
        (#"{"capabilities": [{"id": "a", "pages": ["x"], "deny": [{}]}]}"#, "must be a list of strings"),
        (#"{"capabilities": [{"id": "a", "pages": ["x"], "grant": ["*"]}]}"#, "unknown key \"grant\""),
    ])
    func malformed(_ text: String, _ fragment: String) throws {
        let json = try JSONParser().parse(text)
        let error = #expect(throws: BridgeError.self) { try CapabilitySet(json: json) }
        #expect(error?.code == .invalidMessage)
        #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test("an unreadable or non-JSON capability file names the file")
    func unreadable() throws {
        let dir = try Reliability.TempDir()
        defer { dir.remove() }
        let bad = try dir.write("caps.json", "{not json")
        let e1 = #expect(throws: BridgeError.self) { try CapabilitySet(contentsOf: bad) }
        #expect(e1?.message.hasPrefix(bad) == true)
        let missing = dir.path + "/none.json"
        let e2 = #expect(throws: BridgeError.self) { try CapabilitySet(contentsOf: missing) }
        #expect(e2?.message.hasPrefix(missing) == true)
        let good = try dir.write("good.json", Self.file.jsonString())
        #expect(try CapabilitySet(contentsOf: good).capabilities.map(\.id) == ["pay-pages", "shop-pages", "local-files"])
    }
}

/// Capabilities installed on an engine: message-handler and URL-protocol calls are checked the
/// same way, before validation, and a refused handler never runs.
@MainActor
struct CapabilityEngineTests {
    /// `pay.start` needs `payment` (registration), `user.get` needs `user.profile`, `ping` nothing.
    func makeEngine(page: String, capabilities: CapabilitySet?, ran: Recorder<String>) throws -> BridgeEngine {
        let registry = BridgeRegistry()
        try registry.register(action: "pay.start", options: ActionOptions(permission: "payment")) { call in
            ran.append(call.method)
            return ["status": "paid"]
        }
        try registry.register(action: "user.get", options: ActionOptions(permission: "user.profile")) { call in
            ran.append(call.method)
            return ["name": "Ada"]
        }
        try registry.register(action: "ping") { call in
            ran.append(call.method)
            return "pong"
        }
        let engine = try BridgeEngine.forTesting(registry: registry) { c in
            c.useGlobalRegistry = false
            c.pageURL = page
        }
        if let capabilities { engine.install(capabilities) }
        try engine.installPageSupport()
        return engine
    }

    static let caps = CapabilitySet(capabilities: [
        .init(id: "shop", pages: [URLGlob("https://m.example.com/shop/**")], permissions: ["user.profile"], deny: [URLGlob("ping")]),
    ])

    @Test("a message call without the permission settles PERMISSION_DENIED and its handler never runs")
    func messageCall() async throws {
        let ran = Recorder<String>()
        let engine = try makeEngine(page: "https://m.example.com/shop/index.html", capabilities: Self.caps, ran: ran)
        defer { engine.close() }
        let pay = try await engine.settle("bridge.call('pay.start', {orderId: 'A1'})")
        #expect(pay["code"] == "PERMISSION_DENIED")
        #expect(pay["message"]?.stringValue?.contains("payment") == true)
        #expect(pay["message"]?.stringValue?.contains("https://m.example.com/shop/index.html") == true)
        let user = try await engine.settle("bridge.call('user.get')")
        #expect(user["value"] == ["name": "Ada"])
        let ping = try await engine.settle("bridge.call('ping')")
        #expect(ping["code"] == "PERMISSION_DENIED", "denied by the deny glob")
        #expect(ran.all == ["user.get"])
    }

    @Test("a legacy URL-protocol call is checked the same way as a message call")
    func legacyCall() async throws {
        let ran = Recorder<String>()
        let engine = try makeEngine(page: "https://m.example.com/shop/index.html", capabilities: Self.caps, ran: ran)
        defer { engine.close() }
        var errors: [BridgeError] = []
        engine.addEventObserver { if case .error(_, _, let e) = $0 { errors.append(e) } }
        try engine.evaluate(
            """
            globalThis.got = {};
            function payCb(p) { got.pay = p.error ? p.error.code : 'ok'; }
            function userCb(p) { got.user = p.error ? p.error.code : p.result.name; }
            function go(o) { return 'hybrid://bridge?parameter=' + encodeURIComponent(JSON.stringify(o)); }
            location.href = go({action: 'pay.start', orderId: 'A1', callback: 'payCb'});
            var f = document.createElement('iframe'); f.src = go({action: 'user.get', callback: 'userCb'}); document.body.appendChild(f);
            window.open(go({action: 'ping', callback: 'payCb2'}));
            """)
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(try engine.evaluate("got") == ["pay": "PERMISSION_DENIED", "user": "Ada"])
        #expect(errors.map(\.code) == [.permissionDenied, .permissionDenied], "pay.start and the denied ping")
        #expect(ran.all == ["user.get"])
        // Offered directly from native code: the same answer.
        let proto = LegacyURLProtocol()
        #expect(engine.offerURL(proto.url(action: "pay.start", params: ["orderId": "B2"])))
        #expect(errors.last?.code == .permissionDenied)
        #expect(ran.all == ["user.get"])
    }

    @Test("no capability set installed: every call is allowed (today's behaviour)")
    func noCapabilities() async throws {
        let ran = Recorder<String>()
        let engine = try makeEngine(page: "https://evil.example.org/", capabilities: nil, ran: ran)
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('pay.start', {})")["value"] == ["status": "paid"])
        #expect(engine.offerURL(LegacyURLProtocol().url(action: "user.get")))
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(ran.all == ["pay.start", "user.get"])
    }

    @Test("the permission can come from a schema; capabilities refuse before validation")
    func schemaPermission() async throws {
        let ran = Recorder<String>()
        let engine = try makeEngine(page: "https://m.example.com/shop/index.html", capabilities: nil, ran: ran)
        defer { engine.close() }
        let schemas = try SchemaSet.parse(xml: """
            <protocol name="t" version="1">
              <action name="user.get" permission="camera">
                <param name="id" type="integer" required="true"/>
              </action>
            </protocol>
            """, file: "t.xml")
        engine.install(schemas)
        engine.install(Self.caps)
        #expect(engine.permission(for: "user.get") == "camera")
        let refused = try await engine.settle("bridge.call('user.get', {id: 'not a number'})")
        #expect(refused["code"] == "PERMISSION_DENIED", "the permission check comes first: \(refused)")
        #expect(refused["message"]?.stringValue?.contains("'camera'") == true)
        #expect(ran.all.isEmpty)
    }

    @Test("a page whose URL has a query gets its path's capabilities")
    func queryOnPage() async throws {
        let ran = Recorder<String>()
        let caps = CapabilitySet(capabilities: [.init(id: "pay", pages: [URLGlob("https://m.example.com/shop/pay.html")], permissions: ["payment"], deny: [])])
        let engine = try makeEngine(page: "https://m.example.com/shop/pay.html?order=A1#x", capabilities: caps, ran: ran)
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('pay.start', {})")["value"] == ["status": "paid"])
        #expect(ran.all == ["pay.start"])
    }
}
