/// Limits that protect native code from what a page sends. Going past one settles the call
/// with `PAYLOAD_TOO_LARGE` (size limits), `RATE_LIMITED` (in-flight and rate limits) or
/// `INVALID_MESSAGE` (nesting, see `EngineConfiguration.maxDepth`), and the engine keeps working.
public struct BridgeLimits: Sendable, Equatable {
    /// Largest message, in bytes of its JSON text (default 4 MiB).
    public var maxMessageBytes: Int = 4 << 20
    /// Longest string anywhere in a message, in UTF-16 code units (default 1 Mi).
    public var maxStringLength: Int = 1 << 20
    /// Longest array anywhere in a message (default 100 000 elements).
    public var maxArrayLength: Int = 100_000
    /// Calls waiting for an answer at once per engine (default 10 000).
    public var maxCallsInFlight: Int = 10_000
    /// Calls per second per action (`nil` = no limit, the default; real apps that fear a
    /// runaway page loop set e.g. 1000).
    public var maxCallsPerSecondPerAction: Int?

    /// The defaults.
    public init() {}

    /// No limits at all (benchmarks).
    public static var unlimited: BridgeLimits {
        var l = BridgeLimits()
        l.maxMessageBytes = .max
        l.maxStringLength = .max
        l.maxArrayLength = .max
        l.maxCallsInFlight = .max
        l.maxCallsPerSecondPerAction = nil
        return l
    }
}

extension BridgeLimits {
    /// The first limit `value` breaks (string or array length), as the error a call settles
    /// with, naming the path; `nil` when it fits. Used for messages that did not come through
    /// the JS prelude's check (the legacy URL protocol).
    public func violation(in value: JSONValue, path: String = "params") -> BridgeError? {
        switch value {
        case .string(let s):
            let n = s.utf16.count
            return n > maxStringLength ? .payloadTooLarge("\(path): a string of \(n) characters is longer than the limit of \(maxStringLength)") : nil
        case .array(let items):
            if items.count > maxArrayLength {
                return .payloadTooLarge("\(path): an array of \(items.count) elements is longer than the limit of \(maxArrayLength)")
            }
            for (i, item) in items.enumerated() {
                if let e = violation(in: item, path: "\(path)[\(i)]") { return e }
            }
            return nil
        case .object(let members):
            for (k, v) in members {
                if k.utf16.count > maxStringLength { return .payloadTooLarge("\(path): a key of \(k.utf16.count) characters is longer than the limit of \(maxStringLength)") }
                if let e = violation(in: v, path: "\(path).\(k)") { return e }
            }
            return nil
        default:
            return nil
        }
    }
}
