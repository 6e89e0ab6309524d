import FoundationEssentials
import BridgeValues
import BridgeCore
import BridgeComponents
import BridgePage
import BridgeSchema
import BridgeSupport
import BridgeNetwork
import ScriptEngine

/// The pages a test file's tests loaded (`loadPage`), and the native side of the page API the
/// harness extension `JS/bridge-test-pages.js` builds on.
///
/// Native functions (part of `__bridgeTestNative`; ids are the pages' numbers):
/// - `pageOpen(target, optionsJSON, resolve, reject)` loads a page and returns its id; `resolve()`
///   runs once the page is loaded and settled, `reject(errorJSON)` if it cannot be loaded;
/// - `pageWindow(id)` the page's global object (shared: same VM), `pageURL(id)`;
/// - `pageEmit(id, name, payloadJSON, resolve, reject)`, `pageSettle(id, resolve, reject)`,
///   `pageNavigate(id, target, resolve, reject)`: resolve once the page is settled again;
/// - `pageCallJS(id, name, dataJSON, timeoutMs, resolve, reject)`: resolve(result) or
///   reject({code, message});
/// - `pageCalls(id, method | null)`, `pageTrace(id)`, `pageErrors(id)`, `pageRequests(id)`;
/// - `pageClose(id)`.
///
/// "Settled": nothing ready to run, no bridge call, JS call or delivery pending — only timers
/// (see `TestPage.isSettled`). Waiters are checked after every turn of the test's loop
/// (`poll()`, from the runner's `until`).
@MainActor
final class TestPages {
    let vm: ScriptVM
    let session: TestSession
    let inputs: TestInputs
    /// The test file's folder: relative paths in `loadPage` resolve against it.
    let baseDirectory: String
    /// Console lines of the pages (to the running test's output).
    var console: (String) -> Void = { _ in }
    private var handle: EngineHandle?
    var testEngine: BridgeEngine? { handle?.engine }
    private var pages: [Int: TestPage] = [:]
    private var nextID = 0
    private struct Waiter {
        var page: Int
        var resolve: ScriptFunction
        var reject: ScriptFunction
    }
    private var waiters: [Waiter] = []

