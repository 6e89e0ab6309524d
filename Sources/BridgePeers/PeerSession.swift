import BridgeCore
import BridgeValues
import ScriptEngine

/// A peer protocol a page may speak.
public enum PeerProtocol: String, Sendable, CaseIterable {
    case wvjb = "WebViewJavascriptBridge"
    case dsbridge = "DSBridge"
    case jsbridge = "JsBridge"
    case cordova = "Cordova"
    case capacitor = "Capacitor"
}

/// The peer bridges' state for one engine: which protocols the page showed it speaks, which are
/// ready (their start-up done), and the entry points of the document-start script.
@MainActor
final class PeerSession {
    unowned(unsafe) let engine: BridgeEngine
    /// Protocols in the order the page revealed them.
    private(set) var detected: [PeerProtocol] = []
    private(set) var ready: Set<PeerProtocol> = []
    /// The page's own scripts ran (its `load` fired, or the `.js` file ran).
    var pageLoaded = false
    /// Run when a protocol becomes ready or the page loaded.
    var readinessObservers: [@MainActor () -> Void] = []
    /// Methods `Capacitor.PluginHeaders` lists (`Plugin.method`).
    var knownMethods: [String] = []
    /// WVJB's queue URL parts, from the handshake (v6 https, v5 wvjbscheme).
    var wvjbQueue: (scheme: String, host: String) = ("https", "__wvjb_queue_message__")

    var dsDeliver: ScriptFunction?
    var dsHas: ScriptFunction?
    var dsSend: ScriptFunction?
    var cordovaCallback: ScriptFunction?
    var capacitorFromNative: ScriptFunction?
    var bridgeCall: ScriptFunction?
    var bridgeHas: ScriptFunction?
    var inject: ScriptFunction?
    var documentStart: ScriptFunction?
    var domEvent: ScriptFunction?
    /// Capacitor listeners native keeps: `Plugin.event` -> the `addListener` calls' callback ids.
    var capacitorListeners: [String: [String]] = [:]

    init(engine: BridgeEngine) {
        self.engine = engine
    }

    /// The session of `engine`, made on first use.
    static func of(_ engine: BridgeEngine) -> PeerSession {
        let key = ObjectIdentifier(PeerSession.self)
        if let s = engine.attachments[key] as? PeerSession { return s }
        let s = PeerSession(engine: engine)
        engine.attachments[key] = s
        return s
    }

    /// The page showed it speaks `peer` (traced once as a notice).
    func detect(_ peer: PeerProtocol) {
        guard !detected.contains(peer) else { return }
        detected.append(peer)
        engine.report(.notice("peer protocol: \(peer.rawValue)"))
        if peer == .capacitor { markReady(peer) }
        if peer == .cordova { watchConsole() }
    }

    /// Console lines printed since cordova.js wrapped the console, not yet matched by its
    /// native log (`Console.logLevel`): its console prints each line through the original
    /// console at once and sends it to the native logger too (queued until `deviceready`).
    private var printedLines: [(level: String, message: String)] = []
    private var reportingLogLevel = false

    private func watchConsole() {
        engine.addEventObserver(callTraffic: false) { [unowned self] event in
            guard case .console(let level, let message) = event, !reportingLogLevel else { return }
            printedLines.append((level, message))
            if printedLines.count > 256 { printedLines.removeFirst(printedLines.count - 256) }
        }
    }

    /// cordova.js's `Console.logLevel` `[level, message]`: printed unless it is the native copy
    /// of a line the console already printed (same level, same text up to how the logger formats
    /// values). A device shows one copy in the Web Inspector and the other in the native log; a
    /// headless run prints one.
    func nativeLog(level: String, message: String) {
        if let i = printedLines.firstIndex(where: { $0.level == level && Self.sameLine(printed: $0.message, logged: message) }) {
            printedLines.remove(at: i)
            return
        }
        reportingLogLevel = true
        engine.report(.console(level: level, message: message))
        reportingLogLevel = false
    }

    /// `logged` (cordova's logger format: `%o` as JSON, other values `toString()`) is the text
    /// the console printed as `printed` (Node-like inspection).
    static func sameLine(printed: String, logged: String) -> Bool {
        if printed == logged { return true }
        func squeezed(_ s: String) -> String { String(s.unicodeScalars.filter { !($0.properties.isWhitespace || $0 == "\"" || $0 == "'") }.map(Character.init)) }
        if squeezed(printed) == squeezed(logged) { return true }
        // `console.log('x', {a: 1})`: the logger writes `x [object Object]`.
        if let at = logged.indices.first(where: { logged[$0...].hasPrefix("[object ") }) {
            let prefix = logged[..<at]
            return !prefix.isEmpty && printed.hasPrefix(prefix)
        }
        return false
    }

    /// The page showed it speaks `peer`.
    func speaks(_ peer: PeerProtocol) -> Bool { detected.contains(peer) }

    func markReady(_ peer: PeerProtocol) {
        detect(peer)
        guard ready.insert(peer).inserted else { return }
        notifyReadiness()
    }

    func notifyReadiness() {
        for observer in readinessObservers { observer() }
    }

    /// The page's bridge is ready for native-to-JS traffic: a protocol it speaks finished its
    /// start-up, or (speaking none) its scripts ran.
    var isBridgeReady: Bool {
        if detected.isEmpty { return pageLoaded }
        return detected.contains { ready.contains($0) }
    }

    /// Calls a helper of the document-start script; errors are the page's (recorded).
    @discardableResult
    func callHelper(_ function: ScriptFunction?, _ args: [ScriptArgument], wantResult: Bool = false) -> JSONValue? {
        guard let function, let context = engine.context else { return nil }
        do {
            return try context.call(function, args, wantResult: wantResult)
        } catch {
            engine.recordUncaught(error)
            return nil
        }
    }

    /// A native answer a page's bridge gets on a later task, as from `evaluateJavaScript`.
    func later(_ body: @escaping @MainActor (PeerSession) -> Void) {
        let handle = engine.handle
        engine.enqueueTask {
            guard let engine = handle.engine else { return }
            body(PeerSession.of(engine))
        }
    }
}
