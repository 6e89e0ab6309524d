import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Native-to-JS events: `emit`, `bridge.on`/`bridge.off`, events kept until a listener attaches.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct BridgeEventTests {
    @Test("events emitted before any listener are kept and delivered in order when bridge.on attaches")
    func earlyEventsAreKept() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        engine.emit("ready", ["n": 1])
        engine.emit("ready", ["n": 2])
        engine.emit("other", "x")
        engine.emit("ready", ["n": 3])
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        try engine.evaluate("globalThis.got = []; bridge.on('ready', function (p) { got.push(p.n); });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == [1, 2, 3])
        // A second listener does not get the early events again.
        try engine.evaluate("globalThis.second = []; bridge.on('ready', function (p) { second.push(p.n); });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("second") == [])
        engine.emit("ready", ["n": 4])
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == [1, 2, 3, 4])
        #expect(try engine.evaluate("second") == [4])
    }

    @Test("early events are bounded by maxEarlyEvents; the newest are kept", arguments: [1, 2, 5])
    func earlyEventsAreBounded(_ max: Int) async throws {
        let engine = try BridgeEngine.forTesting { $0.maxEarlyEvents = max }
        defer { engine.close() }
        for n in 1...8 { engine.emit("tick", .number(Double(n))) }
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        try engine.evaluate("globalThis.got = []; bridge.on('tick', function (p) { got.push(p); });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == .array(((9 - max)...8).map { .number(Double($0)) }))
    }

    @Test("bridge.off removes one listener; off without a function removes all")
    func offRemovesListeners() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.a = []; globalThis.b = [];
            globalThis.fa = function (p) { a.push(p); };
            globalThis.fb = function (p) { b.push(p); };
            bridge.on('e', fa).on('e', fb);
            """)
        engine.emit("e", 1)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        try engine.evaluate("bridge.off('e', fa);")
        engine.emit("e", 2)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("[a, b]") == [[1], [1, 2]])
        try engine.evaluate("bridge.off('e');")
        engine.emit("e", 3)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("[a, b]") == [[1], [1, 2]])
        try engine.evaluate("bridge.off('never-registered', fa);")
    }

    @Test("a throwing listener is reported and the other listeners still run")
    func throwingListener() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.got = [];
            bridge.on('e', function () { throw new Error('listener broke'); });
            bridge.on('e', function (p) { got.push(p); });
            """, sourceURL: "listeners.js")
        engine.emit("e", "payload")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["payload"])
        #expect(engine.uncaughtErrors.count == 1)
        #expect(engine.uncaughtErrors.first?.message.contains("listener broke") == true)
    }

    @Test("emit reports an event and many emits share one delivery")
    func emitReportsEvents() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        var events: [EngineEvent] = []
        engine.addEventObserver { events.append($0) }
        try engine.evaluate("globalThis.got = []; bridge.on('n', function (p) { got.push(p); });")
        for i in 0..<100 { engine.emit("n", .number(Double(i))) }
        #expect(events.count == 100)
        #expect(events.first == .event(name: "n", payload: 0))
        #expect(try engine.evaluate("got.length") == 0, "delivery happens on the loop, not inline")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == .array((0..<100).map { .number(Double($0)) }))
    }

    @Test("bridge.on refuses a non-function listener")
    func onNeedsFunction() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let error = #expect(throws: ScriptError.self) { try engine.evaluate("bridge.on('x', 42)") }
        #expect(error?.message.contains("TypeError") == true)
    }
}
