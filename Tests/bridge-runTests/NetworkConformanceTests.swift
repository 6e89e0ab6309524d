import Foundation
import Testing

@testable import BridgeRuntime

/// Where the network layer once differed from browsers (a hostile review's findings), run end to
/// end: `blob:` URLs, bodies a response cannot have, redirects out of http(s), hidden headers,
/// form bodies, a page's `toJSON`, and the warnings of unserved sockets.
@Suite struct NetworkConformanceTests {
    static func folder(_ files: [String: String]) throws -> String { try CLI.folder(files) }

    static let blobScript = """
        const u = URL.createObjectURL(new Blob(['hey'], { type: 'text/plain' }));
        console.log(u.startsWith('blob:'));
        fetch(u).then(r => r.text()).then(t => {
          console.log('fetch', t);
          const x = new XMLHttpRequest(); x.open('GET', u); x.send();
          x.onload = () => {
            console.log('xhr', x.responseText);
            URL.revokeObjectURL(u);
            fetch(u).catch(e => console.log('revoked', e.name));
          };
        });
        """

    @Test func blobURLsResolveInScriptsAndPages() async throws {
        // URL.createObjectURL was the page layer's, with a map of its own nobody read: every
        // fetch of a blob: URL failed.
        let dir = try Self.folder(["page.js": Self.blobScript, "page.html": "<html><body><script>\(Self.blobScript)</script></body></html>"])
        for page in ["page.js", "page.html"] {
            let r = try await CLI.run(["run", "\(dir)/\(page)"])
            #expect(r.status == 0, "\(page): \(r.stderr)")
            #expect(r.lines == ["true", "fetch hey", "xhr hey", "revoked TypeError"], "\(page)")
        }
        // A script element whose src is a blob: URL runs the Blob's text and fires load; a revoked
        // one fires error (it was looked for as a file, and failed the run).
        let scripts = try Self.folder(["s.html": """
            <html><body><script>
            const ok = document.createElement('script');
            ok.src = URL.createObjectURL(new Blob(["console.log('blob script ran')"], { type: 'text/javascript' }));
            ok.onload = () => console.log('load');
            document.body.appendChild(ok);
            const gone = document.createElement('script');
            gone.src = URL.createObjectURL(new Blob(['1'])); URL.revokeObjectURL(gone.src);
            gone.onerror = () => console.log('error');
            setTimeout(() => document.body.appendChild(gone), 0);
            </script></body></html>
            """])
        let s = try await CLI.run(["run", "\(scripts)/s.html"])
        #expect(s.lines.count == 4, "\(s.lines) \(s.stderr)")
        #expect(Array(s.lines.prefix(2)) == ["blob script ran", "load"])
        #expect(s.lines.dropFirst(2).first?.contains("script src 'blob:null/") == true)
        #expect(s.lines.dropFirst(2).first?.hasSuffix("': no Blob for this URL (revoked, or made in another page)") == true)
        #expect(s.lines.last == "error")
        // A blob made after the network's first use, in a script run whose URL loads later.
        let late = try Self.folder(["late.js": "fetch('data:,x').then(() => fetch(URL.createObjectURL(new Blob(['late'])))).then(r => r.text()).then(console.log);"])
        let r = try await CLI.run(["run", "\(late)/late.js"])
        #expect(r.lines == ["late"], "\(r.stderr)")
    }

