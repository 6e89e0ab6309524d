import Foundation

/// Real-DOM pages, whole processes: `bridge-run run page.html --mock M.json` against `node` with
/// Debian's node-jsdom loading the same page (scripts from files beside it) with an equivalent
/// bridge mock, in the same run; and (PageSuiteBench) a 50-file page-test suite of the same pages.
enum PageBench {
    static let items = 200

    /// The mock both sides answer from: `items.list` returns `items` rows.
    static var mock: String {
        let rows = (0..<items).map { #"{"id": \#($0), "name": "item \#($0)", "price": \#($0 * 3 % 97)}"# }.joined(separator: ", ")
        return #"{"items.list": {"result": {"items": [\#(rows)]}}, "page.ready": {"result": {"ok": true}}}"#
    }

    /// A jQuery page: loads rows through the bridge, renders a list, filters, checks and reports.
    static let jqueryPage = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>jQuery bench</title><script src="jquery.min.js"></script></head>
        <body><h1>Items</h1><ul id="list"></ul><div id="status"></div>
        <script>
        $(function () {
          bridge.call('items.list', {page: 1}).then(function (r) {
            var $list = $('#list');
            r.items.forEach(function (it) {
              $list.append($('<li>').addClass('item').attr('data-id', it.id).text(it.name + ' ' + it.price));
            });
            $('.item:odd').addClass('odd');
            $('.item').filter(function () { return +$(this).attr('data-id') % 10 === 0; }).addClass('tenth');
            var n = $('.item').length, odd = $('li.odd').length, tenth = $('.tenth').length;
            $('#status').text(n + ' items, ' + odd + ' odd, ' + tenth + ' tenth');
            if (n !== r.items.length || odd !== n / 2 || tenth !== n / 10) throw new Error('bad render: ' + $('#status').text());
            return bridge.call('page.ready', {count: n});
          }).then(function () { window.benchDone = true; });
        });
        </script></body></html>
        """

    /// A React page (React 18 UMD builds, no JSX): a component that loads rows through the bridge
    /// in an effect, renders them, and reports once rendered.
    static let reactPage = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>React bench</title>
        <script src="react.production.min.js"></script><script src="react-dom.production.min.js"></script></head>
        <body><div id="root"></div>
        <script>
        var h = React.createElement;
        function Row(props) { return h('li', {className: props.item.id % 2 ? 'item odd' : 'item', 'data-id': props.item.id}, props.item.name + ' ' + props.item.price); }
        function App() {
          var s = React.useState(null), rows = s[0], setRows = s[1];
          React.useEffect(function () { bridge.call('items.list', {page: 1}).then(function (r) { setRows(r.items); }); }, []);
          React.useEffect(function () {
            if (!rows) return;
            var n = document.querySelectorAll('#root li.item').length;
            if (n !== rows.length || document.querySelectorAll('li.odd').length !== n / 2) throw new Error('bad render: ' + n);
            bridge.call('page.ready', {count: n}).then(function () { window.benchDone = true; });
          }, [rows]);
          if (!rows) return h('p', null, 'loading');
          return h('div', null, h('h1', null, rows.length + ' items'), h('ul', null, rows.map(function (it) { return h(Row, {key: it.id, item: it}); })));
        }
        ReactDOM.createRoot(document.getElementById('root')).render(h(App));
        </script></body></html>
        """

    /// node + jsdom: the page from its file URL (scripts beside it loaded by jsdom), `bridge` the
    /// same promise API answering from the mock file in a later macrotask through JSON text.
    static let jsdomDriver = """
        const { JSDOM, VirtualConsole } = require('jsdom');
        const fs = require('fs'), path = require('path');
        const mocks = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
        const file = path.resolve(process.argv[2]);
        const vc = new VirtualConsole();
        vc.on('jsdomError', (e) => { console.error(e.message); process.exit(1); });
        const dom = new JSDOM(fs.readFileSync(file, 'utf8'), {
          url: 'file://' + file, runScripts: 'dangerously', resources: 'usable', virtualConsole: vc,
          beforeParse(window) {
            let seq = 0;
            window.bridge = { call(method, params) {
              return new window.Promise((resolve, reject) => {
                const text = JSON.stringify({ method, params, callbackId: 'cb_' + (++seq) });
                setImmediate(() => {
                  const m = JSON.parse(text), e = mocks[m.method];
                  const r = JSON.parse(JSON.stringify(e ? { result: e.result } : { error: { code: 'METHOD_NOT_FOUND' } }));
                  r.error ? reject(r.error) : resolve(r.result);
                });
              });
            } };
          }
        });
        const start = Date.now();
        const t = setInterval(() => {
          if (dom.window.benchDone === true) { clearInterval(t); dom.window.close(); process.exit(0); }
          if (Date.now() - start > 30000) { console.error('timeout'); process.exit(3); }
        }, 1);
        """

    struct Setup {
        var dir: URL
        var mock: String
        var driver: String
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    }

    static let libraries = [
        ("/usr/share/javascript/jquery/jquery.min.js", "jquery.min.js"),
        ("/usr/share/nodejs/react/umd/react.production.min.js", "react.production.min.js"),
        ("/usr/share/nodejs/react-dom/umd/react-dom.production.min.js", "react-dom.production.min.js"),
    ]

    static func prepare() -> Setup? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-pages")
        try? FileManager.default.removeItem(at: dir)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (from, to) in libraries {
            guard (try? FileManager.default.copyItem(atPath: from, toPath: dir.appendingPathComponent(to).path)) != nil else { return nil }
        }
        let setup = Setup(dir: dir, mock: dir.appendingPathComponent("mock.json").path, driver: dir.appendingPathComponent("jsdom-driver.js").path)
        try? mock.write(toFile: setup.mock, atomically: true, encoding: .utf8)
        try? jsdomDriver.write(toFile: setup.driver, atomically: true, encoding: .utf8)
        try? jqueryPage.write(toFile: setup.path("jquery.html"), atomically: true, encoding: .utf8)
        try? reactPage.write(toFile: setup.path("react.html"), atomically: true, encoding: .utf8)
        return setup
    }

