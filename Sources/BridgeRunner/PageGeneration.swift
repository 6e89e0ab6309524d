import BridgeValues
import ScriptEngine
import BridgePage
import BridgeCore
import BridgeModules
import BridgeNetwork
import BridgePeers

/// One page of a run in a fresh engine: the page's scripts (or the `.js` file), then the loop
/// until the page is idle, its time is up, or it navigates to another routed page (under
/// `--offline`), which the next generation loads.
@MainActor
struct PageGeneration {
    let options: RunOptions
    let inputs: RunInputs
    let vm: ScriptVM
    let clock: any EngineClock
    let output: any RunOutput
    let log: RunLog
    /// When the whole run started (monotonic), for the time left.
    let started: Duration

    /// Runs `page`; returns the URL it navigated to, if it did and the run may go on.
    func run(_ page: PageInput) async -> String? {
        var config = EngineConfiguration()
        config.clock = clock
        config.vm = vm
        config.pageURL = page.pageURL
        config.urlScheme = options.urlScheme
        config.scopedRegistry = inputs.scoped
        let engine: BridgeEngine
        do {
            engine = try BridgeEngine(configuration: config)
        } catch {
            log.error("cannot start the engine: \(error)", code: 2)
            return nil
        }
        defer { engine.close() }
        do {
            try engine.installNetwork(networkConfiguration(pageURL: page.pageURL))
        } catch {
            log.error("cannot start the network layer: \(error)", code: 2)
            return nil
        }
        inputs.mock?.install(on: engine, replay: inputs.replay)
        // Pages written for WVJB, DSBridge, JsBridge, Cordova or Capacitor run as they are.
        engine.installPeerBridges(knownMethods: inputs.mock?.methods ?? [])
        if let schemas = inputs.schemas { engine.install(schemas, strict: options.strictSchemas, validateResults: options.validateResults) }
        if let capabilities = inputs.capabilities { engine.install(capabilities) }
        let state = GenerationState()
        let trace = inputs.trace
        // With `--trace -` stdout carries only the trace; console lines go to stderr.
        let consoleToStderr = options.tracePath == "-"
        let output = self.output
        // Calls and results matter to this observer only for the trace: without one the engine
        // builds no such events (and leaves params nobody reads as the page's JSON).
        engine.addEventObserver(callTraffic: trace != nil) { event in
            // Once the page navigated away (or the run is over) its calls are cancelled (traced),
            // but rejections its own JS did not handle are not errors of the run.
            var isConsole = false
            if case .console = event { isConsole = true }
            if state.nextPage != nil || (state.over && !isConsole) {
                if case .exception = event { return }
                trace?.write(event)
                return
            }
            trace?.write(event)
            switch event {
            case .exception(let error):
                // Printed when it happens: a run the process guard ends later still shows it.
                if error.kind == .timeLimit { state.stoppedScript = true }
                log.error(ScriptRunner.describe(error), code: error.kind == .timeLimit ? 3 : 1)
            case .console(_, let message): if consoleToStderr { output.err(message) } else { output.out(message) }
            case .http(let e) where e.phase == "error" && e.details["cause"] != .string("fixture"):
                // Nothing served the request (or the capability file refused it): say so, as a
                // browser's console does; the page decides whether that is an error.
                log.warning("\(e.details["method"]?.stringValue ?? "GET") \(e.url) failed: \(e.details["message"]?.stringValue ?? "")")
            case .webSocket(let e) where e.phase == "error" && e.details["cause"] != .string("fixture") && e.details["cause"] != .string("page"):
                log.warning("WebSocket \(e.url) failed: \(e.details["message"]?.stringValue ?? "")")
            case .error(let method, nil, let error) where error.code == .invalidMessage || error.code == .payloadTooLarge:
                // A message refused with nobody to tell (no callback): the page's own code never
                // saw the error, so the run fails with it.
                state.invalid.append("\(error.code == .payloadTooLarge ? "message too large" : "invalid message")\(method.map { " to '\($0)'" } ?? ""): \(error.message)")
            default: break
            }
        }
        // Under --offline, navigating to another routed page loads it in a fresh engine: the new
        // page gets its own capabilities, and answers to the old page's calls are dropped with it
        // (never delivered to the new page).
        if let offline = inputs.offline {
            let handle = engine.handle
            engine.addNavigationObserver { url, _ in
                guard state.nextPage == nil, offline.localPage(for: url) != nil else { return }
                state.nextPage = url
                handle.engine?.stop()
            }
        }
        let steps = NativeStepDriver(engine: engine, steps: inputs.mock?.nativeSteps ?? [])
        var ranOut = false
        if page.isHTML {
            do {
                try PageLoader(pageName: page.displayName, pageURL: page.pageURL, baseDirectory: page.baseDirectory, offline: inputs.offline).load(html: page.text, into: engine)
            } catch {
                log.error(error.message, code: 1)
                ranOut = true
            }
        } else if page.isModule, let bundle = bundle(page) {
            do {
                engine.installPageSupportOnDemand()
                try engine.executeModule(bundle)
            } catch {
                engine.report(.exception(error))
                ranOut = error.kind == .timeLimit
            }
        } else if page.isModule {
            ranOut = true
        } else {
            do {
                engine.installPageSupportOnDemand()
                try engine.execute(page.text, sourceURL: page.displayName)
            } catch {
                engine.report(.exception(error))
                ranOut = error.kind == .timeLimit
            }
        }
        steps.pageLoaded()
        if !ranOut && state.nextPage == nil {
            do {
                let left = max(.milliseconds(1), options.timeout - (SystemClock().now - started))
                if page.isHTML {
                    try await engine.runUntilQuiet(settle: options.settle, until: waitCondition(engine), limit: left)
                } else {
                    try await engine.runUntilIdle(limit: left)
                }
            } catch {
                // A script the execution limit stopped already said why the run ran out of time.
                if case .timeLimit(_, let pending) = error, !(state.stoppedScript && pending == "nothing") {
                    log.error("run did not finish within \(BridgeError.describe(options.timeout)); still pending: \(pending)", code: 3)
                }
            }
        }
        for line in state.invalid { log.error(line, code: 1) }
        if !ranOut && state.nextPage == nil { for line in steps.problems { log.error(line, code: 1) } }
        // Closing the engine cancels what is still pending; rejections the page did not handle
        // then are traced, not errors of a run that is over.
        state.over = true
        return log.exitCode == 0 ? state.nextPage : nil
    }

