import Testing
import BridgeRuntimeTesting
@testable import BridgeCore
@testable import BridgeValues
@testable import ScriptEngine
@testable import BridgeSchema
@testable import BridgeSupport

/// One value crossing JS -> native -> JS through `bridge.call('echo', {v: X})`.
struct CrossingRow: Sendable, CustomTestStringConvertible {
    /// What the row is about.
    var label: String
    /// The JS expression posted as `params.v`.
    var js: String
    /// What the Swift handler must see as `params.v` (`nil`: the key must be absent).
    var expected: JSONValue?
    /// The JS value the echoed `v` must deep-equal (defaults to `js`).
    var back: String?

    var testDescription: String { label }
}

/// A value JS must refuse to post, with the path the error must name.
struct RefusedRow: Sendable, CustomTestStringConvertible {
    var label: String
    /// The params expression.
    var js: String
    /// The path the `INVALID_MESSAGE` message must start with.
    var path: String

    var testDescription: String { label }
}

/// A value built in Swift and delivered into JS as a result.
struct ResultRow: Sendable, CustomTestStringConvertible {
    var label: String
    var value: JSONValue
    /// The JS value the result must deep-equal.
    var js: String

    var testDescription: String { label }
}

/// DESIGN.md §3: values across the bridge, both ways.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ValueConversionTests {
    /// Strict deep equality: types must match exactly (a boolean never equals 1).
    nonisolated static let deepEqual = #"""
    function deq(a, b) {
      if (typeof a !== typeof b) return false;
      if (a === null || b === null || typeof a !== 'object') return a === b;
      if (Array.isArray(a) !== Array.isArray(b)) return false;
      if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
      var ka = Object.keys(a), kb = Object.keys(b);
      if (ka.length !== kb.length) return false;
      for (var i = 0; i < ka.length; i++) {
        if (!Object.prototype.hasOwnProperty.call(b, ka[i]) || !deq(a[ka[i]], b[ka[i]])) return false;
      }
      return true;
    }
    """#

    nonisolated static let crossing: [CrossingRow] = [
        CrossingRow(label: "true stays a boolean", js: "true", expected: .bool(true)),
        CrossingRow(label: "false stays a boolean", js: "false", expected: .bool(false)),
        CrossingRow(label: "1 stays a number", js: "1", expected: .number(1)),
        CrossingRow(label: "0 stays a number", js: "0", expected: .number(0)),
        CrossingRow(label: "null", js: "null", expected: .null),
        CrossingRow(label: "negative fraction", js: "-1.5", expected: .number(-1.5)),
        CrossingRow(label: "0.1", js: "0.1", expected: .number(0.1)),
        CrossingRow(label: "max safe integer", js: "9007199254740991", expected: .number(9_007_199_254_740_991)),
        CrossingRow(label: "huge double", js: "1e300", expected: .number(1e300)),
        CrossingRow(label: "smallest subnormal", js: "5e-324", expected: .number(.leastNonzeroMagnitude)),
        CrossingRow(label: "-0 crosses as 0 (as JSON)", js: "-0", expected: .number(0), back: "0"),
        CrossingRow(label: "empty string", js: "''", expected: .string("")),
        CrossingRow(label: "U+2028 and U+2029", js: #"'a\u2028b\u2029c'"#, expected: .string("a\u{2028}b\u{2029}c")),
        CrossingRow(label: "emoji and skin tone", js: "'😀 👍🏽 👨‍👩‍👧'", expected: .string("😀 👍🏽 👨‍👩‍👧")),
        CrossingRow(label: "astral escape", js: #"'\uD83D\uDE00'"#, expected: .string("😀")),
        CrossingRow(label: "quotes of every kind", js: #"'"double" \'single\' `back`'"#, expected: .string(#""double" 'single' `back`"#)),
        CrossingRow(label: "closing script tag", js: "'</script><script>alert(1)</script>'", expected: .string("</script><script>alert(1)</script>")),
        CrossingRow(label: "newlines and tabs", js: #"'line1\nline2\r\n\ttab'"#, expected: .string("line1\nline2\r\n\ttab")),
        CrossingRow(label: "backslashes", js: #"'C:\\dir\\file \\u0041'"#, expected: .string(#"C:\dir\file \u0041"#)),
        CrossingRow(label: "NUL and control characters", js: #"'nul\u0000 \u0001\u001f end'"#, expected: .string("nul\u{0} \u{1}\u{1F} end")),
        CrossingRow(label: "non-ASCII text", js: "'ünïcödé 中文 ελληνικά'", expected: .string("ünïcödé 中文 ελληνικά")),
        CrossingRow(label: "long string", js: "'x'.repeat(100000) + '\u{2028}'", expected: .string(String(repeating: "x", count: 100_000) + "\u{2028}")),
        CrossingRow(label: "empty array", js: "[]", expected: .array([])),
        CrossingRow(label: "empty object", js: "({})", expected: .object([:])),
        CrossingRow(label: "nested mix", js: "({a: [1, 'two', true, null, {b: false}], c: {d: {e: 0}}})", expected: ["a": [1, "two", true, nil, ["b": false]], "c": ["d": ["e": 0]]]),
        CrossingRow(label: "odd keys", js: #"({'we"ird\nkey': 1, '': 2, '\u2028': 3, '</script>': 4})"#, expected: ["we\"ird\nkey": 1, "": 2, "\u{2028}": 3, "</script>": 4]),
        CrossingRow(label: "Date becomes an ISO-8601 string", js: "new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678))", expected: .string("2024-01-02T03:04:05.678Z"), back: "'2024-01-02T03:04:05.678Z'"),
        CrossingRow(label: "Date inside an array", js: "[new Date(0)]", expected: ["1970-01-01T00:00:00.000Z"], back: "['1970-01-01T00:00:00.000Z']"),
        CrossingRow(label: "undefined property is omitted", js: "({a: 1, b: undefined})", expected: ["a": 1], back: "({a: 1})"),
        CrossingRow(label: "undefined value itself is omitted", js: "undefined", expected: nil),
        CrossingRow(label: "undefined in an array becomes null (as JSON)", js: "[1, undefined]", expected: [1, nil], back: "[1, null]"),
        CrossingRow(label: "Uint8Array becomes numbers", js: "new Uint8Array([1, 2, 255])", expected: [1, 2, 255], back: "[1, 2, 255]"),
        CrossingRow(label: "Int16Array keeps signs", js: "new Int16Array([-1, 300])", expected: [-1, 300], back: "[-1, 300]"),
        CrossingRow(label: "Float64Array keeps fractions", js: "new Float64Array([1.5, -2.25])", expected: [1.5, -2.25], back: "[1.5, -2.25]"),
        CrossingRow(label: "ArrayBuffer becomes its bytes", js: "new Uint8Array([7, 8, 9]).buffer", expected: [7, 8, 9], back: "[7, 8, 9]"),
        CrossingRow(label: "typed array nested in an object", js: "({bytes: new Uint8Array([0, 16])})", expected: ["bytes": [0, 16]], back: "({bytes: [0, 16]})"),
        CrossingRow(label: "toJSON is honoured", js: "({toJSON: function () { return {x: 1}; }})", expected: ["x": 1], back: "({x: 1})"),
        CrossingRow(label: "an array's own toJSON is honoured", js: "(function () { var a = [1]; a.toJSON = function () { return 'a'; }; return a; })()", expected: "a", back: "'a'"),
        CrossingRow(label: "a Map's toJSON is what crosses", js: "(function () { var m = new Map(); m.toJSON = function () { return {k: 1}; }; return m; })()", expected: ["k": 1], back: "({k: 1})"),
        CrossingRow(label: "wrapper objects cross as their value", js: "[new Number(3), new String('s'), new Boolean(false)]", expected: [3, "s", false], back: "[3, 's', false]"),
        CrossingRow(label: "an instance of a page's class crosses as its own keys", js: "(function () { class P { constructor() { this.x = 1; } get y() { return 2; } } return new P(); })()", expected: ["x": 1], back: "({x: 1})"),
        CrossingRow(label: "a subclass of Uint8Array is a typed array", js: "(function () { class B extends Uint8Array {} return new B([7]); })()", expected: [7], back: "[7]"),
    ]

    @Test("JS value crosses to Swift and back unchanged", arguments: crossing)
    func roundTrip(_ row: CrossingRow) async throws {
        let seen = Recorder<JSONValue>()
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in
            seen.append(call.params)
            return call.params
        }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate(Self.deepEqual)
        let check = row.expected == nil ? "!('v' in r)" : "deq(r.v, \(row.back ?? row.js))"
        let outcome = try await engine.settle("bridge.call('echo', {v: \(row.js)}).then(function (r) { return {same: \(check), type: typeof r.v}; })")
        #expect(seen.all == [row.expected.map { ["v": $0] } ?? .object([:])])
        #expect(outcome["ok"] == true, "\(outcome)")
        #expect(outcome["value"]?["same"] == true, "echoed value differs: \(outcome)")
    }

    @Test("a boolean is never confused with 1/0 on the Swift side")
    func booleansStayBooleans() async throws {
        let seen = Recorder<JSONValue>()
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in
            seen.append(call.params)
            return call.params
        }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('echo', {t: true, f: false, one: 1, zero: 0}).then(function (r) { return [typeof r.t, typeof r.f, typeof r.one, typeof r.zero, r.t === true, r.f === false]; })")
        let params = try #require(seen.all.first)
        #expect(params["t"] == .bool(true))
        #expect(params["f"] == .bool(false))
        #expect(params["one"] == .number(1))
        #expect(params["zero"] == .number(0))
        #expect(params["t"] != .number(1))
        #expect(outcome["value"] == ["boolean", "boolean", "number", "number", true, true])
    }

    nonisolated static let refused: [RefusedRow] = [
        RefusedRow(label: "NaN", js: "{n: NaN}", path: "params.n"),
        RefusedRow(label: "Infinity in an array", js: "{list: [1, 2, Infinity]}", path: "params.list[2]"),
        RefusedRow(label: "-Infinity nested", js: "{deep: {x: -Infinity}}", path: "params.deep.x"),
        RefusedRow(label: "function", js: "{cb: function () {}}", path: "params.cb"),
        RefusedRow(label: "arrow function nested", js: "{opts: {onDone: function () { return 1; }}}", path: "params.opts.onDone"),
        RefusedRow(label: "Symbol", js: "{s: Symbol('x')}", path: "params.s"),
        RefusedRow(label: "BigInt", js: "{big: 10n}", path: "params.big"),
        RefusedRow(label: "cyclic object", js: "(function () { var o = {name: 'o'}; o.self = o; return {o: o}; })()", path: "params.o.self"),
        RefusedRow(label: "cyclic array", js: "(function () { var a = []; a.push(a); return {a: a}; })()", path: "params.a[0]"),
        RefusedRow(label: "Map", js: "{m: new Map([[1, 2]])}", path: "params.m"),
        RefusedRow(label: "Set", js: "{set: new Set([1])}", path: "params.set"),
        RefusedRow(label: "invalid Date", js: "{d: new Date(NaN)}", path: "params.d"),
        RefusedRow(label: "DataView", js: "{view: new DataView(new ArrayBuffer(2))}", path: "params.view"),
        RefusedRow(label: "Promise", js: "{p: Promise.resolve(1)}", path: "params.p"),
        RefusedRow(label: "RegExp", js: "{re: /x/}", path: "params.re"),
        // What JSON.stringify would write as null or {} without a word:
        RefusedRow(label: "an array whose toJSON returns NaN", js: "(function () { var a = [1]; a.toJSON = function () { return NaN; }; return {a: a}; })()", path: "params.a"),
        RefusedRow(label: "new Number(NaN)", js: "{n: new Number(NaN)}", path: "params.n"),
        RefusedRow(label: "a Number wrapper whose valueOf gives Infinity", js: "(function () { var n = new Number(1); n.valueOf = function () { return Infinity; }; return {n: n}; })()", path: "params.n"),
        RefusedRow(label: "Object(1n)", js: "{b: Object(1n)}", path: "params.b"),
        RefusedRow(label: "Object(Symbol())", js: "{s: Object(Symbol('x'))}", path: "params.s"),
        RefusedRow(label: "a NaN inside an instance of a page's class", js: "(function () { class P { constructor() { this.x = NaN; } } return {p: [new P()]}; })()", path: "params.p[0].x"),
        RefusedRow(label: "a Map subclass", js: "(function () { class M extends Map {} return {m: new M()}; })()", path: "params.m"),
        RefusedRow(label: "a BigInt64Array", js: "{big: new BigInt64Array([1n])}", path: "params.big[0]"),
        RefusedRow(label: "a Map whose chain was cut down to Set.prototype", js: "(function () { var m = new Map(); Object.setPrototypeOf(m, Set.prototype); return {m: m}; })()", path: "params.m"),
    ]

    @Test("values JSON would silently change are refused with INVALID_MESSAGE naming the path", arguments: refused)
    func refusedValues(_ row: RefusedRow) async throws {
        let ran = Recorder<JSONValue>()
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in
            ran.append(call.params)
            return call.params
        }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        let outcome = try await engine.settle("bridge.call('echo', \(row.js))")
        #expect(outcome["ok"] == false, "\(outcome)")
        #expect(outcome["code"] == "INVALID_MESSAGE")
        let message = try #require(outcome["message"]?.stringValue)
        #expect(message.hasPrefix(row.path + ":"), "message \(message) should start with \(row.path)")
        #expect(ran.count == 0, "the handler must not run for a refused message")
    }

    /// Decision (documented here, as the brief asks): a string holding a lone UTF-16 surrogate
    /// cannot be represented as a Swift `String`, so it is refused with `INVALID_MESSAGE` naming
    /// the path rather than silently replaced with U+FFFD. (DESIGN.md §3 says lone surrogates
    /// "survive"; that is impossible with `JSONValue.string(String)`.)
    @Test("lone surrogates are refused with INVALID_MESSAGE and the path", arguments: [
        (#"{s: '\uD800'}"#, "params.s"),
        (#"{a: ['ok', 'x\uDC00y']}"#, "params.a[1]"),
        (#"{o: {'k': 'end\uDBFF'}}"#, "params.o.k"),
        // A lone surrogate before another fault is still the one named (the prelude looks for
        // lone surrogates only when the JSON text shows one, then checks again in order).
        (#"{a: 'x\uD800', b: NaN}"#, "params.a"),
    ])
    func loneSurrogates(_ js: String, _ path: String) async throws {
        let ran = Recorder<JSONValue>()
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in
            ran.append(call.params)
            return call.params
        }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        var refusals: [BridgeError] = []
        engine.addEventObserver { event in
            if case .error(_, _, let error) = event { refusals.append(error) }
        }
        let outcome = try await engine.settle("bridge.call('echo', \(js))")
        #expect(ran.count == 0, "the handler must not run")
        #expect(refusals.map(\.code) == [.invalidMessage])
        #expect(refusals.first?.message.hasPrefix(path + ":") == true, "\(refusals)")
        #expect(refusals.first?.message.contains("surrogate") == true, "\(refusals)")
        // The page's promise settles too: the prelude refuses the string before it leaves JS.
        #expect(outcome["code"] == "INVALID_MESSAGE", "the JS promise must settle with INVALID_MESSAGE: \(outcome)")
        #expect(outcome["message"]?.stringValue?.hasPrefix(path + ":") == true, "\(outcome)")
    }

    /// A backslash before "ud" in the data (what a lone surrogate's escape looks like in the
    /// JSON text) is data: it crosses unchanged; a fault after it is still named.
    @Test func backslashUDInTheDataIsNotALoneSurrogate() async throws {
        let registry = BridgeRegistry()
        try registry.register(action: "echo") { call in call.params }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        let outcome = try await engine.settle(#"bridge.call('echo', {p: 'C:\\udir\\ud800', '\\ud': ['\\udc00']})"#)
        #expect(outcome["ok"] == true, "\(outcome)")
        #expect(outcome["value"] == ["p": #"C:\udir\ud800"#, #"\ud"#: [#"\udc00"#]], "\(outcome)")
        let key = try await engine.settle(#"bridge.call('echo', {o: {'\uD800': 1}})"#)
        #expect(key["code"] == "INVALID_MESSAGE")
        #expect(key["message"]?.stringValue?.hasPrefix("params.o.") == true, "\(key)")
        #expect(key["message"]?.stringValue?.contains("a key with a lone UTF-16 surrogate") == true, "\(key)")
        let refused = try await engine.settle(#"bridge.call('echo', {p: '\\ud800', n: Infinity})"#)
        #expect(refused["code"] == "INVALID_MESSAGE")
        #expect(refused["message"]?.stringValue?.hasPrefix("params.n:") == true, "\(refused)")
    }

    nonisolated static let results: [ResultRow] = [
        ResultRow(label: "bool true", value: true, js: "true"),
        ResultRow(label: "bool false", value: false, js: "false"),
        ResultRow(label: "integer", value: 42, js: "42"),
        ResultRow(label: "negative zero arrives as zero", value: .number(-0.0), js: "0"),
        ResultRow(label: "fraction", value: 0.1, js: "0.1"),
        ResultRow(label: "large integer", value: 1e21, js: "1e21"),
        ResultRow(label: "null", value: nil, js: "null"),
        ResultRow(label: "U+2028/2029", value: "\u{2028}\u{2029}", js: #"'\u2028\u2029'"#),
        ResultRow(label: "script-breaking text", value: "</script>\"');alert(1);//\n", js: #"'</script>"\');alert(1);//\n'"#),
        ResultRow(label: "emoji", value: "🚀✨", js: #"'\uD83D\uDE80\u2728'"#),
        ResultRow(label: "control characters", value: "\u{0}\u{7}\u{1B}", js: #"'\u0000\u0007\u001b'"#),
        ResultRow(label: "nested", value: ["list": [1, "a", false, nil], "o": ["k": "v"]], js: "({list: [1, 'a', false, null], o: {k: 'v'}})"),
    ]

    @Test("Swift results arrive in JS as equal values", arguments: results)
    func nativeToJS(_ row: ResultRow) async throws {
        let registry = BridgeRegistry()
        let value = row.value
        try registry.register(action: "give") { _ in value }
        let engine = try BridgeEngine.forTesting(registry: registry)
        defer { engine.close() }
        try engine.evaluate(Self.deepEqual)
        let outcome = try await engine.settle("bridge.call('give').then(function (r) { return deq(r, \(row.js)); })")
        #expect(outcome["value"] == true, "\(outcome)")
    }

    @Test("an event payload with script-breaking text arrives intact")
    func eventPayloadIsData() async throws {
        let engine = try BridgeEngine.forTesting()
        defer { engine.close() }
        try engine.evaluate("globalThis.got = []; globalThis.hacked = false; bridge.on('msg', function (p) { got.push(p); });")
        let nasty: JSONValue = ["text": "'); globalThis.hacked = true; ('\u{2028}</script>"]
        engine.emit("msg", nasty)
        try await engine.runUntilIdle(limit: .milliseconds(1000))
        #expect(try engine.evaluate("got") == [nasty])
        #expect(try engine.evaluate("hacked") == false)
    }
}
