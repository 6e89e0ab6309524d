import Testing
@testable import BridgeCore
import BridgeRuntimeTesting
import BridgeValues
@testable import ScriptEngine

/// The prelude's brand checks come from `bridge-intrinsics.js`, made in the VM's helper global the
/// first time a value check needs them: an engine alone in its VM and one sharing it answer
/// alike, and no page can reach or change them, even one that tampered before they were made.
@MainActor
@Suite struct SharedIntrinsicsTests {
    /// Values whose crossing depends on the brand checks and the replacer.
    static let probe = """
        (function () {
          function outcome(p) { return p.then(function (v) { return {ok: v}; }, function (e) { return {refused: e.message}; }); }
          var buf = new Uint8Array([1, 2, 3]).buffer;
          class Item { constructor() { this.id = 7; } }
          return Promise.all([
            outcome(bridge.call('echo', {m: new Map([[1, 2]])})),
            outcome(bridge.call('echo', {s: new WeakSet()})),
            outcome(bridge.call('echo', {t: new Float32Array([1.5, 2])})),
            outcome(bridge.call('echo', {b: buf})),
            outcome(bridge.call('echo', {v: new DataView(buf)})),
            outcome(bridge.call('echo', {n: new Number(NaN), ok: new String('x')})),
            outcome(bridge.call('echo', {ok: new String('x'), i: new Item()})),
            outcome(bridge.call('echo', {d: new Date(0)}))
          ]);
        })()
        """

    /// What the probe answers.
    static let expected: JSONValue = [
        ["refused": "params.m: a Map cannot cross the bridge; convert it to an object or array"],
        ["refused": "params.s: a WeakSet cannot cross the bridge; convert it to an object or array"],
        ["ok": ["t": [1.5, 2]]],
        ["ok": ["b": [1, 2, 3]]],
        ["refused": "params.v: a DataView cannot cross the bridge; send an array of numbers"],
        ["refused": "params.n: NaN is not a finite number and cannot cross the bridge"],
        ["ok": ["ok": "x", "i": ["id": 7]]],
        ["ok": ["d": "1970-01-01T00:00:00.000Z"]],
    ]

    private func engine(in vm: ScriptVM) throws -> BridgeEngine {
        try echoEngine(in: vm).engine
    }

