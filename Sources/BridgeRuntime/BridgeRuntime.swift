// The umbrella module: `import BridgeRuntime` gives a library user every layer's public API.
// Each layer is a target of its own (see docs/architecture.md); this file only re-exports them.
@_exported public import BridgeValues
@_exported public import ScriptEngine
@_exported public import BridgeSchema
@_exported public import BridgeModules
@_exported public import BridgeCore
@_exported public import BridgePage
@_exported public import BridgeComponents
@_exported public import BridgeNetwork
@_exported public import BridgeRunner
@_exported public import BridgeTestRunner
@_exported public import BridgeCommandLine
