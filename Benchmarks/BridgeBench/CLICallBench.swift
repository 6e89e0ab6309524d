import Foundation

/// Mocked calls through the CLI, measured from outside as a user runs them: `bridge-run run
/// calls.js --mock M.json` (whole process, wall) against `node` running the pure-JS emulation of a
/// bridge answering from the same mock file, in the same run.
enum CLICallBench {
    static let params = "{a: 1, b: 'x', c: [1, 2, 3]}"
    static let mock = #"{"bench.echo": {"result": {"ok": true, "items": [1, 2, 3], "user": {"id": 8848, "name": "x"}}}}"#
    static let schema = """
        <?xml version="1.0" encoding="UTF-8"?>
        <protocol name="bench" version="1">
          <action name="bench.echo">
            <param name="a" type="integer" required="true" min="0"/>
            <param name="b" type="string" required="true" maxLength="8"/>
            <param name="c" type="array" maxItems="10"><items type="integer"/></param>
          </action>
        </protocol>
        """

    /// The script: `n` calls, one at a time or `inFlight` at once.
    static func script(calls n: Int, inFlight: Int) -> String {
        if inFlight <= 1 {
            return "(async () => { for (let i = 0; i < \(n); i++) await bridge.call('bench.echo', \(params)); console.log('done'); })();\n"
        }
        return """
            (async () => {
              for (let i = 0; i < \(n); i += \(inFlight)) {
                const ps = [];
                for (let j = 0; j < \(inFlight) && i + j < \(n); j++) ps.push(bridge.call('bench.echo', \(params)));
                await Promise.all(ps);
              }
              console.log('done');
            })();

            """
    }

    /// The same calls in Node against a bridge emulated in JavaScript: the message and the mock's
    /// answer cross as JSON text, answered in a later macrotask (setImmediate), as a native bridge does.
    static func nodeScript(calls n: Int, inFlight: Int) -> String {
        """
        const fs = require('fs');
        const mocks = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
        const pending = new Map(); let seq = 0;
        function nativeSide(text) {
          const m = JSON.parse(text);
          const entry = mocks[m.method];
          const reply = JSON.stringify({ callbackId: m.callbackId, result: entry ? entry.result : null, error: entry ? null : { code: 'METHOD_NOT_FOUND' } });
          setImmediate(() => { const r = JSON.parse(reply); const p = pending.get(r.callbackId); pending.delete(r.callbackId); p(r.result); });
        }
        const bridge = { call(method, params) { return new Promise((resolve) => { const id = 'cb_' + (++seq); pending.set(id, resolve); nativeSide(JSON.stringify({ method, params, callbackId: id })); }); } };
        \(script(calls: n, inFlight: inFlight))
        """
    }

    struct Files {
        var dir: URL
        var mock: String
        var schemas: String
        var trace: String
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    }

    static func prepare() -> Files {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-cli")
        try? FileManager.default.removeItem(at: dir)
        let schemas = dir.appendingPathComponent("schemas")
        try? FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        let files = Files(dir: dir, mock: dir.appendingPathComponent("mock.json").path, schemas: schemas.path, trace: dir.appendingPathComponent("trace.jsonl").path)
        try? mock.write(toFile: files.mock, atomically: true, encoding: .utf8)
        try? schema.write(to: schemas.appendingPathComponent("bench.xml"), atomically: true, encoding: .utf8)
        return files
    }

    /// Wall ms of `bridge-run run` and of node for `n` calls at `inFlight`, `reps` times each,
    /// interleaved so that load from other work on the machine hits both alike.
    static func measure(bridgeRun: String, node: String?, files: Files, calls n: Int, inFlight: Int, checked: Bool, reps: Int) -> (ours: [Double], node: [Double]) {
        let ours = files.path("calls-\(n)-\(inFlight).js")
        let theirs = files.path("node-calls-\(n)-\(inFlight).js")
        try? script(calls: n, inFlight: inFlight).write(toFile: ours, atomically: true, encoding: .utf8)
        try? nodeScript(calls: n, inFlight: inFlight).write(toFile: theirs, atomically: true, encoding: .utf8)
        var argv = [bridgeRun, "run", ours, "--mock", files.mock]
        if checked { argv += ["--schemas", files.schemas, "--trace", files.trace] }
        var o: [Double] = [], b: [Double] = []
        for _ in 0..<reps {
            if let m = ProcessRunner.measure(argv), m.status == 0 { o.append(m.wallMs) }
            if let node, let m = ProcessRunner.measure([node, theirs, files.mock]), m.status == 0 { b.append(m.wallMs) }
        }
        return (o, b)
    }

    static func run(into report: BenchReport, bridgeRun: String, reps: Int, quick: Bool) {
        let files = prepare()
        let node = ProcessRunner.which("node")
        let n = quick ? 20_000 : 50_000
        let rows: [(String, String, Int, Bool, Double)] = [
            ("cli-seq", "`bridge-run run` of \(n) awaited `bridge.call`s answered by `--mock`, whole process", 1, false, 1.0),
            ("cli-batch", "the same, 1000 calls in flight (`Promise.all`)", 1000, false, 1.5),
            ("cli-seq-checked", "cli-seq with `--schemas` (every call validated) and `--trace FILE`", 1, true, 0.7),
            ("cli-batch-checked", "cli-batch with `--schemas` and `--trace FILE`", 1000, true, 1.0),
        ]
        for (name, what, inFlight, checked, target) in rows {
            let (o, b) = measure(bridgeRun: bridgeRun, node: node, files: files, calls: n, inFlight: inFlight, checked: checked, reps: reps)
            guard !o.isEmpty else {
                report.skip(name, reason: "bridge-run failed on the generated script")
                continue
            }
            let s = stats(o.map { $0 * 1e6 / Double(n) })
            let base = b.isEmpty ? nil : stats(b.map { $0 * 1e6 / Double(n) }).median
            report.add(BenchRow(name: name, what: what, value: s.median, unit: "ns/call", spread: (s.min, s.max),
                                baselineName: "node emulation (whole process)", baseline: base,
                                target: String(format: "≥ %.1f× node", target), met: base.map { $0 / s.median >= target }))
        }
        if node == nil { report.skip("cli node emulation", reason: "`node` not found on PATH") }
    }
}
