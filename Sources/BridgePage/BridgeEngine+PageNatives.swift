import FoundationEssentials
import BridgeCore
import ScriptEngine
import BridgeValues

/// The native functions the page prelude calls (`__pageNative.*`, read and deleted by it).
extension BridgeEngine {
    func installPageNative(_ context: ScriptContext) {
        internalSources.insert(DOMPrelude.sourceURL)
        let info: JSONValue = [
            "href": .string(configuration.pageURL), "userAgent": .string(pageSession.userAgent), "title": .null,
            "dominoDirectory": .string(DominoLibrary.directory),
        ]
        context.installNativeObject("__pageNative", functions: [
            NativeFunctionSpec("pageInfo", { _ in .json(info) }),
            NativeFunctionSpec("now", { [unowned self] _ in .number(loop.clock.nowMilliseconds) }),
            NativeFunctionSpec("hasDominoModule", { args in .bool(args.string(0).flatMap(DominoLibrary.module) != nil) }),
            NativeFunctionSpec("evaluateDominoModule", { [unowned self] args in
                guard let name = args.string(0), let script = DominoLibrary.module(name), let context = self.context else { return .undefined }
                // An error thrown inside domino (a page passing it a bad argument) is placed at the
                // page line that called in, as for a browser's own code.
                internalSources.insert(DominoLibrary.path(name))
                // An error here is a broken library file: it surfaces as "did not load". A module
                // loaded when first needed (the HTML parser at a page's first innerHTML) is not
                // cut by the time limit of the script that needed it (ScriptVM.beginRuntimeStep).
                vm.beginRuntimeStep()
                defer { vm.endRuntimeStep() }
                do throws(ScriptError) {
                    try context.evaluate(script, sourceURL: DominoLibrary.path(name), wantResult: false)
                } catch {
                    if error.kind == .timeLimit { throw NativeFunctionError(message: error.message) }
                }
                return .undefined
            }),
            // The name errors inside a page's inline event handler carry (`index.html (onclick handler)`).
            NativeFunctionSpec("handlerSourceURL", { [unowned self] args in .string("\(pageSession.pageName) (\(args.string(0) ?? "on") handler)") }),
            NativeFunctionSpec("parseURL", { args in
                guard let href = args.string(0) else { return .json(.null) }
                return .json(URLParts.parts(href, base: args.string(1)))
            }),
            NativeFunctionSpec("withURLPart", { args in
                guard let href = args.string(0), let part = args.string(1), let value = args.string(2) else { return .null }
                return URLParts.replacing(part, with: value, in: href).map { .string($0) } ?? .null
            }),
            NativeFunctionSpec("isAbsoluteURL", { args in .bool(URLParts.isAbsolute(args.string(0) ?? "")) }),
            NativeFunctionSpec("navigate", { [unowned self] args in
                let url = args.string(0) ?? ""
                let kind = NavigationKind(rawValue: args.string(1) ?? "location") ?? .other
                if offerURL(url) { return .bool(true) }
                noteNavigation(url, kind: kind)
                return .bool(false)
            }),
            NativeFunctionSpec("loadScript", { [unowned self] args in
                loadDynamicScript(url: args.string(0) ?? "", token: args.number(1) ?? 0, module: args.bool(2))
                return .undefined
            }),
            NativeFunctionSpec("runScript", { [unowned self] args in
                runInlineDynamicScript(args.string(0) ?? "", module: args.bool(1))
                return .undefined
            }),
            NativeFunctionSpec("dialog", { [unowned self] args in
                let kind = args.string(0) ?? "alert"
                let message = args.string(1) ?? ""
                let defaultValue = args.string(2)
                if let intercepted = pageSession.dialogInterceptor?(kind, message, defaultValue) { return .json(intercepted) }
                let answer = pageSession.dialogHandler?(kind, message, defaultValue) ?? Self.defaultDialogAnswer(kind, defaultValue)
                report(.dialog(kind: kind, message: message, answer: answer))
                return .json(answer)
            }),
            NativeFunctionSpec("loadEnded", { [unowned self] _ in
                // The DOM's load on first use ended (or failed): the script that touched it has
                // the time limit again.
                vm.endRuntimeStep()
                return .undefined
            }),
            NativeFunctionSpec("loaded", { [unowned self] _ in
                notePageSupportLoaded()
                return .undefined
            }),
            NativeFunctionSpec("preludeSource", { [unowned self] _ in
                // The first touch of a stand-in: domino's modules are needed next. Loading them
                // (tens of milliseconds) must not be cut by the time limit of the script that
                // touched it (`--timeout 20` in a test); the process limits still hold.
                vm.beginRuntimeStep()
                PageWarmUp.start()
                return .source(DOMPrelude.onDemandFactoryScript)
            }),
            NativeFunctionSpec("sharedFunction", { [unowned self] args in
                // (name) -> a function another layer shared (BridgeEngine.sharedFunctions), or undefined.
                guard let name = args.string(0), let function = sharedFunctions[name] else { return .undefined }
                return .function(function)
            }),
            NativeFunctionSpec("registerLoader", { [unowned self] args in
                pageSession.loader = self.context?.function(argument: 0, of: args)
                return .undefined
            }),
        ])
    }

