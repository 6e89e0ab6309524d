/// When a page is done. A browser page never exits: a `.js` run keeps Node's rule (it ends when
/// nothing is pending, so a live interval keeps it going), but an `.html` run ends when the page
/// is loaded and quiet — no bridge call, native-to-JS call, request or one-shot timer pending,
/// nothing ready to run, only the page's intervals (Backbone's hash check, a carousel) left —
/// and stays quiet for a settle period of the engine's clock. Anything that happens meanwhile (a
/// call, a new one-shot timer) starts the settle period again. A page with nothing pending at
/// all — not even an interval — is done at once: nothing could happen during the settle period.
extension BridgeEngine {
    /// `true` when only the page's intervals are pending.
    public var isQuiet: Bool {
        guard loop.hasOnlyTimers, calls.count == 0, jsCalls.count == 0, timers.oneShotCount == 0 else { return false }
        return loop.pendingTimers - calls.armedTimers - jsCalls.count <= timers.intervalCount + (quietWakeTimer == nil ? 0 : 1)
    }

    /// Runs until the page is quiet for `settle` (or idle), or `condition` holds when given
    /// (checked after every turn).
    ///
    /// - Parameters:
    ///   - settle: how long (engine clock) the page must stay quiet.
    ///   - condition: ends the run instead of quiet, e.g. "an element appeared".
    ///   - limit: how long the run may last (see `runUntilIdle(limit:)`).
    /// - Throws: `RunStop.timeLimit` when the limit passes first.
    public func runUntilQuiet(settle: Duration, until condition: (() -> Bool)? = nil, limit: Duration? = nil) async throws(RunStop) {
        var quietSince: Duration?
        defer {
            if let id = quietWakeTimer { loop.cancelTimer(id) }
            quietWakeTimer = nil
        }
        try await run(until: { [unowned self] in
            if let condition { return condition() }
            guard isQuiet else {
                quietSince = nil
                if let id = quietWakeTimer { loop.cancelTimer(id) }
                quietWakeTimer = nil
                return false
            }
            // Nothing pending at all, not even an interval: nothing can happen any more, so the
            // settle period would only be waited out.
            if loop.pendingTimers == (quietWakeTimer == nil ? 0 : 1) { return true }
            let now = clock.now
            if let since = quietSince { return now - since >= settle }
            quietSince = now
            // Wake the loop when the settle period ends (an interval may be far away).
            quietWakeTimer = loop.schedule(after: settle) { [unowned self] in quietWakeTimer = nil }
            return settle <= .zero
        }, limit: limit)
    }
}