    @Test func headAndNullBodyStatusesHaveNoBody() async throws {
        let dir = try Self.folder([
            "http.json": #"[{"url": "https://a.example.com/ok", "json": {"a": 1}}, {"url": "https://a.example.com/none", "status": 204, "text": "stray"}]"#,
            "page.js": """
                (async () => {
                  const h = await fetch('https://a.example.com/ok', { method: 'HEAD' });
                  console.log('HEAD', h.status, JSON.stringify(await h.text()), h.headers.get('content-type'));
                  const n = await fetch('https://a.example.com/none');
                  console.log('204', JSON.stringify(await n.text()));
                  const x = new XMLHttpRequest(); x.open('HEAD', 'https://a.example.com/ok', false); x.send();
                  console.log('xhr HEAD', JSON.stringify(x.responseText));
                  const g = await fetch('https://a.example.com/ok');
                  console.log('GET', await g.text());
                })();
                """,
        ])
        let r = try await CLI.run(["run", "\(dir)/page.js", "--http-mock", "\(dir)/http.json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == [#"HEAD 200 "" application/json"#, #"204 """#, #"xhr HEAD """#, #"GET {"a": 1}"#], "the fixture's text as written")
    }

    @Test func redirectsOutOfHTTPFail() async throws {
        let dir = try Self.folder([
            "http.json": #"""
                [{"url": "https://a.example.com/data", "status": 302, "headers": {"Location": "data:text/plain,from-data"}},
                 {"url": "https://a.example.com/js", "status": 301, "headers": {"Location": "javascript:alert(1)"}},
                 {"url": "https://a.example.com/fine", "status": 302, "headers": {"Location": "/ok"}},
                 {"url": "https://a.example.com/ok", "text": "ok"}]
                """#,
            "page.js": """
                for (const p of ['data', 'js', 'fine'])
                  fetch('https://a.example.com/' + p).then(r => r.text()).then(t => console.log(p, 'followed', t), e => console.log(p, e.message));
                """,
        ])
        let r = try await CLI.run(["run", "\(dir)/page.js", "--http-mock", "\(dir)/http.json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.sorted() == [
            "data Failed to fetch https://a.example.com/data: redirect to data:text/plain,from-data, which is not an http(s) URL",
            "fine followed ok",
            "js Failed to fetch https://a.example.com/js: redirect to javascript:alert(1), which is not an http(s) URL",
        ])
        // A local page's path fixtures answer file: URLs, and may redirect among them.
        let local = try Self.folder([
            "http.json": #"[{"url": "/old", "status": 302, "headers": {"Location": "/new"}}, {"url": "/new", "json": {"ok": true}}]"#,
            "local.js": "fetch('/old').then(r => r.json()).then(j => console.log('fetch', j.ok), e => console.log(e.message));",
        ])
        let l = try await CLI.run(["run", "\(local)/local.js", "--http-mock", "\(local)/http.json"])
        #expect(l.lines == ["fetch true"], "\(l.stderr)")
    }

    @Test func setCookieIsHiddenFromThePageButTraced() async throws {
        let dir = try Self.folder([
            "http.json": #"[{"url": "https://a.example.com/login", "headers": {"Set-Cookie": "sid=1", "X-Seen": "yes"}, "text": "ok"}]"#,
            "page.js": """
                fetch('https://a.example.com/login').then(r => {
                  console.log('fetch', r.headers.get('set-cookie'), r.headers.get('x-seen'), [...r.headers.keys()].join());
                  const x = new XMLHttpRequest(); x.open('GET', 'https://a.example.com/login', false); x.send();
                  console.log('xhr', x.getResponseHeader('Set-Cookie'), JSON.stringify(x.getAllResponseHeaders()));
                });
                """,
        ])
        let r = try await CLI.run(["run", "\(dir)/page.js", "--http-mock", "\(dir)/http.json", "--trace", "\(dir)/trace.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["fetch null yes content-type,x-seen", #"xhr null "content-type: text/plain;charset=UTF-8\r\nx-seen: yes\r\n""#])
        let trace = try String(contentsOfFile: "\(dir)/trace.jsonl", encoding: .utf8)
        #expect(trace.contains(#""Set-Cookie":"sid=1""#), "the trace shows what the server sent")
    }

    @Test func formBodiesAndToJSONOnPrototypes() async throws {
        // URLSearchParams had no brand, so it was sent as text; Prototype.js's
        // Array.prototype.toJSON turned every request header pair into its answer.
        let dir = try Self.folder([
            "http.json": #"[{"url": "https://a.example.com/form", "method": "POST", "text": "ok"}]"#,
            "page.html": """
                <html><body><script>
                Array.prototype.toJSON = function () { return 'PROTOTYPE.JS'; };
                console.log(Object.prototype.toString.call(new URLSearchParams('a=1')), Object.prototype.toString.call(new URL('https://a.example.com/')));
                fetch('https://a.example.com/form', { method: 'POST', headers: { 'X-Token': 'abc' }, body: new URLSearchParams({ a: '1 2' }) });
                const x = new XMLHttpRequest(); x.open('POST', 'https://a.example.com/form'); x.setRequestHeader('X-Token', 'def'); x.send(new URLSearchParams({ b: '2' }));
                </script></body></html>
                """,
        ])
        let r = try await CLI.run(["run", "\(dir)/page.html", "--http-mock", "\(dir)/http.json", "--trace", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let events = try r.lines.map { try JSONParser().parse($0) }
        #expect(events.contains { $0["type"] == "console" && $0["message"] == "[object URLSearchParams] [object URL]" })
        let requests = events.filter { $0["type"] == "http" && $0["phase"] == "request" }
        #expect(requests.map(\.["body"]) == ["a=1+2", "b=2"])
        #expect(requests[0]["headers"] == ["content-type": "application/x-www-form-urlencoded;charset=UTF-8", "x-token": "abc"])
        #expect(requests[1]["headers"] == ["X-Token": "def", "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8"])
    }

    @Test func theLayersDOMExceptionsArePlacedAtThePageLine() async throws {
        // In a script run the DOMException is made inside a function JavaScriptCore shows
        // without a file; the error was reported at the network layer's own line (1369).
        let dir = try Self.folder([
            "twice.js": "const x = new XMLHttpRequest();\nx.open('GET', 'data:,hi');\nx.send();\nx.send();\n",
            "abort.js": "const c = new AbortController();\nfetch('data:,hi', { signal: c.signal });\nc.abort();\n",
        ])
        let twice = try await CLI.run(["run", "\(dir)/twice.js"])
        #expect(twice.status == 1)
        #expect(twice.errorLines == ["bridge-run: \(dir)/twice.js:4: uncaught InvalidStateError: Failed to execute 'send' on 'XMLHttpRequest': The object is already sending."])
        let abort = try await CLI.run(["run", "\(dir)/abort.js"])
        #expect(abort.errorLines == ["bridge-run: \(dir)/abort.js:3: unhandled promise rejection: AbortError: signal is aborted without reason"])
    }

    @Test func aRequestDoesNotLoadTheDOM() async throws {
        // The network layer read the global DOMException at its first use, which in a script run
        // loaded the DOM — with the built-ins the page had replaced by then.
        let dir = try Self.folder([
            "call.js": """
                Function.prototype.call = function () { throw new Error('page replaced Function.prototype.call'); };
                const x = new XMLHttpRequest(); x.open('GET', 'data:,hi'); x.onload = () => console.log('xhr', x.responseText); x.send();
                fetch('data:,there').then(r => r.text()).then(t => console.log('fetch', t));
                """,
        ])
        let r = try await CLI.run(["run", "\(dir)/call.js"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["xhr hi", "fetch there"])
        // The first DOMException it makes reads the DOM's then; when that load fails, the error
        // is the layer's own: abort() threw the page's error and its fetch resolved.
        let abort = try Self.folder([
            "abort.js": """
                Array.prototype.push = function () { throw new Error('tampered push'); };
                const ac = new AbortController(); const p = fetch('data:,x', { signal: ac.signal });
                try { ac.abort(); console.log('abort ok'); } catch (e) { console.log('abort threw', e.message); }
                p.then(() => console.log('resolved'), e => console.log('rejected', e.name, e instanceof Error));
                """,
        ])
        let a = try await CLI.run(["run", "\(abort)/abort.js"])
        #expect(a.lines == ["abort ok", "rejected AbortError true"], "\(a.stderr)")
    }

    @Test func unservedSocketsWarnAndWarningsSayWhenTheyStop() async throws {
        let dir = try Self.folder([
            "ws.js": "const w = new WebSocket('wss://nowhere.example.com/'); w.onclose = e => console.log('close', e.code);",
            "many.js": "for (let i = 0; i < 105; i++) fetch('https://a.example.com/' + i).catch(() => {});",
        ])
        let ws = try await CLI.run(["run", "\(dir)/ws.js"])
        #expect(ws.status == 0)
        #expect(ws.lines == ["close 1006"])
        #expect(ws.errorLines == ["bridge-run: warning: WebSocket wss://nowhere.example.com/ failed: no --http-mock WebSocket fixture serves it (there is no network)"])
        let many = try await CLI.run(["run", "\(dir)/many.js"])
        #expect(many.errorLines.count == 101)
        #expect(many.errorLines.last == "bridge-run: warning: more than 100 warnings; the rest are not printed (--trace FILE records every request)")
    }
}
