import BridgeRuntimeTesting
import Synchronization
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// A test-only component that registers itself through its own linker-section record.
/// Counts its instances so tests can check "one instance per engine".
final class AlphaComponent: InitializableComponent {
    static let componentName = "alpha"
    /// How many instances were made in this process.
    static let instances = Atomic<Int>(0)

    /// This instance's number (1-based).
    let number: Int
    private let calls = Mutex(0)

    init() {
        number = Self.instances.add(1, ordering: .sequentiallyConsistent).newValue
    }

    static let actions: [BridgeAction<AlphaComponent>] = [
        .sync("alpha.hello") { component, call in
            let n = component.calls.withLock { c in
                c += 1
                return c
            }
            return ["from": "alpha", "instance": .number(Double(component.number)), "calls": .number(Double(n)), "name": call.params["name"] ?? nil]
        },
        .async("alpha.slowEcho") { component, call in
            try await Task.sleep(for: .milliseconds(2))
            return ["instance": .number(Double(component.number)), "params": call.params]
        },
    ]
}

@section("bridge_components") @used
let alphaComponentRecord: BridgeComponentRecord = { registerBridgeComponent(AlphaComponent.self, into: $0) }
