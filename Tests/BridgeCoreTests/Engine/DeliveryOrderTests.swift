import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// What a page observes of the order of answers, promise continuations, timers and events: the
/// order the previous delivery design (continuations drained inside the delivery, through
/// JavaScriptCore's private C++ entry points) was checked to give, which this one must keep;
/// runaways are stopped, callbackIds the SDK did not make still reach globals, and the SDK's own
/// ids travel as numbers.
@MainActor
struct DeliveryOrderTests {
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

    func run() async throws -> JSONValue {
        let engine = try BridgeEngine.forTesting(registry: BridgeRegistry(actions: ["echo": .sync { $0.params }])) { c in
            c.useGlobalRegistry = false
        }
        defer { engine.close() }
        try engine.evaluate(Self.script, sourceURL: "order.js")
        engine.emit("tick", ["n": 1])
        try await engine.runUntilIdle(limit: .seconds(30))
        engine.emit("tick", ["n": 2])
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(engine.uncaughtErrors.isEmpty, "\(engine.uncaughtErrors)")
        return try engine.evaluate("log")
    }

    /// The log both delivery designs gave (recorded when they were compared, before the private
    /// drain was removed).
    static let expected: [String] = [
        "micro", "raw {\"raw\":true}", "event 1", "seq 0", "batch 1", "batch 2", "batch 3",
        "error METHOD_NOT_FOUND", "then 0", "seq 1", "then 1", "chained 1", "chained 2", "chained 3",
        "all", "seq 2", "then 2", "seq 3", "then 3", "seq 4", "then 4",
        "seq 5", "seq done", "then 5", "timer 0", "timer from seq", "timer 5", "event 2",
    ]

    @Test("a page sees answers, microtasks, timers and events in the order it always did")
    func sameOrder() async throws {
        let log = try await run()
        let entries = try #require(log.arrayValue)
        #expect(entries.count == 28, "\(log)")
        #expect(log == .array(Self.expected.map(JSONValue.string)), "\(log)")
        #expect(entries.contains("raw {\"raw\":true}"), "a callbackId the SDK did not make still reaches the global")
    }

