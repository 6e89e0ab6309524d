import Testing
import Foundation
@testable import BridgeRunner
@testable import BridgeTestRunner

/// `loadPage` in test files: the page in its own engine of the test's VM, driven by the test's
/// loop; what the page object gives; when pages close.
@MainActor
@Suite struct TestRunnerPageTests {
    /// A page that shows what native code sends it, answers a JS handler, counts down, and
    /// calls native code and its HTTP API.
    static let page = """
        <!DOCTYPE html>
        <html><head><title>Probe</title></head>
        <body><p id="msg">waiting</p><p id="left">3</p>
        <script>
          var seen = [];
          bridge.on('note', function (p) { seen.push(p.text); document.getElementById('msg').textContent = p.text; });
          bridge.register('page.seen', function (q) { return { seen: seen, upper: q.upper ? seen.map(function (s) { return s.toUpperCase(); }) : null }; });
          bridge.call('user.get', { id: 7 }).then(function (u) { document.title = 'Probe for ' + u.name; }, function (e) { document.title = 'Probe: ' + e.code; });
          var left = 3;
          setTimeout(function tick() {
            left -= 1;
            document.getElementById('left').textContent = String(left) + '@' + Date.now();
            if (left > 0) setTimeout(tick, 1000);
          }, 1000);
        </script>
        </body></html>
        """

    func run(_ source: String, files: [String: String] = [:], name: String = "page.test.js", virtualTime: Bool = true) async throws -> CapturedTestRun {
        let dir = try TestDirectory()
        _ = try dir.write("probe.html", Self.page)
        for (path, text) in files { _ = try dir.write(path, text) }
        let file = try dir.write(name, source)
        return await captureTestRun(TestOptions(paths: [file], perTestTimeout: .seconds(3), virtualTime: virtualTime))
    }

    @Test("a native event changes the page, a JS handler answers, mock() in the test answers the page's calls")
    func drive() async throws {
        let r = try await run("""
            test('drive', async () => {
              mock('user.get', ({ id }) => ({ name: 'Ada#' + id }));
              const page = await loadPage('probe.html');
              expect(page.document.title).toBe('Probe for Ada#7');
              await page.emit('note', { text: 'hi' });
              expect(page.document.getElementById('msg').textContent).toBe('hi');
              await page.emit('note', { text: 'yo' });
              expect(await page.callJS('page.seen', { upper: true })).toEqual({ seen: ['hi', 'yo'], upper: ['HI', 'YO'] });
              const err = await page.callJS('page.none').catch((e) => e);
              expect([err.code, err.message]).toEqual(['METHOD_NOT_FOUND', "no JS handler registered for 'page.none'"]);
              expect(page.calls('user.get')).toEqual([{ id: 7 }]);
              expect(calls('user.get')).toEqual([{ id: 7 }]);
              expect(page.trace().filter((e) => e.type === 'event').map((e) => [e.name, e.payload])).toEqual([['note', { text: 'hi' }], ['note', { text: 'yo' }]]);
              expect(page.url).toMatch(/^file:\\/\\/.*\\/probe\\.html$/);
              expect(String(page)).toBe('[object Object]');
            });
            """)
        #expect(r.result("drive")?.status == .passed, "\(r.text)")
    }

    @Test("fake timers drive the page's timers and Date; the page's window is the page's own")
    func fakeTimers() async throws {
        let r = try await run("""
            test('timers', async () => {
              vi.useFakeTimers();
              vi.setSystemTime(1000000);
              const page = await loadPage('probe.html', { mock: { 'user.get': { name: 'Bo' } } });
              const left = () => page.document.getElementById('left').textContent;
              expect(left()).toBe('3');
              vi.advanceTimersByTime(1000);
              expect(left()).toBe('2@1001000');
              vi.runAllTimers();
              expect(left()).toBe('0@1003000');
              expect(page.document.body instanceof page.window.HTMLElement).toBe(true);
              expect(page.window.seen).toEqual([]);
              expect(page.document.querySelector('#left')).toMatchInlineSnapshot(`
                <p
                  id="left"
                >
                  0@1003000
                </p>
              `);
            });
            """)
        #expect(r.result("timers")?.status == .passed, "\(r.text)")
    }

    @Test("a page loaded in a test closes when it ends; one loaded in beforeAll lives for the file")
    func lifetime() async throws {
        let r = try await run("""
            let shared, mine;
            beforeAll(async () => { shared = await loadPage('probe.html'); });
            test('first', async () => { mine = await loadPage('probe.html'); expect(mine.document.title).toBe('Probe: METHOD_NOT_FOUND'); });
            test('second', () => {
              expect(() => mine.document).toThrow('this page was closed (page objects work until the test that loaded them ends, or page.close())');
              expect(shared.document.getElementById('msg').textContent).toBe('waiting');
              shared.close();
              expect(() => shared.calls()).toThrow('this page was closed');
            });
            """)
        #expect(r.result("first")?.status == .passed, "\(r.text)")
        #expect(r.result("second")?.status == .passed, "\(r.text)")
    }

