public import Foundation
import Synchronization

/// Runs a program (the built `bridge-run`, a team's runner) and collects what it did, without
/// blocking a thread of Swift's cooperative pool while it runs: the pipes are read and the exit
/// is awaited on threads of their own, so tests that start many processes in parallel never
/// starve the tasks other tests are waiting for.
public enum ChildProcess {
    /// How many children run at once (the machine's cores): tests that start hundreds of
    /// processes in parallel would otherwise overload it, and time limits would fire for load.
    public static let slots = ProcessSlots(ProcessInfo.processInfo.activeProcessorCount)

    /// What a child process did.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The exit status, or the signal number when `crashed`.
        public var status: Int32
        /// `true` when the process died of a signal.
        public var crashed: Bool
        /// Everything it wrote to standard output.
        public var stdout: String
        /// Everything it wrote to standard error.
        public var stderr: String
        /// Wall time from start to exit.
        public var seconds: Double

        /// Standard output's non-empty lines.
        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        /// Standard error's non-empty lines.
        public var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

        /// Status, time and the ends of both outputs.
        public var description: String {
            "\(crashed ? "CRASHED with signal" : "exit") \(status) after \(String(format: "%.2f", seconds)) s\nstdout: \(stdout.suffix(600))\nstderr: \(stderr.suffix(900))"
        }
    }

    /// Runs `executable` with `arguments` in `directory`.
    ///
    /// - Parameters:
    ///   - executable: the program's path.
    ///   - arguments: its arguments.
    ///   - directory: its working directory (default: the current one).
    ///   - environment: extra environment variables.
    ///   - queued: waits for one of the `slots` first (default); `false` starts it at once (a
    ///     short child whose timing matters, which must not wait behind long ones).
    /// - Returns: what it did.
    /// - Throws: when the program cannot be started.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], queued: Bool = true) async throws -> Outcome {
        guard queued else { return try await start(executable, arguments, in: directory, environment: environment) }
        await slots.acquire()
        defer { slots.release() }
        return try await start(executable, arguments, in: directory, environment: environment)
    }

    private static func start(_ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String]) async throws -> Outcome {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let start = Date()
        let exited = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in exited.signal() }
        try p.run()
        return await withCheckedContinuation { continuation in
            // A thread of its own (not the cooperative pool) reads both pipes and waits.
            Thread.detachNewThread {
                let errData = Pipe.drain(err)
                let o = out.fileHandleForReading.readDataToEndOfFile()
                let e = errData.wait()
                exited.wait()
                continuation.resume(returning: Outcome(
                    status: p.terminationStatus, crashed: p.terminationReason == .uncaughtSignal,
                    stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self),
                    seconds: Date().timeIntervalSince(start)))
            }
        }
    }
}

extension Pipe {
    /// Reads the pipe to its end on a thread of its own.
    fileprivate static func drain(_ pipe: Pipe) -> PipeDrain {
        let drain = PipeDrain()
        Thread.detachNewThread { drain.finish(pipe.fileHandleForReading.readDataToEndOfFile()) }
        return drain
    }
}

/// The data a drained pipe held, once read.
private final class PipeDrain: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    func finish(_ d: Data) {
        data.withLock { $0 = d }
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}

/// A counting semaphore for tasks: `acquire` suspends (it never blocks a thread) until a slot is
/// free.
public final class ProcessSlots: Sendable {
    private let state: Mutex<(free: Int, waiting: [CheckedContinuation<Void, Never>])>

    /// Creates `count` slots (at least one).
    public init(_ count: Int) {
        state = Mutex((max(1, count), []))
    }

    /// Takes a slot, waiting for one if none is free.
    public func acquire() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s -> Bool in
                if s.free > 0 {
                    s.free -= 1
                    return true
                }
                s.waiting.append(c)
                return false
            }
            if now { c.resume() }
        }
    }

    /// Gives a slot back (to the next waiter, if any).
    public func release() {
        let next = state.withLock { s -> CheckedContinuation<Void, Never>? in
            if s.waiting.isEmpty {
                s.free += 1
                return nil
            }
            return s.waiting.removeFirst()
        }
        next?.resume()
    }
}
