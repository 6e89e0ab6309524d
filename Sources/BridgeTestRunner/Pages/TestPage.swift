import FoundationEssentials
import BridgeValues
import BridgeCore
import BridgeComponents
import BridgePage
import BridgeSchema
import BridgeModules
import BridgeNetwork
import BridgePeers
import BridgeRunner
import ScriptEngine
import BridgeSupport

/// One page a test loaded with `loadPage(pathOrURL, options)`: a fresh engine with the
/// standards DOM in the test's VM, loaded the way `bridge-run run page.html` loads it, and
/// driven by the test file's loop (its tasks and timers run while the test waits, and
/// `vi.useFakeTimers()` moves its timers too).
///
/// The page runs in its own JavaScriptCore context of the same VM (context group), so the test
/// uses the page's own objects: `page.window` is the page's global object itself, not a copy or
/// a proxy. Objects keep their realm (`page.window.HTMLElement`, not the test's, for
/// `instanceof`).
///
/// Navigation to another page the page can load (a local file, or a URL its offline package
/// routes) loads it in a fresh engine, as `run` does under `--offline`: the page object then
/// shows the new window; calls, trace and errors go on accumulating.
@MainActor
final class TestPage {
    /// What `loadPage` was given, resolved.
    struct Setup {
        /// Mocks of this page (`options.mock` as an object), before the test's own.
        var mocks: [ScalarKey: TestSession.Mock] = [:]
        /// `options.mock` as a fixture file.
        var fixture: MockFixture?
        var offline: OfflinePackage?
        var capabilities: CapabilitySet?
        var schemas: SchemaSet?
        /// `options.httpMock` (a file or inline rules), before the run's `--http-mock`.
        var http: HTTPMockFixture?
        /// `options.url`: the page URL of a local file (`location.href`).
        var url: String?
        /// Where relative paths resolve (the test file's folder).
        var baseDirectory: String
    }

    /// A page that cannot be loaded (the loadPage promise rejects with it).
    struct Failure: Error {
        var message: String
    }

    let id: Int
    let setup: Setup
    /// Closed when the test that loaded it ends (`false`: loaded outside a test, closed with the file).
    let ownedByTest: Bool
    private unowned let host: TestPages
    private(set) var engine: BridgeEngine?
    /// What the page is now (its path or URL as given).
    private(set) var target: String
    private(set) var calls: [(method: String, params: JSONValue)] = []
    /// Trace lines (JSON Lines, as `--trace`) of every engine the page had.
    private(set) var traceLines: [String] = []
    private(set) var errors: [String] = []
    /// The page's HTTP requests in order: the request's fields, then `status`/`source` of its
    /// answer, or `error` (the message, `aborted` or `timeout`).
    private(set) var requests: [JSONObject] = []
    private var requestIndex: [Int: Int] = [:]
    private var trace: TraceWriter?
    /// A navigation the page asked for, loaded in the next turn.
    private var pendingNavigation: String?

    init(id: Int, target: String, setup: Setup, ownedByTest: Bool, host: TestPages) {
        self.id = id
        self.target = target
        self.setup = setup
        self.ownedByTest = ownedByTest
        self.host = host
        trace = TraceWriter(sink: { [weak self] line in self?.traceLines.append(line) })
    }

    var isClosed: Bool { engine == nil }

    /// Loads `target` in a fresh engine (closing the one before).
    ///
    /// - Parameter pageURL: the page URL when it is not the file's own (a navigation to a
    ///   `file:` URL with a query keeps it); else `options.url`, else the file's URL.
    func load(_ target: String, pageURL: String? = nil) throws(Failure) {
        closeEngine()
        self.target = target
        let input: PageInput
        switch PageInput.resolve(target, relativeTo: setup.baseDirectory, offline: setup.offline, url: pageURL ?? setup.url) {
        case .success(let found): input = found
        case .failure(let problem): throw Failure(message: problem.loadPageMessage(target))
        }
        host.session.noteLoaded([input.path])
        let engine = try makeEngine(pageURL: input.pageURL)
        self.engine = engine
        if input.isHTML {
            let missing: [PageLoader.Failure]
            do {
                var loader = PageLoader(pageName: input.displayName, pageURL: input.pageURL, baseDirectory: input.baseDirectory, offline: setup.offline)
                loader.onScriptFile = { [session = host.session] in session.noteLoaded([$0]) }
                missing = try loader.load(html: input.text, into: engine)
            } catch {
                throw Failure(message: error.message)
            }
            // A page whose script cannot be loaded rejects loadPage with the first one.
            if let first = missing.first { throw Failure(message: first.message) }
        } else if input.isModule {
            let bundle: ModuleBundle
            do {
                var bundler = ModuleBundler()
                if let offline = setup.offline { bundler.resolveURL = { url in try? offline.resolve(url).path } }
                bundle = try bundler.bundle(.file(path: input.path, name: input.displayName))
            } catch {
                throw Failure(message: error.lines.joined(separator: "; "))
            }
            host.session.noteLoaded(bundle.inputs)
            engine.installPageSupportOnDemand()
            do { try engine.executeModule(bundle) } catch { engine.recordUncaught(error) }
        } else {
            engine.installPageSupportOnDemand()
            do { try engine.execute(input.text, sourceURL: input.displayName) } catch { engine.recordUncaught(error) }
        }
    }

