import Testing
@testable import BridgeValues
@testable import ScriptEngine

/// The engine layer on its own: evaluation, the exception funnel, native functions and calls into
/// JS, with no bridge above it.
@MainActor
@Suite struct ScriptContextTests {
    @Test func evaluatesAndReturnsJSON() throws {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        let value = try context.evaluate("({a: [1, 'x', true, null]})", sourceURL: "t.js")
        #expect(value == ["a": [1, "x", true, nil]])
    }

    @Test func thrownErrorCarriesFileLineAndMessage() {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        #expect {
            try context.evaluate("1;\nthrow new TypeError('boom')", sourceURL: "page.js")
        } throws: { error in
            guard let e = error as? ScriptError else { return false }
            return e.sourceURL == "page.js" && e.line == 2 && e.message == "TypeError: boom"
        }
    }

    @Test func nativeFunctionReceivesArgumentsAndThrowsIntoJS() throws {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        var seen: [String] = []
        context.installNativeObject("host", functions: [
            NativeFunctionSpec("say", { args in
                seen.append(args.string(0) ?? "?")
                return .number(Double(seen.count))
            }),
            NativeFunctionSpec("fail", { _ in throw NativeFunctionError(message: "refused") }),
        ])
        let value = try context.evaluate("host.say('a') + host.say('b')", sourceURL: "t.js")
        #expect(value == 3)
        #expect(seen == ["a", "b"])
        let caught = try context.evaluate("try { host.fail(); 'no' } catch (e) { e.message }", sourceURL: "t.js")
        #expect(caught == "refused")
    }

    @Test func callPassesJSONArgumentsAsValuesNotSource() throws {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .seconds(5)))
        try context.evaluate("globalThis.got = null; globalThis.take = function (v) { globalThis.got = v; }", sourceURL: "t.js")
        let take = try #require(context.function(at: "take"))
        let hostile: JSONValue = ["s": "\"); throw 1; (\"\u{2028}</script>"]
        try context.call(take, [.json(hostile)])
        #expect(try context.evaluate("got", sourceURL: "t.js") == hostile)
    }

    @Test func runawayScriptIsStoppedByTheTimeLimit() {
        let context = ScriptContext(vm: ScriptVM(timeLimit: .milliseconds(100)))
        #expect {
            try context.evaluate("while (true) {}", sourceURL: "loop.js")
        } throws: { error in
            (error as? ScriptError)?.kind == .timeLimit
        }
        // The context stays usable after the stop.
        #expect((try? context.evaluate("1 + 1", sourceURL: "t.js")) == 2)
    }
}

/// The JIT tiering is a setting of the process that only its first VM can take.
@MainActor
@Suite struct JITTieringTests {
    @Test func refusedOnceAVMExistsAndTheOptionsStayAsTheyWere() {
        _ = ScriptVM(timeLimit: .seconds(5))
        let before = ScriptVM.jscBooleanOption(JITTiering.optimizingTierOption)
        #expect(before != nil, "JavaScriptCore has the option the tiering changes")
        #expect(ScriptVM.setJITTiering(.shortLived) == false)
        #expect(ScriptVM.setJITTiering(.standard) == false)
        #expect(ScriptVM.jscBooleanOption(JITTiering.optimizingTierOption) == before)
        #expect(ScriptVM.jscBooleanOption("noSuchOptionAnywhere") == nil)
    }

    @Test("short-lived turns the optimizing tiers off and raises the baseline JIT's warm-up; what the environment sets is left alone")
    func shortLivedOptions() {
        #expect(JITTiering.standard.jscOptions(isInEnvironment: { _ in false }).isEmpty)
        let all = JITTiering.shortLived.jscOptions(isInEnvironment: { _ in false })
        #expect(all.map(\.name) == ["useDFGJIT", "thresholdForJITAfterWarmUp", "thresholdForJITSoon"])
        #expect(all.map(\.value) == [.bool(false), .int(5000), .int(1000)])
        let some = JITTiering.shortLived.jscOptions(isInEnvironment: { $0 == "thresholdForJITSoon" })
        #expect(some.map(\.name) == ["useDFGJIT", "thresholdForJITAfterWarmUp"])
        // Options JavaScriptCore really has, of the type set (a misspelt name would be ignored).
        _ = ScriptVM(timeLimit: .seconds(5))
        for (name, value) in all {
            switch value {
            case .bool: #expect(ScriptVM.jscBooleanOption(name) != nil, "\(name)")
            case .int: #expect(ScriptVM.jscIntOption(name) != nil, "\(name)")
            }
        }
    }
}
