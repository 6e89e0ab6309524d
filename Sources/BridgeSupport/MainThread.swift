import Dispatch
import Synchronization

/// Whether code runs where the main actor runs, for code that may be called from any thread and
/// must not hop when it is already there (a responder answering on the main actor).
///
/// "Where the main actor runs" is the main dispatch queue, not one thread: once `dispatch_main`
/// has given the main thread away (an `async` `main` does), libdispatch serves the main queue
/// from its worker threads, and a worker that served it once goes back to the pool and runs
/// other work. A thread id noted at the first engine would then answer `true` on a worker
/// running a global queue's block, and `MainActor.assumeIsolated` there would trap. The main
/// queue carries a marker (`DispatchQueue.setSpecific`) that is readable from the queue it
/// runs on, whichever thread that is; libdispatch counts the main thread outside any block as
/// the main queue too.
package enum MainThread {
    /// The marker's key (made once; libdispatch's calls are thread-safe).
    private static let key = DispatchSpecificKey<UInt8>()
    /// Whether the marker is set (so that every engine does not set it again).
    private static let marked = Atomic<Bool>(false)

    /// Marks the main queue (the first call does; the others return at once). Called by every
    /// engine, on the main actor, before any code could ask from elsewhere.
    @MainActor package static func note() {
        guard !marked.load(ordering: .acquiring) else { return }
        DispatchQueue.main.setSpecific(key: key, value: 1)
        marked.store(true, ordering: .releasing)
    }

    /// Whether the caller runs on the main queue (where the main actor runs).
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }
}
