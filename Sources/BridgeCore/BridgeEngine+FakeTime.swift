package import ScriptEngine

extension BridgeEngine {
    /// Switches the page's timers and clocks to `timeline` (a test's `vi.useFakeTimers()`), or
    /// back to real time with `nil`.
    ///
    /// While a timeline is set, timers the page starts are armed on it and fire only when the
    /// timeline is stepped; `performance.now()` and `Date.now()`/`new Date()` read its time
    /// (`Date` is the built-in until the first timeline is set, then a shim that asks the
    /// engine for the time: references to `Date` taken before stay the real ones).
    /// Timers started before keep running on the engine clock. Switching away from a timeline
    /// cancels the timers this engine armed on it: they never fire.
    ///
    /// - Note: main actor only. The engine's own timers (call timeouts, mock delays, the test
    ///   harness's per-test timeout) always stay on the engine clock.
    package func useFakeTime(_ timeline: FakeTimeline?) {
        if let old = loop.fakeTimeline, old !== timeline { timers.forget(old) }
        loop.fakeTimeline = timeline
        if timeline != nil { host.fakeDate() }
    }
}
