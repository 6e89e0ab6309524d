import ScriptEngine
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
    /// Timers armed on a fake timeline (`vi.useFakeTimers()`): id -> the timeline and its token.
    private var fake: [Int: (timeline: FakeTimeline, token: Int)] = [:]

    /// `unowned(unsafe)`: created by the engine's initializer, held only by the engine.
    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// Starts a timer and returns its id. `milliseconds` is what the page passed (the prelude
    /// already clamped it to 1…2^31-1 as browsers do; the runtime's own timers may be 0).
    /// While the loop has a fake timeline, a page timer is armed there (and stays there: an
    /// interval re-arms on the timeline it started on); `internal` timers (the test harness's)
    /// always run on the engine clock.
    func start(milliseconds: Double, repeats: Bool, internal isInternal: Bool = false) -> Int {
        let id = engine.loop.allocateTimerID()
        live.insert(id)
        if repeats { intervals.insert(id) }
        let delay = Duration.milliseconds(exactly: milliseconds)
        if !isInternal, let timeline = engine.loop.fakeTimeline {
            armFake(id: id, on: timeline, delay: delay, repeats: repeats)
        } else {
            arm(id: id, delay: delay, repeats: repeats)
        }
        return id
    }

    /// Stops a timer (no effect for an unknown id).
    func clear(_ id: Int) {
        guard live.remove(id) != nil else { return }
        intervals.remove(id)
        if let entry = fake.removeValue(forKey: id) {
            entry.timeline.cancel(entry.token)
        } else {
            engine.loop.cancelTimer(id)
        }
    }

    /// `arm` on a fake timeline: fired by the test (`vi.advanceTimersByTime`), in the
    /// timeline's order.
    private func armFake(id: Int, on timeline: FakeTimeline, delay: Duration, repeats: Bool) {
        let token = timeline.schedule(after: delay) { [weak self] in
            guard let self else { return }
            if repeats {
                guard intervals.contains(id) else { return }
                armFake(id: id, on: timeline, delay: delay, repeats: true)
            } else {
                live.remove(id)
                fake[id] = nil
            }
            engine.callSDK(engine.host.fireTimer, [.number(Double(id))])
        }
        fake[id] = (timeline, token)
    }

    /// Cancels and forgets the timers armed on `timeline` (the engine leaves fake time: back to
    /// real timers, or it stops being driven before it closes).
    func forget(_ timeline: FakeTimeline) {
        for (id, entry) in fake where entry.timeline === timeline {
            timeline.cancel(entry.token)
            fake[id] = nil
            live.remove(id)
            intervals.remove(id)
        }
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
        for entry in fake.values { entry.timeline.cancel(entry.token) }
        fake.removeAll()
        live.removeAll()
        intervals.removeAll()
    }
}
