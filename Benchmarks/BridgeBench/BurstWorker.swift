import BridgeRuntime
import Dispatch
import Synchronization

/// A worker queue that answers, about 200 µs after the first call of a burst, every call submitted
/// until then, in one block.
final class BurstWorker: Sendable {
    private let queue = DispatchQueue(label: "bridge-bench.component")
    private let waiting = Mutex<[(BridgeResponder, JSONValue)]>([])

    func submit(_ responder: BridgeResponder, _ value: JSONValue) {
        let first = waiting.withLock { list in
            list.append((responder, value))
            return list.count == 1
        }
        guard first else { return }
        queue.asyncAfter(deadline: .now() + .microseconds(200)) { [self] in
            let batch = waiting.withLock { list in
                defer { list.removeAll(keepingCapacity: true) }
                return list
            }
            for (responder, value) in batch { responder.succeed(value) }
        }
    }
}
