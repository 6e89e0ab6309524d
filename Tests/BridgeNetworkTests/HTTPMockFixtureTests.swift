import Foundation
import Testing

@testable import BridgeNetwork
@testable import BridgeValues

/// The `--http-mock` file format: rules, sequences, bodies, and one clear `file:line` problem
/// for anything wrong.
@Suite struct HTTPMockFixtureTests {
    @Test func readsAListOrADollarHTTPMember() throws {
        let list = try Net.file("http.json", #"[{"url": "/a", "json": {"x": 1}}]"#)
        let inMock = try Net.file("mock.json", #"{"user.get": {"result": 1}, "$http": [{"url": "/a", "text": "hi", "status": 404}]}"#)
        let a = try HTTPMockFixture(contentsOf: list)
        let b = try HTTPMockFixture(contentsOf: inMock)
        #expect(a.rules.count == 1 && b.rules.count == 1)
        #expect(a.rules[0].answers[0].outcome == .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"x": 1}"#.utf8)), "as written in the file")
        #expect(b.rules[0].answers[0].outcome == .response(status: 404, statusText: "Not Found", headers: [HTTPHeader("Content-Type", "text/plain;charset=UTF-8")], body: Array("hi".utf8)))
        #expect(try HTTPMockFixture.embedded(inMockFile: inMock)?.rules.count == 1)
        #expect(try HTTPMockFixture.embedded(inMockFile: try Net.file("m.json", #"{"a": {"result": 1}}"#)) == nil)
        // --http-mock rules first, then the --mock file's.
        let both = try HTTPMockFixture.load(httpMock: list, mock: inMock)
        #expect(both.rules.map { $0.answers[0].origin?.hasSuffix(":1") } == [true, true])
        #expect(both.rules.count == 2)
    }

    @Test func bodiesHeadersDelaysAndFailures() throws {
        let dir = try Net.file("body.bin", "unused")
        try Data([0, 1, 2, 255]).write(to: URL(fileURLWithPath: dir))
        let f = try HTTPMockFixture(contentsOf: try Net.file("h.json", """
            [{"url": "/b", "base64": "AAEC/w==", "headers": {"X-A": "1", "Content-Type": "image/png"}, "delayMs": 250},
             {"url": "/f", "file": "\(dir)"},
             {"url": "/e", "error": "connection refused", "delayMs": 5},
             {"url": "/s", "body": "plain"},
             {"url": "/j", "body": [1, 2]}]
            """))
        #expect(f.rules[0].answers[0] .outcome == .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", "image/png"), HTTPHeader("X-A", "1")], body: [0, 1, 2, 255]))
        #expect(f.rules[0].answers[0].delay == .milliseconds(250))
        #expect(f.rules[1].answers[0].outcome == .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", "application/octet-stream")], body: [0, 1, 2, 255]))
        #expect(f.rules[2].answers[0].outcome == .failure("connection refused"))
        #expect(f.rules[2].answers[0].delay == .milliseconds(5))
        #expect(f.rules[3].answers[0].outcome == .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", "text/plain;charset=UTF-8")], body: Array("plain".utf8)))
        #expect(f.rules[4].answers[0].outcome == .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", "application/json")], body: Array("[1, 2]".utf8)))
    }

    @Test func fixturesBuiltFromValuesWriteSortedJSON() throws {
        let f = try HTTPMockFixture(json: JSONParser().parse(#"[{"url": "/a", "json": {"b": 1, "a": 2}}]"#))
        #expect(f.rules[0].answers[0].outcome == .response(status: 200, statusText: "OK", headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"a":2,"b":1}"#.utf8)))
        #expect(f.rules[0].origin == nil)
    }

    @Test func methodsAndFirstMatchingRuleWins() throws {
        let f = try Net.fixture("""
            [{"method": "POST", "url": "/a", "status": 201},
             {"method": ["get", "HEAD"], "url": "/a", "status": 202},
             {"url": "/a", "status": 203}]
            """)
        #expect(f.ruleIndex(method: "POST", url: "https://x/a") == 0)
        #expect(f.ruleIndex(method: "GET", url: "https://x/a") == 1)
        #expect(f.ruleIndex(method: "head", url: "https://x/a") == 1)
        #expect(f.ruleIndex(method: "DELETE", url: "https://x/a") == 2)
        #expect(f.ruleIndex(method: "GET", url: "https://x/b") == nil)
    }

    /// (file text, expected problem) — each names the line of what is wrong.
    static let problems: [(String, String)] = [
        ("[\n{\"url\": \"/a\",\n \"stauts\": 200}]", "F:3: unknown key \"stauts\" in an HTTP rule (expected url, method, status, statusText, headers, json, text, base64, file, body, delayMs, error, sequence, comment)"),
        ("[{\"url\": \"/a\"},\n {\"url\": \"/b\", \"status\": 99}]", "F:2: \"status\" must be an integer from 200 to 599"),
        ("[{\"json\": 1}]", "F:1: a rule needs \"url\": a URL pattern such as \"https://api.example.com/users/*\" or \"/api/users/*\""),
        ("[\n {\"url\": \"/a\",\n  \"json\": 1,\n  \"text\": \"x\"}]", "F:4: an answer has one body: \"json\" or \"text\", not both"),
        ("[{\"url\": \"/a\", \"status\": 200,\n \"sequence\": [{}]}]", "F:1: a rule with \"sequence\" puts \"status\" in each answer of the sequence, not beside it"),
        ("[{\"url\": \"/a\", \"sequence\": [\n{\"status\": 500},\n{\"delayMs\": -1}]}]", "F:3: \"delayMs\" must be a number of milliseconds from 0 to 86400000"),
        ("[{\"url\": \"/a\", \"error\": \"down\",\n \"json\": {}}]", "F:2: an answer with \"error\" is a network failure and has no \"json\""),
        ("[{\"url\": \"/a\", \"headers\": {\"Bad Name\": \"x\"}}]", "F:1: \"Bad Name\" is not a valid header name"),
        ("[{\"url\": \"/a\", \"headers\": {\"X-A\": \"1\\r\\nSet-Cookie: s=evil\"}}]", "F:1: header \"X-A\" must not contain CR, LF or NUL in its value"),
        ("[{\"url\": \"/a\", \"headers\": {\"X-A\": \"a\\u0000b\"}}]", "F:1: header \"X-A\" must not contain CR, LF or NUL in its value"),
        ("[{\"url\": \"/a\", \"statusText\": \"OK\\nInjected: yes\"}]", "F:1: \"statusText\" must not contain CR, LF or NUL (a status line cannot hold them)"),
        ("{\"user.get\": {}}", "F:1: an HTTP fixture file is a list of rules [{\"url\", \"method\"?, \"status\"?, \"json\"|\"text\"|…}] or an object with such a list under \"$http\""),
        ("[\n{\"url\": \"/a\",,}]", "F:2: invalid JSON: "),
        ("[{\"websocket\": \"wss://x/*\",\n \"close\": {\"code\": 999}}]", "F:2: \"code\" must be 1000, 1001–1014 or 3000–4999"),
    ]

    @Test(arguments: problems)
    func problemsNameFileAndLine(_ text: String, _ expected: String) throws {
        let path = try Net.file("bad.json", text)
        #expect {
            try HTTPMockFixture(contentsOf: path)
        } throws: { error in
            let d = (error as? HTTPMockFixture.Problem)?.description ?? ""
            return d.hasPrefix(expected.replacingOccurrences(of: "F:", with: path + ":"))
        }
    }

    @Test func missingFileIsOneLine() {
        #expect(throws: HTTPMockFixture.Problem(file: "/no/such.json", line: nil, message: "cannot read the HTTP fixture file: no such file")) {
            try HTTPMockFixture(contentsOf: "/no/such.json")
        }
    }

    @Test func webSocketFixtures() throws {
        let f = try Net.fixture("""
            [{"websocket": "wss://chat.example.com/*", "protocol": "chat", "delayMs": 5,
              "messages": [{"text": "hello"}, {"json": {"n": 1}, "delayMs": 10}, {"base64": "AAE="}],
              "replies": [{"match": "ping*", "text": "pong"}, {"match": "*", "echo": true}],
              "close": {"code": 4000, "reason": "bye", "delayMs": 100}}]
            """)
        let ws = try #require(f.webSocket(for: "wss://chat.example.com/room"))
        #expect(ws.protocol == "chat" && ws.openDelay == .milliseconds(5))
        #expect(ws.messages == [.init(.text("hello")), .init(.text(#"{"n": 1}"#), delay: .milliseconds(10)), .init(.binary([0, 1]))])
        #expect(ws.replies[0].matches("ping 1") && !ws.replies[0].matches("xping"))
        #expect(ws.replies[1].echo)
        #expect(ws.close == .init(code: 4000, reason: "bye", delay: .milliseconds(100)))
        #expect(f.webSocket(for: "wss://other.example.com/") == nil)
    }
}
