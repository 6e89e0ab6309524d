/// Fake time that a test drives by hand (`vi.useFakeTimers()` in `bridge-run test`): a clock
/// that stands still until told to move, and the page timers armed while it was switched on.
///
/// One timeline can drive several engines: each engine's `EventLoop` that has it as its
/// `fakeTimeline` arms new page timers (`setTimeout`/`setInterval`) here instead of on its own
/// clock, and reads `performance.now()` and `Date.now()` from it. `step(until:)` fires the
/// earliest timer of all of them, so timers of different engines run in one deadline order.
/// Nothing fires by itself: the event loop never waits for these timers and they do not keep it
/// alive.
///
/// - Note: main actor only, like the event loops it serves.
@MainActor
package final class FakeTimeline {
    /// The fake monotonic time (what `performance.now()` reads).
    package private(set) var now: Duration
    /// The wall time (ms since 1970) at `wallOrigin` on the monotonic clock.
    private var wallBase: Double
    private var wallOrigin: Duration
    private var heap = DeadlineHeap()
    private var actions: [Int: @MainActor () -> Void] = [:]
    private var nextToken = 1

    /// Creates a timeline.
    ///
    /// - Parameters:
    ///   - now: the monotonic time to start from (the engine clock's time, so `performance.now()`
    ///     does not jump back).
    ///   - wallMilliseconds: what `Date.now()` reads at the start.
    package init(now: Duration, wallMilliseconds: Double) {
        self.now = now
        wallBase = wallMilliseconds
        wallOrigin = now
    }

    /// What `Date.now()` reads: the wall time moves with the fake clock.
    package var wallMilliseconds: Double { wallBase + (now - wallOrigin).milliseconds }

    /// Sets the wall time (`vi.setSystemTime`) without moving the monotonic clock or firing
    /// anything.
    package func setWallMilliseconds(_ ms: Double) {
        wallBase = ms
        wallOrigin = now
    }

    /// Number of pending timers.
    package var count: Int { actions.count }

    /// Arms `action` at `now + delay` (negative delays count as zero). Returns a token for
    /// `cancel`.
    package func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> Int {
        let token = nextToken
        nextToken += 1
        actions[token] = action
        heap.push(token, at: now + max(.zero, delay))
        return token
    }

    /// Cancels a timer (no effect when it already fired).
    package func cancel(_ token: Int) {
        actions[token] = nil
    }

    /// The deadline of the earliest pending timer.
    package var nextDeadline: Duration? {
        while let top = heap.first, actions[top.id] == nil { heap.popFirst() }
        return heap.first?.deadline
    }

    /// The deadline of the latest pending timer.
    package var lastDeadline: Duration? {
        heap.entries.filter { actions[$0.id] != nil }.map(\.deadline).max()
    }

    /// Fires the earliest pending timer whose deadline is at or before `limit` (any timer when
    /// `limit` is `nil`), first moving the clock to its deadline. When there is none, the clock
    /// moves to `limit` (never backwards).
    ///
    /// - Returns: `true` when a timer fired.
    @discardableResult
    package func step(until limit: Duration?) -> Bool {
        guard let deadline = nextDeadline, limit.map({ deadline <= $0 }) ?? true, let top = heap.first else {
            if let limit, limit > now { now = limit }
            return false
        }
        heap.popFirst()
        if deadline > now { now = deadline }
        guard let action = actions.removeValue(forKey: top.id) else { return true }
        action()
        return true
    }

    /// Moves the clock to `time` without firing anything (never backwards).
    package func move(to time: Duration) {
        if time > now { now = time }
    }

    /// Drops every pending timer.
    package func clear() {
        heap.removeAll()
        actions.removeAll()
    }
}
