import BridgeRuntimeTesting
@testable import BridgeCore
import BridgeValues
import ScriptEngine

/// An engine whose `echo` action records its params and answers them: what crossed from JS, as
/// native code saw it.
@MainActor
func echoEngine(in vm: ScriptVM? = nil) throws -> (engine: BridgeEngine, seen: Recorder<JSONValue>) {
    let seen = Recorder<JSONValue>()
    let registry = BridgeRegistry()
    try registry.register(action: "echo") { call in
        seen.append(call.params)
        return call.params
    }
    let engine = try BridgeEngine.forTesting(registry: registry) { configuration in
        if let vm { configuration.vm = vm }
    }
    return (engine, seen)
}
