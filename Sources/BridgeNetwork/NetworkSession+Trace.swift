import BridgeSupport
import BridgeCore
import BridgeValues

/// The `http` trace events (docs/trace-format.md): built only when something observes events.
extension NetworkSession {
    func trace(_ event: EngineEvent) {
        if engine.observesEvents { engine.report(event) }
    }

    /// Headers as a trace object; repeated names are joined with `, ` (as `Headers.get` does).
    static func headerObject(_ headers: [HTTPHeader]) -> JSONValue {
        var out: [String: String] = [:]
        var order: [String] = []
        for h in headers {
            if let old = out[h.name] { out[h.name] = old + ", " + h.value } else { out[h.name] = h.value; order.append(h.name) }
        }
        return .object(JSONObject(members: order.map { ($0, JSONValue.string(out[$0]!)) }))
    }

    /// A body for the trace: its text when it is UTF-8, else its base64 under `bodyBase64`.
    static func bodyFields(_ body: [UInt8]?, into o: inout JSONObject) {
        guard let body else {
            o["body"] = .null
            return
        }
        if let text = String(validating: body, as: UTF8.self) {
            o["body"] = .string(text)
        } else {
            o["body"] = .null
            o["bodyBase64"] = .string(Base64.encode(body))
        }
    }

    func traceRequest(_ id: Int, _ request: NetworkRequest, sync: Bool) {
        guard engine.observesEvents else { return }
        var o: JSONObject = ["method": .string(request.method), "headers": Self.headerObject(request.headers), "sync": .bool(sync)]
        Self.bodyFields(request.body, into: &o)
        engine.report(.http(NetworkEvent(phase: "request", id: id, url: request.url, details: o)))
    }

    func traceAnswer(_ id: Int, _ request: NetworkRequest, _ answer: NetworkAnswer) {
        guard engine.observesEvents else { return }
        var o = answer.trace
        o["method"] = .string(request.method)
        o["source"] = .string(answer.source)
        o["delayMs"] = .number(answer.delay.milliseconds)
        if answer.url != request.url { o["finalURL"] = .string(answer.url) }
        switch answer.outcome {
        case let .response(status, _, headers, body):
            o["status"] = .number(Double(status))
            o["headers"] = Self.headerObject(headers)
            o["bodyBytes"] = .number(Double(body.count))
            engine.report(.http(NetworkEvent(phase: "response", id: id, url: request.url, details: o)))
        case let .failure(message, cause):
            o["message"] = .string(message)
            o["cause"] = .string(cause)
            engine.report(.http(NetworkEvent(phase: "error", id: id, url: request.url, details: o)))
        }
    }
}
