import BridgeValues
import BridgePage
import BridgeComponents
import BridgeSchema
import BridgeCore
import BridgeModules
import FoundationEssentials
import BridgeNetwork

/// What `bridge-run run` reads before it starts: the page, the offline package, fixtures,
/// schemas, capabilities, routes and the trace. Any problem is a usage or file error (exit 2)
/// and nothing runs.
@MainActor
struct RunInputs {
    var page: PageInput
    var offline: OfflinePackage?
    var mock: MockFixture?
    /// A replayed trace's call counts, shared by every page of the run.
    var replay = MockFixture.ReplayState()
    /// What answers the page's HTTP requests and WebSockets.
    var http = HTTPMockFixture()
    var schemas: SchemaSet?
    var capabilities: CapabilitySet?
    /// A scoped table with this run's router (when a route table was given).
    var scoped: BridgeRegistry?
    var trace: TraceWriter?
    /// The trace file, when the trace goes to one.
    var traceFile: FileLineSink?
    /// The import map for a module file (`--import-map`).
    var importMap: ImportMap?

    /// Reads everything `options` names; `nil` after writing the problem to `log`.
    static func load(_ options: RunOptions, output: any RunOutput, prefix: String, log: RunLog) -> RunInputs? {
        func fail(_ line: String) -> RunInputs? {
            log.error(line, code: 2)
            return nil
        }
        var offline: OfflinePackage?
        if let dir = options.offlineDir {
            do { offline = try OfflinePackage.load(root: dir) } catch { return fail("offline package: \(error.description)") }
        }
        let page: PageInput
        switch PageInput.resolve(options.file, offline: offline) {
        case .success(let p): page = p
        case .failure(let problem): return fail(problem.message(for: options.file))
        }
        var inputs = RunInputs(page: page, offline: offline)
        if let path = options.importMapPath {
            guard !page.isHTML else {
                return fail("--import-map applies to module files; an HTML page's <script type=\"importmap\"> is its import map")
            }
            guard let data = FileManager.default.contents(atPath: path), let text = String(validating: Array(data), as: UTF8.self) else {
                return fail("cannot read import map \(path): no such file, not readable or not UTF-8")
            }
            let url = URL(fileURLWithPath: path)
            do {
                let map = try ImportMap(
                    json: text, baseURL: url.standardizedFileURL.absoluteString,
                    baseDirectory: url.deletingLastPathComponent().path, name: path)
                // A map given on the command line is checked whole: a bad entry is an error of
                // the run (a page's own map ignores one, as browsers do).
                _ = try map.aliases(resolveURL: offline.map { offline in { url in try? offline.resolve(url).path } })
                inputs.importMap = map
            } catch {
                // One line a problem.
                for line in error.lines.dropLast() { log.error(line, code: 2) }
                return fail(error.lines.last ?? error.description)
            }
        }
        if let path = options.mockPath {
            do { inputs.mock = try MockFixture(contentsOf: path) } catch { return fail(error.message) }
        }
        do {
            // The mock file is read again only for its `"$http"` member, when it has one (a
            // replayed trace never has: its lines are not one JSON object).
            inputs.http = try HTTPMockFixture.load(httpMock: options.httpMockPath, mock: inputs.mock?.hasHTTPFixtures == true ? options.mockPath : nil)
        } catch {
            return fail(error.description)
        }
        if let dir = options.schemasDir {
            guard let set = SchemaCommands.loadSchemas(dir, output: output, prefix: prefix) else {
                log.raise(2)
                return nil
            }
            inputs.schemas = set
        } else if options.strictSchemas || options.validateResults {
            return fail("\(options.strictSchemas ? "--strict-schemas" : "--validate-results") needs --schemas DIR")
        }
        if let path = options.routesPath {
            do {
                // A route table goes to a router instance of this run, which shadows the
                // self-registered one.
                let registry = BridgeRegistry()
                try registry.register(NavComponent(routes: try RouteTable(contentsOf: path)))
                inputs.scoped = registry
            } catch {
                return fail(error.message)
            }
        }
        if let path = options.capabilitiesPath {
            do { inputs.capabilities = try CapabilitySet(contentsOf: path) } catch { return fail(error.message) }
        }
        if let path = options.tracePath {
            if path == "-" {
                inputs.trace = TraceWriter(sink: { output.out($0) })
            } else {
                do {
                    let file = try FileLineSink(path: path)
                    inputs.traceFile = file
                    inputs.trace = TraceWriter(file: file)
                } catch {
                    return fail("cannot write trace file \(path): \((error as? FileLineSinkError)?.reason ?? "\(error)")")
                }
            }
        }
        return inputs
    }
}
