import Dispatch
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// `ActionOptions(ordered: true)`: one call at a time, in arrival order, even when handlers
/// answer asynchronously after random delays.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct OrderedActionTests {
    private func expectStrictSequence(_ log: [String], count: Int) {
        var expected: [String] = []
        for i in 0..<count { expected += ["start \(i)", "end \(i)"] }
        #expect(log == expected)
    }

    @Test("an ordered callback action answering after random delays runs calls one at a time in order")
    func orderedCallback() async throws {
        let count = 12
        let log = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "signal", options: ActionOptions(timeout: .seconds(120), ordered: true), handler: .callback { call, responder in
            let i = call.params["seq"]?.intValue ?? -1
            log.append("start \(i)")
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int.random(in: 0...8))) {
                // "end" is logged by the thread that answers; the engine starts the next call only
                // after the answer has hopped back to the main actor.
                log.append("end \(i)")
                responder.succeed(.number(Double(i)))
            }
        })
        let engine = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.results = [];
            for (let i = 0; i < \(count); i++) bridge.call('signal', {seq: i}).then(function (v) { results.push(v); });
            """)
        #expect(log.all.filter { $0.hasPrefix("start") } == ["start 0"], "only the first call may start before it answers")
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        expectStrictSequence(log.all, count: count)
        #expect(try engine.evaluate("results") == .array((0..<count).map { .number(Double($0)) }))
    }

    @Test("an ordered async action runs one call at a time in arrival order")
    func orderedAsync() async throws {
        let count = 10
        let log = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "signal.async", options: ActionOptions(timeout: .seconds(120), ordered: true), handler: .async { call in
            let i = call.params["seq"]?.intValue ?? -1
            log.append("start \(i)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...6)))
            log.append("end \(i)")
            return .number(Double(i))
        })
        let engine = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.results = [];
            for (let i = 0; i < \(count); i++) bridge.call('signal.async', {seq: i}).then(function (v) { results.push(v); });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        expectStrictSequence(log.all, count: count)
        #expect(try engine.evaluate("results") == .array((0..<count).map { .number(Double($0)) }))
    }

    @Test("without ordered, callback handlers all start before any answers")
    func unorderedOverlaps() async throws {
        let count = 8
        let log = Recorder<String>()
        let held = LockedValue<[BridgeResponder]>([])
        let registry = BridgeRegistry()
        try registry.register(action: "free", handler: .callback { call, responder in
            log.append("start \(call.params["seq"]?.intValue ?? -1)")
            held.update { $0.append(responder) }
        })
        let engine = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        defer { engine.close() }
        try engine.evaluate("for (let i = 0; i < \(count); i++) bridge.call('free', {seq: i});")
        // Every handler started while none had answered: nothing serialised them.
        #expect(log.all == (0..<count).map { "start \($0)" })
        for (i, r) in held.current.enumerated() {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1 + i % 3)) { r.succeed(nil) }
        }
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(engine.isIdle)
        #expect(held.current.allSatisfy { $0.isSettled })
    }

    @Test("a failing or timed-out ordered call releases the queue for the next one")
    func failureReleasesQueue() async throws {
        let log = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "step", options: ActionOptions(timeout: .seconds(120), ordered: true), handler: .callback { call, responder in
            let i = call.params["seq"]?.intValue ?? -1
            log.append("start \(i)")
            switch i {
            case 0: responder.fail(.handlerError("first fails"))
            case 1: break  // never answers: times out
            default: responder.succeed(.number(Double(i)))
            }
        })
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.out = [];
            for (let i = 0; i < 4; i++) bridge.call('step', {seq: i}, {timeout: i === 1 ? 100 : 1000}).then(
              function (v) { out.push([i, v, performance.now()]); }, function (e) { out.push([i, e.code, performance.now()]); });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(log.all == ["start 0", "start 1", "start 2", "start 3"])
        #expect(try engine.evaluate("out") == [[0, "HANDLER_ERROR", 0], [1, "TIMEOUT", 100], [2, 2, 100], [3, 3, 100]])
    }

    /// A queued ordered call that times out while it waits has already been answered `TIMEOUT`;
    /// running its handler afterwards performs an action the page was told did not happen.
    @Test("a queued ordered call that timed out while waiting is never started")
    func timedOutWhileQueuedIsNotStarted() async throws {
        let started = Recorder<Int>()
        let late = Recorder<Bool>()
        let registry = BridgeRegistry()
        try registry.register(action: "signal", options: ActionOptions(timeout: .seconds(120), ordered: true), handler: .callback { call, responder in
            let i = call.params["seq"]?.intValue ?? -1
            started.append(i)
            if i == 0 { return }  // the first call hangs; the others queue behind it
            late.append(responder.isSettled)
            responder.succeed(.number(Double(i)))
        })
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.out = [];
            bridge.call('signal', {seq: 0}, {timeout: 200}).catch(function (e) { out.push([0, e.code]); });
            bridge.call('signal', {seq: 1}, {timeout: 50}).then(function (v) { out.push([1, v]); }, function (e) { out.push([1, e.code]); });
            bridge.call('signal', {seq: 2}, {timeout: 1000}).then(function (v) { out.push([2, v]); }, function (e) { out.push([2, e.code]); });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(try engine.evaluate("out") == [[1, "TIMEOUT"], [0, "TIMEOUT"], [2, 2]])
        #expect(late.all.allSatisfy { !$0 }, "no handler may start for a call that already settled")
        #expect(started.all == [0, 2])
    }

    @Test("ordering is per action: two ordered actions do not wait for each other")
    func perActionQueues() async throws {
        let log = Recorder<String>()
        let held = LockedValue<[BridgeResponder]>([])
        let registry = BridgeRegistry()
        for name in ["a", "b"] {
            try registry.register(action: name, options: ActionOptions(timeout: .seconds(120), ordered: true), handler: .callback { call, responder in
                log.append("start \(call.method)\(call.params["seq"]?.intValue ?? -1)")
                held.update { $0.append(responder) }
            })
        }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate("bridge.call('a', {seq: 0}); bridge.call('a', {seq: 1}); bridge.call('b', {seq: 0}); bridge.call('b', {seq: 1});")
        #expect(log.all == ["start a0", "start b0"])
        for r in held.current { r.succeed(nil) }
        engine.runReady()
        #expect(log.all == ["start a0", "start b0", "start a1", "start b1"])
        for r in held.current { r.succeed(nil) }
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(engine.isIdle)
    }
}
