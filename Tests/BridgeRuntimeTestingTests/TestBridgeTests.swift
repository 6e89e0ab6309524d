import Testing
import BridgeRuntimeTesting

/// The shipped test kit, as a user's tests use it.
@MainActor
@Suite struct TestBridgeTests {
    final class Wallet: BridgeComponent {
        static let componentName = "wallet"
        static let actions: [BridgeAction<Wallet>] = [
            .sync("wallet.balance") { w, _ in .number(w.balance) },
            .sync("wallet.pay") { w, call in
                guard let amount = call.params["amount"]?.numberValue, amount <= w.balance else {
                    throw BridgeError(code: .init(rawValue: "INSUFFICIENT_FUNDS"), message: "not enough", details: ["balance": .number(w.balance)])
                }
                return ["paid": .number(amount)]
            },
        ]
        let balance: Double
        init(balance: Double) { self.balance = balance }
    }

    @Test("call goes through bridge.call and returns the result; errors keep code, message and details")
    func callAndErrors() async throws {
        let bridge = try TestBridge(Wallet(balance: 10))
        #expect(try await bridge.call("wallet.balance") == 10)
        #expect(try await bridge.call("wallet.pay", ["amount": 4]) == ["paid": 4])
        let error = await #expect(throws: BridgeError.self) { try await bridge.call("wallet.pay", ["amount": 40]) }
        #expect(error == BridgeError(code: .init(rawValue: "INSUFFICIENT_FUNDS"), message: "not enough", details: ["balance": 10]))
        let missing = await #expect(throws: BridgeError.self) { try await bridge.call("wallet.nope") }
        #expect(missing?.code == .methodNotFound)
        #expect(bridge.calls(to: "wallet.pay") == [["amount": 4], ["amount": 40]])
        #expect(bridge.recorded.map(\.method) == ["wallet.balance", "wallet.pay", "wallet.pay", "wallet.nope"])
        #expect(bridge.recorded[1].outcome == .success(["paid": 4]))
        #expect(bridge.recorded[3].outcome.map { (try? $0.get()) == nil } == true)
    }

    @Test("advanceTime fires due timers in order, each at its own time, and nothing later")
    func advanceTime() throws {
        let bridge = try TestBridge()
        try bridge.evaluate("""
            globalThis.log = [];
            setTimeout(() => log.push('a@' + performance.now()), 100);
            setTimeout(() => { log.push('b@' + performance.now()); setTimeout(() => log.push('c@' + performance.now()), 50); }, 200);
            setTimeout(() => log.push('late'), 1000);
            """)
        bridge.advanceTime(by: .milliseconds(99))
        #expect(try bridge.evaluate("log") == [])
        bridge.advanceTime(by: .milliseconds(200))
        #expect(try bridge.evaluate("log") == ["a@100", "b@200", "c@250"])
        #expect(bridge.clock.now == .milliseconds(299))
        bridge.advanceTime(by: .seconds(1))
        #expect(try bridge.evaluate("log.length") == 4)
    }

    @Test("a delayed answer arrives when time is advanced")
    func delayedAnswer() async throws {
        let bridge = try TestBridge()
        let native = RecordingComponent()
        native.answer("user.get", with: ["name": "Ada"])
        bridge.engine.addDispatcher(native.dispatcher)
        try bridge.evaluate("globalThis.got = null; setTimeout(() => bridge.call('user.get', {id: 1}).then(u => got = u.name), 500);")
        bridge.advanceTime(by: .milliseconds(499))
        #expect(try bridge.evaluate("got") == nil)
        bridge.advanceTime(by: .milliseconds(1))
        #expect(try bridge.evaluate("got") == "Ada")
        #expect(native.calls(to: "user.get") == [["id": 1]])
    }

    @Test("a recording component registered in a table answers, fails and records")
    func recordingComponent() async throws {
        let native = RecordingComponent()
        native.answer("a.ok", with: "yes")
        native.fail("a.no", with: BridgeError(code: .init(rawValue: "DENIED"), message: "no"))
        native.answer("a.echo") { $0.params }
        let registry = BridgeRegistry()
        try native.register(in: registry)
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('a.ok')")["value"] == "yes")
        #expect(try await engine.settle("bridge.call('a.no')")["code"] == "DENIED")
        #expect(try await engine.settle("bridge.call('a.echo', {x: [1]})")["value"] == ["x": [1]])
        #expect(native.calls.map(\.method) == ["a.ok", "a.no", "a.echo"])
    }

    @Test("schemas and capabilities given to the bridge apply to its calls")
    func schemasAndCapabilities() async throws {
        let schemas = try SchemaSet.parse(xml: """
            <protocol name="w" version="1"><action name="wallet.pay" permission="payment">
              <param name="amount" type="number" required="true" min="1"/></action></protocol>
            """, file: "w.xml")
        let caps = CapabilitySet(capabilities: [.init(id: "pay", pages: [URLGlob("https://shop.example.com/**")], permissions: ["payment"], deny: [])])
        let allowed = try TestBridge(Wallet(balance: 10), schemas: schemas, capabilities: caps, pageURL: "https://shop.example.com/pay.html")
        let invalid = await #expect(throws: BridgeError.self) { try await allowed.call("wallet.pay", ["amount": 0]) }
        #expect(invalid?.code == .validationFailed)
        let elsewhere = try TestBridge(Wallet(balance: 10), schemas: schemas, capabilities: caps, pageURL: "https://evil.example.com/")
        let denied = await #expect(throws: BridgeError.self) { try await elsewhere.call("wallet.pay", ["amount": 1]) }
        #expect(denied?.code == .permissionDenied)
    }
}
