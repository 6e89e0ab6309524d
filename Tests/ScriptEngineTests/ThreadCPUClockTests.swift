import Foundation
import Testing
@testable import ScriptEngine

#if canImport(Glibc)
import Glibc

/// The thread CPU clock JavaScriptCore's time limit reads on every VM entry, served from a 1 ms
/// cache on the JS thread (`CThreadClock`).
@MainActor
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["BRIDGE_EXACT_THREAD_CLOCK"].map { $0.isEmpty || $0 == "0" } ?? true, "BRIDGE_EXACT_THREAD_CLOCK turns the cache off"))
struct ThreadCPUClockTests {
    /// The calling thread's CPU time through its own clock id, which the cache never serves.
    nonisolated static func exactCPU() -> Int64 {
        var id = clockid_t()
        pthread_getcpuclockid(pthread_self(), &id)
        var ts = timespec()
        clock_gettime(id, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    nonisolated static func served() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    @Test func servedReadingsStayWithinOneWindowAboveTheTrueCPUTimeAndNeverGoBack() {
        #expect(ThreadCPUClock.serveCachedOnCurrentThread())
        var last: Int64 = 0
        var sink = 0.0
        for round in 0..<5_000 {
            let before = Self.exactCPU()
            let value = Self.served()
            let after = Self.exactCPU()
            #expect(value >= before, "served \(value) below the true CPU time \(before)")
            #expect(value <= after + ThreadCPUClock.windowNanoseconds, "served \(value) more than a window above \(after)")
            #expect(value >= last, "went backwards: \(value) after \(last)")
            last = value
            // Sleep now and then, shorter and longer than the window: wall time passes without CPU
            // time, so served readings run ahead of the true ones and the next real reading is
            // lower than the last one served (the clamp's case).
            if round % 50 == 0 { usleep(300) }
            if round % 5000 == 0 { usleep(3000) }
            for i in 0..<50 { sink += Double(i).squareRoot() }
        }
        #expect(sink > 0)
        let counts = ThreadCPUClock.counts
        #expect(counts.served >= 5_000)
        #expect(counts.exact < counts.served / 10, "the cache saved nothing: \(counts)")
    }

    @Test func aThreadThatDidNotOptInGetsTheExactClock() async {
        let result: (Bool, UInt64) = await withCheckedContinuation { done in
            Thread.detachNewThread {
                var ok = true
                for _ in 0..<1000 {
                    let value = Self.served()
                    let after = Self.exactCPU()
                    if value > after { ok = false }
                }
                done.resume(returning: (ok, ThreadCPUClock.counts.served))
            }
        }
        #expect(result.0, "a served value on a thread that did not opt in")
        #expect(result.1 == 0)
    }

    @Test func javaScriptCoresTimeLimitReadsComeThroughTheCacheAndStillStopAScript() throws {
        let vm = ScriptVM(timeLimit: .milliseconds(300))
        let context = ScriptContext(vm: vm)
        let before = ThreadCPUClock.counts
        // 20 000 promise continuations: one VM entry each, each reading the clock.
        _ = try context.evaluate("globalThis.n = 0; for (let i = 0; i < 20000; i++) Promise.resolve().then(() => { n++; });", sourceURL: "jobs.js")
        #expect(try context.evaluate("n", sourceURL: "t.js") == 20000)
        let after = ThreadCPUClock.counts
        #expect(after.served - before.served >= 20_000, "JavaScriptCore's reads do not come through the cache: \(before) → \(after)")
        #expect(after.exact - before.exact < 2_000, "\(before) → \(after)")
        let start = ContinuousClock.now
        #expect {
            try context.evaluate("for (;;) {}", sourceURL: "spin.js")
        } throws: { error in
            (error as? ScriptError)?.kind == .timeLimit
        }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(290) && elapsed < .seconds(5), "stopped after \(elapsed)")
    }

    /// The main actor's thread can change (libdispatch serves the main queue from its worker
    /// threads once `dispatch_main` gave the main thread away): a thread that did not create the
    /// VM, here the test's thread with its opt-in taken back, is opted in by its first call into
    /// a VM with a time limit, and not by a call into one without.
    @Test func aThreadIsOptedInByItsFirstCallIntoAVMWithATimeLimit() throws {
        let limited = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        let unlimited = ScriptContext(vm: ScriptVM(timeLimit: nil))
        #expect(ThreadCPUClock.serveCachedOnCurrentThread(false) == false)
        let script = "globalThis.n = 0; for (let i = 0; i < 2000; i++) Promise.resolve().then(() => { n++; });"
        let base = ThreadCPUClock.counts
        _ = try unlimited.evaluate(script, sourceURL: "jobs.js")
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        #expect(ThreadCPUClock.counts == base, "a VM without a time limit must not opt the thread in")
        _ = try limited.evaluate(script, sourceURL: "jobs.js")
        #expect(try limited.evaluate("n", sourceURL: "t.js") == 2000)
        // (Opting in starts the counts again; a thread not opted in never moves them.)
        let counts = ThreadCPUClock.counts
        #expect(counts != base, "the thread was not opted in again")
        #expect(counts.served >= 2000, "the VM's reads on this thread do not come through the cache: \(counts)")
        #expect(counts.exact < counts.served / 10, "\(counts)")
    }
}
#endif