    @Test("bad arguments throw, pages that cannot load reject with one clear line")
    func problems() async throws {
        let r = try await run("""
            test('problems', async () => {
              expect(() => loadPage()).toThrow('loadPage(pathOrURL, options): give the path of an .html or .js page (relative to the test file) or a URL, got undefined');
              expect(() => loadPage('probe.html', { mocks: {} })).toThrow('loadPage("probe.html", options): unknown option "mocks" (mock, httpMock, offline, capabilities, schemas, url)');
              await expect(loadPage('nope.html')).rejects.toThrow(/^loadPage\\(nope\\.html\\): cannot read \\/.*\\/nope\\.html: no such file$/);
              await expect(loadPage('https://m.example.com/')).rejects.toThrow('loadPage(https://m.example.com/): a URL needs an offline package (options.offline: DIR); there is no network');
              await expect(loadPage('probe.html', { mock: 'missing.json' })).rejects.toThrow(/^loadPage\\(probe\\.html\\): options\\.mock: /);
              await expect(loadPage('bad.html')).rejects.toThrow("bad.html: script src 'gone.js' not found");
            });
            """, files: ["bad.html": "<script src=\"gone.js\"></script>"])
        #expect(r.result("problems")?.status == .passed, "\(r.text)")
    }

    @Test("a page's uncaught error is kept and printed, not a failure of the test; navigation keeps the query")
    func errorsAndNavigation() async throws {
        let r = try await run("""
            test('errors', async () => {
              const page = await loadPage('thrower.html');
              expect(page.errors()).toEqual([expect.stringMatching(/thrower\\.html \\(inline script #1\\):1: uncaught Error: page broke$/)]);
              page.document.getElementById('go').click();
              await page.settle();
              expect(page.url).toMatch(/\\/next\\.html\\?from=thrower$/);
              expect(page.document.body.textContent).toBe('from thrower');
              const again = await page.navigate('probe.html');
              expect(again).toBe(page);
              expect(page.document.title).toBe('Probe: METHOD_NOT_FOUND');
            });
            """, files: [
                "thrower.html": "<script>throw new Error('page broke')</script><a id=\"go\" href=\"next.html?from=thrower\">go</a>",
                "next.html": "<body><script>document.body.textContent = 'from ' + new URLSearchParams(location.search).get('from')</script></body>",
            ])
        #expect(r.result("errors")?.status == .passed, "\(r.text)")
        #expect(r.stdout.contains { $0.hasPrefix("[page thrower.html] ") && $0.hasSuffix("uncaught Error: page broke") }, "\(r.stdout)")
    }

    @Test("options.httpMock answers the page's fetch; page.requests() lists them")
    func http() async throws {
        let r = try await run("""
            test('http', async () => {
              const page = await loadPage('api.html', { httpMock: [{ url: '/api/n', json: { n: 41 } }] });
              expect(page.document.body.textContent).toBe('42');
              expect(page.requests()).toMatchObject([{ method: 'GET', url: 'file:///api/n', status: 200, source: 'mock' }]);
            });
            """, files: ["api.html": "<body><script>fetch('/api/n').then(r => r.json()).then(j => { document.body.textContent = String(j.n + 1); })</script></body>"])
        #expect(r.result("http")?.status == .passed, "\(r.text)")
    }

    @Test("a .test.ts file imports the project's module and loads a page; its failure is at the .ts line")
    func typeScript() async throws {
        let r = try await run("""
            import { expectedTitle } from './lib/titles';

            interface Seen { seen: string[] }

            test('typed', async () => {
              const page = await loadPage('probe.html');
              await page.emit('note', { text: 'ts' });
              const s = await page.callJS<Seen>('page.seen', {});
              expect(s.seen).toEqual(['ts']);
              expect(page.document.title).toBe(expectedTitle());
            });
            """, files: ["lib/titles.ts": "export function expectedTitle(): string {\n  return 'Probe: nobody';\n}\n"], name: "page.test.ts")
        let failure = r.result("typed")?.failure
        #expect(failure?.location?.hasSuffix("page.test.ts:10") == true, "\(r.text)")
        #expect(r.text.contains("Expected: \"Probe: nobody\""), "\(r.text)")
        #expect(r.text.contains("Received: \"Probe: METHOD_NOT_FOUND\""), "\(r.text)")
    }
}
