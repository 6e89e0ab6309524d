import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Self-registration through the `bridge_components` linker section: components declared in two
/// separate files of this test target are found without being listed anywhere.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ComponentDiscoveryTests {
    @Test("both fixture components are discovered and registered in the shared table")
    func discoversBothFiles() {
        let discovered = ComponentDiscovery.discoveredComponents().map { $0.componentName }
        #expect(discovered.contains("alpha"))
        #expect(discovered.contains("beta"))
        #expect(Set(discovered).count == discovered.count, "each component is found once")
        let names = BridgeRegistry.shared.actionNames
        for action in ["alpha.hello", "alpha.slowEcho", "beta.add", "beta.later"] {
            #expect(names.contains(action), "\(action) missing from \(names)")
        }
        #expect(names == names.sorted())
        #expect(BridgeRegistry.shared.registrationProblems.isEmpty)
    }

    @Test("discovered actions are callable from JS with the global table")
    func callableFromJS() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let hello = try await engine.settle("bridge.call('alpha.hello', {name: 'Ann'})")
        #expect(hello["value"]?["from"] == "alpha")
        #expect(hello["value"]?["name"] == "Ann")
        let sum = try await engine.settle("bridge.call('beta.add', {a: 2, b: 3.5})")
        #expect(sum["value"]?["sum"] == 5.5)
        let slow = try await engine.settle("bridge.call('alpha.slowEcho', {x: [1]})")
        #expect(slow["value"]?["params"] == ["x": [1]])
    }

    @Test("a typed action refuses params it cannot decode, naming the field")
    func typedParamsAreChecked() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let missing = try await engine.settle("bridge.call('beta.add', {a: 1})")
        #expect(missing["code"] == "INVALID_MESSAGE")
        #expect(missing["message"]?.stringValue?.contains("params.b") == true, "\(missing)")
        let wrongType = try await engine.settle("bridge.call('beta.add', {a: 1, b: 'two'})")
        #expect(wrongType["code"] == "INVALID_MESSAGE")
        #expect(wrongType["message"]?.stringValue?.contains("params.b") == true, "\(wrongType)")
    }

    @Test("a component instance is made once per engine and differs between engines")
    func oneInstancePerEngine() async throws {
        let alphaBefore = AlphaComponent.instances.load(ordering: .sequentiallyConsistent)
        let betaBefore = BetaComponent.instances.load(ordering: .sequentiallyConsistent)
        let first = try BridgeEngine.forTesting(clock: SystemClock())
        let second = try BridgeEngine.forTesting(clock: SystemClock())
        defer {
            first.close()
            second.close()
        }
        #expect(AlphaComponent.instances.load(ordering: .sequentiallyConsistent) == alphaBefore, "instances are made on first use, not at engine start")

        let script = """
            Promise.all([
              bridge.call('alpha.hello'), bridge.call('alpha.hello'), bridge.call('alpha.slowEcho'),
              bridge.call('beta.add', {a: 1, b: 1}), bridge.call('beta.later', {value: 'v'})
            ]).then(function (r) { return {alpha: [r[0].instance, r[1].instance, r[2].instance], calls: r[1].calls, beta: [r[3].instance, r[4].instance], echo: r[4].echo}; })
            """
        let a = try await first.settle(script)
        let b = try await second.settle(script)
        #expect(AlphaComponent.instances.load(ordering: .sequentiallyConsistent) == alphaBefore + 2)
        #expect(BetaComponent.instances.load(ordering: .sequentiallyConsistent) == betaBefore + 2)

        let alphaA = try #require(a["value"]?["alpha"]?.arrayValue)
        let alphaB = try #require(b["value"]?["alpha"]?.arrayValue)
        #expect(Set(alphaA).count == 1, "one alpha instance serves every call of an engine: \(alphaA)")
        #expect(Set(alphaB).count == 1)
        #expect(alphaA.first != alphaB.first, "engines get distinct instances")
        #expect(a["value"]?["calls"] == 2, "state is kept across calls of one engine")
        #expect(b["value"]?["calls"] == 2, "state is not shared between engines")
        let betaA = try #require(a["value"]?["beta"]?.arrayValue)
        let betaB = try #require(b["value"]?["beta"]?.arrayValue)
        #expect(Set(betaA).count == 1)
        #expect(betaA.first != betaB.first)
        #expect(a["value"]?["echo"] == "v")
    }
}
