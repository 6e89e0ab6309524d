/// The engine's event loop on the main actor: ready tasks, timers on an injectable clock, and an
/// inbox for work from other threads.
///
/// One turn runs the inbox jobs, then the tasks that were ready when it began, in FIFO order,
/// then every timer that is due, in deadline-then-creation order (tasks queued during the turn
/// wait for the next one, so a stream of answers cannot hold back a due timer). Microtasks drain after each task: JavaScriptCore drains them as a
/// top-level call returns, and a delivery drains them itself inside its own call (see
/// `BridgeEngine.takeChainedBatch`), where it may also take on the answers the next task would
/// deliver (`nothingElseWaits()`). The loop is idle when nothing is ready, no timer is
/// pending and `keepAlive` is zero.
@MainActor
final class EventLoop {
    typealias Task = @MainActor () -> Void

    struct Timer {
        var deadline: Double
        var seq: UInt64
        var id: Int
    }

    /// Why `run` stopped early.
    enum Stop: Error {
        /// The overall run limit (milliseconds, real or virtual) passed.
        case runTimeLimit(Double)
        /// `shouldStop` asked to stop.
        case requested
    }

    let clock: any EngineClock
    let inbox = MainInbox()

    private var ready: [Task] = []
    private var readyHead = 0
    private var heap: [Timer] = []
    private var timerActions: [Int: Task] = [:]
    private var nextSeq: UInt64 = 0
    private var nextTimerID = 1

    /// Counts every `schedule` call (lets the engine see whether a handler armed a timer).
    private(set) var scheduleCount = 0
    /// Things other than timers that keep the loop alive (pending calls, native-to-JS calls).
    var keepAlive = 0
    /// Work done off the main thread that will post back (lets virtual time wait for it).
    var offThreadWork = 0
    /// Real milliseconds virtual time waits for off-thread work before jumping to a timer.
    var virtualGrace: Double = 250
    /// `true` while `run` is on the stack.
    private(set) var isRunning = false
    /// While a turn runs its ready tasks: whether the run that drives it may go on.
    private var mayContinue: (() -> Bool)?

    init(clock: any EngineClock) {
        self.clock = clock
    }

    /// `true` when the task running now could hand its successor (the one queued task, which
    /// must be the caller's) its work directly: the loop would run that task next anyway, since
    /// nothing else is ready, no inbox job waits, no timer is due and the driving run does not
    /// want to stop.
    func nothingElseWaits() -> Bool {
        guard let mayContinue, ready.count - readyHead == 1, !inbox.hasJobs else { return false }
        if let next = nextDeadline(), next <= clock.now { return false }
        return mayContinue()
    }

    /// Number of pending timers.
    var pendingTimers: Int { timerActions.count }

    /// Queues a task for the next turn.
    func enqueue(_ task: @escaping Task) {
        ready.append(task)
    }

    /// Schedules `action` after `delay` ms. Returns an id for `cancelTimer`.
    @discardableResult
    func schedule(after delay: Double, id: Int? = nil, _ action: @escaping Task) -> Int {
        let timerID = id ?? allocateTimerID()
        scheduleCount &+= 1
        nextSeq += 1
        let entry = Timer(deadline: clock.now + max(0, delay), seq: nextSeq, id: timerID)
        timerActions[timerID] = action
        push(entry)
        return timerID
    }

    /// A fresh timer id.
    func allocateTimerID() -> Int {
        defer { nextTimerID += 1 }
        return nextTimerID
    }

    /// Cancels a timer (no effect if it already fired).
    func cancelTimer(_ id: Int) {
        timerActions[id] = nil
    }

    /// `true` when a timer with this id is pending.
    func hasTimer(_ id: Int) -> Bool { timerActions[id] != nil }

    /// `true` when nothing is ready, no timer is pending and nothing keeps the loop alive.
    var isIdle: Bool {
        readyHead >= ready.count && timerActions.isEmpty && keepAlive == 0 && !inbox.hasJobs
    }