    /// As a user clicking OK: `confirm` true, `prompt` its default or "", `alert` nothing.
    static func defaultDialogAnswer(_ kind: String, _ defaultValue: String?) -> JSONValue {
        switch kind {
        case "confirm": .bool(true)
        case "prompt": .string(defaultValue ?? "")
        default: .null
        }
    }

    /// A `<script src>` the page inserted: loaded in a later task, run, then `load` (or `error`
    /// when it cannot be loaded) fires on the element.
    private func loadDynamicScript(url: String, token: Double, module: Bool) {
        loop.keepAlive += 1
        pageSession.pendingDynamic.append((url, token, module))
        let handle = handle
        loop.enqueue {
            guard let engine = handle.engine else { return }
            engine.loop.keepAlive -= 1
            // Run already when the page's load waited for it (runPendingDynamicScripts).
            guard let i = engine.pageSession.pendingDynamic.firstIndex(where: { $0.token == token }) else { return }
            engine.pageSession.pendingDynamic.remove(at: i)
            engine.runDynamicScript(url: url, token: token, module: module)
        }
    }

    /// Runs the `<script src>` elements the page inserted that have not run yet, in the order
    /// they were inserted (and those they insert): a page's `load` waits for them, as in browsers,
    /// where an inserted script delays the load event.
    func runPendingDynamicScripts() {
        while !pageSession.pendingDynamic.isEmpty, !isClosed {
            let next = pageSession.pendingDynamic.removeFirst()
            runDynamicScript(url: next.url, token: next.token, module: next.module)
        }
    }

    /// The text of the Blob a `blob:` URL names, from the network layer's registry (shared as
    /// `blobURL`), or `nil` (no network layer, revoked, never made).
    func blobText(_ url: String) -> String? {
        guard let context, let blobURL = sharedFunctions["blobURL"],
            case .string(let text)? = try? context.call(blobURL, [.number(2), .string(url)], wantResult: true)
        else { return nil }
        return text
    }

    private func runDynamicScript(url: String, token: Double, module: Bool) {
        do {
            guard !isClosed else { return }
            var ok = false
            if module {
                report(.console(level: "error", message: "cannot run module script \(url): module scripts a page inserts are not supported yet"))
            } else if let source = pageSession.scriptSource {
                switch source(url) {
                case .success(let (name, text)):
                    callPage(pageSession.support?.scriptRunning, [.number(token)])
                    do {
                        try execute(text, sourceURL: name)
                        ok = true
                    } catch {
                        recordUncaught(error)
                        ok = error.kind != .timeLimit
                    }
                    callPage(pageSession.support?.scriptRunning, [.number(0)])
                case .failure(let failure):
                    report(.console(level: "error", message: "Failed to load script: \(failure.message)"))
                }
            } else {
                report(.console(level: "error", message: "Failed to load script \(url): this engine has no page loader to fetch scripts"))
            }
            callPage(pageSession.support?.scriptDone, [.number(token), .number(ok ? 1 : 0)])
        }
    }

    /// An inline `<script>` the page inserted runs at once (errors reported, the page goes on).
    private func runInlineDynamicScript(_ text: String, module: Bool) {
        guard !module else {
            report(.console(level: "error", message: "cannot run an inserted inline module script: module scripts a page inserts are not supported yet"))
            return
        }
        pageSession.dynamicInline += 1
        do {
            try execute(text, sourceURL: "\(pageSession.pageName) (inserted script #\(pageSession.dynamicInline))")
        } catch {
            recordUncaught(error)
        }
    }
}
