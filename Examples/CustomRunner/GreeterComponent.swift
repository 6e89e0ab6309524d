import BridgeRuntime
import Synchronization

/// An example component: greets people and counts how often it did, per engine.
///
/// It registers itself through the record below; nothing else in the package lists it.
final class GreeterComponent: InitializableComponent {
    static let componentName = "greeter"

    private let count = Mutex(0)

    static let actions: [BridgeAction<GreeterComponent>] = [
        .sync("greeter.hello") { component, call in
            guard let name = call.params["name"]?.stringValue, !name.isEmpty else {
                throw BridgeError.invalidMessage("params.name is required")
            }
            let n = component.count.withLock { c in
                c += 1
                return c
            }
            return ["greeting": .string("Hello, \(name)!"), "count": .number(Double(n))]
        },
        .async("greeter.slowEcho") { _, call in
            try await Task.sleep(for: .milliseconds(5))
            return call.params
        },
    ]

    init() {}
}

@section("bridge_components") @used
let greeterRecord: BridgeComponentRecord = { registerBridgeComponent(GreeterComponent.self, into: $0) }
