/// HTTP and WebSocket fixtures (`--http-mock FILE`, or the `"$http"` list of a `--mock` file):
/// rules matched by method and URL pattern, each with an answer or a sequence of answers for
/// repeated requests. The file format is in docs/network.md.
public struct HTTPMockFixture: Sendable, Equatable {
    /// One HTTP rule.
    public struct Rule: Sendable, Equatable {
        /// Methods it answers (upper case); empty = any.
        public var methods: [String]
        /// The URL pattern.
        public var url: HTTPURLPattern
        /// The answers: the n-th matching request gets the n-th, the last one repeats.
        public var answers: [HTTPMockAnswer]
        /// Where the rule is written (`file:line`).
        public var origin: String?

        /// Creates a rule.
        public init(methods: [String] = [], url: HTTPURLPattern, answers: [HTTPMockAnswer], origin: String? = nil) {
            self.methods = methods.map { $0.uppercased() }
            self.url = url
            self.answers = answers
            self.origin = origin
        }

        /// `true` when the rule serves `method` `url`.
        public func matches(method: String, url: String) -> Bool {
            (methods.isEmpty || methods.contains(method.uppercased())) && self.url.matches(url)
        }
    }

    /// The HTTP rules, in file order (the first rule that matches answers).
    public var rules: [Rule]
    /// The WebSocket fixtures, in file order.
    public var webSockets: [WebSocketFixture]

    /// Creates a fixture.
    public init(rules: [Rule] = [], webSockets: [WebSocketFixture] = []) {
        self.rules = rules
        self.webSockets = webSockets
    }

    /// `true` when there is nothing in it.
    public var isEmpty: Bool { rules.isEmpty && webSockets.isEmpty }

    /// This fixture's rules, then `other`'s.
    public func appending(_ other: HTTPMockFixture) -> HTTPMockFixture {
        HTTPMockFixture(rules: rules + other.rules, webSockets: webSockets + other.webSockets)
    }

    /// The index of the first rule serving `method` `url`.
    public func ruleIndex(method: String, url: String) -> Int? {
        rules.firstIndex { $0.matches(method: method, url: url) }
    }

    /// The first WebSocket fixture serving `url`.
    public func webSocket(for url: String) -> WebSocketFixture? {
        webSockets.first { $0.url.matches(url) }
    }

    /// A problem with a fixture file: `file:line: message`.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file (`nil` for fixtures built from JSON values).
        public var file: String?
        /// The 1-based line, when known.
        public var line: Int?
        /// What is wrong.
        public var message: String

        /// Creates a problem.
        public init(file: String?, line: Int?, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        /// `file:line: message`.
        public var description: String {
            guard let file else { return message }
            return "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }
}
