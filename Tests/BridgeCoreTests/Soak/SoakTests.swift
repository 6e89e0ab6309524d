import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Long soak runs (issue 6, "Leaks and soak"): RSS must stay flat over 10 million bridge round
/// trips in one engine and over 10 000 engines created and closed (one shared `ScriptVM`, and one
/// VM per engine).
///
/// Run by `scripts/soak` (release build, `BRIDGE_SOAK=1`). Without `BRIDGE_SOAK=1` every test here
/// is skipped with a message, so `swift test` pays nothing. `BRIDGE_SOAK_SCALE` (default 1) scales
/// the counts down for a quick try, e.g. `0.01`. `BRIDGE_SOAK_GC_EVERY=N` asks JSC for a
/// collection every N engines (a diagnostic for the shared-VM run). `scripts/soak` runs each test
/// in its own process so one run's heap does not blur the next one's figures.
@Suite("Soak: RSS over long runs", .serialized)
@MainActor
struct SoakTests {
    nonisolated static let enabled = ProcessInfo.processInfo.environment["BRIDGE_SOAK"] == "1"
    nonisolated static let scale = Double(ProcessInfo.processInfo.environment["BRIDGE_SOAK_SCALE"] ?? "") ?? 1
    /// Growth allowed over the second half of a run (the first half is the warm-up: JSC's heap
    /// and malloc arenas grow to their working size). 20 MiB over 5 million round trips is 4
    /// bytes per round trip; over 5 000 engines, 4 KiB per engine.
    nonisolated static let allowedGrowthMiB = 20.0

    /// Resident set size in MiB, from /proc/self/statm.
    nonisolated static func rssMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return -1 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// RSS after a full JS collection in `engine`'s VM and returning freed malloc pages to the
    /// system, so the figure follows live memory rather than the collector's timing.
    static func settledRSSMiB(_ engine: BridgeEngine) -> Double {
        _ = engine.vm.collectAndMeasure()
        #if os(Linux)
        _ = soakMallocTrim(0)
        #endif
        return rssMiB()
    }

    /// Median RSS of the first and second half of the samples taken after the start. JSC's heap
    /// swings by tens of MiB with collection timing, so single samples are noise; a leak shows as
    /// a second-half median above the first-half one.
    nonisolated static func halves(_ samples: [Double]) -> (first: Double, second: Double) {
        func median(_ xs: ArraySlice<Double>) -> Double {
            let s = xs.sorted()
            return s.isEmpty ? 0 : s[s.count / 2]
        }
        let mid = samples.count / 2
        return (median(samples[..<mid]), median(samples[mid...]))
    }

    nonisolated static func log(_ label: String, _ done: Int, _ total: Int, _ rss: Double) {
        let line = String(format: "[soak] %@: %d/%d rss=%.1f MiB", label, done, total, rss)
        print(line)
        fflush(nil)
    }

    nonisolated static func count(_ full: Int) -> Int { max(Int(Double(full) * scale), 100) }

    /// `BRIDGE_SOAK_VIRTUAL_CLOCK=1` runs the engines on a `VirtualClock` (as the unit tests do)
    /// instead of the default system clock an app runs on.
    nonisolated static let virtualClock = ProcessInfo.processInfo.environment["BRIDGE_SOAK_VIRTUAL_CLOCK"] == "1"

