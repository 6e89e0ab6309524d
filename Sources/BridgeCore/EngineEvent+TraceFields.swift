package import BridgeValues

extension EngineEvent {
    /// Writes the trace fields of the events every call makes (`call`, `result`) straight into
    /// `bytes`, each as `,"key":value` in the sorted key order ``fields`` gives them, without
    /// building the object and sorting it for each event. Returns `false` (writing nothing) for
    /// the other events, which the caller writes from ``fields``. A test checks both ways give the
    /// same text.
    /// `results` keeps the text of a result that comes again and again (a mock's canned answer).
    package func appendHotTraceFields(to bytes: inout [UInt8], results: inout RepeatedValueEncoder) -> Bool {
        func key(_ key: StaticString) {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        }
        func optional(_ s: String?) {
            if let s { JSONValue.appendString(s, to: &bytes) } else { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }
        }
        switch self {
        case let .call(method, params, callbackId, via):
            key("callbackId")
            optional(callbackId)
            key("method")
            JSONValue.appendString(method, to: &bytes)
            key("params")
            params.appendJSON(to: &bytes)
            key("via")
            JSONValue.appendString(via.rawValue, to: &bytes)
            return true
        case let .result(method, callbackId, result):
            key("callbackId")
            optional(callbackId)
            key("method")
            JSONValue.appendString(method, to: &bytes)
            key("result")
            results.append(result, to: &bytes)
            return true
        default:
            return false
        }
    }
}
