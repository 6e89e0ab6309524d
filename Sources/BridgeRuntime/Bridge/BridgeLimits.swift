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
