/// The engine's event loop on the main actor: ready tasks, timers on an injectable clock, and an
/// inbox for work from other threads.
///
/// One turn runs the inbox jobs, then the tasks that were ready when it began, in FIFO order,
/// then every timer that is due, in deadline-then-creation order (tasks queued during the turn
/// wait for the next one, so a stream of answers cannot hold back a due timer). Microtasks drain
/// after each task: JavaScriptCore drains them as a top-level call returns. The loop is idle
/// when nothing is ready, no timer is pending and `keepAlive` is zero.
///
/// A run's limits are checked after every busy turn and before every wait, so work that never
/// lets the loop go idle (a timer that re-arms itself at 0 ms, answers that arrive without end)
/// still ends at the limit.
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
    /// The closure timers armed, by id, with the heap entry (its sequence number) that fires
    /// each: an id cancelled and armed again does not fire at its old entry's deadline.
    private var timerActions: [Int: (seq: UInt64, action: Task)] = [:]
    private var nextTimerID = 1
    /// The owner of the owned timers (see ``scheduleOwned(after:token:)``). Held strongly: an
    /// owner gone while its timers are armed would leave them counted for ever. (The engine's
    /// call table, which holds the engine unowned: no cycle.)
    package var timerOwner: (any TimerOwner)?
    /// Owned timers armed and neither fired nor cancelled.
    private var liveOwned = 0
    /// Heap entries of cancelled timers not yet dropped: once they are more than half the heap
    /// (and more than a few), they are cleared out, so a loop that arms and cancels timers
    /// without end (a call timeout per call, a debounced `setTimeout`) keeps a heap the size of
    /// its live timers.
    private var staleEntries = 0

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
    /// How many times `run` has waited in the inbox (for tests: a run that spins waits often).
    package private(set) var parks = 0

    /// The fake time a test switched this engine to (`vi.useFakeTimers()`): while set, new page
    /// timers are armed on it and `performance.now()`/`Date.now()` read it. The loop itself
    /// never fires its timers (the test does, through the timeline).
    package var fakeTimeline: FakeTimeline?

    package init(clock: any EngineClock) {
        self.clock = clock
    }

    /// Number of pending timers.
    package var pendingTimers: Int { timerActions.count + liveOwned }

    /// Entries in the timer heap, those of cancelled timers not yet cleared out included (for
    /// tests of the clearing).
    package var timerHeapCount: Int { heap.count }

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
        schedule(at: clock.now + max(.zero, delay), id: id, action)
    }

    /// Schedules `action` at the clock reading `deadline` (at once when it has passed). Steps
    /// computed from one reading keep their order: `after:` reads the clock again, and on the
    /// system clock two steps of equal deadline could come out in either order.
    @discardableResult
    package func schedule(at deadline: Duration, id: Int? = nil, _ action: @escaping Task) -> Int {
        let timerID = id ?? allocateTimerID()
        precondition(timerID > 0, "closure timer ids are positive (the heap names owned timers with negative ones)")
        scheduleCount &+= 1
        let seq = heap.push(timerID, at: deadline)
        // (An id armed again while armed: its earlier entry is a cancelled one now.)
        if timerActions.updateValue((seq, action), forKey: timerID) != nil { noteStale() }
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
        if timerActions.removeValue(forKey: id) != nil { noteStale() }
    }

    /// Arms a timer of ``timerOwner`` after `delay`, named by the owner's `token` (0 or more):
    /// no closure and no table entry per timer, for timers armed and cancelled by the thousand
    /// (the timeout of every call that waits for an answer). It is ordered with every other
    /// timer by deadline, then creation. When it is due, the owner is asked whether the token
    /// is still armed (``TimerOwner/isTimerArmed(_:)``), and if so told that it fired.
    package func scheduleOwned(after delay: Duration, token: Int) {
        precondition(token >= 0, "owned timer tokens are 0 or more")
        scheduleCount &+= 1
        liveOwned += 1
        heap.push(~token, at: clock.now + max(.zero, delay))
        wakeIfParked()
    }

    /// The owner cancelled one of its armed timers (it no longer reports the token as armed).
    package func cancelledOwned() {
        liveOwned -= 1
        noteStale()
    }

    /// One more heap entry of a cancelled timer; clears them all out when they are the most.
    private func noteStale() {
        staleEntries += 1
        guard staleEntries > 1024, staleEntries * 2 > heap.count else { return }
        heap.removeAll { !isArmed($0) }
        staleEntries = 0
    }

    /// Whether the timer of a heap entry is still armed.
    private func isArmed(_ entry: DeadlineHeap.Entry) -> Bool {
        entry.id >= 0 ? timerActions[entry.id]?.seq == entry.seq : timerOwner?.isTimerArmed(~entry.id) ?? false
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
        readyHead >= ready.count && timerActions.isEmpty && liveOwned == 0 && keepAlive == 0 && !inbox.hasJobs
    }

    /// Runs until `done()` or idle.
    ///
    /// - Parameters:
    ///   - limit: how long the run may last (real time, and virtual time on a virtual clock),
    ///     checked after every busy turn and before every wait. On a virtual clock, real time
    ///     the loop waited for its thread beyond what it asked for (the thread busy with other
    ///     work) is forgiven, up to four times `limit`: the run ends within five times its limit
    ///     of real time at most.
    ///   - shouldStop: checked after each task; `true` stops with `Stop.requested`.
    ///   - done: `true` ends the run successfully.
    package func run(limit: Duration?, shouldStop: () -> Bool, until done: () -> Bool = { false }) async throws(Stop) {
        runDepth += 1
        defer { runDepth -= 1 }
        let realClock = SystemClock()
        let realStart = realClock.now
        let virtualStart = clock.now
        var lastProgress = realStart
        // On a virtual clock, real time the loop waited beyond what it asked for — its thread
        // busy with other work, as in a parallel test run — is not the run's: up to four times
        // `limit` of it does not count (a run still ends within five times its limit of real
        // time, whatever else runs on its thread).
        // The real-time deadline moves by what is forgiven, at the waits; a busy turn compares
        // one clock reading with it (a call awaited in a loop is a turn per call).
        var starved = Duration.zero
        let forgivable = (limit ?? .zero) * 4
        var realDeadline = limit.map { realStart + $0 }
        // Real time counts after every busy turn and before every wait. Virtual time counts
        // before the clock jumps: a jump is taken while less than `limit` of virtual time has
        // passed (so a 30 s timer fires at once under a 30 s limit), never after.
        func checkLimit(at now: Duration? = nil) throws(Stop) {
            guard let limit, let realDeadline else { return }
            if (now ?? realClock.now) >= realDeadline { throw .runTimeLimit(limit) }
        }
        while true {
            if shouldStop() { throw .requested }
            if done() { return }
            if runReadyAndDue(shouldStop: shouldStop) {
                // (One clock read a busy turn: a call awaited in a loop is a turn per call.)
                let now = realClock.now
                lastProgress = now
                try checkLimit(at: now)
                continue
            }
            if done() { return }
            if isIdle && driven.allSatisfy(\.isIdle) { return }
            let next = driven.reduce(nextDeadline()) { earliest, loop in
                guard let d = loop.nextDeadline() else { return earliest }
                return earliest.map { min($0, d) } ?? d
            }
            let offThreadWork = driven.reduce(self.offThreadWork) { $0 + $1.offThreadWork }
            // Virtual time jumps to the next timer, but first gives work running on other
            // threads a short real-time grace to answer, so a 30 s virtual timeout does not beat a
            // handler that answers in 5 ms of real time. The jump comes before the real-time
            // check: a run that got no turn for seconds (its thread busy with other work, as in
            // a parallel test run) still takes the jump it is due, instead of failing on real
            // time it never had; the virtual limit bounds the jumps.
            if clock.isVirtual, let next, offThreadWork == 0 || realClock.now - lastProgress > virtualGrace {
                if let limit, clock.now - virtualStart >= limit { throw .runTimeLimit(limit) }
                clock.advance(to: next)
                continue
            }
            try checkLimit()
            var wait: Duration? = next.map { max(.zero, $0 - clock.now) }
            if clock.isVirtual, next != nil { wait = .milliseconds(10) }
            if let realDeadline {
                let left = max(.zero, realDeadline - realClock.now)
                wait = min(wait ?? left, left)
            }
            isParked = true
            parks += 1
            let parked = realClock.now
            await inbox.wait(for: wait)
            isParked = false
            if clock.isVirtual, let wait, let limit {
                starved += max(.zero, realClock.now - parked - wait)
                realDeadline = realStart + limit + min(starved, forgivable)
            }
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
        // (The clock is read only when a timer is pending.)
        let now = heap.first == nil ? .zero : clock.now
        while let top = heap.first, top.deadline <= now {
            heap.popFirst()
            if top.id < 0 {
                guard let owner = timerOwner, owner.isTimerArmed(~top.id) else { staleEntries -= 1; continue }
                liveOwned -= 1
                owner.timerFired(~top.id)
            } else {
                guard let armed = timerActions[top.id], armed.seq == top.seq else { staleEntries -= 1; continue }
                timerActions[top.id] = nil
                armed.action()
            }
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
        while let top = heap.first, !isArmed(top) {
            heap.popFirst()
            staleEntries -= 1
        }
        return heap.first?.deadline
    }

    /// Drops all timers and ready tasks (engine close).
    package func reset() {
        heap.removeAll()
        timerActions.removeAll()
        liveOwned = 0
        staleEntries = 0
        ready.removeAll()
        readyHead = 0
        keepAlive = 0
    }
}

/// What owns a loop's owned timers (``EventLoop/scheduleOwned(after:token:)``): it knows which of
/// its tokens are armed and what firing one does.
@MainActor
package protocol TimerOwner: AnyObject {
    /// `true` while the timer `token` names is armed (not fired, not cancelled).
    func isTimerArmed(_ token: Int) -> Bool
    /// The timer `token` names is due; the loop counts it as fired before the call.
    func timerFired(_ token: Int)
}
