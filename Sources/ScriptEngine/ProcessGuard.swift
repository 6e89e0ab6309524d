import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The last line of defence for a process that runs pages: a thread of its own that ends the
/// process with a clear message when JavaScript keeps the main thread for longer than any one
/// script may run, or when the process uses more memory than allowed.
///
/// Why it exists: JavaScriptCore's execution time limit counts one VM entry, and it drains
/// queued promise continuations one entry each. A chain of continuations that never ends
/// (`(function f() { Promise.resolve().then(f) })()`), or a finite one of millions, therefore
/// never trips the limit, and the drain never returns to the event loop, where the run limit is
/// checked. Nothing in JavaScriptCore's C API can interrupt it from another thread. And there is
/// no heap limit in that API either: a page allocating without end is killed by the system
/// without a word. The guard turns both into one line on standard error and an exit status.
///
/// Every call into JavaScript from the layers above (`ScriptContext`) marks the main thread busy
/// (an atomic store), so the guard knows since when JavaScript has held it.
///
/// - Note: Start it once per process (the CLI does); a library user may start it too. Trips call
///   `onTrip` on the guard's thread and then end the process: the main thread is still inside
///   JavaScriptCore and cannot be returned to.
public final class ProcessGuard: Sendable {
    /// What ended the process.
    public enum Trip: Sendable, Equatable {
        /// The main thread did not come back to the event loop: JavaScript held it for `held`
        /// past `limit` (one script's limit), or the run went past its deadline
        /// (`pastDeadline`). `held` is `nil` when the thread was not in JavaScript at all;
        /// `writing` is `true` when it was blocked in a write (to a pipe or FIFO nobody reads).
        case stuck(held: Duration?, writing: Bool, limit: Duration, pastDeadline: Bool)
        /// The resident set grew past `limit` bytes (it was `resident`).
        case memory(resident: Int, limit: Int)
    }

    /// What the guard checks.
    public struct Limits: Sendable, Equatable {
        /// How long JavaScript may hold the main thread in one go before the process is ended
        /// (`nil` = never). Set it above the VM's execution time limit: this catches only what
        /// that limit cannot stop.
        public var stuckAfter: Duration?
        /// Most resident memory, in bytes (`nil` = no limit).
        public var memoryBytes: Int?
        /// When the whole run must be over, on the monotonic clock (`SystemClock().now`): JavaScript
        /// still holding the main thread a grace period after it ends the process (`nil` = none).
        public var deadline: Duration?
        /// How long past `deadline` JavaScript may hold on.
        public var grace: Duration = .milliseconds(500)
        /// One VM entry's execution time limit: past the deadline, an entry that started late
        /// gets up to this long (CPU time) for JavaScriptCore to stop it first, with its own
        /// message. Whatever the main thread does, it must be done by ``backstop`` past the
        /// deadline (wall time: a loaded machine stretches CPU time, and `--timeout` is wall time).
        public var entryLimit: Duration

        /// How long past the deadline the process may go on at most, whatever the main thread is
        /// doing: `grace` plus the entry limit, but never more than one second of it (so a
        /// `--timeout 30000` run is over by 31.5 s, not by 62 s).
        public var backstop: Duration { min(entryLimit, .seconds(1)) + grace }

        /// Creates limits.
        public init(stuckAfter: Duration? = nil, memoryBytes: Int? = nil, deadline: Duration? = nil, entryLimit: Duration? = nil) {
            self.stuckAfter = stuckAfter
            self.memoryBytes = memoryBytes
            self.deadline = deadline
            self.entryLimit = entryLimit ?? stuckAfter ?? .zero
        }
    }

