// Leak driver for `scripts/leaks`: exercises the engine paths many times in one process so that
// anything leaked per engine or per call shows up under valgrind as a multiple of the count.
//
// Built by `scripts/leaks` with plain `swiftc -O -g` (no sanitizer) together with every file of
// the library built with swiftc (scripts/lib/modules.sh). Not a Swift Testing binary: valgrind 3.19 crashes inside
// libdispatch's `dispatch_main` signal thread that Swift Testing's (and any async) `main` ends in,
// so this `main` is synchronous and pumps the engine with `runReady()` and the main run loop.
//
// Usage: leak-driver [ROUNDS]   (default 50; each round runs every scenario once)

import Foundation
@testable import BridgeSupport
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeCore
@testable import BridgePage
@testable import BridgeComponents
@testable import BridgeRunner
@testable import BridgeTestRunner

@MainActor
enum LeakDriver {
    static var failures = 0

    static func check(_ ok: Bool, _ what: String) {
        if !ok {
            failures += 1
            FileHandle.standardError.write(Data("leak-driver: unexpected: \(what)\n".utf8))
        }
    }

    /// Runs the engine until idle (or `limit` seconds), pumping other threads' answers and the
    /// main queue; advances a virtual clock so timers and timeouts fire.
    static func pump(_ engine: BridgeEngine, clock: VirtualClock?, limit: Double = 10) {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            engine.runReady()
            RunLoop.main.run(until: Date().addingTimeInterval(0.0005))
            if engine.isIdle { return }
            clock?.advance(by: .milliseconds(50))
        }
        check(false, "engine not idle after \(limit) s: \(engine.pendingSummary)")
    }

    static func registry() throws -> BridgeRegistry {
        let r = BridgeRegistry()
        try r.register(action: "echo") { call in call.params }
        try r.register(action: "throws") { _ in throw BridgeError(code: .handlerError, message: "boom") }
        try r.register(action: "async.echo", handler: .async { call in
            try await Task.sleep(nanoseconds: 100_000)
            return call.params
        })
        try r.register(action: "async.throws", handler: .async { _ in
            throw BridgeError(code: .handlerError, message: "async boom")
        })
        try r.register(action: "thread.answer", handler: .callback { call, responder in
            let params = call.params
            DispatchQueue.global().async {
                responder.progress(["step": 1])
                _ = responder.succeed(params)
                _ = responder.succeed(["twice": true])  // answering twice: dropped
            }
        })
        try r.register(action: "never", options: ActionOptions(timeout: .milliseconds(200)), handler: .callback { _, _ in })
        try r.register(action: "ordered", options: ActionOptions(ordered: true), handler: .callback { call, responder in
            let params = call.params
            DispatchQueue.global().async { _ = responder.succeed(params) }
        })
        return r
    }

    static let script = """
        globalThis.__done = 0; globalThis.__errors = [];
        function settle(p) { return p.then(function () { __done++; }, function (e) { __errors.push(e.code); __done++; }); }
        settle(bridge.call('echo', { s: 'x\\u2028y', n: [1, 2, { d: new Date(0) }] }));
        settle(bridge.call('throws'));
        settle(bridge.call('async.echo', { a: 1 }));
        settle(bridge.call('async.throws'));
        settle(bridge.call('thread.answer', { t: 1 }, { onProgress: function () {} }));
        settle(bridge.call('never'));
        for (let i = 0; i < 5; i++) settle(bridge.call('ordered', { i: i }));
        settle(bridge.call('no.such.method'));
        settle(bridge.call('echo', { f: function () {} }));
        settle(bridge.call('echo', { n: NaN }));
        const cyc = {}; cyc.self = cyc; settle(bridge.call('echo', cyc));
        webkit.messageHandlers.bridge.postMessage({ method: 'echo', params: { legacy: true }, callbackId: 'globalCb' });
        webkit.messageHandlers.bridge.postMessage('not an object');
        globalThis.globalCb = function (payload) { __done++; };
        bridge.post('echo', { p: 1 }, function (err, r) { __done++; });
        bridge.on('news', function (p) { globalThis.__news = p; });
        bridge.register('js.add', function (p) { return { sum: p.a + p.b }; });
        bridge.register('js.async', function (p) { return Promise.resolve({ ok: true }); });
        bridge.register('js.throws', function (p) { throw new Error('js boom'); });
        setTimeout(function () { globalThis.__timer = true; }, 10);
        const iv = setInterval(function () { clearInterval(iv); }, 5);
        queueMicrotask(function () {});
        Promise.reject(new Error('unhandled'));
        """

    static func scenario(vm: ScriptVM, round: Int) throws {
        let clock = VirtualClock()
        var configuration = EngineConfiguration()
        configuration.scopedRegistry = try registry()
        configuration.useGlobalRegistry = round % 2 == 0
        configuration.clock = clock
        configuration.vm = vm
        let engine = try BridgeEngine(configuration: configuration)
        try engine.evaluate(script, sourceURL: "leak-driver.js")
        engine.emit("news", ["n": .number(Double(round))])
        var jsResults = 0
        for name in ["js.add", "js.async", "js.throws", "js.missing"] {
            Task { @MainActor in
                _ = try? await engine.callJS(name, ["a": 1, "b": 2], timeout: .seconds(1))
                jsResults += 1
            }
        }
        engine.invoke("echo", params: ["native": true]) { _ in jsResults += 1 }
        pump(engine, clock: clock)
        check(jsResults == 5, "callJS/invoke results: \(jsResults)")
        let done = (try? engine.evaluate("__done")) ?? .null
        check(done == .number(17), "JS settled count \(done)")
        // Script errors and a pending call at close (settles CANCELLED).
        _ = try? engine.evaluate("throw new TypeError('thrown at top level')")
        _ = try? engine.evaluate("syntax error here (")
        try engine.evaluate("bridge.call('thread.answer', {late: true}).catch(function () {}); bridge.call('never').catch(function () {});")
        // DOM-lite on first use, touched on even rounds only (both paths).
        engine.installPageSupportOnDemand()
        if round % 2 == 0 {
            check((try? engine.evaluate("typeof document.createElement('div')")) == .string("object"), "DOM-lite on first use")
        }
        engine.close()
        // Schema patterns through ICU (a pattern the native fast path does not take).
        let schemas = try SchemaSet.parse(xml: #"<protocol name="l"><action name="l.a"><param name="s" type="string" pattern="^(ab|cd)+\w*$"/></action></protocol>"#, file: "leak.xml")
        check(schemas.isValid(method: "l.a", params: ["s": "abcdx"]) == true, "ICU pattern match")
        check(schemas.isValid(method: "l.a", params: ["s": "zz"]) == false, "ICU pattern refusal")
    }

    static func main() throws {
        let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 50 : 50
        let shared = ScriptVM()
        for round in 0..<rounds {
            try scenario(vm: shared, round: round)
            try scenario(vm: ScriptVM(), round: round)
        }
        // Let answers still in flight on other threads (closed engines) arrive and be dropped.
        RunLoop.main.run(until: Date().addingTimeInterval(0.2))
        print("leak-driver: \(rounds) rounds, \(failures) unexpected results")
        if failures > 0 { exit(1) }
    }
}

@main
struct LeakDriverMain {
    @MainActor static func main() throws {
        try LeakDriver.main()
    }
}
