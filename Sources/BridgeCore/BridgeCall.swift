import FoundationEssentials
public import BridgeValues

/// One JS-to-native call as a handler sees it.
public struct BridgeCall: Sendable {
    /// How the call reached native code.
    public enum Via: String, Sendable, Equatable {
        /// `webkit.messageHandlers.<name>.postMessage` (and the `bridge` SDK).
        case message
        /// The legacy `hybrid://…?parameter=` URL protocol.
        case url
        /// WebViewJavascriptBridge (`callHandler`, flushed after a queue-message navigation).
        case wvjb
        /// lzyzsd's JsBridge (`callHandler`/`send`; data crosses as strings).
        case jsbridge
        /// DSBridge (`dsBridge.call`: `prompt('_dsbridge=…')` or `window._dsbridge.call`).
        case dsbridge
        /// Cordova (`cordova.exec`: `webkit.messageHandlers.cordova`).
        case cordova
        /// Capacitor (`Capacitor.Plugins.X.method()`, `Capacitor.nativePromise`).
        case capacitor
    }

    /// The action name.
    public var method: String
    /// The params object (already validated when the engine has a schema for the action).
    public var params: JSONValue {
        get { paramsStorage.value }
        set { paramsStorage = .value(newValue) }
    }
    /// The params as they arrived: a bridge message's are built on first read (a mock never reads them).
    package var paramsStorage: CallParams
    /// The JS callback id, if the page wants an answer.
    public var callbackId: String?
    /// The message handler name the call arrived on (`"bridge"` by default).
    public var handlerName: String
    /// How the call arrived.
    public var via: Via
    /// The URL of the page that made the call.
    public var pageURL: String
    /// The engine's id (stable for the engine's life).
    public var engineID: Int
    /// n when the `bridge` SDK itself sent the call with its callback id `cb_<n>`: the answer goes
    /// to the SDK's pending promise. `nil` for every other call, even one whose `callbackId` a
    /// page spelled `cb_1`: its answer goes to the global function of that name, so one script
    /// cannot settle another script's SDK call.
    package var sdkCallback: Int?
    /// Set for a call that arrived through a peer protocol (WVJB, DSBridge, Cordova, …): its
    /// progress and final answer go to this closure, which delivers them the way the peer's
    /// native side does, instead of to a JS callback (see `BridgeEngine.dispatchPeerCall`).
    package var peerReply: (@MainActor @Sendable (CallOutcome) -> Void)?
    /// The engine that received the call (`nil` once it is closed), e.g. to `invoke` another
    /// action or `emit` an event.
    @MainActor
    public var engine: BridgeEngine? { EngineHandle.engine(id: engineID) }

    /// Creates a call (normally done by the engine; public for tests of handlers).
    public init(method: String, params: JSONValue = .object([:]), callbackId: String? = nil, handlerName: String = "bridge", via: Via = .message, pageURL: String = "about:blank", engineID: Int = 0) {
        self.method = method
        self.paramsStorage = .value(params)
        self.callbackId = callbackId
        self.handlerName = handlerName
        self.via = via
        self.pageURL = pageURL
        self.engineID = engineID
    }

    /// A call whose params are kept as they arrived (the engine's dispatch).
    package init(method: String, paramsStorage: CallParams, callbackId: String?, handlerName: String, via: Via, pageURL: String, engineID: Int,
                 sdkCallback: Int? = nil, peerReply: (@MainActor @Sendable (CallOutcome) -> Void)? = nil) {
        self.method = method
        self.paramsStorage = paramsStorage
        self.callbackId = callbackId
        self.handlerName = handlerName
        self.via = via
        self.pageURL = pageURL
        self.engineID = engineID
        self.sdkCallback = sdkCallback
        self.peerReply = peerReply
    }

    /// The params decoded into a `Decodable` type.
    ///
    /// - Throws: `BridgeError` `INVALID_MESSAGE` naming the field when decoding fails.
    public func decodeParams<T: Decodable>(_ type: T.Type = T.self) throws(BridgeError) -> T {
        let data = Data(params.jsonString().utf8)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw .invalidMessage("params.\(Self.path(ctx.codingPath + [key])) is required")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw .invalidMessage("params.\(Self.path(ctx.codingPath)): \(ctx.debugDescription)")
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw .invalidMessage("params.\(Self.path(ctx.codingPath)) is required")
        } catch let DecodingError.dataCorrupted(ctx) {
            throw .invalidMessage("params.\(Self.path(ctx.codingPath)): \(ctx.debugDescription)")
        } catch {
            throw .invalidMessage("params could not be decoded: \(error)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for k in keys {
            if let i = k.intValue { out += "[\(i)]" } else {
                if !out.isEmpty { out += "." }
                out += k.stringValue
            }
        }
        return out
    }
}

extension JSONValue {
    /// Encodes any `Encodable` value as a `JSONValue`.
    ///
    /// - Throws: `BridgeError` `HANDLER_ERROR` when the value cannot be encoded.
    public init<T: Encodable>(encoding value: T) throws(BridgeError) {
        do {
            let data = try JSONEncoder().encode(value)
            self = try JSONParser().parse(bytes: Array(data))
        } catch {
            throw .handlerError("result could not be encoded: \(error)")
        }
    }
}
