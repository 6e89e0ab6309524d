import Synchronization

/// A reference to an engine that responders, other threads and long-lived closures hold
/// instead of a weak reference: a weak reference would move the engine's reference count to a
/// side table and slow every retain and release on the hot path. It is valid until the engine
/// closes or is deallocated; `engine` is `nil` after that.
final class EngineHandle: Sendable {
    private let open = Atomic<Bool>(true)
    private unowned(unsafe) let target: BridgeEngine

    init(_ engine: BridgeEngine) {
        target = engine
    }

    /// The engine while it is open.
    @MainActor
    var engine: BridgeEngine? { open.load(ordering: .acquiring) ? target : nil }

    /// Marks the engine gone (close or deinit).
    func invalidate() {
        open.store(false, ordering: .releasing)
    }

    /// Open engines by id, for `BridgeCall.engine`.
    static let live = Mutex<[Int: EngineHandle]>([:])
}
