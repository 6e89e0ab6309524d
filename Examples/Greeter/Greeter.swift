import BridgeRuntime
import Synchronization

/// Where greetings are counted: the component's dependency (an app would pass its database).
protocol GreetingStore: Sendable {
    func count(_ name: String) -> Int
}

/// A store in memory.
final class InMemoryStore: GreetingStore {
    private let counts = Mutex<[String: Int]>([:])

    func count(_ name: String) -> Int {
        counts.withLock { c in
            c[name, default: 0] += 1
            return c[name]!
        }
    }
}

/// A component built with its dependency, its actions methods of the instance.
final class Greeter: BridgeComponent {
    static let componentName = "greeter"
    static let actions: [BridgeAction<Greeter>] = [
        .async("greeter.hello", Greeter.hello),
        .typed("greeter.rename", Greeter.rename),
    ]

    private let store: any GreetingStore

    init(store: any GreetingStore) {
        self.store = store
    }

    func hello(_ call: BridgeCall) async throws -> JSONValue {
        guard let name = call.params["name"]?.stringValue, !name.isEmpty else {
            throw BridgeError.invalidMessage("params.name is required")
        }
        return ["greeting": .string("Hello, \(name)!"), "count": .number(Double(store.count(name)))]
    }

    struct Rename: Codable, Sendable { var from: String; var to: String }
    struct Renamed: Codable, Sendable { var greeting: String; var page: String }

    func rename(_ p: Rename, call: BridgeCall) async throws -> Renamed {
        Renamed(greeting: "Hello, \(p.to) (was \(p.from))!", page: call.pageURL)
    }
}
