import BridgeRuntime
import Foundation

// bridge-bench: every figure is measured in the same run as its baseline and reported as a
// ratio. Run through `scripts/bench` (release build). Not part of `swift test`.

let arguments = CommandLine.arguments
let usage = """
    usage: bridge-bench [--quick] [--json FILE] [--only SECTIONS] [--bridge-run PATH] [--jit standard|short-lived]
           bridge-bench --profile ROW [--calls N] [--jit standard|short-lived]

    Prints the benchmark table: every figure measured in the same run as its baseline, as a ratio.
    Run it through scripts/bench (release build). docs/performance.md explains each row.

      --quick             fewer repetitions and smaller counts
      --json FILE         also write the figures as JSON
      --only SECTIONS     comma-separated: rt, validate, startup, memory, suite, cli, pages, scale
      --bridge-run PATH   measure another build of the CLI
      --jit TIERING       JavaScriptCore's tiering for this process (standard, as `bridge-run run`;
                          short-lived, as `bridge-run test`)
      --profile ROW       run one row for a long time (for perf): dom, startup-page, validate,
                          rt-seq, rt-batch, rt-async, rt-async-per-call, raw, rt-batch-null,
                          rt-seq-no-limit, rt-batch-no-limit
      --calls N           the count for --profile (calls, or batches of 100 engines)

    """
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
// Every option is known and has its value: a typo must not start a six-minute run.
do {
    let valued: Set<String> = ["--json", "--only", "--bridge-run", "--jit", "--profile", "--calls", "--startup-page-child", "--memory-child"]
    var i = 1
    while i < arguments.count {
        let a = arguments[i]
        if a == "--quick" {
            i += 1
        } else if valued.contains(a), i + (a == "--memory-child" ? 2 : 1) < arguments.count {
            i += a == "--memory-child" ? 3 : 2
        } else {
            let why = valued.contains(a) ? "\(a) needs a value" : "unknown option \(a)"
            FileHandle.standardError.write(Data("bridge-bench: \(why) (see --help)\n".utf8))
            exit(2)
        }
    }
}
// `--jit standard|short-lived`: JavaScriptCore's tiering for this process (before its first VM),
// as `bridge-run run` (standard) or `bridge-run test` (short-lived) set it.
if let i = arguments.firstIndex(of: "--jit"), i + 1 < arguments.count {
    guard let tiering = JITTiering(rawValue: arguments[i + 1]) else {
        FileHandle.standardError.write(Data("bridge-bench: --jit needs standard or short-lived\n".utf8))
        exit(2)
    }
    ScriptVM.setJITTiering(tiering)
}
if let i = arguments.firstIndex(of: "--startup-page-child"), i + 1 < arguments.count, let reps = Int(arguments[i + 1]) {
    // The table's `startup-page`, in a process of its own with the test runner's tiering.
    let samples = try await MainActor.run { try StartupBench.pageBatches(reps: reps, vm: ScriptVM()) }
    print(samples.map { String($0) }.joined(separator: " "))
    exit(0)
}
if let i = arguments.firstIndex(of: "--memory-child"), i + 2 < arguments.count, let n = Int(arguments[i + 1]) {
    try MemoryBench.child(count: n, shared: arguments[i + 2] == "shared")
    exit(0)
}

/// `--profile ROW`: run one round-trip row for a long time (for `perf record`), print ns/call.
@MainActor
func profileOne(_ row: String) async throws {
    if row == "dom" {
        try DOMProfile.run()
        return
    }
    if row == "startup-page" {
        // As the table's row: engines with the standards DOM in one VM, ms per engine, median of
        // `--calls` batches of 100 (default 10). The table's row runs with `--jit short-lived`.
        let vm = ScriptVM()
        var config = EngineConfiguration()
        config.vm = vm
        var samples: [Double] = []
        for _ in 0..<(option("--calls").flatMap { Int($0) } ?? 10) {
            let t = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<100 {
                let e = try BridgeEngine(configuration: config)
                try e.installPageSupport()
                e.close()
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 / 100)
        }
        print(samples.sorted()[samples.count / 2])
        return
    }
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
    case "rt-seq", "rt-seq-no-limit": script = RoundTripBench.seq
    case "raw": script = RoundTripBench.raw
    case "rt-async":
        script = RoundTripBench.batch
        echo = RoundTripBench.burstEcho
    case "rt-batch-null":
        script = RoundTripBench.batch
        echo = ActionHandler.sync { _ in .null }
    case "rt-async-per-call":
        script = RoundTripBench.batch
        echo = RoundTripBench.threadEcho
    case "rt-batch", "rt-batch-no-limit": script = RoundTripBench.batch
    default:
        FileHandle.standardError.write(Data("bridge-bench: no row \(row) to profile (see --help)\n".utf8))
        exit(2)
    }
    // `rt-seq-no-limit`, `rt-batch-no-limit`: the same in a VM without the execution time limit.
    // `--calls N` (default 300 000; the table's rows use 30 000).
    let calls = option("--calls").flatMap { Int($0) } ?? 300_000
    print(try await RoundTripBench.time(script, calls: calls, handler: echo, watchdog: !row.hasSuffix("-no-limit")))
}

