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

    /// `XMLHttpRequest` (and the other first-stage globals) load without `fetch`, `Headers`,
    /// `Request`, `Response`, `WebSocket` and `CloseEvent`, which stay stand-ins until one of them
    /// is used; a page that replaces one of those in between keeps its own.
    @Test func fetchAndWebSocketLoadAtTheirOwnFirstUse() throws {
        let bare = try BridgeEngine.forTesting()
        defer { bare.close() }
        try bare.installNetwork()
        let isStandIn = "(n => 'get' in Object.getOwnPropertyDescriptor(globalThis, n))"
        #expect(try bare.evaluate("typeof XMLHttpRequest + typeof FormData + typeof AbortController") == "functionfunctionfunction")
        let later = NetworkScript.laterGlobals.sorted()
        for name in later { #expect(try bare.evaluate("\(isStandIn)('\(name)')") == .bool(true), "\(name) still a stand-in") }
        for name in NetworkScript.globals where !NetworkScript.laterGlobals.contains(name) {
            #expect(try bare.evaluate("\(isStandIn)('\(name)')") == .bool(false), "\(name) loaded")
        }
        try bare.evaluate("window.WebSocket = function MySocket() {};")
        #expect(try bare.evaluate("typeof Headers + ' ' + new Headers({a: '1'}).get('a') + ' ' + WebSocket.name + ' ' + typeof CloseEvent + ' ' + typeof fetch") == "function 1 MySocket function function")
        // The second stage replaced its stand-ins (the page's own WebSocket stays).
        for name in later where name != "WebSocket" { #expect(try bare.evaluate("\(isStandIn)('\(name)')") == .bool(false)) }
    }

    /// The first use of a second-stage global loads the first stage too.
    @Test func fetchFirstLoadsBothStages() async throws {
        let (lines, _) = try await Net.run("""
            fetch('/a').then(r => r.text()).then(t => {
              console.log(t);
              const x = new XMLHttpRequest(); x.open('GET', '/a'); x.onload = () => console.log('xhr', x.responseText); x.send();
            });
            """, rules: #"[{"url": "/a", "text": "hello"}]"#)
        #expect(lines == ["hello", "xhr hello"])
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
