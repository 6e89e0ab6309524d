import Testing

@testable import BridgePage
@testable import BridgeValues

/// The page layer's URL parsing (`new URL`, `location`, reflected `href`/`src`) on inputs where
/// Foundation's parser and the URL standard part ways.
@Suite struct URLPartsTests {
    @Test("leading and trailing spaces and controls are dropped, tabs and line breaks removed", arguments: [
        ("  /root  ", "https://a.example/x", "https://a.example/root"),
        (" /a\n/b\t", "https://a.example/x", "https://a.example/a/b"),
        ("\u{0}\u{1F}https://b.example/p?q=1 \r\n", nil, "https://b.example/p?q=1"),
        ("page.html", " https://a.example/dir/index.html\n", "https://a.example/dir/page.html"),
        // Nothing left: the base without its fragment, as `new URL(' ', base)` gives.
        (" ", "https://a.example/x?q#f", "https://a.example/x?q"), ("\t", "https://a.example/x", "https://a.example/x"),
    ] as [(String, String?, String)])
    func whitespace(_ input: String, _ base: String?, _ expected: String) {
        #expect(URLParts.parts(input, base: base)["href"] == .string(expected))
    }

    @Test("hosts with forbidden code points are not URLs; bracketed IPv6 and percent-encoded letters are", arguments: [
        ("http://[bad", false), ("http://a b/", false), ("http://a<b/", false), ("https://a%2Fb.example/", false),
        ("http://[::1]:8080/x", true), ("http://ex%41mple.com/", true), ("https://m.example.com/a", true),
        // Only special schemes have their hosts checked so.
        ("sc://a%5Bb/", true),
    ])
    func hosts(_ input: String, _ valid: Bool) {
        #expect((URLParts.parts(input, base: nil) != .null) == valid, "\(input)")
    }

    @Test("blob: URLs keep their form (domino's resolver made blob:null/x blob://null/x)")
    func blob() {
        #expect(URLParts.parts("blob:null/x", base: "file:///p/index.html")["href"] == "blob:null/x")
        #expect(URLParts.parts("blob:https://a.example/1-2", base: nil)["href"] == "blob:https://a.example/1-2")
    }
}
