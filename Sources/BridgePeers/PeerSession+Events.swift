import BridgeCore
import BridgeValues
import ScriptEngine

/// Native events (`engine.emit`, a mock file's `"$native"` `emit` steps) delivered the way each
/// peer's native side delivers them, besides our SDK's `bridge.on` listeners:
/// - `document:NAME` / `window:NAME`: an event on `document`/`window` (Capacitor's
///   `triggerEvent`, Cordova's `fireDocumentEvent`/`fireWindowEvent`, else a plain `Event`),
///   the payload's members set on the event;
/// - Cordova's lifecycle and button events by their bare names (`pause`, `resume`,
///   `backbutton`, …) on a Cordova page, as `cordova.fireDocumentEvent`;
/// - `Plugin.event` to the page's `Capacitor.Plugins.Plugin.addListener('event', cb)` listeners
///   (`fromNative` with the listener's callback id, kept).
extension PeerSession {
    /// The document events cordova-ios and its core plugins fire from native.
    static let cordovaDocumentEvents: Set<String> = [
        "pause", "resume", "backbutton", "menubutton", "searchbutton", "startcallbutton",
        "endcallbutton", "volumedownbutton", "volumeupbutton", "activated",
    ]

    func routeEvent(_ name: String, _ payload: JSONValue) {
        for target in ["document", "window"] where name.hasPrefix(target + ":") {
            let event = String(name.dropFirst(target.count + 1))
            guard !event.isEmpty else { return }
            later { s in s.callHelper(s.domEvent, [.string(target), .string(event), .json(payload)]) }
            return
        }
        if speaks(.cordova), Self.cordovaDocumentEvents.contains(name) {
            later { s in s.callHelper(s.domEvent, [.string("document"), .string(name), .json(payload)]) }
            return
        }
        guard capacitorListeners[name]?.isEmpty == false, let dot = name.lastIndex(of: ".") else { return }
        let plugin = String(name[..<dot])
        later { s in
            // The listeners when the event arrives (one removed meanwhile gets nothing).
            for id in s.capacitorListeners[name] ?? [] {
                let result: JSONObject = [
                    "callbackId": .string(id), "pluginId": .string(plugin), "methodName": "addListener",
                    "success": true, "save": true, "data": payload,
                ]
                s.callHelper(s.capacitorFromNative, [.json(.object(result))])
            }
        }
    }

    /// Capacitor's `addListener`, `removeListener` and `removeAllListeners` are the native
    /// bridge's own (never page calls); `false` for any other method.
    func capacitorListenerCall(callbackId: String, plugin: String, method: String, options: JSONValue) -> Bool {
        switch method {
        case "addListener":
            guard let event = options["eventName"]?.stringValue, callbackId != "-1" else { return true }
            capacitorListeners["\(plugin).\(event)", default: []].append(callbackId)
            return true
        case "removeListener":
            if let id = options["callbackId"]?.stringValue {
                for key in capacitorListeners.keys { capacitorListeners[key]?.removeAll { $0 == id } }
            }
        case "removeAllListeners":
            for key in capacitorListeners.keys where key.hasPrefix(plugin + ".") { capacitorListeners[key] = nil }
        default:
            return false
        }
        guard callbackId != "-1" else { return true }
        let result: JSONObject = ["callbackId": .string(callbackId), "pluginId": .string(plugin), "methodName": .string(method), "success": true, "save": false, "data": .object([:])]
        later { s in s.callHelper(s.capacitorFromNative, [.json(.object(result))]) }
        return true
    }
}
