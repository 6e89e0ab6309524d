import Testing
import BridgeRuntimeTesting

@testable import BridgeNetwork
@testable import BridgeCore
@testable import BridgeValues

/// The network globals are stand-ins until first use: the page script is parsed and run only
/// then, with the built-ins captured at start-up, and a global the page replaced or deleted
/// before stays as the page left it.
@MainActor
@Suite struct NetworkOnDemandTests {
    static let describeGlobals = """
        Object.getOwnPropertyNames(globalThis).sort()
          .map(n => n + ':' + Object.getOwnPropertyDescriptor(globalThis, n).enumerable + ':' + ('value' in Object.getOwnPropertyDescriptor(globalThis, n))).join(',')
        """

    func names(_ engine: BridgeEngine) throws -> Set<String> {
        Set((try engine.evaluate(Self.describeGlobals).stringValue ?? "").split(separator: ",").map(String.init))
    }

    @Test func theStandInsAreWhatTheScriptDefines() throws {
        let bare = try BridgeEngine.forTesting()
        defer { bare.close() }
        let before = try names(bare)
        try bare.installNetwork()
        let stubbed = try names(bare).subtracting(before)
        #expect(stubbed == Set(NetworkScript.globals.map { "\($0):false:false" }), "accessors, not enumerable")
        #expect(try bare.evaluate("typeof fetch") == "function")
        let loaded = try names(bare).subtracting(before)
        #expect(loaded == Set(NetworkScript.globals.map { "\($0):false:true" }), "plain values once loaded")
    }

    @Test func aGlobalThePageDeletedOrReplacedStaysSo() async throws {
        let (lines, _) = try await Net.run("""
            delete window.fetch;
            window.Blob = function MyBlob() {};
            function FormData() { this.mine = true; }
            console.log(typeof XMLHttpRequest, 'fetch' in window, Blob.name, new FormData().mine, typeof Headers);
            """)
        #expect(lines == ["function false MyBlob true function"])
    }

    @Test func aWriteBeforeFirstUseWins() async throws {
        let (lines, _) = try await Net.run("""
            window.fetch = () => 'page fetch';
            console.log(fetch(), typeof Response);
            """)
        #expect(lines == ["page fetch function"])
    }

    @Test func theIntrinsicsAreTheStartUpOnes() async throws {
        // Replaced before the first use, which loads the script: the machinery still works.
        let (lines, _) = try await Net.run("""
            JSON.stringify = () => '"x"';
            Function.prototype.bind = function () { throw new Error('page bind'); };
            Map.prototype.set = function () { throw new Error('page set'); };
            fetch('data:,ok', { headers: { 'X-A': '1' } }).then(r => r.text()).then(t => console.log(t));
            """)
        #expect(lines == ["ok"])
    }

    @Test func errorsInsideTheScriptArePlacedAtThePageLine() async throws {
        let (engine, _) = try Net.engine()
        defer { engine.close() }
        #expect(throws: ScriptError.self) {
            try engine.execute("const ok = 1;\nnew Response('x', { status: 204 });", sourceURL: "page.js")
        }
        let error = #expect(throws: ScriptError.self) {
            try engine.execute("\n\nnew Headers({ 'bad name': 'x' });", sourceURL: "page.js")
        }
        #expect(error?.location == "page.js:3")
        #expect(error?.message == "TypeError: Failed to execute 'append' on 'Headers': Invalid name")
        #expect(error?.stack?.contains("bridge-network.js:") == true, "the script's own frames are named")
    }
}
