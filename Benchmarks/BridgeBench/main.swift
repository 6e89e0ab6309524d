import BridgeRuntime
import Foundation

// bridge-bench: round-trip figures, each reported with its same-run baseline.
// Run through scripts/bench (release build). Not part of `swift test`.

@MainActor
func roundTrips(_ script: String, calls: Int, handler: ActionHandler) async throws -> Double {
    let registry = BridgeRegistry()
    try registry.register(action: "echo", handler: handler)
    var config = EngineConfiguration()
    config.scopedRegistry = registry
    config.useGlobalRegistry = false
    let engine = try BridgeEngine(configuration: config)
    defer { engine.close() }
    try engine.evaluate("globalThis.N = \(calls);" + script, sourceURL: "bench.js")
    let start = DispatchTime.now().uptimeNanoseconds
    try engine.evaluate("run()", sourceURL: "bench.js")
    try await engine.runUntilIdle(limit: 120_000)
    let ns = Double(DispatchTime.now().uptimeNanoseconds - start)
    let done = try engine.evaluate("globalThis.done")
    guard done == .number(Double(calls)) else { throw BridgeError.handlerError("bench did not complete: \(done)") }
    return ns / Double(calls)
}

let seqJS = """
    globalThis.done = 0;
    async function run() { for (let i = 0; i < N; i++) { await bridge.call('echo', {a:1,b:'x',c:[1,2,3]}); done++; } }
    """
let batchJS = """
    globalThis.done = 0;
    async function run() {
      for (let i = 0; i < N; i += 1000) {
        const ps = [];
        for (let j = 0; j < 1000; j++) ps.push(bridge.call('echo', {a:1,b:'x',c:[1,2,3]}));
        const r = await Promise.all(ps); done += r.length;
      }
    }
    """
let rawJS = """
    globalThis.done = 0;
    globalThis.onEcho = function (p) { done++; };
    function run() { for (let i = 0; i < N; i++) webkit.messageHandlers.bridge.postMessage({method:'echo', params:{a:1,b:'x',c:[1,2,3]}, callbackId:'onEcho'}); }
    """

let nodeEmulation = """
    const N = +process.argv[2], batch = process.argv[3] === 'batch';
    const pending = new Map(); let seq = 0;
    function nativeSide(text) { const m = JSON.parse(text); const reply = JSON.stringify({callbackId: m.callbackId, result: m.params, error: null});
      setImmediate(() => { const r = JSON.parse(reply); const p = pending.get(r.callbackId); pending.delete(r.callbackId); p(r.result); }); }
    function call(method, params) { return new Promise((resolve) => { const id = 'cb_' + (++seq); pending.set(id, resolve); nativeSide(JSON.stringify({method, params, callbackId: id})); }); }
    (async () => { const t = process.hrtime.bigint();
      if (batch) { for (let i = 0; i < N; i += 1000) { const ps = []; for (let j = 0; j < 1000; j++) ps.push(call('echo', {a:1,b:'x',c:[1,2,3]})); await Promise.all(ps); } }
      else { for (let i = 0; i < N; i++) await call('echo', {a:1,b:'x',c:[1,2,3]}); }
      console.log(Number(process.hrtime.bigint() - t) / N); })();
    """

func node(_ mode: String, calls: Int) -> Double? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-bench-node.js")
    try? nodeEmulation.write(to: file, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["node", file.path, String(calls), mode]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { return nil }
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}

func median(_ xs: [Double]) -> (Double, Double, Double) {
    let s = xs.sorted()
    return (s[s.count / 2], s.first!, s.last!)
}

let args = CommandLine.arguments
let reps = 5
let calls = 20_000
var jsonRows: [JSONValue] = []
var lines = ["| row | ns/call median (min–max) | baseline | ratio (baseline / row; ≥ 1 means faster) |", "| --- | --- | --- | --- |"]

@MainActor func row(_ name: String, _ xs: [Double], baselineName: String?, _ base: [Double]?) {
    let (m, lo, hi) = median(xs)
    var ratioText = "—"
    var baseText = "—"
    var entry: [String: JSONValue] = ["row": .string(name), "median_ns": .number(m), "min_ns": .number(lo), "max_ns": .number(hi)]
    if let base, let baselineName {
        let (bm, _, _) = median(base)
        ratioText = String(format: "%.2f", bm / m)
        baseText = String(format: "%@ %.0f ns", baselineName, bm)
        entry["baseline"] = .string(baselineName)
        entry["baseline_ns"] = .number(bm)
        entry["ratio"] = .number(bm / m)
    }
    lines.append("| \(name) | \(String(format: "%.0f (%.0f–%.0f)", m, lo, hi)) | \(baseText) | \(ratioText) |")
    jsonRows.append(.object(entry))
}

@MainActor func main() async throws {
    let syncEcho = ActionHandler.sync { call in call.params }
    let asyncEcho = ActionHandler.callback { call, responder in
        let params = call.params
        DispatchQueue.global().async { responder.succeed(params) }
    }
    var seq: [Double] = [], batch: [Double] = [], async: [Double] = [], raw: [Double] = [], nodeSeq: [Double] = [], nodeBatch: [Double] = []
    for _ in 0..<reps {
        seq.append(try await roundTrips(seqJS, calls: calls, handler: syncEcho))
        batch.append(try await roundTrips(batchJS, calls: calls, handler: syncEcho))
        async.append(try await roundTrips(batchJS, calls: calls, handler: asyncEcho))
        raw.append(try await roundTrips(rawJS, calls: calls, handler: syncEcho))
        if let n = node("seq", calls: calls) { nodeSeq.append(n) }
        if let n = node("batch", calls: calls) { nodeBatch.append(n) }
    }
    row("rt-seq", seq, baselineName: nodeSeq.isEmpty ? nil : "node emulation", nodeSeq.isEmpty ? nil : nodeSeq)
    row("rt-batch", batch, baselineName: nodeBatch.isEmpty ? nil : "node emulation", nodeBatch.isEmpty ? nil : nodeBatch)
    row("rt-async", async, baselineName: "rt-batch", batch)
    row("raw", raw, baselineName: "rt-batch", batch)
    if nodeSeq.isEmpty { lines.append("node rows skipped: `node` not found on PATH") }
    print(lines.joined(separator: "\n"))
    if let i = args.firstIndex(of: "--json"), i + 1 < args.count {
        try JSONValue.array(jsonRows).jsonString().write(toFile: args[i + 1], atomically: true, encoding: .utf8)
    }
}

try await main()
