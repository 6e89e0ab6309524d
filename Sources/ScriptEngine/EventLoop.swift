/// The engine's event loop on the main actor: ready tasks, timers on an injectable clock, and an
/// inbox for work from other threads.
///
/// One turn runs the inbox jobs, then the tasks that were ready when it began, in FIFO order,
/// then every timer that is due, in deadline-then-creation order (tasks queued during the turn
/// wait for the next one, so a stream of answers cannot hold back a due timer). Microtasks drain
/// after each task: JavaScriptCore drains them as a top-level call returns. The loop is idle
/// when nothing is ready, no timer is pending and `keepAlive` is zero.
///
/// A run's limits are checked after every turn, busy or not, so work that never lets the loop
/// go idle (a timer that re-arms itself at 0 ms, answers that arrive without end) still ends at
/// the limit.
@MainActor
package final class EventLoop {
    package typealias Task = @MainActor () -> Void

    /// Why `run` stopped early.
    package enum Stop: Error {
        /// The overall run limit (real time, or virtual time on a virtual clock) passed.
        case runTimeLimit(Duration)
        /// `shouldStop` asked to stop.
        case requested
    }

    package let clock: any EngineClock
    package let inbox = MainInbox()

    private var ready: [Task] = []
    private var readyHead = 0
    private var heap = DeadlineHeap()
    private var timerActions: [Int: Task] = [:]
    private var nextTimerID = 1

    /// Counts every `schedule` call (lets the engine see whether a handler armed a timer).
    package private(set) var scheduleCount = 0
    /// Things other than timers that keep the loop alive (pending calls, native-to-JS calls).
    package var keepAlive = 0
    /// Work done off the main thread that will post back (lets virtual time wait for it).
    package var offThreadWork = 0
    /// Real time virtual time waits for off-thread work before jumping to a timer.
    package var virtualGrace: Duration = .milliseconds(250)
    /// `true` while `run` is on the stack — this loop's own, or that of the loop driving it.
    package var isRunning: Bool { runDepth > 0 || (driver?.isRunning ?? false) }
    private var runDepth = 0
    /// The loops this one drives (the pages a test loaded): their inbox jobs, tasks and due
    /// timers run in this loop's turns, and this loop is idle only when they are too. They share
    /// this loop's clock.
    private var driven: [EventLoop] = []
    /// The loop driving this one, if any (see `drive(_:)`).
    private weak var driver: EventLoop?
    /// `true` while `run` waits in the inbox: work added meanwhile (by a task that ran on the main
    /// actor during the wait, e.g. a nested `callJS` from a handler) must wake it.
    private var isParked = false

    /// The fake time a test switched this engine to (`vi.useFakeTimers()`): while set, new page
    /// timers are armed on it and `performance.now()`/`Date.now()` read it. The loop itself
    /// never fires its timers (the test does, through the timeline).
    package var fakeTimeline: FakeTimeline?

    package init(clock: any EngineClock) {
        self.clock = clock
    }

    /// Number of pending timers.
    package var pendingTimers: Int { timerActions.count }

    /// Queues a task for the next turn.
    package func enqueue(_ task: @escaping Task) {
        ready.append(task)
        if isParked { inbox.wake() }
        driver?.wakeIfParked()
    }

    /// Drives `other` from now on: its work runs in this loop's turns (see `driven`). `other`
    /// must use this loop's clock.
    package func drive(_ other: EventLoop) {
        guard other !== self, other.driver == nil else { return }
        other.driver = self
        driven.append(other)
        other.inbox.forward(to: inbox)
        wakeIfParked()
    }

    /// Stops driving `other` (before its engine closes).
    package func release(_ other: EventLoop) {
        guard other.driver === self else { return }
        other.driver = nil
        other.inbox.forward(to: nil)
        driven.removeAll { $0 === other }
    }

    /// Wakes a parked `run` of this loop (or of the loop driving it).
    private func wakeIfParked() {
        if isParked { inbox.wake() }
        driver?.wakeIfParked()
    }

    /// Schedules `action` after `delay` (negative delays count as zero). Returns an id for
    /// `cancelTimer`.
    @discardableResult
    package func schedule(after delay: Duration, id: Int? = nil, _ action: @escaping Task) -> Int {
        let timerID = id ?? allocateTimerID()
        scheduleCount &+= 1
        timerActions[timerID] = action
        heap.push(timerID, at: clock.now + max(.zero, delay))
        // A parked run waits until the earliest deadline it knew; this one may be earlier.
        wakeIfParked()
        return timerID
    }

    /// A fresh timer id.
    package func allocateTimerID() -> Int {
        defer { nextTimerID += 1 }
        return nextTimerID
    }

    /// Cancels a timer (no effect if it already fired).
    package func cancelTimer(_ id: Int) {
        timerActions[id] = nil
    }

    /// `true` when a timer with this id is pending.
    package func hasTimer(_ id: Int) -> Bool { timerActions[id] != nil }

    /// `true` when nothing is ready, no timer is pending and nothing keeps the loop alive.
    /// `true` when nothing is ready to run now and no work other than timers keeps the loop
    /// alive (timers may be pending).
    package var hasOnlyTimers: Bool {
        readyHead >= ready.count && keepAlive == 0 && offThreadWork == 0 && !inbox.hasJobs
    }

    package var isIdle: Bool {
        readyHead >= ready.count && timerActions.isEmpty && keepAlive == 0 && !inbox.hasJobs
    }

    /// Runs until `done()` or idle.
    ///
    /// - Parameters:
    ///   - limit: how long the run may last (real time, and virtual time on a virtual clock),
    ///     checked after every turn.
    ///   - shouldStop: checked after each task; `true` stops with `Stop.requested`.
    ///   - done: `true` ends the run successfully.
    package func run(limit: Duration?, shouldStop: () -> Bool, until done: () -> Bool = { false }) async throws(Stop) {
        runDepth += 1
        defer { runDepth -= 1 }
        let realClock = SystemClock()
        let realStart = realClock.now
        let virtualStart = clock.now
        var lastProgress = realStart
        // Real time counts after every turn. Virtual time counts before the clock jumps: a jump
        // is taken while less than `limit` of virtual time has passed (so a 30 s timer fires at
        // once under a 30 s limit), never after.
        func checkLimit() throws(Stop) {
            guard let limit else { return }
            if realClock.now - realStart >= limit { throw .runTimeLimit(limit) }
        }
        while true {
            if shouldStop() { throw .requested }
            if done() { return }
            if runReadyAndDue(shouldStop: shouldStop) {
                lastProgress = realClock.now
                try checkLimit()
                continue
            }
            if done() { return }
            if isIdle && driven.allSatisfy(\.isIdle) { return }
            try checkLimit()
            let next = driven.reduce(nextDeadline()) { earliest, loop in
                guard let d = loop.nextDeadline() else { return earliest }
                return earliest.map { min($0, d) } ?? d
            }
            let offThreadWork = driven.reduce(self.offThreadWork) { $0 + $1.offThreadWork }
            // Virtual time jumps to the next timer, but first gives work running on other
            // threads a short real-time grace to answer, so a 30 s virtual timeout does not beat a
            // handler that answers in 5 ms of real time.
            if clock.isVirtual, let next, offThreadWork == 0 || realClock.now - lastProgress > virtualGrace {
                if let limit, clock.now - virtualStart >= limit { throw .runTimeLimit(limit) }
                clock.advance(to: next)
                continue
            }
            var wait: Duration? = next.map { max(.zero, $0 - clock.now) }
            if clock.isVirtual, next != nil { wait = .milliseconds(10) }
            if let limit {
                let left = max(.zero, limit - (realClock.now - realStart))
                wait = min(wait ?? left, left)
            }
            isParked = true
            await inbox.wait(for: wait)
            isParked = false
        }
    }

    /// Runs one batch of ready tasks, inbox jobs and due timers. Returns `true` if anything ran.
    @discardableResult
    package func runReadyAndDue(shouldStop: () -> Bool = { false }) -> Bool {
        var didWork = false
        let jobs = inbox.takeAll()
        for job in jobs {
            job()
            didWork = true
        }
        // The tasks that were ready when the turn began; tasks they queue run next turn,
        // after the timers that are due now.
        // (`reset()` from a task empties the queue: the bound follows it down.)
        let end = ready.count
        while readyHead < min(end, ready.count) {
            let task = ready[readyHead]
            readyHead += 1
            task()
            didWork = true
            if shouldStop() { break }
        }
        if readyHead >= ready.count {
            ready.removeAll(keepingCapacity: true)
            readyHead = 0
        }
        if shouldStop() { return didWork }
        // Timers due now, in order; a timer scheduled by one of them for "now" waits a turn.
        let now = clock.now
        while let top = heap.first, top.deadline <= now {
            heap.popFirst()
            guard let action = timerActions.removeValue(forKey: top.id) else { continue }
            action()
            didWork = true
            if shouldStop() { break }
        }
        for loop in driven where !shouldStop() {
            if loop.runReadyAndDue(shouldStop: shouldStop) { didWork = true }
        }
        return didWork
    }

    /// Deadline of the earliest live timer.
    package func nextDeadline() -> Duration? {
        while let top = heap.first, timerActions[top.id] == nil { heap.popFirst() }
        return heap.first?.deadline
    }

    /// Drops all timers and ready tasks (engine close).
    package func reset() {
        heap.removeAll()
        timerActions.removeAll()
        ready.removeAll()
        readyHead = 0
        keepAlive = 0
    }
}
