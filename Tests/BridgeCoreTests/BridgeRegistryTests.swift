import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Lookup order (legacy dispatcher, scoped table, global table) and registration rules.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct BridgeRegistryTests {
    /// A component that declares the same action twice (never self-registered).
    final class TwiceComponent: InitializableComponent {
        static let componentName = "twice"
        static let actions: [BridgeAction<TwiceComponent>] = [
            .sync("twice.first") { _, _ in 1 },
            .sync("twice.same") { _, _ in 1 },
            .sync("twice.same") { _, _ in 2 },
        ]
    }

    /// A plain component for explicit registration.
    final class PlainComponent: InitializableComponent {
        static let componentName = "plain"
        static let actions: [BridgeAction<PlainComponent>] = [
            .sync("plain.a", options: ActionOptions(timeout: .milliseconds(42), ordered: true, permission: "p")) { _, _ in "a" },
            .sync("alpha.hello") { _, _ in "plain shadows alpha" },
        ]
    }

    @Test("a scoped action shadows a global one of the same name")
    func scopedShadowsGlobal() async throws {
        #expect(BridgeRegistry.shared.actionNames.contains("alpha.hello"))
        let scoped = BridgeRegistry()
        try scoped.register(action: "alpha.hello") { _ in "scoped" }
        let engine = try BridgeEngine.forTesting(registry: scoped)
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('alpha.hello')")["value"] == "scoped")
        // Global actions the scoped table lacks are still found.
        #expect(try await engine.settle("bridge.call('beta.add', {a: 1, b: 2})")["value"]?["sum"] == 3)
        let plain = try BridgeEngine.forTesting()
        defer { plain.close() }
        #expect(try await plain.settle("bridge.call('alpha.hello')")["value"]?["from"] == "alpha")
    }

    @Test("useGlobalRegistry = false hides global actions but keeps scoped ones")
    func globalHidden() async throws {
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: ["echo": .sync { $0.params }])) { $0.useGlobalRegistry = false }
        defer { engine.close() }
        let hidden = try await engine.settle("bridge.call('alpha.hello')")
        #expect(hidden["code"] == "METHOD_NOT_FOUND")
        #expect(try await engine.settle("bridge.call('echo', {k: 'v'})")["value"] == ["k": "v"])
        let noTables = try BridgeEngine.forTesting { $0.useGlobalRegistry = false }
        defer { noTables.close() }
        #expect(try await noTables.settle("bridge.call('beta.add', {a: 1, b: 2})")["code"] == "METHOD_NOT_FOUND")
    }

    @Test("the legacy dispatcher wins over both tables and falls through by returning nil")
    func legacyDispatcherFirst() async throws {
        let scoped = BridgeRegistry()
        try scoped.register(action: "alpha.hello") { _ in "scoped" }
        try scoped.register(action: "echo") { call in call.params }
        let engine = try BridgeEngine.forTesting(registry: scoped)
        defer { engine.close() }
        var asked: [String] = []
        let legacyOn = LockedValue(true)
        engine.addDispatcher { message in
            guard legacyOn.current else { return nil }
            asked.append(message.method)
            switch message.method {
            case "alpha.hello": return .sync { _ in "legacy" }
            case "legacy.only": return .callback { call, responder in responder.succeed(["via": "legacy", "p": call.params]) }
            default: return nil
            }
        }
        #expect(try await engine.settle("bridge.call('alpha.hello')")["value"] == "legacy")
        #expect(try await engine.settle("bridge.call('legacy.only', {x: 1})")["value"] == ["via": "legacy", "p": ["x": 1]])
        #expect(try await engine.settle("bridge.call('echo', {x: 2})")["value"] == ["x": 2])
        #expect(try await engine.settle("bridge.call('beta.add', {a: 2, b: 2})")["value"]?["sum"] == 4)
        #expect(try await engine.settle("bridge.call('nowhere')")["code"] == "METHOD_NOT_FOUND")
        #expect(asked == ["alpha.hello", "legacy.only", "echo", "beta.add", "nowhere"])
        legacyOn.update { $0 = false }
        #expect(try await engine.settle("bridge.call('alpha.hello')")["value"] == "scoped")
    }

    @Test("calls alternating between actions each reach their own handler (the last-bound shortcut)")
    func alternatingActions() async throws {
        let scoped = BridgeRegistry()
        try scoped.register(action: "one") { _ in 1 }
        try scoped.register(action: "two") { _ in 2 }
        try scoped.register(action: "twoo") { _ in 22 }
        let engine = try BridgeEngine.forTesting(registry: scoped) { c in c.useGlobalRegistry = false }
        defer { engine.close() }
        let got = try await engine.settle("""
            Promise.all(['one', 'two', 'two', 'one', 'twoo', 'two', 'nope', 'one'].map(function (m) {
              return bridge.call(m).catch(function (e) { return e.code; });
            }))
            """)["value"]
        #expect(got == [1, 2, 2, 1, 22, 2, "METHOD_NOT_FOUND", 1])
    }

    @Test("registering a taken action name throws and names it", arguments: ["echo", "nav.x"])
    func duplicateActionThrows(_ name: String) throws {
        let registry = BridgeRegistry()
        try registry.register(action: name) { _ in 1 }
        let error = #expect(throws: BridgeError.self) { try registry.register(action: name) { _ in 2 } }
        #expect(error?.message.contains("'\(name)'") == true, "\(String(describing: error))")
        let viaHandler = #expect(throws: BridgeError.self) { try registry.register(action: name, handler: .async { _ in 3 }) }
        #expect(viaHandler != nil)
        #expect(registry.actionNames == [name])
    }

    @Test("registering a component twice throws; a component with a duplicate inside registers nothing")
    func duplicateComponent() throws {
        let registry = BridgeRegistry()
        try registry.register(PlainComponent.self)
        #expect(registry.actionNames == ["alpha.hello", "plain.a"])
        let again = #expect(throws: BridgeError.self) { try registry.register(PlainComponent.self) }
        #expect(again?.message.contains("plain") == true)

        let fresh = BridgeRegistry()
        let inner = #expect(throws: BridgeError.self) { try fresh.register(TwiceComponent.self) }
        #expect(inner?.message.contains("twice.same") == true)
        #expect(fresh.actionNames.isEmpty, "registration is all or nothing")

        let overlapping = BridgeRegistry()
        try overlapping.register(action: "plain.a") { _ in 0 }
        #expect(throws: BridgeError.self) { try overlapping.register(PlainComponent.self) }
        #expect(overlapping.actionNames == ["plain.a"])
    }

    @Test("action options are kept and visible")
    func optionsAreKept() throws {
        let registry = BridgeRegistry()
        try registry.register(PlainComponent.self)
        #expect(registry.options(for: "plain.a") == ActionOptions(timeout: .milliseconds(42), ordered: true, permission: "p"))
        #expect(registry.options(for: "alpha.hello") == ActionOptions())
        #expect(registry.options(for: "missing") == nil)
    }

    @Test("a scoped component instance is made per engine and serves the scoped actions")
    func scopedComponent() async throws {
        let registry = BridgeRegistry()
        try registry.register(AlphaComponent.self)
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.useGlobalRegistry = false }
        defer { engine.close() }
        let r = try await engine.settle("Promise.all([bridge.call('alpha.hello'), bridge.call('alpha.hello')]).then(function (r) { return [r[0].instance === r[1].instance, r[1].calls]; })")
        #expect(r["value"] == [true, 2])
    }

    @Test("a handler sees the call's method, params, callbackId and origin")
    func callFields() async throws {
        let seen = LockedValue<BridgeCall?>(nil)
        let registry = BridgeRegistry()
        try registry.register(action: "inspect") { call in
            seen.update { $0 = call }
            return nil
        }
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.pageURL = "file:///page.html" }
        defer { engine.close() }
        _ = try await engine.settle("bridge.call('inspect', {q: 1})")
        let call = try #require(seen.current)
        #expect(call.method == "inspect")
        #expect(call.params == ["q": 1])
        #expect(call.callbackId?.hasPrefix("cb_") == true)
        #expect(call.handlerName == "bridge")
        #expect(call.via == .message)
        #expect(call.pageURL == "file:///page.html")
        #expect(call.engineID == engine.id)
    }
}