    /// Uptime in nanoseconds when the main thread entered JavaScript (0 = not in JavaScript).
    private let busySince = Atomic<UInt64>(0)
    /// Nesting of calls into JavaScript (native functions call back into it); main thread only.
    private let depth = Atomic<Int>(0)
    private let started = Atomic<Bool>(false)
    /// The CPU clock of the thread that runs JavaScript (the one that started the guard, then the
    /// one that last entered JavaScript: the main actor is the main queue, which libdispatch
    /// serves from pooled threads once `dispatch_main` has given the main thread away).
    private let mainClock = Mutex<clockid_t?>(nil)
    /// That thread's id, for /proc/self/task/<id>/syscall.
    private let mainThreadID = Atomic<Int32>(0)
    /// That thread (`pthread_self`), to see a change at the next entry.
    private let jsThread = Atomic<UInt>(0)
    /// The guard thread's view of the current entry: its `busySince` and the main thread's CPU
    /// time when the guard first saw it.
    private let seen = Mutex<(since: UInt64, cpu: UInt64)>((0, 0))
    private let state = Mutex<(limits: Limits, onTrip: (@Sendable (Trip) -> Void)?)>((Limits(), nil))

    /// The process's guard.
    public static let shared = ProcessGuard()

    /// `true` once `start` was called (calls into JS are only marked then).
    private static let activeFlag = Atomic<Bool>(false)
    package static var active: Bool { activeFlag.load(ordering: .relaxed) }

    private init() {}

