import Foundation
import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Settlement under stress: many calls with random handler behaviour — synchronous, answering
/// from other threads, throwing, never answering (TIMEOUT), answering twice, answering after
/// close — and every JS callback settles exactly once with the code Swift expected.
///
/// `swift test` runs 20 000 calls. `scripts/stress` runs the same test with
/// `BRIDGE_STRESS_CALLS=1000000` and prints the counts.
@MainActor
struct SettlementStressTests {
    /// How a handler behaves; the raw value is the letter JS receives (`A` = 0).
    enum Behaviour: Int, CaseIterable {
        case sync, syncThrow, callbackMain, callbackThread, callbackThreadFail, async, asyncThrow
        case never, twice, afterClose, missing, invalid

        var method: String {
            switch self {
            case .sync, .invalid: "s.sync"
            case .syncThrow: "s.syncThrow"
            case .callbackMain: "s.cbMain"
            case .callbackThread: "s.cbThread"
            case .callbackThreadFail: "s.cbThreadFail"
            case .async: "s.async"
            case .asyncThrow: "s.asyncThrow"
            case .never: "s.never"
            case .twice: "s.twice"
            case .afterClose: "s.afterClose"
            case .missing: "s.missing"
            }
        }

        /// Weight in 1/1000.
        var weight: Int {
            switch self {
            case .sync: 200
            case .syncThrow: 80
            case .callbackMain: 80
            case .callbackThread: 150
            case .callbackThreadFail: 80
            case .async: 120
            case .asyncThrow: 60
            case .never: 50
            case .twice: 85
            case .afterClose: 5
            case .missing: 40
            case .invalid: 50
            }
        }

        /// The code JS must see (`nil` for `twice`: whichever answer won).
        var expectedCode: String? {
            switch self {
            case .sync, .callbackMain, .callbackThread, .async: "OK"
            case .syncThrow, .asyncThrow: "HANDLER_ERROR"
            case .callbackThreadFail: "CUSTOM_FAIL"
            case .never: "TIMEOUT"
            case .twice: nil
            case .afterClose: "CANCELLED"
            case .missing: "METHOD_NOT_FOUND"
            case .invalid: "INVALID_MESSAGE"
            }
        }
    }

    /// A small deterministic generator (SplitMix64) so a run can be repeated.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Number of calls: `BRIDGE_STRESS_CALLS`, default 20 000.
    static var callCount: Int {
        ProcessInfo.processInfo.environment["BRIDGE_STRESS_CALLS"].flatMap { Int($0) } ?? 20_000
    }

