import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
import BridgeValues

/// `WebAssembly.compile` and `instantiate` settle (JavaScriptCore would settle them from a GLib
/// run loop the runtime does not run, so they never did): same results and errors as a browser.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct WebAssemblyPromiseTests {
    /// A module exporting `add(a, b)`; and one importing `env.f`.
    static let setup = """
        globalThis.addBytes = new Uint8Array([0,97,115,109,1,0,0,0,1,7,1,96,2,127,127,1,127,3,2,1,0,7,7,1,3,97,100,100,0,0,10,9,1,7,0,32,0,32,1,106,11]);
        globalThis.importBytes = new Uint8Array([0,97,115,109,1,0,0,0,1,4,1,96,0,0,2,9,1,3,101,110,118,1,102,0,0]);
        globalThis.got = [];
        """

    @Test("instantiate and compile resolve: bytes give {module, instance}, a module gives an instance")
    func theyResolve() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate(Self.setup + """
            WebAssembly.instantiate(addBytes).then(function (r) {
              got.push(r.instance.exports.add(2, 3), r.module instanceof WebAssembly.Module, r.instance instanceof WebAssembly.Instance);
              return WebAssembly.instantiate(r.module);
            }).then(function (i) { got.push(i instanceof WebAssembly.Instance, i.exports.add(4, 5)); })
              .then(function () { return WebAssembly.compile(addBytes.buffer); })
              .then(function (m) { got.push(m instanceof WebAssembly.Module, WebAssembly.Module.exports(m)[0].name); });
            got.push('sync');
            """)
        try await engine.runUntilIdle(limit: .milliseconds(5000))
        #expect(try engine.evaluate("got") == ["sync", 5, true, true, true, 9, true, "add"])
        #expect(engine.uncaughtErrors.isEmpty)
    }

    @Test("bad bytes, missing imports and wrong arguments reject as in a browser; the functions look like the built-ins")
    func theyRejectAndKeepTheirShape() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate(Self.setup + """
            function name(e) { return e.constructor.name; }
            const p = [
              WebAssembly.compile(new Uint8Array([1, 2, 3])).catch(name),
              WebAssembly.instantiate(importBytes).catch(name),
              WebAssembly.instantiate(importBytes, {env: {f: function () {}}}).then(function (r) { return typeof r.instance.exports; }),
              WebAssembly.instantiate(42).catch(name),
            ];
            Promise.all(p).then(function (r) { got = r; });
            globalThis.shape = [WebAssembly.compile.length, WebAssembly.instantiate.length, WebAssembly.compile.name, WebAssembly.instantiate.name,
              Object.keys(WebAssembly).includes('instantiate')];
            """)
        try await engine.runUntilIdle(limit: .milliseconds(5000))
        #expect(try engine.evaluate("got") == ["CompileError", "TypeError", "object", "TypeError"])
        #expect(try engine.evaluate("shape") == [1, 1, "compile", "instantiate", false])
    }

    @Test("a page that replaced WebAssembly.Module afterwards does not change what instantiate builds")
    func theCapturedConstructorsAreUsed() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate(Self.setup + """
            WebAssembly.Module = function () { throw new Error('page Module'); };
            WebAssembly.instantiate(addBytes).then(function (r) { got.push(r.instance.exports.add(1, 1)); }, function (e) { got.push(e.message); });
            """)
        try await engine.runUntilIdle(limit: .milliseconds(5000))
        #expect(try engine.evaluate("got") == [2])
    }
}
