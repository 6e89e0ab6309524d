import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Native-to-JS calls: `bridge.register(name, fn)` and `BridgeEngine.callJS`.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct CallJSTests {
    @Test("a synchronous JS handler answers with its return value")
    func syncHandler() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("bridge.register('add', function (p) { return {sum: p.a + p.b, isBool: typeof p.flag === 'boolean'}; });")
        let result = try await engine.callJS("add", ["a": 2, "b": 40, "flag": true])
        #expect(result == ["sum": 42, "isBool": true])
        #expect(engine.isIdle)
    }

    @Test("a Promise-returning JS handler is awaited (on virtual time)")
    func promiseHandler() async throws {
        let clock = VirtualClock()
        let engine = try BridgeEngine.forTesting(clock: clock)
        defer { engine.close() }
        try engine.evaluate("""
            bridge.register('later', function (p) {
              return new Promise(function (resolve) { setTimeout(function () { resolve({twice: p.x * 2, at: performance.now()}); }, 250); });
            });
            bridge.register('asyncFn', async function (p) { await null; return [p.s, p.s.length]; });
            """)
        #expect(try await engine.callJS("later", ["x": 21]) == ["twice": 42, "at": 250])
        #expect(try await engine.callJS("asyncFn", ["s": "\u{2028}😀"]) == ["\u{2028}😀", 3])
    }

    @Test("params and results cross with strings that could break source text")
    func trickyStrings() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("bridge.register('id', function (p) { return p; });")
        let tricky: JSONValue = ["s": "</script>\"'\n\u{2028}\\", "b": false, "n": nil]
        #expect(try await engine.callJS("id", tricky) == tricky)
    }

    @Test("a thrown or rejected JS error becomes HANDLER_ERROR with the message", arguments: [
        "function () { throw new Error('sync failure'); }",
        "function () { return Promise.reject(new Error('sync failure')); }",
        "async function () { await null; throw new Error('sync failure'); }",
        "function () { throw 'sync failure'; }",
    ])
    func thrownErrors(_ fn: String) async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("bridge.register('bad', \(fn));")
        let error = await #expect(throws: BridgeError.self) { try await engine.callJS("bad") }
        #expect(error?.code == .handlerError)
        #expect(error?.message == "sync failure")
        #expect(engine.uncaughtErrors.isEmpty)
    }

    @Test("nothing registered gives METHOD_NOT_FOUND; unregister removes a handler")
    func notRegistered() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let error = await #expect(throws: BridgeError.self) { try await engine.callJS("nobody") }
        #expect(error?.code == .methodNotFound)
        #expect(error?.message.contains("nobody") == true)
        try engine.evaluate("bridge.register('gone', function () { return 1; }); bridge.unregister('gone');")
        let gone = await #expect(throws: BridgeError.self) { try await engine.callJS("gone") }
        #expect(gone?.code == .methodNotFound)
    }

    @Test("a JS handler that never answers times out; the late answer is dropped")
    func timeout() async throws {
        let clock = VirtualClock()
        let engine = try BridgeEngine.forTesting(clock: clock) { $0.defaultJSCallTimeout = .milliseconds(400) }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.resolveLater = null;
            bridge.register('hang', function () { return new Promise(function (r) { resolveLater = r; }); });
            """)
        let error = await #expect(throws: BridgeError.self) { try await engine.callJS("hang", timeout: .milliseconds(50)) }
        #expect(error?.code == .timeout)
        #expect(clock.now == .milliseconds(50))
        let byDefault = await #expect(throws: BridgeError.self) { try await engine.callJS("hang") }
        #expect(byDefault?.code == .timeout)
        #expect(clock.now == .milliseconds(450))
        try engine.evaluate("resolveLater('late');")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(engine.isIdle)
        try engine.evaluate("bridge.register('quick', function () { return 'fine'; });")
        #expect(try await engine.callJS("quick") == "fine")
    }

    @Test("a result that cannot cross is refused with INVALID_MESSAGE naming the path")
    func unsendableResult() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("bridge.register('fn', function () { return {nested: {cb: function () {}}}; });")
        let error = await #expect(throws: BridgeError.self) { try await engine.callJS("fn") }
        #expect(error?.code == .invalidMessage)
        #expect(error?.message.hasPrefix("result.nested.cb") == true, "\(String(describing: error))")
    }

    @Test("undefined results arrive as null; Dates as ISO strings")
    func resultConversion() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("bridge.register('nothing', function () {}); bridge.register('when', function () { return new Date(Date.UTC(2020, 1, 29)); });")
        #expect(try await engine.callJS("nothing") == .null)
        #expect(try await engine.callJS("when") == "2020-02-29T00:00:00.000Z")
    }

    @Test("closing the engine cancels a callJS that waits while another task runs the loop")
    func cancelledByCloseWhileLoopRuns() async throws {
        let held = Recorder<BridgeResponder>()
        let registry = BridgeRegistry()
        try registry.register(action: "hold", handler: .callback { _, responder in held.append(responder) })
        let engine = try BridgeEngine.forTesting(registry: registry, clock: SystemClock())
        // The pending 'hold' call keeps the loop running until close() cancels it.
        try engine.evaluate("""
            bridge.register('hang', function () { return new Promise(function () {}); });
            bridge.call('hold', {}, {timeout: 120000}).catch(function () {});
            """)
        let runner = Task { @MainActor in try? await engine.runUntilIdle(limit: .milliseconds(60_000)) }
        // The runner task starts when the main actor gets to it (late on a loaded machine).
        let deadline = ContinuousClock.now + .seconds(60)
        while !engine.loop.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        try #require(engine.loop.isRunning)
        engine.schedule(after: .milliseconds(20)) { engine.close() }
        let error = await #expect(throws: BridgeError.self) { try await engine.callJS("hang", timeout: .milliseconds(5000)) }
        #expect(error?.code == .cancelled)
        await runner.value
        #expect(held.all.first?.isSettled == true)
        let closed = await #expect(throws: BridgeError.self) { try await engine.callJS("hang") }
        #expect(closed?.code == .cancelled)
    }

    @Test("closing the engine cancels a callJS that is driving the loop itself", .timeLimit(.minutes(3)))
    func cancelledByCloseWhileCallJSDrivesTheLoop() async throws {
        let engine = try BridgeEngine.forTesting(clock: SystemClock())
        try engine.evaluate("bridge.register('hang', function () { return new Promise(function () {}); });")
        engine.schedule(after: .milliseconds(20)) { engine.close() }
        let error = await #expect(throws: BridgeError.self) { try await engine.callJS("hang", timeout: .milliseconds(5000)) }
        #expect(error?.code == .cancelled)
    }

    @Test("many concurrent callJS calls each get their own answer")
    func concurrentCalls() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("bridge.register('sq', function (p) { return new Promise(function (r) { setTimeout(function () { r(p.n * p.n); }, 100 - p.n); }); });")
        var tasks: [Task<JSONValue, any Error>] = []
        for n in 0..<20 {
            tasks.append(Task { @MainActor in try await engine.callJS("sq", ["n": .number(Double(n))]) })
        }
        var results: [Int: JSONValue] = [:]
        for (n, task) in tasks.enumerated() { results[n] = try await task.value }
        for n in 0..<20 { #expect(results[n] == .number(Double(n * n))) }
    }
}
