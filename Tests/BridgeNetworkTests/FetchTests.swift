import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// `fetch` as pages observe it, answered from data: URLs, fixtures and the offline package.
@MainActor
@Suite struct FetchTests {
    static let rules = """
        [{"method": "GET", "url": "/api/user", "json": {"name": "Ada"}, "headers": {"X-Trace": "t1", "Set-Cookie": "a=1"}},
         {"url": "/api/missing", "status": 404, "text": "no such user"},
         {"url": "/api/broken", "status": 500, "statusText": "Oops", "json": {"error": "db"}},
         {"method": "POST", "url": "https://api.example.com/login", "status": 201, "json": {"token": "t"}},
         {"url": "/api/slow", "json": 1, "delayMs": 1500},
         {"url": "/api/retry", "sequence": [{"status": 503, "text": "busy"}, {"status": 503, "text": "busy"}, {"text": "ok"}]},
         {"url": "/api/down", "error": "connection refused"},
         {"url": "/old", "status": 301, "headers": {"Location": "/api/user"}},
         {"url": "/bytes", "base64": "AP8QgA=="}]
        """

    @Test func jsonFromAFixture() async throws {
        let (lines, log) = try await Net.run("""
            fetch('/api/user').then(r => {
              console.log(r.status, r.ok, r.statusText, r.url, r.type, r.redirected, r.bodyUsed);
              console.log(r.headers.get('Content-Type'), r.headers.get('x-trace'), [...r.headers.keys()].join(','));
              return r.json().then(j => console.log(j.name, r.bodyUsed));
            });
            """, rules: Self.rules)
        #expect(lines == [
            "200 true OK https://m.example.com/api/user basic false false",
            "application/json t1 content-type,x-trace",  // the fixture's Set-Cookie is hidden, as browsers hide it
            "Ada true",
        ])
        #expect(log.httpLines == ["request 1 GET https://m.example.com/api/user", "response 1 GET https://m.example.com/api/user 200"])
        #expect(log.http[1].details["source"] == "mock")
        #expect(log.http[1].details["fixture"]?.stringValue?.hasSuffix("/http.json:1") == true, "the rule's file and line")
    }

    @Test func nonSuccessStatusesResolve() async throws {
        let (lines, _) = try await Net.run("""
            (async () => {
              for (const u of ['/api/missing', '/api/broken']) {
                const r = await fetch(u);
                console.log(r.status, r.ok, r.statusText, await r.text());
              }
            })();
            """, rules: Self.rules)
        #expect(lines == ["404 false Not Found no such user", #"500 false Oops {"error": "db"}"#])
    }

    @Test func unservedURLRejectsWithATypeErrorNamingIt() async throws {
        let (lines, log) = try await Net.run("""
            fetch('https://cdn.example.com/x.json').catch(e => console.log(e instanceof TypeError, e.message));
            fetch('/api/down').catch(e => console.log(e.message));
            fetch('http://[bad').catch(e => console.log(e.name, e.message));
            """, rules: Self.rules)
        #expect(lines == [
            "TypeError Failed to execute 'fetch' on 'Window': Failed to parse URL from http://[bad",
            "true Failed to fetch https://cdn.example.com/x.json: no --http-mock fixture or offline file serves it (there is no network)",
            "Failed to fetch https://m.example.com/api/down: connection refused",
        ])
        #expect(log.httpLines == [
            "request 1 GET https://cdn.example.com/x.json", "request 2 GET https://m.example.com/api/down",
            "error 1 GET https://cdn.example.com/x.json no --http-mock fixture or offline file serves it (there is no network)",
            "error 2 GET https://m.example.com/api/down connection refused",
        ])
        #expect(log.http[2].details["cause"] == "unserved")
        #expect(log.http[3].details["cause"] == "fixture")
    }

    @Test func dataURLs() async throws {
        let (lines, _) = try await Net.run("""
            (async () => {
              const a = await fetch('data:text/plain;base64,SGVsbG8gd29ybGQ=');
              console.log(a.status, a.headers.get('content-type'), await a.text());
              const b = await fetch('data:application/json,%7B%22a%22%3A%5B1%2C2%5D%7D');
              console.log(JSON.stringify(await b.json()));
              const c = await fetch('data:,%00%FF');
              console.log(Array.from(new Uint8Array(await c.arrayBuffer())).join(' '));
            })();
            """)
        #expect(lines == ["200 text/plain Hello world", #"{"a":[1,2]}"#, "0 255"])
    }

    @Test func delaysRunOnTheEngineClock() async throws {
        let (engine, log) = try Net.engine(Self.rules)
        defer { engine.close() }
        try engine.execute("""
            const t0 = performance.now();
            fetch('/api/slow').then(r => r.json()).then(v => console.log('slow', v, performance.now() - t0));
            fetch('/api/user').then(() => console.log('fast', performance.now() - t0));
            """)
        #expect(engine.pendingSummary == "2 HTTP requests (GET https://m.example.com/api/slow, GET https://m.example.com/api/user)")
        let started = ContinuousClock.now
        try await engine.runUntilIdle(limit: .seconds(10))
        #expect(ContinuousClock.now - started < .seconds(1), "virtual time does not wait")
        #expect(log.console == ["fast 0", "slow 1 1500"])
        #expect(log.http.last?.details["delayMs"] == 1500)
    }

    @Test func aPendingRequestKeepsTheRunAliveUntilTheLimit() async throws {
        // Real time (a virtual clock would jump to the answer); a long delay, so that a loaded
        // machine holding the main actor for seconds cannot deliver it first.
        let (engine, _) = try Net.engine(#"[{"url": "/api/slow", "json": 1, "delayMs": 600000}]"#, clock: SystemClock())
        defer { engine.close() }
        try engine.execute("fetch('/api/slow')")
        await #expect(throws: BridgeEngine.RunStop.timeLimit(.milliseconds(100), pending: "1 HTTP request (GET https://m.example.com/api/slow)")) {
            try await engine.runUntilIdle(limit: .milliseconds(100))
        }
    }

    @Test func sequencesAnswerRepeatedRequestsInOrderThenRepeatTheLast() async throws {
        let (lines, log) = try await Net.run("""
            (async () => {
              for (let i = 0; i < 4; i++) { const r = await fetch('/api/retry'); console.log(r.status, await r.text()); }
            })();
            """, rules: Self.rules)
        #expect(lines == ["503 busy", "503 busy", "200 ok", "200 ok"])
        #expect(log.http.filter { $0.phase == "response" }.map { $0.details["sequence"] } == [1, 2, 3, 3])
    }

    @Test func abortRejectsWithAnAbortError() async throws {
        let (lines, log) = try await Net.run("""
            const c = new AbortController();
            fetch('/api/slow', { signal: c.signal }).then(() => console.log('resolved'), e => console.log(e.name, e.message, e instanceof DOMException, e.code));
            setTimeout(() => c.abort(), 10);
            fetch('/api/user', { signal: AbortSignal.abort('why') }).catch(e => console.log('pre', e));
            const t = AbortSignal.timeout(20);
            fetch('/api/slow', { signal: t }).catch(e => console.log(e.name, t.aborted, t.reason.name));
            """, rules: Self.rules)
        #expect(lines == ["pre why", "AbortError signal is aborted without reason true 20", "TimeoutError true TimeoutError"])
        #expect(log.httpLines.filter { $0.hasPrefix("abort") } == ["abort 1 GET https://m.example.com/api/slow", "abort 2 GET https://m.example.com/api/slow"])
    }

    @Test func requestBodiesAndHeadersReachTheTrace() async throws {
        let (lines, log) = try await Net.run("""
            const fd = new FormData();
            fd.append('name', 'Ada');
            fetch('https://api.example.com/login', { method: 'post', headers: { 'X-A': '1', 'x-a': '2' }, body: JSON.stringify({ u: 'ada' }) })
              .then(r => r.json()).then(j => console.log(j.token));
            fetch('https://api.example.com/login', { method: 'POST', body: fd });
            fetch('https://api.example.com/login', { method: 'POST', body: new Uint8Array([0, 255]) });
            fetch('/api/user', { method: 'GET', body: 'x' }).catch(e => console.log(e.message));
            """, rules: Self.rules)
        #expect(lines == ["Failed to execute 'fetch' on 'Window': Request with GET/HEAD method cannot have body.", "t"])
        let requests = log.http.filter { $0.phase == "request" }
        #expect(requests[0].details["method"] == "POST")
        #expect(requests[0].details["headers"] == ["content-type": "text/plain;charset=UTF-8", "x-a": "1, 2"])
        #expect(requests[0].details["body"] == #"{"u":"ada"}"#)
        let multipart = try #require(requests[1].details["body"]?.stringValue)
        let type = try #require(requests[1].details["headers"]?["content-type"]?.stringValue)
        let boundary = String(type.dropFirst("multipart/form-data; boundary=".count))
        #expect(multipart == "--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n--\(boundary)--\r\n")
        #expect(requests[2].details["bodyBase64"] == "AP8=")
    }

    @Test func redirectsAreFollowed() async throws {
        let (lines, _) = try await Net.run("""
            fetch('/old').then(r => r.json().then(j => console.log(r.status, r.redirected, r.url, j.name)));
            fetch('/old', { redirect: 'manual' }).then(r => console.log(r.type, r.status));
            fetch('/old', { redirect: 'error' }).catch(e => console.log(e.name));
            """, rules: Self.rules)
        #expect(lines == ["200 true https://m.example.com/api/user Ada", "opaqueredirect 0", "TypeError"])
    }

    @Test func binaryBodies() async throws {
        let (lines, _) = try await Net.run("""
            (async () => {
              const r = await fetch('/bytes');
              const c = r.clone();
              console.log(Array.from(new Uint8Array(await r.arrayBuffer())).join(' '));
              const b = await c.blob();
              console.log(b.size, b.type, b instanceof Blob, Array.from(new Uint8Array(await b.slice(1, 3).arrayBuffer())).join(' '));
              await r.text().catch(e => console.log(e.message));
            })();
            """, rules: Self.rules)
        #expect(lines == ["0 255 16 128", "4 application/octet-stream true 255 16", "Failed to execute 'text' on 'Response': body stream already read"])
    }

    @Test func offlineFilesComeBeforeFixtures() async throws {
        let (lines, log) = try await Net.run("""
            fetch('https://m.example.com/app/data.json').then(r => r.json()).then(j => console.log('offline', j.v, j.from));
            fetch('https://m.example.com/app/other.json').then(r => r.json()).then(j => console.log('mock', j.from));
            fetch('https://m.example.com/app/gone.json').then(r => r.json()).then(j => console.log(j.from));
            """, rules: #"[{"url": "/app/*.json", "json": {"from": "mock"}}, {"url": "/app/data.json", "json": {"from": "never"}}]"#) { config in
            config.offline = { url in
                if url.hasSuffix("/data.json") { return .file(path: "/pkg/app/data.json", body: Array(#"{"v": 2, "from": "offline"}"#.utf8)) }
                return .unavailable(url.hasSuffix("gone.json") ? "md5 mismatch" : "no offline package covers this URL (and there is no network)")
            }
        }
        #expect(lines == ["offline 2 offline", "mock mock", "mock"])
        #expect(log.http.filter { $0.phase == "response" }.map { $0.details["source"] } == ["offline", "mock", "mock"])
        #expect(log.http[3].details["file"] == "/pkg/app/data.json")
    }

    @Test func unservedAfterAnOfflineRefusalSaysWhy() async throws {
        let (lines, _) = try await Net.run("fetch('https://m.example.com/app/gone.js').catch(e => console.log(e.message));") { config in
            config.offline = { _ in .unavailable("md5 mismatch: manifest says a, file has b (tampered or stale; not run)") }
        }
        #expect(lines == ["Failed to fetch https://m.example.com/app/gone.js: no --http-mock fixture or offline file serves it (there is no network); the offline package did not: md5 mismatch: manifest says a, file has b (tampered or stale; not run)"])
    }

    @Test func hostChecksRefuse() async throws {
        let caps = try CapabilitySet(json: JSONParser().parse(#"{"capabilities": [{"id": "shop", "pages": ["https://m.example.com/**"], "permissions": [], "hosts": ["m.example.com", "*.example.net"]}]}"#))
        let (lines, log) = try await Net.run("""
            fetch('/api/user').then(r => console.log('own', r.status));
            fetch('https://cdn.example.net/a').then(r => console.log('cdn', r.status));
            fetch('https://evil.example.org/a').catch(e => console.log(e.message));
            fetch('data:,ok').then(r => console.log('data', r.status));
            """, rules: #"[{"url": "**", "text": "x"}]"#) { config in
            config.requestCheck = { url in caps.checkRequest(url: url, page: Net.page) }
        }
        #expect(lines == ["own 200", "cdn 200", "Failed to fetch https://evil.example.org/a: host evil.example.org is not among the hosts capability shop allows page https://m.example.com/app/index.html (\"hosts\" in the capability file)", "data 200"])
        #expect(log.http.first { $0.phase == "error" }?.details["cause"] == "refused")
    }

    /// `http:/host` and `https:host` go to that host in a browser; they once reached no host,
    /// and the `hosts` check let them through to a catch-all fixture (a review's find).
    @Test func hostChecksSeeMalformedSchemes() async throws {
        let caps = try CapabilitySet(json: JSONParser().parse(#"{"capabilities": [{"id": "shop", "pages": ["https://m.example.com/**"], "permissions": [], "hosts": ["m.example.com"]}]}"#))
        let (lines, _) = try await Net.run("""
            for (const u of ['http:/evil.example.org/a', 'https:evil.example.org/b', 'https:///evil.example.org/c', 'https:own.js'])
              fetch(u).then(r => console.log('served', r.url), e => console.log('refused', u));
            """, rules: #"[{"url": "**", "text": "x"}]"#) { config in
            config.requestCheck = { url in caps.checkRequest(url: url, page: Net.page) }
        }
        // On this https page `https:evil.example.org/b` is relative, as in a browser: the page's own host.
        #expect(lines == ["refused http:/evil.example.org/a", "served https://m.example.com/app/evil.example.org/b", "refused https:///evil.example.org/c", "served https://m.example.com/app/own.js"])
    }

    @Test func closingTheEngineDropsPendingRequests() throws {
        let (engine, _) = try Net.engine(Self.rules)
        try engine.execute("fetch('/api/slow'); fetch('/api/user');")
        #expect(!engine.isIdle)
        engine.close()
        #expect(engine.isIdle)
        #expect(engine.pendingSummary == "nothing")
    }
}
