import Foundation
import Testing
@testable import BridgeRuntime

/// Found in review: the time limit and nesting around in-call draining.
@MainActor
struct InlineMicrotaskLimitTests {
    static let spin = "function spin(ms) { const end = Date.now() + ms; while (Date.now() < end) {} }\n"

    func engine(inline: Bool, limit: Double, registry: BridgeRegistry? = nil) throws -> BridgeEngine {
        try makeTestEngine(scoped: registry ?? makeEchoRegistry()) { c in
            c.useGlobalRegistry = false
            c.vm = ScriptVM(timeLimit: limit, drainMicrotasksInline: inline)
        }
    }

    @Test("a call made just before the time limit stops a continuation is still answered", arguments: [true, false])
    func answerNotLost(inline: Bool) async throws {
        let engine = try engine(inline: inline, limit: 0.2)
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.settled = false;
            bridge.call('echo', {}).then(function () {
              bridge.call('echo', {x: 1}).then(function () { settled = true; });
              for (;;) {}
            });
            """)
        try await engine.runUntilIdle(limit: 5000)
        #expect(engine.uncaughtErrors.map(\.kind) == [.timeLimit])
        #expect(try engine.evaluate("settled") == true)
    }

    @Test("chained deliveries each get the whole time limit: 40 steps of 10 ms under a 200 ms limit", arguments: [true, false])
    func budgetPerChainedBatch(inline: Bool) async throws {
        let engine = try engine(inline: inline, limit: 0.2)
        defer { engine.close() }
        try engine.evaluate(Self.spin + """
            globalThis.count = 0;
            (async function () { for (let i = 0; i < 40; i++) { await bridge.call('echo', {i: i}); spin(10); count++; } })();
            """)
        try await engine.runUntilIdle(limit: 10_000)
        #expect(engine.uncaughtErrors.isEmpty, "\(engine.uncaughtErrors)")
        #expect(try engine.evaluate("count") == 40)
    }

    @Test("a stream of synchronous answers does not hold back a due timer", arguments: [true, false])
    func timerNotStarved(inline: Bool) async throws {
        let engine = try makeTestEngine(scoped: makeEchoRegistry(), clock: SystemClock()) { c in
            c.useGlobalRegistry = false
            c.vm = ScriptVM(timeLimit: 5, drainMicrotasksInline: inline)
        }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.firedAt = -1; globalThis.done = 0;
            setTimeout(function () { firedAt = done; }, 1);
            (async function () { for (let i = 0; i < 20000; i++) { await bridge.call('echo', {i: i}); done++; } })();
            """)
        try await engine.runUntilIdle(limit: 60_000)
        #expect(try engine.evaluate("done") == 20000)
        let firedAt = try #require(try engine.evaluate("firedAt").intValue)
        #expect(firedAt >= 0 && firedAt < 20000, "the timer fired after \(firedAt) of 20000 answers")
    }

    @Test("runReady() from a handler inside a promise continuation does not run other microtasks in the middle of it", arguments: [true, false])
    func nestedRunReady(inline: Bool) async throws {
        final class Holder: @unchecked Sendable { weak var engine: BridgeEngine? }
        let holder = Holder()
        let registry = try makeEchoRegistry()
        try registry.register(action: "pump") { call in
            MainActor.assumeIsolated { _ = holder.engine?.runReady() }
            return call.params
        }
        let engine = try engine(inline: inline, limit: 5, registry: registry)
        holder.engine = engine
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.log = [];
            bridge.call('echo', {}).then(function () {
              log.push('A start');
              Promise.resolve().then(function () { log.push('B (queued in A)'); });
              bridge.call('echo', {}).then(function () { log.push('C (echo answer)'); });
              bridge.call('pump', {});
              log.push('A end');
            });
            """)
        try await engine.runUntilIdle(limit: 5000)
        #expect(try engine.evaluate("log") == ["A start", "A end", "B (queued in A)", "C (echo answer)"])
    }
}
