import BridgeRuntime
import Foundation

/// Engine start-up in process, and `bridge-run run hello.js` against `node hello.js` as whole
/// processes (wall time and peak RSS).
@MainActor
enum StartupBench {
    static func inProcess(into report: BenchReport, bench: String, reps: Int) throws {
        var own: [Double] = [], shared: [Double] = [], page: [Double] = []
        let vm = ScriptVM()
        for _ in 0..<reps {
            let n = 100
            var t = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<n {
                var ownConfig = EngineConfiguration()
                ownConfig.vm = ScriptVM()
                let e = try BridgeEngine(configuration: ownConfig)
                e.close()
            }
            own.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / Double(n))
            var config = EngineConfiguration()
            config.vm = vm
            t = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<n {
                let e = try BridgeEngine(configuration: config)
                e.close()
            }
            shared.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / Double(n))
            page += try pageBatches(reps: 1, vm: vm)
        }
        let o = stats(own), s = stats(shared), p = stats(page)
        report.add(BenchRow(name: "startup-engine", what: "new engine + prelude (library default: the shared VM)", value: s.median, unit: "ms", spread: (s.min, s.max),
                            target: "≤ 1 ms", met: s.median <= 1))
        report.add(BenchRow(name: "startup-engine-own-vm", what: "new engine + prelude in a VM of its own (opt-in)", value: o.median, unit: "ms", spread: (o.min, o.max)))
        // The target row: as the test runner makes its engines, with its tiering (short-lived: no
        // optimizing compilers, later baseline JIT), which is fixed per process, so in a child.
        if let out = ProcessRunner.output([bench, "--jit", "short-lived", "--startup-page-child", String(reps)]),
           case let values = out.split(whereSeparator: \.isWhitespace).compactMap({ Double($0) }), !values.isEmpty {
            let runner = stats(values)
            report.add(BenchRow(name: "startup-page", what: "new engine + prelude + standards DOM (domino), shared VM, the test runner's JIT tiering (short-lived)", value: runner.median, unit: "ms", spread: (runner.min, runner.max),
                                target: "≤ 10 ms", met: runner.median <= 10))
        } else {
            report.skip("startup-page", reason: "child run failed")
        }
        report.add(BenchRow(name: "startup-page-standard", what: "the same in this process, JavaScriptCore's default tiering (as `bridge-run run`)", value: p.median, unit: "ms", spread: (p.min, p.max)))
    }

    /// ms per engine with the standards DOM installed, in batches of 100 engines of `vm`.
    static func pageBatches(reps: Int, vm: ScriptVM) throws -> [Double] {
        var config = EngineConfiguration()
        config.vm = vm
        var samples: [Double] = []
        for _ in 0..<reps {
            let n = 100
            let t = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<n {
                let e = try BridgeEngine(configuration: config)
                try e.installPageSupport()
                e.close()
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / Double(n))
        }
        return samples
    }

    static func process(into report: BenchReport, bridgeRun: String, reps: Int) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-hello")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let hello = dir.appendingPathComponent("hello.js").path
        try? "console.log('hello');\n".write(toFile: hello, atomically: true, encoding: .utf8)
        var ours: [ProcessRunner.Measurement] = []
        var theirs: [ProcessRunner.Measurement] = []
        let node = ProcessRunner.which("node")
        var oursPeak: [ProcessRunner.Measurement] = []
        var theirsPeak: [ProcessRunner.Measurement] = []
        for _ in 0..<reps {
            if let m = ProcessRunner.measure([bridgeRun, "run", hello]), m.status == 0 { ours.append(m) }
            if let node, let m = ProcessRunner.measure([node, hello]), m.status == 0 { theirs.append(m) }
        }
        for _ in 0..<3 {
            if let m = ProcessRunner.measurePeak([bridgeRun, "run", hello]), m.status == 0 { oursPeak.append(m) }
            if let node, let m = ProcessRunner.measurePeak([node, hello]), m.status == 0 { theirsPeak.append(m) }
        }
        guard !ours.isEmpty else {
            report.skip("startup-process", reason: "bridge-run did not run")
            return
        }
        let w = stats(ours.map(\.wallMs))
        let nw = theirs.isEmpty ? nil : stats(theirs.map(\.wallMs)).median
        guard !oursPeak.isEmpty else {
            report.add(BenchRow(name: "startup-process", what: "`bridge-run run hello.js`, whole process, wall", value: w.median, unit: "ms", spread: (w.min, w.max),
                                baselineName: "node hello.js", baseline: nw, target: "≤ 0.5× node (ratio ≥ 2)", met: nw.map { w.median <= 0.5 * $0 }))
            report.skip("memory-process", reason: "python3 is needed to measure a child's peak RSS")
            return
        }
        let r = stats(oursPeak.map { $0.maxRSSKiB / 1024 })
        let nr = theirsPeak.isEmpty ? nil : stats(theirsPeak.map { $0.maxRSSKiB / 1024 }).median
        report.add(BenchRow(name: "startup-process", what: "`bridge-run run hello.js`, whole process, wall", value: w.median, unit: "ms", spread: (w.min, w.max),
                            baselineName: "node hello.js", baseline: nw, target: "≤ 0.5× node (ratio ≥ 2)", met: nw.map { w.median <= 0.5 * $0 }))
        report.add(BenchRow(name: "memory-process", what: "`bridge-run run hello.js`, peak RSS", value: r.median, unit: "MiB", spread: (r.min, r.max),
                            baselineName: "node hello.js", baseline: nr, target: "≤ 0.75× node (ratio ≥ 1.33)", met: nr.map { r.median <= 0.75 * $0 }))
        if node == nil { report.skip("node hello.js", reason: "`node` not found on PATH") }
    }
}
