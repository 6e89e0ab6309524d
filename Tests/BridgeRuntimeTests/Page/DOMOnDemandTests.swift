import Foundation
import Testing

@testable import BridgeRuntime

/// DOM-lite installed on first use (`installPageSupportOnDemand`, what `bridge-run run` does for
/// a `.js` page): the same globals as the eager install, loaded only when a script touches one.
@MainActor
@Suite struct DOMOnDemandTests {
    func engine() throws -> BridgeEngine {
        var config = EngineConfiguration()
        config.clock = VirtualClock()
        config.pageURL = "https://m.example.com/a/b.html?q=1"
        return try BridgeEngine(configuration: config)
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
        #expect(added == listed)

        let lazy = try engine()
        defer { lazy.close() }
        lazy.installPageSupportOnDemand()
        let stubbed = Set((try lazy.evaluate(Self.describeGlobals).stringValue?.split(separator: ",") ?? []).map(String.init))
        #expect(stubbed.subtracting(before) == listed, "before first use, the same names with the same enumerability")
        #expect(lazy.pageSupport == nil, "nothing loaded yet")
    }

    @Test func firstTouchLoadsItAndTheResultIsTheSame() throws {
        let e = try engine()
        defer { e.close() }
        e.installPageSupportOnDemand()
        #expect(try e.evaluate("typeof document") == "object")
        #expect(e.pageSupport != nil)
        #expect(try e.evaluate("location.pathname + location.search") == "/a/b.html?q=1")
        #expect(try e.evaluate("document.createElement('div') instanceof Element") == true)
        #expect(try e.evaluate("typeof __pageLazy + typeof __pageNative") == "undefinedundefined")
        #expect(try e.evaluate("Object.getOwnPropertyDescriptor(globalThis, 'document').get") == nil, "a plain value again")
    }

    @Test(arguments: ["atob('aGk=')", "new TextEncoder().encode('é').length", "(localStorage.setItem('k', 'v'), localStorage.getItem('k'))", "typeof addEventListener"])
    func anyOfTheGlobalsLoadsIt(_ expression: String) throws {
        let eager = try engine()
        defer { eager.close() }
        try eager.installPageSupport()
        let lazy = try engine()
        defer { lazy.close() }
        lazy.installPageSupportOnDemand()
        #expect(try lazy.evaluate(expression) == eager.evaluate(expression))
        #expect(lazy.pageSupport != nil)
    }

    @Test func writesBeforeFirstUseLandAfterLoading() throws {
        let e = try engine()
        defer { e.close() }
        e.installPageSupportOnDemand()
        #expect(try e.evaluate("innerWidth = 1024; [innerWidth, typeof document.body].join()") == "1024,object")
    }

    @Test func aGlobalTheScriptReplacedFirstKeepsTheScriptsValue() throws {
        let e = try engine()
        defer { e.close() }
        e.installPageSupportOnDemand()
        _ = try e.evaluate("function open() { return 'mine'; } var close = 7;")
        #expect(try e.evaluate("[typeof document, open(), close].join()") == "object,mine,7")
    }

    @Test func aScriptThatNeverTouchesTheDOMNeverLoadsIt() async throws {
        let e = try engine()
        defer { e.close() }
        e.installPageSupportOnDemand()
        try e.execute("let n = 0; setTimeout(() => { n++; console.log('done', n); }, 5); JSON.stringify({ a: [1, 2] });", sourceURL: "x.js")
        try await e.runUntilIdle(limit: 1000)
        #expect(e.pageSupport == nil)
    }
}
