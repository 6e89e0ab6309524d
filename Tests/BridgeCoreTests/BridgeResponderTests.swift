import Dispatch
import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Exactly-once settlement: however many answers race (threads, timeouts, close), JS sees one.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct BridgeResponderTests {
    /// JS that fires `count` calls to `method` and counts settlements per call.
    private func fire(_ engine: BridgeEngine, _ method: String, count: Int, options: String = "{}") throws {
        try engine.evaluate("""
            globalThis.settled = {}; globalThis.outcomes = {}; globalThis.total = 0;
            function note(i, o) { settled[i] = (settled[i] || 0) + 1; outcomes[i] = o; total++; }
            for (let i = 0; i < \(count); i++) {
              bridge.call('\(method)', {i: i}, \(options)).then(
                function (v) { note(i, {ok: v}); },
                function (e) { note(i, {code: e.code, message: e.message}); });
            }
            """)
    }

    private func expectEachSettledOnce(_ engine: BridgeEngine, count: Int) throws {
        let settled = try engine.evaluate("settled")
        #expect(try engine.evaluate("total") == .number(Double(count)))
        for i in 0..<count {
            #expect(settled["\(i)"] == 1, "call \(i) settled \(String(describing: settled["\(i)"])) times")
        }
    }

    /// Registers `race` (callback style) that stashes responders by `params.i`.
    private func stashingRegistry(_ stash: LockedValue<[Int: BridgeResponder]>, options: ActionOptions = .init()) throws -> BridgeRegistry {
        let registry = BridgeRegistry()
        try registry.register(action: "race", options: options, handler: .callback { call, responder in
            let i = call.params["i"]?.intValue ?? -1
            stash.update { $0[i] = responder }
        })
        return registry
    }

    @Test("answers racing from many threads settle each call exactly once, with the winner's answer")
    func concurrentAnswers() async throws {
        let count = 40
        let stash = LockedValue<[Int: BridgeResponder]>([:])
        let engine = try BridgeEngine.forTesting(registry: try stashingRegistry(stash), clock: SystemClock())
        defer { engine.close() }
        try fire(engine, "race", count: count)
        engine.runReady()
        let responders = stash.current
        #expect(responders.count == count)

        // winners[i] = the iteration whose answer claimed call i.
        let winners = LockedValue<[Int: [Int]]>([:])
        await Task.detached {
            for (i, responder) in responders {
                DispatchQueue.concurrentPerform(iterations: 16) { k in
                    let won = k % 2 == 0
                        ? responder.succeed(["k": .number(Double(k))])
                        : responder.fail(BridgeError(code: .handlerError, message: "k\(k)"))
                    if won { winners.update { $0[i, default: []].append(k) } }
                }
            }
        }.value
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        try expectEachSettledOnce(engine, count: count)
        let outcomes = try engine.evaluate("outcomes")
        for i in 0..<count {
            let won = winners.current[i] ?? []
            #expect(won.count == 1, "call \(i) had \(won.count) winning answers")
            guard let k = won.first else { continue }
            let expected: JSONValue = k % 2 == 0 ? ["ok": ["k": .number(Double(k))]] : ["code": "HANDLER_ERROR", "message": .string("k\(k)")]
            #expect(outcomes["\(i)"] == expected)
        }
    }

    @Test("answers after a timeout are refused and never reach JS")
    func answersAfterTimeout() async throws {
        let count = 20
        let stash = LockedValue<[Int: BridgeResponder]>([:])
        let engine = try BridgeEngine.forTesting(registry: try stashingRegistry(stash))
        defer { engine.close() }
        try fire(engine, "race", count: count, options: "{timeout: 30}")
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        try expectEachSettledOnce(engine, count: count)
        let accepted = LockedValue(0)
        let responders = Array(stash.current.values)
        await Task.detached {
            DispatchQueue.concurrentPerform(iterations: responders.count * 4) { k in
                if responders[k % responders.count].succeed("late") { accepted.update { $0 += 1 } }
            }
        }.value
        #expect(accepted.current == 0)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        try expectEachSettledOnce(engine, count: count)
        let outcomes = try engine.evaluate("outcomes")
        for i in 0..<count { #expect(outcomes["\(i)"]?["code"] == "TIMEOUT") }
    }

    @Test("an answer racing the timeout on real time wins or loses as a whole")
    func answerRacingTimeout() async throws {
        let count = 30
        let claimed = LockedValue<[Int: Bool]>([:])
        let registry = BridgeRegistry()
        try registry.register(action: "race", handler: .callback { call, responder in
            let i = call.params["i"]?.intValue ?? -1
            let delay = Double.random(in: 0...0.04)
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                let won = responder.succeed(.number(Double(i)))
                claimed.update { $0[i] = won }
            }
        })
        let engine = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        defer { engine.close() }
        try fire(engine, "race", count: count, options: "{timeout: 20}")
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        // Let every late answer arrive, then run whatever they posted.
        let deadline = ContinuousClock.now + .seconds(10)
        while claimed.current.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(claimed.current.count == count)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        try expectEachSettledOnce(engine, count: count)
        let outcomes = try engine.evaluate("outcomes")
        for i in 0..<count {
            guard let won = claimed.current[i] else {
                Issue.record("call \(i) never answered")
                continue
            }
            if won {
                #expect(outcomes["\(i)"] == ["ok": .number(Double(i))])
            } else {
                #expect(outcomes["\(i)"]?["code"] == "TIMEOUT")
            }
        }
    }

    @Test("answers after close are refused; JS saw exactly one CANCELLED per call")
    func answersAfterClose() async throws {
        let count = 10
        let stash = LockedValue<[Int: BridgeResponder]>([:])
        let engine = try BridgeEngine.forTesting(registry: try stashingRegistry(stash))
        var cancelled: [String] = []
        engine.addEventObserver { if case .console(_, let text) = $0 { cancelled.append(text) } }
        try engine.evaluate("""
            for (let i = 0; i < \(count); i++) {
              bridge.call('race', {i: i}).then(function () { console.log('ok ' + i); }, function (e) { console.log(e.code + ' ' + i); });
            }
            """)
        engine.runReady()
        engine.close()
        #expect(cancelled.sorted() == (0..<count).map { "CANCELLED \($0)" }.sorted())
        let responders = Array(stash.current.values)
        let accepted = LockedValue(0)
        await Task.detached {
            DispatchQueue.concurrentPerform(iterations: responders.count * 4) { k in
                let r = responders[k % responders.count]
                if k % 2 == 0 ? r.succeed(1) : r.fail(.handlerError("x")) { accepted.update { $0 += 1 } }
            }
        }.value
        #expect(accepted.current == 0)
        #expect(cancelled.count == count)
    }

    @Test("respond(Result) and succeed(encoding:) settle once and map errors")
    func respondVariants() async throws {
        struct Payload: Encodable, Sendable { var name: String; var tags: [String] }
        let registry = BridgeRegistry()
        try registry.register(action: "encoded", handler: .callback { _, responder in
            #expect(responder.succeed(encoding: Payload(name: "n", tags: ["a"])))
            #expect(!responder.respond(.success("second")))
        })
        try registry.register(action: "result.failure", handler: .callback { _, responder in
            #expect(responder.respond(.failure(StubError("wrapped"))))
            #expect(!responder.succeed(1))
        })
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('encoded')")["value"] == ["name": "n", "tags": ["a"]])
        let failed = try await engine.settle("bridge.call('result.failure')")
        #expect(failed["code"] == "HANDLER_ERROR")
        #expect(failed["message"] == "wrapped")
    }

    @Test("a sync handler answering inline settles once per call under load")
    func syncHandlersSettleOnce() async throws {
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: ["echo": .sync { $0.params }]))
        defer { engine.close() }
        try fire(engine, "echo", count: 500)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        try expectEachSettledOnce(engine, count: 500)
        #expect(try engine.evaluate("outcomes[499]") == ["ok": ["i": 499]])
    }
}
