import Synchronization

/// A reference to an engine that responders, other threads and long-lived closures hold
/// instead of a weak reference: a weak reference would move the engine's reference count to a
/// side table and slow every retain and release on the hot path. It is valid from the end of the
/// engine's initializer until the engine closes or is deallocated; `engine` is `nil` outside
/// that window.
package final class EngineHandle: Sendable {
    private let open = Atomic<Bool>(false)
    private let engineID = Atomic<Int>(0)
    /// `nonisolated(unsafe)`: written once, on the main actor, before `open` is set with release
    /// ordering; read only after `open` was seen set with acquire ordering, on the main actor —
    /// the atomic flag is the check that makes the read safe.
    nonisolated(unsafe) private unowned(unsafe) var target: BridgeEngine?

    package init() {}

    /// Points the handle at its engine and opens it (once, at the end of the engine's init).
    @MainActor
    func attach(_ engine: BridgeEngine) {
        target = engine
        engineID.store(engine.id, ordering: .relaxed)
        open.store(true, ordering: .releasing)
        Self.live.withLock { $0[engine.id] = self }
    }

    /// The engine while it is open.
    @MainActor
    package var engine: BridgeEngine? { open.load(ordering: .acquiring) ? target : nil }

    /// Marks the engine gone (close or deinit). Idempotent.
    func invalidate() {
        guard open.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let id = engineID.load(ordering: .relaxed)
        Self.live.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Open engines by id, for `BridgeCall.engine`.
    static let live = Mutex<[Int: EngineHandle]>([:])

    /// The open engine with this id.
    @MainActor
    static func engine(id: Int) -> BridgeEngine? {
        live.withLock { $0[id] }?.engine
    }
}