    /// An engine with a scoped sync `echo` action and no global components, on the default
    /// (system) clock as an app would run it.
    static func makeEngine(vm: ScriptVM?) throws -> BridgeEngine {
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in call.params }
        var configuration = EngineConfiguration()
        configuration.scopedRegistry = registry
        configuration.useGlobalRegistry = false
        if virtualClock { configuration.clock = VirtualClock() }
        configuration.vm = vm
        return try BridgeEngine(configuration: configuration)
    }

    @Test("10 million round trips in one engine keep RSS flat", .enabled(if: enabled, "set BRIDGE_SOAK=1 (scripts/soak) to run the soak tests"))
    func roundTrips() async throws {
        let total = Self.count(10_000_000)
        let batch = 10_000
        // JSC's heap settles over the first millions of allocations (it reached its plateau
        // after ~3 million round trips here); a leak shows as growth over the second half.
        let warmUp = max(total / 2 / batch * batch, batch)
        let engine = try Self.makeEngine(vm: ScriptVM())
        defer { engine.close() }
        try engine.evaluate(
            """
            globalThis.__settled = 0; globalThis.__failed = 0;
            globalThis.__soakBatch = function (n, base) {
              for (let i = 0; i < n; i++) {
                bridge.post('echo', { i: base + i, s: 'round trip' }, function (err, r) {
                  if (err === null && r.s === 'round trip') __settled++; else __failed++;
                });
              }
            };
            """, sourceURL: "soak.js")
        let start = Self.settledRSSMiB(engine)
        Self.log("round trips", 0, total, start)
        var base = 0
        var afterWarmUp = start
        var samples: [Double] = []
        while base < total {
            let n = min(batch, total - base)
            try engine.evaluate("__soakBatch(\(n), \(base))")
            try await engine.runUntilIdle(limit: .milliseconds(60_000))
            base += n
            if base % max(total / 20 / batch * batch, batch) == 0 {
                let rss = Self.settledRSSMiB(engine)
                samples.append(rss)
                if base == warmUp { afterWarmUp = rss }
                Self.log(base == warmUp ? "round trips (after warm-up)" : "round trips", base, total, rss)
            }
        }
        let end = Self.settledRSSMiB(engine)
        Self.log("round trips (end)", total, total, end)
        let (first, second) = Self.halves(samples)
        print(String(format: "[soak] RESULT round-trips=%d start=%.1f MiB warm=%.1f MiB end=%.1f MiB median-first-half=%.1f MiB median-second-half=%.1f MiB growth=%.1f MiB", total, start, afterWarmUp, end, first, second, second - first))
        #expect(try engine.evaluate("__settled") == .number(Double(total)))
        #expect(try engine.evaluate("__failed") == .number(0))
        #expect(second - first < Self.allowedGrowthMiB, "median RSS grew from \(first) MiB to \(second) MiB")
    }

    @Test("10 000 engines sharing one ScriptVM, created and closed, keep RSS flat", .enabled(if: enabled, "set BRIDGE_SOAK=1 (scripts/soak) to run the soak tests"))
    func enginesSharedVM() async throws {
        try await engines("shared VM")
    }

    @Test("10 000 engines each with its own ScriptVM, created and closed, keep RSS flat", .enabled(if: enabled, "set BRIDGE_SOAK=1 (scripts/soak) to run the soak tests"))
    func enginesOwnVM() async throws {
        try await engines("own VM")
    }

    func engines(_ mode: String) async throws {
        let gcEvery = Int(ProcessInfo.processInfo.environment["BRIDGE_SOAK_GC_EVERY"] ?? "") ?? 0
        let total = Self.count(10_000)
        let warmUp = max(total / 2, 10)
        let shared: ScriptVM? = mode == "shared VM" ? ScriptVM() : nil
        let start = Self.rssMiB()
        Self.log("engines, \(mode)", 0, total, start)
        var afterWarmUp = start
        var settled = 0
        var samples: [Double] = []
        for i in 1...total {
            let engine = try Self.makeEngine(vm: shared ?? ScriptVM())
            try engine.evaluate(
                """
                globalThis.state = { n: \(i), list: [1, 2, 3] };
                bridge.call('echo', { n: \(i) }).then(function (r) { globalThis.__ok = r.n; });
                """)
            try await engine.runUntilIdle(limit: .milliseconds(10_000))
            if try engine.evaluate("globalThis.__ok") == .number(Double(i)) { settled += 1 }
            if gcEvery > 0, i % gcEvery == 0 { engine.context?.collectGarbage() }
            engine.close()
            if i % max(total / 20, 1) == 0 {
                let rss = Self.rssMiB()
                samples.append(rss)
                if i == warmUp { afterWarmUp = rss }
                Self.log(i == warmUp ? "engines, \(mode) (after warm-up)" : "engines, \(mode)", i, total, rss)
            }
        }
        let end = Self.rssMiB()
        Self.log("engines, \(mode) (end)", total, total, end)
        if let shared, let heap = shared.collectAndMeasure() {
            // The JS heap itself: closed pages must not stay alive.
            print("[soak] RESULT heap after \(total) engines (\(mode)): objects=\(heap.objectCount) globals=\(heap.globalObjectCount) heapSize=\(heap.heapSize)")
            #expect(heap.globalObjectCount <= 2, "closed engines' global objects are still alive: \(heap)")
        }
        let (first, second) = Self.halves(samples)
        print(String(format: "[soak] RESULT engines=%d mode=%@ start=%.1f MiB warm=%.1f MiB end=%.1f MiB median-first-half=%.1f MiB median-second-half=%.1f MiB growth=%.1f MiB", total, mode, start, afterWarmUp, end, first, second, second - first))
        #expect(settled == total)
        #expect(second - first < Self.allowedGrowthMiB, "median RSS grew from \(first) MiB to \(second) MiB")
    }
}

#if os(Linux)
/// glibc's `malloc_trim` (not exported by the Glibc module): returns freed heap pages to the system.
@_silgen_name("malloc_trim")
private func soakMallocTrim(_ pad: Int) -> Int32
#endif
