import BridgeRuntime
import Foundation

// bridge-bench: every figure is measured in the same run as its baseline and reported as a
// ratio. Run through `scripts/bench` (release build). Not part of `swift test`.

let arguments = CommandLine.arguments
if let i = arguments.firstIndex(of: "--memory-child"), i + 2 < arguments.count, let n = Int(arguments[i + 1]) {
    try MemoryBench.child(count: n, shared: arguments[i + 2] == "shared")
    exit(0)
}

/// `--profile ROW`: run one round-trip row for a long time (for `perf record`), print ns/call.
@MainActor
func profileOne(_ row: String) async throws {
    if row == "validate" {
        let set = try SchemaSet.load(directory: FileManager.default.currentDirectoryPath + "/Examples/protocol/schemas")
        let n = 5_000_000
        let start = DispatchTime.now().uptimeNanoseconds
        var ok = 0
        for _ in 0..<n where set.isValid(method: ValidateBench.action, params: ValidateBench.payload) == true { ok += 1 }
        precondition(ok == n)
        print(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n))
        return
    }
    var echo = ActionHandler.sync { call in call.params }
    let script: String
    switch row {
    case "rt-seq": script = RoundTripBench.seq
    case "raw": script = RoundTripBench.raw
    case "rt-async":
        script = RoundTripBench.batch
        echo = RoundTripBench.burstEcho
    case "rt-async-per-call":
        script = RoundTripBench.batch
        echo = RoundTripBench.threadEcho
    default: script = RoundTripBench.batch
    }
    print(try await RoundTripBench.time(script, calls: 300_000, handler: echo))
}

@MainActor
func runAll() async throws {
    let quick = arguments.contains("--quick")
    let reps = quick ? 3 : 5
    let exe = URL(fileURLWithPath: arguments[0]).resolvingSymlinksInPath()
    let binDir = exe.deletingLastPathComponent()
    let bridgeRun = binDir.appendingPathComponent("bridge-run").path
    let root = FileManager.default.currentDirectoryPath
    let report = BenchReport()
    FileHandle.standardError.write(Data("round trips…\n".utf8))
    let (batchNs, _) = try await RoundTripBench.run(into: report, reps: reps, calls: quick ? 10_000 : 30_000)
    FileHandle.standardError.write(Data("validation…\n".utf8))
    ValidateBench.run(into: report, root: root, batchNs: batchNs, reps: reps)
    FileHandle.standardError.write(Data("start-up…\n".utf8))
    try StartupBench.inProcess(into: report, reps: reps)
    if FileManager.default.isExecutableFile(atPath: bridgeRun) {
        StartupBench.process(into: report, bridgeRun: bridgeRun, reps: quick ? 5 : 11)
    } else {
        report.skip("startup-process", reason: "no bridge-run next to bridge-bench (build it first)")
    }
    FileHandle.standardError.write(Data("memory…\n".utf8))
    MemoryBench.run(into: report, bench: exe.path)
    FileHandle.standardError.write(Data("suite…\n".utf8))
    if FileManager.default.isExecutableFile(atPath: bridgeRun) {
        SuiteBench.run(into: report, bridgeRun: bridgeRun, reps: quick ? 1 : 3)
    }
    print(report.markdown)
    if let i = arguments.firstIndex(of: "--json"), i + 1 < arguments.count {
        try report.json.prettyString().write(toFile: arguments[i + 1], atomically: true, encoding: .utf8)
    }
}

if let i = arguments.firstIndex(of: "--profile"), i + 1 < arguments.count {
    try await profileOne(arguments[i + 1])
} else {
    try await runAll()
}
