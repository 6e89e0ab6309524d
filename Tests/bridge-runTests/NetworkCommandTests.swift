import Foundation
import Testing

@testable import BridgeRuntime

/// End-to-end runs of pages that use the network: `--http-mock`, the `"$http"` list of a
/// `--mock` file, `--offline`, the trace's `http` events, and real axios from Debian.
@Suite struct NetworkCommandTests {
    static let appLines = [
        "user: Ada level 3",
        "orders: A1=12.5, B7=3",
        "created: 201 C3",
        #"stock: {"A1":4}"#,
        "flags: 404 false",
        "metrics: Failed to fetch https://metrics.example.com/hit: connection refused",
        "push: pong",
        #"push: { "order": "A1", "state": "shipped" }"#,
    ]

    @Test func pageWithFixtures() async throws {
        let r = try await CLI.run(["run", "Examples/network/app.js", "--http-mock", "Examples/network/http.json", "--virtual-time"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == Self.appLines)
        #expect(r.stderr.isEmpty, "a fixture's own network error is no warning")
    }

    @Test func everyRequestAndAnswerIsTraced() async throws {
        let r = try await CLI.run(["run", "Examples/network/app.js", "--http-mock", "Examples/network/http.json", "--virtual-time", "--trace", "-"])
        #expect(r.status == 0)
        let events = try r.lines.map { try JSONParser().parse($0) }
        let http = events.filter { $0["type"] == "http" }
        #expect(http.map { "\($0["phase"]!.stringValue!) \($0["method"]!.stringValue!) \($0["status"]?.intValue.map(String.init) ?? "-")" } == [
            "request GET -", "response GET 200", "request GET -", "response GET 200", "request POST -", "response POST 201",
            "request GET -", "response GET 503", "request GET -", "response GET 200", "request GET -", "response GET 404",
            "request GET -", "error GET -",
        ])
        let post = try #require(http.first { $0["method"] == "POST" })
        #expect(post["url"] == "https://api.example.com/orders")
        #expect(post["body"] == #"{"items":["A1"]}"#)
        #expect(post["headers"] == ["content-type": "application/json"])
        let orders = try #require(http.first { $0["phase"] == "response" && $0["delayMs"] == 120 })
        #expect(orders["fixture"] == "Examples/network/http.json:4")
        #expect(orders["source"] == "mock")
        #expect(events.filter { $0["type"] == "websocket" }.compactMap { $0["phase"]?.stringValue } == ["connect", "open", "send", "message", "message", "close"])
    }

    @Test func unservedRequestsWarnAndFailInThePage() async throws {
        let page = try Self.temp("unserved.js", "fetch('/api/nothing').catch(e => console.log(e.message));")
        let r = try await CLI.run(["run", page])
        #expect(r.status == 0)
        #expect(r.lines == ["Failed to fetch file:///api/nothing: no --http-mock fixture or offline file serves it (there is no network)"])
        #expect(r.errorLines == ["bridge-run: warning: GET file:///api/nothing failed: no --http-mock fixture or offline file serves it (there is no network)"])
        let uncaught = try Self.temp("uncaught.js", "fetch('https://api.example.com/x');")
        let u = try await CLI.run(["run", uncaught])
        #expect(u.status == 1, "an unhandled rejection fails the run")
        #expect(u.stderr.contains("unhandled promise rejection: TypeError: Failed to fetch https://api.example.com/x: no --http-mock fixture"))
    }

    @Test func fixturesBesideTheBridgeMocks() async throws {
        let r = try await CLI.run(["run", "Examples/network/bridge-and-http.js", "--mock", "Examples/network/mock.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["profile: Ada with t-42"])
    }

    @Test func htmlPageWithRelativeURLsAndSyncXHR() async throws {
        let r = try await CLI.run(["run", "Examples/network/index.html", "--http-mock", "Examples/network/page-http.json"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["sync xhr: 200 inline data", "ready: Orders", "config theme: dark"])
    }

    @Test func offlinePackageServesRequests() async throws {
        let page = try Self.temp("offline.js", """
            fetch('https://cres.example.com/common/js/util.js').then(r => r.text()).then(t => console.log(t.length > 0, t.split('\\n')[0].slice(0, 2)));
            const x = new XMLHttpRequest();
            x.open('GET', 'https://cres.example.com/chat_module/js/chat.js', false);
            x.send();
            console.log('xhr', x.status, x.getResponseHeader('content-type'));
            """)
        let r = try await CLI.run(["run", page, "--offline", "Examples/offline", "--trace", "-"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let events = try r.lines.map { try JSONParser().parse($0) }
        #expect(events.filter { $0["type"] == "http" && $0["phase"] == "response" }.map { $0["source"] } == ["offline", "offline"])
        #expect(r.errorLines == ["xhr 200 text/javascript", "true //"])
        let tampered = try await CLI.run(["run", page, "--offline", "Examples/offline-tampered"])
        #expect(tampered.stderr.contains("the offline package did not: "), "stderr: \(tampered.stderr)")
    }

    @Test func realAxiosFromDebian() async throws {
        let axios = try String(contentsOfFile: "/usr/share/nodejs/axios/dist/axios.min.js", encoding: .utf8)
        let page = try Self.temp("axios-page.js", axios + "\n" + """
            axios.get('/api/user').then(r => console.log('user', r.status, r.data.name, r.headers['x-request-id']));
            axios.get('/api/feature-flags').catch(e => console.log('flags', e.response.status, e.message));
            axios.post('https://api.example.com/orders', { items: ['A1'] }).then(r => console.log('created', r.data.id));
            """)
        let r = try await CLI.run(["run", page, "--http-mock", "Examples/network/http.json", "--virtual-time"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == ["user 200 Ada r-1", "flags 404 Request failed with status code 404", "created C3"])
    }

    @Test func testCommandWithFixtures() async throws {
        let r = try await CLI.run(["test", "Examples/network/api.test.js", "--http-mock", "Examples/network/http.json"])
        #expect(r.status == 0, "stdout: \(r.stdout)")
        #expect(r.lines.last == "3 passed, 0 failed")
        let without = try await CLI.run(["test", "Examples/network/api.test.js"])
        #expect(without.status == 1)
        #expect(without.lines.last == "1 passed, 2 failed")
    }

    @Test("bridge-run test reads a --mock file's \"$http\" list, and only a file with one")
    func testCommandWithHTTPFixturesInTheMockFile() async throws {
        let rules = try String(contentsOfFile: "Examples/network/http.json", encoding: .utf8)
        let mock = try Self.temp("mock.json", #"{"user.token": {"result": "t"}, "$http": "# + rules + "}")
        let r = try await CLI.run(["test", "Examples/network/api.test.js", "--mock", mock])
        #expect(r.status == 0, "stdout: \(r.stdout)")
        #expect(r.lines.last == "3 passed, 0 failed")
        let plain = try Self.temp("mock.json", #"{"user.token": {"result": "t"}}"#)
        let without = try await CLI.run(["test", "Examples/network/api.test.js", "--mock", plain])
        #expect(without.status == 1)
        #expect(without.lines.last == "1 passed, 2 failed")
    }

    @Test func badFixtureFilesExit2WithFileAndLine() async throws {
        let bad = try Self.temp("bad-http.json", "[\n  {\"url\": \"/a\", \"json\": 1},\n  {\"url\": \"/b\", \"stauts\": 200}\n]")
        let r = try await CLI.run(["run", "Examples/network/app.js", "--http-mock", bad])
        #expect(r.status == 2)
        #expect(r.errorLines == ["bridge-run: \(bad):3: unknown key \"stauts\" in an HTTP rule (expected url, method, status, statusText, headers, json, text, base64, file, body, delayMs, error, sequence, comment)"])
        let t = try await CLI.run(["test", "Examples/network/api.test.js", "--http-mock", "/no/such.json"])
        #expect(t.status == 2)
        #expect(t.errorLines == ["bridge-run: /no/such.json: cannot read the HTTP fixture file: no such file"])
    }

    @Test func helpMentionsTheOption() async throws {
        let run = try await CLI.run(["run", "--help"])
        #expect(run.stdout.contains("--http-mock FILE"))
        let test = try await CLI.run(["test", "--help"])
        #expect(test.stdout.contains("--http-mock FILE"))
    }

    static func temp(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("netcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

extension NetworkCommandTests {
    @Test func capabilityHostsRestrictRequests() async throws {
        let caps = try Self.temp("caps.json", #"{"capabilities": [{"id": "local", "pages": ["file://**"], "permissions": ["*"], "hosts": ["api.example.com"]}]}"#)
        let page = try Self.temp("hosts.js", """
            fetch('https://api.example.com/orders', { method: 'POST' }).then(r => console.log('api', r.status));
            fetch('https://metrics.example.com/hit').catch(e => console.log(e.message));
            """)
        let r = try await CLI.run(["run", page, "--http-mock", "Examples/network/http.json", "--capabilities", caps])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.lines == [
            "api 201",
            "Failed to fetch https://metrics.example.com/hit: host metrics.example.com is not among the hosts capability local allows page \(URL(fileURLWithPath: page).absoluteString) (\"hosts\" in the capability file)",
        ])
    }
}
