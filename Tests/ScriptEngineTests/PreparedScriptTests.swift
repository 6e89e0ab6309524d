import Testing
@testable import BridgeValues
@testable import ScriptEngine

/// A text evaluated again in a VM (a prelude, a domino module) is prepared once as a script of
/// the VM and shared by the later evaluations: each still runs in its own global, with the same
/// names, lines, errors and `this` as a plain evaluation.
@MainActor
@Suite struct PreparedScriptTests {
    private func contexts(_ n: Int, in vm: ScriptVM) -> [ScriptContext] {
        (0..<n).map { _ in ScriptContext(vm: vm) }
    }

    @Test("the first evaluation in a VM goes the plain way; the second prepares the text; every one runs in its own global")
    func preparedOnSecondEvaluation() throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let source = ScriptSource("var count = (typeof count === 'number' ? count : 0) + 1; this === globalThis ? count : -1")
        let all = contexts(3, in: vm)
        #expect(try all[0].evaluate(source, sourceURL: "counter.js") == .number(1))
        #expect(vm.preparedScripts.preparedCount == 0)
        #expect(try all[1].evaluate(source, sourceURL: "counter.js") == .number(1))
        #expect(vm.preparedScripts.preparedCount == 1)
        #expect(try all[2].evaluate(source, sourceURL: "counter.js") == .number(1))
        // Again in the same global: its own `count` goes on; the others' do not move.
        #expect(try all[2].evaluate(source, sourceURL: "counter.js") == .number(2))
        #expect(try all[1].evaluate("count", sourceURL: "t.js") == .number(1))
        #expect(vm.preparedScripts.preparedCount == 1)
    }

    @Test("an error thrown by a prepared script names its file, line and column as the plain evaluation's did")
    func errorsKeepNameLineAndColumn() throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let source = ScriptSource("var a = 1;\nvar b = 2;\n  null.third;\n")
        var seen: [ScriptError] = []
        for context in contexts(3, in: vm) {
            let error = try #require(#expect(throws: ScriptError.self) { try context.evaluate(source, sourceURL: "/lib/module.js") })
            #expect(error.sourceURL == "/lib/module.js")
            #expect(error.line == 3)
            seen.append(error)
        }
        #expect(vm.preparedScripts.preparedCount == 1)
        #expect(seen[1].column == seen[0].column && seen[2].column == seen[0].column)
        #expect(seen[1].message == seen[0].message)
    }

    @Test("the same text under another name is another script; from another first line than 1 it is never prepared (lines stay exact)")
    func nameAndLineAreOfTheScript() throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let source = ScriptSource("\nnull.x")
        let all = contexts(6, in: vm)
        for (i, context) in all.enumerated() {
            let name = i % 2 == 0 ? "one.js" : "two.js"
            let e = #expect(throws: ScriptError.self) { try context.evaluate(source, sourceURL: name) }
            #expect(e?.sourceURL == name)
            #expect(e?.line == 2)
            let shifted = #expect(throws: ScriptError.self) { try context.evaluate(source, sourceURL: name, line: 10) }
            #expect(shifted?.sourceURL == name)
            #expect(shifted?.line == 11, "evaluation \(i)")
        }
        #expect(vm.preparedScripts.preparedCount == 2)
    }

    @Test("a text with a syntax error is never prepared and reports the error every time")
    func syntaxErrorsGoThePlainWay() throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let source = ScriptSource("var ok = 1;\nfunction (\n")
        for context in contexts(3, in: vm) {
            let e = #expect(throws: ScriptError.self) { try context.evaluate(source, sourceURL: "broken.js") }
            #expect(e?.message.contains("SyntaxError") == true || e?.message.lowercased().contains("syntax") == true, "\(e?.message ?? "")")
            #expect(e?.sourceURL == "broken.js")
            #expect(e?.line == 2)
        }
        #expect(vm.preparedScripts.preparedCount == 0)
    }

    @Test("a prepared function script keeps its name in frames, and the time limit still stops a prepared script")
    func functionsAndTimeLimit() throws {
        let vm = ScriptVM(timeLimit: .milliseconds(200))
        let factory = ScriptSource("(function (x) { return x * 2; })")
        let spin = ScriptSource("while (true) {}")
        for context in contexts(2, in: vm) {
            let f = try #require(try context.evaluateFunction(factory, sourceURL: "factory.js"))
            #expect(try context.call(f, [.number(21)], wantResult: true) == .number(42))
            let e = #expect(throws: ScriptError.self) { try context.evaluate(spin, sourceURL: "spin.js") }
            #expect(e?.kind == .timeLimit)
            // The context still works after the stop.
            #expect(try context.evaluate("1 + 1", sourceURL: "after.js") == .number(2))
        }
        #expect(vm.preparedScripts.preparedCount == 2)
    }

    @Test("a VM with prepared scripts goes away cleanly, before and after its contexts")
    func releasedWithTheVM() throws {
        let source = ScriptSource("[1, 2, 3].map(function (n) { return n + 1; })")
        for _ in 0..<20 {
            var vm: ScriptVM? = ScriptVM(timeLimit: .seconds(5))
            var all: [ScriptContext]? = contexts(3, in: vm!)
            for context in all! { #expect(try context.evaluate(source, sourceURL: "m.js") == .array([.number(2), .number(3), .number(4)])) }
            #expect(vm?.preparedScripts.preparedCount == 1)
            all = nil
            vm = nil
            #expect(all == nil && vm == nil)
        }
    }

    @Test("a VM keeps track of a bounded number of texts; past it, new texts are evaluated the plain way")
    func boundedTable() throws {
        let vm = ScriptVM(timeLimit: .seconds(5))
        let context = ScriptContext(vm: vm)
        for i in 0..<(PreparedScripts.capacity + 40) {
            let source = ScriptSource("\(i) + 1")
            #expect(try context.evaluate(source, sourceURL: "n.js") == .number(Double(i + 1)))
            #expect(try context.evaluate(source, sourceURL: "n.js") == .number(Double(i + 1)))
        }
        #expect(vm.preparedScripts.count == PreparedScripts.capacity)
        #expect(vm.preparedScripts.preparedCount == PreparedScripts.capacity)
    }
}
