import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSupport

/// Pages and the page DOM in an engine.
@MainActor
@Suite struct PageLoaderTests {
    func engine(url: String = "https://m.example.com/shop/index.html?x=1#top") throws -> BridgeEngine {
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.pageURL = url
        config.useGlobalRegistry = true
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in call.params }
        config.scopedRegistry = registry
        return try BridgeEngine(configuration: config)
    }

    func logs(_ engine: BridgeEngine) -> () -> [String] {
        var lines: [String] = []
        engine.addEventObserver { if case .console(_, let m) = $0 { lines.append(m) } }
        return { lines }
    }

    @Test func lifecycleOrderMatchesBrowsers() async throws {
        let e = try engine()
        defer { e.close() }
        let out = logs(e)
        let html = """
            <script>
              console.log('inline ' + document.readyState);
              document.addEventListener('DOMContentLoaded', () => console.log('DCL ' + document.readyState));
              window.addEventListener('load', () => console.log('load ' + document.readyState));
              setTimeout(() => console.log('timer'), 0);
            </script>
            <script>console.log('second')</script>
            """
        try PageLoader(pageName: "p.html", pageURL: e.configuration.pageURL, baseDirectory: "/tmp").load(html: html, into: e)
        try await e.runUntilIdle(limit: .seconds(30))
        #expect(out() == ["inline loading", "second", "DCL interactive", "load complete", "timer"])
        #expect(e.uncaughtErrors.isEmpty)
    }

    @Test func aThrowingScriptIsReportedAndTheNextStillRuns() throws {
        let e = try engine()
        defer { e.close() }
        let out = logs(e)
        try PageLoader(pageName: "p.html", pageURL: e.configuration.pageURL, baseDirectory: "/tmp").load(html: "<p>\n<script>\nboom()</script><script>console.log('after')</script>", into: e)
        #expect(out() == ["after"])
        let error = try #require(e.uncaughtErrors.first)
        #expect(error.sourceURL == "p.html (inline script #1)")
        #expect(error.line == 3)
    }

    /// As in a browser: the element's `error` event, and the page goes on; the missing file is
    /// returned and recorded as an error of the page.
    @Test func aMissingScriptIsNamedAndThePageGoesOn() throws {
        let e = try engine(url: "file:///tmp/p.html")
        defer { e.close() }
        let out = logs(e)
        let name = "nope-\(UUID().uuidString).js"
        let missing = try PageLoader(pageName: "p.html", pageURL: "file:///tmp/p.html", baseDirectory: "/tmp")
            .load(html: "<script src='\(name)' onerror=\"console.log('error event')\"></script><script>console.log('next')</script>", into: e)
        let message = "p.html: script src '\(name)' not found (/tmp/\(name))"
        #expect(missing.map(\.message) == [message])
        #expect(out() == ["error event", "next"])
        #expect(e.uncaughtErrors.map(\.description) == [message])
    }

    /// A `src` naming something that is there but cannot be a script (a directory, a file over
    /// the 1 GiB read limit) says why, rather than "not found"; the page still goes on.
    @Test func anUnreadableScriptSaysWhy() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib.js"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("huge.js").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(1) << 31) == 0)  // sparse: 2 GiB that take no disk
        let e = try engine(url: "file://\(dir.path)/p.html")
        defer { e.close() }
        let out = logs(e)
        let failed = try PageLoader(pageName: "p.html", pageURL: "file://\(dir.path)/p.html", baseDirectory: dir.path)
            .load(html: "<script src='lib.js'></script><script src='huge.js'></script><script>console.log('next')</script>", into: e)
        #expect(failed.map(\.message) == [
            "p.html: script src 'lib.js' cannot be read: a directory, not a file (\(dir.path)/lib.js)",
            "p.html: script src 'huge.js' cannot be read: larger than 1 GiB (\(huge))",
        ])
        #expect(out() == ["next"])
    }

    /// `src` is a URL: a percent-encoded name is the decoded file's, as in a browser; a file whose
    /// name really has the `%` (and no decoded twin) still loads.
    @Test func percentEncodedSrcNamesTheDecodedFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("encoded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "console.log('spaced')".write(to: dir.appendingPathComponent("my lib.js"), atomically: true, encoding: .utf8)
        try "console.log('literal')".write(to: dir.appendingPathComponent("100%25.js"), atomically: true, encoding: .utf8)
        try "console.log('unicode')".write(to: dir.appendingPathComponent("é.js"), atomically: true, encoding: .utf8)
        let e = try engine(url: "file://\(dir.path)/p.html")
        defer { e.close() }
        let out = logs(e)
        let failed = try PageLoader(pageName: "p.html", pageURL: "file://\(dir.path)/p.html", baseDirectory: dir.path)
            .load(html: "<script src='my%20lib.js'></script><script src='100%25.js'></script><script src='%C3%A9.js?v=1'></script><script src='no%20such.js'></script>", into: e)
        #expect(failed.map(\.message) == ["p.html: script src 'no%20such.js' not found (\(dir.path)/no%20such.js)"])
        #expect(out() == ["spaced", "literal", "unicode"])
    }

    @Test func locationIsParsedFromThePageURL() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("[location.protocol, location.host, location.pathname, location.search, location.hash, location.origin, String(location)].join('|')")
        #expect(v == "https:|m.example.com|/shop/index.html|?x=1|#top|https://m.example.com|https://m.example.com/shop/index.html?x=1#top")
    }

    @Test func cookiesFollowTheUsualSemantics() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("""
            document.cookie = 'a=1; path=/';
            document.cookie = 'b=2; Max-Age=3600';
            document.cookie = 'a=3';
            document.cookie = 'b=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
            document.cookie = 'c=x=y';
            document.cookie
            """)
        #expect(v == "a=3; c=x=y")
    }

    @Test func domBasics() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("""
            const d = document.createElement('div'); d.id = 'x'; d.className = 'a b';
            const s = document.createElement('span'); s.textContent = 'hi';
            d.appendChild(s); document.body.appendChild(d);
            const first = document.createElement('p'); d.insertBefore(first, s);
            d.setAttribute('data-user-id', '7'); d.style.color = 'red';
            let clicks = 0; d.addEventListener('click', () => clicks++); s.click(); d.removeChild(first);
            [document.getElementById('x') === d, d.children.length, d.textContent, d.dataset.userId, d.classList.contains('b'),
             clicks, d.getAttribute('class'), document.querySelectorAll('span.none, #x').length,
             document.querySelector('span') === s, d.style.color].join(',')
            """)
        #expect(v == "true,1,hi,7,true,1,a b,1,true,red")
    }

    @Test("live lists (getElementsBy…, children) enumerate only their indices, before and after the tree changes")
    func liveListsEnumerateOnlyTheirIndices() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("""
            const ul = document.createElement('ul'); document.body.appendChild(ul);
            for (let i = 0; i < 3; i++) { const li = document.createElement('li'); li.className = 'x'; ul.appendChild(li); }
            const byTag = document.getElementsByTagName('li'), byClass = ul.getElementsByClassName('x'), kids = ul.children;
            const keys = (o) => { const k = []; for (const n in o) k.push(n); return Object.keys(o).join(' ') + '|' + k.join(' '); };
            const before = [byTag.length, keys(byTag), keys(byClass), keys(kids)].join(';');
            ul.removeChild(ul.firstChild);
            const after = [byTag.length, byClass.length, kids.length, keys(byTag), keys(byClass), keys(kids), byTag[1] === ul.lastChild].join(';');
            before + '/' + after
            """)
        #expect(v == "3;0 1 2|0 1 2;0 1 2|0 1 2;0 1 2|0 1 2/2;2;2;0 1|0 1;0 1|0 1;0 1|0 1;true")
    }

    @Test func missingFeaturesFailWithTheJSErrorAndRealSelectorsWork() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let error = #expect(throws: ScriptError.self) { try e.evaluate("indexedDB.open('db')", sourceURL: "x.js") }
        #expect(error?.message.contains("indexedDB") == true)
        #expect(error?.location == "x.js:1")
        #expect(try e.evaluate("""
            document.body.innerHTML = '<div><p>a</p><p class="x">b</p></div><div><p>c</p></div>';
            [document.querySelectorAll('div > p:first-child').length, document.querySelector('p.x + p'),
             document.querySelector('div:nth-of-type(2) p').textContent, document.querySelector('p.x').closest('div') !== null].join()
            """) == "2,,c,true")
    }

    @Test func storageBase64AndTextEncoding() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("""
            localStorage.setItem('k', 1); sessionStorage.setItem('s', 'v');
            const bytes = new TextEncoder().encode('héllo 😀');
            [localStorage.getItem('k'), localStorage.length, localStorage.getItem('none'), sessionStorage.getItem('s'),
             btoa('hello'), atob('aGVsbG8='), bytes.length, new TextDecoder().decode(bytes), navigator.userAgent.includes('BridgeRuntime')].join('|')
            """)
        #expect(v == "1|1||v|aGVsbG8=|hello|11|héllo 😀|true")
    }

    @Test(arguments: ["iframe-before-append", "iframe-after-append", "iframe-in-inserted-div", "iframe-in-fragment", "location-href", "location-assign", "window-open"])
    func legacyURLProtocolIsInterceptedEveryWay(way: String) async throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        var calls: [EngineEvent] = []
        var navigations = 0
        e.addEventObserver { event in
            if case .call = event { calls.append(event) }
            if case .navigate = event { navigations += 1 }
        }
        let url = "hybrid://bridge?parameter=' + encodeURIComponent(JSON.stringify({action: 'echo', n: 1, callback: 'done'})) + '"
        let trigger: String
        switch way {
        case "iframe-before-append": trigger = "const f = document.createElement('iframe'); f.src = '\(url)'; document.body.appendChild(f);"
        case "iframe-after-append": trigger = "const f = document.createElement('iframe'); document.body.appendChild(f); f.setAttribute('src', '\(url)');"
        case "iframe-in-inserted-div": trigger = "const d = document.createElement('div'), p = document.createElement('p'), f = document.createElement('iframe'); f.src = '\(url)'; p.appendChild(f); d.appendChild(document.createTextNode('x')); d.appendChild(p); document.body.appendChild(d);"
        case "iframe-in-fragment": trigger = "const g = document.createDocumentFragment(), f = document.createElement('iframe'); f.src = '\(url)'; g.appendChild(document.createElement('span')); g.appendChild(f); document.body.appendChild(g);"
        case "location-href": trigger = "location.href = '\(url)';"
        case "location-assign": trigger = "location.assign('\(url)');"
        default: trigger = "window.open('\(url)');"
        }
        try e.evaluate("globalThis.got = null; function done(p) { got = p; }\n" + trigger)
        try await e.runUntilIdle(limit: .seconds(30))
        #expect(calls == [.call(method: "echo", params: ["n": 1], callbackId: "done", via: .url)])
        #expect(try e.evaluate("JSON.stringify(got)") == #"{"callbackId":"done","result":{"n":1},"error":null}"#)
        #expect(navigations == 0, "a bridge URL must never navigate")
        #expect(try e.evaluate("location.href") == "https://m.example.com/shop/index.html?x=1#top")
    }

    /// Scripts inside an inserted subtree run when it is connected, in tree order, once; an
    /// insertion without element children (a leaf, text) runs nothing; a subtree inserted while
    /// disconnected runs its scripts only when it is connected.
    @Test func scriptsInsideInsertedSubtreesRun() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        try e.evaluate("""
            globalThis.ran = [];
            function script(text) { const s = document.createElement('script'); s.textContent = text; return s; }
            const outer = document.createElement('div'), inner = document.createElement('section');
            inner.appendChild(script("ran.push('inner')"));
            outer.appendChild(script("ran.push('first')"));
            outer.appendChild(document.createTextNode('text'));
            outer.appendChild(inner);
            ran.push('built');
            document.body.appendChild(outer);
            const g = document.createDocumentFragment();
            g.appendChild(document.createElement('b'));
            const wrap = document.createElement('p');
            wrap.appendChild(script("ran.push('in fragment')"));
            g.appendChild(wrap);
            g.appendChild(script("ran.push('fragment top')"));
            document.body.appendChild(g);
            const leaf = document.createElement('li');
            leaf.textContent = "ran.push('never')";
            document.body.appendChild(leaf);
            document.body.appendChild(outer);
            """)
        #expect(try e.evaluate("ran.join(',')") == "built,first,inner,in fragment,fragment top")
    }

    /// Event constructors copy their dictionary's fields, each from the dictionary or its default
    /// (per class, through an assigner made at the class's first event), as own properties.
    @Test func eventConstructorsCopyTheirDictionaries() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("""
            const m = new MouseEvent('click', { bubbles: true, clientX: 5, get screenY() { return 7; }, detail: undefined, relatedTarget: document.body });
            const again = new MouseEvent('dblclick', { button: 2 });
            const k = new KeyboardEvent('keydown', { key: 'a', repeat: true, ctrlKey: true });
            const w = new WheelEvent('wheel', { deltaY: 3 });
            const c = new CustomEvent('x', { detail: { a: 1 } });
            [m.type, m.bubbles, m.cancelable, m.clientX, m.screenY, m.screenX, m.button, m.relatedTarget === document.body, m.ctrlKey, m.detail, m.view,
             Object.prototype.hasOwnProperty.call(m, 'clientX'), m.pageX, again.button, again.clientX, again.relatedTarget,
             k.key, k.code, k.repeat, k.ctrlKey, k.keyCode, w.deltaY, w.deltaX, w.clientX, c.detail.a,
             new MouseEvent('x', 5).clientX, new MouseEvent('x', null).button, new PointerEvent('pointerdown', { pointerType: 'touch' }).pointerType,
             new FocusEvent('focus').relatedTarget, new InputEvent('input', { data: 'z' }).data].join('|')
            """)
        #expect(v == "click|true|false|5|7|0|0|true|false|0||true|5|2|0||a||true|true|0|3|0|0|1|0|0|touch||z")
    }

    /// A dictionary member is read once (WebIDL converts the dictionary once): a getter on it
    /// runs once per event, whichever way the class assigns its fields.
    @Test func eventDictionariesAreReadOnce() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        let v = try e.evaluate("""
            let reads = 0;
            new MouseEvent('click', { get clientX() { reads++; return 3; }, get button() { reads++; return undefined; } });
            new KeyboardEvent('keydown', { get key() { reads++; return 'a'; } });
            reads
            """)
        #expect(v == 3)
    }

    @Test func ordinaryNavigationIsReportedNotFollowed() throws {
        let e = try engine()
        defer { e.close() }
        try e.installPageSupport()
        var seen: [String] = []
        e.addNavigationObserver { url, kind in seen.append("\(kind.rawValue) \(url)") }
        try e.evaluate("location.href = '/other.html'")
        #expect(seen == ["location https://m.example.com/other.html"])
    }
}
