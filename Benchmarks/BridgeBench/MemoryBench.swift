import BridgeRuntime
import Foundation

/// RSS per engine, measured in a fresh child process per configuration so earlier benchmarks do
/// not blur the figures.
@MainActor
enum MemoryBench {
    /// Child mode: create `count` engines (own VMs or one shared VM), print RSS growth per
    /// engine in KiB.
    static func child(count: Int, shared: Bool) throws {
        // Warm up: the first engine pays for JSC's process-wide structures.
        var warm: [BridgeEngine] = []
        let vm = ScriptVM()
        var config = EngineConfiguration()
        config.vm = vm
        warm.append(try BridgeEngine(configuration: config))
        try warm[0].evaluate("bridge.call('x').catch(() => {})")
        let before = ProcessRunner.currentRSSKiB()
        var engines: [BridgeEngine] = []
        for _ in 0..<count {
            if !shared { config.vm = ScriptVM() }
            let e = try BridgeEngine(configuration: config)
            try e.evaluate("globalThis.state = {n: 1}; bridge.call('x').catch(() => {})")
            engines.append(e)
        }
        let after = ProcessRunner.currentRSSKiB()
        print((after - before) / Double(count))
        withExtendedLifetime(engines) {}
        withExtendedLifetime(warm) {}
    }

    static func run(into report: BenchReport, bench: String) {
        for (count, shared) in [(1, false), (100, false), (1000, false), (100, true), (1000, true)] {
            guard let out = ProcessRunner.output([bench, "--memory-child", String(count), shared ? "shared" : "own"]),
                let kib = Double(out.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                report.skip("memory-\(count)", reason: "child run failed")
                continue
            }
            let name = "memory-engine-\(count)\(shared ? "-shared" : "")"
            let target = shared ? "≤ 300 KiB" : "≤ 1 MiB"
            let met = shared ? kib <= 300 : kib <= 1024
            report.add(BenchRow(name: name, what: "RSS per engine, \(count) engine\(count == 1 ? "" : "s")\(shared ? " in one VM (test runner)" : ", each its own VM")",
                                value: kib, unit: "KiB", target: count == 1 ? nil : target, met: count == 1 ? nil : met))
        }
    }
}
