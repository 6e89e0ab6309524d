import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore

/// Real library builds from Debian packages (installed by `scripts/bootstrap --test`) on top of
/// the network layer: axios on XMLHttpRequest, and whatwg-fetch's fetch on XMLHttpRequest (with
/// the built-in fetch removed first). The expected lines are what a browser prints.
@MainActor
@Suite struct LibraryTests {
    static let axios = "/usr/share/nodejs/axios/dist/axios.min.js"
    static let whatwgFetch = "/usr/share/nodejs/whatwg-fetch/dist/fetch.umd.js"

    static let rules = """
        [{"method": "GET", "url": "/api/user", "json": {"name": "Ada", "id": 7}, "headers": {"X-Req": "r1"}},
         {"method": "POST", "url": "https://api.example.com/login", "status": 201, "json": {"token": "t"}},
         {"url": "/api/flaky", "sequence": [{"status": 500, "text": "boom"}, {"json": {"ok": true}, "delayMs": 200}]},
         {"url": "/api/slow", "json": 1, "delayMs": 5000}]
        """

    static func library(_ path: String, package: String) throws -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("\(path) is missing: install \(package) (scripts/bootstrap --test)")
            throw CancellationError()
        }
        return text
    }

    func run(_ library: String, _ page: String, before: String = "") async throws -> [String] {
        let (engine, log) = try Net.engine(Self.rules, pageURL: "https://m.example.com/app/index.html")
        defer { engine.close() }
        if !before.isEmpty { try engine.execute(before, sourceURL: "before.js") }
        try engine.execute(library, sourceURL: "library.js")
        try engine.execute(page, sourceURL: "page.js")
        try await engine.runUntilIdle(limit: .seconds(20))
        #expect(engine.uncaughtErrors.isEmpty, "\(engine.uncaughtErrors)")
        return log.console
    }

    @Test func axiosOverXMLHttpRequest() async throws {
        let lines = try await run(Self.library(Self.axios, package: "node-axios"), """
            axios.get('/api/user', { params: { full: 1 } }).then(r => console.log('get', r.status, JSON.stringify(r.data), r.headers['x-req'], r.config.url));
            axios.post('https://api.example.com/login', { user: 'ada' }).then(r => console.log('post', r.status, r.data.token));
            axios.get('/api/flaky').catch(e => { console.log('flaky', e.message, e.response.status, e.response.data); return axios.get('/api/flaky'); })
              .then(r => console.log('retry', r.status, r.data.ok));
            axios.get('/api/nothing').catch(e => console.log('missing', e.message, e.code));
            axios.get('/api/slow', { timeout: 100 }).catch(e => console.log('timeout', e.code, e.message));
            const c = new AbortController();
            axios.get('/api/slow', { signal: c.signal }).catch(e => console.log('abort', e.name, axios.isCancel(e)));
            c.abort();
            """)
        #expect(lines == [
            "abort CanceledError true",
            #"get 200 {"name":"Ada","id":7} r1 /api/user"#,
            "post 201 t",
            "flaky Request failed with status code 500 500 boom",
            "missing Network Error ERR_NETWORK",
            "timeout ECONNABORTED timeout of 100ms exceeded",
            "retry 200 true",
        ])
    }

    @Test func whatwgFetchOverXMLHttpRequest() async throws {
        let lines = try await run(Self.library(Self.whatwgFetch, package: "node-whatwg-fetch"), """
            console.log('polyfill', fetch.polyfill === true);
            fetch('/api/user').then(r => { console.log('get', r.status, r.ok, r.url, r.headers.get('x-req')); return r.json(); }).then(j => console.log(j.name));
            fetch('https://api.example.com/login', { method: 'POST', body: JSON.stringify({ u: 1 }), headers: { 'Content-Type': 'application/json' } })
              .then(r => r.json()).then(j => console.log('login', j.token));
            fetch('/api/flaky').then(r => r.text().then(t => console.log('flaky', r.status, r.ok, t)));
            fetch('/api/nothing').catch(e => console.log('missing', e.name, e.message));
            fetch('data:application/json,{"a":1}').then(r => r.blob()).then(b => console.log('blob', b.size, b.type));
            const c = new AbortController();
            fetch('/api/slow', { signal: c.signal }).catch(e => console.log('abort', e.name));
            c.abort();
            """, before: "delete window.fetch;")
        #expect(lines == [
            "polyfill true",
            "abort AbortError",
            "get 200 true https://m.example.com/api/user r1",
            "Ada",
            "login t",
            "flaky 500 false boom",
            "missing TypeError Network request failed",
            "blob 7 application/json",
        ])
    }
}
