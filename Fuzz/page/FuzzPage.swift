// libFuzzer entry: whole page scripts assembled from hostile fragments.
//
// Built by `scripts/fuzz page` against the library built with the sanitizers. Each input is read
// as a program: every byte pair picks a fragment (tampered built-ins, throwing getters, revoked
// proxies, non-finite numbers, thrown odd values, re-entrant calls from a JS handler native code
// calls, progress, ordered and delayed handlers, timers, finite chains of continuations) and a
// parameter. The script runs in a fresh engine on a virtual clock with a short execution time
// limit; then native code calls the JS handlers the page registered and closes the engine.
//
// Invariants checked after every input (a violation is a crash libFuzzer records):
//  - the process does not crash (ASan, traps);
//  - every call that named a callback settled exactly once (a result or an error event);
//  - a run ends within its limit (libFuzzer's -timeout catches a hang);
//  - the engine still answers a plain call after the hostile script.
// Endless continuation chains are left out on purpose: only the process guard stops them (the
// hostile-page corpus checks that), and it ends the process.

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

let fragments: [@Sendable (Int) -> String] = [
    { n in "bridge.call('echo', {n: \(n)}).then(v => { if (v.n !== \(n)) throw new Error('wrong answer'); }, () => {});" },
    { n in "bridge.call('slow', {n: \(n)}).catch(() => {});" },
    { n in "bridge.call('progress', {}, {onProgress: () => { if (\(n) % 2) throw new Error('progress'); }}).catch(() => {});" },
    { n in "bridge.call('ordered', {n: \(n)}).catch(() => {}); bridge.call('ordered', {n: \(n + 1)}).catch(() => {});" },
    { n in "bridge.call('throws', {}).catch(() => {});" },
    { n in "bridge.call('never', {}, {timeout: \(n % 7 == 0 ? "Infinity" : n % 7 == 1 ? "NaN" : n % 7 == 2 ? "-1" : String(n))}).catch(() => {});" },
    { n in "bridge.call('missing.\(n)').catch(() => {});" },
    { n in "bridge.post('echo', {n: \(n)}, () => { throw {line: Infinity, column: NaN}; });" },
    { n in "webkit.messageHandlers.bridge.postMessage({method: 'echo', params: {n: \(n)}, callbackId: 'raw\(n % 3)'});" },
    { n in "window['raw\(n % 3)'] = () => { throw (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })(); };" },
    { n in "Promise.reject({line: \(["Infinity", "-Infinity", "NaN", "1e300", "-5", "'x'"][n % 6]), sourceURL: 'f.js'});" },
    { n in "throw {line: \(["Infinity", "NaN", "2**60", "0.5"][n % 4]), toString() { throw 1; }};" },
    { n in "const e\(n) = new Error('s'); Object.defineProperty(e\(n), 'stack', {get() { throw e\(n); }}); Promise.reject(e\(n));" },
    { n in "setTimeout(() => { throw Symbol('t'); }, \(["Infinity", "NaN", "-1", "0", "1e300", String(n)][n % 6]));" },
    { n in "{ let k = 0; const t = setInterval(() => { if (++k > 3) clearInterval(t); }, \(n % 5)); }" },
    { n in "setInterval(() => {}, \(n % 3));" },
    { n in "for (let i = 0; i < \(1 + n % 40); i++) clearTimeout(i);" },
    { n in "let p\(n) = Promise.resolve(); for (let i = 0; i < \(n * 50); i++) p\(n) = p\(n).then(() => {});" },
    { n in "queueMicrotask(() => { bridge.call('echo', {q: \(n)}).catch(() => {}); });" },
    { n in "bridge.register('h\(n % 4)', async (p) => { await bridge.call('echo', p); return {got: p}; });" },
    { n in "bridge.register('h\(n % 4)', () => { throw {line: Infinity}; });" },
    { n in "bridge.register('h\(n % 4)', () => (() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })());" },
    { n in "bridge.register('h\(n % 4)', () => ({then(ok) { ok(NaN); }}));" },
    { n in "bridge.on('e\(n % 2)', () => { bridge.call('echo', {}).catch(() => {}); throw new Error('listener'); });" },
    { n in "JSON.stringify = () => { throw new Error('t'); };" },
    { n in "Array.prototype.push = () => { throw new Error('t'); };" },
    { n in "Map.prototype.get = () => undefined; Map.prototype.set = function () { return this; };" },
    { n in "Function.prototype.call = Function.prototype.apply = () => { throw new Error('t'); };" },
    { n in "Promise.prototype.then = function () { throw new Error('t'); };" },
    { n in "Object.prototype.then = function (ok) { ok(\(n)); };" },
    { n in "Object.freeze(Error.prototype); Object.freeze(Object.prototype);" },
    { n in "bridge.call('echo', {get v() { throw new Error('getter'); }}).catch(() => {});" },
    { n in "bridge.call('echo', new Proxy({}, {ownKeys() { throw 1; }, get() { throw 2; }})).catch(() => {});" },
    { n in "let k\(n) = 0; bridge.call('echo', {get s() { return ++k\(n) === 1 ? 'x' : 'y'.repeat(\(n % 3 == 0 ? "3 << 20" : "10")); }}).catch(() => {});" },
    { n in "bridge.call('echo', {'\\u00e9': \(n), 'e\\u0301': 'x', 'K': 1, '\\u212A': 2}).then(v => { if (Object.keys(v).length !== 4) throw new Error('merged'); });" },
    { n in "bridge.call('echo', {a: [\(n), NaN]}).catch(() => {});" },
    { n in "bridge.call('echo', {f() {}}).catch(() => {});" },
    { n in "const c\(n) = {}; c\(n).self = c\(n); bridge.call('echo', c\(n)).catch(() => {});" },
    { n in "location.href = 'hybrid://x?parameter=' + encodeURIComponent('{\"action\":\"echo\",\"callback\":\"raw\(n % 3)\",\"n\":\(n)}');" },
    { n in "document.title = '\(n)'; const f\(n) = document.createElement('iframe'); f\(n).src = 'hybrid://x?parameter=%7B'; document.body.appendChild(f\(n));" },
    { n in "console.log('%s %d %j %o', {toString() { throw 1; }}, Symbol('x'), {get a() { throw 2; }}, \(n));" },
    { n in "var bridge = {shadowed: \(n)}; bridgeSDK.call('echo', {}).catch(() => {});" },
]

