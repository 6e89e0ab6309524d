import Testing
@testable import BridgeCore
import BridgeRuntimeTesting
import BridgeValues

/// A `bridge.call` made by a getter (or `toJSON`) while the prelude is checking another call's
/// params checks its own value: the outer check's stack of containers, its string mode and its
/// typed-array flag are its own again afterwards.
@MainActor
@Suite struct NestedCallCheckTests {
    @Test func aTypedArrayBeforeTheNestedCallStillCrossesAsAnArray() async throws {
        let (engine, seen) = try echoEngine()
        defer { engine.close() }
        let outcome = try await engine.settle("""
            (function () {
              var inner = [];
              return bridge.call('echo', {typed: new Uint8Array([5, 6]), get g() { inner.push(bridge.call('echo', {t: 1})); return 1; }})
                .then(function (r) { return Promise.all(inner).then(function () { return r.typed; }); });
            })()
            """)
        #expect(outcome["ok"] == true, "\(outcome)")
        #expect(outcome["value"] == [5, 6], "\(outcome)")
        #expect(seen.all.contains(["typed": [5, 6], "g": 1]), "\(seen.all)")
    }

    @Test func aNestedRefusalLeavesNoStaleEntryBehind() async throws {
        let (engine, _) = try echoEngine()
        defer { engine.close() }
        // The nested value's fault is inside D: D was on the stack when it failed. The outer
        // call meets D later and must not take it for a cycle.
        let outcome = try await engine.settle("""
            (function () {
              var nested = false, inner = [];
              var D = { get v() { return nested ? NaN : 1; } };
              return bridge.call('echo', {
                get g() { nested = true; inner.push(bridge.call('echo', {d: D}).catch(function (e) { return e.message; })); nested = false; return 1; },
                later: D
              }).then(function (r) { return Promise.all(inner).then(function (m) { return {later: r.later, inner: m[0]}; }); });
            })()
            """)
        #expect(outcome["ok"] == true, "\(outcome)")
        #expect(outcome["value"]?["later"] == ["v": 1], "\(outcome)")
        #expect(outcome["value"]?["inner"]?.stringValue?.hasPrefix("params.d.v: NaN is not a finite number") == true, "\(outcome)")
    }

    @Test func theOuterCheckStillFindsItsOwnCycle() async throws {
        let (engine, seen) = try echoEngine()
        defer { engine.close() }
        let outcome = try await engine.settle("""
            (function () {
              var c = {}; c.self = c;
              return bridge.call('echo', {get g() { bridge.call('echo', {fine: 1}); return 1; }, c: c});
            })()
            """)
        #expect(outcome["code"] == "INVALID_MESSAGE", "\(outcome)")
        #expect(outcome["message"]?.stringValue?.hasPrefix("params.c.self: a cyclic reference") == true, "\(outcome)")
        #expect(seen.all.allSatisfy { $0 == ["fine": 1] }, "only the nested calls ran: \(seen.all)")
    }
}
