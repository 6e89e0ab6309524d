public import BridgeValues
public import ScriptEngine
/// Something an engine reports as it runs: calls, answers, events, console output, errors.
/// The CLI's `--trace` writes these as JSON Lines.
public enum EngineEvent: Sendable, Equatable {
    /// A call arrived (`via` `message` or `url`).
    case call(method: String, params: JSONValue, callbackId: String?, via: BridgeCall.Via)
    /// A call settled with a result.
    case result(method: String, callbackId: String?, result: JSONValue)
    /// A call settled with an error (or a message was refused).
    case error(method: String?, callbackId: String?, error: BridgeError)
    /// A progress update for a call.
    case progress(callbackId: String?, progress: JSONValue)
    /// A native-to-JS event was emitted.
    case event(name: String, payload: JSONValue)
    /// `console.<level>` output.
    case console(level: String, message: String)
    /// An uncaught exception, unhandled rejection or stopped script.
    case exception(ScriptError)
    /// A free-form notice from the runtime (e.g. "no capability file: all actions allowed").
    case notice(String)
    /// A resolved navigation (router component).
    case navigate(JSONValue)
    /// An `alert`, `confirm` or `prompt` of the page and what it was answered.
    case dialog(kind: String, message: String, answer: JSONValue)
    /// A step of one of the page's HTTP requests (`fetch`, `XMLHttpRequest`): sent, answered,
    /// failed, aborted or timed out (the network layer, docs/network.md).
    case http(NetworkEvent)
    /// A step of one of the page's WebSockets (fixture-driven; docs/network.md).
    case webSocket(NetworkEvent)
    /// Native called a JS handler the page registered (`callJS`, a `$native` step): its name
    /// and what it was passed (`null` for no argument, an array for a DSBridge argument list).
    case callJS(handler: String, params: JSONValue)
    /// A JS handler answered; `complete` is `false` for a partial answer (DSBridge progress).
    case jsResult(handler: String, result: JSONValue, complete: Bool)
    /// A native-to-JS call failed (`METHOD_NOT_FOUND`, `HANDLER_ERROR`, `TIMEOUT`, `CANCELLED`).
    case jsError(handler: String, error: BridgeError)

    /// Calls and the answers that settle or advance them, both ways (`call`, `result`,
    /// `progress`, `callJS`, `jsResult`): one or more per call. Failures (`error`, `jsError`)
    /// are not traffic. See `BridgeEngine.addEventObserver(callTraffic:_:)`.
    public var isCallTraffic: Bool {
        switch self {
        case .call, .result, .progress, .callJS, .jsResult: true
        default: false
        }
    }

    /// The trace `type` string.
    public var typeName: String {
        switch self {
        case .call: "call"
        case .result: "result"
        case .error: "error"
        case .progress: "progress"
        case .event: "event"
        case .console: "console"
        case .exception: "exception"
        case .notice: "notice"
        case .navigate: "navigate"
        case .dialog: "dialog"
        case .http: "http"
        case .webSocket: "websocket"
        case .callJS: "callJS"
        case .jsResult: "jsResult"
        case .jsError: "jsError"
        }
    }

    /// The trace fields (without `type` and `seq`).
    public var fields: JSONObject {
        func opt(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        switch self {
        case let .call(method, params, callbackId, via):
            return ["method": .string(method), "params": params, "callbackId": opt(callbackId), "via": .string(via.rawValue)]
        case let .result(method, callbackId, result):
            return ["method": .string(method), "callbackId": opt(callbackId), "result": result]
        case let .error(method, callbackId, error):
            return ["method": opt(method), "callbackId": opt(callbackId), "error": error.jsonValue]
        case let .progress(callbackId, progress):
            return ["callbackId": opt(callbackId), "progress": progress]
        case let .event(name, payload):
            return ["name": .string(name), "payload": payload]
        case let .console(level, message):
            return ["level": .string(level), "message": .string(message)]
        case let .exception(e):
            var o: JSONObject = ["message": .string(e.message), "kind": .string(e.kind.rawValue), "stack": opt(e.stack)]
            if let loc = e.location { o["location"] = .string(loc) }
            return o
        case let .notice(text):
            return ["message": .string(text)]
        case let .navigate(info):
            return info.objectValue ?? ["target": info]
        case let .dialog(kind, message, answer):
            return ["kind": .string(kind), "message": .string(message), "answer": answer]
        case let .http(e), let .webSocket(e):
            var o = e.details
            o["phase"] = .string(e.phase)
            o["id"] = .number(Double(e.id))
            o["url"] = .string(e.url)
            return o
        case let .callJS(handler, params):
            return ["handler": .string(handler), "params": params]
        case let .jsResult(handler, result, complete):
            return ["handler": .string(handler), "result": result, "complete": .bool(complete)]
        case let .jsError(handler, error):
            return ["handler": .string(handler), "error": error.jsonValue]
        }
    }
}
