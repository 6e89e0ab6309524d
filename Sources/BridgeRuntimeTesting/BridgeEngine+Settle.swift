public import BridgeRuntime

extension BridgeEngine {
    /// Evaluates `expression` (JavaScript giving a value or a promise), runs the loop until
    /// nothing is pending, and reports how it settled as JSON: `{ok: true, value}` or
    /// `{ok: false, code, message, details, name}` (`code`/`details` of a `BridgeError`, else
    /// `null`). For tests that check what page code sees.
    ///
    /// - Parameters:
    ///   - expression: a JS expression, e.g. `"bridge.call('user.get', {id: 1})"`.
    ///   - limit: real time the run may take.
    /// - Throws: `ScriptError` when the expression does not parse; `RunStop` after `limit`.
    public func settle(_ expression: String, limit: Duration = .seconds(60)) async throws -> JSONValue {
        try evaluate(
            """
            globalThis.__settled = null;
            Promise.resolve().then(function () { return \(expression); }).then(
              function (v) { globalThis.__settled = { ok: true, value: v === undefined ? null : v }; },
              function (e) { globalThis.__settled = { ok: false, code: e && e.code !== undefined ? e.code : null,
                message: String(e && e.message), details: e && e.details !== undefined ? e.details : null,
                name: e && e.name ? String(e.name) : null }; });
            """,
            sourceURL: "settle.js")
        try await runUntilIdle(limit: limit)
        return try evaluate("globalThis.__settled")
    }
}

extension BridgeEngine {
    /// An engine for a test: timers on a virtual clock (unless `clock` says otherwise), a VM of
    /// its own with a 5 s execution time limit, `registry` as its scoped table (the global table
    /// is consulted too, for self-registered components).
    ///
    /// - Throws: as `BridgeEngine(configuration:)`.
    public static func forTesting(
        registry: BridgeRegistry? = nil, clock: any EngineClock = VirtualClock(), _ configure: (inout EngineConfiguration) -> Void = { _ in }
    ) throws -> BridgeEngine {
        var configuration = EngineConfiguration()
        configuration.scopedRegistry = registry
        configuration.clock = clock
        configuration.vm = ScriptVM(timeLimit: .seconds(5))
        configure(&configuration)
        return try BridgeEngine(configuration: configuration)
    }
}
