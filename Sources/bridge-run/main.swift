import BridgeRuntime

// bridge-run: a thin shell over BridgeCommandLine (all logic lives in the library).
let code = await BridgeCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()), processExitsAfter: true)
exitProcess(code)
