import Testing
@testable import ScriptEngine

/// Owned timers (a call's timeout): no closure per timer, ordered with the loop's other timers by
/// deadline and creation, fired only while their owner reports them armed; and cancelled timers,
/// owned or not, do not pile up in the heap.
@MainActor
@Suite struct OwnedTimerTests {
    /// An owner that logs what fires and keeps a set of armed tokens.
    final class Owner: TimerOwner {
        var armed: Set<Int> = []
        var log: [String]
        init(log: [String] = []) { self.log = log }
        func isTimerArmed(_ token: Int) -> Bool { armed.contains(token) }
        func timerFired(_ token: Int) {
            armed.remove(token)
            log.append("owned \(token)")
        }
        func arm(_ loop: EventLoop, _ token: Int, after delay: Duration) {
            armed.insert(token)
            loop.scheduleOwned(after: delay, token: token)
        }
        func cancel(_ loop: EventLoop, _ token: Int) {
            guard armed.remove(token) != nil else { return }
            loop.cancelledOwned()
        }
    }

    @Test("owned and closure timers fire together in deadline, then creation, order")
    func orderWithClosureTimers() async throws {
        let loop = EventLoop(clock: VirtualClock())
        let owner = Owner()
        loop.timerOwner = owner
        loop.schedule(after: .milliseconds(10)) { owner.log.append("closure 10 a") }
        owner.arm(loop, 1, after: .milliseconds(10))
        loop.schedule(after: .milliseconds(10)) { owner.log.append("closure 10 b") }
        owner.arm(loop, 2, after: .milliseconds(5))
        owner.arm(loop, 3, after: .milliseconds(10))
        loop.schedule(after: .zero) { owner.log.append("closure 0") }
        #expect(loop.pendingTimers == 6)
        try await loop.run(limit: .seconds(5), shouldStop: { false })
        #expect(owner.log == ["closure 0", "owned 2", "closure 10 a", "owned 1", "closure 10 b", "owned 3"])
        #expect(loop.pendingTimers == 0)
        #expect(loop.isIdle)
    }

    @Test("a cancelled owned timer never fires, and the loop does not wait for it")
    func cancelled() async throws {
        let clock = VirtualClock()
        let loop = EventLoop(clock: clock)
        let owner = Owner()
        loop.timerOwner = owner
        owner.arm(loop, 7, after: .seconds(30))
        owner.arm(loop, 8, after: .seconds(1))
        #expect(!loop.isIdle)
        owner.cancel(loop, 7)
        #expect(loop.pendingTimers == 1)
        #expect(loop.nextDeadline() == .seconds(1))
        try await loop.run(limit: .seconds(60), shouldStop: { false })
        #expect(owner.log == ["owned 8"])
        #expect(clock.now == .seconds(1), "virtual time must not jump to the cancelled 30 s timer")
    }

    @Test("an owned timer its owner disarmed on its own is skipped when due")
    func disarmedByOwner() async throws {
        let loop = EventLoop(clock: VirtualClock())
        let owner = Owner()
        loop.timerOwner = owner
        owner.arm(loop, 1, after: .milliseconds(1))
        owner.arm(loop, 2, after: .milliseconds(2))
        owner.armed.remove(1)
        loop.cancelledOwned()
        try await loop.run(limit: .seconds(5), shouldStop: { false })
        #expect(owner.log == ["owned 2"])
    }

    @Test("timers armed and cancelled without end leave a heap the size of the live ones", arguments: [false, true])
    func cancelledEntriesAreCleared(owned: Bool) {
        let loop = EventLoop(clock: VirtualClock())
        let owner = Owner()
        loop.timerOwner = owner
        // 100 live timers, then 100 000 armed and cancelled one after another (a call timeout per
        // answered call, a debounced setTimeout).
        for i in 0..<100 { owner.arm(loop, i, after: .seconds(60)) }
        for i in 100..<100_100 {
            if owned {
                owner.arm(loop, i, after: .seconds(30))
                owner.cancel(loop, i)
            } else {
                let id = loop.schedule(after: .seconds(30)) {}
                loop.cancelTimer(id)
            }
            #expect(loop.timerHeapCount <= 2 * 1025 + 100, "the heap kept \(loop.timerHeapCount) entries after \(i - 99) cancelled timers")
            if loop.timerHeapCount > 2 * 1025 + 100 { break }
        }
        #expect(loop.pendingTimers == 100)
        #expect(loop.nextDeadline() == .seconds(60))
    }

    @Test("clearing the heap keeps the order of the timers left")
    func orderAfterClearing() async throws {
        let loop = EventLoop(clock: VirtualClock())
        let owner = Owner()
        loop.timerOwner = owner
        // Live timers at scattered deadlines, with equal ones, among many cancelled ones.
        var expected: [(Int, Int)] = []
        for i in 0..<3000 {
            let ms = (i * 7919) % 50
            owner.arm(loop, i, after: .milliseconds(ms))
            if i % 3 == 0 { expected.append((ms, i)) } else { owner.cancel(loop, i) }
        }
        #expect(loop.timerHeapCount < 3000, "the cancelled entries were cleared out")
        try await loop.run(limit: .seconds(5), shouldStop: { false })
        expected.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        #expect(owner.log == expected.map { "owned \($0.1)" })
    }

    @Test("a timer id cancelled and armed again fires at its new deadline only, once")
    func rearmedID() async throws {
        let clock = VirtualClock()
        let loop = EventLoop(clock: clock)
        var fired: [Duration] = []
        let id = loop.allocateTimerID()
        loop.schedule(after: .milliseconds(10), id: id) { fired.append(clock.now) }
        loop.cancelTimer(id)
        loop.schedule(after: .milliseconds(100), id: id) { fired.append(clock.now) }
        // Armed again while armed: the later arming wins.
        let other = loop.allocateTimerID()
        loop.schedule(after: .milliseconds(20), id: other) { fired.append(.seconds(-1)) }
        loop.schedule(after: .milliseconds(50), id: other) { fired.append(clock.now) }
        #expect(loop.pendingTimers == 2)
        try await loop.run(limit: .seconds(5), shouldStop: { false })
        #expect(fired == [.milliseconds(50), .milliseconds(100)])
        #expect(loop.pendingTimers == 0)
    }
}
