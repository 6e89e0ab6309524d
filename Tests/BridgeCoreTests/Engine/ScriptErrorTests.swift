import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// Exceptions surface as `ScriptError` with message, file:line and stack.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ScriptErrorTests {
    @Test("an uncaught ReferenceError names the file and line")
    func referenceErrorHasLocation() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let error = #expect(throws: ScriptError.self) { try engine.evaluate("\n\nfoo()", sourceURL: "a.js") }
        #expect(error?.kind == .exception)
        #expect(error?.sourceURL == "a.js")
        #expect(error?.line == 3)
        #expect(error?.message.contains("ReferenceError") == true, "\(String(describing: error))")
        #expect(error?.message.contains("foo") == true)
        #expect(error?.location == "a.js:3")
        #expect(error?.description.hasPrefix("a.js:3: ") == true)
    }

    @Test("the stack lists the throwing function and its caller")
    func stackNamesFrames() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let source = """
            function inner() {
              throw new Error('deep failure');
            }
            function outer() { inner(); }
            outer();
            """
        let error = #expect(throws: ScriptError.self) { try engine.evaluate(source, sourceURL: "stack.js") }
        #expect(error?.line == 2)
        #expect(error?.message == "Error: deep failure")
        let stack = try #require(error?.stack)
        #expect(stack.contains("inner"), "\(stack)")
        #expect(stack.contains("outer"), "\(stack)")
        #expect(stack.contains("stack.js:2"), "\(stack)")
        #expect(stack.contains("stack.js:5"), "\(stack)")
    }

    @Test("the start line offsets reported lines", arguments: [1, 10, 250])
    func startLineOffsets(_ start: Int) throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let error = #expect(throws: ScriptError.self) { try engine.evaluate("var ok = 1;\nthrow new TypeError('x');", sourceURL: "page.html", line: start) }
        #expect(error?.line == start + 1)
        #expect(error?.sourceURL == "page.html")
    }

    @Test("syntax errors carry the file and line", arguments: [
        ("var x = 1;\nvar = ;", 2),
        ("\n\n\nfunction (", 4),
        ("let a = {;", 1),
    ])
    func syntaxErrors(_ source: String, _ line: Int) throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let error = #expect(throws: ScriptError.self) { try engine.evaluate(source, sourceURL: "b.js") }
        #expect(error?.message.contains("SyntaxError") == true, "\(String(describing: error))")
        #expect(error?.line == line)
        #expect(error?.sourceURL == "b.js")
        let checked = #expect(throws: ScriptError.self) { try engine.checkSyntax(source, sourceURL: "b.js") }
        #expect(checked?.line == line)
        #expect(checked?.message.contains("SyntaxError") == true)
    }

    @Test("checkSyntax does not run the script")
    func checkSyntaxDoesNotRun() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.checkSyntax("globalThis.ran = true;", sourceURL: "c.js")
        #expect(try engine.evaluate("typeof globalThis.ran") == "undefined")
    }

    @Test("a thrown non-Error value is reported by its string form")
    func thrownPrimitive() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        let error = #expect(throws: ScriptError.self) { try engine.evaluate("throw 'plain string'", sourceURL: "p.js") }
        #expect(error?.message == "plain string")
    }

    @Test("an exception in a timer callback is recorded with its location and the loop goes on")
    func timerException() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("""
            globalThis.after = false;
            setTimeout(function () {
              throw new Error('boom in timer');
            }, 5);
            setTimeout(function () { globalThis.after = true; }, 10);
            """, sourceURL: "timer.js")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(engine.uncaughtErrors.count == 1)
        let error = try #require(engine.uncaughtErrors.first)
        #expect(error.kind == .exception)
        #expect(error.message.contains("boom in timer"))
        #expect(error.sourceURL == "timer.js")
        #expect(error.line == 3)
        #expect(try engine.evaluate("after") == true)
    }

    @Test("an unhandled rejection is recorded as such; a handled one is not")
    func unhandledRejection() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        var events: [ScriptError] = []
        engine.addEventObserver { if case .exception(let e) = $0 { events.append(e) } }
        try engine.evaluate("""
            Promise.reject(new Error('handled')).catch(function () {});
            Promise.reject(new Error('nobody listens'));
            """, sourceURL: "rej.js")
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(engine.uncaughtErrors.map(\.kind) == [.unhandledRejection])
        #expect(engine.uncaughtErrors.first?.message.contains("nobody listens") == true)
        #expect(events == engine.uncaughtErrors)
    }

    @Test("evaluate returns the completion value as JSON")
    func completionValue() throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        #expect(try engine.evaluate("1 + 1") == 2)
        #expect(try engine.evaluate("({a: [true, 'x']})") == ["a": [true, "x"]])
        #expect(try engine.evaluate("undefined") == .null)
    }

    @Test("a closed engine refuses to evaluate")
    func closedEngine() throws {
        let engine = try BridgeEngine.forTesting()
        engine.close()
        #expect(engine.isClosed)
        #expect(throws: ScriptError.self) { try engine.evaluate("1") }
        engine.close()
    }
}
