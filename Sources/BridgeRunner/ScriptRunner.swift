import FoundationEssentials
import BridgeValues
import ScriptEngine
import BridgePage
import BridgeComponents
import BridgeSchema
import BridgeCore

/// The result of a run: the process exit code and the error lines printed.
public struct RunReport: Sendable, Equatable {
    /// 0 success · 1 script error or invalid payload · 2 usage or file error · 3 time limit.
    public var exitCode: Int32
    /// The error lines written to stderr.
    public var errors: [String]

    /// Creates a report.
    public init(exitCode: Int32, errors: [String]) {
        self.exitCode = exitCode
        self.errors = errors
    }
}

/// Runs one script headlessly until idle: the library side of `bridge-run run`, usable by any
/// runner executable that links its own components.
@MainActor
public enum ScriptRunner {
    /// Runs `options.file` and prints console output, the trace and errors to `output`.
    ///
    /// - Returns: the exit code (docs/cli.md) and the error lines.
    public static func run(_ options: RunOptions, output: any RunOutput, prefix: String = "bridge-run") async -> RunReport {
        var errors: [String] = []
        func fail(_ code: Int32, _ line: String) -> RunReport {
            output.err("\(prefix): \(line)")
            errors.append(line)
            return RunReport(exitCode: code, errors: errors)
        }
        var offline: OfflinePackage?
        if let dir = options.offlineDir {
            do { offline = try OfflinePackage.load(root: dir) } catch { return fail(2, "offline package: \(error.description)") }
        }
        let page: PageInput
        switch PageInput.resolve(options.file, offline: offline) {
        case .success(let p): page = p
        case .failure(let problem): return fail(2, problem.message)
        }
        var mock: MockFixture?
        if let path = options.mockPath {
            do { mock = try MockFixture(contentsOf: path) } catch { return fail(2, error.message) }
        }
        var schemas: SchemaSet?
        if let dir = options.schemasDir {
            guard let set = SchemaCommands.loadSchemas(dir, output: output, prefix: prefix) else {
                return RunReport(exitCode: 2, errors: ["bad schemas in \(dir)"])
            }
            schemas = set
        } else if options.strictSchemas || options.validateResults {
            return fail(2, "\(options.strictSchemas ? "--strict-schemas" : "--validate-results") needs --schemas DIR")
        }
        var routes: RouteTable?
        if let path = options.routesPath {
            do { routes = try RouteTable(contentsOf: path) } catch { return fail(2, error.message) }
        }
        var fileSink: FileLineSink?
        var trace: TraceWriter?
        if let path = options.tracePath {
            if path == "-" {
                trace = TraceWriter(sink: { output.out($0) })
            } else {
                do { fileSink = try FileLineSink(path: path) } catch { return fail(2, "cannot write trace file \(path): \((error as? FileLineSinkError)?.reason ?? "\(error)")") }
                trace = TraceWriter(sink: { [fileSink] in fileSink?.write($0) })
            }
        }
        defer { fileSink?.close() }

        var capabilities: CapabilitySet?
        if let path = options.capabilitiesPath {
            do { capabilities = try CapabilitySet(contentsOf: path) } catch { return fail(2, error.message) }
        }

        // A route table goes to a router instance of this run, which shadows the self-registered one.
        var scoped: BridgeRegistry?
        if let routes {
            let registry = BridgeRegistry()
            do { try registry.register(NavComponent(routes: routes)) } catch { return fail(2, error.message) }
            scoped = registry
        }
        let vm = ScriptVM(timeLimit: min(options.scriptTimeout ?? options.timeout, options.timeout))
        let clock: any EngineClock = options.virtualTime ? VirtualClock() : SystemClock()
        let started = SystemClock().now
        var exitCode: Int32 = 0
        var invalid: [String] = []
        var current = page
        var generation = 1
        if capabilities == nil {
            trace?.write(.notice("no capability file: every page may call every action"))
        }
        while true {
            var config = EngineConfiguration()
            config.clock = clock
            config.vm = vm
            config.pageURL = current.pageURL
            config.urlScheme = options.urlScheme
            config.scopedRegistry = scoped
            let engine: BridgeEngine
            do {
                engine = try BridgeEngine(configuration: config)
            } catch {
                return fail(2, "cannot start the engine: \(error)")
            }
            mock?.install(on: engine)
            if let schemas { engine.install(schemas, strict: options.strictSchemas, validateResults: options.validateResults) }
            if let capabilities { engine.install(capabilities) }
            // Under --offline, navigating to another routed page loads it in a fresh engine: the
            // new page gets its own capabilities, and answers to the old page's calls are
            // dropped with it (never delivered to the new page).
            var nextPage: String?
            // Once the page navigated away its calls are cancelled (traced), but rejections its
            // own JS did not handle are not errors of the run.
            engine.addEventObserver { event in
                if nextPage != nil {
                    if case .exception = event { return }
                    trace?.write(event)
                    return
                }
                trace?.write(event)
                switch event {
                case .console(_, let message): output.out(message)
                case .error(let method, nil, let error) where error.code == .invalidMessage:
                    invalid.append("invalid message\(method.map { " to '\($0)'" } ?? ""): \(error.message)")
                default: break
                }
            }
            if let offline {
                let handle = engine.handle
                engine.addNavigationObserver { url, _ in
                    guard nextPage == nil, offline.localPage(for: url) != nil else { return }
                    nextPage = url
                    handle.engine?.stop()
                }
            }

            var loaded = true
            if current.isHTML {
                do {
                    try PageLoader(pageName: current.displayName, pageURL: current.pageURL, baseDirectory: current.baseDirectory, offline: offline).load(html: current.text, into: engine)
                } catch {
                    errors.append(error.message)
                    output.err("\(prefix): \(error.message)")
                    exitCode = 1
                    loaded = false
                }
            } else {
                do {
                    engine.installPageSupportOnDemand()
                    try engine.execute(current.text, sourceURL: current.displayName)
                } catch {
                    engine.report(.exception(error))
                    errors.append(describe(error))
                    output.err("\(prefix): \(describe(error))")
                    exitCode = error.kind == .timeLimit ? 3 : 1
                }
            }
            if exitCode != 3 && loaded && nextPage == nil {
                do {
                    let left = max(.milliseconds(1), options.timeout - (SystemClock().now - started))
                    try await engine.runUntilIdle(limit: left)
                } catch {
                    if case .timeLimit(_, let pending) = error {
                        let line = "run did not finish within \(BridgeError.describe(options.timeout)); still pending: \(pending)"
                        errors.append(line)
                        output.err("\(prefix): \(line)")
                        exitCode = 3
                    }
                }
            }
            for e in engine.uncaughtErrors {
                errors.append(describe(e))
                output.err("\(prefix): \(describe(e))")
                if e.kind == .timeLimit { exitCode = 3 } else if exitCode == 0 { exitCode = 1 }
            }
            engine.close()
            guard let next = nextPage, exitCode == 0 else { break }
            generation += 1
            guard generation <= maxNavigations else {
                return fail(1, "more than \(maxNavigations) page navigations; stopping (a redirect loop?)")
            }
            trace?.write(.notice("navigated to \(next) (page generation \(generation))"))
            switch PageInput.resolve(next, offline: offline) {
            case .success(let p): current = p
            case .failure(let problem): return fail(1, problem.message)
            }
        }
        for line in invalid {
            errors.append(line)
            output.err("\(prefix): \(line)")
            if exitCode == 0 { exitCode = 1 }
        }
        return RunReport(exitCode: exitCode, errors: errors)
    }

    /// Page loads one run may chain through navigations.
    static let maxNavigations = 20

    static func describe(_ e: ScriptError) -> String {
        let loc = e.location.map { "\($0): " } ?? ""
        switch e.kind {
        case .exception: return "\(loc)uncaught \(e.message)"
        case .unhandledRejection: return "\(loc)unhandled promise rejection: \(e.message)"
        case .timeLimit: return "\(loc)\(e.message)"
        }
    }
}
