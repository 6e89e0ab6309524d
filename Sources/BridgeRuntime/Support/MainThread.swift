#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which thread is the main thread (where the main actor runs), for code that may be called
/// from any thread and must not hop when it is already there. Noted by the first engine, which
/// is created on the main actor, before any code could ask from elsewhere.
enum MainThread {
    /// Set once, on the main actor, before the first engine exists; read from any thread after.
    nonisolated(unsafe) private static var id: pthread_t?

    /// Records the current thread as the main thread (the first call wins).
    @MainActor static func note() {
        if id == nil { id = pthread_self() }
    }

    /// Whether the caller runs on the main thread.
    static var isCurrent: Bool {
        guard let id else { return false }
        return pthread_equal(id, pthread_self()) != 0
    }
}
