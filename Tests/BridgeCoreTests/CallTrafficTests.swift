import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
import BridgeValues

/// Params nobody reads stay the page's JSON text: an observer that leaves out the call traffic
/// (`addEventObserver(callTraffic: false)`, the CLI without `--trace`) does not make the engine
/// build them, and still hears failures, console lines and the rest.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct CallTrafficTests {
    /// An engine whose `quiet` action keeps each call without reading its params.
    func quietEngine() throws -> (engine: BridgeEngine, calls: Recorder<BridgeCall>) {
        let calls = Recorder<BridgeCall>()
        let registry = BridgeRegistry()
        try registry.register(action: "quiet") { call in
            calls.append(call)
            return ["ok": true]
        }
        return (try BridgeEngine.forTesting(registry: registry), calls)
    }

    static let script = """
        globalThis.got = [];
        bridge.call('quiet', {a: [1, 'x'], b: {c: true}}).then(function (r) { got.push(r.ok); });
        bridge.call('nope', {}).catch(function (e) { got.push(e.code); });
        console.log('hi');
        """

    @Test("without a traffic observer a handler that ignores its params never has them built; reading them later gives the page's value")
    func unreadParamsAreNotBuilt() async throws {
        let (engine, calls) = try quietEngine()
        defer { engine.close() }
        var events: [String] = []
        engine.addEventObserver(callTraffic: false) { events.append($0.typeName) }
        try engine.evaluate(Self.script)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == [true, "METHOD_NOT_FOUND"])
        #expect(events == ["error", "console"])
        let call = try #require(calls.all.first)
        #expect(!call.paramsStorage.isBuilt)
        #expect(call.params == ["a": [1, "x"], "b": ["c": true]])
        #expect(call.paramsStorage.isBuilt)
    }

    @Test("an observer of the traffic gets every call and result, with the params built for it")
    func trafficObserversGetCalls() async throws {
        let (engine, calls) = try quietEngine()
        defer { engine.close() }
        var quiet: [String] = [], all: [String] = []
        var seenParams: JSONValue?
        engine.addEventObserver(callTraffic: false) { quiet.append($0.typeName) }
        engine.addEventObserver {
            all.append($0.typeName)
            if case .call("quiet", let params, _, _) = $0 { seenParams = params }
        }
        try engine.evaluate(Self.script)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(all == ["call", "result", "call", "error", "console"])
        #expect(quiet == ["error", "console"])
        #expect(seenParams == ["a": [1, "x"], "b": ["c": true]])
        #expect(try #require(calls.all.first).paramsStorage.isBuilt)
    }

    @Test("which events are call traffic")
    func whichEventsAreTraffic() {
        let traffic: [EngineEvent] = [
            .call(method: "m", params: [:], callbackId: nil, via: .message), .result(method: "m", callbackId: nil, result: .null),
            .progress(callbackId: nil, progress: .null), .callJS(handler: "h", params: .null), .jsResult(handler: "h", result: .null, complete: true),
        ]
        let other: [EngineEvent] = [
            .error(method: "m", callbackId: nil, error: .methodNotFound("m")), .jsError(handler: "h", error: .methodNotFound("h")),
            .console(level: "log", message: ""), .notice(""), .event(name: "e", payload: .null),
        ]
        #expect(traffic.map { $0.isCallTraffic } == Array(repeating: true, count: traffic.count))
        #expect(other.map { $0.isCallTraffic } == Array(repeating: false, count: other.count))
    }
}
