import BridgeRuntimeTesting
import Testing

@MainActor
@Suite struct GreeterTests {
    @Test func greetsThroughTheRealBridge() async throws {
        let bridge = try TestBridge(Greeter(store: InMemoryStore()))
        let first = try await bridge.call("greeter.hello", ["name": "Ada"])
        #expect(first == ["greeting": "Hello, Ada!", "count": 1])
        #expect(try await bridge.call("greeter.hello", ["name": "Ada"])["count"] == 2)
        #expect(bridge.calls(to: "greeter.hello") == [["name": "Ada"], ["name": "Ada"]])
    }

    @Test func refusesAMissingName() async throws {
        let bridge = try TestBridge(Greeter(store: InMemoryStore()))
        await #expect(throws: BridgeError.invalidMessage("params.name is required")) {
            try await bridge.call("greeter.hello", [:])
        }
    }

    @Test func typedActionsGetTheCall() async throws {
        let bridge = try TestBridge(Greeter(store: InMemoryStore()), pageURL: "https://m.example.com/profile.html")
        let renamed = try await bridge.call("greeter.rename", ["from": "Ada", "to": "Grace"])
        #expect(renamed == ["greeting": "Hello, Grace (was Ada)!", "page": "https://m.example.com/profile.html"])
    }
}
