import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Every error code of DESIGN.md §4.3 that the core produces, as the page sees it.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct BridgeErrorCodeTests {
    /// Stashes the responders of `never` so the test decides when (if ever) to answer.
    final class Stash: Sendable {
        let responders = Recorder<BridgeResponder>()
    }

    private func registry(_ stash: Stash = Stash()) throws -> BridgeRegistry {
        let registry = try BridgeRegistry(actions: ["echo": .sync { $0.params }])
        try registry.register(action: "never", handler: .callback { _, responder in stash.responders.append(responder) })
        try registry.register(action: "throws.sync") { _ in throw StubError("disk is full") }
        try registry.register(action: "throws.async", handler: .async { _ in
            await Task.yield()
            throw StubError("network is down")
        })
        try registry.register(action: "throws.bridgeError") { _ in
            throw BridgeError(code: .permissionDenied, message: "no camera", details: ["permission": "camera"])
        }
        try registry.register(action: "fails.custom", handler: .callback { _, responder in
            responder.fail(BridgeError(code: .init(rawValue: "DENIED"), message: "user said no", details: ["retry": false]))
        })
        try registry.register(action: "slow.action", options: ActionOptions(timeout: .milliseconds(120)), handler: .callback { _, responder in
            stash.responders.append(responder)
        })
        return registry
    }

    // MARK: METHOD_NOT_FOUND

    @Test("an unknown method settles with METHOD_NOT_FOUND naming it")
    func methodNotFound() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('nope.missing', {a: 1})")
        #expect(outcome["ok"] == false)
        #expect(outcome["code"] == "METHOD_NOT_FOUND")
        #expect(outcome["message"]?.stringValue?.contains("nope.missing") == true)
        #expect(outcome["name"] == "BridgeError")
    }

    @Test("bridge.post hands the error to the callback as its first argument")
    func methodNotFoundCallbackStyle() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.got = null;
            bridge.post('nope.missing', {}, function (err, result) { got = {code: err && err.code, result: result === undefined ? 'undefined' : result}; });
            bridge.post('echo', {x: 1}, function (err, result) { globalThis.ok = {err: err, result: result}; });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["code": "METHOD_NOT_FOUND", "result": "undefined"])
        #expect(try engine.evaluate("ok") == ["err": nil, "result": ["x": 1]])
    }

    // MARK: INVALID_MESSAGE

    @Test("a body that is not an object is reported as an error event and the engine keeps working", arguments: [
        "'just a string'", "42", "null", "[1, 2]", "true", "undefined",
    ])
    func bodyNotAnObject(_ body: String) async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        var errors: [(String?, String?, BridgeError)] = []
        engine.addEventObserver { if case .error(let m, let id, let e) = $0 { errors.append((m, id, e)) } }
        try engine.evaluate("webkit.messageHandlers.bridge.postMessage(\(body));")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(errors.count == 1)
        #expect(errors.first?.2.code == .invalidMessage)
        #expect(errors.first?.1 == nil)
        #expect(errors.first?.2.message.contains("object") == true, "\(errors)")
        #expect(engine.invalidWithoutCallback == 1)
        #expect(engine.uncaughtErrors.isEmpty)
        let outcome = try await engine.settle("bridge.call('echo', {still: 'works'})")
        #expect(outcome["value"] == ["still": "works"])
    }

    @Test("a malformed body with a callbackId gets INVALID_MESSAGE through that callback", arguments: [
        ("{params: {}, callbackId: 'reply'}", "method"),
        ("{method: 5, callbackId: 'reply'}", "method"),
        ("{method: '', callbackId: 'reply'}", "method"),
        ("{method: 'echo', params: [1, 2], callbackId: 'reply'}", "params"),
        ("{method: 'echo', params: 'text', callbackId: 'reply'}", "params"),
        ("{method: 'echo', params: {f: function () {}}, callbackId: 'reply'}", "params.f"),
        ("{method: 'echo', params: {n: NaN}, callbackId: 'reply'}", "params.n"),
    ])
    func malformedWithCallback(_ body: String, _ mentions: String) async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        try engine.evaluate("globalThis.replies = []; function reply(p) { replies.push(p); }")
        try engine.evaluate("webkit.messageHandlers.bridge.postMessage(\(body));")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        let replies = try engine.evaluate("replies")
        #expect(replies.arrayValue?.count == 1, "\(replies)")
        #expect(replies[0]?["callbackId"] == "reply")
        #expect(replies[0]?["result"] == .null)
        #expect(replies[0]?["error"]?["code"] == "INVALID_MESSAGE")
        #expect(replies[0]?["error"]?["message"]?.stringValue?.contains(mentions) == true, "\(replies)")
        #expect(engine.invalidWithoutCallback == 0)
    }

    @Test("bad params through the SDK reject the promise with INVALID_MESSAGE", arguments: ["5", "'text'", "[1, 2]", "true"])
    func badParamsType(_ params: String) async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('echo', \(params))")
        #expect(outcome["code"] == "INVALID_MESSAGE")
        #expect(outcome["message"]?.stringValue?.contains("'params' must be an object") == true, "\(outcome)")
    }

    @Test("null or missing params become an empty object")
    func missingParams() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        #expect(try await engine.settle("bridge.call('echo')")["value"] == [:])
        #expect(try await engine.settle("bridge.call('echo', null)")["value"] == [:])
    }

    @Test("unsendable values without a callbackId are reported as error events naming the path")
    func unsendableWithoutCallback() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        var errors: [BridgeError] = []
        engine.addEventObserver { if case .error(_, nil, let e) = $0 { errors.append(e) } }
        try engine.evaluate("""
            webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {nested: {cb: function () {}}}});
            webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {big: 1n}});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(errors.map(\.code) == [.invalidMessage, .invalidMessage])
        #expect(errors.first?.message.hasPrefix("params.nested.cb:") == true, "\(errors)")
        #expect(errors.last?.message.hasPrefix("params.big:") == true, "\(errors)")
        #expect(engine.invalidWithoutCallback == 2)
        #expect(try await engine.settle("bridge.call('echo', {k: 1})")["value"] == ["k": 1])
    }

    @Test("a callbackId that is not a string is refused without a callback")
    func callbackIdNotAString() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        var errors: [BridgeError] = []
        engine.addEventObserver { if case .error(_, _, let e) = $0 { errors.append(e) } }
        try engine.evaluate("webkit.messageHandlers.bridge.postMessage({method: 'echo', callbackId: {id: 1}});")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(errors.map(\.code) == [.invalidMessage])
        #expect(errors.first?.message.contains("callbackId") == true)
    }

    @Test("an empty or non-string method rejects with a TypeError (post throws it)", arguments: ["''", "42", "null"])
    func sdkChecksMethod(_ method: String) async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call(\(method), {})")
        #expect(outcome["ok"] == false)
        #expect(outcome["name"] == "TypeError", "\(outcome)")
        #expect(outcome["message"]?.stringValue?.contains("method must be a non-empty string") == true)
        let error = #expect(throws: ScriptError.self) { try engine.evaluate("bridge.post(\(method), {}, function () {})") }
        #expect(error?.message.hasPrefix("TypeError") == true, "\(String(describing: error))")
    }

    // MARK: HANDLER_ERROR

    @Test("a thrown Swift error becomes HANDLER_ERROR with its message", arguments: [
        ("throws.sync", "disk is full"),
        ("throws.async", "network is down"),
    ])
    func handlerError(_ method: String, _ message: String) async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('\(method)', {})")
        #expect(outcome["code"] == "HANDLER_ERROR")
        #expect(outcome["message"] == .string(message))
    }

    @Test("a thrown BridgeError keeps its own code, message and details")
    func thrownBridgeErrorKeepsCode() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry())
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('throws.bridgeError')")
        #expect(outcome["code"] == "PERMISSION_DENIED")
        #expect(outcome["message"] == "no camera")
        #expect(outcome["details"] == ["permission": "camera"])
        let custom = try await engine.settle("bridge.call('fails.custom')")
        #expect(custom["code"] == "DENIED")
        #expect(custom["details"] == ["retry": false])
    }

    // MARK: TIMEOUT

    @Test("a per-call timeout settles with TIMEOUT at that time; the late answer is dropped")
    func perCallTimeout() async throws {
        let stash = Stash()
        let clock = VirtualClock()
        let engine = try BridgeEngine.forTesting(registry: try registry(stash), clock: clock)
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.count = 0; globalThis.last = null;
            bridge.call('never', {}, {timeout: 50}).then(
              function (v) { count++; last = {value: v, at: performance.now()}; },
              function (e) { count++; last = {code: e.code, message: e.message, at: performance.now()}; });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(try engine.evaluate("last") == ["code": "TIMEOUT", "message": "'never' did not answer within 50 ms", "at": 50])
        let responder = try #require(stash.responders.all.first)
        #expect(responder.isSettled)
        #expect(responder.succeed("too late") == false)
        #expect(responder.fail(.handlerError("also late")) == false)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("count") == 1)
        #expect(try engine.evaluate("last.code") == "TIMEOUT")
    }

    @Test("the engine default and the action's own timeout apply; a per-call timeout wins")
    func defaultAndActionTimeouts() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry()) { $0.defaultCallTimeout = .milliseconds(200) }
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.at = {};
            function note(name) { return function (e) { at[name] = [e.code, performance.now()]; }; }
            bridge.call('never').catch(note('default'));
            bridge.call('slow.action').catch(note('action'));
            bridge.call('slow.action', {}, {timeout: 30}).catch(note('perCall'));
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(try engine.evaluate("at") == ["default": ["TIMEOUT", 200], "action": ["TIMEOUT", 120], "perCall": ["TIMEOUT", 30]])
        #expect(engine.isIdle)
    }

    @Test("a 30 s virtual timeout finishes at once")
    func longVirtualTimeout() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry()) { $0.defaultCallTimeout = .milliseconds(30_000) }
        defer { engine.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await engine.settle("bridge.call('never')", limit: .milliseconds(60_000))
        #expect(outcome["code"] == "TIMEOUT")
        #expect(engine.clock.now == .seconds(30))
        // Not the 30 s themselves (a loaded machine may take a few seconds to get there).
        #expect(clock.now - start < .seconds(25))
    }

    // MARK: CANCELLED

    @Test("closing the engine cancels pending calls into JS; the responder is then spent")
    func cancelledOnClose() async throws {
        let stash = Stash()
        let engine = try BridgeEngine.forTesting(registry: try registry(stash))
        var console: [String] = []
        engine.addEventObserver { if case .console(_, let text) = $0 { console.append(text) } }
        try engine.evaluate("""
            bridge.call('never', {n: 1}).then(
              function () { console.log('resolved'); },
              function (e) { console.log('rejected ' + e.code + ' ' + e.message); });
            bridge.post('never', {n: 2}, function (err) { console.log('post ' + (err && err.code)); });
            """)
        engine.runReady()
        #expect(stash.responders.count == 2)
        #expect(!engine.isIdle)
        engine.close()
        #expect(console.count == 2)
        #expect(console.contains("rejected CANCELLED engine closed before 'never' settled"), "\(console)")
        #expect(console.contains("post CANCELLED"), "\(console)")
        for responder in stash.responders.all {
            #expect(responder.isSettled)
            #expect(responder.succeed(["late": true]) == false)
        }
        #expect(console.count == 2)
    }

    @Test("BridgeError wire form round-trips and factories use the stable codes")
    func wireForm() {
        let errors: [BridgeError] = [
            .invalidMessage("x"), .methodNotFound("m"), .handlerError("h"), .timeout(method: "m", after: .milliseconds(5)),
            .cancelled(method: "m"), .payloadTooLarge("p"),
            .validationFailed(method: "m", details: [["path": "params.a", "message": "bad"]], summary: "1 problem"),
            .permissionDenied(permission: "camera", page: "about:blank"),
        ]
        #expect(errors.map(\.code.rawValue) == [
            "INVALID_MESSAGE", "METHOD_NOT_FOUND", "HANDLER_ERROR", "TIMEOUT", "CANCELLED", "PAYLOAD_TOO_LARGE",
            "VALIDATION_FAILED", "PERMISSION_DENIED",
        ])
        for error in errors {
            #expect(BridgeError(json: error.jsonValue) == error)
        }
        #expect(BridgeError.wrapping(StubError("oops")) == .handlerError("oops"))
        #expect(BridgeError(json: ["message": "no code"]) == nil)
    }
}
