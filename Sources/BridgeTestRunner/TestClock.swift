import FoundationEssentials
import BridgeCore
import ScriptEngine

/// The fake time of one test file (`vi.useFakeTimers()` and friends), shared by every engine
/// the file's tests drive: the test file's own engine and any page engine a test loads.
///
/// While fake time is on, each driven engine arms its new page timers on one `FakeTimeline`
/// and reads `performance.now()`/`Date` from it; the test moves it (`vi.advanceTimersByTime`),
/// which fires the due timers of all engines in one deadline order. An engine that starts while
/// fake time is on joins it at once.
///
/// How another engine joins (a page a test loads): call `drive(_:)` when it is created and
/// `release(_:)` before it closes.
///
/// - Note: main actor only.
@MainActor
final class TestClock {
    /// The timeline while fake time is on.
    private(set) var timeline: FakeTimeline?
    private var engines: [EngineHandle] = []
    /// Where the monotonic fake clock starts (the file engine's clock).
    private let start: () -> Duration

    /// - Parameter start: the monotonic time fake time starts from (the file engine's clock).
    init(start: @escaping () -> Duration) {
        self.start = start
    }

    /// Drives `engine` from now on (joining fake time at once when it is on).
    func drive(_ engine: BridgeEngine) {
        engines.removeAll { $0.engine == nil || $0 === engine.handle }
        engines.append(engine.handle)
        if let timeline { engine.useFakeTime(timeline) }
    }

    /// Stops driving `engine` (before it closes).
    func release(_ engine: BridgeEngine) {
        engine.useFakeTime(nil)
        engines.removeAll { $0.engine == nil || $0 === engine.handle }
    }

    /// Switches every driven engine to a fresh fake timeline whose `Date.now()` starts at
    /// `wallMilliseconds` (the real time when `nil`). A timeline that was on is dropped first.
    func enable(wallMilliseconds: Double?) {
        disable()
        // Whole milliseconds: the times the harness adds to in JS stay exact.
        let origin = Duration.milliseconds(Int64(start().milliseconds.rounded(.down)))
        let t = FakeTimeline(now: origin, wallMilliseconds: wallMilliseconds ?? Self.realWallMilliseconds())
        timeline = t
        for handle in engines { handle.engine?.useFakeTime(t) }
    }

    /// Back to real time: the pending fake timers are dropped (they never fire).
    func disable() {
        guard let t = timeline else { return }
        timeline = nil
        for handle in engines { handle.engine?.useFakeTime(nil) }
        t.clear()
    }

    /// The real wall clock in milliseconds since 1970.
    static func realWallMilliseconds() -> Double {
        (Date().timeIntervalSince1970 * 1000).rounded(.down)
    }

    /// The native functions the timers extension (`JS/bridge-test-timers.js`) calls, as part
    /// of `__bridgeTestNative`: times in milliseconds; `fakeNow`, `fakeStep`'s limit and the
    /// deadlines are on the monotonic fake clock.
    func nativeFunctions() -> [NativeFunctionSpec] {
        [
            NativeFunctionSpec("fakeTimersOn", { [unowned self] args in
                enable(wallMilliseconds: args.number(0).flatMap { $0.isFinite ? $0 : nil })
                return .undefined
            }),
            NativeFunctionSpec("fakeTimersOff", { [unowned self] _ in
                disable()
                return .undefined
            }),
            NativeFunctionSpec("fakeActive", { [unowned self] _ in .bool(timeline != nil) }),
            NativeFunctionSpec("fakeNow", { [unowned self] _ in .number(timeline?.now.milliseconds ?? 0) }),
            NativeFunctionSpec("fakeStep", { [unowned self] args in
                guard let timeline else { return .bool(false) }
                let limit = args.number(0).map { Duration.milliseconds(exactly: $0) }
                return .bool(timeline.step(until: limit))
            }),
            NativeFunctionSpec("fakeNextDeadline", { [unowned self] _ in timeline?.nextDeadline.map { .number($0.milliseconds) } ?? .undefined }),
            NativeFunctionSpec("fakeLastDeadline", { [unowned self] _ in timeline?.lastDeadline.map { .number($0.milliseconds) } ?? .undefined }),
            NativeFunctionSpec("fakeCount", { [unowned self] _ in .number(Double(timeline?.count ?? 0)) }),
            NativeFunctionSpec("fakeClear", { [unowned self] _ in
                timeline?.clear()
                return .undefined
            }),
            NativeFunctionSpec("setSystemTime", { [unowned self] args in
                if let ms = args.number(0), ms.isFinite { timeline?.setWallMilliseconds(ms) }
                return .undefined
            }),
            NativeFunctionSpec("systemTime", { [unowned self] _ in .number((timeline?.wallMilliseconds ?? Self.realWallMilliseconds()).rounded(.down)) }),
            NativeFunctionSpec("realSystemTime", { _ in .number(Self.realWallMilliseconds()) }),
        ]
    }
}
