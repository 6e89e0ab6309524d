/// The version of BridgeRuntime and `bridge-run` (`bridge-run --version`). The one place it is
/// written in code; the `VERSION` file at the repository root holds the same text (a test keeps
/// them equal), and `scripts/package` names the `.deb` after it.
public let BridgeRuntimeVersion = "0.1.0"
