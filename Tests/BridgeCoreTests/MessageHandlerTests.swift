import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// The raw WKWebView shape: `window.webkit.messageHandlers.<name>.postMessage(body)`.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct MessageHandlerTests {
    @Test("a raw postMessage with callbackId 'myFn' calls the global function myFn with {callbackId, result, error}")
    func rawCallbackFunction() async throws {
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: ["echo": .sync { $0.params }]))
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.got = [];
            function myFn(payload) { got.push(payload); }
            webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {a: 1, s: '\\u2028'}, callbackId: 'myFn'});
            webkit.messageHandlers.bridge.postMessage({method: 'missing', params: {}, callbackId: 'myFn'});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        let got = try engine.evaluate("got")
        #expect(got[0] == ["callbackId": "myFn", "result": ["a": 1, "s": "\u{2028}"], "error": nil])
        #expect(got[1]?["callbackId"] == "myFn")
        #expect(got[1]?["result"] == .null)
        #expect(got[1]?["error"]?["code"] == "METHOD_NOT_FOUND")
        #expect(got.arrayValue?.count == 2)
    }

    @Test("a raw postMessage without a callbackId runs the handler and answers nobody")
    func fireAndForget() async throws {
        let seen = Recorder<JSONValue>()
        let registry = BridgeRegistry()
        try registry.register(action: "log") { call in
            seen.append(call.params)
            return true
        }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate("webkit.messageHandlers.bridge.postMessage({method: 'log', params: {line: 1}});")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(seen.all == [["line": 1]])
        #expect(engine.uncaughtErrors.isEmpty)
    }

    @Test("an answer to a callbackId naming no global function is an uncaught TypeError, as in a WebView")
    func unknownCallbackName() async throws {
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: ["echo": .sync { $0.params }]))
        defer { engine.close() }
        try engine.evaluate("""
            window.notAFunction = 1;
            webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {}, callbackId: 'noSuchFunction'});
            webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {}, callbackId: 'notAFunction'});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(engine.uncaughtErrors.map(\.message) == [
            #"TypeError: the answer to callbackId "noSuchFunction" could not be delivered: window["noSuchFunction"] is undefined"#,
            #"TypeError: the answer to callbackId "notAFunction" could not be delivered: window["notAFunction"] is not a function"#,
        ])
        #expect(try await engine.settle("bridge.call('echo', {ok: true})")["value"] == ["ok": true])
    }

    @Test("a raw message naming the SDK's callback id cannot settle the SDK's pending call")
    func forgedSDKCallbackID() async throws {
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: [
            "slow": .async { _ in
                try await Task.sleep(for: .milliseconds(50))
                return "genuine"
            },
            "forged": .sync { _ in "FORGED" },
        ]))
        defer { engine.close() }
        try engine.evaluate("""
            window.got = [];
            bridge.call('slow').then(function (v) { got.push('sdk ' + v); });
            window.cb_1 = function (answer) { got.push('global ' + answer.result); };
            webkit.messageHandlers.bridge.postMessage({method: 'forged', callbackId: 'cb_1'});
            """)
        try await engine.runUntilIdle(limit: .seconds(20))
        #expect(try engine.evaluate("got") == ["global FORGED", "sdk genuine"])
        #expect(engine.uncaughtErrors.isEmpty)
    }

    @Test("extra handler names are installed and reported on the call")
    func customHandlerNames() async throws {
        let names = Recorder<String>()
        let registry = BridgeRegistry()
        try registry.register(action: "who") { call in
            names.append(call.handlerName)
            return .string(call.handlerName)
        }
        let engine = try BridgeEngine.forTesting(registry: registry) { $0.handlerNames = ["bridge", "legacyApp"] }
        defer { engine.close() }
        engine.addMessageHandler("late")
        try engine.evaluate("""
            globalThis.got = [];
            function cb(p) { got.push(p.result); }
            webkit.messageHandlers.legacyApp.postMessage({method: 'who', callbackId: 'cb'});
            webkit.messageHandlers.late.postMessage({method: 'who', callbackId: 'cb'});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["legacyApp", "late"])
        #expect(try engine.evaluate("Object.keys(webkit.messageHandlers).sort()") == ["bridge", "late", "legacyApp"])
        #expect(try engine.evaluate("typeof webkit.messageHandlers.nope") == "undefined")
    }

    @Test("Swift dispatch() delivers to a global callback like a posted message")
    func nativeDispatch() async throws {
        let engine = try BridgeEngine.forTesting(registry: try BridgeRegistry(actions: ["echo": .sync { $0.params }]))
        defer { engine.close() }
        try engine.evaluate("globalThis.got = null; function fromNative(p) { got = p; }")
        engine.dispatch(BridgeMessage(method: "echo", params: ["n": 5], callbackId: "fromNative"))
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["callbackId": "fromNative", "result": ["n": 5], "error": nil])
    }

    nonisolated static let bodies: [(JSONValue, Bool)] = [
        (["method": "m"], true),
        (["method": "m", "params": nil, "callbackId": nil], true),
        (["method": "m", "params": [1]], false),
        (["method": ""], false),
        (["params": [:]], false),
        ("m", false),
        (["method": "m", "callbackId": true], false),
    ]

    @Test("BridgeMessage reads bodies strictly", arguments: bodies)
    func messageParsing(_ body: JSONValue, _ valid: Bool) {
        let result = Result { () throws(BridgeError) -> BridgeMessage in try BridgeMessage(body: body) }
        switch result {
        case .success(let message):
            #expect(valid)
            #expect(message.method == "m")
            #expect(message.params == [:])
        case .failure(let error):
            #expect(!valid, "\(error)")
            #expect(error.code == .invalidMessage)
        }
    }
}
