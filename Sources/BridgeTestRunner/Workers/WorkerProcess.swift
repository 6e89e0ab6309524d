import Dispatch
import BridgeSupport
#if canImport(Glibc)
import Glibc
#endif

/// One child process of `bridge-run test --workers N`: started with `posix_spawn`, its stdin a
/// pipe the parent writes lines to, its stdout and stderr pipes read line by line on threads of
/// their own (`DispatchQueue`), each line handed to `onMessage` with the worker's number.
///
/// - Note: `send` and `close` are called on the main actor; `onMessage` is called on the
///   reading threads (hand it to the main actor, e.g. through an `AsyncStream`).
final class WorkerProcess: Sendable {
    /// What a worker's pipes deliver.
    enum Message: Sendable {
        /// A line of standard output (one JSON event).
        case stdout(String)
        /// A line of standard error.
        case stderr(String)
        /// The process ended (after its stdout closed): the exit status, or 128 + the signal.
        case exited(Int32)
    }

    /// Starting the process failed.
    struct SpawnFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The worker's number (0-based) in the pool.
    let number: Int
    let pid: pid_t
    private let stdinFD: Int32

    /// Starts `executable arguments…` with pipes on its stdin, stdout and stderr.
    ///
    /// - Throws: `SpawnFailure` when a pipe or the process cannot be created.
    init(number: Int, executable: String, arguments: [String], onMessage: @escaping @Sendable (Int, Message) -> Void) throws(SpawnFailure) {
        self.number = number
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else {
            throw SpawnFailure(description: "cannot create a pipe for a worker: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: only the three copies below reach the child (pipes are made on the main
        // actor only, so no other spawn can inherit them in between).
        for fd in input + output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies; every other descriptor of ours closes at exec.
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(input[0])
        close(output[1])
        close(errors[1])
        guard status == 0 else {
            close(input[1])
            close(output[0])
            close(errors[0])
            throw SpawnFailure(description: "cannot start the worker \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        stdinFD = input[1]
        let out = output[0], err = errors[0], n = number, pid = child
        // Threads of their own: blocking reads on Dispatch's pool would starve it (on a 2-core
        // machine it adds threads only after a delay, and the main actor waits meanwhile).
        let errorsDone = DispatchSemaphore(value: 0)
        Self.detachThread {
            Self.readLines(err) { onMessage(n, .stderr($0)) }
            errorsDone.signal()
        }
        Self.detachThread {
            Self.readLines(out) { onMessage(n, .stdout($0)) }
            // Both pipes are read to their end before the exit is reported.
            errorsDone.wait()
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
            let code: Int32 = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            onMessage(n, .exited(code))
        }
    }

    /// Runs `work` on a new detached thread.
    private static func detachThread(_ work: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let work: @Sendable () -> Void
            init(_ work: @escaping @Sendable () -> Void) { self.work = work }
        }
        let box = Unmanaged.passRetained(Box(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { arg in
            Unmanaged<Box>.fromOpaque(arg!).takeRetainedValue().work()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            let box = Unmanaged<Box>.fromOpaque(box).takeRetainedValue()
            DispatchQueue.global().async { box.work() }
        }
    }

    /// Writes one line to the worker's stdin.
    ///
    /// - Returns: `false` when the worker is gone.
    @discardableResult
    func send(_ line: String) -> Bool {
        FileDescriptorWriter.write(line + "\n", to: stdinFD)
    }

    /// Closes the worker's stdin: it finishes its file and exits.
    func finishInput() {
        close(stdinFD)
    }

    /// Ends the worker at once (its file's results so far are kept).
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Reads `fd` to its end, calling `line` for each line (without its `\n`), then closes it.
    private static func readLines(_ fd: Int32, _ line: (String) -> Void) {
        var reader = FileDescriptorLineReader(fd: fd)
        while let next = reader.next() { line(next) }
        close(fd)
    }
}
