import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// The execution time limit stops runaway scripts, every time, and leaves the engine usable.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ScriptVMTests {
    @Test("a runaway script is stopped, a second one too, and the engine still works")
    func runawayScriptsAreStopped() throws {
        let engine = try BridgeEngine.forTesting { $0.vm = ScriptVM(timeLimit: .milliseconds(200)) }
        defer { engine.close() }
        #expect(engine.configuration.vm?.timeLimit == .milliseconds(200))

        let first = #expect(throws: ScriptError.self) { try engine.evaluate("while (true) {}", sourceURL: "loop1.js") }
        #expect(first?.kind == .timeLimit)
        #expect(first?.message.contains("200 ms") == true, "\(String(describing: first))")

        // The watchdog must be re-armed: without it the second loop would hang the test.
        let second = #expect(throws: ScriptError.self) { try engine.evaluate("for (;;) { Math.random(); }", sourceURL: "loop2.js") }
        #expect(second?.kind == .timeLimit)

        #expect(try engine.evaluate("1+1") == 2)

        // An ordinary exception after a stop is not mistaken for a time limit.
        let plain = #expect(throws: ScriptError.self) { try engine.evaluate("null.x", sourceURL: "plain.js") }
        #expect(plain?.kind == .exception)
    }

    @Test("a runaway timer callback is stopped and recorded as a time limit")
    func runawayTimer() async throws {
        let engine = try BridgeEngine.forTesting { $0.vm = ScriptVM(timeLimit: .milliseconds(200)) }
        defer { engine.close() }
        try engine.evaluate("""
            setTimeout(function () { while (true) {} }, 1);
            setTimeout(function () { globalThis.later = 'ran'; }, 2);
            """, sourceURL: "t.js")
        try await engine.runUntilIdle(limit: .seconds(30))
        #expect(engine.uncaughtErrors.map(\.kind) == [.timeLimit])
        #expect(try engine.evaluate("globalThis.later") == "ran")
    }

    @Test("engines sharing a VM are isolated from each other's globals")
    func sharedVM() throws {
        let vm = ScriptVM(timeLimit: .milliseconds(1000))
        let a = try BridgeEngine.forTesting { $0.vm = vm }
        let b = try BridgeEngine.forTesting { $0.vm = vm }
        defer {
            a.close()
            b.close()
        }
        try a.evaluate("globalThis.mine = 'a'")
        #expect(try b.evaluate("typeof globalThis.mine") == "undefined")
        #expect(throws: ScriptError.self) { try b.evaluate("while (true) {}") }
        #expect(try a.evaluate("mine") == "a")
    }

    @Test("a VM without a limit reports 0")
    func noLimit() {
        #expect(ScriptVM(timeLimit: nil).timeLimit == nil)
        #expect(ScriptVM().timeLimit == .seconds(10))
    }
}
