import Testing
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore

/// `XMLHttpRequest` as pages observe it: states and events in the standard's order, response
/// types, synchronous requests, timeout, abort and errors.
@MainActor
@Suite struct XMLHttpRequestTests {
    static let rules = """
        [{"url": "/api/user", "json": {"name": "Ada"}, "headers": {"X-A": "1", "Set-Cookie": "s=1"}},
         {"method": "POST", "url": "/api/echo", "status": 201, "text": "made"},
         {"url": "/api/slow", "json": 1, "delayMs": 1000},
         {"url": "/api/missing", "status": 404, "json": {"error": "nope"}},
         {"url": "/api/down", "error": "connection reset"},
         {"url": "/bytes", "base64": "AP8="}]
        """

    /// Logs every event an XHR and its upload fire, with readyState and status.
    static let recorder = """
        function watch(x, name) {
          const out = [];
          for (const t of ['readystatechange', 'loadstart', 'progress', 'load', 'error', 'abort', 'timeout', 'loadend'])
            x.addEventListener(t, e => out.push(name + ':' + t + '@' + x.readyState + (t === 'progress' || t === 'load' ? '/' + e.loaded : '')));
          for (const t of ['loadstart', 'progress', 'load', 'loadend'])
            x.upload.addEventListener(t, () => out.push(name + ':upload.' + t));
          return out;
        }
        """

