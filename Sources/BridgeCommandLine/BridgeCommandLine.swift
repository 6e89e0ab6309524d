#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import BridgeRunner
public import BridgeTestRunner
import BridgeValues
import ScriptEngine
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
        /// `test PATH... [options]`.
        case test(TestOptions)
        /// `validate --schemas DIR [--no-limits] FILE...`.
        case validate(schemas: String, files: [String], limits: Bool)
        /// `lint --schemas DIR`.
        case lint(schemas: String)
        /// `docs --schemas DIR --format F [--out DIR]`.
        case docs(schemas: String, format: SchemaCommands.DocsFormat, out: String?)
        /// `--help` for the tool or a command.
        case help(String?)
        /// `--version` or `version`.
        case version
        /// `types --out DIR`: the TypeScript declarations of the SDK and the test globals.
        case types(out: String?)
        /// `junit-merge FILE... --out FILE`.
        case junitMerge(files: [String], out: String?)
        /// `coverage-merge FILE... [--out FILE] [--coverage-min N]`.
        case coverageMerge(files: [String], out: String?, min: Double?)
    }

    /// What parsing starts from: the project config's defaults and the environment's.
    public struct Defaults: Sendable {
        /// `test` options before the command line.
        public var test: TestOptions
        /// `run` options before the command line.
        public var run: RunOptions

        /// Plain defaults (no config, no environment).
        public init(test: TestOptions = TestOptions(paths: []), run: RunOptions = RunOptions(file: "")) {
            self.test = test
            self.run = run
        }
    }

    /// Parses arguments (without the executable name).
    ///
    /// - Throws: `UsageError` with one clear line.
    public static func parse(_ arguments: [String], defaults: Defaults = Defaults()) throws(UsageError) -> Command {
        guard let command = arguments.first else { return .help(nil) }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help": return .help(rest.first)
        case "--version", "-V", "version": return .version
        case "run": return try parseRun(rest, defaults: defaults.run)
        case "test":
            guard let options = try TestOptions.parse(rest, defaults: defaults.test) else { return .help("test") }
            return .test(options)
        case "validate", "lint", "docs": return try parseSchemaCommand(command, rest)
        case "types": return try parseTypes(rest)
        case "junit-merge": return try parseJUnitMerge(rest)
        case "coverage-merge": return try parseCoverageMerge(rest)
        default: throw UsageError(message: "unknown command '\(command)' (expected: run, test, validate, lint, docs, types, junit-merge, coverage-merge, version; see --help)")
        }
    }

    private static func parseTypes(_ args: [String]) throws(UsageError) -> Command {
        var out: String?
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-h", "--help": return .help("types")
            case "--out":
                guard i + 1 < args.count else { throw UsageError(message: "--out needs a value") }
                i += 1
                out = args[i]
            default: throw UsageError(message: "unknown argument '\(args[i])' for types (see bridge-run types --help)")
            }
            i += 1
        }
        return .types(out: out)
    }

    private static func parseJUnitMerge(_ args: [String]) throws(UsageError) -> Command {
        var out: String?
        var files: [String] = []
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-h", "--help": return .help("junit-merge")
            case "--out", "-o":
                guard i + 1 < args.count else { throw UsageError(message: "\(args[i]) needs a value") }
                i += 1
                out = args[i]
            default:
                if args[i].hasPrefix("-") { throw UsageError(message: "unknown option '\(args[i])' for junit-merge (see bridge-run junit-merge --help)") }
                files.append(args[i])
            }
            i += 1
        }
        guard !files.isEmpty else { throw UsageError(message: "junit-merge needs at least one JUnit XML FILE") }
        return .junitMerge(files: files, out: out)
    }

    private static func parseCoverageMerge(_ args: [String]) throws(UsageError) -> Command {
        var out: String?
        var min: Double?
        var files: [String] = []
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-h", "--help": return .help("coverage-merge")
            case "--out", "-o", "--coverage-min":
                guard i + 1 < args.count else { throw UsageError(message: "\(args[i]) needs a value") }
                i += 1
                if args[i - 1] == "--coverage-min" { min = try TestOptions.percentage(args[i]) } else { out = args[i] }
            default:
                if args[i].hasPrefix("-") { throw UsageError(message: "unknown option '\(args[i])' for coverage-merge (see bridge-run coverage-merge --help)") }
                files.append(args[i])
            }
            i += 1
        }
        guard !files.isEmpty else { throw UsageError(message: "coverage-merge needs at least one coverage JSON FILE (from test --coverage-json)") }
        return .coverageMerge(files: files, out: out, min: min)
    }

    private static func parseSchemaCommand(_ command: String, _ args: [String]) throws(UsageError) -> Command {
        var schemas: String?
        var format: SchemaCommands.DocsFormat?
        var out: String?
        var files: [String] = []
        var limits = true
        var i = 0
        while i < args.count {
            let a = args[i]
            func value() throws(UsageError) -> String {
                guard i + 1 < args.count else { throw UsageError(message: "\(a) needs a value") }
                i += 1
                return args[i]
            }
            switch a {
            case "-h", "--help": return .help(command)
            case "--schemas": schemas = try value()
            case "--format" where command == "docs":
                let v = try value()
                guard let f = SchemaCommands.DocsFormat(rawValue: v) else {
                    throw UsageError(message: "--format must be markdown, typescript or jsonschema, got '\(v)'")
                }
                format = f
            case "--out" where command == "docs": out = try value()
            case "--no-limits" where command == "validate": limits = false
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)' for \(command) (see bridge-run \(command) --help)") }
                guard command == "validate" else { throw UsageError(message: "\(command) takes no FILE arguments, got '\(a)'") }
                files.append(a)
            }
            i += 1
        }
        guard let schemas else { throw UsageError(message: "\(command) needs --schemas DIR") }
        switch command {
        case "validate":
            guard !files.isEmpty else { throw UsageError(message: "validate needs at least one FILE (a message, an array of messages, or JSON Lines)") }
            return .validate(schemas: schemas, files: files, limits: limits)
        case "lint": return .lint(schemas: schemas)
        default:
            guard let format else { throw UsageError(message: "docs needs --format markdown|typescript|jsonschema") }
            return .docs(schemas: schemas, format: format, out: out)
        }
    }

    private static func parseRun(_ args: [String], defaults: RunOptions) throws(UsageError) -> Command {
        var file: String?
        var options = defaults
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
            case "--http-mock": options.httpMockPath = try value(a)
            case "--trace": options.tracePath = try value(a)
            case "--timeout":
                let v = try value(a)
                guard let ms = Double(v), ms >= 1, ms.isFinite else { throw UsageError(message: "--timeout needs a number of milliseconds (at least 1), got '\(v)'") }
                options.timeout = .milliseconds(exactly: ms)
            case "--memory-limit":
                let v = try value(a)
                guard let mb = Int(v), mb > 0, mb <= 1 << 30 else { throw UsageError(message: "--memory-limit needs a positive number of MiB, got '\(v)'") }
                options.memoryLimit = mb
            case "--script-timeout":
                let v = try value(a)
                guard let ms = Double(v), ms >= 1, ms.isFinite else { throw UsageError(message: "--script-timeout needs a number of milliseconds (at least 1), got '\(v)'") }
                options.scriptTimeout = .milliseconds(exactly: ms)
            case "--virtual-time": options.virtualTime = true
            case "--jit":
                let v = try value(a)
                guard let tiering = JITTiering(rawValue: v) else { throw UsageError(message: "--jit needs standard or short-lived, got '\(v)'") }
                options.jitTiering = tiering
            case "--settle":
                let v = try value(a)
                guard let ms = Double(v), ms >= 0, ms.isFinite else { throw UsageError(message: "--settle needs a number of milliseconds (0 or more), got '\(v)'") }
                options.settle = .milliseconds(exactly: ms)
            case "--wait-for":
                let v = try value(a)
                guard !v.allSatisfy(\.isWhitespace) else { throw UsageError(message: "--wait-for needs a JavaScript expression") }
                options.waitFor = v
            case "--offline": options.offlineDir = try value(a)
            case "--import-map": options.importMapPath = try value(a)
            case "--routes": options.routesPath = try value(a)
            case "--schemas": options.schemasDir = try value(a)
            case "--strict-schemas": options.strictSchemas = true
            case "--validate-results": options.validateResults = true
            case "--capabilities": options.capabilitiesPath = try value(a)
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

}
