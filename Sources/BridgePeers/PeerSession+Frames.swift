import BridgeCore
import BridgeValues
import FoundationEssentials

/// WebViewJavascriptBridge and JsBridge: the iframe navigations their page side makes, the
/// queue native fetches after each, and native-to-JS messages.
extension PeerSession {
    /// A navigation: `true` when it is a bridge URL of WVJB or JsBridge (never navigated).
    func intercept(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return false }
        let scheme = url[..<colon].lowercased()
        let rest = url[url.index(colon, offsetBy: 3)...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        switch scheme {
        case "https", "wvjbscheme":
            if host == "__bridge_loaded__" {
                detect(.wvjb)
                wvjbQueue = scheme == "https" ? ("https", "__wvjb_queue_message__") : ("wvjbscheme", "__WVJB_QUEUE_MESSAGE__")
                later { s in
                    s.callHelper(s.inject, [.string("wvjb"), .json(["scheme": .string(s.wvjbQueue.scheme), "queueHost": .string(s.wvjbQueue.host)])])
                }
                return true
            }
            if host == "__wvjb_queue_message__" {
                later { s in s.flushWVJB() }
                return true
            }
            if scheme == "wvjbscheme" {
                engine.report(.notice("WebViewJavascriptBridge: unknown message \(url)"))
                return true
            }
            return false
        case "yy":
            let fetchPrefix = "yy://return/_fetchQueue/"
            if url.hasPrefix(fetchPrefix) {
                let text = Self.percentDecoded(url.dropFirst(fetchPrefix.count))
                handleQueue(text, peer: .jsbridge)
            } else if !url.hasPrefix("yy://return/") {
                later { s in s.callHelper(s.bridgeCall, [.string("_fetchQueue"), .undefined]) }
            }
            return true
        default:
            return false
        }
    }

    /// `%XX` escapes decoded as UTF-8 (a malformed escape stays as it is).
    static func percentDecoded(_ s: Substring) -> String {
        var out: [UInt8] = []
        let bytes = Array(s.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: b - 48
            case 65...70: b - 55
            case 97...102: b - 87
            default: nil
            }
        }
        while i < bytes.count {
            if bytes[i] == 37, i + 2 < bytes.count, let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `WebViewJavascriptBridge._fetchQueue()`, then each message.
    func flushWVJB() {
        guard case .string(let text)? = callHelper(bridgeCall, [.string("_fetchQueue"), .undefined], wantResult: true) else { return }
        handleQueue(text, peer: .wvjb)
    }

    /// The page's queue (a JSON array of messages): answers to native's calls, and calls.
    func handleQueue(_ text: String, peer: PeerProtocol) {
        let messages: [JSONValue]
        do {
            guard case .array(let list) = try JSONParser().parse(text) else { throw BridgeError.invalidMessage("the queue is not a JSON array") }
            messages = list
        } catch {
            engine.report(.error(method: nil, callbackId: nil, error: .invalidMessage("\(peer.rawValue) queue could not be read: \(error)")))
            return
        }
        for message in messages {
            guard case .object(let m) = message else {
                engine.report(.error(method: nil, callbackId: nil, error: .invalidMessage("\(peer.rawValue): a queued message is not an object")))
                continue
            }
            if let responseId = m["responseId"]?.stringValue {
                // An answer to native's own call (`objc_cb_<n>` / `JAVA_CB_<n>`); an unknown id
                // is ignored (real WVJB would crash).
                guard let request = PeerScripts.request(fromCallbackId: responseId) else { continue }
                var data = m["responseData"] ?? .null
                if peer == .jsbridge, data != .null, data.stringValue == nil { data = .string(data.jsonString()) }
                engine.completeJSCall(request, .success(data))
                continue
            }
            let callbackId = m["callbackId"]?.stringValue
            var params = m["data"] ?? .null
            // Java reads every field as a String: an object arrives as its JSON text.
            if peer == .jsbridge, params != .null, params.stringValue == nil { params = .string(params.jsonString()) }
            let method = m["handlerName"]?.stringValue ?? (peer == .jsbridge ? "send" : "")
            guard !method.isEmpty else {
                engine.report(.error(method: nil, callbackId: callbackId, error: .invalidMessage("\(peer.rawValue): a message without handlerName")))
                continue
            }
            let handle = engine.handle
            engine.dispatchPeerCall(method: method, params: params, callbackId: callbackId, via: peer == .wvjb ? .wvjb : .jsbridge, handlerName: "WebViewJavascriptBridge") { outcome in
                guard let callbackId, let engine = handle.engine else { return }
                let data: JSONValue
                switch outcome {
                case .progress: return
                case .success(let v): data = v
                case .failure(let e):
                    // WVJB and JsBridge never answer a call without a handler.
                    if e.code == .methodNotFound { return }
                    data = ["error": e.jsonValue]
                }
                let out: JSONValue = peer == .jsbridge && data != .null && data.stringValue == nil ? .string(data.jsonString()) : data
                PeerSession.of(engine).sendToPage(["responseId": .string(callbackId), "responseData": out], peer: peer)
            }
        }
    }

    /// A message into the page's bridge on a later task (`_handleMessageFromObjC` /
    /// `_handleMessageFromNative`, given JSON text).
    func sendToPage(_ message: JSONValue, peer: PeerProtocol) {
        let entry = peer == .wvjb ? "_handleMessageFromObjC" : "_handleMessageFromNative"
        let text = message.jsonString()
        later { s in s.callHelper(s.bridgeCall, [.string(entry), .string(text)]) }
    }

    /// A native-to-JS call: `true` when a peer bridge of the page has the handler and was sent it.
    func route(_ request: Int, _ name: String, _ argument: JSCallArgument) -> Bool {
        for peer in detected {
            switch peer {
            case .wvjb, .jsbridge:
                guard callHelper(bridgeHas, [.string(name)], wantResult: true) == .bool(true) else { continue }
                var message: JSONObject = ["handlerName": .string(name), "callbackId": .string((peer == .wvjb ? "objc_cb_" : "JAVA_CB_") + String(request))]
                if var data = argument.single {
                    if peer == .jsbridge, data != .null, data.stringValue == nil { data = .string(data.jsonString()) }
                    message["data"] = data
                }
                sendToPage(.object(message), peer: peer)
                return true
            case .dsbridge:
                guard callHelper(dsHas, [.string(name)], wantResult: true) == .bool(true) else { continue }
                let args = JSONValue.array(argument.list).jsonString()
                later { s in
                    if s.callHelper(s.dsSend, [.number(Double(request)), .string(name), .string(args)], wantResult: true) != .bool(true) {
                        s.engine.completeJSCall(request, .failure(.methodNotFound(name)))
                    }
                }
                return true
            case .cordova, .capacitor:
                continue
            }
        }
        return false
    }
}
