import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
import BridgeValues

/// The SDK keeps its pending calls in an array from the oldest number on, which starts over when
/// nothing in it waits and moves calls still waiting aside when it has grown long and mostly
/// empty. Every answer must reach its own call whichever of those happened in between.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct PendingCallsTests {
    @Test("calls answered long after thousands of others, with progress, still settle their own promises")
    func lateAnswersAfterTheArrayMoves() async throws {
        let held = Recorder<BridgeResponder>()
        let registry = BridgeRegistry()
        try registry.register(action: "hold", handler: .callback { _, responder in held.append(responder) })
        try registry.register(action: "echo") { call in call.params }
        // (No call timeout: the virtual clock would otherwise run to it while the calls wait.)
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.defaultCallTimeout = .zero }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.log = [];
            globalThis.bad = 0;
            function hold(tag) {
              bridge.call('hold', {tag: tag}, {onProgress: function (p) { log.push(tag + ' progress ' + p); }})
                .then(function (r) { log.push(tag + ' ' + JSON.stringify(r)); });
            }
            // Echo calls in waves: each wave settles in full; the held calls stay.
            async function waves(count, size) {
              for (let w = 0; w < count; w++) {
                const ps = [];
                for (let i = 0; i < size; i++) ps.push(bridge.call('echo', {w: w, i: i}).then(function (r) { if (r.w !== w || r.i !== i) bad++; }));
                await Promise.all(ps);
              }
            }
            hold('first');
            globalThis.phase = waves(3, 1500).then(function () { hold('second'); return waves(2, 700); })
              .then(function () { log.push('waves done'); });
            """)
        // (The held calls keep the engine busy: run until the waves are through.)
        try await engine.run(until: { (try? engine.evaluate("log.length")) == 1 }, limit: .seconds(20))
        #expect(try engine.evaluate("log") == ["waves done"])
        #expect(try engine.evaluate("bad") == 0)
        #expect(held.all.count == 2)
        // The first call now lives aside, the second in the array (or aside too); answer both,
        // the later one first, each after a progress update.
        held.all[1].progress("half")
        #expect(held.all[1].succeed(["n": 2]))
        held.all[0].progress("half")
        #expect(held.all[0].succeed(["n": 1]))
        try await engine.runUntilIdle(limit: .seconds(5))
        // (One batch: both progress updates run as they arrive, the results' reactions after.)
        #expect(try engine.evaluate("log") == ["waves done", "second progress half", "first progress half", #"second {"n":2}"#, #"first {"n":1}"#])
        // Afterwards nothing waits: a plain call still round-trips.
        let outcome = try await engine.settle("bridge.call('echo', {x: 1})")
        #expect(outcome["value"] == ["x": 1])
    }

    @Test("index setters a page puts on Array.prototype and Object.prototype never see the SDK's pending calls")
    func pendingCallsAreOutOfThePagesReach() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in call.params }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.caught = [];
            for (const proto of [Array.prototype, Object.prototype]) {
              for (let i = 0; i < 4; i++) {
                Object.defineProperty(proto, i, { configurable: true,
                  get: function () { caught.push('get ' + i); return undefined; },
                  set: function (v) { caught.push('set ' + i); } });
              }
            }
            """)
        let outcome = try await engine.settle("Promise.all([bridge.call('echo', {a: 1}), bridge.call('echo', {b: 2})])")
        #expect(outcome["value"] == [["a": 1], ["b": 2]])
        #expect(try engine.evaluate("caught") == [])
    }
}
