public import BridgeValues
/// A JS-to-native message `{method, params, callbackId}` as read from any posted body.
public struct BridgeMessage: Sendable, Equatable, Hashable {
    /// The action name, e.g. `"nav.open"`.
    public var method: String
    /// The params object (`{}` when the body had none).
    public var params: JSONValue {
        get { paramsStorage.value }
        set { paramsStorage = .value(newValue) }
    }
    /// The params as they arrived: a bridge message's are built on first read.
    package var paramsStorage: CallParams
    /// The id to answer to, if the sender wants an answer.
    public var callbackId: String?

    /// Creates a message.
    public init(method: String, params: JSONValue = .object([:]), callbackId: String? = nil) {
        self.method = method
        self.paramsStorage = .value(params)
        self.callbackId = callbackId
    }

    /// A message whose params are kept as they arrived (the SDK's calls in their parts).
    package init(method: String, paramsStorage: CallParams, callbackId: String?) {
        self.method = method
        self.paramsStorage = paramsStorage
        self.callbackId = callbackId
    }

    /// Reads a message from a posted body.
    ///
    /// - Throws: `BridgeError` `INVALID_MESSAGE` when the body is not an object with a string
    ///   `method`, when `params` is present but not an object, or `callbackId` is not a string.
    public init(body: JSONValue) throws(BridgeError) {
        guard case .object(let o) = body else {
            throw .invalidMessage("message body must be an object {method, params, callbackId}, got \(body.typeName)")
        }
        try self.init(members: o.map { ($0.key, $0.value) })
    }

    /// Reads a message from the members of a posted object (later keys win); `deferredParams`:
    /// the params object left out of `members`, checked but not yet built.
    init(members: [(String, JSONValue)], deferredParams: DeferredJSON? = nil) throws(BridgeError) {
        var m: JSONValue?
        var cb: JSONValue?
        var p: JSONValue?
        // Envelope keys compare by scalars: a key merely equivalent to "method" is another key.
        for (key, value) in members {
            if key.sameScalars(as: "method") {
                m = value
            } else if key.sameScalars(as: "callbackId") {
                cb = value
            } else if key.sameScalars(as: "params") {
                p = value
            }
        }
        guard let m else { throw .invalidMessage("message has no 'method'") }
        guard case .string(let method) = m, !method.isEmpty else {
            throw .invalidMessage("'method' must be a non-empty string, got \(m.typeName)")
        }
        var callbackId: String?
        switch cb {
        case nil, .null?: callbackId = nil
        case .string(let s)?: callbackId = s
        case .number(let n)?: callbackId = JSONValue.number(n).jsonString()
        case let other?: throw .invalidMessage("'callbackId' must be a string, got \(other.typeName)")
        }
        let params: CallParams
        switch p {
        case nil, .null?: params = deferredParams.map { .deferred($0) } ?? .value(.object([:]))
        case .object(let p)?: params = .value(.object(p))
        case let other?: throw .invalidMessage("'params' must be an object, got \(other.typeName)")
        }
        self.method = method
        self.paramsStorage = params
        self.callbackId = callbackId
    }

    /// The wire form.
    public var jsonValue: JSONValue {
        var o: JSONObject = ["method": .string(method), "params": params]
        if let callbackId { o["callbackId"] = .string(callbackId) }
        return .object(o)
    }
}
