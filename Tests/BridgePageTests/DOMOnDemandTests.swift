import Foundation
import Testing
import BridgeRuntimeTesting

@testable import BridgePage
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSupport

/// The page prelude (domino) installed on first use (`installPageSupportOnDemand`, what
/// `bridge-run run` does for a `.js` page): the same globals as the eager install, loaded only when
/// a script touches one of the stand-ins.
@MainActor
@Suite struct DOMOnDemandTests {
    func engine() throws -> BridgeEngine {
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.pageURL = "https://m.example.com/a/b.html?q=1"
        return try BridgeEngine(configuration: config)
    }

    /// An engine with the prelude's stand-ins installed (what `bridge-run run` does for `.js`).
    func lazyEngine() throws -> BridgeEngine {
        let e = try engine()
        e.installPageSupportOnDemand()
        return e
    }

    /// Own global property names and whether each is enumerable, as `name:true|false`.
    static let describeGlobals = """
        Object.getOwnPropertyNames(globalThis).sort()
          .map(n => n + ':' + Object.getOwnPropertyDescriptor(globalThis, n).enumerable).join(',')
        """

    @Test func stubListMatchesWhatThePreludeDefines() throws {
        let bare = try engine()
        defer { bare.close() }
        let before = Set((try bare.evaluate(Self.describeGlobals).stringValue?.split(separator: ",") ?? []).map(String.init))
        try bare.installPageSupport()
        let after = Set((try bare.evaluate(Self.describeGlobals).stringValue?.split(separator: ",") ?? []).map(String.init))
        let added = after.subtracting(before).filter { !$0.hasPrefix("__bridgeDOM:") }
        let listed = Set(DOMPrelude.globals.map { "\($0.name):\($0.enumerable)" })
        // Every stand-in is a global the prelude defines, with the same enumerability (the
        // prelude defines many more: every HTML*Element, the event classes, …).
        #expect(listed.subtracting(added).isEmpty, "stand-ins the prelude does not define: \(listed.subtracting(added).sorted())")
        #expect(added.count > 150)

        let lazy = try lazyEngine()
        defer { lazy.close() }
        let stubbed = Set((try lazy.evaluate(Self.describeGlobals).stringValue?.split(separator: ",") ?? []).map(String.init))
        #expect(stubbed.subtracting(before) == listed, "before first use, the same names with the same enumerability")
        #expect(lazy.pageSession.support == nil, "nothing loaded yet")
    }

    @Test func firstTouchLoadsItAndTheResultIsTheSame() throws {
        let e = try lazyEngine()
        defer { e.close() }
        #expect(try e.evaluate("typeof document") == "object")
        #expect(e.pageSession.support != nil)
        #expect(try e.evaluate("location.pathname + location.search") == "/a/b.html?q=1")
        #expect(try e.evaluate("document.createElement('div') instanceof Element") == true)
        #expect(try e.evaluate("typeof __pageLazy + typeof __pageNative") == "undefinedundefined")
        #expect(try e.evaluate("typeof HTMLDivElement + ',' + (document.createElement('div') instanceof HTMLDivElement)") == "function,true", "every global is there after the first touch")
    }

    @Test(arguments: ["atob('aGk=')", "new TextEncoder().encode('é').length", "(localStorage.setItem('k', 'v'), localStorage.getItem('k'))", "typeof addEventListener"])
    func anyOfTheGlobalsLoadsIt(_ expression: String) throws {
        let eager = try engine()
        defer { eager.close() }
        try eager.installPageSupport()
        let lazy = try lazyEngine()
        defer { lazy.close() }
        #expect(try lazy.evaluate(expression) == eager.evaluate(expression))
        #expect(lazy.pageSession.support != nil)
    }

    @Test func writesBeforeFirstUseLandAfterLoading() throws {
        let e = try lazyEngine()
        defer { e.close() }
        #expect(try e.evaluate("innerWidth = 1024; [innerWidth, typeof document.body].join()") == "1024,object")
    }

    /// Scripts that change the page's globals before touching any, and what they then see.
    nonisolated static let before = [
        "Object.defineProperty(globalThis, 'innerWidth', { value: 320 })",
        "Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'mock' } })",
        "Object.defineProperty(globalThis, 'innerWidth', { get: () => 1024, configurable: true })",
        "Object.defineProperty(globalThis, 'screen', { set: (v) => {}, configurable: true })",
        "function addEventListener() { return 'mine'; }",
        "function location() { return 'mine'; }",
        "delete globalThis.open",
        "var close = 7",
        "globalThis.screen = { width: 1 }",
        "innerHeight = 2",
        "Object.defineProperty(globalThis, 'document', { get() { return { href: location.href, title: 'mock' }; }, configurable: true })",
        "class Set {}",
        "class Map { has() { return 'fake'; } }",
        "var r = typeof navigator; let Symbol = 1;",
    ]
    nonisolated static let observe = """
        [typeof document, typeof localStorage, String(innerWidth), String(innerHeight),
         typeof navigator === 'object' ? navigator.userAgent : typeof navigator,
         typeof addEventListener === 'function' ? String(addEventListener()) : typeof addEventListener,
         typeof location === 'function' ? location() : typeof location,
         typeof open, String(close), JSON.stringify(screen), Object.keys(globalThis).sort().join(','),
         (localStorage.setItem('k', 'v'), localStorage.getItem('k')), document.title].join('|')
        """

