import BridgeCore
import BridgeValues

/// DSBridge, Cordova and Capacitor: calls that arrive through a native function, a dialog or a
/// message handler, and their answers delivered as each peer's native side delivers them.
extension PeerSession {
    // MARK: DSBridge

    /// `_dsbridge.call(method, argJSON)` / `prompt('_dsbridge=' + method, argJSON)`: the JSON
    /// text the page's `dsBridge.call` parses (`{"code":0,"data":…}`, `{"code":-1}` on failure).
    func dsCall(_ method: String, _ argText: String?) -> String {
        detect(.dsbridge)
        let failed = #"{"code":-1}"#
        var arg: JSONObject = [:]
        if let argText, !argText.isEmpty {
            guard case .object(let o)? = try? JSONParser().parse(argText) else { return failed }
            arg = o
        }
        let data = arg["data"] ?? .null
        if method.hasPrefix("_dsb.") { return dsInternal(String(method.dropFirst(5)), data) }
        let stub = arg["_dscbstub"]?.stringValue
        let box = SyncAnswer()
        let handle = engine.handle
        engine.dispatchPeerCall(method: method, params: data, callbackId: stub, via: .dsbridge, handlerName: "_dsbridge") { outcome in
            if let stub {
                // Async: `dscbN(data)` on a later task; partial answers keep the callback.
                if !box.returned, case .failure(let e) = outcome, e.code == .methodNotFound { box.outcome = outcome; return }
                guard let engine = handle.engine else { return }
                let session = PeerSession.of(engine)
                switch outcome {
                case .progress(let v): session.later { s in s.callHelper(s.dsDeliver, [.string(stub), .json(v), .number(0)]) }
                case .success(let v): session.later { s in s.callHelper(s.dsDeliver, [.string(stub), .json(v), .number(1)]) }
                case .failure: break
                }
            } else if !box.returned {
                box.outcome = outcome
            }
        }
        box.returned = true
        switch box.outcome {
        case .success(let v)?: return JSONValue.object(["code": 0, "data": v]).jsonString()
        case .failure?: return failed
        case .progress?, nil:
            if stub != nil { return #"{"code":0}"# }
            engine.report(.console(level: "warn", message: "DSBridge: the synchronous call '\(method)' was not answered at once (its handler or mock answers later); the page gets undefined"))
            return failed
        }
    }

    /// The runtime's own `_dsb.*` methods (never dispatched as page calls).
    private func dsInternal(_ name: String, _ data: JSONValue) -> String {
        switch name {
        case "dsinit":
            markReady(.dsbridge)
            return #"{"code":0,"data":null}"#
        case "returnValue":
            guard case .object(let o) = data, let id = o["id"]?.numberValue, let request = Int(exactly: id) else { return #"{"code":-1}"# }
            let value = o["data"] ?? .null
            if o["complete"] == .bool(false) {
                engine.partialJSResult(request, value)
            } else {
                engine.completeJSCall(request, .success(value))
            }
            return #"{"code":0,"data":null}"#
        case "hasNativeMethod":
            let method = data.objectValue?["name"]?.stringValue ?? ""
            return JSONValue.object(["code": 0, "data": .bool(!method.isEmpty && engine.hasHandler(for: method))]).jsonString()
        case "closePage":
            engine.report(.notice("DSBridge: the page asked to close (_dsb.closePage)"))
            return #"{"code":0,"data":null}"#
        case "disableJavascriptDialogBlock":
            return #"{"code":0,"data":null}"#
        default:
            return #"{"code":-1}"#
        }
    }

    // MARK: Cordova

    /// `webkit.messageHandlers.cordova.postMessage([callbackId, service, action, args])`.
    func receiveCordova(_ body: JSONValue) {
        detect(.cordova)
        guard case .array(let items) = body, items.count == 4, let service = items[1].stringValue, let action = items[2].stringValue else {
            engine.report(.error(method: nil, callbackId: nil, error: .invalidMessage("Cordova: a message must be [callbackId, service, action, args], got \(body.jsonString())")))
            return
        }
        cordovaCall(callbackId: items[0].stringValue, service: service, action: action, args: items[3])
    }

    func cordovaCall(callbackId: String?, service: String, action: String, args: JSONValue) {
        if service == "Console", action == "logLevel", case .array(let a) = args, a.count >= 2 {
            // cordova.js's iOS console: [level, message].
            nativeLog(level: (a[0].stringValue ?? "log").lowercased(), message: a[1].stringValue ?? a[1].jsonString())
            return
        }
        let id = callbackId == "INVALID" ? nil : callbackId
        let handle = engine.handle
        engine.dispatchPeerCall(method: "\(service).\(action)", params: args, callbackId: id, via: .cordova, handlerName: "cordova") { outcome in
            guard let id, let engine = handle.engine else { return }
            // nativeCallback(id, status, message, keepCallback): OK 1, ERROR 9. An unknown
            // service or action gets no answer (as on iOS).
            let args: [JSONValue]
            switch outcome {
            case .progress(let v): args = [.string(id), 1, v, .bool(true)]
            case .success(let v): args = [.string(id), 1, v, .bool(false)]
            case .failure(let e):
                if e.code == .methodNotFound { return }
                args = [.string(id), 9, e.jsonValue, .bool(false)]
            }
            PeerSession.of(engine).later { s in s.callHelper(s.cordovaCallback, args.map { .json($0) }) }
        }
    }

    // MARK: Capacitor

    /// Capacitor's `{type:'message', callbackId, pluginId, methodName, options}` on `bridge`.
    func receiveCapacitor(handlerName: String, _ body: JSONValue) -> Bool {
        guard handlerName == "bridge", case .object(let o) = body, let type = o["type"]?.stringValue else { return false }
        switch type {
        case "message":
            guard let plugin = o["pluginId"]?.stringValue, let method = o["methodName"]?.stringValue else { return false }
            detect(.capacitor)
            capacitorCall(callbackId: o["callbackId"]?.stringValue ?? "-1", plugin: plugin, method: method, options: o["options"] ?? .object([:]))
            return true
        case "js.error":
            let e = o["error"]?.objectValue
            engine.report(.console(level: "error", message: "Capacitor js.error: \(e?["message"]?.stringValue ?? body.jsonString())"))
            return true
        case "cordova":
            guard let service = o["service"]?.stringValue, let action = o["action"]?.stringValue else { return false }
            cordovaCall(callbackId: o["callbackId"]?.stringValue, service: service, action: action, args: o["actionArgs"] ?? .array([]))
            return true
        default:
            return false
        }
    }

    private func capacitorCall(callbackId: String, plugin: String, method: String, options: JSONValue) {
        if capacitorListenerCall(callbackId: callbackId, plugin: plugin, method: method, options: options) { return }
        let handle = engine.handle
        let id = callbackId == "-1" ? nil : callbackId
        engine.dispatchPeerCall(method: "\(plugin).\(method)", params: options, callbackId: id, via: .capacitor, handlerName: "bridge") { outcome in
            guard let id, let engine = handle.engine else { return }
            var result: JSONObject = ["callbackId": .string(id), "pluginId": .string(plugin), "methodName": .string(method)]
            switch outcome {
            case .progress(let v): result["save"] = true; result["success"] = true; result["data"] = v
            case .success(let v): result["save"] = false; result["success"] = true; result["data"] = v
            case .failure(let e):
                result["success"] = false
                result["error"] = e.code == .methodNotFound
                    ? ["message": .string("\"\(plugin).\(method)()\" is not implemented on ios"), "code": "UNIMPLEMENTED"]
                    : ["message": .string(e.message), "errorMessage": .string(e.message), "code": .string(e.code.rawValue)]
            }
            PeerSession.of(engine).later { s in s.callHelper(s.capacitorFromNative, [.json(.object(result))]) }
        }
    }
}

/// A synchronous DSBridge call's answer, when its handler gave it before `dsCall` returned.
@MainActor
final class SyncAnswer {
    var outcome: CallOutcome?
    var returned = false
}
