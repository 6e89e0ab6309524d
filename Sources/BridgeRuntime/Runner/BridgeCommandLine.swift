/// The `bridge-run` command line as a library entry point, so a team's own runner executable
/// (linking its own components) behaves exactly like `bridge-run`.
@MainActor
public enum BridgeCommandLine {
    /// A usage error: exit code 2 with one line.
    public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with the arguments.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// A parsed command.
    public enum Command: Sendable, Equatable {
        /// `run FILE [options]`.
        case run(RunOptions)
        /// `--help` for the tool or a command.
        case help(String?)
    }

    /// Parses arguments (without the executable name).
    ///
    /// - Throws: `UsageError` with one clear line.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let command = arguments.first else { return .help(nil) }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help": return .help(rest.first)
        case "run": return try parseRun(rest)
        default: throw UsageError(message: "unknown command '\(command)' (expected: run; see --help)")
        }
    }

    private static func parseRun(_ args: [String]) throws(UsageError) -> Command {
        var file: String?
        var options = RunOptions(file: "")
        var i = 0
        func value(_ flag: String) throws(UsageError) -> String {
            guard i + 1 < args.count else { throw UsageError(message: "\(flag) needs a value") }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "-h", "--help": return .help("run")
            case "--mock": options.mockPath = try value(a)
            case "--trace": options.tracePath = try value(a)
            case "--timeout":
                let v = try value(a)
                guard let ms = Double(v), ms > 0, ms.isFinite else { throw UsageError(message: "--timeout needs a positive number of milliseconds, got '\(v)'") }
                options.timeout = ms
            case "--virtual-time": options.virtualTime = true
            case "--offline": options.offlineDir = try value(a)
            case "--routes": options.routesPath = try value(a)
            case "--url-scheme":
                let v = try value(a)
                guard !v.isEmpty, v.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) else {
                    throw UsageError(message: "--url-scheme needs a scheme name like 'hybrid', got '\(v)'")
                }
                options.urlScheme = v
            default:
                if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)' for run (see bridge-run run --help)") }
                if file != nil { throw UsageError(message: "run takes one FILE, got another: '\(a)'") }
                file = a
            }
            i += 1
        }
        guard let file else { throw UsageError(message: "run needs a FILE (.js or .html) or a page URL with --offline") }
        options.file = file
        return .run(options)
    }

    /// Help text for the tool or one command.
    public static func help(_ command: String?, commandName: String = "bridge-run") -> String {
        switch command {
        case "run":
            return """
                usage: \(commandName) run FILE(.js|.html)|URL [--mock FILE] [--trace FILE|-] [--timeout MS]
                                         [--virtual-time] [--offline DIR] [--url-scheme NAME] [--routes FILE]

                Runs a page script or HTML page headlessly until nothing is pending, printing console output.
                An .html page runs its scripts in document order, then DOMContentLoaded and load.

                options:
                  --mock FILE       canned answers: {"method": {"result": ...} | {"error": {"code","message"}}, "delayMs"?}
                  --trace FILE|-    write every call, result, error, event and console line as JSON Lines
                  --timeout MS      limit for the whole run and for any one script or callback (default 30000)
                  --virtual-time    fire timers in order without waiting
                  --offline DIR     offline resource package: routes.json maps page URLs to local pages,
                                    packages.json + file.json serve http(s) scripts after an md5 check
                  --url-scheme NAME scheme of the legacy URL protocol (default hybrid)
                  --routes FILE     AB route table for nav.open: [{"id", "url", "expiresAt"}]
                  -h, --help        show this help

                exit status: 0 success, 1 script error or invalid message, 2 usage or file error, 3 time limit
                """
        default:
            return """
                usage: \(commandName) <command> [options]

                Runs hybrid-app (H5) page scripts headlessly on JavaScriptCore with the JS bridge.

                commands:
                  run FILE|URL     run a script or page until idle (see '\(commandName) run --help')

                exit status: 0 success, 1 script error or invalid message, 2 usage or file error, 3 time limit
                """
        }
    }

    /// Runs the command line and returns the exit code.
    ///
    /// - Parameters:
    ///   - arguments: the arguments without the executable name.
    ///   - commandName: the name printed in messages and help.
    ///   - output: where to print (default: stdout/stderr).
    public static func main(arguments: [String], commandName: String = "bridge-run", output: any RunOutput = StandardRunOutput()) async -> Int32 {
        let command: Command
        do {
            command = try parse(arguments)
        } catch {
            output.err("\(commandName): \(error.message)")
            return 2
        }
        switch command {
        case .help(let which):
            output.out(help(which, commandName: commandName))
            return 0
        case .run(let options):
            return await ScriptRunner.run(options, output: output, prefix: commandName).exitCode
        }
    }
}
