import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with its standard streams on files, killing it when it runs past
/// a time limit. No pipes: the child reads and writes files only, so nothing here can block on
/// a full pipe or die of `SIGPIPE`, and the caller's thread just waits.
enum Subprocess {
    /// How the child ended.
    struct Outcome: Equatable {
        /// The exit status, or the signal number when `signaled`.
        var status: Int32
        var signaled: Bool
        /// Killed after the time limit.
        var timedOut: Bool
    }

    /// Why the child could not be started.
    struct Failure: Error {
        var reason: String
    }

    /// Runs `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - directory: the child's working directory (`nil` = ours).
    ///   - stdin, stdout, stderr: files for the standard streams (`nil` = `/dev/null`).
    ///   - timeLimit: how long it may run before it is killed (`SIGKILL`).
    ///   - dataLimit: the most memory (bytes) the child may allocate (`RLIMIT_DATA`, set as it
    ///     starts; `nil` = no limit of ours). Past it, its allocations fail.
    static func run(
        _ executable: String, _ arguments: [String], directory: String?,
        stdin: String?, stdout: String?, stderr: String?, timeLimit: Duration, dataLimit: Int? = nil
    ) throws(Failure) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The runtime's own descriptors (trace files, pipes to a test driver) stay ours.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        if let directory {
            guard let addChdir = Self.addChdir else {
                throw Failure(reason: "this C library cannot start a process in another directory (posix_spawn_file_actions_addchdir_np needs glibc 2.29)")
            }
            let status = directory.withCString { addChdir(&actions, $0) }
            guard status == 0 else { throw Failure(reason: "cannot use directory \(directory): \(String(cString: strerror(status)))") }
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var pid: pid_t = 0
        // ETXTBSY: the program is open for writing somewhere — being installed, or written a moment
        // ago and its descriptor inherited by a process another thread was starting at that
        // moment (until that child's exec closes it). It passes: try again for up to ~0.5 s.
        var status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        var retries = 0
        while status == ETXTBSY && retries < Self.busyRetries {
            retries += 1
            usleep(UInt32(retries) * 10_000)
            status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        }
        guard status == 0 else { throw Failure(reason: "cannot start \(executable): \(String(cString: strerror(status)))") }
        if let dataLimit {
            // Set on the child just started (posix_spawn has no attribute for limits); what it
            // allocated before this is a runtime's start, far below any limit given here.
            var limit = rlimit(rlim_cur: rlim_t(dataLimit), rlim_max: rlim_t(dataLimit))
            _ = Self.setLimit?(pid, Int32(RLIMIT_DATA.rawValue), &limit, nil)
        }
        running.withLock { _ = $0.insert(pid) }
        defer { running.withLock { _ = $0.remove(pid) } }
        let outcome = wait(for: pid, limit: timeLimit)
        // Killed because the process is ending (`killRunning`): the guard that killed it writes
        // the run's message and ends the process. This thread must not get there first with the
        // child's death as its own error (a race it won under load: exit 1, "esbuild was killed
        // by signal 9", instead of the guard's exit 3 and its message).
        while ending.load(ordering: .acquiring) { pause() }
        return outcome
    }

    /// How often a start refused with ETXTBSY is tried again (10, 20, … 100 ms apart: ~0.55 s in all).
    static let busyRetries = 10

    /// The children started and not yet reaped.
    private static let running = Mutex<Set<pid_t>>([])

    /// Kills every child still running (`SIGKILL`): the process is about to end (the process
    /// guard stopped the run) and a child blocked on a FIFO or `/dev/zero` must not outlive it.
    static func killRunning() {
        ending.store(true, ordering: .releasing)
        for pid in running.withLock({ $0 }) { kill(pid, SIGKILL) }
    }

    /// Set by `killRunning`: the process is about to end.
    private static let ending = Atomic<Bool>(false)

    /// Waits for `pid`, polling with a growing pause (50 µs up to 2 ms: a small bundle takes
    /// about 5 ms), and kills it at the limit.
    private static func wait(for pid: pid_t, limit: Duration) -> Outcome {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var pause = 50_000
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return outcome(status, timedOut: false) }
            if r < 0 && errno != EINTR { return Outcome(status: -1, signaled: false, timedOut: false) }
            if clock.now >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return outcome(status, timedOut: true)
            }
            var pauseSpec = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&pauseSpec, nil)
            pause = min(pause * 2, 2_000_000)
        }
    }

    private static func outcome(_ status: Int32, timedOut: Bool) -> Outcome {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
        let signal = status & 0x7f
        if signal == 0 { return Outcome(status: (status >> 8) & 0xff, signaled: false, timedOut: timedOut) }
        return Outcome(status: signal, signaled: true, timedOut: timedOut)
    }

    private typealias FileAction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
    private typealias FileActionFD = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc's documented extensions Swift's Glibc module does not declare, looked up by name.
    private static let addChdir: FileAction? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: FileAction.self)
    }()

    private typealias SetLimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32

    /// `prlimit(2)`'s glibc wrapper (declared only under `_GNU_SOURCE`).
    private static let setLimit: SetLimit? = {
        guard let symbol = dlsym(nil, "prlimit") else { return nil }
        return unsafeBitCast(symbol, to: SetLimit.self)
    }()

    private static let addCloseFrom: FileActionFD? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: FileActionFD.self)
    }()
}
