public import BridgeTestRunner
import ScriptEngine
/// Command-line parsing and help for `bridge-run test`, so the CLI only maps a `test` command
/// onto these two functions.
extension TestOptions {
    /// Parses the arguments after `test`.
    ///
    /// - Parameters:
    ///   - arguments: `PATH... [options]` (see `help`).
    ///   - defaults: the options before the command line (a project config's; command-line
    ///     options win). PATHs on the command line replace the default paths; `--reporter`
    ///     replaces the default reporters.
    /// - Returns: the options, or `nil` when `-h`/`--help` was given.
    /// - Throws: `BridgeCommandLine.UsageError` with one clear line.
    public static func parse(_ arguments: [String], defaults: TestOptions = TestOptions(paths: [])) throws(BridgeCommandLine.UsageError) -> TestOptions? {
        var options = defaults
        var paths: [String] = []
        var reporters: [Reporter]?
        var i = 0
        func usage(_ message: String) -> BridgeCommandLine.UsageError { BridgeCommandLine.UsageError(message: message) }
        func value(_ flag: String) throws(BridgeCommandLine.UsageError) -> String {
            guard i + 1 < arguments.count else { throw usage("\(flag) needs a value") }
            i += 1
            return arguments[i]
        }
        while i < arguments.count {
            var a = arguments[i]
            var inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                inline = String(a[a.index(after: eq)...])
                a = String(a[..<eq])
            }
            func next() throws(BridgeCommandLine.UsageError) -> String {
                if let inline { return inline }
                return try value(a)
            }
            switch a {
            case "-h", "--help": return nil
            case "--schemas": options.schemasDir = try next()
            case "--mock": options.mockPath = try next()
            case "--http-mock": options.httpMockPath = try next()
            case "--junit": options.junitPath = try next()
            case "--shard":
                let v = try next()
                guard let shard = Shard(parsing: v) else { throw usage("--shard needs I/N with 1 <= I <= N (e.g. 2/4), got '\(v)'") }
                options.shard = shard
            case "--timeout":
                let v = try next()
                guard let ms = Double(v), ms >= 1, ms.isFinite else { throw usage("--timeout needs a number of milliseconds (at least 1), got '\(v)'") }
                options.perTestTimeout = .milliseconds(exactly: ms)
            case "--virtual-time": options.virtualTime = true
            case "--jit":
                let v = try next()
                guard let tiering = JITTiering(rawValue: v) else { throw usage("--jit needs standard or short-lived, got '\(v)'") }
                options.jitTiering = tiering
            case "--capabilities": options.capabilitiesPath = try next()
            case "--memory-limit":
                let v = try next()
                guard let mb = Int(v), mb > 0, mb <= 1 << 30 else { throw usage("--memory-limit needs a positive number of MiB, got '\(v)'") }
                options.memoryLimit = mb
            case "-t", "--test-name-pattern":
                let v = try next()
                guard !v.isEmpty else { throw usage("\(a) needs a regular expression, got an empty one") }
                options.testNamePattern = v
            case "--bail":
                if let inline {
                    guard let n = Int(inline), n > 0 else { throw usage("--bail=N needs a positive number of failing files, got '\(inline)'") }
                    options.bail = n
                } else {
                    options.bail = 1
                }
            case "--workers":
                let v = try next()
                guard let n = Int(v), n >= 1, n <= 256 else { throw usage("--workers needs a number of processes from 1 to 256, got '\(v)'") }
                options.workers = n
            case "--reporter":
                let v = try next()
                guard let reporter = Reporter(parsing: v) else {
                    throw usage("--reporter needs spec, dot, tap, json or junit, optionally =FILE (e.g. junit=report.xml), got '\(v)'")
                }
                reporters = (reporters ?? []) + [reporter]
            case "-u", "--update-snapshots": options.updateSnapshots = true
            case "--ci": options.ci = true
            case "--no-ci": options.ci = false
            case "--color": options.color = true
            case "--no-color": options.color = false
            case "--watch": options.watch = true
            case "--coverage": options.coverage = true
            case "--no-coverage": options.coverage = false
            case "--coverage-json": options.coverageJSONPath = try next()
            case "--coverage-min": options.coverageMin = try percentage(try next())
            case "--worker": options.isWorker = true
            default:
                if a.hasPrefix("-") { throw usage("unknown option '\(arguments[i])' for test (see bridge-run test --help)") }
                paths.append(a)
            }
            i += 1
        }
        if let reporters { options.reporters = reporters }
        if !paths.isEmpty {
            options.paths = paths
        } else if options.paths.isEmpty, let root = options.rootDirectory, options.testMatch != nil {
            options.paths = [root]
        }
        guard options.isWorker || !options.paths.isEmpty else {
            throw usage("test needs at least one PATH (a *.test.js file or a directory)")
        }
        return options
    }

    /// `--coverage-min`'s value: a percentage from 0 to 100.
    ///
    /// - Throws: `UsageError` for anything else.
    package static func percentage(_ text: String) throws(BridgeCommandLine.UsageError) -> Double {
        guard let n = Double(text), n.isFinite, n >= 0, n <= 100 else {
            throw BridgeCommandLine.UsageError(message: "--coverage-min needs a percentage from 0 to 100, got '\(text)'")
        }
        return n
    }

    /// The help text of `bridge-run test`.
    public static func help(commandName: String = "bridge-run") -> String {
        """
        usage: \(commandName) test [PATH...] [options]

        Runs every *.test.js file (directories are searched recursively), each in a fresh engine,
        in parallel worker processes. Tests use test/it, describe, beforeEach/afterEach,
        beforeAll/afterAll, expect(...), mock(method, value | fn), calls(method) and vi/jest (mock
        functions, spies, fake timers); see docs/testing.md. The last line is 'N passed, N failed'.
        Without PATH, the test.testMatch patterns of bridge.config.json choose the files.

        options:
          -t, --test-name-pattern RE  run only tests whose full name ("describe > test") matches
                            the JavaScript regular expression RE; the others are skipped
          --watch           after the run, re-run the test files a changed file affects (polls
                            every 200 ms; Ctrl-C or SIGTERM ends it with the last run's status)
          --bail[=N]        stop after the first (N-th) file with a failure; the rest is not run
          --workers N       run files in N worker processes (default: the number of cores; 1 runs
                            them in this process); output, counts and JUnit stay in file order
          --reporter NAME[=FILE]  spec (default), dot, tap, json or junit, to stdout or FILE;
                            repeat for several (--reporter spec --reporter junit=out.xml)
          --junit FILE      also write a JUnit XML report (same as --reporter junit=FILE)
          -u, --update-snapshots  rewrite snapshots that do not match, remove obsolete ones
          --ci              CI mode (default when the CI environment variable is set): missing
                            snapshots fail instead of being written; --no-ci turns it off
          --color, --no-color  colour on stdout (default: on a terminal); NO_COLOR always wins
          --coverage        after the summary, list per schema action how often the suite (test
                            files and the pages they load) called it, with which outcomes (ok,
                            each error code), and the actions never called; without schemas, the
                            methods called
          --coverage-json FILE  write that action coverage as JSON (merge shards: coverage-merge)
          --coverage-min N  exit 1 when fewer than N % of the schemas' actions were called
          --schemas DIR     validate bridge calls against the XML protocol schemas in DIR
          --mock FILE       canned answers for every test: {"method": {"result": ...} | {"error": {...}}, "delayMs"?}
          --http-mock FILE  answers for fetch/XMLHttpRequest/WebSocket in every test and page (see run --help)
          --shard I/N       run the I-th of N stable slices of the files (file k of the sorted list is in shard k % N + 1)
          --timeout MS      time limit for each test and hook (default 5000)
          --virtual-time    fire timers in order without waiting
          --jit standard|short-lived  JavaScriptCore's optimizing compilers on (standard) or off
                            (default short-lived: every file and page is a fresh global whose
                            optimized code is thrown away with it; compute-bound tests run slower)
          --capabilities FILE  check calls against a capability file (test files are file: pages)
          --memory-limit MB  most resident memory a worker (or the run) may use (default 2048); past it: exit 4
          --config FILE     read defaults from FILE instead of the nearest bridge.config.json
          --no-config       read no config file
          -h, --help        show this help

        exit status: 0 all tests passed, 1 a test or test file failed or --coverage-min was not
        met, 2 usage or file error, 3 or 4 a worker was ended by the time or memory limit
        """
    }
}