    /// Runs until `done()` or idle.
    ///
    /// - Parameters:
    ///   - limit: milliseconds the run may last (real time, and virtual time on a virtual clock).
    ///   - shouldStop: checked after each task; `true` stops with `Stop.requested`.
    ///   - done: `true` ends the run successfully.
    func run(limit: Double?, shouldStop: () -> Bool, until done: () -> Bool = { false }) async throws(Stop) {
        isRunning = true
        defer { isRunning = false }
        let realClock = SystemClock()
        let realStart = realClock.now
        let virtualStart = clock.now
        var lastProgress = realStart
        while true {
            if shouldStop() { throw .requested }
            if done() { return }
            if runReadyAndDue(shouldStop: shouldStop, mayContinue: { !shouldStop() && !done() }) {
                lastProgress = realClock.now
                continue
            }
            if done() { return }
            if isIdle { return }
            if let limit {
                if realClock.now - realStart >= limit || (clock.isVirtual && clock.now - virtualStart >= limit) {
                    throw .runTimeLimit(limit)
                }
            }
            let next = nextDeadline()
            // Virtual time jumps to the next timer, but first gives work running on other
            // threads a short real-time grace to answer, so a 30 s virtual timeout does not beat a
            // handler that answers in 5 ms of real time.
            if clock.isVirtual, let next, offThreadWork == 0 || realClock.now - lastProgress > virtualGrace {
                clock.advance(to: next)
                continue
            }
            var wait: Double? = next.map { max(0, $0 - clock.now) }
            if clock.isVirtual, next != nil { wait = 10 }
            if let limit {
                let left = max(0, limit - (realClock.now - realStart))
                wait = min(wait ?? left, left)
            }
            await inbox.wait(milliseconds: wait)
        }
    }

    /// Runs one batch of ready tasks, inbox jobs and due timers. Returns `true` if anything ran.
    ///
    /// - Parameter mayContinue: whether the driving run may go on; while ready tasks run,
    ///   `nothingElseWaits()` consults it.
    @discardableResult
    func runReadyAndDue(shouldStop: () -> Bool = { false }, mayContinue: () -> Bool = { false }) -> Bool {
        var didWork = false
        let jobs = inbox.takeAll()
        for job in jobs {
            job()
            didWork = true
        }
        withoutActuallyEscaping(mayContinue) { gate in
            let outer = self.mayContinue
            self.mayContinue = gate
            defer { self.mayContinue = outer }
            // The tasks that were ready when the turn began; tasks they queue run next turn,
            // after the timers that are due now.
            // (`reset()` from a task empties the queue: the bound follows it down.)
            let end = ready.count
            while readyHead < min(end, ready.count) {
                let task = ready[readyHead]
                readyHead += 1
                task()
                didWork = true
                if shouldStop() { return }
            }
        }
        if readyHead >= ready.count {
            ready.removeAll(keepingCapacity: true)
            readyHead = 0
        }
        if shouldStop() { return didWork }
        // Timers due now, in order; a timer scheduled by one of them for "now" waits a turn.
        let now = clock.now
        while let top = heap.first, top.deadline <= now {
            popTop()
            guard let action = timerActions.removeValue(forKey: top.id) else { continue }
            action()
            didWork = true
            if shouldStop() { break }
        }
        return didWork
    }

    /// Deadline of the earliest live timer.
    func nextDeadline() -> Double? {
        while let top = heap.first, timerActions[top.id] == nil { popTop() }
        return heap.first?.deadline
    }

    /// Drops all timers and ready tasks (engine close).
    func reset() {
        heap.removeAll()
        timerActions.removeAll()
        ready.removeAll()
        readyHead = 0
        keepAlive = 0
    }

    // MARK: Binary heap ordered by (deadline, seq)

    private func less(_ a: Timer, _ b: Timer) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.seq < b.seq)
    }

    private func push(_ t: Timer) {
        heap.append(t)
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if less(heap[i], heap[p]) {
                heap.swapAt(i, p)
                i = p
            } else { break }
        }
    }

    private func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count, less(heap[l], heap[m]) { m = l }
            if r < heap.count, less(heap[r], heap[m]) { m = r }
            if m == i { break }
            heap.swapAt(i, m)
            i = m
        }
    }
}