    @Test("a runaway after a chain of synchronous answers is stopped, and the engine goes on")
    func runawayAfterChain() async throws {
        let engine = try BridgeEngine.forTesting(registry: BridgeRegistry(actions: ["echo": .sync { $0.params }])) { c in
            c.useGlobalRegistry = false
            c.vm = ScriptVM(timeLimit: .milliseconds(200))
        }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.count = 0;
            (async function () { for (let i = 0; i < 200; i++) { await bridge.call('echo', {i: i}); count++; } for (;;) {} })();
            """, sourceURL: "spin.js")
        try await engine.runUntilIdle(limit: .seconds(10))
        #expect(engine.uncaughtErrors.map(\.kind) == [.timeLimit])
        #expect(try engine.evaluate("count") == 200)
        #expect(try await engine.settle("bridge.call('echo', {after: 1})")["value"] == ["after": 1])
    }

    @Test("a long chain of sequential calls settles every call, in order")
    func longChain() async throws {
        let engine = try BridgeEngine.forTesting(registry: BridgeRegistry(actions: ["echo": .sync { $0.params }])) { c in c.useGlobalRegistry = false }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.sum = 0;
            (async function () { for (let i = 1; i <= 20000; i++) { sum += (await bridge.call('echo', {i: i})).i; } })();
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(try engine.evaluate("sum") == .number(20000.0 * 20001 / 2))
        #expect(engine.isIdle)
    }

    @Test("a handler that closes the engine in the middle of a chain of answers: the rest are cancelled, nothing runs after close")
    func closeInsideChain() async throws {
        final class Holder: @unchecked Sendable { weak var engine: BridgeEngine? }
        let holder = Holder()
        let registry = try BridgeRegistry(actions: ["echo": .sync { $0.params }])
        try registry.register(action: "close") { call in
            MainActor.assumeIsolated { holder.engine?.close() }
            return call.params
        }
        let engine = try BridgeEngine.forTesting(registry: registry) { c in c.useGlobalRegistry = false }
        holder.engine = engine
        var events: [String] = []
        engine.addEventObserver { event in if case .error(_, _, let error) = event { events.append(error.code.rawValue) } }
        try engine.evaluate("""
            globalThis.seen = [];
            (async function () {
              for (let i = 0; i < 50; i++) {
                try { await bridge.call(i === 20 ? 'close' : 'echo', {i: i}); seen.push(i); }
                catch (e) { seen.push(e.code); }
              }
            })();
            """)
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(engine.isClosed)
        #expect(events.allSatisfy { $0 == "CANCELLED" }, "\(events)")
    }

    @Test("callbackIds of the SDK's form are delivered as numbers, anything else as text",
          arguments: [("cb_1", 1), ("cb_42", 42), ("cb_123456789012345", 123_456_789_012_345)] as [(String, Int)])
    func sdkNumbers(id: String, n: Int) {
        #expect(SDKCallbackID.number(id) == n)
        #expect(SDKCallbackID.isSDK(id))
        #expect(SDKCallbackID.string(n) == id)
    }

    @Test("the id written for a number is the prefix and its decimal digits", arguments: [1, 9, 10, 99, 100, 1_000_000_007, 999_999_999_999_999])
    func sdkStrings(n: Int) {
        #expect(SDKCallbackID.string(n) == SDKCallbackID.prefix + String(n))
        #expect(SDKCallbackID.number(SDKCallbackID.string(n)) == n)
    }

    @Test("ids that are not exactly cb_<n> stay text", arguments: ["cb_", "cb_0", "cb_01", "cb_1a", "cb_-1", "xb_1", "CB_1", "cb_1234567890123456", "cb 1", ""])
    func notSDKNumbers(id: String) {
        #expect(SDKCallbackID.number(id) == nil)
        #expect(!SDKCallbackID.isSDK(id))
    }

    /// An answer awaited alone is delivered without a batch around it (`deliverOne`); every kind
    /// of value must arrive as the batch would have brought it, and a continuation that throws
    /// is reported without stopping the next call.
    @Test("answers delivered one at a time keep their values, and a throwing continuation is reported")
    func singleAnswers() async throws {
        let answers: [JSONValue] = [.null, true, false, 0, -1.5, "s", "", ["a": ["b": .null]], [1, "x", [.null]], [:], []]
        let registry = try BridgeRegistry(actions: ["nth": .sync { call in answers[Int(call.params["i"]?.numberValue ?? 0)] }])
        let engine = try BridgeEngine.forTesting(registry: registry) { c in c.useGlobalRegistry = false }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.got = [];
            (async function () {
              for (let i = 0; i < \(answers.count); i++) {
                const r = await bridge.call('nth', {i: i});
                got.push([typeof r, r === null ? 'null' : JSON.stringify(r)]);
              }
              await bridge.call('nth', {i: 1}).then(function () { throw new Error('continuation threw'); }).catch(function (e) { got.push(['caught', e.message]); });
              bridge.call('nth', {i: 2}).then(function () { throw new Error('unhandled in then'); });
              got.push(['after', JSON.stringify(await bridge.call('nth', {i: 7}))]);
            })();
            """, sourceURL: "single.js")
        try await engine.runUntilIdle(limit: .seconds(30))
        var expected: [JSONValue] = answers.map { a in
            switch a {
            case .null: return ["object", "null"]
            case .bool: return ["boolean", .string(a.jsonString())]
            case .number: return ["number", .string(a.jsonString())]
            case .string: return ["string", .string(a.jsonString())]
            default: return ["object", .string(a.jsonString())]
            }
        }
        expected.append(["caught", "continuation threw"])
        expected.append(["after", #"{"a":{"b":null}}"#])
        #expect(try engine.evaluate("got") == .array(expected))
        // The rejection nobody handled is the page's uncaught error, as from any batch.
        #expect(engine.uncaughtErrors.contains { $0.message.contains("unhandled in then") }, "\(engine.uncaughtErrors)")
    }
}