    @Test func anEngineAloneAndOneSharingItsVMCheckValuesAlike() async throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let first = try engine(in: vm)
        defer { first.close() }
        #expect(!vm.sharesContexts, "the first engine is alone in its VM")
        let second = try engine(in: vm)
        defer { second.close() }
        #expect(vm.sharesContexts, "the second engine shares the VM")
        let alone = try await first.settle(Self.probe)
        let shared = try await second.settle(Self.probe)
        #expect(alone["ok"] == true, "\(alone)")
        #expect(alone == shared)
        #expect(alone["value"] == Self.expected, "\(alone)")
    }

    /// A page of a shared VM that replaces the built-ins the prelude uses changes nothing for its
    /// own calls, nor for the next engine's (they are the helper global's, not this page's).
    @Test func aPageCannotReachTheSharedBuiltIns() async throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let first = try engine(in: vm)
        defer { first.close() }
        let tamperer = try engine(in: vm)
        defer { tamperer.close() }
        try tamperer.evaluate("""
            // (Map.prototype.set stays: the probe's own new Map([[1, 2]]) calls it.)
            Map.prototype.get = Map.prototype.has = Map.prototype.delete = function () { throw new Error('tampered'); };
            WeakSet.prototype.has = WeakSet.prototype.add = WeakMap.prototype.has = function () { throw new Error('tampered'); };
            ArrayBuffer.isView = function () { return true; };
            Object.defineProperty(Object.getPrototypeOf(Uint8Array.prototype), 'length', {get: function () { return 1e9; }});
            Object.defineProperty(ArrayBuffer.prototype, 'byteLength', {get: function () { return 1e9; }});
            """)
        let tampered = try await tamperer.settle(Self.probe)
        let next = try engine(in: vm)
        defer { next.close() }
        let clean = try await next.settle(Self.probe)
        #expect(tampered["ok"] == true, "\(tampered)")
        #expect(tampered["value"] == clean["value"], "\(tampered) vs \(clean)")
        #expect(clean["value"]?[2] == ["ok": ["t": [1.5, 2]]], "\(clean)")
    }

    /// An engine alone in its VM whose values are plain makes no helper global (~90 KiB); the
    /// first value that needs a brand check makes it, with pristine built-ins even after the page
    /// replaced its own.
    @Test func theBrandChecksAreFetchedOnlyForAValueThatNeedsThem() async throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let engine = try engine(in: vm)
        defer { engine.close() }
        let plain = try await engine.settle("bridge.call('echo', {a: [1, {b: 'x'}], n: null, d: new Date(0), o: Object.assign({}, {z: true})})")
        #expect(plain == ["ok": true, "value": ["a": [1, ["b": "x"]], "n": nil, "d": "1970-01-01T00:00:00.000Z", "o": ["z": true]]], "\(plain)")
        #expect(!vm.hasHelperGlobal)
        try engine.evaluate("""
            ArrayBuffer.isView = function () { return true; };
            Map.prototype.has = Set.prototype.has = WeakSet.prototype.has = WeakMap.prototype.has = function () { return true; };
            Object.defineProperty(Object.getPrototypeOf(Uint8Array.prototype), 'length', {get: function () { return 1e9; }});
            Object.defineProperty(ArrayBuffer.prototype, 'byteLength', {get: function () { return 1e9; }});
            Function.prototype.bind = function () { throw new Error('tampered bind'); };
            Object.getOwnPropertyDescriptor = function () { throw new Error('tampered descriptor'); };
            """)
        let probe = try await engine.settle(Self.probe)
        #expect(vm.hasHelperGlobal)
        #expect(probe["value"] == Self.expected, "\(probe)")
    }

    /// The brand checks' mismatches are errors of the helper global; a page that gives its error
    /// constructors a `Symbol.hasInstance` must never be handed one (an attack review got the
    /// helper's `Function` that way, then ran code in another engine of the VM).
    @Test func aPagesHasInstanceNeverSeesAnErrorOfTheHelperGlobal() async throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let engine = try engine(in: vm)
        defer { engine.close() }
        let outcome = try await engine.settle("""
            (function () {
              var foreign = [];
              [Error, TypeError, RangeError].forEach(function (C) {
                Object.defineProperty(C, Symbol.hasInstance, { configurable: true, value: function (e) {
                  if (e !== null && typeof e === 'object' && e.constructor && e.constructor.constructor !== Function) foreign.push(String(e));
                  return Function.prototype[Symbol.hasInstance].call(this, e);
                } });
              });
              function outcome(p) { return p.then(function () { return 'ok'; }, function () { return 'refused'; }); }
              var buf = new ArrayBuffer(4);
              return Promise.all([
                outcome(bridge.call('echo', {m: new Map()})), outcome(bridge.call('echo', {b: buf})),
                outcome(bridge.call('echo', {v: new DataView(buf)})), outcome(bridge.call('echo', {t: new Uint8Array(2)})),
                outcome(bridge.call('echo', {n: new Number(1)})), outcome(bridge.call('echo', {s: new Set()})),
                outcome(bridge.call('echo', {d: new Date(NaN)})), outcome(bridge.call('echo', {r: /x/}))
              ]).then(function (r) { return {r: r, foreign: foreign}; });
            })()
            """)
        #expect(outcome["value"] == ["r": ["refused", "ok", "refused", "ok", "ok", "refused", "refused", "refused"], "foreign": []], "\(outcome)")
        #expect(vm.hasHelperGlobal)
    }

    @Test func theHelperObjectIsMadeOncePerVM() throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let a = try #require(vm.helperObject(Prelude.intrinsicsScript, sourceURL: Prelude.intrinsicsSourceURL))
        let b = try #require(vm.helperObject(Prelude.intrinsicsScript, sourceURL: Prelude.intrinsicsSourceURL))
        #expect(a.ref == b.ref)
        #expect(vm.helperObject(ScriptSource("1 + 1"), sourceURL: "n.js") == nil, "not an object")
        #expect(vm.helperObject(ScriptSource("throw new Error('x')"), sourceURL: "t.js") == nil)
    }

    /// Any call into the helper global's code near a full stack throws an error of the helper's
    /// realm; none may reach the page (its constructor's constructor is the helper's Function,
    /// which reaches every engine of the VM).
    @Test func aStackOverflowNeverHandsThePageAnErrorOfTheHelperGlobal() async throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let first = try engine(in: vm)
        defer { first.close() }
        let page = try engine(in: vm)
        defer { page.close() }
        #expect(vm.sharesContexts)
        let outcome = try await page.settle("""
            (function () {
              function foreign(x) { return x !== null && typeof x === 'object' && !(x instanceof Error); }
              function leak(fn) {
                // The deepest 150 frames of each unwinding try the call: one of them runs out of
                // stack inside it.
                for (var k = 0; k < 4; k++) {
                  var out = null, tries = 0;
                  var pad = function p0(j) { if (j > 0) return p0(j - 1); return fn(); };
                  var rec = function (d) {
                    try { rec(d + 1); } catch (e) {}
                    if (out || tries++ > 150) return;
                    try { pad(k); } catch (x) { if (foreign(x)) out = x; }
                  };
                  try { rec(0); } catch (e) {}
                  if (out) return 'leak';
                }
                return 'none';
              }
              var rejected = [];
              var found = [
                leak(function () { bridge.register('n', function () { return 1; }); }),
                leak(function () { bridge.off('ev'); }),
                leak(function () { clearTimeout(1); }),
                leak(function () {
                  bridge.call('echo', {t: new Uint8Array([1]), b: new ArrayBuffer(2), m: new Map(), n: new Number(1)})
                    .catch(function (e) { if (foreign(e)) rejected.push(e); });
                })
              ];
              return new Promise(function (r) { setTimeout(r, 10); }).then(function () { return found.concat([rejected.length]); });
            })()
            """)
        #expect(outcome["value"] == ["none", "none", "none", "none", 0], "\(outcome)")
    }
}
