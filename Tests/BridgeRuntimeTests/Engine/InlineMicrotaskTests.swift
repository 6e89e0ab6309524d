import Foundation
import Testing
@testable import BridgeRuntime

/// Deliveries drain the microtasks they release inside their own VM entry and take on answers
/// that synchronous handlers produced meanwhile (`BridgeEngine.takeChainedBatch`). That must not
/// change what a page observes: the same script logs the same order with inline draining on and
/// off, runaways are still stopped, and callbackIds the SDK did not make still reach globals.
@MainActor
struct InlineMicrotaskTests {
    static let script = """
        globalThis.log = [];
        globalThis.cb_99 = function (m) { log.push('raw ' + JSON.stringify(m.result)); };
        bridge.on('tick', function (p) { log.push('event ' + p.n); });
        setTimeout(function () { log.push('timer 0'); }, 0);
        setTimeout(function () { log.push('timer 5'); }, 5);
        queueMicrotask(function () { log.push('micro'); });
        (async function () {
          for (let i = 0; i < 6; i++) {
            const r = await bridge.call('echo', {i: i});
            log.push('seq ' + r.i);
            Promise.resolve().then(function () { log.push('then ' + i); });
            if (i === 2) setTimeout(function () { log.push('timer from seq'); }, 0);
          }
          log.push('seq done');
        })();
        Promise.all([1, 2, 3].map(function (i) {
          return bridge.call('echo', {b: i}).then(function (r) { log.push('batch ' + r.b); return bridge.call('echo', {c: i}); })
            .then(function (r) { log.push('chained ' + r.c); });
        })).then(function () { log.push('all'); });
        bridge.call('nope', {}).catch(function (e) { log.push('error ' + e.code); });
        webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {raw: true}, callbackId: 'cb_99'});
        """

    func run(inline: Bool) async throws -> JSONValue {
        let engine = try makeTestEngine(scoped: makeEchoRegistry()) { c in
            c.useGlobalRegistry = false
            c.vm = ScriptVM(timeLimit: 5, drainMicrotasksInline: inline)
        }
        defer { engine.close() }
        try engine.evaluate(Self.script, sourceURL: "order.js")
        engine.emit("tick", ["n": 1])
        try await engine.runUntilIdle(limit: 5000)
        engine.emit("tick", ["n": 2])
        try await engine.runUntilIdle(limit: 5000)
        #expect(engine.uncaughtErrors.isEmpty, "\(engine.uncaughtErrors)")
        return try engine.evaluate("log")
    }

    @Test("a page sees the same order of answers, microtasks, timers and events with inline draining on and off")
    func sameOrder() async throws {
        try #require(ScriptVM.drainsInline, "this JavaScriptCore does not export what inline draining needs")
        let inline = try await run(inline: true)
        let outside = try await run(inline: false)
        #expect(inline == outside)
        let entries = try #require(inline.arrayValue)
        #expect(entries.count == 28, "\(inline)")
        #expect(entries.contains("raw {\"raw\":true}"), "a callbackId the SDK did not make still reaches the global")
        #expect(entries.contains("error METHOD_NOT_FOUND"))
        #expect(entries.last == "event 2")
    }

    @Test("a runaway after a chain of synchronous answers is stopped, in both modes, and the engine goes on", arguments: [true, false])
    func runawayAfterChain(inline: Bool) async throws {
        let engine = try makeTestEngine(scoped: makeEchoRegistry()) { c in
            c.useGlobalRegistry = false
            c.vm = ScriptVM(timeLimit: 0.2, drainMicrotasksInline: inline)
        }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.count = 0;
            (async function () { for (let i = 0; i < 200; i++) { await bridge.call('echo', {i: i}); count++; } for (;;) {} })();
            """, sourceURL: "spin.js")
        try await engine.runUntilIdle(limit: 10_000)
        #expect(engine.uncaughtErrors.map(\.kind) == [.timeLimit])
        #expect(try engine.evaluate("count") == 200)
        #expect(try await engine.settleJS("bridge.call('echo', {after: 1})")["value"] == ["after": 1])
    }

    @Test("a long chain of sequential calls settles every call, delivered in bounded batches")
    func longChain() async throws {
        let engine = try makeTestEngine(scoped: makeEchoRegistry()) { c in c.useGlobalRegistry = false }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.sum = 0;
            (async function () { for (let i = 1; i <= 20000; i++) { sum += (await bridge.call('echo', {i: i})).i; } })();
            """)
        try await engine.runUntilIdle(limit: 60_000)
        #expect(try engine.evaluate("sum") == .number(20000.0 * 20001 / 2))
        #expect(engine.isIdle)
    }

    @Test("a handler that closes the engine in the middle of a chain of answers: the rest are cancelled, nothing runs after close")
    func closeInsideChain() async throws {
        final class Holder: @unchecked Sendable { weak var engine: BridgeEngine? }
        let holder = Holder()
        let registry = try makeEchoRegistry()
        try registry.register(action: "close") { call in
            MainActor.assumeIsolated { holder.engine?.close() }
            return call.params
        }
        let engine = try makeTestEngine(scoped: registry) { c in c.useGlobalRegistry = false }
        holder.engine = engine
        var events: [String] = []
        engine.onEvent = { event in if case .error(_, _, let error) = event { events.append(error.code.rawValue) } }
        try engine.evaluate("""
            globalThis.seen = [];
            (async function () {
              for (let i = 0; i < 50; i++) {
                try { await bridge.call(i === 20 ? 'close' : 'echo', {i: i}); seen.push(i); }
                catch (e) { seen.push(e.code); }
              }
            })();
            """)
        try await engine.runUntilIdle(limit: 5000)
        #expect(engine.isClosed)
        #expect(events.allSatisfy { $0 == "CANCELLED" }, "\(events)")
    }

    @Test("callbackIds of the SDK's form are delivered as numbers, anything else as text",
          arguments: [("cb_1", 1), ("cb_42", 42), ("cb_123456789012345", 123_456_789_012_345)] as [(String, Int)])
    func sdkNumbers(id: String, n: Int) {
        #expect(BridgeEngine.sdkCallNumber(id) == n)
    }

    @Test("ids that are not exactly cb_<n> stay text", arguments: ["cb_", "cb_0", "cb_01", "cb_1a", "cb_-1", "xb_1", "CB_1", "cb_1234567890123456", "cb 1", ""])
    func notSDKNumbers(id: String) {
        #expect(BridgeEngine.sdkCallNumber(id) == nil)
    }
}

