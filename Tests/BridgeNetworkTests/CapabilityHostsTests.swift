import Testing

@testable import BridgeCore
@testable import BridgeValues

/// The capability file's `hosts`: which hosts a page's requests may go to.
@Suite struct CapabilityHostsTests {
    static let caps = try! CapabilitySet(json: JSONParser().parse("""
        {"capabilities": [
          {"id": "shop", "pages": ["https://m.example.com/shop/**"], "permissions": ["*"], "hosts": ["m.example.com", "*.example-cdn.com", "localhost:8080"]},
          {"id": "shop-api", "pages": ["https://m.example.com/shop/**"], "permissions": [], "hosts": ["api.example.com"]},
          {"id": "other", "pages": ["https://m.example.com/other/**"], "permissions": ["*"]}
        ]}
        """))

    static let cases: [(String, String, Bool)] = [
        ("https://m.example.com/api/user", "https://m.example.com/shop/index.html", true),
        ("https://M.EXAMPLE.COM/x", "https://m.example.com/shop/index.html", true),
        ("https://img.example-cdn.com/a.png", "https://m.example.com/shop/index.html", true),
        ("https://api.example.com/v1", "https://m.example.com/shop/index.html", true),
        ("http://localhost:8080/x", "https://m.example.com/shop/index.html", true),
        ("http://localhost:9090/x", "https://m.example.com/shop/index.html", false),
        ("https://user:pw@evil.example.org/", "https://m.example.com/shop/index.html", false),
        ("wss://push.example.org/", "https://m.example.com/shop/index.html", false),
        ("https://evil.example.org/", "https://m.example.com/other/page.html", true),
        ("https://evil.example.org/", "file:///work/app/index.html", true),
    ]

    @Test(arguments: cases)
    func hosts(_ url: String, _ page: String, _ allowed: Bool) {
        #expect((Self.caps.checkRequest(url: url, page: page) == nil) == allowed)
    }

    @Test func theRefusalNamesHostCapabilitiesAndPage() {
        #expect(Self.caps.checkRequest(url: "https://evil.example.org:444/x", page: "https://m.example.com/shop/a.html")
            == "host evil.example.org:444 is not among the hosts capability shop, shop-api allows page https://m.example.com/shop/a.html (\"hosts\" in the capability file)")
    }

    @Test func hostsMustBeStrings() {
        #expect(throws: BridgeError.invalidMessage("capability x: \"hosts\" must be a list of strings")) {
            try CapabilitySet(json: JSONParser().parse(#"{"capabilities": [{"id": "x", "pages": ["**"], "hosts": "a.com"}]}"#))
        }
    }
}
