import Synchronization

/// A thread-safe list that handlers on any thread can append to (what a test collects).
public final class Recorder<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Appends `item`.
    public func append(_ item: Element) {
        items.withLock { $0.append(item) }
    }

    /// Everything appended so far, in order.
    public var all: [Element] { items.withLock { $0 } }
    /// How many items were appended.
    public var count: Int { items.withLock { $0.count } }
}

/// A thread-safe box for one value (a responder a handler stashed, a counter).
public final class LockedValue<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    /// Creates a box holding `initial`.
    public init(_ initial: Value) {
        value = Mutex(initial)
    }

    /// The value now.
    public var current: Value { value.withLock { $0 } }

    /// Changes the value under the lock and returns what `body` returns.
    @discardableResult
    public func update<R: Sendable>(_ body: (inout Value) -> R) -> R {
        value.withLock { body(&$0) }
    }
}

/// An error whose description is what the bridge passes through as `HANDLER_ERROR` (for
/// handlers in tests that throw something other than a `BridgeError`).
public struct StubError: Error, CustomStringConvertible, Sendable {
    /// What the handler says went wrong.
    public var description: String

    /// Creates an error with `description`.
    public init(_ description: String) {
        self.description = description
    }
}
