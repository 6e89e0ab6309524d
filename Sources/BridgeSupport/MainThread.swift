import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which thread is the main thread (where the main actor runs), for code that may be called
/// from any thread and must not hop when it is already there. Noted by the first engine, which
/// is created on the main actor, before any code could ask from elsewhere.
package enum MainThread {
    /// The main thread's id (0 until noted): set once, on the main actor, before the first
    /// engine exists; read from any thread after. Atomic, so the read races with nothing.
    private static let id = Atomic<UInt>(0)

    /// Records the current thread as the main thread (the first call wins).
    @MainActor package static func note() {
        _ = id.compareExchange(expected: 0, desired: UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))), ordering: .releasing)
    }

    /// Whether the caller runs on the main thread.
    package static var isCurrent: Bool {
        let main = id.load(ordering: .acquiring)
        return main != 0 && main == UInt(pthread_self())
    }
}
