import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Every limit of `BridgeLimits` (and `EngineConfiguration.maxDepth`): going past it settles
/// the call with its code, and the engine keeps working.
@MainActor
struct LimitsTests {
    /// An engine with `echo` (sync), `hold` (callback, responders kept) and `slow` (async).
    func makeEngine(_ configure: (inout EngineConfiguration) -> Void) throws -> (BridgeEngine, Recorder<BridgeResponder>, Recorder<String>) {
        let held = Recorder<BridgeResponder>()
        let ran = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in
            ran.append("echo")
            return call.params
        }
        try registry.register(action: "other") { _ in
            ran.append("other")
            return "other"
        }
        try registry.register(action: "hold", handler: .callback { _, responder in
            ran.append("hold")
            held.append(responder)
        })
        let engine = try BridgeEngine.forTesting(registry: registry) { c in
            c.useGlobalRegistry = false
            configure(&c)
        }
        return (engine, held, ran)
    }

    /// A normal call still works.
    func works(_ engine: BridgeEngine) async throws -> Bool {
        try await engine.settle("bridge.call('echo', {ok: 1})")["value"] == ["ok": 1]
    }

    @Test("the defaults are what a real app would choose")
    func defaults() {
        let l = BridgeLimits()
        #expect(l.maxMessageBytes == 4 << 20)
        #expect(l.maxStringLength == 1 << 20)
        #expect(l.maxArrayLength == 100_000)
        #expect(l.maxCallsInFlight == 10_000)
        #expect(l.maxCallsPerSecondPerAction == nil)
        #expect(EngineConfiguration().maxDepth == 128)
        let u = BridgeLimits.unlimited
        #expect(u.maxMessageBytes == .max && u.maxStringLength == .max && u.maxArrayLength == .max && u.maxCallsInFlight == .max)
    }

    @Test("maxMessageBytes: PAYLOAD_TOO_LARGE, measured in JS and again in UTF-8 bytes natively")
    func messageBytes() async throws {
        let (engine, _, ran) = try makeEngine { c in
            c.limits.maxMessageBytes = 1024
            c.limits.maxStringLength = .max
        }
        defer { engine.close() }
        let big = try await engine.settle("bridge.call('echo', {s: 'x'.repeat(2000)})")
        #expect(big["code"] == "PAYLOAD_TOO_LARGE")
        #expect(big["message"]?.stringValue?.contains("1024") == true, "\(big)")
        // 600 UTF-16 units pass the JS measure; 1200 UTF-8 bytes do not pass the native one.
        var refusals: [BridgeError] = []
        engine.addEventObserver { if case .error(_, _, let e) = $0 { refusals.append(e) } }
        let wide = try await engine.settle("bridge.call('echo', {s: '\\u00e9'.repeat(600)})")
                #expect(refusals.map(\.code) == [.payloadTooLarge], "the engine refuses it")
        #expect(refusals.first?.message.contains("bytes") == true)
        // The callbackId travels beside the text, so the native refusal reaches the promise.
        #expect(wide["code"] == "PAYLOAD_TOO_LARGE", "\(wide)")
        #expect(try await engine.settle("bridge.call('echo', {s: 'x'.repeat(900)})")["ok"] == true)
        #expect(ran.count == 1, "refused calls never reach the handler")
        #expect(try await works(engine))
    }

    @Test("maxStringLength: PAYLOAD_TOO_LARGE naming the path; the limit itself passes")
    func stringLength() async throws {
        let (engine, _, _) = try makeEngine { $0.limits.maxStringLength = 100 }
        defer { engine.close() }
        let over = try await engine.settle("bridge.call('echo', {a: {b: ['x'.repeat(101)]}})")
        #expect(over["code"] == "PAYLOAD_TOO_LARGE")
        #expect(over["message"]?.stringValue?.hasPrefix("params.a.b[0]") == true, "\(over)")
        #expect(try await engine.settle("bridge.call('echo', {s: 'x'.repeat(100)})")["ok"] == true)
        #expect(try await works(engine))
    }

    @Test("maxArrayLength: PAYLOAD_TOO_LARGE for arrays and typed arrays")
    func arrayLength() async throws {
        let (engine, _, _) = try makeEngine { $0.limits.maxArrayLength = 10 }
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('echo', {a: new Array(11).fill(0)})")["code"] == "PAYLOAD_TOO_LARGE")
        #expect(try await engine.settle("bridge.call('echo', {a: new Int32Array(11)})")["code"] == "PAYLOAD_TOO_LARGE")
        #expect(try await engine.settle("bridge.call('echo', {a: [[new Array(11).fill(0)]]})")["code"] == "PAYLOAD_TOO_LARGE")
        #expect(try await engine.settle("bridge.call('echo', {a: new Array(10).fill(0)})")["ok"] == true)
        // The same limit guards JS handler results going to native code.
        try engine.evaluate("bridge.register('list', function (n) { return new Array(n.n).fill(1); });")
        await #expect(throws: BridgeError(code: .payloadTooLarge, message: "result: an array of 11 elements is longer than the limit of 10")) {
            try await engine.callJS("list", ["n": 11])
        }
        #expect(try await engine.callJS("list", ["n": 10]).arrayValue?.count == 10)
        #expect(try await works(engine))
    }

    @Test("maxDepth: INVALID_MESSAGE past the configured nesting")
    func depth() async throws {
        let (engine, _, _) = try makeEngine { $0.maxDepth = 5 }
        defer { engine.close() }
        // The body is level 0, params level 1: params.a.b.c.d is level 5.
        #expect(try await engine.settle("bridge.call('echo', {a: {b: {c: {d: {}}}}})")["ok"] == true)
        let deep = try await engine.settle("bridge.call('echo', {a: {b: {c: {d: {e: {}}}}}})")
        #expect(deep["code"] == "INVALID_MESSAGE")
        #expect(deep["message"]?.stringValue?.contains("nested deeper than 5") == true, "\(deep)")
        #expect(try await works(engine))
    }

    @Test("maxCallsInFlight: RATE_LIMITED while the limit is reached; slots free up as calls settle")
    func inFlight() async throws {
        let (engine, held, ran) = try makeEngine { $0.limits.maxCallsInFlight = 3 }
        defer { engine.close() }
        try engine.evaluate(
            """
            globalThis.out = [];
            for (let i = 0; i < 5; i++) bridge.call('hold', {i: i}).then(function (r) { out.push(i + ':OK'); }, function (e) { out.push(i + ':' + e.code); });
            """)
        engine.runReady()
        #expect(held.count == 3)
        #expect(try engine.evaluate("out") == ["3:RATE_LIMITED", "4:RATE_LIMITED"])
        // Synchronous handlers answer inline and are not counted as in flight.
        try engine.evaluate("bridge.call('echo', {ok: 1}).then(function (r) { globalThis.echoed = r.ok; });")
        engine.runReady()
        #expect(try engine.evaluate("globalThis.echoed") == 1)
        // Answering one frees one slot.
        held.all[0].succeed("done")
        engine.runReady()
        try engine.evaluate("bridge.call('hold', {i: 5}).then(function () { out.push('5:OK'); }, function (e) { out.push('5:' + e.code); });")
        engine.runReady()
        #expect(held.count == 4)
        for r in held.all { r.succeed("done") }
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        let out = try engine.evaluate("out")
        #expect(out == ["3:RATE_LIMITED", "4:RATE_LIMITED", "0:OK", "1:OK", "2:OK", "5:OK"], "\(out)")
        #expect(ran.all.filter { $0 == "hold" }.count == 4)
        #expect(engine.isIdle)
    }

    @Test("maxCallsInFlight: a call that timed out frees its slot")
    func inFlightTimeout() async throws {
        let (engine, held, _) = try makeEngine { $0.limits.maxCallsInFlight = 1 }
        defer { engine.close() }
        try engine.evaluate("globalThis.first = null; bridge.call('hold', {}, {timeout: 100}).then(null, function (e) { first = e.code; });")
        #expect(engine.loop.pendingTimers == 1, "the call's timeout timer is armed: \(engine.pendingSummary)")
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(try engine.evaluate("first") == "TIMEOUT")
        #expect(held.count == 1)
        try engine.evaluate("bridge.call('hold', {}).then(function (r) { globalThis.second = r; });")
        engine.runReady()
        #expect(held.count == 2)
        #expect(held.all[0].succeed("late") == false, "a late answer is dropped")
        held.all[1].succeed("second")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("second") == "second")
    }

    @Test("call timeouts: answered calls leave no timer behind, the rest time out in the order they were made")
    func manyTimeouts() async throws {
        let (engine, held, _) = try makeEngine { $0.limits = .unlimited }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.out = [];
            for (let i = 0; i < 5000; i++) bridge.call('hold', {i}, {timeout: 1000 + (i % 2) * 1000}).then(function () { out.push('ok'); }, function (e) { out.push(e.code + ' ' + i); });
            """)
        engine.runReady()
        #expect(held.count == 5000)
        #expect(engine.loop.pendingTimers == 5000)
        // All but the last three answered: their timeouts are cancelled and cleared out of the heap.
        for r in held.all.dropLast(3) { r.succeed(1) }
        engine.runReady()
        #expect(engine.loop.pendingTimers == 3)
        #expect(engine.loop.timerHeapCount < 2500, "\(engine.loop.timerHeapCount) timer entries left for 3 live timers")
        try await engine.runUntilIdle(limit: .seconds(60))
        let out = try engine.evaluate("out.slice(4997)")
        // 4997 and 4999 wait 2 s, 4998 1 s.
        #expect(out == ["TIMEOUT 4998", "TIMEOUT 4997", "TIMEOUT 4999"], "\(out)")
        #expect(held.all[4997].succeed(1) == false, "a late answer is dropped")
        #expect(engine.isIdle)
    }

    @Test("maxCallsPerSecondPerAction: RATE_LIMITED past the rate, per action, on the engine clock")
    func rate() async throws {
        let clock = VirtualClock()
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in call.params }
        try registry.register(action: "other") { _ in "other" }
        let engine = try BridgeEngine.forTesting(registry: registry, clock: clock) { c in
            c.useGlobalRegistry = false
            c.limits.maxCallsPerSecondPerAction = 5
        }
        defer { engine.close() }
        func burst(_ method: String, _ n: Int) throws -> JSONValue {
            try engine.evaluate(
                """
                globalThis.codes = [];
                for (let i = 0; i < \(n); i++) bridge.call('\(method)', {}).then(function () { codes.push('OK'); }, function (e) { codes.push(e.code); });
                """)
            engine.runReady()
            return try engine.evaluate("codes")
        }
        #expect(try burst("echo", 8) == ["OK", "OK", "OK", "OK", "OK", "RATE_LIMITED", "RATE_LIMITED", "RATE_LIMITED"])
        let message = try await engine.settle("bridge.call('echo', {})")
        #expect(message["message"]?.stringValue?.contains("more than 5 times in one second") == true, "\(message)")
        // Another action has its own budget.
        #expect(try burst("other", 2) == ["OK", "OK"])
        // Legacy URL calls count too.
        var errors: [BridgeError] = []
        engine.addEventObserver { if case .error(_, _, let e) = $0 { errors.append(e) } }
        engine.offerURL(LegacyURLProtocol().url(action: "echo"))
        #expect(errors.map(\.code) == [.rateLimited])
                // A second later the window starts again.
        clock.advance(by: .milliseconds(999))
        #expect(try burst("echo", 1) == ["RATE_LIMITED"])
        clock.advance(by: .milliseconds(1))
        #expect(try burst("echo", 6) == ["OK", "OK", "OK", "OK", "OK", "RATE_LIMITED"])
        clock.advance(by: .milliseconds(1000))
        #expect(try await works(engine))
    }

    @Test("no rate limit by default: a burst of 5000 calls to one action all succeed")
    func noRateByDefault() async throws {
        let (engine, _, ran) = try makeEngine { _ in }
        defer { engine.close() }
        try engine.evaluate(
            """
            globalThis.n = 0;
            for (let i = 0; i < 5000; i++) bridge.call('echo', {i: i}).then(function () { n++; });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(10_000))
        #expect(try engine.evaluate("n") == 5000)
        #expect(ran.count == 5000)
    }
}
