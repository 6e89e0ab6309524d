import Dispatch
import Foundation
import Testing
@testable import BridgeSupport

/// `MainThread.isCurrent` answers whether the caller runs on the main queue (where the main actor
/// runs), not whether it runs on one thread: libdispatch serves the main queue from worker
/// threads once `dispatch_main` has given the main thread away, and those threads run other
/// queues' work too.
@MainActor
@Suite struct MainThreadTests {
    @Test("true on the main actor and in a block on the main queue")
    func onTheMainQueue() async {
        MainThread.note()
        #expect(MainThread.isCurrent)
        let inBlock: Bool = await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume(returning: MainThread.isCurrent) }
        }
        #expect(inBlock)
    }

    @Test("false on another thread and on a global queue")
    func elsewhere() async {
        MainThread.note()
        let onThread: Bool = await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: MainThread.isCurrent) }
        }
        #expect(!onThread)
        let onGlobal: Bool = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: MainThread.isCurrent) }
        }
        #expect(!onGlobal)
    }

    @Test("false in another queue's block that runs on the main actor's own thread")
    func otherQueueOnThisThread() {
        MainThread.note()
        // `sync` runs the block on the calling thread, but on another queue: the case a thread id
        // answered wrongly (a pooled worker that once served the main queue, running other work).
        let queue = DispatchQueue(label: "MainThreadTests.other")
        let inOtherQueue = queue.sync { MainThread.isCurrent }
        #expect(!inOtherQueue)
        #expect(MainThread.isCurrent)
    }
}
