import BridgeValues
import BridgeSupport
import ScriptEngine
import BridgeModules

/// The command line's use of the `ProcessGuard`: what JavaScriptCore's own limits cannot stop
/// ends the process with one line on stderr and its exit status, then flushes the trace (within
/// the guard's bounded time: a trace nobody reads cannot hold the process).
package enum RunGuard {
    /// The default memory limit of a run: 2 GiB of resident memory.
    package static let defaultMemoryLimitMiB = 2048

    /// Starts (or retargets) the process guard for a run or a test file.
    ///
    /// - Parameters:
    ///   - scriptLimit: one script's limit (JavaScript holding the main thread longer than this
    ///     plus a second can only be a chain of promise continuations).
    ///   - deadline: when the run must be over (monotonic), or `nil`.
    ///   - memoryLimit: MiB of resident memory.
    ///   - runLimit: the run's limit, for the message.
    ///   - prefix: the command name for the message.
    ///   - flush: a trace file to flush before the process ends.
    ///   - context: what was running (a test's name), for the message.
    package static func start(
        scriptLimit: Duration, deadline: Duration?, memoryLimit: Int?, runLimit: Duration, prefix: String, flush: FileLineSink?,
        context: (@Sendable () -> String?)? = nil
    ) {
        let mib = memoryLimit ?? defaultMemoryLimitMiB
        let limits = ProcessGuard.Limits(stuckAfter: scriptLimit + .seconds(1), memoryBytes: mib << 20, deadline: deadline, entryLimit: scriptLimit)
        ProcessGuard.shared.start(limits) { trip in
            ModuleBundler.stopRunningBuilds()
            let what = context?().map { " (\($0))" } ?? ""
            FileDescriptorWriter.write("\(prefix): \(message(trip, runLimit: runLimit, what: what))\n", to: 2)
            flush?.flush()
        }
    }

    /// Ends the guard's watch when the run is over: the process (a library user's, a test
    /// runner's) goes on without the run's limits.
    package static func end() {
        ProcessGuard.shared.suspend()
    }

    /// The guard's line for a trip: what held the main thread, as far as the guard can tell.
    static func message(_ trip: ProcessGuard.Trip, runLimit: Duration, what: String) -> String {
        switch trip {
        case .stuck(let held, let writing, let limit, let pastDeadline):
            if pastDeadline {
                let why = writing
                    ? "the process was blocked writing output (a pipe or FIFO nobody reads)"
                    : held == nil
                        ? "native code did not return to the event loop"
                        : "JavaScript kept the engine busy past the limit, before the execution time limit stopped it"
                return "run did not finish within \(BridgeError.describe(runLimit))\(what): \(why); the run was ended"
            }
            return "script ran longer than the execution time limit (\(BridgeError.describe(limit - .seconds(1))))\(what) in a chain of promise continuations that never returned to the event loop; the run was ended"
        case .memory(let resident, let limit):
            return "the run used \((resident + (1 << 20) - 1) >> 20) MiB of memory\(what), more than the limit of \(limit >> 20) MiB (--memory-limit MB); the run was ended"
        }
    }
}
