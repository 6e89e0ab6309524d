import Dispatch
import Synchronization

/// Work posted to the engine's thread from other threads. Posts that arrive while the loop is
/// busy (or together) share one main-queue hop: only the post that finds the loop parked wakes
/// it, and the loop then drains everything.
package final class MainInbox: Sendable {
    package typealias Job = @Sendable @MainActor () -> Void

    private struct State {
        package var jobs: [Job] = []
        package var parked: CheckedContinuation<Void, Never>?
        package var parkToken: UInt64 = 0
        /// The inbox whose loop drives this one's (a page a test loaded): a post wakes it.
        var forward: MainInbox?
    }

    private let state = Mutex(State())

    /// Adds a job; wakes the loop if it is waiting.
    package func post(_ job: @escaping Job) {
        let (waiter, forward): (CheckedContinuation<Void, Never>?, MainInbox?) = state.withLock { s in
            s.jobs.append(job)
            let w = s.parked
            s.parked = nil
            return (w, s.forward)
        }
        waiter?.resume()
        forward?.wake()
    }

    /// Posts to this inbox also wake `other` (the inbox of the loop driving this one's), or no
    /// other with `nil`.
    func forward(to other: MainInbox?) {
        state.withLock { $0.forward = other }
    }

    /// Wakes the loop if it is waiting, without a job (the loop's own task list changed).
    func wake() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { s in
            let w = s.parked
            s.parked = nil
            return w
        }
        waiter?.resume()
    }

    /// Takes every job posted so far.
    package func takeAll() -> [Job] {
        state.withLock { s in
            guard !s.jobs.isEmpty else { return [] }
            let jobs = s.jobs
            s.jobs = []
            return jobs
        }
    }

    /// `true` when jobs are waiting.
    package var hasJobs: Bool { state.withLock { !$0.jobs.isEmpty } }

    /// Waits until a job is posted or `duration` of real time passes (`nil` = no limit).
    @MainActor
    package func wait(for duration: Duration?) async {
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
            if let duration {
                let c = max(.zero, duration).components
                let nanos = c.seconds >= Int64.max / 1_000_000_000 ? Int.max : Int(c.seconds) * 1_000_000_000 + Int(c.attoseconds / 1_000_000_000)
                DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanos)) { [self] in
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
