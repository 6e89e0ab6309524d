import Dispatch
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Progress payloads come before the final answer, only to callers that asked, and never after.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ProgressTests {
    private func registry() throws -> BridgeRegistry {
        let registry = BridgeRegistry()
        try registry.register(action: "download", handler: .callback { _, responder in
            DispatchQueue.global().async {
                responder.progress(["pct": 10])
                responder.progress(["pct": 60])
                responder.progress(["pct": 100])
                responder.succeed(["file": "a.zip"])
                responder.progress(["pct": 999])
            }
        })
        try registry.register(action: "download.sync", handler: .callback { _, responder in
            responder.progress(["pct": 1])
            responder.succeed("done")
            responder.progress(["pct": 2])
        })
        return registry
    }

    @Test("onProgress receives every update before the result and none after", arguments: ["download", "download.sync"])
    func progressBeforeResult(_ method: String) async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry(), clock: SystemClock())
        defer { engine.close() }
        var progressEvents = 0
        engine.addEventObserver { if case .progress = $0 { progressEvents += 1 } }
        try engine.evaluate("""
            globalThis.log = [];
            bridge.call('\(method)', {}, {onProgress: function (p) { log.push(p.pct); }})
              .then(function (r) { log.push(['result', r]); });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        let log = try engine.evaluate("log")
        if method == "download" {
            #expect(log == [10, 60, 100, ["result", ["file": "a.zip"]]])
            #expect(progressEvents == 3)
        } else {
            #expect(log == [1, ["result", "done"]])
            #expect(progressEvents == 1)
        }
    }

    @Test("a caller without onProgress gets only the result")
    func noProgressWithoutListener() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry(), clock: SystemClock())
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('download')")
        #expect(outcome["value"] == ["file": "a.zip"])
        #expect(engine.uncaughtErrors.isEmpty)
    }

    @Test("a raw postMessage callback gets progress payloads, then the final payload")
    func rawCallbackProgress() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry(), clock: SystemClock())
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.got = [];
            function onDownload(p) { got.push(p); }
            webkit.messageHandlers.bridge.postMessage({method: 'download', params: {}, callbackId: 'onDownload'});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(60_000))
        #expect(try engine.evaluate("got") == [
            ["callbackId": "onDownload", "progress": ["pct": 10]],
            ["callbackId": "onDownload", "progress": ["pct": 60]],
            ["callbackId": "onDownload", "progress": ["pct": 100]],
            ["callbackId": "onDownload", "result": ["file": "a.zip"], "error": nil],
        ])
    }

    @Test("a throwing onProgress is reported and the call still settles")
    func throwingProgressListener() async throws {
        let engine = try BridgeEngine.forTesting(registry: try registry(), clock: SystemClock())
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('download', {}, {onProgress: function () { throw new Error('bad listener'); }})")
        #expect(outcome["value"] == ["file": "a.zip"])
        #expect(engine.uncaughtErrors.contains { $0.message.contains("bad listener") })
    }
}