    @Test("every call settles exactly once with the expected code (BRIDGE_STRESS_CALLS, default 20 000)")
    func settlementUnderStress() async throws {
        let n = Self.callCount
        let started = Date()
        let stashedNever = Recorder<BridgeResponder>()
        let stashedAfterClose = Recorder<BridgeResponder>()
        let twiceWinners = Recorder<String>()
        let twiceLosers = LockedValue(0)
        let registry = BridgeRegistry()
        func ok(_ call: BridgeCall) -> JSONValue { ["i": call.params["i"] ?? .null] }
        try registry.register(action: "s.sync") { call in ok(call) }
        try registry.register(action: "s.syncThrow") { _ in throw StubError("sync boom") }
        try registry.register(action: "s.cbMain", handler: .callback { call, responder in responder.succeed(ok(call)) })
        try registry.register(action: "s.cbThread", handler: .callback { call, responder in
            let value = ok(call)
            DispatchQueue.global().async { responder.succeed(value) }
        })
        try registry.register(action: "s.cbThreadFail", handler: .callback { _, responder in
            DispatchQueue.global().async { responder.fail(BridgeError(code: .init(rawValue: "CUSTOM_FAIL"), message: "failed on another thread")) }
        })
        try registry.register(action: "s.async", handler: .async { call in
            await Task.yield()
            return ["i": call.params["i"] ?? .null]
        })
        try registry.register(action: "s.asyncThrow", handler: .async { _ in
            await Task.yield()
            throw StubError("async boom")
        })
        try registry.register(action: "s.never", options: ActionOptions(timeout: .milliseconds(50)), handler: .callback { _, responder in
            stashedNever.append(responder)
        })
        try registry.register(action: "s.twice", handler: .callback { call, responder in
            let value = ok(call)
            // Two answers race from two threads; exactly one may win.
            DispatchQueue.global().async {
                if responder.succeed(value) { twiceWinners.append("OK") } else { twiceLosers.update { $0 += 1 } }
            }
            DispatchQueue.global().async {
                if responder.fail(BridgeError(code: .init(rawValue: "SECOND"), message: "second answer")) {
                    twiceWinners.append("SECOND")
                } else {
                    twiceLosers.update { $0 += 1 }
                }
            }
        })
        try registry.register(action: "s.afterClose", options: ActionOptions(timeout: .seconds(1_000_000)), handler: .callback { _, responder in
            stashedAfterClose.append(responder)
        })

        let engine = try BridgeEngine.forTesting(registry: registry, clock: SystemClock()) { c in
            c.useGlobalRegistry = false
            c.limits.maxCallsInFlight = .max
            c.defaultCallTimeout = .milliseconds(120_000)
            c.vm = ScriptVM(timeLimit: .milliseconds(60000))
        }
        try engine.evaluate(
            """
            (function () {
              const N = \(n);
              const methods = \(JSONValue.array(Behaviour.allCases.map { .string($0.method) }).jsonString());
              const INVALID = \(Behaviour.invalid.rawValue);
              const hits = new Uint8Array(N);
              const counts = Object.create(null);
              let settled = 0, doubles = 0, wrong = 0;
              function done(i, code, r) {
                if (hits[i]++ !== 0) doubles++;
                settled++;
                counts[code] = (counts[code] || 0) + 1;
                if (code === 'OK' && (r === null || typeof r !== 'object' || r.i !== i)) wrong++;
                if (code === 'CANCELLED') console.log('C' + i);
              }
              globalThis.__stress = {
                fire: function (start, codes) {
                  for (let k = 0; k < codes.length; k++) {
                    const i = start + k, b = codes.charCodeAt(k) - 65;
                    const params = b === INVALID ? {i: i, bad: NaN} : {i: i};
                    if (i & 1) {
                      bridge.call(methods[b], params).then(function (r) { done(i, 'OK', r); },
                        function (e) { done(i, e && typeof e.code === 'string' ? e.code : 'THROW'); });
                    } else {
                      bridge.post(methods[b], params, function (err, r) {
                        done(i, err ? (typeof err.code === 'string' ? err.code : 'THROW') : 'OK', r);
                      });
                    }
                  }
                },
                report: function () {
                  let missing = 0;
                  for (let i = 0; i < N; i++) if (hits[i] === 0) missing++;
                  return {settled: settled, doubles: doubles, wrong: wrong, missing: missing, counts: counts};
                }
              };
            })();
            """, sourceURL: "stress.js")

        // Draw every call's behaviour; Swift's expectation is computed from the same draw.
        var rng = SplitMix(state: 0xB41D_6E5E_77AB_1E01)
        let table = Behaviour.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
        #expect(table.count == 1000)
        var behaviours: [Behaviour] = []
        behaviours.reserveCapacity(n)
        for _ in 0..<n { behaviours.append(table[Int(rng.next() % 1000)]) }
        var expected: [String: Int] = [:]
        var perBehaviour: [Behaviour: Int] = [:]
        for b in behaviours {
            perBehaviour[b, default: 0] += 1
            if let code = b.expectedCode { expected[code, default: 0] += 1 }
        }
        let afterCloseCount = perBehaviour[.afterClose] ?? 0

        // Fire in batches while the loop keeps draining answers.
        let batch = 2000
        var start = 0
        while start < n {
            let end = min(n, start + batch)
            let codes = String(decoding: behaviours[start..<end].map { UInt8(65 + $0.rawValue) }, as: UTF8.self)
            try engine.evaluate("__stress.fire(\(start), '\(codes)'); void 0;")
            engine.runReady()
            start = end
        }
        // Drive the loop until only the calls waiting for close are pending.
        try await engine.loop.run(limit: .seconds(600), shouldStop: { false }, until: { [unowned engine] in
            engine.calls.count == afterCloseCount && engine.outbox.pendingCount == 0
        })
        // Late answers to timed-out calls are dropped and never reach JS.
        var lateAccepted = 0
        for r in stashedNever.all where r.succeed(["late": true]) { lateAccepted += 1 }
        engine.runReady()

        let report = try engine.evaluate("__stress.report()")
        // Close: the calls still waiting settle with CANCELLED, delivered into JS first.
        var cancelledInJS = Set<Int>()
        engine.addEventObserver { event in
            if case .console(_, let message) = event, message.hasPrefix("C"), let i = Int(message.dropFirst()) { cancelledInJS.insert(i) }
        }
        engine.close()
        // Answers after close are dropped too.
        let afterCloseAccepted = LockedValue(0)
        await withTaskGroup(of: Void.self) { group in
            for r in stashedAfterClose.all {
                group.addTask { if r.succeed(["after": "close"]) { afterCloseAccepted.update { $0 += 1 } } }
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        engine.runReady()
        for code in twiceWinners.all { expected[code, default: 0] += 1 }

        var counts: [String: Int] = [:]
        for (code, value) in report["counts"]?.objectValue ?? [:] { counts[code] = value.intValue ?? -1 }
        counts["CANCELLED", default: 0] += cancelledInJS.count
        if counts["CANCELLED"] == 0 { counts["CANCELLED"] = nil }
        if expected["CANCELLED"] == 0 { expected["CANCELLED"] = nil }

        let seconds = Date().timeIntervalSince(started)
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        print("stress: \(n) calls settled in \(String(format: "%.1f", seconds)) s; JS counts: \(summary); twice: \(twiceWinners.count) won, \(twiceLosers.current) dropped; late answers accepted: \(lateAccepted + afterCloseAccepted.current)")

        #expect(counts == expected, "JS saw \(counts), Swift expected \(expected)")
        #expect(report["doubles"] == 0, "a callback fired twice")
        #expect(report["wrong"] == 0, "a result reached the wrong callback")
        #expect(report["missing"]?.intValue == afterCloseCount, "calls unsettled before close: \(report["missing"] ?? .null)")
        #expect(report["settled"]?.intValue == n - afterCloseCount)
        #expect(cancelledInJS.count == afterCloseCount)
        #expect(Set(behaviours.indices.filter { behaviours[$0] == .afterClose }) == cancelledInJS)
        #expect(twiceWinners.count == perBehaviour[.twice] ?? 0)
        #expect(twiceLosers.current == perBehaviour[.twice] ?? 0)
        #expect(stashedNever.count == perBehaviour[.never] ?? 0)
        #expect(lateAccepted == 0)
        #expect(afterCloseAccepted.current == 0)
        #expect(counts.values.reduce(0, +) == n)
    }
}
