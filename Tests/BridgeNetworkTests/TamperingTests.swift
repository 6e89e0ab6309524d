import Testing
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore

/// A page that replaces built-ins, or the network classes' own prototype methods, breaks only
/// its own code: the machinery still answers.
@MainActor
@Suite struct TamperingTests {
    @Test func replacedBuiltInsDoNotBreakTheMachinery() async throws {
        let (lines, _) = try await Net.run("""
            const log = console.log;
            Object.defineProperty(ArrayBuffer.prototype, 'constructor', { value: function () { throw new Error('page species'); } });
            JSON.parse = () => { throw new Error('page JSON.parse'); };
            JSON.stringify = () => '"tampered"';
            Array.prototype.push = function () { throw new Error('page push'); };
            Array.prototype.slice = function () { throw new Error('page slice'); };
            Promise.prototype.then = function () { throw new Error('page then'); };
            Map.prototype.get = function () { return undefined; };
            Map.prototype.set = function () { return this; };
            WeakMap.prototype.get = function () { return undefined; };
            Function.prototype.call = function () { throw new Error('page call'); };
            Function.prototype.apply = function () { throw new Error('page apply'); };
            String.prototype.toLowerCase = function () { return 'x'; };
            Object.defineProperty = function () { throw new Error('page defineProperty'); };
            Headers.prototype.get = function () { return 'page'; };
            XMLHttpRequest.prototype.addEventListener = function () { throw new Error('page addEventListener'); };
            Uint8Array.prototype.subarray = function () { throw new Error('page subarray'); };
            Object.prototype.error = 'page error';
            Object.prototype.timeout = true;
            const x = new XMLHttpRequest();
            x.responseType = 'arraybuffer';
            x.onload = function () { log('xhr', x.status, x.getResponseHeader('X-A'), x.response.byteLength); };
            x.open('GET', '/api/user');
            x.setRequestHeader('X-B', '1');
            x.send();
            const done = fetch('/api/user', { headers: { 'X-C': '2' } });
            done.constructor === Promise && Object.getPrototypeOf(done) === Promise.prototype && log('a real promise');
            async function go() { const r = await done; log('fetch', r.status, r.ok); const j = await r.json(); log(typeof j, j.name === undefined ? 'no name' : 'name'); }
            go();
            """, rules: #"[{"url": "/api/user", "json": {"name": "Ada"}, "headers": {"X-A": "1"}}]"#)
        #expect(lines == ["a real promise", "xhr 200 1 15", "fetch 200 true", "object name"])
    }

    /// A page that gave Object.prototype a descriptor's field (`get`, `value`, …, plain or as a
    /// throwing accessor) before its first request: the network layer loads and answers.
    @Test(arguments: [
        "Object.prototype.get = 1; Object.prototype.value = 2;",
        "Object.defineProperty(Object.prototype, 'get', { get() { throw new Error('boom'); }, configurable: true });",
        "Object.prototype.set = function () {}; Object.prototype.writable = false; Object.prototype.configurable = false;",
    ])
    func objectPrototypeFieldsDoNotBreakTheNetwork(_ pollution: String) async throws {
        let (lines, _) = try await Net.run(pollution + """

            const x = new XMLHttpRequest();
            x.onload = function () { console.log('xhr', x.status, x.responseText); };
            x.open('GET', '/api/user');
            x.send();
            fetch('/api/user').then(r => r.json()).then(j => console.log('fetch', j.name, typeof Headers, typeof WebSocket));
            """, rules: #"[{"url": "/api/user", "json": {"name": "Ada"}}]"#)
        #expect(lines == [#"xhr 200 {"name": "Ada"}"#, "fetch Ada function function"])
    }

    /// `fetch(url)` and `new Request(url)` without an init read no dictionary member (as in
    /// browsers), so fields a page put on Object.prototype do not become the request's.
    @Test func noInitReadsNothingFromObjectPrototype() async throws {
        let (lines, _) = try await Net.run("""
            Object.prototype.signal = {}; Object.prototype.method = 'POST'; Object.prototype.body = 'x';
            console.log(new Request('/api/user').method);
            fetch('/api/user').then(r => r.json()).then(j => console.log('fetch', j.name), e => console.log('failed', e.message));
            """, rules: #"[{"method": "GET", "url": "/api/user", "json": {"name": "Ada"}}]"#)
        #expect(lines == ["GET", "fetch Ada"])
    }

    @Test func methodsOnTheWrongObjectThrowTypeErrors() async throws {
        let (lines, _) = try await Net.run("""
            for (const f of [() => Headers.prototype.get.call({}, 'a'), () => Object.getOwnPropertyDescriptor(Response.prototype, 'status').get.call({}),
                             () => XMLHttpRequest.prototype.open.call({}, 'GET', '/'), () => new AbortSignal(), () => Headers('a')])
              try { f(); console.log('no error'); } catch (e) { console.log(e.name); }
            Response.prototype.text.call({}).catch(e => console.log('rejects', e.name));
            """)
        #expect(lines == ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "rejects TypeError"])
    }

    @Test func aThrowingListenerIsReportedAndTheOthersStillRun() async throws {
        let (engine, log) = try Net.engine(#"[{"url": "/a", "text": "x"}]"#)
        defer { engine.close() }
        try engine.execute("""
            const x = new XMLHttpRequest();
            x.addEventListener('load', () => { throw new Error('listener broke'); });
            x.addEventListener('load', () => console.log('second listener ran'));
            x.onloadend = () => console.log('loadend');
            x.open('GET', '/a'); x.send();
            """, sourceURL: "page.js")
        try await engine.runUntilIdle(limit: .seconds(5))
        #expect(log.console == ["second listener ran", "loadend"])
        #expect(engine.uncaughtErrors.map(\.message) == ["Error: listener broke"])
        #expect(engine.uncaughtErrors.first?.location == "page.js:2")
    }

    @Test func theNativeObjectIsGone() async throws {
        let (lines, _) = try await Net.run("console.log(typeof __netNative, Object.keys(globalThis).filter(k => /fetch|XMLHttp|Headers|Blob/.test(k)).length)")
        #expect(lines == ["undefined 0"], "hidden, and the globals are not enumerable (as Web IDL has them)")
    }
}
