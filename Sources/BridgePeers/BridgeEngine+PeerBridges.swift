public import BridgeCore
import BridgePage
import BridgeValues
import ScriptEngine

/// Pages written for WebViewJavascriptBridge, DSBridge, JsBridge, Cordova and Capacitor run as
/// they are: what each peer's native side provides, with every call going through the one
/// dispatch path (mocks, schemas, capabilities, limits, trace). Recognised by what the page
/// does; nothing to configure (docs/peers.md).
extension BridgeEngine {
    /// Installs the peer bridges (once). `knownMethods` are listed in `Capacitor.PluginHeaders`
    /// (`Plugin.method` names, e.g. the mocked ones).
    public func installPeerBridges(knownMethods: [String] = []) {
        let session = PeerSession.of(self)
        guard session.inject == nil, let context else { return }
        session.knownMethods = knownMethods
        installPeerNatives(context, session)
        do {
            try context.evaluate(PeerScripts.startScript, sourceURL: PeerScripts.startURL, wantResult: false)
        } catch {
            recordUncaught(error)
            return
        }
        internalSources.formUnion(PeerScripts.allURLs)
        addURLInterceptor { [unowned session] url in session.intercept(url) }
        addMessageReceiver("cordova") { [unowned session] body in session.receiveCordova(body) }
        addMessageFallback { [unowned session] name, body in session.receiveCapacitor(handlerName: name, body) }
        addJSCallRouter { [unowned session] request, name, argument in session.route(request, name, argument) }
        addEventRouter { [unowned session] name, payload in session.routeEvent(name, payload) }
        addDocumentStartObserver { [unowned session] in session.callHelper(session.documentStart, []) }
        let previous = dialogInterceptor
        dialogInterceptor = { [unowned session] kind, message, defaultValue in
            if kind == "prompt", message.hasPrefix("_dsbridge=") {
                return .string(session.dsCall(String(message.dropFirst("_dsbridge=".count)), defaultValue))
            }
            return previous?(kind, message, defaultValue)
        }
    }

    /// The protocols this engine's page showed it speaks, in order.
    public var peerProtocols: [PeerProtocol] { PeerSession.of(self).detected }

    private func installPeerNatives(_ context: ScriptContext, _ session: PeerSession) {
        context.installNativeObject("__peerNative", functions: [
            NativeFunctionSpec("bind", { [unowned session, unowned context] args in
                session.dsDeliver = context.function(argument: 0, of: args)
                session.dsHas = context.function(argument: 1, of: args)
                session.dsSend = context.function(argument: 2, of: args)
                session.cordovaCallback = context.function(argument: 3, of: args)
                session.capacitorFromNative = context.function(argument: 4, of: args)
                session.bridgeCall = context.function(argument: 5, of: args)
                session.bridgeHas = context.function(argument: 6, of: args)
                session.inject = context.function(argument: 7, of: args)
                session.documentStart = context.function(argument: 8, of: args)
                session.domEvent = context.function(argument: 9, of: args)
                return .undefined
            }),
            NativeFunctionSpec("detect", { [unowned session] args in
                if let peer = args.string(0).flatMap(PeerScripts.protocolNamed) { session.detect(peer) }
                return .undefined
            }),
            NativeFunctionSpec("ready", { [unowned session] args in
                if let peer = args.string(0).flatMap(PeerScripts.protocolNamed) { session.markReady(peer) }
                return .undefined
            }),
            NativeFunctionSpec("source", { args in .string(PeerScripts.source(args.string(0) ?? "")) }),
            NativeFunctionSpec("dsCall", { [unowned session] args in .string(session.dsCall(args.string(0) ?? "", args.string(1))) }),
            NativeFunctionSpec("jsError", { [unowned session] args in
                if let request = args.number(0).flatMap(JSNumber.int) {
                    session.engine.completeJSCall(request, .failure(BridgeError(code: .init(rawValue: args.string(1) ?? "HANDLER_ERROR"), message: args.string(2) ?? "")))
                }
                return .undefined
            }),
            NativeFunctionSpec("jsErrorFor", { [unowned session] args in
                if let request = args.string(0).flatMap(PeerScripts.request(fromCallbackId:)) {
                    session.engine.completeJSCall(request, .failure(.handlerError(args.string(1) ?? "the JS handler threw")))
                }
                return .undefined
            }),
            NativeFunctionSpec("capacitorHeaders", { [unowned session] _ in .json(PeerScripts.pluginHeaders(session.knownMethods)) }),
            NativeFunctionSpec("pageFinished", { [unowned session] _ in
                if session.detected.contains(.jsbridge) {
                    session.callHelper(session.inject, [.string("jsbridge"), .json(.object([:]))])
                }
                return .undefined
            }),
        ])
    }
}

/// The embedded scripts of the peer bridges and small helpers around them.
enum PeerScripts {
    static let startURL = "bridge-peers-start.js"
    /// The start script run in every engine with peers, prepared once for all of them.
    static let startScript = ScriptSource(EmbeddedJS.peersStart.trimmingSuffix() + "(__peerNative, this);\ndelete this.__peerNative;\n")
    static let allURLs: Set<String> = [startURL, "bridge-peers-wvjb.js", "bridge-peers-jsbridge.js", "bridge-peers-capacitor.js"]

    static func protocolNamed(_ name: String) -> PeerProtocol? {
        switch name {
        case "wvjb": .wvjb
        case "dsbridge": .dsbridge
        case "jsbridge": .jsbridge
        case "cordova": .cordova
        case "capacitor": .capacitor
        default: nil
        }
    }

    /// The factory script of a protocol's injected bridge (indirect-eval'd by the start script).
    static func source(_ kind: String) -> String {
        let text: String
        switch kind {
        case "wvjb": text = EmbeddedJS.peersWvjb
        case "jsbridge": text = EmbeddedJS.peersJsbridge
        case "capacitor": text = EmbeddedJS.peersCapacitor
        default: return "(function () {})"
        }
        return "(" + text.trimmingSuffix() + ")\n//# sourceURL=bridge-peers-\(kind).js\n"
    }

    /// `objc_cb_12` / `JAVA_CB_12` (the ids native gives its own calls) -> 12.
    static func request(fromCallbackId id: String) -> Int? {
        for prefix in ["objc_cb_", "JAVA_CB_"] where id.hasPrefix(prefix) {
            return Int(id.dropFirst(prefix.count))
        }
        return nil
    }

    /// `Capacitor.PluginHeaders` for `Plugin.method` names (every method a promise).
    static func pluginHeaders(_ methods: [String]) -> JSONValue {
        var order: [String] = []
        var byPlugin: [String: [JSONValue]] = [:]
        for m in methods {
            guard let dot = m.firstIndex(of: "."), dot != m.startIndex else { continue }
            let plugin = String(m[..<dot]), method = String(m[m.index(after: dot)...])
            if byPlugin[plugin] == nil { order.append(plugin) }
            byPlugin[plugin, default: []].append(["name": .string(method), "rtype": "promise"])
        }
        return .array(order.map { ["name": .string($0), "methods": .array(byPlugin[$0] ?? [])] })
    }
}

extension String {
    /// Without trailing newlines and semicolons (to call an embedded function expression).
    func trimmingSuffix() -> String {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == ";" || last == " " { s = s.dropLast() }
        return String(s)
    }
}
