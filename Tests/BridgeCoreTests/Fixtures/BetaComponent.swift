import BridgeRuntimeTesting
import Dispatch
import Synchronization
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// A second test-only self-registering component, in its own file, with typed and callback
/// actions.
final class BetaComponent: InitializableComponent {
    static let componentName = "beta"
    /// How many instances were made in this process.
    static let instances = Atomic<Int>(0)

    let number: Int

    init() {
        number = Self.instances.add(1, ordering: .sequentiallyConsistent).newValue
    }

    struct AddParams: Decodable, Sendable {
        var a: Double
        var b: Double
    }

    struct AddResult: Encodable, Sendable {
        var sum: Double
        var instance: Int
    }

    static let actions: [BridgeAction<BetaComponent>] = [
        .typed("beta.add") { (component: BetaComponent, params: AddParams) in
            AddResult(sum: params.a + params.b, instance: component.number)
        },
        .callback("beta.later") { component, call, responder in
            let number = component.number
            DispatchQueue.global().async {
                responder.succeed(["instance": .number(Double(number)), "echo": call.params["value"] ?? nil])
            }
        },
    ]
}

@section("bridge_components") @used
let betaComponentRecord: BridgeComponentRecord = { registerBridgeComponent(BetaComponent.self, into: $0) }