    private func makeEngine(pageURL: String) throws(Failure) -> BridgeEngine {
        let testEngine = host.testEngine
        var config = EngineConfiguration()
        config.vm = host.vm
        // The test's clock: the file's loop drives the page's, on one time line.
        config.clock = testEngine?.clock ?? SystemClock()
        config.pageURL = pageURL
        let engine: BridgeEngine
        do {
            engine = try BridgeEngine(configuration: config)
        } catch {
            throw Failure(message: "cannot start the page's engine: \(error)")
        }
        do {
            try engine.installNetwork(networkConfiguration(pageURL: pageURL))
        } catch {
            engine.close()
            throw Failure(message: "cannot start the page's network layer: \(error)")
        }
        // Pages written for WVJB, DSBridge, JsBridge, Cordova or Capacitor run as with `run`.
        engine.installPeerBridges(knownMethods: (setup.fixture?.methods ?? []) + setup.mocks.keys.map(\.string) + (host.inputs.fixture?.methods ?? []))
        testEngine?.loop.drive(engine.loop)
        host.session.clock?.drive(engine)
        let session = host.session
        let mocks = setup.mocks
        let fixture = setup.fixture
        engine.addDispatcher { message in session.handler(for: message, pageMocks: mocks, pageFixture: fixture) }
        if let schemas = setup.schemas ?? host.inputs.schemas { engine.install(schemas) }
        if let capabilities = setup.capabilities ?? host.inputs.capabilities { engine.install(capabilities) }
        let name = target.split(separator: "/").last.map(String.init) ?? target
        engine.addEventObserver { [weak self, unowned engine] event in
            session.observeCoverage(event)
            guard let self else { return }
            trace?.write(event)
            switch event {
            case .call(let method, let params, _, _):
                calls.append((method, params))
                session.record(method: method, params: params)
            case .console(_, let message):
                host.console(message)
            case .http(let e):
                noteRequest(e, engine: engine)
            case .exception(let error):
                // Once the page navigates away or closes, its cancelled calls are traced, not errors.
                guard pendingNavigation == nil, self.engine === engine else { return }
                let line = ScriptRunner.describe(error)
                errors.append(line)
                host.console("[page \(name)] \(line)")
            default: break
            }
        }
        engine.addNavigationObserver { [weak self] url, _ in
            guard let self, pendingNavigation == nil, canLoad(url) else { return }
            pendingNavigation = url
            // Not inside the page's own call: the next turn of the test's loop loads it.
            host.testEngine?.loop.enqueue { [weak self] in self?.followNavigation() }
        }
        return engine
    }

    /// The network of the page: `options.httpMock`, then the run's `--http-mock`; the offline
    /// package; the capability file's `hosts` (as `run` has them).
    private func networkConfiguration(pageURL: String) -> NetworkConfiguration {
        let fixture = setup.http.map { $0.appending(host.inputs.http) } ?? host.inputs.http
        return .forPage(pageURL, fixture: fixture, offline: setup.offline, capabilities: setup.capabilities ?? host.inputs.capabilities)
    }

    /// Keeps one step of an HTTP request for `page.requests()`.
    private func noteRequest(_ e: NetworkEvent, engine: BridgeEngine) {
        guard self.engine === engine else { return }
        if e.phase == "request" {
            var o = e.details
            o["url"] = .string(e.url)
            requestIndex[e.id] = requests.count
            requests.append(o)
            return
        }
        guard let k = requestIndex[e.id] else { return }
        switch e.phase {
        case "response":
            for key in ["status", "source", "fixture"] { if let v = e.details[key] { requests[k][key] = v } }
        case "error": requests[k]["error"] = e.details["message"] ?? .string("failed")
        default: requests[k]["error"] = .string(e.phase == "abort" ? "aborted" : e.phase)
        }
    }

    /// Whether a navigation target is a page this page can load: a local file, or a URL its
    /// offline package routes.
    func canLoad(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return setup.offline?.localPage(for: url) != nil }
        guard lower.hasPrefix("file:"), let path = URL(string: url)?.path else { return false }
        return FileManager.default.fileExists(atPath: path)
    }

    private func followNavigation() {
        guard let url = pendingNavigation, engine != nil else { return }
        pendingNavigation = nil
        trace?.write(.notice("navigated to \(url)"))
        do {
            if url.lowercased().hasPrefix("file:"), let path = URL(string: url)?.path {
                try load(path, pageURL: url)
            } else {
                try load(url)
            }
        } catch {
            errors.append(error.message)
            host.console("[page] \(error.message)")
        }
    }

    /// `true` when the page has nothing to do but wait for timers: no task ready, no bridge call
    /// or JS call or delivery pending, and no timer due within `Self.soon` (a `setTimeout(f, 0)`
    /// is part of what the page does now: WebViewJavascriptBridge runs its start-up callbacks so).
    var isSettled: Bool {
        guard let engine else { return true }
        guard pendingNavigation == nil, engine.loop.hasOnlyTimers else { return false }
        guard let due = engine.loop.nextDeadline() else { return true }
        return due - engine.clock.now > Self.soon
    }

    /// Timers due sooner than this keep a page unsettled.
    static let soon: Duration = .milliseconds(4)

    /// Closes the page's engine (idempotent).
    func closeEngine() {
        guard let engine else { return }
        self.engine = nil
        host.session.clock?.release(engine)
        host.testEngine?.loop.release(engine.loop)
        engine.close()
    }
}

extension PageInput.Problem {
    /// The message of a `loadPage(target)` (or a navigation of a loaded page) that cannot read its page.
    func loadPageMessage(_ target: String) -> String {
        let detail: String
        switch self {
        case .needsOffline: detail = "a URL needs an offline package (options.offline: DIR); there is no network"
        case .noRoute: detail = routeDetail(target) ?? ""
        case .unreadable(let path): detail = "cannot read \(PageInput.displayPath(path)): \(FileContents.problem(path))"
        case .notUTF8(let path): detail = "\(PageInput.displayPath(path)) is not valid UTF-8 text"
        }
        return "loadPage(\(target)): " + detail
    }
}
