import BridgeRuntime

// A team's own runner: the same command line as `bridge-run`, with this package's components
// (found through self-registration) linked in.
let code = await BridgeCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst()), commandName: "example-runner", processExitsAfter: true)
exitProcess(code)