    @Test("a script that changes the page's globals first sees what it would with the DOM loaded first", arguments: before)
    func changesBeforeFirstUseMatchTheEagerInstall(_ script: String) throws {
        let eager = try engine()
        defer { eager.close() }
        try eager.installPageSupport()
        _ = try eager.evaluate(script)
        let lazy = try lazyEngine()
        defer { lazy.close() }
        _ = try lazy.evaluate(script)
        #expect(try lazy.evaluate(Self.observe) == eager.evaluate(Self.observe))
        #expect(lazy.pageSession.support != nil)
        #expect(try lazy.evaluate("typeof localStorage.getItem + typeof atob") == "functionfunction")
    }

    @Test("a page's own Symbol or Object.hasOwn before the first touch leaves the DOM it loads working", arguments: [
        "function Symbol(name) { this.name = name; }", "Symbol = function () { return 'x'; }", "Symbol = undefined",
        "Object.hasOwn = function () { return true; }", "Object.hasOwn = (o, k) => o.hasOwnProperty(k)", "delete Object.hasOwn",
    ])
    func earlyBuiltInsSurviveThePage(_ script: String) throws {
        let lazy = try lazyEngine()
        defer { lazy.close() }
        _ = try lazy.evaluate(script)
        let v = try lazy.evaluate("""
            var ul = document.createElement('ul'); document.body.appendChild(ul);
            for (var i = 0; i < 3; i++) ul.appendChild(document.createElement('li'));
            var list = ul.getElementsByTagName('li');
            list.length + '|' + Object.keys(list).join() + '|' + document.querySelectorAll('li').length
            """)
        #expect(v == "3|0,1,2|3")
    }

    @Test func aLoadThatFailsIsReportedWhereItHappensAndStaysUsable() throws {
        let e = try lazyEngine()
        defer { e.close() }
        // The page takes the name the prelude keeps its entry points under: the load's last step fails.
        _ = try e.evaluate("Object.defineProperty(globalThis, '__bridgeDOM', { value: 1 })")
        let error = #expect(throws: ScriptError.self) { try e.evaluate("typeof document") }
        #expect(error?.message.contains("__bridgeDOM") == true || error?.message.contains("TypeError") == true)
        #expect(e.pageSession.support == nil)
        #expect(try e.evaluate("[typeof document, typeof localStorage, typeof atob].join()") == "object,object,function")
    }

    @Test func installingEagerlyAfterTheStandInsLoadsOnce() throws {
        let e = try lazyEngine()
        defer { e.close() }
        try e.installPageSupport()
        #expect(e.pageSession.support != nil)
        #expect(try e.evaluate("typeof document + ',' + (document.defaultView === window)") == "object,true")
    }

    @Test func aRunawayScriptInsideTheFirstTouchIsStillStoppedByTheTimeLimit() async throws {
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.vm = ScriptVM(timeLimit: .milliseconds(200))
        let e = try BridgeEngine(configuration: config)
        defer { e.close() }
        e.installPageSupportOnDemand()
        // The getter runs the prelude, then the page's own endless loop: one time-limit error.
        let error = #expect(throws: ScriptError.self) {
            try e.execute("document.title; while (true) {}", sourceURL: "spin.js")
        }
        #expect(error?.kind == .timeLimit)
        #expect(try e.evaluate("typeof document") == "object")
    }

    @Test func aGlobalTheScriptReplacedFirstKeepsTheScriptsValue() throws {
        let e = try lazyEngine()
        defer { e.close() }
        _ = try e.evaluate("function open() { return 'mine'; } var close = 7;")
        #expect(try e.evaluate("[typeof document, open(), close].join()") == "object,mine,7")
    }

    @Test func aScriptThatNeverTouchesTheDOMNeverLoadsIt() async throws {
        let e = try lazyEngine()
        defer { e.close() }
        try e.execute("let n = 0; setTimeout(() => { n++; console.log('done', n); }, 5); JSON.stringify({ a: [1, 2] });", sourceURL: "x.js")
        try await e.runUntilIdle(limit: .milliseconds(1000))
        #expect(e.pageSession.support == nil)
    }
}