@MainActor
enum PageFuzzState {
    static let vm = ScriptVM(timeLimit: .milliseconds(200))
    static var inputs = 0

    static func registry() -> BridgeRegistry {
        let registry = BridgeRegistry()
        try! registry.register(action: "echo") { call in call.params }
        try! registry.register(action: "throws") { _ in throw BridgeError.handlerError("thrown") }
        try! registry.register(action: "never", handler: .callback { _, _ in })
        try! registry.register(action: "slow", handler: .callback { call, responder in
            call.engine?.schedule(after: .milliseconds(5)) { responder.succeed(call.params) }
        })
        try! registry.register(action: "progress", handler: .callback { _, responder in
            responder.progress(1)
            responder.progress(.number(.infinity))
            responder.succeed(true)
        })
        try! registry.register(action: "ordered", options: ActionOptions(timeout: .milliseconds(50), ordered: true), handler: .async { call in
            call.params
        })
        return registry
    }
    static let table = registry()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var script = ""
    var i = 0
    while i + 1 < bytes.count, i < 64 {
        let fragment = fragments[Int(bytes[i]) % fragments.count]
        script += "try { " + fragment(Int(bytes[i + 1])) + " } catch (e) {}\n"
        i += 2
    }
    MainActor.assumeIsolated { run(script) }
    return 0
}

@MainActor
func run(_ script: String) {
    var configuration = EngineConfiguration()
    configuration.scopedRegistry = PageFuzzState.table
    configuration.useGlobalRegistry = false
    configuration.clock = VirtualClock()
    configuration.vm = PageFuzzState.vm
    configuration.defaultCallTimeout = .milliseconds(100)
    configuration.defaultJSCallTimeout = .milliseconds(100)
    let engine = try! BridgeEngine(configuration: configuration)
    var finals: [String: Int] = [:]
    var named: Set<String> = []
    engine.addEventObserver { event in
        switch event {
        case .call(_, _, let id?, _): named.insert(id)
        case .result(_, let id?, _), .error(_, let id?, _): finals[id, default: 0] += 1
        default: break
        }
    }
    try? engine.installPageSupport()
    _ = try? engine.evaluate(script, sourceURL: "fuzz-page.js")
    // Native drives the page: the handlers it registered, and events.
    var requests: [Int] = []
    for name in ["h0", "h1", "h2", "h3", "nobody"] {
        if let r = try? engine.jsCalls.begin(name, .data(["n": 1]), timeout: .milliseconds(50)) { requests.append(r) }
    }
    engine.emit("e0", ["x": 1])
    engine.emit("e1", .number(.nan))
    let deadline = DispatchTime.now().uptimeNanoseconds + 100_000_000
    while !engine.isIdle, DispatchTime.now().uptimeNanoseconds < deadline {
        if !engine.runReady() {
            if let next = engine.nextTimerDeadline { (engine.clock as? VirtualClock)?.advance(to: next) } else { RunLoop.main.run(until: Date().addingTimeInterval(0.001)) }
        }
    }
    // A page with a live interval never goes idle (as in Node); its run ends at the limit, and
    // closing settles what is left. Every native-to-JS call settled: an answer, an error, its
    // timeout or CANCELLED.
    let idle = engine.isIdle
    engine.close()
    for r in requests where engine.jsCalls.takeResult(r) == nil && idle {
        fatalError("native-to-JS call \(r) never settled\n\(script)")
    }
    for id in named where finals[id, default: 0] != 1 && !id.hasPrefix("raw") {
        fatalError("call \(id) settled \(finals[id, default: 0]) times\n\(script)")
    }
    PageFuzzState.inputs += 1
}
