import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// `while (true) {}` wherever page code runs — a page's inline script, a timer, a promise
/// continuation, a JS handler called from native — is stopped by the VM's execution time limit,
/// reported (with the location JSC gives), and the engine goes on working. The watchdog must
/// re-arm itself, so every case below runs in the same VM, one after the other.
@MainActor
@Suite(.serialized)
struct TimeLimitTests {
    let vm = ScriptVM(timeLimit: .milliseconds(200))

    func makeEngine() throws -> BridgeEngine {
        let registry = try BridgeRegistry(actions: ["echo": .sync { $0.params }])
        return try BridgeEngine.forTesting(registry: registry) { c in
            c.useGlobalRegistry = false
            c.vm = vm
            c.pageURL = "file:///work/page.html"
        }
    }

    func works(_ engine: BridgeEngine) async throws -> Bool {
        try await engine.settle("bridge.call('echo', {after: 'stop'})")["value"] == ["after": "stop"]
    }

    @Test("an HTML page's inline script: stopped, named, the next script and the lifecycle events still run")
    func inlineScript() async throws {
        let engine = try makeEngine()
        defer { engine.close() }
        try PageLoader(pageName: "page.html", pageURL: "file:///work/page.html", baseDirectory: "/work").load(
            html: """
                <html><body>
                <script>
                  globalThis.log = ['first'];
                  while (true) {}
                </script>
                <script>log.push('second'); window.addEventListener('load', function () { log.push('load'); });</script>
                </body></html>
                """, into: engine)
        try await engine.runUntilIdle(limit: .seconds(30))
        let stop = try #require(engine.uncaughtErrors.first)
        #expect(stop.kind == .timeLimit)
        #expect(stop.sourceURL == "page.html (inline script #1)", "the script is named: \(stop)")
        #expect(stop.message.contains("200 ms"))
        #expect(engine.uncaughtErrors.count == 1)
        #expect(try engine.evaluate("log") == ["first", "second", "load"])
        #expect(try await works(engine))
    }

    @Test("a timer callback: stopped, recorded, later timers still fire")
    func timer() async throws {
        let engine = try makeEngine()
        defer { engine.close() }
        try engine.evaluate(
            """
            globalThis.ticks = 0;
            const id = setInterval(function () { ticks++; if (ticks === 3) clearInterval(id); }, 5);
            setTimeout(function () { while (true) {} }, 1);
            setTimeout(function () { globalThis.after = 'ran'; }, 50);
            """, sourceURL: "timers.js")
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(engine.uncaughtErrors.map(\.kind) == [.timeLimit])
        #expect(try engine.evaluate("after") == "ran")
        #expect(try engine.evaluate("ticks") == 3)
        #expect(try await works(engine))
    }

    @Test("a promise continuation: stopped while microtasks drain, and the next call is not aborted")
    func promiseContinuation() async throws {
        let engine = try makeEngine()
        defer { engine.close() }
        // Straight after an evaluation.
        let error = #expect(throws: ScriptError.self) {
            try engine.evaluate("Promise.resolve().then(function () { for (;;) {} }); 'returned';", sourceURL: "micro.js")
        }
        #expect(error?.kind == .timeLimit)
        #expect(error?.message.contains("promise callback") == true, "\(String(describing: error))")
        #expect(try engine.evaluate("1 + 1") == 2, "the pending termination was consumed")
        // In the continuation of a bridge call, run by the engine's delivery.
        try engine.evaluate("bridge.call('echo', {}).then(function () { while (true) {} }); globalThis.mark = 1;")
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(engine.uncaughtErrors.map(\.kind) == [.timeLimit])
        #expect(try await works(engine))
        // In an async function after an await: the microtasks drain as the evaluation returns,
        // so the evaluation reports the stop.
        let later = #expect(throws: ScriptError.self) {
            try engine.evaluate("(async function () { await null; await null; while (true) {} })(); void 0;")
        }
        #expect(later?.kind == .timeLimit)
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(try engine.evaluate("'alive'") == "alive")
        #expect(try await works(engine))
    }

    @Test("a JS handler called from native: callJS settles HANDLER_ERROR naming the time limit; the engine goes on")
    func jsHandler() async throws {
        let engine = try makeEngine()
        defer { engine.close() }
        try engine.evaluate(
            """
            bridge.register('spin', function () { while (true) {} });
            bridge.register('spinLater', async function () { await null; while (true) {} });
            bridge.register('fine', function (p) { return {got: p.x}; });
            """, sourceURL: "handlers.js")
        for name in ["spin", "spinLater"] {
            let error = await #expect(throws: BridgeError.self) { try await engine.callJS(name, [:], timeout: .milliseconds(5000)) }
            #expect(error?.code == .handlerError, "\(name): \(String(describing: error))")
            #expect(error?.message.contains("execution time limit") == true, "\(name): \(String(describing: error))")
            #expect(try await engine.callJS("fine", ["x": 1]) == ["got": 1])
        }
        #expect(try await works(engine))
        #expect(engine.isIdle)
    }

    @Test("ten runaway scripts in a row, across engines of one VM: the watchdog fires every time")
    func reArms() async throws {
        for i in 0..<10 {
            let engine = try makeEngine()
            defer { engine.close() }
            let error = #expect(throws: ScriptError.self) { try engine.evaluate("while (true) {}", sourceURL: "loop\(i).js") }
            #expect(error?.kind == .timeLimit)
            #expect(error?.sourceURL == "loop\(i).js")
            #expect(try await works(engine))
        }
    }
}