    static func ours(_ bridgeRun: String, _ setup: Setup, _ page: String) -> [String] {
        [bridgeRun, "run", page, "--mock", setup.mock, "--wait-for", "window.benchDone === true"]
    }

    /// Whether node can load jsdom (Debian's modules are found through NODE_PATH).
    static func jsdomWorks(_ node: String, _ setup: Setup) -> Bool {
        ProcessRunner.measure([node, setup.driver, setup.path("jquery.html"), setup.mock])?.status == 0
    }

    static func run(into report: BenchReport, bridgeRun: String, reps: Int, quick: Bool) {
        guard let setup = prepare() else {
            report.skip("page-jquery", reason: "libjs-jquery / node-react / node-react-dom not installed")
            return
        }
        // Debian's node modules live in /usr/share/nodejs; the jsdom driver finds them there.
        setenv("NODE_PATH", "/usr/share/nodejs:/usr/lib/nodejs", 1)
        var node = ProcessRunner.which("node")
        if let n = node, !jsdomWorks(n, setup) {
            report.skip("jsdom baseline", reason: "node cannot load Debian's node-jsdom")
            node = nil
        }
        for (name, page) in [("page-jquery", "jquery.html"), ("page-react", "react.html")] {
            var o: [ProcessRunner.Measurement] = [], b: [ProcessRunner.Measurement] = []
            for _ in 0..<reps {
                if let m = ProcessRunner.measurePeak(ours(bridgeRun, setup, setup.path(page))), m.status == 0 { o.append(m) }
                if let node, let m = ProcessRunner.measurePeak([node, setup.driver, setup.path(page), setup.mock]), m.status == 0 { b.append(m) }
            }
            guard !o.isEmpty else {
                report.skip(name, reason: "bridge-run failed on the \(page) page")
                continue
            }
            let w = stats(o.map(\.wallMs)), r = stats(o.map { $0.maxRSSKiB / 1024 })
            let bw = b.isEmpty ? nil : stats(b.map(\.wallMs)).median
            let br = b.isEmpty ? nil : stats(b.map { $0.maxRSSKiB / 1024 }).median
            let lib = page == "react.html" ? "React 18" : "jQuery 3.6"
            report.add(BenchRow(name: name, what: "`bridge-run run` of a \(lib) page rendering \(items) mocked rows, whole process, wall", value: w.median, unit: "ms", spread: (w.min, w.max),
                                baselineName: "node + jsdom", baseline: bw, target: "≥ 5× faster", met: bw.map { $0 / w.median >= 5 }))
            report.add(BenchRow(name: name + "-rss", what: "the same, peak RSS", value: r.median, unit: "MiB", spread: (r.min, r.max),
                                baselineName: "node + jsdom", baseline: br, target: "≤ 0.5× (ratio ≥ 2)", met: br.map { r.median <= 0.5 * $0 }))
        }
        PageSuiteBench.run(into: report, bridgeRun: bridgeRun, node: node, setup: setup, reps: quick ? 1 : 2)
    }
}
