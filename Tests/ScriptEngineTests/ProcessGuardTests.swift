import Foundation
import Testing
@testable import ScriptEngine

/// The process guard watches the CPU time of the thread that runs JavaScript. That is not always
/// the thread that started it: the main actor is the main queue, which libdispatch serves from
/// pooled threads once `dispatch_main` has given the main thread away.
@Suite(.timeLimit(.minutes(3)))
struct ProcessGuardTests {
    @Test("an endless chain of promise continuations is ended by its own CPU time on the thread it runs on, not the guard's starter")
    func followsTheJavaScriptThread() async {
        // Exit status 7: the guard tripped on the entry's CPU time. A guard that watched the wrong
        // thread would see no CPU time pass and end the process only at the run's deadline (20 s
        // here), with its own status 3.
        await #expect(processExitsWith: .exitCode(7)) {
            // Started on a thread of its own that stays alive and idle (as a pooled thread that
            // served the main queue before): its CPU clock never moves.
            let started = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                let now = Duration.nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds))
                ProcessGuard.shared.start(ProcessGuard.Limits(stuckAfter: .milliseconds(300), deadline: now + .seconds(20))) { trip in
                    if case .stuck(_, _, _, pastDeadline: false) = trip { _exit(7) }
                }
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
    }
}
