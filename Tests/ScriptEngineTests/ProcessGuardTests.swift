import Foundation
import Testing
@testable import ScriptEngine

/// The process guard watches the CPU time of the thread that runs JavaScript. That is not always
/// the thread that started it: the main actor is the main queue, which libdispatch serves from
/// pooled threads once `dispatch_main` has given the main thread away.
@Suite(.timeLimit(.minutes(1)))
struct ProcessGuardTests {
    @Test("an endless chain of promise continuations is ended on the thread it runs on, not the guard's starter")
    func followsTheJavaScriptThread() async {
        let start = ContinuousClock.now
        await #expect(processExitsWith: .exitCode(3)) {
            // Started on a thread of its own that stays alive and idle (as a thread that served the
            // main queue before and then sat in the pool): its CPU clock never moves.
            let started = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                // The run's deadline (5 s) is the backstop: a guard that watched the wrong thread
                // would end the process only then, which the test tells by the time it took.
                let now = Duration.nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds))
                ProcessGuard.shared.start(ProcessGuard.Limits(stuckAfter: .milliseconds(300), deadline: now + .seconds(5))) { _ in }
                started.signal()
                while true { sleep(60) }
            }
            started.wait()
            await MainActor.run {
                let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(30)))
                // JavaScriptCore's limit is per continuation: only the guard can end this.
                _ = try? context.evaluate("(function f() { Promise.resolve().then(f); })();", sourceURL: "chain.js")
            }
        }
        let took = ContinuousClock.now - start
        #expect(took < .seconds(4), "ended after \(took): by the deadline's backstop, not by the 300 ms of CPU time")
    }
}
