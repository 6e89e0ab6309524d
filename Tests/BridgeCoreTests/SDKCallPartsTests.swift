import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
import BridgeValues

/// The SDK's calls cross in their parts (method, checked params text, callback number) when
/// native code can take them exactly as the envelope; everything else goes as the envelope. The
/// handler, the answer and every refusal are the same either way: each case here is compared with
/// the same body posted raw (`postMessage`, always the envelope path).
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct SDKCallPartsTests {
    static func engine(_ configure: (inout EngineConfiguration) -> Void = { _ in }) throws -> (BridgeEngine, Recorder<String>) {
        let seen = Recorder<String>()
        let registry = BridgeRegistry()
        for name in ["echo", "a\"b", "caf\u{E9}", "x\\y", "\u{1F600}"] {
            try registry.register(action: name) { call in
                seen.append(call.method + " " + call.params.jsonString())
                return call.params
            }
        }
        return (try BridgeEngine.forTesting(registry: registry, configure), seen)
    }

    /// Each call's outcome through the SDK and through a raw post of the same body:
    /// `ok <answer>` or `<code> <message>`.
    static let script = """
        globalThis.outcomes = [];
        globalThis.run = function (method, params) {
          const i = outcomes.length; outcomes.push(null, null);
          bridge.call(method, params).then(function (r) { outcomes[i] = 'ok ' + JSON.stringify(r); },
                                             function (e) { outcomes[i] = e.code + ' ' + e.message; });
          const cb = 'raw' + i;
          globalThis[cb] = function (a) { outcomes[i + 1] = a.error ? a.error.code + ' ' + a.error.message : 'ok ' + JSON.stringify(a.result); };
          try { webkit.messageHandlers.bridge.postMessage({method: method, params: params, callbackId: cb}); }
          catch (e) { outcomes[i + 1] = 'threw ' + e.message; }
        };
        """

    @Test("plain calls go in parts; methods to escape, non-object params and limits go as the envelope, with the same outcome")
    func sameOutcomeEitherWay() async throws {
        let (engine, seen) = try Self.engine { $0.limits.maxStringLength = 16; $0.limits.maxMessageBytes = 200 }
        defer { engine.close() }
        try engine.evaluate(Self.script + """
            run('echo', {a: [1, 'x'], b: {c: true}});
            run('echo', {});
            run('a"b', {q: 1});
            run('caf\\u00e9', {q: 2});
            run('x\\\\y', {q: 3});
            run('\\ud83d\\ude00', {q: 4});
            run('missing', {q: 5});
            run('echo', null);
            run('echo', [1, 2]);
            run('echo', 7);
            run('echo', {s: 'abcdefghijklmnopq'});
            run('a-method-name-of-30-characters', {});
            run('echo', {long: 'abcdefghijklmno', more: 'abcdefghijklmno', again: 'abcdefghijklmno', yet: 'abcdefghijklmno', and: 'abcdefghijklmno', last: 'abcdefghijklmno', over: 'abcdefghijklmno'});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(2000))
        guard case .array(let outcomes) = try engine.evaluate("outcomes") else { Issue.record("no outcomes"); return }
        #expect(outcomes.count == 26)
        // (The last case only differs in its unit: a raw body is measured by the page's check, in
        // characters, the SDK's envelope by native code, in bytes — as before the parts.)
        for i in stride(from: 0, to: outcomes.count - 2, by: 2) {
            #expect(outcomes[i] == outcomes[i + 1], "case \(i / 2): SDK \(outcomes[i]) raw \(outcomes[i + 1])")
        }
        #expect(outcomes[0] == #"ok {"a":[1,"x"],"b":{"c":true}}"#)
        #expect(outcomes[4] == #"ok {"q":1}"#)
        #expect(outcomes[10] == #"ok {"q":4}"#)
        #expect(outcomes[24] == "PAYLOAD_TOO_LARGE message of 223 bytes is larger than the limit of 200 bytes")
        #expect(outcomes[25] == "PAYLOAD_TOO_LARGE message of 223 characters is larger than the limit of 200 bytes")
        // Taken in parts: the two plain echo calls and the missing method (refused after lookup).
        #expect(engine.callsTakenInParts == 3)
        #expect(seen.all.filter { $0.hasPrefix("caf\u{E9} ") }.count == 2)
    }

    @Test("methods are numbered once each; past the table's size, and on a handler past the 1024 the packed number holds, calls go as the envelope with the same answers")
    func methodNumbersAndTheirLimits() async throws {
        let engine = try BridgeEngine.forTesting(registry: BridgeRegistry()) { c in c.useGlobalRegistry = false }
        defer { engine.close() }
        // Any method answers its own name and params.
        engine.addDispatcher { message in .sync { call in ["m": .string(call.method), "p": call.params] } }
        for i in 0..<1030 { engine.addMessageHandler("h\(i)") }
        let distinct = ScriptHost.maxMethodNumbers + 20
        try engine.evaluate("""
            globalThis.bad = [];
            globalThis.done = 0;
            for (let i = 0; i < \(distinct); i++) {
              bridge.call('m' + i, {i: i}).then(function (r) {
                if (r.m !== 'm' + i || r.p.i !== i) bad.push(i);
                done++;
              });
            }
            // Again: the numbered ones by their number, the rest as the envelope.
            for (let i = 0; i < \(distinct); i += 97) bridge.call('m' + i, {i: i}).then(function (r) { if (r.m !== 'm' + i) bad.push('again ' + i); done++; });
            globalThis.viaLast = null;
            bridge.call('m1', {x: 1}, {handler: 'h1029'}).then(function (r) { viaLast = r; });
            globalThis.viaFirst = null;
            bridge.call('m2', {x: 2}, {handler: 'h0', timeout: 60000, onProgress: function () {}}).then(function (r) { viaFirst = r; });
            """)
        try await engine.runUntilIdle(limit: .seconds(20))
        #expect(try engine.evaluate("bad") == [])
        #expect(try engine.evaluate("done") == .number(Double(distinct + (distinct + 96) / 97)))
        #expect(try engine.evaluate("viaLast") == ["m": "m1", "p": ["x": 1]])
        #expect(try engine.evaluate("viaFirst") == ["m": "m2", "p": ["x": 2]])
        #expect(engine.host.methodNames.count == ScriptHost.maxMethodNumbers)
        // In parts: the numbered methods (each call and each repeat of one), the h0 call; not
        // the calls past the table, nor the one on handler 1029.
        let repeatsNumbered = stride(from: 0, to: distinct, by: 97).filter { $0 < ScriptHost.maxMethodNumbers }.count
        #expect(engine.callsTakenInParts == ScriptHost.maxMethodNumbers + repeatsNumbered + 1)
    }

    @Test("long method names are not numbered nor kept; an engine's table is dropped at close; a timeout whose conversion throws fails only that call")
    func longNamesAndThrowingTimeouts() async throws {
        let engine = try BridgeEngine.forTesting(registry: BridgeRegistry()) { c in c.useGlobalRegistry = false }
        engine.addDispatcher { message in .sync { call in ["n": .number(Double(call.method.utf8.count))] } }
        try engine.evaluate("""
            globalThis.got = [];
            (async function () {
              for (let i = 0; i < 5; i++) got.push((await bridge.call('L'.repeat(\(ScriptHost.maxNumberedMethodLength) + 1 + i))).n);
              got.push((await bridge.call('L'.repeat(\(ScriptHost.maxNumberedMethodLength)))).n);
              try { await bridge.call('short', {}, {timeout: {valueOf() { throw new Error('no number'); }}}); got.push('answered'); }
              catch (e) { got.push(e.message); }
              try { await bridge.call('short', {}, {timeout: Symbol('t')}); got.push('answered'); }
              catch (e) { got.push(e.constructor.name); }
              got.push((await bridge.call('short', {}, {timeout: 5000})).n);
            })();
            """)
        try await engine.runUntilIdle(limit: .seconds(10))
        let limit = Double(ScriptHost.maxNumberedMethodLength)
        #expect(try engine.evaluate("got") == [.number(limit + 1), .number(limit + 2), .number(limit + 3), .number(limit + 4), .number(limit + 5), .number(limit), "no number", "TypeError", 5])
        // Numbered: the name at the length limit and "short" (not the longer ones).
        #expect(engine.host.methodNames.map(\.utf8.count).sorted() == [5, ScriptHost.maxNumberedMethodLength])
        engine.close()
        #expect(engine.host.methodNames.isEmpty)
    }

    @Test("a params text with a lone surrogate is declined and refused with its path; a backslash before ud in the data crosses intact, as a raw post")
    func surrogateEscapesAreDeclined() async throws {
        let (engine, _) = try Self.engine()
        defer { engine.close() }
        try engine.evaluate(Self.script + """
            run('echo', {s: 'x\\uD800'});
            run('echo', {a: {b: ['ok', '\\udc00y']}});
            run('echo', {p: 'C:\\\\udir', '\\\\ud': 1});
            run('echo', {pair: '\\ud83d\\ude00'});
            """)
        try await engine.runUntilIdle(limit: .milliseconds(2000))
        guard case .array(let outcomes) = try engine.evaluate("outcomes") else { Issue.record("no outcomes"); return }
        #expect(outcomes.count == 8)
        for i in stride(from: 0, to: outcomes.count, by: 2) {
            #expect(outcomes[i] == outcomes[i + 1], "case \(i / 2): SDK \(outcomes[i]) raw \(outcomes[i + 1])")
        }
        #expect(outcomes[0].stringValue?.hasPrefix("INVALID_MESSAGE params.s: ") == true, "\(outcomes[0])")
        #expect(outcomes[2].stringValue?.hasPrefix("INVALID_MESSAGE params.a.b[1]: ") == true, "\(outcomes[2])")
        #expect(outcomes[4] == #"ok {"\\ud":1,"p":"C:\\udir"}"# || outcomes[4] == #"ok {"p":"C:\\udir","\\ud":1}"#, "\(outcomes[4])")
        #expect(outcomes[6] == "ok {\"pair\":\"\u{1F600}\"}")
        // The pair (JSON.stringify writes it as itself) and the backslash before "ud" went in
        // parts; native code's check refused the lone surrogates.
        #expect(engine.callsTakenInParts == 2)
    }

    @Test("a handler with a receiver of its own (Cordova's) gets the envelope, not the parts")
    func aReceiverGetsTheEnvelope() async throws {
        let (engine, _) = try Self.engine()
        defer { engine.close() }
        var bodies: [JSONValue] = []
        engine.addMessageReceiver("bridge") { bodies.append($0) }
        try engine.evaluate("bridge.call('echo', {n: 1}); bridge.call('echo', {n: 2}, {timeout: 50});")
        try await engine.runUntilIdle(limit: .milliseconds(2000))
        #expect(engine.callsTakenInParts == 0)
        #expect(bodies.count == 2)
        #expect(bodies.first?["params"] == ["n": 1])
        #expect(bodies.first?["method"] == "echo")
    }
}
