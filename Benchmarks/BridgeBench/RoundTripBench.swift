@_spi(Benchmarks) import BridgeRuntime
import Foundation

/// In-process round trips: the engine's floor, the bridge SDK sequential and batched, answers
/// from other threads, and raw postMessage; plus the Node pure-JS emulation baseline.
@MainActor
enum RoundTripBench {
    static let payload = "{a:1,b:'x',c:[1,2,3]}"

    /// A VM without JSC's execution time limit, to show what the watchdog costs.
    static let unwatchedVM = ScriptVM(timeLimit: nil)

    /// `BRIDGE_PROFILE_JS=1` with `--profile ROW`: the timed part runs in this VM with
    /// JavaScriptCore's sampling profiler on, and the hottest functions are printed.
    static let sampledVM: ScriptVM? = ProcessInfo.processInfo.environment["BRIDGE_PROFILE_JS"] == "1" ? ScriptVM() : nil

    static func engine(_ handler: ActionHandler, watchdog: Bool = true) throws -> BridgeEngine {
        let registry = BridgeRegistry()
        try registry.register(action: "echo", handler: handler)
        var config = EngineConfiguration()
        config.scopedRegistry = registry
        config.useGlobalRegistry = false
        config.limits = .unlimited
        if !watchdog { config.vm = unwatchedVM } else if let sampledVM { config.vm = sampledVM }
        let engine = try BridgeEngine(configuration: config)
        engine.installBenchmarkFunctions()
        return engine
    }

