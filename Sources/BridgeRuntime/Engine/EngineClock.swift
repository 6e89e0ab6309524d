import Dispatch
import FoundationEssentials
import Synchronization

/// The time source of an engine's timers, in milliseconds. Injected so tests and
/// `--virtual-time` can run timers without waiting.
public protocol EngineClock: AnyObject, Sendable {
    /// Current time in milliseconds (any fixed origin).
    var now: Double { get }
    /// `true` when the event loop may jump this clock forward to the next timer instead of
    /// waiting in real time.
    var isVirtual: Bool { get }
    /// Moves a virtual clock to `time` (ignored by real clocks and for times in the past).
    func advance(to time: Double)
}

/// Real monotonic time.
public final class SystemClock: EngineClock {
    /// Creates a real-time clock.
    public init() {}
    /// Monotonic milliseconds.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000 }
    /// Always `false`.
    public var isVirtual: Bool { false }
    /// Does nothing: real time cannot be moved.
    public func advance(to time: Double) {}
}

/// A clock that only moves when told to, or when the event loop has nothing to do but wait for
/// a timer. Timers fire in deadline order exactly as with real time, without waiting.
public final class VirtualClock: EngineClock {
    private let time: Mutex<Double>

    /// Creates a virtual clock starting at `start` milliseconds.
    public init(start: Double = 0) {
        time = Mutex(start)
    }

    /// The virtual time in milliseconds.
    public var now: Double { time.withLock { $0 } }
    /// Always `true`.
    public var isVirtual: Bool { true }

    /// Moves the clock forward to `target` (never backwards).
    public func advance(to target: Double) {
        time.withLock { if target > $0 { $0 = target } }
    }

    /// Moves the clock forward by `milliseconds`.
    public func advance(by milliseconds: Double) {
        time.withLock { $0 += max(0, milliseconds) }
    }
}
