/// What serves a page's network requests (`engine.installNetwork(_:)`), in this order: `data:`
/// and `blob:` URLs, the offline package (`offline`), the fixtures (`fixture`); anything else
/// fails, naming the URL (there is no network).
public struct NetworkConfiguration: Sendable {
    /// What the offline resource package says about one URL.
    public enum OfflineAnswer: Sendable, Equatable {
        /// Served from this local file.
        case file(path: String, body: [UInt8])
        /// Not served, and why (not covered, black-listed, MD5 mismatch, …); the request goes on
        /// to the fixtures, as an app falls back to the network.
        case unavailable(String)
    }

    /// HTTP and WebSocket fixtures (`--http-mock`).
    public var fixture: HTTPMockFixture
    /// Serves an http(s) URL from the offline package (`OfflinePackage.resolve`); `nil` = no
    /// package.
    public var offline: (@Sendable (String) -> OfflineAnswer)?
    /// Refuses a request to an http(s) or ws(s) URL (the capability file's `hosts`): the reason,
    /// or `nil` to let it through.
    public var requestCheck: (@Sendable (_ url: String) -> String?)?
    /// Redirects (3xx with `Location`) followed before a request fails.
    public var maxRedirects: Int = 20

    /// A configuration with `fixture` and nothing else.
    public init(fixture: HTTPMockFixture = HTTPMockFixture()) {
        self.fixture = fixture
    }
}