/// The value of option `name`, if given.
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

@MainActor
func runAll() async throws {
    let quick = arguments.contains("--quick")
    // `--only rt,validate,startup,memory,suite,cli,pages,scale`: some sections (for iterating).
    let only = option("--only").map { Set($0.split(separator: ",").map(String.init)) }
    func wants(_ section: String) -> Bool { only?.contains(section) ?? true }
    let reps = quick ? 3 : 5
    let exe = URL(fileURLWithPath: arguments[0]).resolvingSymlinksInPath()
    let binDir = exe.deletingLastPathComponent()
    // `--bridge-run PATH`: measure another build of the CLI (an older one, for before/after).
    let bridgeRun = option("--bridge-run") ?? binDir.appendingPathComponent("bridge-run").path
    let haveCLI = FileManager.default.isExecutableFile(atPath: bridgeRun)
    // Measured as an installed program is: read from disk, not from the page cache the build
    // left it in (see `ProcessRunner.readFromDisk`). Node's binary is read the same way.
    if haveCLI { ProcessRunner.readFromDisk(bridgeRun) }
    if let node = ProcessRunner.which("node") { ProcessRunner.readFromDisk(URL(fileURLWithPath: node).resolvingSymlinksInPath().path) }
    let root = FileManager.default.currentDirectoryPath
    let report = BenchReport()
    func section(_ name: String) { FileHandle.standardError.write(Data("\(name)…\n".utf8)) }
    var batchNs = 4000.0
    if wants("rt") {
        section("round trips")
        batchNs = try await RoundTripBench.run(into: report, reps: reps, calls: quick ? 10_000 : 30_000).batchNs
    }
    if wants("validate") {
        section("validation")
        ValidateBench.run(into: report, root: root, batchNs: batchNs, reps: reps)
    }
    if wants("startup") {
        section("start-up")
        try StartupBench.inProcess(into: report, bench: exe.path, reps: reps)
        try DOMReadBench.run(into: report, reps: reps)
        if haveCLI {
            StartupBench.process(into: report, bridgeRun: bridgeRun, reps: quick ? 5 : 11)
        } else {
            report.skip("startup-process", reason: "no bridge-run next to bridge-bench (build it first)")
        }
    }
    if wants("memory") {
        section("memory")
        MemoryBench.run(into: report, bench: exe.path)
    }
    if haveCLI {
        if wants("suite") {
            section("suite")
            SuiteBench.run(into: report, bridgeRun: bridgeRun, reps: quick ? 1 : 3)
        }
        if wants("cli") {
            section("mocked calls through the CLI")
            CLICallBench.run(into: report, bridgeRun: bridgeRun, reps: reps, quick: quick)
        }
        if wants("pages") {
            section("real-DOM pages")
            PageBench.run(into: report, bridgeRun: bridgeRun, reps: reps, quick: quick)
        }
    }
    if wants("scale") {
        section("scaling")
        try await ScalingBench.run(into: report, root: root, bridgeRun: haveCLI ? bridgeRun : nil, quick: quick)
    }
    print(report.markdown)
    if let path = option("--json") {
        try report.json.prettyString().write(toFile: path, atomically: true, encoding: .utf8)
    }
}

if let i = arguments.firstIndex(of: "--profile"), i + 1 < arguments.count {
    try await profileOne(arguments[i + 1])
} else {
    try await runAll()
}
