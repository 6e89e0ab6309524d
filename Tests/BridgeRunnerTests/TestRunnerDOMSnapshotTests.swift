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
        try dir.write("list.html", """
            <ul><li class=a>1</li><li class=a>2</li></ul><p id=p class='x y' style='--gap: 4px; color: red'>p</p>
            <script>
              // While the page is parsed: live collections must see this script's own changes.
              const u = document.querySelector('ul'), kids = u.children, lis = document.getElementsByTagName('li');
              const before = [kids.length, lis.length];
              u.appendChild(document.createElement('li'));
              window.parseTime = [before, [kids.length, lis.length, u.children.length]];
              u.removeChild(u.lastChild);
            </script>
            """)
        let test = try dir.write("collections.test.js", """
            test('collections', async () => {
              const page = await loadPage('list.html');
              const w = page.window, d = page.document;
              expect(w.parseTime).toEqual([[2, 2], [3, 3, 3]]);
              // (domino refreshes a live collection's indices when its length or item() is read)
              const kidsNow = d.querySelector('ul').children, lisNow = d.getElementsByTagName('li');
              expect([kidsNow.length, lisNow.length]).toEqual([2, 2]);
              expect([Object.keys(kidsNow), Object.keys(lisNow)]).toEqual([['0', '1'], ['0', '1']]);
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
              // Read by index straight after a change, without length first (jsdom's answers).
              const ul = d.querySelector('ul'), kids = ul.children, all = d.getElementsByTagName('li');
              expect(ul.children).toBe(kids);
              ul.appendChild(d.createElement('li')).textContent = '3';
              ul.appendChild(d.createElement('li')).textContent = '4';
              expect([kids[0].textContent, kids[2].textContent]).toEqual(['2', '4']);
              ul.removeChild(kids[0]);
              expect([kids[0].textContent, kids[2], 2 in kids]).toEqual(['3', undefined, false]);
              // (getElementsBy… lists refresh their indices when length or item() is read: docs/pages.md)
              expect([all.length, all[0].textContent, all[2]]).toEqual([2, '3', undefined]);
              expect([Object.keys(kids), kids.item(1).textContent, [...all].map(li => li.textContent)]).toEqual([['0', '1'], '4', ['3', '4']]);
              // A fixed index property or a frozen collection would keep the indices from following
              // the tree: refused with a TypeError, as in jsdom; item() still writes domino's cache.
              expect(() => Object.defineProperty(kids, '5', { value: 'V' })).toThrow(TypeError);
              expect(() => Object.freeze(kids)).toThrow(TypeError);
              ul.appendChild(d.createElement('li')).textContent = '5';
              expect([kids.item(2).textContent, kids[2].textContent, '5' in kids, kids.length]).toEqual(['5', '5', false, 3]);
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

    @Test("document.createRange: boundaries, text, contents, fragments and insertion give what jsdom gives")
    func rangesBehaveAsInJsdom() async throws {
        let dir = try TestDirectory()
        try dir.write("range.html", #"<body><p id="p">Hello <b>bold</b> world</p><div id="q">a<i>b</i>c</div><div id="q2">abcdef</div><div id="q3">x<b>y</b></div></body>"#)
        // The expected values are what node-jsdom 20 returns for the same calls on the same page.
        let test = try dir.write("range.test.js", """
            test('range', async () => {
              const page = await loadPage('range.html');
              const d = page.document, w = page.window, p = d.getElementById('p');
              const r = d.createRange();
              r.selectNodeContents(p);
              expect([r.toString(), r.startOffset, r.endOffset, r.collapsed]).toEqual(['Hello bold world', 0, 3, false]);
              r.setStart(p.firstChild, 2); r.setEnd(p.lastChild, 2);
              expect(r.toString()).toBe('llo bold w');
              const box = d.createElement('div'); box.appendChild(r.cloneContents());
              expect(box.innerHTML).toBe('llo <b>bold</b> w');
              expect(r.commonAncestorContainer).toBe(p);
              const f = d.createRange().createContextualFragment('<b>x</b>y');
              expect([f.childNodes.length, f.firstChild.tagName]).toEqual([2, 'B']);
              const at = d.createRange(); at.setStart(p.firstChild, 3); at.collapse(true); at.insertNode(d.createElement('hr'));
              expect(p.innerHTML).toBe('Hel<hr>lo <b>bold</b> world');
              const sel = d.createRange(); sel.selectNode(p.querySelector('b'));
              expect([sel.startContainer === p, sel.startOffset, sel.endOffset, sel.toString()]).toEqual([true, 3, 4, 'bold']);
              expect(() => d.createRange().setStart(p.firstChild, 999)).toThrow('larger than');
              const a = d.createRange(), b = d.createRange(); a.selectNode(p.firstChild); b.selectNode(p.lastChild);
              expect([a.compareBoundaryPoints(w.Range.START_TO_START, b), b.compareBoundaryPoints(w.Range.START_TO_START, a)]).toEqual([-1, 1]);
              const q = d.createRange(); q.selectNodeContents(d.getElementById('q'));
              expect(q.extractContents().textContent).toBe('abc');
              expect(d.getElementById('q').innerHTML).toBe('');
              const q2 = d.getElementById('q2'), part = d.createRange(); part.setStart(q2.firstChild, 1); part.setEnd(q2.firstChild, 3); part.deleteContents();
              expect(q2.innerHTML).toBe('adef');
              const q3 = d.getElementById('q3'), all = d.createRange(); all.selectNodeContents(q3); all.surroundContents(d.createElement('em'));
              expect(q3.innerHTML).toBe('<em>x<b>y</b></em>');
              expect(Object.prototype.toString.call(new w.Range())).toBe('[object Range]');
            });
            """)
        let run = await captureTestRun(TestOptions(paths: [test], virtualTime: true))
        #expect(run.summary.passed == 1, "\(run.stdout) \(run.stderr)")
    }
}