    /// Starts (or reconfigures) the guard: from now on a trip calls `onTrip` (which should write
    /// its message and flush what must not be lost) and ends the process with `exitCode(trip)`.
    /// `onTrip` runs on a thread of its own and gets at most half a second: a write that blocks (a
    /// FIFO whose reader stopped reading) cannot keep the process alive.
    ///
    /// - Parameters:
    ///   - limits: what to check.
    ///   - interval: how often to look (default 25 ms).
    ///   - onTrip: called once, on the guard's thread, before the process ends.
    public func start(_ limits: Limits, interval: Duration = .milliseconds(25), onTrip: @escaping @Sendable (Trip) -> Void) {
        state.withLock { $0 = (limits, onTrip) }
        follow(Self.currentThread)
        Self.activeFlag.store(true, ordering: .releasing)
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let nanos = max(1_000_000, Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000))
        let body = GuardThreadBody { [self] in
            while true {
                usleep(useconds_t(nanos / 1000))
                if let trip = check() {
                    if let handler = state.withLock({ $0.onTrip }) { Self.runBounded(.milliseconds(500)) { handler(trip) } }
                    _exit(Self.exitCode(trip))
                }
            }
        }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(body).toOpaque()
        if pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<GuardThreadBody>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, box) == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<GuardThreadBody>.fromOpaque(box).release()
        }
    }

    /// Checks nothing until the next `start` (the run it guarded is over; a library or test
    /// process goes on without its limits).
    public func suspend() {
        state.withLock { $0.limits = Limits() }
    }

    /// The exit status of a trip: 3 for a time limit, 4 for the memory limit.
    public static func exitCode(_ trip: Trip) -> Int32 {
        switch trip {
        case .stuck: return 3
        case .memory: return 4
        }
    }

    /// Marks the main thread entering JavaScript (outermost call only), and follows it when it is
    /// another thread than the last one's.
    @inline(__always) package func enter() {
        if depth.wrappingAdd(1, ordering: .relaxed).oldValue == 0 {
            let thread = Self.currentThread
            if jsThread.load(ordering: .relaxed) != thread { follow(thread) }
            busySince.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        }
    }

    @inline(__always) private static var currentThread: UInt { UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))) }

    /// Watches the calling thread (`thread`) from now on: its CPU clock and its id.
    @inline(never) private func follow(_ thread: UInt) {
        var clock = clockid_t()
        if pthread_getcpuclockid(pthread_self(), &clock) == 0 { mainClock.withLock { $0 = clock } }
        #if os(Linux)
        // /proc/thread-self links to "<pid>/task/<tid>".
        var link = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &link, 63)
        if n > 0, let tid = Int32(String(decoding: link[0..<n].map { UInt8(bitPattern: $0) }.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)) {
            mainThreadID.store(tid, ordering: .relaxed)
        }
        #endif
        jsThread.store(thread, ordering: .relaxed)
    }

    /// Marks the main thread leaving JavaScript.
    @inline(__always) package func exit() {
        if depth.wrappingSubtract(1, ordering: .relaxed).newValue == 0 {
            busySince.store(0, ordering: .relaxed)
        }
    }

    private func check() -> Trip? {
        let limits = state.withLock { $0.limits }
        let since = busySince.load(ordering: .relaxed)
        let now = DispatchTime.now().uptimeNanoseconds
        let pastDeadline = limits.deadline.map { Duration.nanoseconds(Int64(clamping: now)) - $0 }
        if since != 0 {
            let held = Duration.nanoseconds(Int64(clamping: now &- since))
            // How long one entry ran is counted in the main thread's CPU time, as JavaScriptCore
            // counts its own limit, so a loaded machine does not end a script JSC would let run.
            // The guard notes the CPU time when it first sees an entry (at most one interval late).
            let cpuNow = mainCPUNanoseconds()
            let cpuHeld: Duration = seen.withLock { s in
                if s.since != since { s = (since, cpuNow ?? 0) }
                return cpuNow.map { .nanoseconds(Int64(clamping: $0 &- s.cpu)) } ?? held
            }
            if let stuck = limits.stuckAfter, cpuHeld > stuck { return .stuck(held: held, writing: false, limit: stuck, pastDeadline: false) }
            // The run's own deadline is wall time (what --timeout means); JavaScriptCore's limit
            // gets the first chance to stop a single entry that started late.
            if let past = pastDeadline, past > limits.grace, cpuHeld > limits.entryLimit + limits.grace * 2 {
                return .stuck(held: held, writing: mainThreadIsWriting(), limit: limits.stuckAfter ?? held, pastDeadline: true)
            }
        }
        // Past the deadline and blocked in a write (a pipe or FIFO nobody reads): no limit of
        // JavaScriptCore's can end that.
        if let past = pastDeadline, past > limits.grace, mainThreadIsWriting() {
            return .stuck(held: since == 0 ? nil : .nanoseconds(Int64(clamping: now &- since)), writing: true, limit: limits.stuckAfter ?? .zero, pastDeadline: true)
        }
        // Past the deadline by more than any entry could run, whatever the thread is doing
        // (native code blocked in a write counts too): the run is over.
        if let past = pastDeadline, past > limits.backstop {
            return .stuck(
                held: since == 0 ? nil : .nanoseconds(Int64(clamping: now &- since)), writing: mainThreadIsWriting(),
                limit: limits.stuckAfter ?? .zero, pastDeadline: true)
        }
        if let limit = limits.memoryBytes, let resident = Self.residentBytes(), resident > limit {
            return .memory(resident: resident, limit: limit)
        }
        return nil
    }

    /// Runs `body` on a thread of its own and waits at most `limit` for it.
    private static func runBounded(_ limit: Duration, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let work = GuardThreadBody {
            body()
            done.signal()
        }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(work).toOpaque()
        guard pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<GuardThreadBody>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, box) == 0 else {
            Unmanaged<GuardThreadBody>.fromOpaque(box).release()
            body()
            return
        }
        pthread_detach(thread)
        _ = done.wait(timeout: .now() + .milliseconds(Int(limit.components.seconds) * 1000 + Int(limit.components.attoseconds / 1_000_000_000_000_000)))
    }

    /// `true` when the main thread is blocked in a write system call (from
    /// /proc/self/task/<id>/syscall; `false` where that cannot be read).
    private func mainThreadIsWriting() -> Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let tid = mainThreadID.load(ordering: .relaxed)
        guard tid != 0 else { return false }
        let fd = open("/proc/self/task/\(tid)/syscall", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 63) }
        guard n > 0, let number = Int(String(decoding: buffer[0..<n].prefix { $0 != UInt8(ascii: " ") && $0 != 10 }, as: UTF8.self)) else { return false }
        #if arch(x86_64)
        return number == 1 || number == 18 || number == 20  // write, pwrite64, writev
        #else
        return number == 64 || number == 66 || number == 68  // write, writev, pwrite64
        #endif
        #else
        return false
        #endif
    }

    private func mainCPUNanoseconds() -> UInt64? {
        guard let clock = mainClock.withLock({ $0 }) else { return nil }
        var ts = timespec()
        guard clock_gettime(clock, &ts) == 0 else { return nil }
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// The process's resident set in bytes (from /proc/self/statm), `nil` where unavailable.
    public static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 127) }
        guard n > 0 else { return nil }
        let fields = buffer[0..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The guard thread's loop, boxed for `pthread_create`.
private final class GuardThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
