#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import BridgeRunner
public import BridgeTestRunner
import BridgeValues
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
        case "test":
            guard let options = try TestOptions.parse(rest) else { return .help("test") }
            return .test(options)
        case "validate", "lint", "docs": return try parseSchemaCommand(command, rest)
        default: throw UsageError(message: "unknown command '\(command)' (expected: run, test, validate, lint, docs; see --help)")
        }
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

    /// Help text for the tool or one command.
    public static func help(_ command: String?, commandName: String = "bridge-run") -> String {
        switch command {
        case "test":
            return TestOptions.help(commandName: commandName)
        case "validate":
            return """
                usage: \(commandName) validate --schemas DIR [--no-limits] FILE...

                Checks captured bridge messages against the XML protocol schemas. Each FILE holds one
                message {method, params, callbackId}, a JSON array of them, or JSON Lines.
                Invalid messages are printed with their location (file:line for JSON Lines) and every
                violation as path: message. The runtime's message limits apply as they do at run time
                (4 MiB of JSON per message, strings of 1 Mi UTF-16 units, arrays of 100 000 elements:
                PAYLOAD_TOO_LARGE); --no-limits checks the schemas alone.

                exit status: 0 all valid, 1 any invalid, 2 unreadable file or bad schemas
                """
        case "lint":
            return """
                usage: \(commandName) lint --schemas DIR

                Checks every *.xml schema under DIR and prints every problem as file:line: reason.

                exit status: 0 no problems, 2 problems found
                """
        case "docs":
            return """
                usage: \(commandName) docs --schemas DIR --format markdown|typescript|jsonschema [--out DIR]

                Generates documentation from the schemas: one Markdown page per protocol, a TypeScript
                .d.ts with typed bridge.call overloads, or one JSON Schema (draft 2020-12) per action
                named <action>.schema.json. Without --out the output is printed.

                exit status: 0 success, 2 bad schemas or unwritable --out
                """
        case "run":
            return """
                usage: \(commandName) run FILE(.js|.mjs|.ts|.html)|URL [--mock FILE] [--http-mock FILE] [--trace FILE|-] [--timeout MS] [--script-timeout MS]
                                         [--memory-limit MB] [--virtual-time] [--settle MS] [--wait-for EXPR] [--offline DIR] [--url-scheme NAME] [--routes FILE]
                                         [--schemas DIR [--strict-schemas] [--validate-results]] [--capabilities FILE]
                                         [--import-map FILE]

                Runs a page script or HTML page headlessly, printing console output. A .js script runs until
                nothing is pending (as in Node: a live interval keeps it running). An .html page is parsed into
                a document, runs its scripts in document order, then DOMContentLoaded and load, and is done
                when it is quiet: nothing pending but its intervals, for --settle MS (or --wait-for EXPR).
                A module (.mjs, .mts, .ts, .tsx, .jsx, or .js with import/export) is bundled by esbuild
                first; its errors name the original files and lines.

                options:
                  --mock FILE       canned answers: {"method": {"result": ...} | {"error": {"code","message"}}, "delayMs"?}
                  --http-mock FILE  answers for fetch/XMLHttpRequest/WebSocket: [{"method"?, "url": "/api/*", "status"?,
                                    "headers"?, "json"|"text"|…, "delayMs"?} | {"url", "sequence": [...]}]
                                    (or a "$http" list in the --mock file); requests are served by data:/blob:
                                    URLs, then --offline, then these; anything else fails (no network)
                  --trace FILE|-    write every call, result, error, event, HTTP request and console line as JSON Lines
                  --timeout MS      limit for the whole run and for any one script or callback (default 30000)
                  --script-timeout MS  limit for any one script, timer callback or delivery (default: --timeout)
                  --memory-limit MB  most resident memory the run may use (default 2048); past it: exit 4
                  --virtual-time    fire timers in order without waiting
                  --settle MS       an .html page is done after MS quiet (only intervals pending; default 300)
                  --wait-for EXPR   an .html page is done when the JS expression EXPR is truthy
                  --offline DIR     offline resource package: routes.json maps page URLs to local pages,
                                    packages.json + file.json serve http(s) scripts after an md5 check
                  --url-scheme NAME scheme of the legacy URL protocol (default hybrid)
                  --import-map FILE  an import map {"imports": {...}} for a module file (bare names to files)
                  --routes FILE     AB route table for nav.open: [{"id", "url", "expiresAt"}]
                  --schemas DIR     validate every call (mocked ones too) against the XML schemas in DIR
                  --strict-schemas  with --schemas: refuse calls to actions that have no schema
                  --validate-results  with --schemas: check results (mocked ones too) against <result>
                  --capabilities FILE  grant permissions to pages by URL pattern (see README); without
                                    it every page may call every action
                  -h, --help        show this help

                exit status: 0 success, 1 script error or invalid message, 2 usage or file error, 3 time limit, 4 memory limit
                """
        default:
            return """
                usage: \(commandName) <command> [options]

                Runs hybrid-app (H5) page scripts headlessly on JavaScriptCore with the JS bridge.

                commands:
                  run FILE|URL     run a script or page until idle (see '\(commandName) run --help')
                  test PATH...     run *.test.js suites, each file in a fresh engine (see '\(commandName) test --help')
                  validate         check captured messages against the XML schemas
                  lint             check the XML schema files
                  docs             generate Markdown, TypeScript typings or JSON Schema from the schemas

                exit status: 0 success, 1 script error or invalid message, 2 usage or file error, 3 time limit, 4 memory limit
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
        // A reader that goes away (`| head`, a FIFO closed) is a failed write the run reports,
        // not a signal that kills the process with half the output.
        signal(SIGPIPE, SIG_IGN)
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
        case .test(let options):
            return await TestRunner.run(options, output: output, prefix: commandName).exitCode
        case .validate(let schemas, let files, let limits):
            return SchemaCommands.validate(schemasDir: schemas, files: files, limits: limits ? BridgeLimits() : nil, output: output, prefix: commandName)
        case .lint(let schemas):
            return SchemaCommands.lint(schemasDir: schemas, output: output, prefix: commandName)
        case .docs(let schemas, let format, let out):
            return SchemaCommands.docs(schemasDir: schemas, format: format, outDir: out, output: output, prefix: commandName)
        }
    }
}
