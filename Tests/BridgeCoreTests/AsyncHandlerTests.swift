import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// `.async` handlers run off the main actor and answer from other threads.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct AsyncHandlerTests {
    @Test("200 concurrent calls to an async handler all settle with their own result", arguments: [false, true])
    func manyConcurrentCalls(_ virtualTime: Bool) async throws {
        let threads = Recorder<Bool>()
        let registry = BridgeRegistry()
        try registry.register(action: "work", handler: .async { call in
            threads.append(Thread.isMainThread)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...15)))
            let n = call.params["n"]?.numberValue ?? -1
            return ["n": .number(n), "square": .number(n * n)]
        })
        let clock: any EngineClock = virtualTime ? VirtualClock() : SystemClock()
        let engine = try BridgeEngine.forTesting(registry: registry, clock: clock)
        defer { engine.close() }
        let outcome = try await engine.settle("""
            (function () {
              const calls = [];
              for (let i = 0; i < 200; i++) calls.push(bridge.call('work', {n: i}));
              return Promise.allSettled(calls).then(function (all) {
                return all.map(function (r, i) { return r.status === 'fulfilled' && r.value.n === i && r.value.square === i * i; });
              });
            })()
            """)
        let flags = try #require(outcome["value"]?.arrayValue)
        #expect(flags.count == 200)
        #expect(flags.allSatisfy { $0 == true }, "\(flags.enumerated().filter { $0.element != true }.map(\.offset))")
        #expect(threads.count == 200)
        #expect(threads.all.allSatisfy { !$0 }, "async handlers must not run on the main thread")
        #expect(engine.isIdle)
    }

    @Test("an async handler's thrown error and its Encodable result cross correctly")
    func encodableAndErrors() async throws {
        struct Profile: Encodable, Sendable {
            var name: String
            var verified: Bool
            var score: Int
        }
        let registry = BridgeRegistry()
        try registry.register(action: "profile", handler: .async { _ in try JSONValue(encoding: Profile(name: "Zoë", verified: true, score: 7)) })
        try registry.register(action: "broken", handler: .async { _ in
            try await Task.sleep(for: .milliseconds(1))
            throw StubError("backend said 503")
        })
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('profile')")["value"] == ["name": "Zoë", "verified": true, "score": 7])
        let broken = try await engine.settle("bridge.call('broken')")
        #expect(broken["code"] == "HANDLER_ERROR")
        #expect(broken["message"] == "backend said 503")
    }

    @Test("virtual time waits for an async handler that answers in real time instead of timing it out")
    func virtualTimeWaitsForAsyncWork() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "slow", handler: .async { _ in
            try await Task.sleep(for: .milliseconds(30))
            return "answered"
        })
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.defaultCallTimeout = .milliseconds(5_000) }
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('slow')")["value"] == "answered")
    }

    @Test("virtual time waits for a callback handler that answers from another thread")
    func virtualTimeWaitsForCallbackWork() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "slow.callback", handler: .callback { _, responder in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { responder.succeed("answered") }
        })
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.defaultCallTimeout = .milliseconds(5_000) }
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('slow.callback')")
        // A callback handler that returned without answering and without arming an engine timer
        // counts as off-thread work, so virtual time waits for it (briefly) before jumping.
        #expect(outcome["value"] == "answered", "\(outcome)")
    }
}