    @Test func statesAndEventsInOrder() async throws {
        let (lines, _) = try await Net.run(Self.recorder + """
            const x = new XMLHttpRequest();
            const out = watch(x, 'get');
            console.log(x.readyState, XMLHttpRequest.DONE, x.DONE);
            x.open('GET', '/api/user');
            x.onloadend = () => {
              console.log(out.join(' '));
              console.log(x.status, x.statusText, x.responseURL, x.responseText);
              console.log(JSON.stringify(x.getAllResponseHeaders()), x.getResponseHeader('x-a'), x.getResponseHeader('set-cookie'));
            };
            x.send();
            const p = new XMLHttpRequest();
            const pout = watch(p, 'post');
            p.open('POST', '/api/echo');
            p.onload = function () { console.log(pout.join(' '), this.status, this.responseText); };
            p.send('body');
            """, rules: Self.rules)
        #expect(lines == [
            "0 4 4",
            "get:readystatechange@1 get:loadstart@1 get:readystatechange@2 get:readystatechange@3 get:progress@3/15 get:readystatechange@4 get:load@4/15 get:loadend@4",
            "200 OK https://m.example.com/api/user {\"name\": \"Ada\"}",
            "\"content-type: application/json\\r\\nx-a: 1\\r\\n\" 1 null",
            "post:readystatechange@1 post:loadstart@1 post:upload.loadstart post:upload.progress post:upload.load post:upload.loadend post:readystatechange@2 post:readystatechange@3 post:progress@3/4 post:readystatechange@4 post:load@4/4 201 made",
        ])
    }

    @Test func responseTypes() async throws {
        let (lines, _) = try await Net.run("""
            function get(url, type) {
              return new Promise(resolve => {
                const x = new XMLHttpRequest();
                x.open('GET', url);
                x.responseType = type;
                x.onload = () => resolve(x);
                x.send();
              });
            }
            (async () => {
              const j = await get('/api/user', 'json');
              console.log(typeof j.response, j.response.name, j.response === j.response);
              try { j.responseText; } catch (e) { console.log(e.name); }
              const b = await get('/bytes', 'arraybuffer');
              console.log(b.response instanceof ArrayBuffer, Array.from(new Uint8Array(b.response)).join(' '));
              const blob = await get('/bytes', 'blob');
              console.log(blob.response instanceof Blob, blob.response.size, blob.response.type);
              const t = await get('/api/missing', 'text');
              console.log(t.status, t.response);
              const bad = await get('data:,not json', 'json');
              console.log(bad.response);
            })();
            """, rules: Self.rules)
        #expect(lines == ["object Ada true", "InvalidStateError", "true 0 255", "true 2 application/octet-stream", #"404 {"error": "nope"}"#, "null"])
    }

    @Test func synchronousRequestsAnswerAtOnce() async throws {
        let (lines, log) = try await Net.run(Self.recorder + """
            const x = new XMLHttpRequest();
            const out = watch(x, 'sync');
            x.open('GET', '/api/slow', false);
            x.send();
            console.log(x.readyState, x.status, x.responseText, out.join(' '));
            const d = new XMLHttpRequest();
            d.open('GET', 'data:,inline', false);
            d.send();
            console.log(d.responseText);
            const e = new XMLHttpRequest();
            e.open('GET', '/nothing', false);
            try { e.send(); } catch (err) { console.log(err.name, err.message, e.readyState, e.status); }
            try { x.open('GET', '/a', false); x.responseType = 'json'; } catch (err) { console.log(err.name); }
            """, rules: Self.rules)
        #expect(lines == [
            "4 200 1 sync:readystatechange@1 sync:readystatechange@4 sync:load@4/1 sync:loadend@4",
            "inline",
            "NetworkError Failed to execute 'send' on 'XMLHttpRequest': Failed to load 'https://m.example.com/nothing': no --http-mock fixture or offline file serves it (there is no network) 4 0",
            "InvalidAccessError",
        ])
        #expect(log.http.filter { $0.phase == "request" }.map { $0.details["sync"] } == [true, true, true])
    }

    @Test func errorTimeoutAndAbort() async throws {
        let (lines, log) = try await Net.run(Self.recorder + """
            const e = new XMLHttpRequest(); const eout = watch(e, 'err');
            e.open('GET', '/api/down'); e.onloadend = () => console.log(eout.join(' '), e.status); e.send();
            const t = new XMLHttpRequest(); const tout = watch(t, 'to');
            t.open('GET', '/api/slow'); t.timeout = 50; t.ontimeout = () => console.log('timeout at', performance.now());
            t.onloadend = () => console.log(tout.join(' ')); t.send();
            const a = new XMLHttpRequest(); const aout = watch(a, 'ab');
            a.open('GET', '/api/slow'); a.send();
            setTimeout(() => { a.abort(); console.log(aout.join(' '), a.readyState, a.status); }, 10);
            """, rules: Self.rules)
        #expect(lines == [
            "err:readystatechange@1 err:loadstart@1 err:readystatechange@4 err:error@4 err:loadend@4 0",
            "ab:readystatechange@1 ab:loadstart@1 ab:readystatechange@4 ab:abort@4 ab:loadend@4 0 0",
            "timeout at 50",
            "to:readystatechange@1 to:loadstart@1 to:readystatechange@4 to:timeout@4 to:loadend@4",
        ])
        #expect(log.http.map(\.phase) == ["request", "request", "request", "error", "abort", "timeout"])
    }

    @Test func misuseThrowsTheStandardErrors() async throws {
        let (lines, _) = try await Net.run("""
            const x = new XMLHttpRequest();
            for (const f of [() => x.send(), () => x.setRequestHeader('a', 'b'), () => x.open('GET', 'http://[x'), () => x.open('BAD METHOD', '/a'), () => x.open('TRACE', '/a')])
              try { f(); } catch (e) { console.log(e.name, e instanceof DOMException); }
            x.open('get', '/api/user');
            x.setRequestHeader('X-One', 'a'); x.setRequestHeader('x-one', 'b');
            // A value a browser refuses: CR LF (a header line of its own), NUL, beyond a byte.
            for (const v of ['v\\r\\nInjected: 1', 'a\\u0000b', '\\u0100'])
              try { x.setRequestHeader('X-Bad', v); console.log('accepted'); } catch (e) { console.log(e.name, e instanceof DOMException); }
            x.send();
            try { x.send(); } catch (e) { console.log(e.name); }
            """, rules: Self.rules)
        #expect(lines == ["InvalidStateError true", "InvalidStateError true", "SyntaxError true", "SyntaxError true", "SecurityError true",
                          "SyntaxError true", "SyntaxError true", "SyntaxError true", "InvalidStateError"])
    }

    @Test func requestHeadersAndBodyTypes() async throws {
        let (_, log) = try await Net.run("""
            const x = new XMLHttpRequest();
            x.open('POST', '/api/echo');
            x.setRequestHeader('X-One', 'a'); x.setRequestHeader('x-one', 'b');
            x.send('text');
            const y = new XMLHttpRequest();
            y.open('POST', '/api/echo');
            y.send(new Blob(['{}'], { type: 'application/json' }));
            """, rules: Self.rules)
        let requests = log.http.filter { $0.phase == "request" }
        #expect(requests[0].details["headers"] == ["X-One": "a, b", "Content-Type": "text/plain;charset=UTF-8"])
        #expect(requests[1].details["headers"] == ["Content-Type": "application/json"])
        #expect(requests[1].details["body"] == "{}")
    }
}
