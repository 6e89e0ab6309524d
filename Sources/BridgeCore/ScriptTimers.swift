/// The page's `setTimeout`/`setInterval` timers on the engine's loop. The prelude keeps each
/// timer's callback and arguments; native code keeps only ids and deadlines and asks the SDK to
/// fire a timer by id (the `fireTimer` entry point the prelude handed over).
@MainActor
final class ScriptTimers {
    private unowned(unsafe) let engine: BridgeEngine
    /// The page's live timers: only these can be cleared from JS (the engine's own timers — mock
    /// delays, call timeouts — share the loop's id space and are not the page's to cancel).
    private var live: Set<Int> = []
    private var intervals: Set<Int> = []

    /// `unowned(unsafe)`: created by the engine's initializer, held only by the engine.
    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// Starts a timer and returns its id. `milliseconds` is what the page passed (the prelude
    /// already clamped it to 1…2^31-1 as browsers do).
    func start(milliseconds: Double, repeats: Bool) -> Int {
        let id = engine.loop.allocateTimerID()
        live.insert(id)
        if repeats { intervals.insert(id) }
        arm(id: id, delay: .milliseconds(exactly: milliseconds), repeats: repeats)
        return id
    }

    /// Stops a timer (no effect for an unknown id).
    func clear(_ id: Int) {
        guard live.remove(id) != nil else { return }
        intervals.remove(id)
        engine.loop.cancelTimer(id)
    }

    /// Intervals re-arm before their callback runs, so `clearInterval` inside the callback wins.
    private func arm(id: Int, delay: Duration, repeats: Bool) {
        engine.loop.schedule(after: delay, id: id) { [unowned self] in
            if repeats {
                guard intervals.contains(id) else { return }
                arm(id: id, delay: delay, repeats: true)
            } else {
                live.remove(id)
            }
            engine.callSDK(engine.host.fireTimer, [.number(Double(id))])
        }
    }

    /// The page's repeating timers that are live.
    var intervalCount: Int { intervals.count }
    /// The page's one-shot timers that are still to fire.
    var oneShotCount: Int { live.count - intervals.count }

    /// Forgets every interval (engine close; the loop drops the timers).
    func reset() {
        live.removeAll()
        intervals.removeAll()
    }
}
