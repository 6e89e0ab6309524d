import Foundation
import Testing
import Synchronization
import BridgeRuntimeTesting
@testable import BridgeCore

/// A component with a dependency and actions that are its methods.
final class Counter: BridgeComponent {
    static let componentName = "counter"
    static let actions: [BridgeAction<Counter>] = [
        .sync("counter.next", Counter.next),
        .async("counter.label", Counter.label),
        .typedSync("counter.add") { (c: Counter, p: Add, call: BridgeCall) in Sum(total: c.add(p.n), page: call.pageURL) },
    ]
    struct Add: Codable, Sendable { var n: Int }
    struct Sum: Codable, Sendable { var total: Int; var page: String }

    let prefix: String
    private let value = Mutex(0)
    init(prefix: String) { self.prefix = prefix }

    func add(_ n: Int) -> Int { value.withLock { $0 += n; return $0 } }
    @MainActor func next(_ call: BridgeCall) throws -> JSONValue { .number(Double(add(1))) }
    @Sendable func label(_ call: BridgeCall) async throws -> JSONValue { .string(prefix + String(add(0))) }
}

@MainActor
@Suite struct ComponentRegistrationTests {
    func engine(_ registry: BridgeRegistry) throws -> BridgeEngine {
        try BridgeEngine.forTesting(registry: registry) { $0.useGlobalRegistry = false }
    }

    @Test("an instance registered with its dependency is shared by every engine")
    func sharedInstance() async throws {
        let registry = BridgeRegistry()
        try registry.register(Counter(prefix: "n="))
        let a = try engine(registry), b = try engine(registry)
        defer { a.close(); b.close() }
        #expect(try await a.settle("bridge.call('counter.next')")["value"] == 1)
        #expect(try await b.settle("bridge.call('counter.next')")["value"] == 2)
        #expect(try await b.settle("bridge.call('counter.label')")["value"] == "n=2")
    }

    @Test("a factory makes one instance per engine, on its first call, and gets the engine")
    func factory() async throws {
        let registry = BridgeRegistry()
        let made = Recorder<Int>()
        try registry.register(Counter.self) { engine in
            made.append(engine.id)
            return Counter(prefix: "engine \(engine.id): ")
        }
        let a = try engine(registry), b = try engine(registry)
        defer { a.close(); b.close() }
        #expect(made.count == 0, "made on first use, not at start")
        #expect(try await a.settle("bridge.call('counter.next')")["value"] == 1)
        #expect(try await a.settle("bridge.call('counter.next')")["value"] == 2)
        #expect(try await b.settle("bridge.call('counter.next')")["value"] == 1)
        #expect(try await b.settle("bridge.call('counter.label')")["value"] == .string("engine \(b.id): 1"))
        #expect(made.all == [a.id, b.id])
    }

    @Test("typed synchronous actions get the decoded params and the call")
    func typedSync() async throws {
        let registry = BridgeRegistry()
        try registry.register(Counter(prefix: ""))
        let e = try engine(registry)
        defer { e.close() }
        #expect(try await e.settle("bridge.call('counter.add', {n: 5})")["value"] == ["total": 5, "page": "about:blank"])
        let bad = try await e.settle("bridge.call('counter.add', {n: 'five'})")
        #expect(bad["code"] == "INVALID_MESSAGE", "\(bad)")
    }

    @Test("JSONValue is Codable without turning booleans into numbers")
    func codable() throws {
        let value: JSONValue = ["flag": true, "n": 1, "s": "x", "a": [false, 0, nil], "o": ["k": 1.5]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        struct Event: Codable, Equatable { var name: String; var extra: JSONValue }
        let event = Event(name: "e", extra: ["x": [1, true]])
        #expect(try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(event)) == event)
    }
}