    /// The page bundled by esbuild, or `nil` after logging each problem (an error of the page:
    /// exit 1).
    private func bundle(_ page: PageInput) -> ModuleBundle? {
        do {
            var bundler = ModuleBundler()
            if let offline = inputs.offline {
                bundler.resolveURL = { url in try? offline.resolve(url).path }
            }
            return try bundler.bundle(.file(path: page.path, name: page.displayName), importMap: inputs.importMap)
        } catch {
            for line in error.lines { log.error(line, code: 1) }
            return nil
        }
    }
}

extension PageGeneration {
    /// `--wait-for EXPR` as a condition: true once the expression is truthy. An expression that
    /// throws ends the wait (its error is reported as the page's).
    func waitCondition(_ engine: BridgeEngine) -> (() -> Bool)? {
        guard let expression = options.waitFor else { return nil }
        return {
            do throws(ScriptError) {
                let value = try engine.evaluate("!!(" + expression + "\n)", sourceURL: "--wait-for")
                return value == .bool(true)
            } catch {
                engine.recordUncaught(error)
                return true
            }
        }
    }
}

extension PageGeneration {
    /// The network of a page: `--http-mock` fixtures, the offline package and the capability
    /// file's `hosts`.
    func networkConfiguration(pageURL: String) -> NetworkConfiguration {
        .forPage(pageURL, fixture: inputs.http, offline: inputs.offline, capabilities: inputs.capabilities)
    }
}

/// What a generation's observers collect.
@MainActor
final class GenerationState {
    var nextPage: String?
    var invalid: [String] = []
    /// The generation ended (its engine is closing).
    var over = false
    /// A script was stopped by the execution time limit.
    var stoppedScript = false
}
