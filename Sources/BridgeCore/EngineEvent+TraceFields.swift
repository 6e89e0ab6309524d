import BridgeValues

extension EngineEvent {
    /// Writes the trace fields of the events every call makes (`call`, `result`) straight into
    /// `bytes`, each as `,"key":value` in the sorted key order ``fields`` gives them, without
    /// building the object and sorting it for each event. Returns `false` (writing nothing) for
    /// the other events, which the caller writes from ``fields``. A test checks both ways give the
    /// same text.
    package func appendHotTraceFields(to bytes: inout [UInt8]) -> Bool {
        func member(_ key: StaticString, _ value: JSONValue) {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            value.appendJSON(to: &bytes)
        }
        func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        switch self {
        case let .call(method, params, callbackId, via):
            member("callbackId", optional(callbackId))
            member("method", .string(method))
            member("params", params)
            member("via", .string(via.rawValue))
            return true
        case let .result(method, callbackId, result):
            member("callbackId", optional(callbackId))
            member("method", .string(method))
            member("result", result)
            return true
        default:
            return false
        }
    }
}
