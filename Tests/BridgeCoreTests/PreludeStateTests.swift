import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine

/// The prelude's own state: its tables (pending calls, timers, handlers, listeners) are
/// prototype-less objects that no name and no patch of `Object.prototype` reaches, and `Date`
/// stays the built-in until fake time first drives the engine.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct PreludeStateTests {
    @Test("Date is the built-in until fake time; then the shim, while references taken before stay real")
    func dateIsTheBuiltInUntilFakeTime() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        #expect(try engine.evaluate("""
            globalThis.Early = Date; globalThis.earlyNow = Date.now;
            [Function.prototype.toString.call(Date).includes('[native code]'), new Date(0).constructor === Date]
            """) == [true, true])
        engine.useFakeTime(FakeTimeline(now: .zero, wallMilliseconds: 1000))
        #expect(try engine.evaluate("""
            [Date.now(), new Date().getTime(), Date === Early, new Early(5).getTime(), earlyNow() > 1e12,
             new Date() instanceof Early, new Early(0).constructor === Date, Date.prototype === Early.prototype]
            """) == [1000, 1000, false, 5, true, true, true, true])
        // Back to real time: the shim stays and answers the real time.
        engine.useFakeTime(nil)
        #expect(try engine.evaluate("[Date.now() > 1e12, Date === Early]") == [true, false])
        // A second timeline does not install it again.
        engine.useFakeTime(FakeTimeline(now: .zero, wallMilliseconds: 7))
        #expect(try engine.evaluate("[Date.now(), Date.name, Date.length]") == [7, "Date", 7])
    }

    @Test("a page that locked Date before fake time gets one reported error and a working engine")
    func aLockedDateIsReportedNotFatal() async throws {
        let engine = try echoEngine().engine
        defer { engine.close() }
        var exceptions: [String] = []
        engine.addEventObserver { if case .exception(let e) = $0 { exceptions.append(e.message) } }
        try engine.evaluate("Object.defineProperty(globalThis, 'Date', { value: Date, writable: false, configurable: false });")
        engine.useFakeTime(FakeTimeline(now: .zero, wallMilliseconds: 1000))
        #expect(exceptions.count == 1, "\(exceptions)")
        try engine.evaluate("globalThis.got = null; bridge.call('echo', {n: 1}).then(function (r) { got = r; });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["n": 1])
    }

    @Test("names of Object.prototype members are ordinary names for events, JS handlers and message handlers")
    func objectPrototypeNamesAreOrdinary() async throws {
        let engine = try echoEngine().engine
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.got = [];
            for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty'])
              bridge.on(name, function (p) { got.push(name + ':' + p); });
            """)
        for name in ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"] {
            engine.emit(name, .string(name))
        }
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == ["__proto__:__proto__", "toString:toString", "constructor:constructor", "hasOwnProperty:hasOwnProperty"])
        // `valueOf` had no listener: kept as an early event for one that attaches later.
        try engine.evaluate("bridge.on('valueOf', function (p) { got.push('late:' + p); });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got[4]") == "late:valueOf")
        // A JS handler that was never registered is not found, whatever its name.
        for name in ["toString", "__proto__", "constructor"] {
            let error = await #expect(throws: BridgeError.self) { try await engine.callJS(name) }
            #expect(error?.code == .methodNotFound, "\(name): \(String(describing: error))")
        }
        try engine.evaluate("bridge.register('toString', function (p) { return p.x * 2; });")
        #expect(try await engine.callJS("toString", ["x": 21]) == 42)
        // A message handler of such a name does not exist either.
        try engine.evaluate("globalThis.refusal = null; bridge.call('echo', {}, {handler: 'hasOwnProperty'}).catch(function (e) { refusal = e.message; });")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("refusal") == "no message handler named 'hasOwnProperty'")
    }

    @Test("getters on Object.prototype for every index and name never see the SDK's calls or timers")
    func objectPrototypeGettersNeverRun() async throws {
        let engine = try echoEngine().engine
        defer { engine.close() }
        // The page's own bookkeeping is in strings: an index setter on Object.prototype would
        // also catch its pushes onto arrays.
        try engine.evaluate("""
            globalThis.touched = ''; globalThis.results = '';
            const names = ['bridge', 'echo', 'cb_1', 'undefined'];
            for (let i = 0; i < 64; i++) names.push(String(i));
            for (const k of names) Object.defineProperty(Object.prototype, k, {
              get() { touched += 'get ' + k + ';'; return { fn: function () { touched += 'hijacked;'; }, args: [], repeat: false, resolve: function () {} }; },
              set(v) { touched += 'set ' + k + ';'; },
              configurable: true
            });
            for (let i = 0; i < 5; i++) bridge.call('echo', {i: i}).then(function (r) { results += r.i + ','; });
            setTimeout(function () { results += 'timer'; }, 5);
            clearTimeout(1234);
            """)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("[results, touched]") == ["0,1,2,3,4,timer", ""])
    }
}
