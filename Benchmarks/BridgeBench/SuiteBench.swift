import Foundation

/// `bridge-run test` over generated files against `node --test` over the same tests written for
/// `node:test`.
enum SuiteBench {
    static func generate(files: Int, tests: Int) -> (ours: String, node: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-suite")
        try? FileManager.default.removeItem(at: root)
        let ours = root.appendingPathComponent("bridge")
        let node = root.appendingPathComponent("node")
        try? FileManager.default.createDirectory(at: ours, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: node, withIntermediateDirectories: true)
        for f in 0..<files {
            var a = "// generated\n"
            var b = "const test = require('node:test');\nconst assert = require('node:assert');\n"
            b += "const bridge = { call(method, params) { return new Promise((resolve) => setImmediate(() => resolve({ ok: true, n: params.n }))); } };\n"
            for t in 0..<tests {
                a += """
                    test('file \(f) test \(t)', async () => {
                      mock('cart.add', (p) => ({ ok: true, n: p.n }));
                      const r = await bridge.call('cart.add', { n: \(t) });
                      expect(r).toEqual({ ok: true, n: \(t) });
                      expect([1, 2, 3].map((x) => x * \(t))).toEqual([\(t), \(2 * t), \(3 * t)]);
                    });

                    """
                b += """
                    test('file \(f) test \(t)', async () => {
                      const r = await bridge.call('cart.add', { n: \(t) });
                      assert.deepStrictEqual(r, { ok: true, n: \(t) });
                      assert.deepStrictEqual([1, 2, 3].map((x) => x * \(t)), [\(t), \(2 * t), \(3 * t)]);
                    });

                    """
            }
            try? a.write(to: ours.appendingPathComponent("f\(f).test.js"), atomically: true, encoding: .utf8)
            try? b.write(to: node.appendingPathComponent("f\(f).test.js"), atomically: true, encoding: .utf8)
        }
        return (ours.path, node.path)
    }

    static func run(into report: BenchReport, bridgeRun: String, reps: Int) {
        let (ours, nodeDir) = generate(files: 50, tests: 10)
        var o: [Double] = [], w: [Double] = [], n: [Double] = []
        let node = ProcessRunner.which("node")
        // One process (the figure compared with node), then two worker processes.
        for _ in 0..<reps {
            if let m = ProcessRunner.measure([bridgeRun, "test", ours, "--workers", "1"]), m.status == 0 { o.append(m.wallMs) }
            if let m = ProcessRunner.measure([bridgeRun, "test", ours, "--workers", "2"]), m.status == 0 { w.append(m.wallMs) }
            if let node, let m = ProcessRunner.measure([node, "--test", nodeDir]), m.status == 0 { n.append(m.wallMs) }
        }
        guard !o.isEmpty else {
            report.skip("suite", reason: "bridge-run test failed on the generated suite")
            return
        }
        let s = stats(o)
        let base = n.isEmpty ? nil : stats(n).median
        report.add(BenchRow(name: "suite", what: "`bridge-run test`, 50 files × 10 tests, wall", value: s.median, unit: "ms", spread: (s.min, s.max),
                            baselineName: "node --test", baseline: base, target: "≥ 10× faster", met: base.map { $0 / s.median >= 10 }))
        if node == nil { report.skip("node --test", reason: "`node` not found on PATH") }
        if !w.isEmpty {
            let two = stats(w)
            report.add(BenchRow(name: "suite-workers", what: "the same suite, `--workers 2`, wall", value: two.median, unit: "ms", spread: (two.min, two.max),
                                baselineName: "--workers 1", baseline: s.median, target: "faster than one process", met: two.median < s.median))
        }
    }
}
