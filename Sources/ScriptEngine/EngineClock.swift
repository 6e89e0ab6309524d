import Dispatch
import Synchronization

/// The time source of an engine's timers. Injected so tests and `--virtual-time` can run timers
/// without waiting.
public protocol EngineClock: AnyObject, Sendable {
    /// The current time, as the duration since the clock's (arbitrary, fixed) origin.
    var now: Duration { get }
    /// `true` when the event loop may jump this clock forward to the next timer instead of
    /// waiting in real time.
    var isVirtual: Bool { get }
    /// Moves a virtual clock to `time` (ignored by real clocks and for times in the past).
    func advance(to time: Duration)
}

extension EngineClock {
    /// `now` in milliseconds (the event loop's unit).
    package var nowMilliseconds: Double { now.milliseconds }
}

/// Real monotonic time.
public final class SystemClock: EngineClock {
    /// Creates a real-time clock.
    public init() {}
    /// Monotonic time since boot.
    public var now: Duration { .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds)) }
    /// Always `false`.
    public var isVirtual: Bool { false }
    /// Does nothing: real time cannot be moved.
    public func advance(to time: Duration) {}
}

/// A clock that only moves when told to, or when the event loop has nothing to do but wait for
/// a timer. Timers fire in deadline order exactly as with real time, without waiting.
///
/// Moving the clock does not run anything by itself: the loop notices the new time on its next
/// turn (`BridgeEngine.runReady()`), and `TestBridge.advanceTime(by:)` in BridgeRuntimeTesting
/// moves it and fires the timers that fall due on the way, in order.
public final class VirtualClock: EngineClock {
    private let time: Mutex<Duration>

    /// Creates a virtual clock starting at `start`.
    public init(start: Duration = .zero) {
        time = Mutex(start)
    }

    /// The virtual time.
    public var now: Duration { time.withLock { $0 } }
    /// Always `true`.
    public var isVirtual: Bool { true }

    /// Moves the clock forward to `target` (never backwards).
    public func advance(to target: Duration) {
        time.withLock { if target > $0 { $0 = target } }
    }

    /// Moves the clock forward by `duration` (negative durations are ignored).
    public func advance(by duration: Duration) {
        time.withLock { $0 += max(.zero, duration) }
    }
}
