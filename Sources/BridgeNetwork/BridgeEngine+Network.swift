public import BridgeCore
public import ScriptEngine
import BridgeValues
import BridgeSupport

/// The page's network layer: `fetch`, `XMLHttpRequest`, `Headers`/`Request`/`Response`,
/// `FormData`, `Blob`/`File`, `AbortController`/`AbortSignal`, `DOMException` (when absent),
/// `URL.createObjectURL` (when `URL` exists) and a fixture-driven `WebSocket`, answered from
/// `data:`/`blob:` URLs, the offline package and the fixtures — never the network.
extension BridgeEngine {
    /// Installs the network globals (once; later calls do nothing). Call it before the page's
    /// scripts run.
    ///
    /// - Parameter configuration: the fixtures, the offline package and the host check.
    /// - Throws: `ScriptError` if the network script fails (a bug, not a page problem).
    /// - Note: Requests are answered on the engine's loop: each pending one keeps the run alive
    ///   and shows in `pendingSummary`; delays run on the engine clock (`--virtual-time`);
    ///   closing the engine drops what is pending.
    public func installNetwork(_ configuration: NetworkConfiguration = NetworkConfiguration()) throws(ScriptError) {
        guard let context, NetworkSession.of(self) == nil else { return }
        let session = NetworkSession(engine: self, configuration: configuration)
        attachments[ObjectIdentifier(NetworkSession.self)] = session
        internalSources.insert(NetworkScript.sourceURL)
        addCloseObserver { session.close() }
        addPendingReporter { session.pendingWork }
        context.installNativeObject("__netNative", functions: session.natives())
        try context.evaluate(NetworkScript.script, sourceURL: NetworkScript.sourceURL, wantResult: false)
    }

    /// `true` once `installNetwork` ran.
    public var hasNetwork: Bool { NetworkSession.of(self) != nil }
}

extension NetworkSession {
    /// The functions of `__netNative` (the page script deletes the global at once and keeps
    /// them in its closure).
    func natives() -> [NativeFunctionSpec] {
        let parser = JSONParser(maxDepth: 8)
        func headers(_ args: NativeArguments, _ i: Int) -> [HTTPHeader] {
            let parsed: JSONValue? = args.withUTF8(i) { bytes in bytes.flatMap { try? parser.parse($0) } }
            return (parsed?.arrayValue ?? []).compactMap { pair in
                guard let name = pair[0]?.stringValue, let value = pair[1]?.stringValue else { return nil }
                return HTTPHeader(name, value)
            }
        }
        /// A body argument: text (UTF-8 encoded here) or, when `binary`, one character per byte.
        func body(_ args: NativeArguments, _ i: Int, binary: Bool) -> [UInt8]? {
            guard let s = args.string(i) else { return nil }
            return binary ? s.utf16.map { UInt8(truncatingIfNeeded: $0) } : Array(s.utf8)
        }
        return [
            NativeFunctionSpec("loadStep", { [unowned self] args in
                // (true) before the network layer's load on first use, (false) after: the load
                // is not cut by the time limit of the script that touched it (ScriptVM.beginRuntimeStep).
                if args.bool(0) { engine.vm.beginRuntimeStep() } else { engine.vm.endRuntimeStep() }
                return .undefined
            }),
            NativeFunctionSpec("factory", { [unowned self] _ in
                // Compiled with its name (JavaScriptCore's eval drops `//# sourceURL`), so errors
                // inside it are placed at the page line that called in.
                // A failure (a bug; or the time limit) reaches the page as an Error.
                guard let context = engine.context, let factory = try context.evaluateFunction(NetworkScript.factoryScript, sourceURL: NetworkScript.sourceURL) else { return .undefined }
                return .function(factory)
            }),
            NativeFunctionSpec("share", { [unowned self] args in
                // (name, function): for another layer's script (BridgeEngine.sharedFunctions).
                if let name = args.string(0), let function = engine.context?.function(argument: 1, of: args) { engine.sharedFunctions[name] = function }
                return .undefined
            }),
            NativeFunctionSpec("bind", { [unowned self] args in
                deliver = engine.context?.function(argument: 0, of: args)
                return .undefined
            }),
            NativeFunctionSpec("resolve", { [unowned self] args in
                // (url[, base]) -> the absolute URL, or null when it is not a valid URL.
                guard let url = args.string(0), let resolved = URLResolution.resolve(url, against: args.string(1) ?? pageURL) else { return .null }
                return .string(resolved)
            }),
            NativeFunctionSpec("request", { [unowned self] args in
                // (method, url, headers JSON [[n, v]], body or null, body is binary, sync,
                // timeout ms, follow redirects) -> id, or the answer when sync.
                let request = NetworkRequest(
                    method: args.string(0) ?? "GET", url: args.string(1) ?? "", headers: headers(args, 2), body: body(args, 3, binary: args.bool(4)))
                let follow = args.count <= 7 || args.bool(7)
                if args.bool(5) { return .json(serveNow(request, followRedirects: follow)) }
                let timeout = args.number(6).flatMap { $0 > 0 && $0.isFinite ? Duration.milliseconds(exactly: $0) : nil }
                return .number(Double(start(request, timeout: timeout, followRedirects: follow)))
            }),
            NativeFunctionSpec("abort", { [unowned self] args in
                if let id = args.number(0).flatMap(JSNumber.int) { abort(id) }
                return .undefined
            }),
            NativeFunctionSpec("wsConnect", { [unowned self] args in
                // (url, protocols JSON) -> id
                let protocols: [String] = args.withUTF8(1) { bytes in
                    (bytes.flatMap { try? parser.parse($0) }?.arrayValue ?? []).compactMap(\.stringValue)
                }
                return .number(Double(connect(url: args.string(0) ?? "", protocols: protocols)))
            }),
            NativeFunctionSpec("wsSend", { [unowned self] args in
                if let id = args.number(0).flatMap(JSNumber.int) { send(id, data: args.string(1) ?? "", binary: args.bool(2)) }
                return .undefined
            }),
            NativeFunctionSpec("wsClose", { [unowned self] args in
                if let id = args.number(0).flatMap(JSNumber.int) {
                    closeSocket(id, code: args.number(1).flatMap(JSNumber.int) ?? 1005, reason: args.string(2) ?? "")
                }
                return .undefined
            }),
        ]
    }
}

