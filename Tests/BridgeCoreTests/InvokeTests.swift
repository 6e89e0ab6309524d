import Testing
import BridgeRuntimeTesting
@testable import BridgeCore

/// Native code calling actions (`invoke`) and handler tasks that outlive their calls.
@MainActor
@Suite struct InvokeTests {
    @Test("await invoke of an async handler drives the loop itself and returns")
    func asyncInvoke() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "slow.double", handler: .async { call in
            try await Task.sleep(for: .milliseconds(20))
            return .number((call.params["n"]?.numberValue ?? 0) * 2)
        })
        let e = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        defer { e.close() }
        #expect(try await e.invoke("slow.double", params: ["n": 21]) == 42)
        #expect(e.isIdle)
    }

    @Test("invoke of a handler that never answers times out with the action's timeout")
    func invokeTimesOut() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "never", options: ActionOptions(timeout: .milliseconds(300)), handler: .callback { _, _ in })
        let clock = VirtualClock()
        let e = try BridgeEngine.forTesting(registry: registry, clock: clock)
        defer { e.close() }
        let error = await #expect(throws: BridgeError.self) { try await e.invoke("never") }
        #expect(error?.code == .timeout)
        #expect(clock.now == .milliseconds(300))
    }

    @Test("a pending invoke settles CANCELLED when the engine closes")
    func invokeCancelledOnClose() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "never", handler: .callback { _, _ in })
        let e = try BridgeEngine.forTesting(registry: registry)
        var outcome: Result<JSONValue, BridgeError>?
        e.invoke("never") { outcome = $0 }
        #expect(outcome == nil)
        e.close()
        #expect(outcome == .failure(.cancelled(method: "never")))
    }

    @Test("an async handler's task is cancelled when its call times out, and when the engine closes", arguments: [false, true])
    func asyncTaskCancelled(byClose: Bool) async throws {
        let cancelled = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "long", options: ActionOptions(timeout: .milliseconds(50)), handler: .async { call in
            do {
                // Far longer than any run: under a parallel test run the main actor can be held by
                // other tests for tens of seconds, and a handler that finished meanwhile would
                // beat its own 50 ms timeout (seen once: a 30 s sleep, the main actor held ~50 s).
                try await Task.sleep(for: .seconds(3600))
            } catch is CancellationError {
                cancelled.append("cancelled")
                throw CancellationError()
            }
            return "finished"
        })
        let e = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        try e.evaluate("globalThis.out = null; bridge.call('long').catch(function (err) { out = err.code; });")
        if byClose {
            try await Task.sleep(for: .milliseconds(10))
            e.runReady()
            e.close()
        } else {
            try await e.runUntilIdle(limit: .seconds(600))
            let out = try e.evaluate("out")
            #expect(out == "TIMEOUT")
            e.close()
        }
        for _ in 0..<200 where cancelled.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(cancelled.all == ["cancelled"], "the handler saw its task cancelled")
    }
}