    init(vm: ScriptVM, session: TestSession, inputs: TestInputs, testFile: String) {
        self.vm = vm
        self.session = session
        self.inputs = inputs
        let absolute = PathText.absolute(testFile)
        baseDirectory = String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)])
    }

    /// The test file's engine (set before the harness loads).
    func attach(_ engine: BridgeEngine) {
        handle = engine.handle
    }

    /// Resolves the waiters whose page has settled (after a turn of the test's loop).
    func poll() {
        guard !waiters.isEmpty else { return }
        var k = 0
        while k < waiters.count {
            let w = waiters[k]
            guard let page = pages[w.page] else {
                waiters.remove(at: k)
                reject(w.reject, message: "the page was closed")
                continue
            }
            if page.isSettled {
                waiters.remove(at: k)
                call(w.resolve, [])
            } else {
                k += 1
            }
        }
    }

    /// Closes the pages the test that just ended loaded.
    func closeTestPages() {
        for (id, page) in pages where page.ownedByTest { close(id, page) }
    }

    /// Closes every page (the file is done).
    func closeAll() {
        for (id, page) in pages { close(id, page) }
        waiters.removeAll()
    }

    private func close(_ id: Int, _ page: TestPage) {
        pages[id] = nil
        page.closeEngine()
        waiters.removeAll { $0.page == id }
    }

    // MARK: Native functions

    private func page(_ args: NativeArguments) throws -> TestPage {
        guard let id = args.number(0).flatMap(JSNumber.int), let page = pages[id] else {
            throw NativeFunctionError(message: "this page was closed (page objects work until the test that loaded them ends, or page.close())")
        }
        return page
    }

    private func function(_ args: NativeArguments, _ i: Int) throws -> ScriptFunction {
        guard let f = testEngine?.context?.function(argument: i, of: args) else { throw NativeFunctionError(message: "internal: no callback") }
        return f
    }

    private func call(_ f: ScriptFunction, _ args: [ScriptArgument]) {
        guard let context = testEngine?.context else { return }
        do { try context.call(f, args) } catch { testEngine?.recordUncaught(error) }
    }

    private func reject(_ f: ScriptFunction, message: String, code: String? = nil) {
        var o: JSONObject = ["message": .string(message)]
        if let code { o["code"] = .string(code) }
        call(f, [.json(.object(o))])
    }

    private func wait(_ page: TestPage, _ args: NativeArguments, resolveAt i: Int) throws {
        waiters.append(Waiter(page: page.id, resolve: try function(args, i), reject: try function(args, i + 1)))
        testEngine?.loop.enqueue {}
    }

    func nativeFunctions() -> [NativeFunctionSpec] {
        [
            NativeFunctionSpec("pageOpen", { [unowned self] args in
                let resolve = try function(args, 2), rejectFn = try function(args, 3)
                guard let target = args.string(0) else { throw NativeFunctionError(message: "loadPage needs a path or URL") }
                let setup: TestPage.Setup
                do throws(SetupProblem) {
                    setup = try self.setup(args.string(1) ?? "{}")
                } catch {
                    reject(rejectFn, message: "loadPage(\(target)): \(error.message)")
                    return .undefined
                }
                nextID += 1
                let page = TestPage(id: nextID, target: target, setup: setup, ownedByTest: session.inTest, host: self)
                pages[page.id] = page
                do throws(TestPage.Failure) {
                    try page.load(target)
                } catch {
                    close(page.id, page)
                    reject(rejectFn, message: error.message)
                    return .undefined
                }
                waiters.append(Waiter(page: page.id, resolve: resolve, reject: rejectFn))
                return .number(Double(page.id))
            }),
            NativeFunctionSpec("pageWindow", { [unowned self] args in
                let page = try page(args)
                guard let context = page.engine?.context else { return .undefined }
                return .object(context.globalObject)
            }),
            NativeFunctionSpec("pageURL", { [unowned self] args in .string(try page(args).engine?.configuration.pageURL ?? "") }),
            NativeFunctionSpec("pageEmit", { [unowned self] args in
                let page = try page(args)
                guard let name = args.string(1) else { throw NativeFunctionError(message: "page.emit(name, payload): name must be a string") }
                let payload = (try? JSONParser().parse(args.string(2) ?? "null")) ?? .null
                page.engine?.emit(name, payload)
                try wait(page, args, resolveAt: 3)
                return .undefined
            }),
            NativeFunctionSpec("pageSettle", { [unowned self] args in
                try wait(try page(args), args, resolveAt: 1)
                return .undefined
            }),
            NativeFunctionSpec("pageNavigate", { [unowned self] args in
                let page = try page(args)
                let rejectFn = try function(args, 3)
                guard let target = args.string(1) else { throw NativeFunctionError(message: "page.navigate(url): url must be a string") }
                do throws(TestPage.Failure) {
                    try page.load(target)
                } catch {
                    reject(rejectFn, message: error.message)
                    return .undefined
                }
                try wait(page, args, resolveAt: 2)
                return .undefined
            }),
            NativeFunctionSpec("pageCallJS", { [unowned self] args in
                let page = try page(args)
                let resolve = try function(args, 4), rejectFn = try function(args, 5)
                guard let name = args.string(1) else { throw NativeFunctionError(message: "page.callJS(name, data): name must be a string") }
                guard let engine = page.engine else { throw NativeFunctionError(message: "this page was closed") }
                let data = (try? JSONParser().parse(args.string(2) ?? "null")) ?? .null
                let timeout = args.number(3).flatMap { $0.isFinite && $0 > 0 ? Duration.milliseconds(exactly: $0) : nil }
                callJS(engine, name, data, timeout: timeout, resolve: resolve, reject: rejectFn)
                return .undefined
            }),
            NativeFunctionSpec("pageCalls", { [unowned self] args in
                let page = try page(args)
                if let method = args.string(1) {
                    return .json(.array(page.calls.filter { $0.method.sameScalars(as: method) }.map(\.params)))
                }
                return .json(.array(page.calls.map { ["method": .string($0.method), "params": $0.params] }))
            }),
            NativeFunctionSpec("pageTrace", { [unowned self] args in
                let page = try page(args)
                let lines = page.traceLines
                return .jsonText(Array(("[" + lines.joined(separator: ",") + "]").utf8) + [0])
            }),
            NativeFunctionSpec("pageErrors", { [unowned self] args in .json(.array(try page(args).errors.map { .string($0) })) }),
            NativeFunctionSpec("pageRequests", { [unowned self] args in .json(.array(try page(args).requests.map { .object($0) })) }),
            NativeFunctionSpec("pageClose", { [unowned self] args in
                if let id = args.number(0).flatMap(JSNumber.int), let page = pages[id] { close(id, page) }
                return .undefined
            }),
        ]
    }

    /// Calls a JS handler of the page and settles the test's promise with its answer. The
    /// page's loop (driven by the test's) runs the call (its pending request keeps both loops
    /// alive); the result comes back as a task of the test's loop.
    private func callJS(_ engine: BridgeEngine, _ name: String, _ data: JSONValue, timeout: Duration?, resolve: ScriptFunction, reject rejectFn: ScriptFunction) {
        let testHandle = handle
        engine.callJS(name, data, timeout: timeout) { [weak self] result in
            // Settled from the test's loop, not inside the page's reply.
            testHandle?.engine?.loop.enqueue { [weak self] in
                switch result {
                case .success(let value): self?.call(resolve, [.json(value)])
                case .failure(let error): self?.reject(rejectFn, message: error.message, code: error.code.rawValue)
                }
            }
        }
    }

    private struct SetupProblem: Error {
        var message: String
    }

    /// `loadPage`'s options (already checked for types by the JS side) as a page setup; paths
    /// relative to the test file's folder.
    private func setup(_ json: String) throws(SetupProblem) -> TestPage.Setup {
        guard case .object(let o)? = try? JSONParser().parse(json) else { throw SetupProblem(message: "options must be an object") }
        var setup = TestPage.Setup(baseDirectory: baseDirectory)
        func path(_ key: String) -> String? {
            guard let p = o[key]?.stringValue else { return nil }
            return p.hasPrefix("/") ? p : PathText.appending(p, to: baseDirectory)
        }
        switch o["mock"] {
        case .object(let mocks)?:
            for (method, spec) in mocks {
                var bytes: [UInt8] = []
                spec.appendJSON(to: &bytes)
                switch session.parseSpec(String(decoding: bytes, as: UTF8.self)) {
                case .success(let mock): setup.mocks[ScalarKey(method)] = mock
                case .failure(let problem): throw SetupProblem(message: "options.mock[\(method)]: \(problem.message)")
                }
            }
        case .string?:
            do { setup.fixture = try MockFixture(contentsOf: path("mock")!) } catch { throw SetupProblem(message: "options.mock: \(error.message)") }
        default: break
        }
        if let dir = path("offline") {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory else {
                throw SetupProblem(message: "options.offline: \(dir) is no folder")
            }
            do { setup.offline = try OfflinePackage.load(root: dir) } catch { throw SetupProblem(message: "options.offline: \(error.description)") }
        }
        if let file = path("capabilities") {
            do { setup.capabilities = try CapabilitySet(contentsOf: file) } catch { throw SetupProblem(message: "options.capabilities: \(error.message)") }
        }
        if let dir = path("schemas") {
            do {
                setup.schemas = try SchemaSet.load(directory: dir)
            } catch {
                throw SetupProblem(message: "options.schemas: " + error.problems.map(\.description).joined(separator: "; "))
            }
        }
        switch o["httpMock"] {
        case .string?:
            do { setup.http = try HTTPMockFixture(contentsOf: path("httpMock")!) } catch { throw SetupProblem(message: "options.httpMock: \(error.description)") }
        case let rules?:
            do { setup.http = try HTTPMockFixture(json: rules) } catch { throw SetupProblem(message: "options.httpMock: \(error.description)") }
        case nil: break
        }
        setup.url = o["url"]?.stringValue
        return setup
    }
}
