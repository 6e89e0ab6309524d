#!/usr/bin/env python3
"""Writes the hostile-page corpus (Tests/Corpus/hostile.jsonl and Tests/Corpus/hostile-pkg/) that
HostilePageCorpusTests runs through the built bridge-run, one child process per case.

Each row: {"name", "class", "file", "script", "args", "status", "stderr"?, "stdout"?, "notOutput"?,
"maxSeconds", "stderrLines"?}. The test writes `script` to a temporary `file` (`x.js`, `x.test.js`, `x.html`) and
runs `bridge-run <args with {file} replaced>`; the process must exit with `status` within
`maxSeconds`, never die of a signal, and print what the row says. Classes follow issue 12:
crash (page-chosen numbers and values), runaway (work the limits must stop), vanish (failures
that must be reported and calls that must settle), capability (bypasses), data (values that must
stay distinct), sdk (tampered built-ins and the SDK's internals), resources (memory, outputs),
pattern (long valid values). Run it from anywhere:

    python3 Tests/Corpus/hostile.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
rows = []
MOCK = "Tests/Corpus/hostile-pkg/mock.json"


def case(klass, name, script, status, args=None, file="x.js", stdout=None, stderr=None, notOutput=None, maxSeconds=10, stderrLines=None):
    row = {"class": klass, "name": f"{klass}: {name}", "script": script, "file": file, "status": status,
           "args": args if args is not None else ["run", "{file}", "--timeout", "3000", "--mock", MOCK], "maxSeconds": maxSeconds}
    if stdout is not None: row["stdout"] = stdout
    if stderr is not None: row["stderr"] = stderr
    if notOutput is not None: row["notOutput"] = notOutput
    if stderrLines is not None: row["stderrLines"] = stderrLines
    rows.append(row)


# ---------------------------------------------------------------------------------------------
# 1. Crashes: numbers and values the page chooses.
WEIRD = {"Infinity": "Infinity", "-Infinity": "-Infinity", "NaN": "NaN", "1e300": "1e300", "-1": "-1", "2**53+2": "2**53+2",
         "1.5": "1.5", "string": "'12'", "object": "{}", "null": "null"}
for label, v in WEIRD.items():
    case("crash", f"rejection with line {label}", f"Promise.reject({{line: {v}, column: {v}, sourceURL: 'x.js', message: 'boom'}});", 1,
         stderr="unhandled promise rejection")
for label in ["Infinity", "NaN", "1e300", "-1"]:
    v = WEIRD[label]
    case("crash", f"thrown object with line {label}", f"throw {{line: {v}, column: {v}, sourceURL: 'x.js'}};", 1, stderr="uncaught")
    case("crash", f"thrown in a microtask, line {label}", f"Promise.resolve().then(() => {{ throw {{line: {v}}}; }});", 1, stderr="unhandled promise rejection")
    case("crash", f"thrown in a timer, line {label}", f"setTimeout(() => {{ throw {{line: {v}, sourceURL: {v}}}; }}, 1);", 1, stderr="uncaught")
for label, v in {"Infinity": "Infinity", "-Infinity": "-Infinity", "NaN": "NaN", "1e300": "1e300", "negative": "-5", "string": "'abc'",
                 "object": "{}", "2^31": "2**31"}.items():
    case("crash", f"setTimeout delay {label}", f"setTimeout(() => console.log('fired'), {v});", 0, stdout="fired")
for label, v in {"Infinity": "Infinity", "NaN": "NaN", "negative": "-1", "zero": "0", "1e300": "1e300", "string": "'abc'", "object": "{}"}.items():
    case("crash", f"call timeout option {label}",
         f"bridge.call('x.ok', {{}}, {{timeout: {v}}}).then(() => console.log('settled ok'), (e) => console.log('settled ' + e.code));", 0,
         stdout="settled")
for label, v in {"Infinity": "Infinity", "NaN": "NaN", "1e300": "1e300", "object": "{}", "string": "'x'"}.items():
    case("crash", f"clearTimeout({label})", f"const t = setTimeout(() => console.log('ran'), 5); clearTimeout({v}); clearInterval({v});", 0, stdout="ran")
case("crash", "clearTimeout(Symbol()) throws a TypeError at its line", "clearTimeout(Symbol('s'));", 1, stderr="x.js:1")
case("crash", "a test throwing an object with line Infinity fails that test",
     "test('weird', () => { throw {line: Infinity, message: 'm'}; });\ntest('next', () => {});\n", 1,
     args=["test", "{file}", "--timeout", "3000"], file="x.test.js", stdout="1 passed, 1 failed")
case("crash", "a test rejecting with column NaN fails that test",
     "test('weird', async () => { await Promise.reject({column: NaN, line: -7}); });\ntest('next', () => {});\n", 1,
     args=["test", "{file}", "--timeout", "3000"], file="x.test.js", stdout="1 passed, 1 failed")
case("crash", "performance.now and Date under a huge virtual jump",
     "setTimeout(() => console.log('late', performance.now() > 1e9), 2147483647);", 0,
     args=["run", "{file}", "--virtual-time", "--timeout", "3000000000"], stdout="late true")

# ---------------------------------------------------------------------------------------------
# 2. Runaway work: the run limit and the script limit hold for every kind of work.
LIMITS = ["--timeout", "1500", "--script-timeout", "300", "--mock", MOCK]
RUN = ["run", "{file}"] + LIMITS
runaways = {
    "an endless chain of then": "(function f() { Promise.resolve().then(f); })();",
    "an endless async recursion": "(async function f() { await null; f(); })();",
    "an endless queueMicrotask recursion": "(function f() { queueMicrotask(f); })();",
    "two interleaved endless chains": "(function f() { Promise.resolve().then(f); })(); (function g() { Promise.resolve().then(g); })();",
    "a finite chain of five million continuations": "let p = Promise.resolve(); for (let i = 0; i < 5e6; i++) p = p.then(() => {});",
    "an await loop on a mock answered at once": "(async () => { for (;;) await bridge.call('x.ok'); })();",
    "a 0 ms interval": "setInterval(() => {}, 0);",
    "a timer that re-arms itself at 0 ms": "(function f() { setTimeout(f, 0); })();",
    "a timer doing heavy work each tick": "(function f() { let s = 0; for (let i = 0; i < 2e6; i++) s += i; setTimeout(f, 0); })();",
    "while (true) at top level": "while (true) {}",
    "while (true) in a timer": "setTimeout(() => { for (;;) {} }, 1);",
    "while (true) in a microtask": "Promise.resolve().then(() => { for (;;) {} });",
    "while (true) after a call's answer": "bridge.call('x.ok').then(() => { for (;;) {} });",
    "while (true) in toJSON of params": "bridge.call('x.ok', {get v() { for (;;) {} }});",
    "while (true) in a global callback of a raw postMessage": "window.onRaw = () => { for (;;) {} }; webkit.messageHandlers.bridge.postMessage({method: 'x.ok', callbackId: 'onRaw'});",
    "a chain after many calls answered at once": "(async () => { for (let i = 0; i < 50; i++) await bridge.call('x.ok'); (function f() { Promise.resolve().then(f); })(); })();",
    "calls in flight without end": "(function f() { for (let i = 0; i < 100; i++) bridge.call('x.ok'); setTimeout(f, 0); })();",
}
for name, script in runaways.items():
    case("runaway", name, script, 3, args=RUN, maxSeconds=6)
case("runaway", "a 0 ms interval under virtual time", "setInterval(() => {}, 0);", 3,
     args=["run", "{file}", "--virtual-time"] + LIMITS, maxSeconds=6)
case("runaway", "an endless chain under virtual time", "(function f() { Promise.resolve().then(f); })();", 3,
     args=["run", "{file}", "--virtual-time"] + LIMITS, maxSeconds=6)
case("runaway", "deep recursion is a RangeError at its line, not a crash", "function f() { f(); }\nf();", 1, args=RUN, stderr="x.js:1")
case("runaway", "the loop goes on after a stopped timer", "setTimeout(() => { for (;;) {} }, 1); setTimeout(() => console.log('later ran'), 20);", 3,
     args=["run", "{file}", "--timeout", "5000", "--script-timeout", "300"], stdout="later ran", maxSeconds=8)
case("runaway", "an endless chain inside a test ends the run naming the test",
     "test('spins', () => { (function f() { Promise.resolve().then(f); })(); });\n", 3,
     args=["test", "{file}", "--timeout", "300"], file="x.test.js", stderr="x.test.js > spins", maxSeconds=6)
case("runaway", "a page that keeps navigating to itself is not followed without --offline",
     "<script>location.href = location.href; setTimeout(() => console.log('still here'), 5);</script>", 0, file="x.html",
     args=RUN, stdout="still here")
case("runaway", "a routed page that navigates to itself stops at the navigation limit", "", 1,
     args=["run", "https://h.example.com/loop.html", "--offline", "Tests/Corpus/hostile-pkg", "--timeout", "5000"],
     stderr="page navigations", maxSeconds=8)

# ---------------------------------------------------------------------------------------------
# 3. Failures that vanish, calls that never settle.
BAD_STACK = "(() => { const e = new Error('x'); Object.defineProperty(e, 'stack', {get() { throw new Error('no stack'); }}); return e; })()"
REVOKED = "(() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })()"
THROWING_TOSTRING = "({toString() { throw new Error('no'); }, valueOf() { throw new Error('no'); }})"
for label, value in {"a stack getter that throws": BAD_STACK, "a revoked proxy": REVOKED, "a throwing toString": THROWING_TOSTRING,
                     "a Symbol": "Symbol('s')", "undefined": "undefined", "a function": "(function () {})"}.items():
    case("vanish", f"a batch where each callback throws {label}: later answers still settle",
         f"let n = 0; for (let i = 0; i < 10; i++) bridge.call('x.ok').then(() => {{ n++; throw {value}; }});\n"
         "setTimeout(() => console.log('settled ' + n), 10);", 1, args=RUN, stdout="settled 10", stderr="unhandled promise rejection")
    case("vanish", f"a batch where each raw callback throws {label}: later answers still settle",
         f"let n = 0; window.onRaw = () => {{ n++; throw {value}; }};\n"
         "for (let i = 0; i < 10; i++) webkit.messageHandlers.bridge.postMessage({method: 'x.ok', callbackId: 'onRaw'});\n"
         "setTimeout(() => console.log('settled ' + n), 10);", 1, args=RUN, stdout="settled 10", stderr="uncaught")
    case("vanish", f"a rejection with {label} fails the run", f"Promise.reject({value});", 1, args=RUN, stderr="unhandled promise rejection")
    case("vanish", f"throwing {label} fails the run", f"throw {value};", 1, args=RUN, stderr="uncaught")
case("vanish", "a throwing global callback of a raw postMessage is reported and the next call settles",
     "window.onRaw = () => { throw new Error('in callback'); };\nwebkit.messageHandlers.bridge.postMessage({method: 'x.ok', callbackId: 'onRaw'});\n"
     "bridge.call('x.ok').then(() => console.log('next settled'));", 1, args=RUN, stdout="next settled", stderr="in callback")
case("vanish", "a bridge.post callback that throws is reported; other calls settle",
     "bridge.post('x.ok', {}, () => { throw new Error('post cb'); }); bridge.call('x.ok').then(() => console.log('other settled'));", 1,
     args=RUN, stdout="other settled", stderr="post cb")
case("vanish", "console.log of a revoked proxy prints, never throws", f"console.log({REVOKED}); console.log('after');", 0, args=RUN, stdout="after")
case("vanish", "console.log of a value whose getters throw prints", "console.log({get a() { throw new Error('g'); }}); console.log('after');", 0,
     args=RUN, stdout="after")
case("vanish", "a rejected call nobody handles fails the run", "bridge.call('no.such.method');", 1, args=RUN, stderr="METHOD_NOT_FOUND")
case("vanish", "a message too large with no callback fails the run",
     "webkit.messageHandlers.bridge.postMessage({method: 'x.ok', params: {s: 'x'.repeat(2 << 20)}});", 1, args=RUN, stderr="too large")
case("vanish", "a rejection in a test fails that test and the file goes on",
     "test('rejects', async () => { Promise.reject(new Error('late')); await new Promise((r) => setTimeout(r, 5)); });\ntest('next', () => {});\n",
     1, args=["test", "{file}", "--timeout", "3000"], file="x.test.js", stdout="1 passed, 1 failed")

# ---------------------------------------------------------------------------------------------
# 4. Capabilities: only really being at a URL grants its permissions; names compare by scalars.
PKG = ["--offline", "Tests/Corpus/hostile-pkg", "--capabilities", "Tests/Corpus/hostile-pkg/capabilities.json",
       "--schemas", "Tests/Corpus/hostile-pkg/schemas", "--mock", MOCK, "--timeout", "3000"]
for label, url in {"a fragment": "https://h.example.com/shop/frag.html#/pay.html", "a query": "https://h.example.com/shop/frag.html?next=/shop/pay.html",
                   "a query and a fragment": "https://h.example.com/shop/frag.html?a=1#../pay.html",
                   "an encoded fragment": "https://h.example.com/shop/frag.html#%2Fshop%2Fpay.html"}.items():
    case("capability", f"{label} that ends like the pay page grants nothing", "", 0, args=["run", url] + PKG,
         stdout="pay.start PERMISSION_DENIED", notOutput="pay.start OK")
case("capability", "the pay page itself may pay", "", 0, args=["run", "https://h.example.com/shop/pay.html"] + PKG, stdout="pay.start OK")
case("capability", "upper-case scheme and host are the same page", "", 0, args=["run", "HTTPS://H.EXAMPLE.COM/shop/pay.html"] + PKG,
     stdout="pay.start OK")
VARIANTS = [("a Kelvin sign for K", "\\u212Aamera.take"), ("a combining accent", "Ka\\u0301mera.take"), ("fullwidth letters", "\\uFF2Bamera.take"),
            ("a trailing space", "Kamera.take "), ("a zero-width space", "Kamera\\u200B.take"), ("a different case", "kamera.take")]
FRAG = ["run", "https://h.example.com/shop/frag.html"] + PKG
case("capability", "the denied action itself is refused", "", 0, args=FRAG, stdout="plain PERMISSION_DENIED", notOutput="plain OK")
for i, (label, _) in enumerate(VARIANTS):
    # Refused either way (not found, or denied where the glob covers the spelling): never answered.
    case("capability", f"a denied action spelled with {label} stays unanswered", "", 0, args=FRAG,
         stdout=f"variant {i} ", notOutput=f"variant {i} OK")
for i, label in enumerate(["a Kelvin sign", "a combining accent"]):
    case("capability", f"a legacy URL call spelled with {label} stays unanswered", "", 0, args=FRAG,
         stdout=f"url {i} METHOD_NOT_FOUND", notOutput=f"url {i} OK")

# ---------------------------------------------------------------------------------------------
# 5. Data: keys and strings are sequences of code points.
TRACE = ["run", "{file}", "--trace", "-", "--mock", MOCK, "--timeout", "3000"]
case("data", "keys that are canonically equivalent stay two keys", "bridge.call('x.ok', {'\\u00e9': 1, 'e\\u0301': 'text'});", 0,
     args=TRACE, stdout='"e\u0301":"text"')
case("data", "the other spelling of the key survives too", "bridge.call('x.ok', {'\\u00e9': 1, 'e\\u0301': 'text'});", 0, args=TRACE,
     stdout='"\u00e9":1')
case("data", "Kelvin and K keys stay two keys", "bridge.call('x.ok', {'K': 1, '\\u212A': 2});", 0, args=TRACE, stdout='"\u212a":2')
case("data", "Ohm and Omega keys stay two keys", "bridge.call('x.ok', {'\\u2126': 1, '\\u03a9': 2});", 0, args=TRACE, stdout='"\u2126":1')
case("data", "canonically equivalent strings in an array stay as sent", "bridge.call('x.ok', {a: ['\\u00e9', 'e\\u0301']});", 0, args=TRACE,
     stdout='["\u00e9","e\u0301"]')
case("data", "a legacy URL with equivalent keys keeps both",
     "location.href = 'hybrid://x?parameter=' + encodeURIComponent(JSON.stringify({action: 'x.ok', '\\u00e9': 1, 'e\\u0301': 2}));", 0,
     args=TRACE, stdout='"e\u0301":2')
case("data", "a lone surrogate in a string is refused naming the path", "bridge.call('x.ok', {s: 'a\\ud800b'}).catch((e) => console.log(e.code, e.message));", 0,
     args=RUN, stdout="INVALID_MESSAGE params.s")
case("data", "a lone surrogate in a key is refused naming the path", "bridge.call('x.ok', {'k\\udc00': 1}).catch((e) => console.log(e.code));", 0,
     args=RUN, stdout="INVALID_MESSAGE")
case("data", "U+2028, NUL and quotes survive the crossing", "bridge.call('x.ok', {s: '\\u2028\\u0000\"</script>'});", 0, args=TRACE,
     stdout='"s":"\\u2028\\u0000\\"</script>"')
case("data", "a schema enum of é refuses e + combining accent", "", 1,
     args=["validate", "--schemas", "Tests/Corpus/hostile-pkg/schemas", "Tests/Corpus/hostile-pkg/payloads/decomposed.jsonl"], stdout="must be one of")
case("data", "a schema enum of é accepts é", "", 0,
     args=["validate", "--schemas", "Tests/Corpus/hostile-pkg/schemas", "Tests/Corpus/hostile-pkg/payloads/composed.jsonl"], stdout="1 valid")
case("data", "a strict schema refuses the second spelling of a declared key", "", 1,
     args=["validate", "--schemas", "Tests/Corpus/hostile-pkg/schemas", "Tests/Corpus/hostile-pkg/payloads/both-keys.jsonl"], stdout="is not allowed")

# ---------------------------------------------------------------------------------------------
# 6. The SDK's machinery belongs to the runtime: tampered built-ins break only the page.
CALL = "(async () => { const r = await bridge.call('x.ok', {a: [1, {b: 2}]}); console.log('answer ' + JSON_OUT(r)); })();"
OUT = "const JSON_OUT = ((s) => (v) => s(v))(JSON.stringify);\n"
tampers = {
    "JSON.stringify": "JSON.stringify = () => { throw new Error('tampered'); };",
    "JSON.parse": "JSON.parse = () => { throw new Error('tampered'); };",
    "Array.prototype.push": "Array.prototype.push = () => { throw new Error('tampered'); };",
    "Array.prototype.indexOf": "Array.prototype.indexOf = () => { throw new Error('tampered'); };",
    "Array.prototype.slice": "Array.prototype.slice = () => { throw new Error('tampered'); };",
    "Array.prototype[Symbol.iterator]": "Array.prototype[Symbol.iterator] = function* () { throw new Error('tampered'); };",
    "Array.isArray": "Array.isArray = () => false;",
    "Object.hasOwn and Array.prototype.pop": "Object.hasOwn = Array.prototype.pop = () => { throw new Error('tampered'); };",
    "an index setter on Array.prototype": "Object.defineProperty(Array.prototype, '0', { set(v) { throw new Error('tampered'); }, configurable: true });",
    "Map.prototype.get/set/delete/has": "for (const m of ['get', 'set', 'delete', 'has']) Map.prototype[m] = () => { throw new Error('tampered'); };",
    "Promise": "window.Promise = function () { throw new Error('tampered'); };",
    "Promise.resolve": "Promise.resolve = () => { throw new Error('tampered'); };",
    "Function.prototype.call/apply/bind": "Function.prototype.call = Function.prototype.apply = Function.prototype.bind = () => { throw new Error('tampered'); };",
    "Object.keys/defineProperty/freeze": "Object.keys = Object.defineProperty = Object.freeze = () => { throw new Error('tampered'); };",
    "Object.getPrototypeOf": "Object.getPrototypeOf = () => { throw new Error('tampered'); };",
    "String.prototype.replace/indexOf/slice": "String.prototype.replace = String.prototype.indexOf = String.prototype.slice = () => { throw new Error('tampered'); };",
    "RegExp.prototype.exec/test": "RegExp.prototype.exec = RegExp.prototype.test = () => { throw new Error('tampered'); };",
    "Error.prototype frozen": "Object.freeze(Error.prototype);",
    "Object.prototype frozen": "Object.freeze(Object.prototype);",
    "Date.prototype.getTime": "Date.prototype.getTime = () => { throw new Error('tampered'); };",
    "Symbol.hasInstance on Date and Map": "Object.defineProperty(Date, Symbol.hasInstance, {value: () => true}); Object.defineProperty(Map, Symbol.hasInstance, {value: () => true});",
    "Object.prototype.toString": "Object.prototype.toString = () => { throw new Error('tampered'); };",
    "ArrayBuffer.isView and the Set/WeakSet/WeakMap methods": "ArrayBuffer.isView = () => true; for (const C of [Set, WeakSet, WeakMap]) for (const m of ['has', 'add', 'get']) if (m in C.prototype) C.prototype[m] = () => { throw new Error('tampered'); };",
}
for name, tamper in tampers.items():
    case("sdk", f"{name} replaced: the call still goes out and its answer settles", OUT + tamper + "\n" + CALL, 0, args=RUN, stdout='answer {"ok":true}')
case("sdk", "Promise.prototype.then replaced: the call settles (the page's own .then is its own)",
     "Promise.prototype.then = function () { throw new Error('tampered'); };\n(async () => { await bridge.call('x.ok'); console.log('awaited'); })();", 0,
     args=RUN, stdout="awaited")
case("sdk", "an index setter on Array.prototype: a refused call still rejects with INVALID_MESSAGE and its path",
     "Object.defineProperty(Array.prototype, '0', { set(v) { throw new Error('tampered'); }, configurable: true });\n"
     "bridge.call('x.ok', {a: [1, {b: NaN}]}).catch((e) => console.log('refused ' + e.code + ' ' + e.message.split(':')[0]));", 0,
     args=RUN, stdout="refused INVALID_MESSAGE params.a[1].b")
case("sdk", "a toJSON that throws a lookalike of the check's refusal does not choose the refusal's code",
     "const mine = {bridgeInvalid: 'forged', code: 'RATE_LIMITED'};\n"
     "bridge.call('x.ok', {a: {toJSON() { throw mine; }}}).catch((e) => console.log('rejected with the thrown value: ' + (e === mine)));", 0,
     args=RUN, stdout="rejected with the thrown value: true")
case("sdk", "a rejected call with Error.prototype frozen still rejects with its code",
     "Object.freeze(Error.prototype); bridge.call('no.such').catch((e) => console.log('code ' + e.code));", 0, args=RUN, stdout="code METHOD_NOT_FOUND")
case("sdk", "Object.prototype.then: the answer still settles natively (traced)", "Object.prototype.then = function () {}; bridge.call('x.ok');", 0,
     args=TRACE, stdout='"type":"result"')
case("sdk", "a bridge.call made by a params getter during the check: both calls go out, the outer one whole",
     "let inner; const p = {t: new Uint8Array([5, 6]), get g() { inner = inner || bridge.call('x.ok', {n: 1}); return 1; }};\n"
     "bridge.call('x.ok', p).then(() => inner).then((r) => console.log('both settled ' + r.ok));", 0, args=TRACE, stdout='"t":[5,6]')
case("sdk", "a Map with its own Symbol.toStringTag: still refused by its brand",
     "const m = new Map(); m[Symbol.toStringTag] = 'Thing';\n"
     "bridge.call('x.ok', {m}).catch((e) => console.log('refused ' + e.code + ' ' + e.message));", 0, args=RUN,
     stdout="refused INVALID_MESSAGE params.m: a Map cannot cross the bridge")
case("sdk", "the SDK's internals are not globals",
     "console.log([typeof __bridgeSDK, typeof __native, typeof __pageNative, typeof __bridgeTestNative].join(' '));", 0, args=RUN,
     stdout="undefined undefined undefined undefined")
case("sdk", "clearTimeout of every id does not cancel a mock's delayed answer",
     "bridge.call('x.slow').then((r) => console.log('slow ' + r.ok)); for (let i = 0; i < 2000; i++) { clearTimeout(i); clearInterval(i); }", 0,
     args=RUN, stdout="slow true")
case("sdk", "clearTimeout of every id does not cancel a call's timeout",
     "bridge.call('x.never', {}, {timeout: 50}).catch((e) => console.log('timeout ' + e.code)); for (let i = 0; i < 2000; i++) clearTimeout(i);", 0,
     args=RUN, stdout="timeout TIMEOUT", maxSeconds=8)
case("sdk", "a global cb_1 does not capture another script's answer",
     "window.cb_1 = () => console.log('forged'); bridge.call('x.ok').then((r) => console.log('real ' + r.ok));", 0, args=RUN, stdout="real true",
     notOutput="forged")
case("sdk", "a page's own var bridge wins; the SDK stays reachable as bridgeSDK",
     "var bridge = {mine: true};\nconsole.log('mine ' + bridge.mine); bridgeSDK.call('x.ok').then((r) => console.log('sdk ' + r.ok));", 0, args=RUN,
     stdout="sdk true")
case("sdk", "a page's own let bridge is allowed", "let bridge = 1; console.log('let ' + bridge); bridgeSDK.call('x.ok').then(() => console.log('sdk ok'));", 0,
     args=RUN, stdout="sdk ok")
case("sdk", "a getter that answers the check small and the serializer big is refused by native code",
     "let n = 0; const p = {get s() { return ++n === 1 ? 'x' : 'y'.repeat(3 << 20); }};\n"
     "bridge.call('x.ok', p).then(() => console.log('passed'), (e) => console.log('refused ' + e.code));", 0,
     # (The 3 MiB text is made, serialized and measured inside the script's stretch: a debug build
     # on a loaded machine took 300 ms of it, so this case gets a longer limit; it is about the
     # refusal, not the time.)
     args=["run", "{file}", "--timeout", "3000", "--script-timeout", "2000", "--mock", MOCK], stdout="refused PAYLOAD_TOO_LARGE")
case("sdk", "a getter that answers the check with a number and the serializer with NaN",
     "let n = 0; const p = {get v() { return ++n === 1 ? 1 : NaN; }};\n"
     "bridge.call('x.ok', p).then(() => console.log('settled'), (e) => console.log('refused ' + e.code));", 0, args=RUN, stdout="settled")

# ---------------------------------------------------------------------------------------------
# 7. Resources.
MEM = ["run", "{file}", "--memory-limit", "300", "--timeout", "20000"]
case("resources", "typed arrays without end end the run at the memory limit",
     "const keep = []; for (;;) keep.push(new Uint8Array(50 << 20).fill(1));", 4, args=MEM, stderr="memory", maxSeconds=15)
case("resources", "strings without end end the run at the memory limit",
     "const keep = []; for (let i = 0; ; i++) keep.push('x'.repeat(16 << 20) + i);", 4, args=MEM, stderr="memory", maxSeconds=15)
case("resources", "objects without end end the run at the memory limit",
     "const keep = []; for (;;) keep.push({a: [1, 2, 3], b: 'y'.repeat(64), c: {}});", 4, args=MEM, stderr="memory", maxSeconds=20)
case("resources", "a typed array allocated in a microtask chain", "(function f() { new Uint8Array(16 << 20).fill(2); Promise.resolve().then(f); })();", 3,
     args=["run", "{file}", "--memory-limit", "1000", "--timeout", "1500", "--script-timeout", "300"], maxSeconds=8)
case("resources", "a trace to a full disk is an error", "console.log('x');", 2, args=["run", "{file}", "--trace", "/dev/full"], stderr="No space left")
case("resources", "a trace into a folder that does not exist is an error", "console.log('x');", 2,
     args=["run", "{file}", "--trace", "/nonexistent/t.jsonl"], stderr="cannot write trace file")
case("resources", "a memory limit that is not a number is a usage error", "", 2, args=["run", "{file}", "--memory-limit", "lots"], stderr="--memory-limit")

# ---------------------------------------------------------------------------------------------
# 8. Long valid values.
case("pattern", "a 6 MB value of ^(?:[a-z]| )+$ is valid", "", 0,
     args=["validate", "--schemas", "Tests/Corpus/hostile-pkg/schemas", "--no-limits", "{generated:long-text}"], stdout="1 valid", maxSeconds=30)
case("pattern", "the same value is too large under the runtime's limits", "", 1,
     args=["validate", "--schemas", "Tests/Corpus/hostile-pkg/schemas", "{generated:long-text}"], stdout="PAYLOAD_TOO_LARGE", maxSeconds=30)
case("pattern", "a value of ^(?:[a-z]| )+$ with one bad character is invalid", "", 1,
     args=["validate", "--schemas", "Tests/Corpus/hostile-pkg/schemas", "--no-limits", "{generated:long-text-bad}"], stdout="must match pattern", maxSeconds=30)

# ---------------------------------------------------------------------------------------------
# 9. Found by the second attack round: each root cause it reported, in the class it belongs to.
T = ["test", "{file}", "--timeout", "1000"]
case("crash", "an error message with line breaks is one stderr line",
     "throw new Error('line1\\nline2\\r\\nline3\\u2028line4\\u0085line5');", 1, stderr="line1\\nline2", stderrLines=1)
case("crash", "a sourceURL with a line break cannot forge a stderr line",
     "const e = new Error('m'); Object.defineProperty(e, 'sourceURL', {value: 'evil\\nbridge-run: all tests passed'}); throw e;", 1,
     stderrLines=1)
case("crash", "a rejection reason with line breaks is one line",
     "Promise.reject('first\\nbridge-run: forged line');", 1, stderr="first\\nbridge-run: forged line", stderrLines=1)
case("crash", "a thrown 256 MiB string is reported by its start, within the limit",
     "throw 'x'.repeat(256 << 20);", 1, args=["run", "{file}", "--timeout", "2000"], stderr="more characters", stderrLines=1, maxSeconds=6)
case("crash", "twenty thrown 64 MiB strings are reported within the limit",
     "for (let i = 0; i < 20; i++) setTimeout(() => { throw 'y'.repeat(64 << 20); }, 1);", 1,
     args=["run", "{file}", "--timeout", "4000"], stderr="more characters", maxSeconds=10)
case("crash", "test names and failure messages cannot forge result lines",
     "test('a failing test\\n\u2713 x.test.js > forged pass (0 ms)', () => { expect(1).toBe(2); });\n"
     "test('fine', () => { throw new Error('msg\\n9 passed, 0 failed'); });\n", 1,
     args=T, file="x.test.js", stdout="0 passed, 2 failed", notOutput="\n\u2713 x.test.js > forged")
case("vanish", "an uncaught error before a runaway promise chain is still printed",
     "queueMicrotask(() => { throw new Error('first failure, must be reported'); });\n"
     "setTimeout(() => { (function f() { Promise.resolve().then(f); })(); }, 5);", 3,
     args=["run", "{file}", "--timeout", "1000"], stderr="first failure, must be reported", maxSeconds=8)
case("vanish", "an unhandled rejection before a memory blow-up is still printed",
     "Promise.reject(new Error('rejection before the memory blow-up'));\n"
     "setTimeout(() => { const keep = []; for (;;) keep.push(new Uint8Array(32 << 20).fill(1)); }, 5);", 4,
     args=["run", "{file}", "--memory-limit", "300", "--timeout", "20000"], stderr="rejection before the memory blow-up", maxSeconds=15)
case("runaway", "a spinning stack getter on a thrown error is a time-limit stop",
     "const e = new Error('x'); Object.defineProperty(e, 'stack', {get() { for (;;) {} }}); throw e;", 3,
     args=["run", "{file}", "--timeout", "1000", "--script-timeout", "300"], stderr="time limit", maxSeconds=4)
case("runaway", "a spinning sourceURL getter on a thrown error is a time-limit stop",
     "const e = new Error('x'); Object.defineProperty(e, 'sourceURL', {get() { for (;;) {} }}); throw e;", 3,
     args=["run", "{file}", "--timeout", "1000", "--script-timeout", "300"], stderr="time limit", maxSeconds=4)
case("runaway", "while (true) in a timer with --timeout alone says so once",
     "setTimeout(() => { for (;;) {} }, 1);", 3, args=["run", "{file}", "--timeout", "1000"], stderr="execution time limit",
     notOutput="still pending: nothing", stderrLines=1, maxSeconds=4)
case("runaway", "300 000 throwing microtasks print at most 100 errors and a note",
     "for (let i = 0; i < 300000; i++) queueMicrotask(() => { throw new Error('e' + i); });", 3,
     args=["run", "{file}", "--timeout", "1000"], stderr="more than 100 errors", maxSeconds=5)
for label, script in {
    "a refused raw message whose callback does not exist": "webkit.messageHandlers.bridge.postMessage({method: 'x.ok', params: {at: NaN}, callbackId: 'nobody'});",
    "an unknown method answered to a missing callback": "webkit.messageHandlers.bridge.postMessage({method: 'no.such', callbackId: 'nobody'});",
    "a callbackId naming a non-function": "window.notFn = 1; webkit.messageHandlers.bridge.postMessage({method: 'x.ok', callbackId: 'notFn'});",
    "a callbackId with a lone surrogate": "window['cb\\ud800'] = () => console.log('reached'); webkit.messageHandlers.bridge.postMessage({method: 'x.ok', callbackId: 'cb\\ud800'});",
}.items():
    case("vanish", f"{label} is an error of the page, not silence", script, 1, stderr="could not be delivered")
case("sdk", "a raw message naming the SDK's callback id cannot settle its pending call",
     "bridge.call('x.slow').then((v) => console.log('victim got ' + (v.ok ? 'genuine' : 'forged')));\n"
     "window.cb_1 = (a) => console.log('global cb_1 got ' + JSON.stringify(a.result));\n"
     "webkit.messageHandlers.bridge.postMessage({method: 'x.ok', callbackId: 'cb_1'});", 0,
     stdout="victim got genuine", notOutput="victim got forged")
case("sdk", "a legacy URL naming the SDK's callback id cannot settle its pending call",
     "<body><script>bridge.call('x.slow').then((v) => console.log('victim got ' + (v.ok ? 'genuine' : 'forged')));\n"
     "window.cb_1 = () => console.log('global cb_1 called');\n"
     "const f = document.createElement('iframe'); f.src = 'hybrid://x?parameter=' + encodeURIComponent(JSON.stringify({action: 'x.ok', callback: 'cb_1'}));\n"
     "document.body.appendChild(f);</script>", 0, file="x.html", stdout="global cb_1 called", notOutput="victim got forged")
case("sdk", "a test that replaces JSON.stringify cannot turn failures into passes",
     "JSON.stringify = () => '{\"ok\":true}';\ntest('a', () => { expect(1).toBe(2); });\ntest('b', () => { throw new Error('no'); });\n", 1,
     args=T, file="x.test.js", stdout="0 passed, 2 failed")
case("sdk", "a test that clears every timer id still times out",
     "test('never finishes', () => { for (let i = 0; i <= 5000; i++) clearTimeout(i); return new Promise(() => {}); }, 300);\n", 1,
     args=T, file="x.test.js", stdout="0 passed, 1 failed")
case("sdk", "the harness's private timers are not a global of a page run",
     "console.log('internal timers ' + typeof globalThis.__bridgeInternalTimers);", 0, stdout="internal timers undefined")
case("sdk", "a throwing DOM listener does not stop the next listener or the dispatching script",
     "<script>document.addEventListener('ping', () => { throw new Error('listener 1'); });\n"
     "document.addEventListener('ping', () => console.log('listener 2 still runs'));\n"
     "document.dispatchEvent(new Event('ping')); console.log('code after dispatchEvent still runs');</script>", 1, file="x.html",
     stdout="code after dispatchEvent still runs", stderr="listener 1")
case("sdk", "a throwing DOMContentLoaded listener does not stop the next one",
     "<script>document.addEventListener('DOMContentLoaded', () => { throw new Error('dcl 1'); });\n"
     "document.addEventListener('DOMContentLoaded', () => console.log('dcl listener 2 runs'));</script>", 1, file="x.html",
     stdout="dcl listener 2 runs")
KIDS = ["--offline", "Tests/Corpus/hostile-pkg", "--capabilities", "Tests/Corpus/hostile-pkg/capabilities.json", "--mock", MOCK, "--timeout", "3000"]
case("capability", "a link to the kids page spelled with a Kelvin sign loads nothing, so pays nothing", "", 0,
     args=["run", "https://k.example.com/Kids/jump.html"] + KIDS, stdout="pay.start PERMISSION_DENIED", notOutput="pay.start OK")
case("capability", "a kids URL spelled with a Kelvin sign on the command line finds no route and says why", "", 2,
     args=["run", "https://k.example.com/\u212Aids/index.html"] + KIDS, stderr="looks the same but is spelled with other Unicode code points")
case("capability", "a kids URL with a decomposed accent on the command line finds no route", "", 2,
     args=["run", "https://k.example.com/cafe\u0301/index.html"] + KIDS, stderr="no route")
case("crash", "errors of a URL-loaded page name the inline script", "", 1,
     args=["run", "https://h.example.com/err.html", "--offline", "Tests/Corpus/hostile-pkg"],
     stderr="https://h.example.com/err.html (inline script #2):4: uncaught Error: in the second inline script")
case("resources", "a timeout below a millisecond is a usage error", "", 2, args=["run", "{file}", "--timeout", "1e-9"], stderr="at least 1")

# ---------------------------------------------------------------------------------------------
# 10. Found by the third attack round (the standards DOM, the network, module scripts).
HOSTS = ["--http-mock", "Tests/Corpus/hostile-pkg/http.json", "--capabilities", "Tests/Corpus/hostile-pkg/hosts-capabilities.json", "--timeout", "3000"]
for label, url in {"fetch": "https://evil.example.net\\\\@api.example.com/", "fetch, backslash after the host": "https://evil.example.net\\\\.api.example.com/",
                   "fetch, tab in the host": "https://evil.example.net\\t@api.example.com/"}.items():
    case("capability", f"{label}: a backslash or tab cannot hide the host from the hosts list",
         f"fetch('{url}').then((r) => r.text()).then((t) => console.log('SERVED ' + t), () => console.log('refused'));", 0, args=["run", "{file}"] + HOSTS,
         stdout="refused", notOutput="SERVED")
case("capability", "synchronous XHR: a backslash cannot hide the host from the hosts list",
     "const x = new XMLHttpRequest(); x.open('GET', 'https://evil.example.net\\\\@api.example.com/', false);\n"
     "try { x.send(); console.log('SERVED ' + x.responseText); } catch (e) { console.log('refused ' + e.name); }", 0, args=["run", "{file}"] + HOSTS,
     stdout="refused NetworkError", notOutput="SERVED")
case("capability", "WebSocket: a backslash cannot hide the host from the hosts list",
     "const w = new WebSocket('wss://evil.example.net\\\\@api.example.com/'); w.onmessage = (e) => console.log('SERVED ' + e.data); w.onerror = () => console.log('refused');", 0,
     args=["run", "{file}"] + HOSTS, stdout="refused", notOutput="SERVED")
case("capability", "a backslash after an allowed host is a slash: the request reaches it",
     "fetch('https://api.example.com\\\\path').then((r) => console.log('SERVED ' + r.url), () => console.log('refused'));", 0,
     args=["run", "{file}"] + HOSTS, stdout="SERVED https://api.example.com/path")
PKG = ["--offline", "Tests/Corpus/hostile-pkg", "--timeout", "3000"]
case("capability", "an offline file that is a symbolic link out of the package is not served", "", 0,
     args=["run", "https://h.example.com/escape/fetch.html"] + PKG, stdout="link.js failed", notOutput="OUTSIDE-SECRET")
case("capability", "a script src that is a symbolic link out of the package stops the page", "", 1,
     args=["run", "https://h.example.com/escape/script.html"] + PKG, stderr="escapes the package root through a symbolic link", notOutput="OUTSIDE-SECRET")
case("capability", "a route through a symbolic link out of the package is refused", "", 2,
     args=["run", "https://h.example.com/escape/routed.html"] + PKG, stderr="escapes the package root", notOutput="OUTSIDE-SECRET")
for label, page in {"a relative import": "module-relative", "an absolute import": "module-absolute", "a JSON import": "module-json",
                    "a text import": "module-text", "an import through a symbolic link": "module-link"}.items():
    case("capability", f"a page the package serves cannot import a file outside it: {label}", "", 1,
         args=["run", f"https://h.example.com/escape/{page}.html"] + PKG, stderr="outside the offline package", notOutput="OUTSIDE-SECRET")
case("capability", "an import of /etc/passwd from a package page does not quote the file", "", 1,
     args=["run", "https://h.example.com/escape/module-passwd.html"] + PKG, stderr="outside the offline package", notOutput="root:")
case("capability", "a package page still imports its own modules", "", 0,
     args=["run", "https://h.example.com/escape/module-inside.html"] + PKG, stdout="inside module ran")
case("runaway", "esbuild blocked on a FIFO import ends at the run limit plus at most 1.5 s", "", 3,
     args=["run", "{generated:fifo-import}", "--timeout", "3000"], stderr="did not finish within 3000 ms", maxSeconds=6)
case("resources", "localStorage has a quota: QuotaExceededError, the earlier items kept",
     "<script>let name = 'none'; const v = 'v'.repeat(1 << 20); let i = 0;\n"
     "try { for (; i < 100; i++) localStorage.setItem('k' + i, v); } catch (e) { name = e.name + ' ' + (e instanceof DOMException) + ' ' + e.code; }\n"
     "console.log('quota ' + name + ' kept ' + localStorage.length + ' ' + (localStorage.getItem('k0') === v));</script>", 0,
     file="x.html", stdout="quota QuotaExceededError true 22 kept 4 true")
case("resources", "sessionStorage named properties count against the quota",
     "<script>try { sessionStorage.big = 'x'.repeat(6 << 20); console.log('stored'); } catch (e) { console.log('refused ' + e.name); }\n"
     "sessionStorage.clear(); sessionStorage.small = 'y'.repeat(4 << 20); console.log('after clear ' + sessionStorage.small.length);</script>", 0,
     file="x.html", stdout="refused QuotaExceededError\nafter clear 4194304")
case("resources", "a cookie over 4096 characters is ignored and a jar keeps the 180 latest",
     "<script>document.cookie = 'big=' + 'x'.repeat(5000); const big = document.cookie.includes('big=');\n"
     "for (let i = 0; i < 200; i++) document.cookie = 'c' + i + '=1';\n"
     "const jar = document.cookie.split('; '); console.log('big ' + big + ' count ' + jar.length + ' first ' + jar[0] + ' last ' + jar[jar.length - 1]);</script>", 0,
     file="x.html", stdout="big false count 180 first c20=1 last c199=1")
case("resources", "a flood of 4 KB cookies ends at the time limit, not at the memory limit",
     "<script>const v = 'v'.repeat(4000); for (let i = 0; i < 2e6; i++) document.cookie = 'k' + i + '=' + v;</script>", 3,
     file="x.html", args=["run", "{file}", "--timeout", "2000", "--memory-limit", "600"], stderr="execution time limit", maxSeconds=6)
case("runaway", "a 64 MiB URL is refused at once, not parsed past the time limit",
     "fetch('/x?' + 'q'.repeat(64 << 20)).then(() => console.log('served'), (e) => console.log('refused ' + e.name));\n"
     "try { const x = new XMLHttpRequest(); x.open('GET', '/x?' + 'q'.repeat(3 << 20)); console.log('opened'); } catch (e) { console.log('xhr ' + e.name); }", 0,
     args=["run", "{file}", "--timeout", "3000"], stdout="xhr SyntaxError\nrefused TypeError", maxSeconds=6)
case("crash", "document.write while the page is parsed writes instead of throwing",
     "<script>document.write('<p id=w>written</p>');</script><script>console.log('found ' + document.getElementById('w').textContent);</script>", 0,
     file="x.html", stdout="found written")
case("data", "new DOMException(message, name) keeps both, with the legacy code",
     "<script>const e = new DOMException('m', 'AbortError'); console.log([e.name, e.message, e.code, new DOMException().name, e instanceof Error].join(' '));</script>", 0,
     file="x.html", stdout="AbortError m 20 Error true")
case("data", "an aborted fetch rejects with an AbortError a page can recognise by name",
     "<script>const c = new AbortController(); c.abort(); fetch('data:,x', {signal: c.signal}).catch((e) => console.log('name ' + e.name));</script>", 0,
     file="x.html", stdout="name AbortError")
case("data", "domino's own errors carry the standard names",
     "<script>try { document.createElement('1bad'); } catch (e) { console.log(e.name + ' ' + e.code); }</script>", 0,
     file="x.html", stdout="InvalidCharacterError 5")


# ---------------------------------------------------------------------------------------------
# 11. Found by the fourth attack round: many parser-inserted scripts, replaced clock and timers.
case("resources", "scripts written one by one stay within a small memory limit",
     "<script>for (var i = 0; i < 5000; i++) document.write('<script>window.n = (window.n || 0) + 1<\\/script>');</script>"
     "<script>console.log('n', window.n)</script>", 0, file="x.html",
     args=["run", "{file}", "--memory-limit", "400", "--timeout", "20000"], stdout="n 5000", maxSeconds=20)
# A page's own setTimeout that throws: nothing of the runtime's may go through it.
THROWING_SET_TIMEOUT = "window.setTimeout = function () { throw new Error('st gone'); };"
case("sdk", "a page that replaced Date.now and setTimeout still gets its events",
     "<script>Date.now = function () { throw new Error('now gone'); }; " + THROWING_SET_TIMEOUT + "</script>"
     "<button id=b>b</button><script>"
     "document.addEventListener('DOMContentLoaded', () => console.log('ready'));"
     "window.addEventListener('load', () => { console.log('loaded'); location.hash = '#x'; });"
     "window.addEventListener('hashchange', () => console.log('hash', location.hash));"
     "document.getElementById('b').addEventListener('click', e => console.log('click', typeof e.timeStamp, e.timeStamp > 1e12));"
     "document.getElementById('b').click();</script>", 0, file="x.html",
     stdout="click number true\nready\nloaded\nhash #x", notOutput="gone")
case("sdk", "a page that replaced setTimeout still gets its animation frames, idle callbacks and observers",
     "<div id=d></div><script>" + THROWING_SET_TIMEOUT +
     "requestAnimationFrame(t => console.log('frame', typeof t));"
     "requestIdleCallback(d => console.log('idle', typeof d.timeRemaining));"
     "new IntersectionObserver(es => console.log('seen', es.length)).observe(document.getElementById('d'));</script>", 0, file="x.html",
     stdout="frame number", notOutput="gone")
case("crash", "a rejection with a value nothing can print is named as a thrown one is",
     "Promise.reject(new Proxy({}, { get() { throw 5; }, getPrototypeOf() { throw 6; }, has() { throw 7; }, ownKeys() { throw 8; } }));", 1,
     stderr="unhandled promise rejection: [object that cannot be converted to a string]")


def write(path, text):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


# The package the capability and navigation cases run in.
PROBE_PAY = """<!doctype html><body><script>
bridge.call('pay.start', {amount: 1}).then(() => console.log('pay.start OK'), (e) => console.log('pay.start ' + e.code));
</script>"""
write("hostile-pkg/routes.json", json.dumps({"map": {
    "https://h.example.com/shop/frag.html": "pages/frag.html",
    "https://h.example.com/shop/pay.html": "pages/pay.html",
    "https://h.example.com/loop.html": "pages/loop.html",
    "https://h.example.com/err.html": "pages/err.html",
    "https://h.example.com/escape/fetch.html": "pages/escape-fetch.html",
    "https://h.example.com/escape/script.html": "pages/escape-script.html",
    "https://h.example.com/escape/routed.html": "pages/outside/page.html",
    "https://h.example.com/escape/module-relative.html": "pages/module-relative.html",
    "https://h.example.com/escape/module-absolute.html": "pages/module-absolute.html",
    "https://h.example.com/escape/module-json.html": "pages/module-json.html",
    "https://h.example.com/escape/module-text.html": "pages/module-text.html",
    "https://h.example.com/escape/module-link.html": "pages/module-link.html",
    "https://h.example.com/escape/module-passwd.html": "pages/module-passwd.html",
    "https://h.example.com/escape/module-inside.html": "pages/module-inside.html",
    "https://k.example.com/Kids/index.html": "pages/pay.html",
    "https://k.example.com/Kids/jump.html": "pages/kids-jump.html",
    "https://k.example.com/caf\u00e9/index.html": "pages/pay.html",
}}, indent=2, ensure_ascii=False) + "\n")
write("hostile-pkg/pages/err.html", "<script>console.log('first');</script>\n<p>\n<script>\nthrow new Error('in the second inline script');\n</script>\n")
# The kids page links to its own URL spelled with U+212A for K: a route lookup by canonical
# equivalence would load the same page at a URL the deny pattern does not name.
write("hostile-pkg/pages/kids-jump.html", PROBE_PAY + """
<script>
const a = document.createElement('a');
a.href = 'https://k.example.com/\u212Aids/index.html';
document.body.appendChild(a);
setTimeout(() => a.click(), 5);
</script>
""")
# Round 3: a module of the package whose files and routes try to reach outside it.
OUTSIDE_JS = "console.log('OUTSIDE-SECRET: a package page read a file outside its package');\n"
write("hostile-outside/secret.js", OUTSIDE_JS)
write("hostile-outside/secret.json", '{"secret": "OUTSIDE-SECRET"}\n')
write("hostile-outside/secret.txt", "OUTSIDE-SECRET\n")
write("hostile-outside/page.html", "<script>console.log('OUTSIDE-SECRET page')</script>\n")
import hashlib
def symlink(target, path):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    if os.path.lexists(full): os.remove(full)
    os.symlink(target, full)
symlink("../../../hostile-outside/secret.js", "hostile-pkg/res/esc/link.js")
symlink("../../hostile-outside", "hostile-pkg/pages/outside")
write("hostile-pkg/res/esc/own.js", "console.log('own file served');\n")
write("hostile-pkg/res/esc/file.json", json.dumps({
    "/link.js": {"localPath": "link.js", "md5": hashlib.md5(OUTSIDE_JS.encode()).hexdigest()},
    "/own.js": {"localPath": "own.js", "md5": hashlib.md5(b"console.log('own file served');\n").hexdigest()},
}, indent=2) + "\n")
write("hostile-pkg/packages.json", json.dumps([{"moduleName": "esc", "resourceId": "esc", "hitRule": "h.example.com/res", "resourcePath": "res/esc"}], indent=2) + "\n")
write("hostile-pkg/pages/escape-fetch.html", "<script>['own.js', 'link.js'].forEach((f) => fetch('https://h.example.com/res/' + f).then((r) => r.text())"
      ".then((t) => console.log(f + ' ' + t.trim()), () => console.log(f + ' failed')));</script>\n")
write("hostile-pkg/pages/escape-script.html", "<script src=\"https://h.example.com/res/link.js\"></script>\n")
write("hostile-pkg/pages/module-relative.html", "<script type=\"module\">import '../../hostile-outside/secret.js';</script>\n")
# An absolute path that exists wherever the runtime runs (domino is required).
write("hostile-pkg/pages/module-absolute.html", "<script type=\"module\">import '/usr/share/nodejs/domino/lib/index.js';</script>\n")
write("hostile-pkg/pages/module-json.html", "<script type=\"module\">import s from '../../hostile-outside/secret.json'; console.log(s.secret);</script>\n")
write("hostile-pkg/pages/module-text.html", "<script type=\"module\">import t from '../../hostile-outside/secret.txt'; console.log(t);</script>\n")
write("hostile-pkg/pages/module-link.html", "<script type=\"module\">import './outside/secret.js';</script>\n")
write("hostile-pkg/pages/module-passwd.html", "<script type=\"module\">import p from '/etc/passwd'; console.log(p);</script>\n")
write("hostile-pkg/pages/inside.mjs", "export const where = 'inside';\n")
write("hostile-pkg/pages/module-inside.html", "<script type=\"module\">import { where } from './inside.mjs'; console.log(where + ' module ran');</script>\n")
write("hostile-pkg/hosts-capabilities.json", json.dumps({"capabilities": [
    {"id": "local", "pages": ["file://**"], "permissions": ["*"], "hosts": ["api.example.com"]}]}, indent=2) + "\n")
write("hostile-pkg/http.json", json.dumps([
    {"url": "https://api.example.com/**", "text": "api"}, {"url": "https://evil.example.net/**", "text": "evil"},
    {"url": "https://evil.example.net.api.example.com/**", "text": "evil"},
    {"websocket": "wss://**", "messages": [{"text": "socket"}]}], indent=2) + "\n")
write("hostile-pkg/pages/pay.html", PROBE_PAY + "\n")
# frag.html runs the probe for its own URL (the pay call) and, for the look-alike cases, the
# script the case's row names through its own URL's ?case= (kept static: every look-alike row
# runs the same two calls, read from the page's fragment-free script below).
write("hostile-pkg/pages/frag.html", PROBE_PAY + """
<script>
// Each variant of the denied action 'Kamera.take', by index: none may reach its mock answer.
const variants = [""" + ", ".join("'" + m + "'" for _, m in VARIANTS) + """];
bridge.call('Kamera.take').then(() => console.log('plain OK'), (e) => console.log('plain ' + e.code));
variants.forEach((m, i) => bridge.call(m).then(() => console.log('variant ' + i + ' OK'), (e) => console.log('variant ' + i + ' ' + e.code)));
['\\u212Aamera.take', 'Ka\\u0301mera.take'].forEach((m, i) => {
  window['got' + i] = (r) => console.log('url ' + i + ' ' + (r.error ? r.error.code : 'OK'));
  const frame = document.createElement('iframe');
  frame.src = 'hybrid://x?parameter=' + encodeURIComponent(JSON.stringify({action: m, callback: 'got' + i}));
  document.body.appendChild(frame);
});
</script>
""")
write("hostile-pkg/pages/loop.html", "<script>location.href = 'https://h.example.com/loop.html';</script>\n")
write("hostile-pkg/capabilities.json", json.dumps({"capabilities": [
    {"id": "pay-page", "pages": ["https://h.example.com/shop/pay.html"], "permissions": ["payment"]},
    {"id": "shop", "pages": ["https://h.example.com/**"], "permissions": ["camera"], "deny": ["Kamera.*"]},
    {"id": "kids", "pages": ["https://k.example.com/Kids/**", "https://k.example.com/caf\u00e9/**"], "permissions": [], "deny": ["pay.*"]},
    {"id": "k-all", "pages": ["https://k.example.com/**"], "permissions": ["payment"]},
]}, indent=2) + "\n")
write("hostile-pkg/mock.json", json.dumps({
    "x.ok": {"result": {"ok": True}},
    "x.slow": {"result": {"ok": True}, "delayMs": 50},
    "x.never": {"result": 1, "delayMs": 100000},
    "pay.start": {"result": {"paid": True}},
    "Kamera.take": {"result": {"photo": 1}},
}, indent=2, ensure_ascii=False) + "\n")
write("hostile-pkg/schemas/hostile.xml", """<protocol name="hostile" version="1">
  <action name="pay.start" permission="payment">
    <param name="amount" type="number" required="true"/>
  </action>
  <action name="x.ok"/>
  <action name="form.pick" strict="true">
    <param name="choice" type="string" enum="\u00e9,b"/>
  </action>
  <action name="form.strict" strict="true">
    <param name="\u00e9t\u00e9" type="number"/>
  </action>
  <action name="text.words">
    <param name="text" type="string" pattern="^(?:[a-z]| )+$"/>
  </action>
</protocol>
""")
write("hostile-pkg/payloads/decomposed.jsonl", json.dumps({"method": "form.pick", "params": {"choice": "e\u0301"}}, ensure_ascii=False) + "\n")
write("hostile-pkg/payloads/composed.jsonl", json.dumps({"method": "form.pick", "params": {"choice": "\u00e9"}}, ensure_ascii=False) + "\n")
write("hostile-pkg/payloads/both-keys.jsonl", json.dumps({"method": "form.strict", "params": {"\u00e9t\u00e9": 1, "e\u0301te\u0301": 2}}, ensure_ascii=False) + "\n")


names = set()
for r in rows:
    assert r["name"] not in names, r["name"]
    names.add(r["name"])
write("hostile.jsonl", "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows))
print(f"{len(rows)} cases")
