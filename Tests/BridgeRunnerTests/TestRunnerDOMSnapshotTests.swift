import Foundation
import Testing
@testable import BridgeTestRunner

/// DOM values in snapshots are printed as Jest prints them: the reference is the output of
/// pretty-format 29.3.1 (Debian's `jest` package) with its DOMElement and DOMCollection plugins
/// on jsdom, for the same page (`Tests/Corpus/snapshots`: the page and that output). And the
/// collections behind it behave as in browsers.
@MainActor
@Suite struct TestRunnerDOMSnapshotTests {
    static let corpus = repositoryRoot + "/Tests/Corpus/snapshots"

    @Test("an element, a NodeList and an element inside an object are stored as Jest stores them")
    func domSnapshotsMatchPrettyFormat() async throws {
        let dir = try TestDirectory()
        try dir.write("sample.html", try String(contentsOfFile: Self.corpus + "/sample.html", encoding: .utf8))
        let test = try dir.write("dom.test.js", """
            test('dom', async () => {
              const d = (await loadPage('sample.html')).document;
              expect(d.body).toMatchSnapshot('body');
              expect(d.querySelectorAll('li')).toMatchSnapshot('list');
              expect({ el: d.querySelector('input'), n: 1 }).toMatchSnapshot('nested');
            });
            """)
        // Virtual time: the test's limit is not real time, so a loaded machine cannot fail it.
        let run = await captureTestRun(TestOptions(paths: [test], virtualTime: true))
        #expect(run.summary.passed == 1, "\(run.stdout) \(run.stderr)")
        let snap = try String(contentsOfFile: dir.path + "/__snapshots__/dom.test.js.snap", encoding: .utf8)
        let reference = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: Self.corpus + "/pretty-format-29.3.1.json")))
        for name in ["body", "list", "nested"] {
            let expected = try #require(reference[name])
            #expect(snap.contains("exports[`dom: \(name) 1`] = `\n" + expected + "\n`;"), "\(name):\n\(snap)")
        }
    }

    @Test("querySelectorAll is a static, iterable NodeList; live collections and classList iterate; Object.keys(localStorage) works; CSS custom properties")
    func collectionsAndStorageBehaveAsInBrowsers() async throws {
        let dir = try TestDirectory()
        try dir.write("list.html", "<ul><li class=a>1</li><li class=a>2</li></ul><p id=p class='x y' style='--gap: 4px; color: red'>p</p>")
        let test = try dir.write("collections.test.js", """
            test('collections', async () => {
              const page = await loadPage('list.html');
              const w = page.window, d = page.document;
              const list = d.querySelectorAll('li');
              expect(list instanceof w.NodeList).toBe(true);
              expect(Object.prototype.toString.call(list)).toBe('[object NodeList]');
              expect([...list].map(li => li.textContent)).toEqual(['1', '2']);
              let n = 0; list.forEach(() => n++); expect(n).toBe(2);
              const byClass = d.querySelectorAll('.a');
              d.querySelector('ul').removeChild(d.querySelector('li'));
              expect(byClass.length).toBe(2);
              const live = d.getElementsByTagName('li');
              expect(live.length).toBe(1);
              expect([...live].length).toBe(1);
              expect([...d.querySelector('ul').children].length).toBe(1);
              expect(live instanceof w.HTMLCollection).toBe(true);
              expect(Object.prototype.toString.call(d.body.children)).toBe('[object HTMLCollection]');
              w.localStorage.setItem('k', 'v');
              expect(Object.keys(w.localStorage)).toEqual(['k']);
              expect(w.localStorage.length).toBe(1);
              expect(() => w.Storage.prototype.getItem.call({}, 'k')).toThrow(w.TypeError);
              const p = d.getElementById('p');
              expect([...p.classList]).toEqual(['x', 'y']);
              expect([p.style.getPropertyValue('--gap'), p.style.color]).toEqual(['4px', 'red']);
              p.style.setProperty('--w', '2px');
              expect(p.getAttribute('style')).toBe('--gap: 4px; color: red; --w: 2px;');
              p.setAttribute('style', 'color: blue; bogus:::; --k: v');
              expect([p.style.color, p.style.getPropertyValue('--k')]).toEqual(['blue', 'v']);
            });
            """)
        // Virtual time: the test's limit is not real time, so a loaded machine cannot fail it.
        let run = await captureTestRun(TestOptions(paths: [test], virtualTime: true))
        #expect(run.summary.passed == 1, "\(run.stdout) \(run.stderr)")
    }
}
