import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeSchema

/// Extension points only add: nothing installed later turns off what was installed before, and
/// options are resolved once with one documented precedence.
@MainActor
@Suite struct EngineHooksTests {
    static let schemas: SchemaSet = {
        try! SchemaSet.parse(xml: """
            <protocol name="t" version="1">
              <action name="pay.start" timeout="5000" permission="payment">
                <param name="amount" type="number" required="true" min="0"/>
              </action>
              <action name="nav.close" ordered="true"/>
            </protocol>
            """, file: "t.xml")
    }()

    func engine() throws -> BridgeEngine {
        let registry = try BridgeRegistry(actions: ["echo": .sync { $0.params }])
        try registry.register(action: "pay.start", options: ActionOptions(timeout: .milliseconds(42), permission: "wallet")) { _ in "paid" }
        try registry.register(action: "nav.close", options: ActionOptions(timeout: .milliseconds(42))) { _ in "closed" }
        return try BridgeEngine.forTesting(registry: registry) { $0.useGlobalRegistry = false }
    }

    @Test("a check added after the schemas adds to validation, it does not replace it")
    func checksAdd() async throws {
        let e = try engine()
        defer { e.close() }
        e.install(Self.schemas)
        var seen: [String] = []
        e.addCallCheck { call, _ in
            seen.append(call.method)
            return call.method == "echo" ? BridgeError(code: .init(rawValue: "BLOCKED"), message: "no") : nil
        }
        #expect(try await e.settle("bridge.call('pay.start', {amount: -1})")["code"] == "VALIDATION_FAILED")
        #expect(try await e.settle("bridge.call('echo', {})")["code"] == "BLOCKED")
        #expect(try await e.settle("bridge.call('pay.start', {amount: 1})")["value"] == "paid")
        #expect(seen == ["echo", "pay.start"], "validation refused the first call before the custom check ran")
    }

    @Test("capabilities refuse before schemas validate, whichever was installed first", arguments: [true, false])
    func permissionFirst(schemasFirst: Bool) async throws {
        let e = try engine()
        defer { e.close() }
        let caps = CapabilitySet(capabilities: [.init(id: "none", pages: [URLGlob("**")], permissions: [], deny: [])])
        if schemasFirst {
            e.install(Self.schemas)
            e.install(caps)
        } else {
            e.install(caps)
            e.install(Self.schemas)
        }
        let refused = try await e.settle("bridge.call('pay.start', {amount: -1})")
        #expect(refused["code"] == "PERMISSION_DENIED", "\(refused)")
    }

    @Test("options: the schema's timeout and permission win, ordered if either says so, resolved once")
    func optionPrecedence() throws {
        let e = try engine()
        defer { e.close() }
        #expect(e.options(for: "pay.start") == ActionOptions(timeout: .milliseconds(42), permission: "wallet"))
        e.install(Self.schemas)
        #expect(e.options(for: "pay.start") == ActionOptions(timeout: .seconds(5), permission: "payment"))
        #expect(e.permission(for: "pay.start") == "payment")
        #expect(e.options(for: "nav.close") == ActionOptions(timeout: .milliseconds(42), ordered: true))
        var asked = 0
        e.addOptionsSource { _ in asked += 1; return nil }
        _ = e.options(for: "echo")
        _ = e.options(for: "echo")
        #expect(asked == 1, "resolved once per method")
    }

    @Test("dispatchers answer in the order added, then the tables; every observer sees every event")
    func dispatcherOrder() async throws {
        let e = try engine()
        defer { e.close() }
        e.addDispatcher { $0.method == "echo" ? .sync { _ in "first" } : nil }
        e.addDispatcher { $0.method == "echo" || $0.method == "only.second" ? .sync { _ in "second" } : nil }
        var a = 0, b = 0
        e.addEventObserver { if case .call = $0 { a += 1 } }
        e.addEventObserver { if case .call = $0 { b += 1 } }
        #expect(try await e.settle("bridge.call('echo', {})")["value"] == "first")
        #expect(try await e.settle("bridge.call('only.second', {})")["value"] == "second")
        #expect(try await e.settle("bridge.call('nav.close', {})")["value"] == "closed")
        #expect(a == 3 && b == 3)
    }
}
