public import BridgeTestRunner
/// Command-line parsing and help for `bridge-run test`, so the CLI only maps a `test` command
/// onto these two functions.
extension TestOptions {
    /// Parses the arguments after `test`.
    ///
    /// - Parameter arguments: `PATH... [--schemas DIR] [--mock FILE] [--http-mock FILE] [--junit FILE]
    ///   [--shard I/N] [--timeout MS] [--virtual-time]`.
    /// - Returns: the options, or `nil` when `-h`/`--help` was given.
    /// - Throws: `BridgeCommandLine.UsageError` with one clear line.
    public static func parse(_ arguments: [String]) throws(BridgeCommandLine.UsageError) -> TestOptions? {
        var options = TestOptions(paths: [])
        var i = 0
        func value(_ flag: String) throws(BridgeCommandLine.UsageError) -> String {
            guard i + 1 < arguments.count else { throw BridgeCommandLine.UsageError(message: "\(flag) needs a value") }
            i += 1
            return arguments[i]
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "-h", "--help": return nil
            case "--schemas": options.schemasDir = try value(a)
            case "--mock": options.mockPath = try value(a)
            case "--http-mock": options.httpMockPath = try value(a)
            case "--junit": options.junitPath = try value(a)
            case "--shard":
                let v = try value(a)
                guard let shard = Shard(parsing: v) else {
                    throw BridgeCommandLine.UsageError(message: "--shard needs I/N with 1 <= I <= N (e.g. 2/4), got '\(v)'")
                }
                options.shard = shard
            case "--timeout":
                let v = try value(a)
                guard let ms = Double(v), ms >= 1, ms.isFinite else {
                    throw BridgeCommandLine.UsageError(message: "--timeout needs a number of milliseconds (at least 1), got '\(v)'")
                }
                options.perTestTimeout = .milliseconds(exactly: ms)
            case "--virtual-time": options.virtualTime = true
            case "--capabilities": options.capabilitiesPath = try value(a)
            case "--memory-limit":
                let v = try value(a)
                guard let mb = Int(v), mb > 0, mb <= 1 << 30 else {
                    throw BridgeCommandLine.UsageError(message: "--memory-limit needs a positive number of MiB, got '\(v)'")
                }
                options.memoryLimit = mb
            default:
                if a.hasPrefix("-") { throw BridgeCommandLine.UsageError(message: "unknown option '\(a)' for test (see bridge-run test --help)") }
                options.paths.append(a)
            }
            i += 1
        }
        guard !options.paths.isEmpty else { throw BridgeCommandLine.UsageError(message: "test needs at least one PATH (a *.test.js file or a directory)") }
        return options
    }

    /// The help text of `bridge-run test`.
    public static func help(commandName: String = "bridge-run") -> String {
        """
        usage: \(commandName) test PATH... [--schemas DIR] [--mock FILE] [--http-mock FILE] [--junit FILE] [--shard I/N]
                                  [--timeout MS] [--virtual-time] [--capabilities FILE] [--memory-limit MB]

        Runs every *.test.js file (directories are searched recursively), each in a fresh engine.
        Tests use test/it, describe, beforeEach/afterEach, beforeAll/afterAll, expect(...),
        mock(method, value | fn) and calls(method). The last line is 'N passed, N failed'.

        options:
          --schemas DIR     validate bridge calls against the XML protocol schemas in DIR
          --mock FILE       canned answers for every test: {"method": {"result": ...} | {"error": {...}}, "delayMs"?}
          --http-mock FILE  answers for fetch/XMLHttpRequest/WebSocket in every test (see run --help)
          --junit FILE      write a JUnit XML report for CI
          --shard I/N       run the I-th of N stable slices of the files (file k of the sorted list is in shard k % N + 1)
          --timeout MS      time limit for each test and hook (default 5000)
          --virtual-time    fire timers in order without waiting
          --capabilities FILE  check calls against a capability file (test files are file: pages)
          --memory-limit MB  most resident memory the run may use (default 2048); past it: exit 4
          -h, --help        show this help

        exit status: 0 all tests passed, 1 a test or test file failed, 2 usage or file error
        """
    }
}
