import Testing
@testable import BridgeCore
import BridgeRuntimeTesting
import BridgeValues

/// The value check follows JSON.stringify's own steps where they matter: a toJSON's result is
/// written as it is (no toJSON of its own is called, and it takes its holder's place, not a level
/// below it), a Date is whatever its toJSON answers, and a typed array crosses as its elements.
@MainActor
@Suite struct ToJSONSemanticsTests {
    private func echo(_ js: String) async throws -> (outcome: JSONValue, seen: [JSONValue]) {
        let (engine, seen) = try echoEngine()
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('echo', \(js))")
        return (outcome, seen.all)
    }

    @Test func seventyNestedToJSONResultsAreSeventyLevelsNotOneHundredForty() async throws {
        let (outcome, seen) = try await echo("(function () { var o = {leaf: 1}; for (var i = 0; i < 70; i++) { var inner = o; o = (function (x) { return {toJSON: function () { return {c: x}; }}; })(inner); } return {o: o}; })()")
        #expect(outcome["ok"] == true, "\(outcome)")
        var node = try #require(seen.first?["o"])
        for _ in 0..<70 { node = try #require(node["c"]) }
        #expect(node == ["leaf": 1])
    }

    @Test func aToJSONResultIsWrittenWithoutItsOwnToJSON() async throws {
        // JSON.stringify writes {"m":{"bad":null}} here: the NaN is refused.
        let refused = try await echo("{m: {toJSON: function () { return {bad: NaN, toJSON: function () { return 1; }}; }}}")
        #expect(refused.outcome["code"] == "INVALID_MESSAGE", "\(refused.outcome)")
        #expect(refused.outcome["message"]?.stringValue?.hasPrefix("params.m.bad: NaN") == true, "\(refused.outcome)")
        // A Date a toJSON returns is an ordinary object to JSON.stringify: {}.
        let date = try await echo("{m: {toJSON: function () { return new Date(0); }}}")
        #expect(date.outcome["ok"] == true, "\(date.outcome)")
        #expect(date.seen == [["m": [:]]])
    }

    @Test func aDateIsWhatItsToJSONAnswers() async throws {
        let nan = try await echo("(function () { var d = new Date(0); d.valueOf = function () { return NaN; }; return {d: d}; })()")
        #expect(nan.outcome["message"]?.stringValue == "params.d: an invalid Date cannot cross the bridge", "\(nan.outcome)")
        let iso = try await echo("(function () { var d = new Date(0); d.toISOString = function () { return NaN; }; return {d: d}; })()")
        #expect(iso.outcome["message"]?.stringValue?.hasPrefix("params.d: NaN is not a finite number") == true, "\(iso.outcome)")
        let fine = try await echo("{d: new Date(0)}")
        #expect(fine.seen == [["d": "1970-01-01T00:00:00.000Z"]])
    }

    @Test func typedArraysAndBuffersCrossAsTheirRealElements() async throws {
        let (outcome, seen) = try await echo("""
            (function () {
              var u = new Uint8Array([1, 2]);
              u[Symbol.iterator] = function* () { yield NaN; };
              var w = new Int16Array([3, 4]);
              Object.defineProperty(w, 'length', {value: 5});
              Object.defineProperty(Array.prototype, '0', {set: function () { throw new Error('tampered'); }, configurable: true});
              var gone = new ArrayBuffer(4);
              if (gone.transfer) gone.transfer();
              return {u: u, w: w, b: new Uint8Array([7, 8]).buffer, gone: gone};
            })()
            """)
        #expect(outcome["ok"] == true, "\(outcome)")
        #expect(seen == [["u": [1, 2], "w": [3, 4], "b": [7, 8], "gone": []]])
    }
}
