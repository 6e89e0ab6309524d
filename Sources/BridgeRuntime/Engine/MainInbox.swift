import Dispatch
import Synchronization

/// Work posted to the engine's thread from other threads. Posts that arrive while the loop is
/// busy (or together) share one main-queue hop: only the post that finds the loop parked wakes
/// it, and the loop then drains everything.
final class MainInbox: Sendable {
    typealias Job = @Sendable @MainActor () -> Void

    private struct State {
        var jobs: [Job] = []
        var parked: CheckedContinuation<Void, Never>?
        var parkToken: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Adds a job; wakes the loop if it is waiting.
    func post(_ job: @escaping Job) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { s in
            s.jobs.append(job)
            let w = s.parked
            s.parked = nil
            return w
        }
        waiter?.resume()
    }

    /// Takes every job posted so far.
    func takeAll() -> [Job] {
        state.withLock { s in
            guard !s.jobs.isEmpty else { return [] }
            let jobs = s.jobs
            s.jobs = []
            return jobs
        }
    }

    /// `true` when jobs are waiting.
    var hasJobs: Bool { state.withLock { !$0.jobs.isEmpty } }

    /// Waits until a job is posted or `milliseconds` of real time pass (`nil` = no limit).
    @MainActor
    func wait(milliseconds: Double?) async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let token: UInt64? = state.withLock { s in
                if !s.jobs.isEmpty { return nil }
                s.parkToken &+= 1
                s.parked = c
                return s.parkToken
            }
            guard let token else {
                c.resume()
                return
            }
            if let milliseconds {
                let nanos = UInt64(max(0, milliseconds) * 1_000_000)
                DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(min(nanos, UInt64(Int.max))))) { [self] in
                    let w: CheckedContinuation<Void, Never>? = state.withLock { s in
                        guard s.parkToken == token, let w = s.parked else { return nil }
                        s.parked = nil
                        return w
                    }
                    w?.resume()
                }
            }
        }
    }
}