/// The page-side network script (`JS/*.js`, embedded), in two pieces: at start-up the built-ins
/// are captured (`net-intrinsics.js`) and the globals become stand-ins (`net-lazy.js`); the first
/// touch of one evaluates `factory` (the six parts as one function) with those built-ins.
enum NetworkScript {
    static let sourceURL = "bridge-network.js"

    /// The globals the page script defines, each a stand-in until first use.
    static let globals = [
        "fetch", "Headers", "Request", "Response", "AbortController", "AbortSignal", "FormData", "Blob", "File", "FileReader",
        "XMLHttpRequest", "XMLHttpRequestEventTarget", "XMLHttpRequestUpload", "WebSocket", "CloseEvent", "ProgressEvent", "DOMException",
    ]

    /// The names `net-intrinsics.js` declares (one `const NAME = …;` per line).
    static let intrinsicNames: [String] = EmbeddedJS.netIntrinsics.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("const "), let eq = line.firstIndex(of: "=") else { return nil }
        return line.dropFirst(6)[..<eq].trimmingWhitespace()
    }

    /// Run when the network is installed.
    static let source: String = {
        let list = globals.map { "'\($0)'" }.joined(separator: ", ")
        let later = globals.filter(laterGlobals.contains).map { "'\($0)'" }.joined(separator: ", ")
        return "(function (native, global, names, laterNames) {\n'use strict';\n" + EmbeddedJS.netIntrinsics
            + "\nconst intrinsics = { __proto__: null, " + intrinsicNames.joined(separator: ", ") + " };\n" + EmbeddedJS.netLazy
            + "\n})(__netNative, this, [" + list + "], [" + later + "]);\ndelete this.__netNative;\n"
    }()

    /// The globals of the page script's second stage (``factory``).
    static let laterGlobals: Set<String> = ["fetch", "Headers", "Request", "Response", "WebSocket", "CloseEvent"]

    /// The page script as a function of `(native, global, intrinsics, kept, shared)`, evaluated on first
    /// use of a network global. It runs the first stage — the shared machinery, bodies, abort
    /// signals and `XMLHttpRequest` (jQuery and axios make one as they start) — and returns the
    /// second — `fetch` with `Headers`/`Request`/`Response`, and `WebSocket` — as a function
    /// run at the first use of one of ``laterGlobals``: JavaScriptCore compiles a function's
    /// body when it first runs, so a page that never fetches does not pay for a third of the
    /// script (a page's first `XMLHttpRequest` took 4.5 ms).
    static let factory: String = {
        let first = [EmbeddedJS.netBase, EmbeddedJS.netBody, EmbeddedJS.netAbort, EmbeddedJS.netXhr]
        let second = [EmbeddedJS.netFetch, EmbeddedJS.netWebsocket]
        return "(function (native, global, intrinsics, kept, shared) {\n'use strict';\nconst { " + intrinsicNames.joined(separator: ", ") + " } = intrinsics;\n"
            + first.joined(separator: "\n") + "\nnative.bind(deliver);\nreturn function loadLater() {\n" + second.joined(separator: "\n") + "\n};\n})\n"
    }()

    /// ``source`` prepared once for all engines of the process.
    static let script = ScriptSource(source)

    /// ``factory`` prepared once for all engines of the process.
    static let factoryScript = ScriptSource(factory)
}
