internal import CThreadClock

/// The calling thread's CPU clock as JavaScriptCore's execution time limit reads it.
///
/// JavaScriptCore reads the thread CPU clock on every entry into the VM when a time limit is set,
/// and it enters the VM once per promise continuation, timer callback and delivery. On Linux that
/// clock is a system call (~0.5 µs here, more than the continuation itself), while the monotonic
/// clock is answered in user space. The `CThreadClock` target defines the process's
/// `clock_gettime`: on a thread that opted in (every thread that calls into a `ScriptVM` with a
/// time limit), the thread CPU clock is read for real at most once per millisecond of wall time, and
/// reads in between answer the last reading plus the wall time since: never below the true CPU
/// time, at most 1 ms above it, never backwards (so a script is stopped within about 1 ms of its
/// limit, either way). Every other clock, and every other thread, gets the C library's answer
/// unchanged. `BRIDGE_EXACT_THREAD_CLOCK=1` in the environment turns it off. What this means for
/// a program linking the library: docs/architecture.md, "Execution time limit".
package enum ThreadCPUClock {
    /// Serves the calling thread's CPU clock from the cache (`true`) or exactly (`false`).
    ///
    /// - Returns: whether the thread's clock is now served from the cache (`false` when the
    ///   environment asks for the exact clock).
    @discardableResult
    package static func serveCachedOnCurrentThread(_ enabled: Bool = true) -> Bool {
        bridge_thread_clock_serve_cached(enabled ? 1 : 0) != 0
    }

    /// Serves the calling thread's CPU clock from the cache from now on, unless it already is (or
    /// the environment asks for the exact clock): checked on every call into a VM with a time
    /// limit, because the thread that runs the main actor can change (libdispatch serves the
    /// main queue from its worker threads once `dispatch_main` has given the main thread away,
    /// as an `async` `main` does). A thread that ran a VM once keeps the cache.
    @inline(__always)
    package static func ensureCachedOnCurrentThread() {
        bridge_thread_clock_ensure_cached()
    }

    /// Reads of the calling thread's CPU clock since it opted in: all of them, and those that
    /// made the system call.
    package static var counts: (served: UInt64, exact: UInt64) {
        var served: UInt64 = 0
        var exact: UInt64 = 0
        bridge_thread_clock_counts(&served, &exact)
        return (served, exact)
    }

    /// The window in nanoseconds: the most a served reading exceeds the true CPU time.
    package static let windowNanoseconds: Int64 = Int64(BRIDGE_THREAD_CLOCK_WINDOW_NS)
}
