import Testing
import BridgeRuntimeTesting
@testable import BridgeCore

/// Native and JS calling each other while the other side waits: a JS handler native code called
/// that calls native code again, a native handler that calls a JS handler, nested several levels,
/// and callbacks that throw while the other side waits.
@MainActor
@Suite struct ReentrancyTests {
    func engine(_ registry: BridgeRegistry, clock: any EngineClock = VirtualClock()) throws -> BridgeEngine {
        // Generous native-to-JS timeouts: the nested hops wait for the main actor, which a busy
        // parallel test run shares.
        try BridgeEngine.forTesting(registry: registry, clock: clock) {
            $0.useGlobalRegistry = false
            $0.defaultJSCallTimeout = .seconds(120)
            $0.defaultCallTimeout = .seconds(120)
        }
    }

    @Test("a JS handler called from native awaits bridge.call and answers with its result")
    func jsHandlerCallsNative() async throws {
        let e = try engine(BridgeRegistry(actions: ["user.get": .sync { call in ["name": "Ada", "id": call.params["id"] ?? nil] }]))
        defer { e.close() }
        try e.evaluate("bridge.register('page.whoami', async (p) => { const u = await bridge.call('user.get', {id: p.id}); return {greeting: 'hi ' + u.name, id: u.id}; });")
        #expect(try await e.callJS("page.whoami", ["id": 7]) == ["greeting": "hi Ada", "id": 7])
    }

    @Test("a native handler that calls a JS handler that calls native again: three levels, each settling once")
    func nested() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "leaf") { call in ["leaf": call.params] }
        try registry.register(action: "middle", handler: .async { call in
            let engine = await MainActor.run { call.engine }
            guard let engine else { throw BridgeError.cancelled(method: "middle") }
            let fromJS = try await engine.callJS("page.inner", call.params)
            return ["middle": fromJS]
        })
        let e = try engine(registry, clock: SystemClock())
        defer { e.close() }
        var finals = 0
        e.addEventObserver { if case .result = $0 { finals += 1 } }
        try e.evaluate("""
            bridge.register('page.inner', async (p) => ({inner: await bridge.call('leaf', p)}));
            bridge.register('page.outer', async (p) => ({outer: await bridge.call('middle', p)}));
            """)
        let answer = try await e.callJS("page.outer", ["x": 1])
        #expect(answer == ["outer": ["middle": ["inner": ["leaf": ["x": 1]]]]])
        #expect(finals == 2, "leaf and middle each settled once")
    }

    @Test("a JS handler that throws after calling native: HANDLER_ERROR to native, the native call settled")
    func throwsAfterCalling() async throws {
        let e = try engine(BridgeRegistry(actions: ["echo": .sync { $0.params }]))
        defer { e.close() }
        try e.evaluate("bridge.register('page.fails', async () => { await bridge.call('echo', {}); throw {line: Infinity, message: 'after the call'}; });")
        let error = await #expect(throws: BridgeError.self) { try await e.callJS("page.fails") }
        #expect(error?.code == .handlerError)
        #expect(e.isIdle)
    }

    @Test("a throwing onProgress while native waits to finish: reported, and the call still settles")
    func throwingProgress() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "download", handler: .callback { call, responder in
            responder.progress(["done": 0.5])
            call.engine?.schedule(after: .milliseconds(5)) {
                responder.progress(["done": 0.9])
                responder.succeed(["ok": true])
            }
        })
        let e = try engine(registry)
        defer { e.close() }
        let outcome = try await e.settle("""
            bridge.call('download', {}, {onProgress: (p) => { throw {stack: undefined, line: NaN, toString() { throw 1; }}; }})
            """)
        #expect(outcome["value"] == ["ok": true], "\(outcome)")
        #expect(e.uncaughtErrors.count == 2, "each throwing progress callback is reported: \(e.uncaughtErrors)")
    }

    @Test("callJS from inside a callback handler, answered before the handler answers its own call")
    func callJSFromCallbackHandler() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "ask.page", handler: .callback { call, responder in
            Task { @MainActor in
                guard let engine = call.engine else { return }
                do { responder.succeed(["page said": try await engine.callJS("page.answer", call.params)]) } catch { responder.fail(.wrapping(error)) }
            }
        })
        let e = try engine(registry, clock: SystemClock())
        defer { e.close() }
        try e.evaluate("bridge.register('page.answer', (p) => p.q * 2);")
        #expect(try await e.settle("bridge.call('ask.page', {q: 21})")["value"] == ["page said": 42])
    }
}
