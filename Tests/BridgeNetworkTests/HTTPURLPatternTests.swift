import Testing

@testable import BridgeNetwork
import BridgeSupport

/// URL patterns of HTTP rules, and the helpers under them (data: URLs, base64, relative URLs).
@Suite struct HTTPURLPatternTests {
    static let cases: [(String, String, Bool)] = [
        ("/api/user", "https://m.example.com/api/user", true),
        ("/api/user", "file:///api/user", true),
        ("/api/user", "https://m.example.com/api/user?id=1", true),
        ("/api/user", "https://m.example.com/api/user/1", false),
        ("/api/user?id=1", "https://m.example.com/api/user?id=1", true),
        ("/api/user?id=1", "https://m.example.com/api/user?id=2", false),
        ("/api/*", "https://x/api/users", true),
        ("/api/*", "https://x/api/users/1", false),
        ("/api/**", "https://x/api/users/1", true),
        ("/api/users/*/posts", "https://x/api/users/7/posts", true),
        ("https://api.example.com/*", "https://API.Example.com/v1", true),
        ("https://api.example.com/*", "http://api.example.com/v1", false),
        ("https://*.example.com/**", "https://cdn.example.com/a/b.png", true),
        ("**", "data:text/plain,x", true),
        ("/a", "https://x/a#frag", true),
        ("/A", "https://x/a", false),
    ]

    @Test(arguments: cases)
    func matches(_ pattern: String, _ url: String, _ expected: Bool) {
        #expect(HTTPURLPattern(pattern).matches(url) == expected)
    }

    static let resolutions: [(String, String, String?)] = [
        ("/api/user", "file:///work/app/page.js", "file:///api/user"),
        ("data.json?x=1", "https://m.example.com/a/b.html?q=1", "https://m.example.com/a/data.json?x=1"),
        ("../up#frag", "https://m.example.com/a/b/c.html", "https://m.example.com/a/up"),
        ("HTTPS://API.Example.com:443/x/./y/../z", "about:blank", "https://api.example.com/x/z"),
        ("//cdn.example.com/lib.js", "https://m.example.com/", "https://cdn.example.com/lib.js"),
        ("https://a.com/a b", "about:blank", "https://a.com/a%20b"),
        ("", "https://m.example.com/a?q#h", "https://m.example.com/a?q"),
        ("data:,hi", "https://m.example.com/", "data:,hi"),
        ("http://a.com", "about:blank", "http://a.com/"),
        // A special scheme without exactly two slashes begins the host anyway (the URL standard):
        // these once reached no host, and the capability file's `hosts` check let them through.
        ("http:/evil.com/api/user", "file:///work/app/page.js", "http://evil.com/api/user"),
        ("https:evil.com/api/user", "file:///work/app/page.js", "https://evil.com/api/user"),
        ("https:///evil.com/b", "https://m.example.com/", "https://evil.com/b"),
        ("HTTPS:\\evil.com\\c", "https://m.example.com/", "https://evil.com/c"),
        ("wss:/evil.com/s", "https://m.example.com/", "wss://evil.com/s"),
        ("http:/evil.com/d", "https://m.example.com/a/b.html", "http://evil.com/d"),
        // With no slash and a base of the same scheme, the rest is relative to the base.
        ("https:x.js", "https://m.example.com/a/b.html", "https://m.example.com/a/x.js"),
    ]

    @Test(arguments: resolutions)
    func relativeURLsResolveAgainstThePage(_ url: String, _ base: String, _ expected: String?) {
        #expect(URLResolution.resolve(url, against: base) == expected)
    }

    @Test func dataURLs() {
        #expect(DataURL("data:text/plain;base64,SGVsbG8=") == DataURL(mediaType: "text/plain", body: Array("Hello".utf8)))
        #expect(DataURL("data:,a%20b") == DataURL(mediaType: "text/plain;charset=US-ASCII", body: Array("a b".utf8)))
        #expect(DataURL("data:application/json;charset=utf-8,%7B%7D") == DataURL(mediaType: "application/json;charset=utf-8", body: Array("{}".utf8)))
        #expect(DataURL("data:;base64,AAE") == DataURL(mediaType: "text/plain;charset=US-ASCII", body: [0, 1]))
        #expect(DataURL("data:;charset=utf-8,x") == DataURL(mediaType: "text/plain;charset=utf-8", body: [120]))
        #expect(DataURL("data:text/plain") == nil)
        #expect(DataURL("data:;base64,@@@") == nil)
    }

    @Test func base64() {
        #expect(Base64.decode("SGVsbG8=") == Array("Hello".utf8))
        #expect(Base64.decode("SGVs bG8") == Array("Hello".utf8))
        #expect(Base64.decode("S") == nil)
        #expect(Base64.decode("SG=Vs") == nil)
        #expect(Base64.encode([0, 1, 2, 255]) == "AAEC/w==")
        #expect(Base64.encode(Array("Hello".utf8)) == "SGVsbG8=")
    }
}