    /// ns per operation of `script` (which defines `run()` doing `N` operations and counting
    /// them in `done`).
    static func time(_ script: String, calls: Int, handler: ActionHandler, watchdog: Bool = true) async throws -> Double {
        let e = try engine(handler, watchdog: watchdog)
        defer { e.close() }
        try e.evaluate("globalThis.N = \(calls); globalThis.done = 0;\n" + script, sourceURL: "bench.js")
        // Warm up the JIT with a short run first.
        try e.evaluate("globalThis.N = \(max(1, calls / 10)); run();")
        try await e.runUntilIdle(limit: .seconds(120))
        try e.evaluate("globalThis.done = 0; globalThis.N = \(calls);")
        let sampling = watchdog && sampledVM?.startSampling() == true
        let start = DispatchTime.now().uptimeNanoseconds
        try e.evaluate("run()", sourceURL: "bench.js")
        try await e.runUntilIdle(limit: .seconds(120))
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start)
        if sampling, let samples = sampledVM?.stopSampling() { DOMProfile.printHottest(samples) }
        let done = try e.evaluate("done")
        guard done == .number(Double(calls)) else { throw BridgeError.handlerError("bench did not complete: \(done) of \(calls)") }
        return ns / Double(calls)
    }

    static let floorCall = "function run() { const f = __bench.noop; for (let i = 0; i < N; i++) f(); done += N; }"
    static let floorRoundTrip = "function run() { const cb = function (o) { done++; }; for (let i = 0; i < N; i++) __bench.roundtrip(cb); }"
    static let seq = "async function run() { for (let i = 0; i < N; i++) { await bridge.call('echo', \(payload)); done++; } }"
    static let batch = """
        async function run() {
          for (let i = 0; i < N; i += 1000) {
            const ps = [];
            for (let j = 0; j < 1000 && i + j < N; j++) ps.push(bridge.call('echo', \(payload)));
            const r = await Promise.all(ps); done += r.length;
          }
        }
        """
    static let raw = """
        globalThis.onEcho = function (p) { done++; };
        function run() { for (let i = 0; i < N; i++) webkit.messageHandlers.bridge.postMessage({method: 'echo', params: \(payload), callbackId: 'onEcho'}); }
        """

    static let nodeEmulation = """
        const N = +process.argv[2], batch = process.argv[3] === 'batch';
        const pending = new Map(); let seq = 0;
        function nativeSide(text) {
          const m = JSON.parse(text);
          const reply = JSON.stringify({ callbackId: m.callbackId, result: m.params, error: null });
          setImmediate(() => { const r = JSON.parse(reply); const p = pending.get(r.callbackId); pending.delete(r.callbackId); p(r.result); });
        }
        function call(method, params) {
          return new Promise((resolve) => { const id = 'cb_' + (++seq); pending.set(id, resolve); nativeSide(JSON.stringify({ method, params, callbackId: id })); });
        }
        async function run(n) {
          if (batch) { for (let i = 0; i < n; i += 1000) { const ps = []; for (let j = 0; j < 1000 && i + j < n; j++) ps.push(call('echo', \(payload))); await Promise.all(ps); } }
          else { for (let i = 0; i < n; i++) await call('echo', \(payload)); }
        }
        (async () => { await run(Math.max(1, N / 10)); const t = process.hrtime.bigint(); await run(N); console.log(Number(process.hrtime.bigint() - t) / N); })();
        """

    static func node(_ mode: String, calls: Int, node: String) -> Double? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-emulation.js")
        try? nodeEmulation.write(to: file, atomically: true, encoding: .utf8)
        return ProcessRunner.output([node, file.path, String(calls), mode]).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A handler answering from another thread, one fresh block on the global concurrent queue
    /// per call: answers trickle in one by one, and GCD wakes a worker thread for nearly every
    /// call (a futex wake and a context switch, paid inside the handler).
    static let threadEcho = ActionHandler.callback { call, responder in
        let params = call.params
        DispatchQueue.global().async { responder.succeed(params) }
    }

    /// A handler whose work completes on its own queue about 200 µs after the first call of a
    /// burst (an I/O-style latency), answering every call that arrived meanwhile in one go:
    /// answers that arrive together, which is what the inbox batches into one hop.
    static let worker = BurstWorker()
    static let burstEcho = ActionHandler.callback { call, responder in
        worker.submit(responder, call.params)
    }

    static func run(into report: BenchReport, reps: Int, calls: Int) async throws -> (batchNs: Double, seqNs: Double) {
        let syncEcho = ActionHandler.sync { call in call.params }
        var noWatchdog: [Double] = [], seqOutside: [Double] = []
        var floorCall: [Double] = [], floorRT: [Double] = [], seq: [Double] = [], batch: [Double] = [], async: [Double] = [], burst: [Double] = [], raw: [Double] = []
        var nodeSeq: [Double] = [], nodeBatch: [Double] = []
        let nodePath = ProcessRunner.which("node")
        for _ in 0..<reps {
            floorCall.append(try await time(Self.floorCall, calls: calls * 10, handler: syncEcho))
            floorRT.append(try await time(Self.floorRoundTrip, calls: calls * 10, handler: syncEcho))
            seq.append(try await time(Self.seq, calls: calls, handler: syncEcho))
            batch.append(try await time(Self.batch, calls: calls, handler: syncEcho))
            async.append(try await time(Self.batch, calls: calls, handler: threadEcho))
            burst.append(try await time(Self.batch, calls: calls, handler: burstEcho))
            raw.append(try await time(Self.raw, calls: calls, handler: syncEcho))
            noWatchdog.append(try await time(Self.batch, calls: calls, handler: syncEcho, watchdog: false))
            seqOutside.append(try await time(Self.seq, calls: calls, handler: syncEcho, watchdog: false))
            if let nodePath {
                if let n = node("seq", calls: calls, node: nodePath) { nodeSeq.append(n) }
                if let n = node("batch", calls: calls, node: nodePath) { nodeBatch.append(n) }
            }
        }
        let fc = stats(floorCall), fr = stats(floorRT), s = stats(seq), b = stats(batch), a = stats(async), ab = stats(burst), r = stats(raw)
        report.add(BenchRow(name: "floor-call", what: "JS loop calling an empty native function", value: fc.median, unit: "ns", spread: (fc.min, fc.max)))
        report.add(BenchRow(name: "floor-rt", what: "JS→native→JS callback with a cached result", value: fr.median, unit: "ns", spread: (fr.min, fr.max)))
        let ns = nodeSeq.isEmpty ? nil : stats(nodeSeq).median
        let nb = nodeBatch.isEmpty ? nil : stats(nodeBatch).median
        report.add(BenchRow(name: "rt-seq", what: "`await bridge.call('echo', …)` in a loop, sync handler", value: s.median, unit: "ns", spread: (s.min, s.max),
                            baselineName: "node emulation", baseline: ns, target: "≥ 1.0× node", met: ns.map { $0 / s.median >= 1.0 },
                            note: String(format: "%.0f× floor-rt", s.median / fr.median)))
        report.add(BenchRow(name: "rt-batch", what: "1000 calls in flight (`Promise.all`)", value: b.median, unit: "ns", spread: (b.min, b.max),
                            baselineName: "node emulation", baseline: nb, target: "≥ 1.5× node", met: nb.map { $0 / b.median >= 1.5 }))
        report.add(BenchRow(name: "rt-async", what: "rt-batch, handler answering from a worker queue ~200 µs later, the calls of a burst together (answers arrive together)", value: ab.median, unit: "ns", spread: (ab.min, ab.max),
                            baselineName: "rt-batch", baseline: b.median, target: "≥ 0.6× rt-batch", met: b.median / ab.median >= 0.6))
        report.add(BenchRow(name: "rt-async-per-call", what: "rt-batch, handler answering each call from its own block on the global queue (a thread wake per call, paid in the handler)", value: a.median, unit: "ns", spread: (a.min, a.max),
                            baselineName: "rt-batch", baseline: b.median))
        report.add(BenchRow(name: "raw", what: "raw `postMessage` + global callback", value: r.median, unit: "ns", spread: (r.min, r.max),
                            baselineName: "rt-batch", baseline: b.median))
        let nw = stats(noWatchdog)
        report.add(BenchRow(name: "rt-batch-no-limit", what: "rt-batch in a VM without JSC's execution time limit (what the watchdog costs)", value: nw.median, unit: "ns",
                            spread: (nw.min, nw.max), baselineName: "node emulation", baseline: nb))
        let so = stats(seqOutside)
        report.add(BenchRow(name: "rt-seq-no-limit", what: "rt-seq in a VM without JSC's execution time limit (what the limit costs: every VM entry reads the thread's CPU clock, served from a 1 ms cache)", value: so.median, unit: "ns",
                            spread: (so.min, so.max), baselineName: "node emulation", baseline: ns))
        if nodePath == nil { report.skip("node emulation", reason: "`node` not found on PATH") }
        return (b.median, s.median)
    }
}

