import Foundation

/// Runs a child process and waits for it on a thread of its own, never on a thread of Swift's
/// cooperative pool: a blocking wait there (two threads on a 2-core machine) stalls every other
/// test of the run, and their real-time limits fire.
enum OffPoolProcess {
    /// Starts `p` (already configured) and waits for it to exit; returns what was read from
    /// `stdout` (a pipe `p` writes to), or nothing without one.
    static func run(_ p: Process, stdout: Pipe? = nil) async throws -> Data {
        try p.run()
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let data = stdout?.fileHandleForReading.readDataToEndOfFile() ?? Data()
                p.waitUntilExit()
                continuation.resume(returning: data)
            }
        }
    }
}
