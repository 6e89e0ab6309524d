import Foundation

/// A page-test suite: 50 test files, each loading one jQuery page (`loadPage`, its calls answered
/// from the mock file) and asserting on its DOM, run by one `bridge-run test DIR` (the files'
/// engines share one VM), against the same 50 tests written for `node --test` with Debian's
/// node-jsdom (`new JSDOM(…, {runScripts: "dangerously", resources: "usable"})`, the same bridge
/// mock as the page rows); and `--workers 2` against `--workers 1`.
enum PageSuiteBench {
    static let files = 50

    /// The suite's pages: the bench's jQuery page, each with its own heading and a check of it.
    static func page(_ i: Int) -> String {
        PageBench.jqueryPage.replacingOccurrences(of: "<h1>Items</h1>", with: "<h1>Items \(i)</h1>")
            .replacingOccurrences(of: "window.benchDone = true;", with: "if ($('h1').text() !== 'Items \(i)') throw new Error('wrong page'); window.benchDone = true;")
    }

    /// Our test file: `loadPage` resolves once the page is loaded and settled (its calls answered).
    static func ours(_ i: Int) -> String {
        """
        test('page \(i) renders its rows', async () => {
          const page = await loadPage('../suite-\(i).html', { mock: '../../mock.json' });
          expect(page.window.benchDone).toBe(true);
          expect(page.document.querySelector('h1').textContent).toBe('Items \(i)');
          expect(page.document.querySelectorAll('#list li.item').length).toBe(\(PageBench.items));
          expect(page.document.getElementById('status').textContent).toBe('\(PageBench.items) items, \(PageBench.items / 2) odd, \(PageBench.items / 10) tenth');
          expect(page.errors()).toEqual([]);
        });

        """
    }

    /// The same test for `node --test`: jsdom loads the page (scripts beside it), the bridge mock
    /// answers from the mock file in a later macrotask; done when the page sets `benchDone`.
    static func node(_ i: Int) -> String {
        """
        const test = require('node:test');
        const assert = require('node:assert');
        const { JSDOM, VirtualConsole } = require('jsdom');
        const fs = require('fs'), path = require('path');
        const mocks = JSON.parse(fs.readFileSync(path.join(__dirname, '../../mock.json'), 'utf8'));

        function loadPage(file) {
          return new Promise((resolve, reject) => {
            const errors = [];
            const vc = new VirtualConsole();
            vc.on('jsdomError', (e) => errors.push(e.message));
            let seq = 0;
            const dom = new JSDOM(fs.readFileSync(file, 'utf8'), {
              url: 'file://' + file, runScripts: 'dangerously', resources: 'usable', virtualConsole: vc,
              beforeParse(window) {
                window.bridge = { call(method, params) {
                  return new window.Promise((res, rej) => {
                    const text = JSON.stringify({ method, params, callbackId: 'cb_' + (++seq) });
                    setImmediate(() => {
                      const m = JSON.parse(text), e = mocks[m.method];
                      const r = JSON.parse(JSON.stringify(e ? { result: e.result } : { error: { code: 'METHOD_NOT_FOUND' } }));
                      r.error ? rej(r.error) : res(r.result);
                    });
                  });
                } };
              }
            });
            const start = Date.now();
            const t = setInterval(() => {
              if (dom.window.benchDone === true || errors.length) { clearInterval(t); resolve({ dom, errors }); }
              else if (Date.now() - start > 30000) { clearInterval(t); reject(new Error('timeout')); }
            }, 1);
          });
        }

        test('page \(i) renders its rows', async () => {
          const { dom, errors } = await loadPage(path.join(__dirname, '../suite-\(i).html'));
          const d = dom.window.document;
          assert.deepStrictEqual(errors, []);
          assert.strictEqual(dom.window.benchDone, true);
          assert.strictEqual(d.querySelector('h1').textContent, 'Items \(i)');
          assert.strictEqual(d.querySelectorAll('#list li.item').length, \(PageBench.items));
          assert.strictEqual(d.getElementById('status').textContent, '\(PageBench.items) items, \(PageBench.items / 2) odd, \(PageBench.items / 10) tenth');
          dom.window.close();
        });

        """
    }

    /// Writes the pages beside the libraries and the two suites in `page-tests/{bridge,node}`.
    static func prepare(_ setup: PageBench.Setup) -> (ours: String, node: String) {
        let root = setup.dir.appendingPathComponent("page-tests")
        let ours = root.appendingPathComponent("bridge"), node = root.appendingPathComponent("node")
        for d in [ours, node] { try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        for i in 0..<files {
            try? page(i).write(toFile: root.appendingPathComponent("suite-\(i).html").path, atomically: true, encoding: .utf8)
            try? self.ours(i).write(to: ours.appendingPathComponent("page\(i).test.js"), atomically: true, encoding: .utf8)
            try? self.node(i).write(to: node.appendingPathComponent("page\(i).test.js"), atomically: true, encoding: .utf8)
        }
        // The pages load `jquery.min.js` from beside them.
        try? FileManager.default.copyItem(atPath: setup.path("jquery.min.js"), toPath: root.appendingPathComponent("jquery.min.js").path)
        return (ours.path, node.path)
    }

    static func run(into report: BenchReport, bridgeRun: String, node: String?, setup: PageBench.Setup, reps: Int) {
        let (ours, nodeDir) = prepare(setup)
        var one: [Double] = [], two: [Double] = [], base: [Double] = []
        for _ in 0..<reps {
            if let m = ProcessRunner.measure([bridgeRun, "test", ours, "--workers", "1"]), m.status == 0 { one.append(m.wallMs) }
            if let m = ProcessRunner.measure([bridgeRun, "test", ours, "--workers", "2"]), m.status == 0 { two.append(m.wallMs) }
            if let node, let m = ProcessRunner.measure([node, "--test", nodeDir]), m.status == 0 { base.append(m.wallMs) }
        }
        guard !one.isEmpty else {
            report.skip("page-suite", reason: "bridge-run test failed on the page suite (\(ours))")
            return
        }
        let s = stats(one)
        let b = base.isEmpty ? nil : stats(base).median
        report.add(BenchRow(name: "page-suite", what: "`bridge-run test` of \(files) files, each `loadPage`-ing a jQuery page (\(PageBench.items) mocked rows) and asserting on its DOM, one process (`--workers 1`), wall", value: s.median, unit: "ms", spread: (s.min, s.max),
                            baselineName: "node --test, the same tests with node-jsdom", baseline: b, target: "≥ 10× faster", met: b.map { $0 / s.median >= 10 }))
        if !two.isEmpty {
            let w = stats(two)
            report.add(BenchRow(name: "page-suite-workers", what: "the same suite, `--workers 2` (two cores)", value: w.median, unit: "ms", spread: (w.min, w.max),
                                baselineName: "--workers 1", baseline: s.median, target: "≥ 1.6× faster", met: s.median / w.median >= 1.6))
        } else {
            report.skip("page-suite-workers", reason: "bridge-run test --workers 2 failed on the page suite")
        }
    }
}
