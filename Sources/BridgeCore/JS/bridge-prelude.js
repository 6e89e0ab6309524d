// The bridge prelude: `window`, `console`, timers, `window.webkit.messageHandlers` and the
// `bridge` SDK, run once per engine before any page script, with the native object `__native`
// (which it hides). Its machinery belongs to the runtime, not to the page: every built-in it uses
// is captured here, before page code runs, and called through the captured copy, so a page that
// replaces `JSON.stringify`, `Array.prototype.push`, `Map.prototype.get`,
// `Function.prototype.call`/`apply` or `Promise.prototype.then` breaks only its own code. Its
// state lives in this closure and in native code; native code gets its entry points through
// `native.bind`, not a global.
(function (native, global) {
'use strict';
// ---- intrinsics, captured before any page code ----
const FunctionCall = Function.prototype.call;
const uncurry = Function.prototype.bind.bind(FunctionCall);  // uncurry(f)(self, ...args) = f.call(self, ...args)
const ObjectCtor = Object;
const ObjectPrototype = Object.prototype;
// Object.hasOwn is a plain function: calls to it are far cheaper than to an uncurried method.
const hasOwn = typeof Object.hasOwn === 'function' ? Object.hasOwn : uncurry(Object.prototype.hasOwnProperty);
const getPrototypeOf = Object.getPrototypeOf;
const defineProperty = Object.defineProperty;
const freeze = Object.freeze;
const ObjectCreate = Object.create;
const objectKeys = Object.keys;
const isArray = Array.isArray;
const arrayPush = uncurry(Array.prototype.push);
const arrayPop = uncurry(Array.prototype.pop);
const arraySlice = uncurry(Array.prototype.slice);
const arraySplice = uncurry(Array.prototype.splice);
const arrayIndexOf = uncurry(Array.prototype.indexOf);
const arrayShift = uncurry(Array.prototype.shift);
const arrayJoin = uncurry(Array.prototype.join);
const arrayMap = uncurry(Array.prototype.map);
// The prelude's own tables (pending calls, timers, handlers, listeners) are prototype-less
// objects, not Maps: no page patch reaches them, property access is as fast as a captured Map
// method, and an engine that never touches `Map` does not build the class (~5 KiB a global).
function table() { return ObjectCreate(null); }
const WeakSetCtor = WeakSet;
const weakSetHas = uncurry(WeakSet.prototype.has);
const weakSetAdd = uncurry(WeakSet.prototype.add);
// The value check's brand checks come from bridge-intrinsics.js, made in the VM's helper global
// (a pristine global no page code runs in; once per VM), so that this global never builds
// those classes for the prelude. Fetched the first time a check meets an object that is not a
// plain one (loadIntrinsics): an engine whose values are all plain objects, arrays and
// primitives never needs them, and an engine alone in its VM then never makes the helper
// global at all. They are called only inside toJSON's check and serialization, whose failures
// become messages (no object of the helper global may reach the page). Until they are loaded,
// no function of the helper global has run for this engine, so no error of its realm can exist.
let intrinsics = null;
let brandMapHas, brandSetHas, brandWeakMapHas, brandWeakSetHas, ForeignTypeErrorPrototype, ForeignRangeErrorPrototype,
  numberValueOf, stringValueOf, bigIntValueOf, symbolValueOf, isView, arrayBufferByteLength, typedArrayLength,
  typedArrayToStringTag, Uint8ArrayCtor;
function loadIntrinsics() {
  if (intrinsics !== null) return;
  const o = native.intrinsics();
  // (It fails only when the stack is nearly full: told like any other stack overflow.)
  if (typeof o !== 'object' || o === null) throw new RangeErrorCtor('the stack is too deep to load bridge-intrinsics.js');
  brandMapHas = o.mapHas; brandSetHas = o.setHas; brandWeakMapHas = o.weakMapHas; brandWeakSetHas = o.weakSetHas;
  ForeignTypeErrorPrototype = o.TypeErrorPrototype; ForeignRangeErrorPrototype = o.RangeErrorPrototype;
  numberValueOf = o.numberValueOf; stringValueOf = o.stringValueOf; bigIntValueOf = o.bigIntValueOf; symbolValueOf = o.symbolValueOf;
  isView = o.isView; arrayBufferByteLength = o.arrayBufferByteLength; typedArrayLength = o.typedArrayLength;
  typedArrayToStringTag = o.typedArrayToStringTag; Uint8ArrayCtor = o.Uint8ArrayCtor;
  intrinsics = o;
}
const stringify = JSON.stringify;
const StringCtor = String;
const NumberCtor = Number;
const parseIntFn = parseInt;
const parseFloatFn = parseFloat;
// No regular expressions: RegExp.prototype.test/replace look up `exec` and `flags` at call
// time, which a page can patch. Strings are scanned by hand.
const charCodeAt = uncurry(String.prototype.charCodeAt);
const stringIndexOf = uncurry(String.prototype.indexOf);
const stringSlice = uncurry(String.prototype.slice);
const stringIsWellFormed = typeof String.prototype.isWellFormed === 'function' ? uncurry(String.prototype.isWellFormed) : null;
const dateGetTime = uncurry(Date.prototype.getTime);
const dateToJSON = Date.prototype.toJSON;
const objectToString = uncurry(Object.prototype.toString);
const dateToISOString = uncurry(Date.prototype.toISOString);
const PromiseCtor = Promise;
const promiseResolve = Promise.resolve.bind(Promise);
const promiseThen = uncurry(Promise.prototype.then);
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const RangeErrorCtor = RangeError;
const TypeErrorPrototype = TypeError.prototype;
const RangeErrorPrototype = RangeError.prototype;
const errorToString = uncurry(Error.prototype.toString);
const symbolToString = uncurry(Symbol.prototype.toString);
const functionToString = uncurry(Function.prototype.toString);
const isNaNFn = isNaN;
const RegExpPrototype = RegExp.prototype;
const regExpSource = uncurry(Object.getOwnPropertyDescriptor(RegExp.prototype, 'source').get);

const cfg = native.config();
const MAX_DEPTH = cfg.maxDepth;
const MAX_BYTES = cfg.maxMessageBytes;
const MAX_STRING = cfg.maxStringLength;
const MAX_ARRAY = cfg.maxArrayLength;
// The SDK's callback ids are CALLBACK_PREFIX + n; native code owns the format (SDKCallbackID).
const CALLBACK_PREFIX = cfg.callbackPrefix;
// Method names native code numbers (ScriptHost.methodID): how long, and how many an engine.
const MAX_NUMBERED_METHOD = cfg.maxNumberedMethodLength;
const MAX_NUMBERED_METHODS = cfg.maxNumberedMethods;
// A call without a timeout sends its number and the method, handler and progress flag as one
// number, n * PACKED_CALL_SCALE + what, while that stays below 2^53 (BridgeEngine.receiveSDKCall).
const PACKED_CALL_SCALE = cfg.packedCallScale;
const MAX_PACKED_CALL = 9007199254740992 / PACKED_CALL_SCALE;
global.window = global;
global.self = global;

// ---- brand checks: what a value really is, whatever its prototype or Symbol.hasInstance say ----
// A brand check's mismatch is a TypeError (of this global or of the helper's); anything else
// (a stack overflow, the time limit) goes on to toJSON's catch instead of passing for "no".
// Errors are told by their prototype's identity, never by `instanceof`: any call into the
// helper's code could itself overflow and throw an error of the helper's global, such an error
// must never reach the page, and `instanceof TypeError` would hand it to the page's own
// `TypeError[Symbol.hasInstance]` (an attack review did exactly that, then rewrote the helper's
// built-ins to run code in another engine of the VM).
function brand(f, v) {
  try { f(v); return true; } catch (e) {
    if (hasPrototype(e, ForeignTypeErrorPrototype) || hasPrototype(e, TypeErrorPrototype)) return false;
    throw e;
  }
}
// (Only a Proxy's getPrototypeOf trap could run here, and built-ins never throw a Proxy.)
function hasPrototype(e, prototype) { return e !== null && typeof e === 'object' && getPrototypeOf(e) === prototype; }
function isOverflow(e) { return hasPrototype(e, ForeignRangeErrorPrototype) || hasPrototype(e, RangeErrorPrototype); }
function isDate(v) { return brand(dateGetTime, v); }
function isArrayBuffer(v) { return brand(arrayBufferByteLength, v); }
function collectionKind(v) {
  if (brand(function (x) { brandMapHas(x, undefined); }, v)) return 'Map';
  if (brand(function (x) { brandSetHas(x, undefined); }, v)) return 'Set';
  if (brand(function (x) { brandWeakMapHas(x, ObjectPrototype); }, v)) return 'WeakMap';
  if (brand(function (x) { brandWeakSetHas(x, ObjectPrototype); }, v)) return 'WeakSet';
  return null;
}
function isRegExp(v) { return v !== RegExpPrototype && brand(regExpSource, v); }
function typedArrayKind(v) { try { return typedArrayToStringTag(v); } catch (e) { if (isOverflow(e)) throw e; return undefined; } }

// ---- value check: what JSON.stringify would silently change is refused, with the path ----
let needsReplacer = false;
function wellFormed(s) {
  if (stringIsWellFormed !== null) return stringIsWellFormed(s);
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    if (c < 0xD800 || c > 0xDFFF) continue;
    if (c > 0xDBFF || i + 1 >= s.length) return false;
    const d = charCodeAt(s, i + 1);
    if (d < 0xDC00 || d > 0xDFFF) return false;
    i++;
  }
  return true;
}
// A fault's path is a list built from the inside out (`{part, next}` cells: object literals, so a
// page's index setter on Array.prototype cannot break a refusal).
function fail(reason, code) { return { reason: reason, path: null, depth: 0, code: code }; }
function prepend(f, part) { f.path = { part: part, next: f.path }; f.depth++; }
// `viaToJSON`: v is what a toJSON returned, which JSON.stringify writes without calling a toJSON
// of its own (a Date there is an ordinary object); its members are values as any others.
function check(v, depth, viaToJSON) {
  switch (typeof v) {
    case 'string': return checkString(v);
    case 'boolean': case 'undefined': return null;
    case 'number': return (v - v === 0) ? null : fail(StringCtor(v) + ' is not a finite number and cannot cross the bridge');
    case 'function': return fail('a function cannot cross the bridge');
    case 'symbol': return fail('a Symbol cannot cross the bridge');
    case 'bigint': return fail('a BigInt cannot cross the bridge; send it as a string');
  }
  if (v === null) return null;
  if (depth > MAX_DEPTH) return fail('nested deeper than ' + MAX_DEPTH + ' levels');
  for (let i = checkBase; i < checkDepth; i++) if (checkStack[i] === v) return fail('a cyclic reference cannot cross the bridge');
  if (isArray(v)) {
    // JSON.stringify calls an array's toJSON too (its own, or one a page put on Array.prototype).
    if (!viaToJSON && typeof v.toJSON === 'function') return checkToJSON(v, depth);
    if (v.length > MAX_ARRAY) return fail('an array of ' + v.length + ' elements is longer than the limit of ' + MAX_ARRAY, 'PAYLOAD_TOO_LARGE');
    checkStack[checkDepth++] = v;
    for (let i = 0; i < v.length; i++) {
      const f = check(v[i], depth + 1);
      if (f !== null) { prepend(f, i); return f; }
    }
    checkStack[--checkDepth] = undefined;
    return null;
  }
  // A plain object (the common case) and an instance of a page's own class skip the brand
  // checks: each one that does not match throws, a microsecond or more apiece. What might be a
  // built-in is told by Object.prototype.toString (a Date, RegExp or wrapper by its internal
  // slot; a Map, Set, ArrayBuffer by its prototype's Symbol.toStringTag) or is a view (typed
  // arrays, DataView); the brand checks then decide.
  const proto = getPrototypeOf(v);
  // (An object with a toJSON of its own, a Date included, is what that answers: no brand
  // check, so a page whose values are plain objects and Dates never loads them.)
  if (proto !== ObjectPrototype && (viaToJSON || typeof v.toJSON !== 'function') &&
      (loadIntrinsics(), isView(v) || objectToString(v) !== '[object Object]')) {
    const f = checkBuiltIn(v);
    if (f !== undefined) return f;
  }
  // A plain object is a thenable only by its own `then` (a page's Object.prototype.then makes
  // every object look like one, and JSON.stringify would still write it as data).
  if ((proto === ObjectPrototype || proto === null) ? (hasOwn(v, 'then') && typeof v.then === 'function') : typeof v.then === 'function')
    return fail('a Promise cannot cross the bridge; await it first');
  if (!viaToJSON && typeof v.toJSON === 'function') return checkToJSON(v, depth);
  checkStack[checkDepth++] = v;
  const keys = objectKeys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (checkStrings && !wellFormed(k)) { const f = fail('a key with a lone UTF-16 surrogate cannot cross the bridge'); prepend(f, k); return f; }
    if (k.length > MAX_STRING) return fail('a key of ' + k.length + ' characters is longer than the limit of ' + MAX_STRING, 'PAYLOAD_TOO_LARGE');
    const f = check(v[k], depth + 1);
    if (f !== null) { prepend(f, k); return f; }
  }
  checkStack[--checkDepth] = undefined;
  return null;
}
function checkString(v) {
  if (v.length > MAX_STRING) return fail('a string of ' + v.length + ' characters is longer than the limit of ' + MAX_STRING, 'PAYLOAD_TOO_LARGE');
  return !checkStrings || wellFormed(v) ? null : fail('a string with a lone UTF-16 surrogate cannot cross the bridge');
}
// What JSON.stringify will write is what must be checked: the value's toJSON(''), in its place
// (not a level deeper). A Date's own toJSON answers null for an invalid time value (its valueOf
// included): refused.
function checkToJSON(v, depth) {
  let j;
  try { j = v.toJSON(''); } catch (e) { throw signal({ rethrow: e }); }
  if (j === null && v.toJSON === dateToJSON && isDate(v)) return fail('an invalid Date cannot cross the bridge');
  checkStack[checkDepth++] = v;
  const f = check(j, depth, true);
  checkStack[--checkDepth] = undefined;
  return f;
}
// A built-in object by its brand (one with a toJSON of its own never comes here: JSON.stringify
// calls that first): a fault, null when it crosses as it is, or undefined when it is an
// ordinary object after all.
function checkBuiltIn(v) {
  if (isDate(v)) return undefined;
  const kind = typedArrayKind(v);
  if (kind !== undefined) {
    const n = typedArrayLength(v);
    if (n > MAX_ARRAY) return fail('a typed array of ' + n + ' elements is longer than the limit of ' + MAX_ARRAY, 'PAYLOAD_TOO_LARGE');
    if (n > 0 && (kind === 'BigInt64Array' || kind === 'BigUint64Array')) {
      const f = fail('a BigInt cannot cross the bridge; send it as a string'); prepend(f, 0); return f;
    }
    if (kind === 'Float32Array' || kind === 'Float64Array') {
      for (let i = 0; i < n; i++) if (v[i] - v[i] !== 0) { const f = fail(StringCtor(v[i]) + ' is not a finite number and cannot cross the bridge'); prepend(f, i); return f; }
    }
    needsReplacer = true; return null;
  }
  if (isView(v)) return fail('a DataView cannot cross the bridge; send an array of numbers');
  if (isArrayBuffer(v)) {
    const n = arrayBufferByteLength(v);
    if (n > MAX_ARRAY) return fail('an ArrayBuffer of ' + n + ' bytes is longer than the limit of ' + MAX_ARRAY, 'PAYLOAD_TOO_LARGE');
    needsReplacer = true; return null;
  }
  const collection = collectionKind(v);
  if (collection !== null) return fail('a ' + collection + ' cannot cross the bridge; convert it to an object or array');
  if (isRegExp(v)) return fail('a RegExp cannot cross the bridge; send its source string');
  // Wrapper objects: JSON.stringify writes what ToNumber / ToString make of them (a page's
  // valueOf or toString included), so new Number(NaN) would become null.
  if (brand(numberValueOf, v)) {
    const n = NumberCtor(v);
    return (n - n === 0) ? null : fail(StringCtor(n) + ' is not a finite number and cannot cross the bridge');
  }
  if (brand(stringValueOf, v)) return checkString(StringCtor(v));
  if (brand(bigIntValueOf, v)) return fail('a BigInt cannot cross the bridge; send it as a string');
  if (brand(symbolValueOf, v)) return fail('a Symbol cannot cross the bridge');
  return undefined;
}
function replacer(k, v) {
  if (typedArrayKind(v) !== undefined) return toArray(v);
  if (v !== null && typeof v === 'object' && isArrayBuffer(v)) {
    // (A detached buffer has no bytes: a view of it could not be made.)
    return arrayBufferByteLength(v) === 0 ? [] : toArray(new Uint8ArrayCtor(v));
  }
  return v;
}
// A typed array's elements as a plain array, by index and its real length: no iterator or index
// setter of the page takes part (they could change what the check saw). Array.prototype.map reads
// the elements by index into a new plain array; only its own read of `length` could be a page's
// getter, so when `length` disagrees with the real length, element by element instead.
const elementDescriptor = ObjectCreate(null);
elementDescriptor.writable = true;
elementDescriptor.enumerable = true;
elementDescriptor.configurable = true;
function itself(x) { return x; }
function toArray(t) {
  const n = typedArrayLength(t);
  if (t.length === n) return arrayMap(t, itself);
  const out = [];
  for (let i = 0; i < n; i++) {
    elementDescriptor.value = t[i];
    defineProperty(out, i, elementDescriptor);
  }
  elementDescriptor.value = undefined;
  return out;
}
function renderPath(f) {
  // Deep paths keep their first and last six parts.
  let out = '', i = 0;
  for (let cell = f.path; cell !== null; cell = cell.next, i++) {
    if (f.depth > 16 && i >= 6 && i < f.depth - 6) {
      if (i === 6) out += '.\u2026(' + (f.depth - 12) + ' more levels)\u2026';
      continue;
    }
    const p = cell.part;
    out += (typeof p === 'number') ? '[' + p + ']' : (out ? '.' + p : p);
  }
  return out;
}
// The containers on the path being checked (for cycles): a prototype-less object and a count,
// so no push or index setter of a page's Array.prototype is ever involved. (Written out in
// check() rather than as helpers: every function a page's first call runs costs each engine a
// few KiB of JavaScriptCore's per-global code blocks.)
const checkStack = ObjectCreate(null);
let checkDepth = 0;
// Where the check running now starts on the stack: a bridge.call made from a getter or toJSON
// while a value is being checked checks its own value above the outer check's entries.
let checkBase = 0;
let checkStrings = true;
// The check's own signals ({bridgeInvalid, code}, {rethrow}) are told apart from whatever a
// page's getter or toJSON throws by identity: only objects made here are in this set, so a page
// cannot choose a refusal's code or reason by throwing a lookalike.
const ownSignals = new WeakSetCtor();
function signal(o) { weakSetAdd(ownSignals, o); return o; }
function isSignal(e, field) { return e !== null && typeof e === 'object' && weakSetHas(ownSignals, e) && hasOwn(e, field); }
// Returns JSON text, or throws {bridgeInvalid: reason}. Native code checks the text again (sizes,
// lengths, depth), so a getter that answers this check differently from the serializer still
// meets the limits. Lone surrogates are looked for only when the text shows one: JSON.stringify
// writes a lone surrogate (and nothing else) as a `\udXXX` escape, so the per-string scan runs
// only for a text with `\ud` in it (a rare false alarm, a backslash before "ud" in the data,
// costs only the scan), or after a fault (the first fault in order counts the strings').
// `unscanned`: the caller leaves that scan to native code (the SDK's calls in their parts: native
// code's check of the text refuses a lone surrogate escape and declines the call, and `send`
// scans and checks again).
function toJSON(v, root, depth0, unscanned) {
  // A bridge.call made by a getter or toJSON that this check runs checks its own value: the
  // outer check's stack, string mode and replacer flag are kept and given back afterwards.
  const outerBase = checkBase, outerDepth = checkDepth, outerStrings = checkStrings, outerReplacer = needsReplacer;
  checkBase = checkDepth;
  try {
    let f = null, text;
    for (let strings = false; ; strings = true) {
      needsReplacer = false;
      checkStrings = strings;
      while (checkDepth > checkBase) checkStack[--checkDepth] = undefined;
      try { f = check(v, depth0 || 0); } catch (e) {
        // A throwing toJSON reaches the caller, as it would from JSON.stringify; a stack overflow
        // or a throwing getter or proxy is a refusal.
        if (isSignal(e, 'rethrow')) throw e.rethrow;
        f = fail(isOverflow(e) ? 'nested too deeply' : 'reading the value threw: ' + describe(e));
      }
      if (f === null && text === undefined) {
        try { text = needsReplacer ? stringify(v, replacer) : stringify(v); } catch (e) {
          throw signal({ bridgeInvalid: (root ? root + ': ' : '') + 'serializing the value threw: ' + describe(e) });
        }
      }
      if (strings || (f === null && (text === undefined || unscanned === true || stringIndexOf(text, '\\ud') < 0))) break;
    }
    if (f !== null) {
      if (root) prepend(f, root);
      const p = renderPath(f);
      throw signal({ bridgeInvalid: (p ? p + ': ' : '') + f.reason, code: f.code });
    }
    if (text !== undefined && text.length > MAX_BYTES) throw signal({ bridgeInvalid: 'message of ' + text.length + ' characters is larger than the limit of ' + MAX_BYTES + ' bytes', code: 'PAYLOAD_TOO_LARGE' });
    return text === undefined ? 'null' : text;
  } finally {
    while (checkDepth > outerDepth) checkStack[--checkDepth] = undefined;
    checkBase = outerBase; checkStrings = outerStrings; needsReplacer = outerReplacer;
  }
}

// ---- console ----
function quote(s) {
  let out = "'", start = 0;
  for (let i = 0; i < s.length; i++) {
    if (charCodeAt(s, i) === 39) { out += stringSlice(s, start, i) + "\\'"; start = i + 1; }
  }
  return out + stringSlice(s, start) + "'";
}
function isIdentifier(k) {
  if (k.length === 0) return false;
  for (let i = 0; i < k.length; i++) {
    const c = charCodeAt(k, i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
    if (!(letter || (i > 0 && c >= 48 && c <= 57))) return false;
  }
  return true;
}
function inspect(v, depth, seen) {
  switch (typeof v) {
    case 'string': return depth === 0 ? v : quote(v);
    case 'function': { let n = ''; try { n = v.name; } catch (e) { } return '[Function: ' + (typeof n === 'string' && n ? n : '(anonymous)') + ']'; }
    case 'symbol': return symbolToString(v);
    case 'bigint': return StringCtor(v) + 'n';
    case 'number': return (v === 0 && 1 / v < 0) ? '-0' : StringCtor(v);
    case 'object': break;
    default: return StringCtor(v);
  }
  if (v === null) return 'null';
  if (isDate(v)) return isNaNFn(dateGetTime(v)) ? 'Invalid Date' : dateToISOString(v);
  if (v instanceof ErrorCtor) return errorText(v);
  if (arrayIndexOf(seen, v) >= 0) return '[Circular]';
  if (depth > 2) return isArray(v) ? '[Array]' : '[Object]';
  arrayPush(seen, v);
  let out;
  if (isArray(v)) {
    const parts = [];
    for (let i = 0; i < v.length; i++) arrayPush(parts, inspect(v[i], depth + 1, seen));
    out = parts.length ? '[ ' + arrayJoin(parts, ', ') + ' ]' : '[]';
  } else {
    const keys = objectKeys(v);
    const parts = [];
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const key = isIdentifier(k) ? k : quote(k);
      arrayPush(parts, key + ': ' + inspect(v[k], depth + 1, seen));
    }
    out = parts.length ? '{ ' + arrayJoin(parts, ', ') + ' }' : '{}';
  }
  arrayPop(seen);
  return out;
}
// `Name: message` then the stack; every read may throw (a getter, a revoked proxy): each part
// that cannot be read is left out.
function errorText(e) {
  let head;
  try { head = errorToString(e); } catch (x) { head = 'Error'; }
  let stack = null;
  try { const s = e.stack; if (typeof s === 'string' && s) stack = s; } catch (x) { }
  return stack ? head + '\n' + stack : head;
}
function format(args) {
  const first = args[0];
  let rest = 1;
  let out;
  if (typeof first === 'string' && stringIndexOf(first, '%') >= 0 && args.length > 1) {
    out = '';
    let start = 0;
    for (let i = 0; i + 1 < first.length; i++) {
      if (charCodeAt(first, i) !== 37) continue;
      const m = stringSlice(first, i, i + 2);
      let piece;
      if (m === '%%') {
        piece = '%';
      } else if (stringIndexOf('%s%d%i%f%j%o%O', m) < 0 || stringIndexOf('%s%d%i%f%j%o%O', m) % 2 !== 0) {
        continue;
      } else if (rest >= args.length) {
        piece = m;
      } else {
        const a = args[rest++];
        switch (m) {
          case '%s': piece = typeof a === 'string' ? a : inspect(a, 1, []); break;
          case '%d': case '%i': piece = StringCtor(m === '%i' ? parseIntFn(a) : NumberCtor(a)); break;
          case '%f': piece = StringCtor(parseFloatFn(a)); break;
          case '%j': try { piece = stringify(a); } catch (e) { piece = '[Circular]'; } break;
          default: piece = inspect(a, 1, []);
        }
      }
      out += stringSlice(first, start, i) + piece;
      start = i + 2;
      i++;
    }
    out += stringSlice(first, start);
  } else {
    out = args.length ? inspect(first, 0, []) : '';
  }
  for (; rest < args.length; rest++) out += ' ' + inspect(args[rest], 0, []);
  return out;
}
// Formatting a page's value runs page code (a getter, toString); it must never keep a line from
// being written.
function safeFormat(args) {
  try { return format(args); } catch (e) {
    try { return '[a value that could not be printed: ' + describe(e) + ']'; } catch (x) { return '[a value that could not be printed]'; }
  }
}
const consoleObject = {};
const levels = ['log', 'info', 'warn', 'error', 'debug'];
for (let i = 0; i < levels.length; i++) {
  const level = levels[i];
  consoleObject[level] = function () { native.console(level, safeFormat(arraySlice(arguments))); };
}
consoleObject.trace = consoleObject.debug;
global.console = consoleObject;

// ---- error reporting: never throws, never skipped ----
function describe(e) {
  try {
    // (An error of the VM's helper global, from inside the value check, is described as one:
    // Error.prototype.toString of this global reads its name and message.)
    // (The helper's errors first: `instanceof` would hand them to a page's Symbol.hasInstance.)
    if (hasPrototype(e, ForeignRangeErrorPrototype) || hasPrototype(e, ForeignTypeErrorPrototype) || e instanceof ErrorCtor) {
      let code;
      try { code = e.code; } catch (x) { code = undefined; }
      let text;
      try { text = errorToString(e); } catch (x) { text = 'Error'; }
      return text + (typeof code === 'string' ? ' (' + code + ')' : '');
    }
    return typeof e === 'string' ? e : inspect(e, 1, []);
  } catch (x) {
    try { return StringCtor(e); } catch (y) { return undescribable(e); }
  }
}
// The words native code uses for a thrown value it cannot print (ScriptContext.describe).
function undescribable(e) {
  return e !== null && (typeof e === 'object' || typeof e === 'function') ? '[object that cannot be converted to a string]' : '[value that cannot be converted to a string]';
}
function field(e, name, type) {
  try { const v = e[name]; return typeof v === type ? v : null; } catch (x) { return null; }
}
// A thrown 256 MiB string is reported by its start: the rest would only cost time past the
// page's limit (native code converts and prints what it gets).
const MAX_REPORTED = 8000;
function clip(s) {
  return (typeof s === 'string' && s.length > MAX_REPORTED) ? stringSlice(s, 0, MAX_REPORTED) + '\u2026 (' + (s.length - MAX_REPORTED) + ' more characters)' : s;
}
function report(kind, e) {
  let message = '[value that cannot be converted to a string]', stack = null, url = null, line = -1;
  try {
    message = describe(e);
    if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
      const s = field(e, 'stack', 'string');
      stack = s ? s : null;
      const u = field(e, 'sourceURL', 'string');
      url = u ? u : null;
      const l = field(e, 'line', 'number');
      line = l === null ? -1 : l;
    }
  } catch (x) { }
  native.reportError(kind, clip(message), clip(stack), clip(url), line);
}

// The web platform's reportError(e): the error is reported as uncaught, and the caller goes on.
global.reportError = function reportError(e) {
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to execute 'reportError': 1 argument required, but only 0 present.");
  report('exception', e);
};

// ---- timers ----
const timers = table();
function delayOf(ms) { ms = NumberCtor(ms); return (ms >= 1 && ms <= 2147483647) ? ms : 1; }
function addTimer(fn, ms, args, repeat, internal) {
  if (typeof fn !== 'function') throw new TypeErrorCtor('The "callback" argument must be of type function. Received ' + typeof fn);
  // The runtime's own timers may be 0 ms (the next turn of the loop) and never run on fake time.
  const delay = internal === true && NumberCtor(ms) === 0 ? 0 : delayOf(ms);
  const id = native.setTimer(delay, repeat, internal === true);
  timers[id] = { fn: fn, args: args, repeat: repeat, internal: internal === true };
  return id;
}
global.setTimeout = function setTimeout(fn, ms, ...args) { return addTimer(fn, ms, args, false); };
global.setInterval = function setInterval(fn, ms, ...args) { return addTimer(fn, ms, args, true); };
// A page clears only its own timers: the runtime's (the test harness's per-test timeout) are not
// reachable through clearTimeout(0..n).
function clear(id, internal) {
  id = NumberCtor(id);
  const t = timers[id];
  if (t === undefined || t.internal !== (internal === true)) return;
  delete timers[id];
  native.clearTimer(id);
}
global.clearTimeout = function clearTimeout(id) { clear(id, false); };
global.clearInterval = function clearInterval(id) { clear(id, false); };
// Taken once by the runtime's own scripts that load before the page (the test harness).
if (cfg.internalTimers === true) defineProperty(global, '__bridgeInternalTimers', {
  configurable: true,
  get: function () {
    delete global.__bridgeInternalTimers;
    return freeze({
      setTimeout: function (fn, ms) { return addTimer(fn, ms, [], false, true); },
      clearTimeout: function (id) { clear(id, true); }
    });
  }
});
global.queueMicrotask = function queueMicrotask(fn) {
  if (typeof fn !== 'function') throw new TypeErrorCtor('The "callback" argument must be of type function');
  promiseThen(promiseResolve(), function () { try { fn(); } catch (e) { report('exception', e); } });
};
// `performance.now()` counts from the engine's start, the page's time origin, as in browsers,
// Node and jsdom (it was the machine's uptime); `performance.timeOrigin` is that moment as Unix
// time in ms, so `timeOrigin + now()` is the time of day (what tracing and error-reporting SDKs
// compute).
const startedAt = native.now();
global.performance = defineProperty({ now: function now() { return native.now() - startedAt; } }, 'timeOrigin', {
  value: Date.now(), writable: false, enumerable: true, configurable: true
});

// ---- Date: real time, unless a test fakes it (vi.useFakeTimers / vi.setSystemTime) ----
// Until fake time first drives this engine, `Date` is the built-in itself. Then native code calls
// installFakeDate (once; given to it by native.bind): `Date` becomes a function that builds real
// Date objects (same prototype, so instanceof, subclasses and every method work) and asks native
// code for the time when it is called without arguments (a number while the engine runs on fake
// time, else undefined). A reference to `Date` or `Date.now` taken before that stays the real
// one, as with vitest's fake timers. Not made up front: the shim's functions and the shapes its
// properties give them cost every engine ~12 KiB in a shared VM, for a feature few engines use.
const RealDate = Date;
const realDateNow = Date.now;
const reflectConstruct = Reflect.construct;
const realDateToString = Date.prototype.toString;
// (A page that locked `Date` or `Date.prototype.constructor` gets the failure reported.)
function installFakeDate() {
  try {
    const dateToString = uncurry(realDateToString);
    // A function expression: its name is 'Date' without shadowing the real one in this closure.
    const DateShim = function Date(year, monthIndex, day, hours, minutes, seconds, ms) {
      if (new.target === undefined) {
        const t = native.wallNow();
        return t === undefined ? RealDate() : dateToString(new RealDate(t));
      }
      if (arguments.length === 0) {
        const t = native.wallNow();
        return t === undefined ? reflectConstruct(RealDate, [], new.target) : reflectConstruct(RealDate, [t], new.target);
      }
      return reflectConstruct(RealDate, arguments, new.target);
    };
    defineProperty(DateShim, 'prototype', { value: RealDate.prototype, writable: false, enumerable: false, configurable: false });
    defineProperty(RealDate.prototype, 'constructor', { value: DateShim, writable: true, enumerable: false, configurable: true });
    defineProperty(DateShim, 'now', { value: function now() { const t = native.wallNow(); return t === undefined ? realDateNow() : t; },
      writable: true, enumerable: false, configurable: true });
    defineProperty(DateShim, 'parse', { value: RealDate.parse, writable: true, enumerable: false, configurable: true });
    defineProperty(DateShim, 'UTC', { value: RealDate.UTC, writable: true, enumerable: false, configurable: true });
    defineProperty(global, 'Date', { value: DateShim, writable: true, enumerable: false, configurable: true });
  } catch (e) { report('exception', e); }
}
const FunctionApply = uncurry(Function.prototype.apply);
function fireTimer(id) {
  const t = timers[id];
  if (t === undefined) return;
  if (!t.repeat) delete timers[id];
  FunctionApply(t.fn, undefined, t.args);
}

// ---- message handlers and the bridge SDK ----
// Pending calls by number. Numbers grow by one a call and answers mostly come back in order,
// so they are kept at small indexes, n - pendingBase: JavaScriptCore stores those densely, where
// growing numeric keys would make its sparse map of a prototype-less object (four times slower a
// set, get and delete). The indexes start over whenever nothing pending is there (a long run of
// them gets a fresh table); when they have grown many and mostly empty (calls whose answers take
// long or never come), the calls still waiting move to pendingOld and the indexes start over too.
let pendingList = table();
let pendingBase = 1, pendingLength = 0, pendingCount = 0;
const pendingOld = table();
// (Adding is in send, taking in settle: each function apart is compiled again in every VM.)
// Call n's entry when it is pending.
function pendingGet(n) {
  const i = n - pendingBase;
  return i >= 0 ? (i < pendingLength ? pendingList[i] : undefined) : pendingOld[n];
}
// Moves the calls still pending aside; the indexes start over at call n.
function pendingMoveAside(n) {
  for (let i = 0; i < pendingLength; i++) { const p = pendingList[i]; if (p !== undefined) pendingOld[pendingBase + i] = p; }
  pendingList = table();
  pendingLength = 0;
  pendingCount = 0;
  pendingBase = n;
}
// Call n's entry taken out of pendingOld.
function pendingTakeOld(n) {
  const p = pendingOld[n];
  if (p !== undefined) delete pendingOld[n];
  return p;
}
// Drops call n (its send failed).
function pendingDrop(n) {
  const i = n - pendingBase;
  if (i >= 0 && i < pendingLength && pendingList[i] !== undefined) { pendingList[i] = undefined; pendingCount--; }
  else delete pendingOld[n];
}
let seq = 0;
const handlerIndex = table();
function bodyCallbackId(body) {
  try { return (body !== null && typeof body === 'object' && typeof body.callbackId === 'string') ? body.callbackId : null; } catch (e) { return null; }
}
function postRaw(name, body, timeout, wantsProgress) {
  let text;
  try { text = toJSON(body, ''); }
  catch (e) {
    if (isSignal(e, 'bridgeInvalid')) {
      native.invalid(name, bodyCallbackId(body), e.bridgeInvalid, e.code);
      return;
    }
    throw e;
  }
  postText(name, text, bodyCallbackId(body), timeout, wantsProgress, false);
}
// The callbackId travels beside the text so a refusal on the native side still reaches it.
// fromSDK marks the SDK's own calls: only their answers may settle its pending promises (a raw
// message naming callbackId 'cb_1' is answered to a global function of that name).
function postText(name, text, id, timeout, wantsProgress, fromSDK) {
  const index = typeof name === 'string' ? handlerIndex[name] : undefined;
  if (index === undefined) throw new TypeErrorCtor("no message handler named '" + name + "'");
  if (timeout === undefined && !wantsProgress && !fromSDK) native.post(index, text, id);
  else native.post(index, text, id, timeout === undefined ? -1 : NumberCtor(timeout), !!wantsProgress, fromSDK);
}
const messageHandlers = {};
function addHandler(name, index) {
  if (hasOwn(messageHandlers, name)) return;
  handlerIndex[name] = index;
  defineProperty(messageHandlers, name, {
    enumerable: true,
    value: freeze({ postMessage: function postMessage(body) { postRaw(name, body, undefined, false); } })
  });
}
global.webkit = { messageHandlers: messageHandlers };

// Own properties, defined (not assigned): a page that froze Error.prototype must still get its
// rejection with a code.
function BridgeCallError(err) {
  const e = new ErrorCtor(err.message);
  defineProperty(e, 'name', { value: 'BridgeError', writable: true, configurable: true });
  defineProperty(e, 'code', { value: err.code, writable: true, enumerable: true, configurable: true });
  defineProperty(e, 'details', { value: err.details === undefined ? null : err.details, writable: true, enumerable: true, configurable: true });
  return e;
}
function send(method, params, options, entry) {
  if (typeof method !== 'string' || method === '') throw new TypeErrorCtor('bridge: method must be a non-empty string');
  // Pending calls are keyed by their number: native code delivers answers to our ids as n.
  // (The callback id string is written only when the call goes as the envelope or is refused.)
  const n = ++seq;
  if (pendingLength >= 1024 && pendingCount * 4 < pendingLength) pendingMoveAside(n);
  pendingList[pendingLength++] = entry;
  pendingCount++;
  const handler = options && options.handler || 'bridge';
  // The common case crosses in its parts (below), and native code looks for lone surrogates
  // there; anything else goes as the envelope with the text checked here.
  const index = typeof handler === 'string' ? handlerIndex[handler] : undefined;
  // Only the params need the check; the envelope is the SDK's own, so it is written directly.
  let ptext = paramsText(params, handler, n, index !== undefined);
  if (ptext === undefined) return;
  const timeout = options ? options.timeout : undefined;
  let t;
  // (A timeout whose conversion throws fails the call: it no longer waits for an answer.)
  try { t = timeout === undefined ? undefined : NumberCtor(timeout); } catch (e) { pendingDrop(n); throw e; }
  if (index !== undefined) {
    let m = methodIds[method];
    if (m === undefined) m = methodId(method);
    // The method, the handler and the progress flag in one number (negative: a timeout follows).
    const what = (m * 1024 + index) * 2 + (entry.onProgress ? 1 : 0);
    if (m >= 0 && index < 1024 && (t !== undefined ? native.call(-1 - what, ptext, n, t)
      : n < MAX_PACKED_CALL ? native.call(n * PACKED_CALL_SCALE + what, ptext) : native.call(what, ptext, n))) return;
    // Declined (a lone surrogate among other reasons): the lone-surrogate scan is ours.
    if (stringIndexOf(ptext, '\\ud') >= 0) {
      ptext = paramsText(params, handler, n, false);
      if (ptext === undefined) return;
    }
  }
  const id = CALLBACK_PREFIX + n;
  const text = '{"method":' + stringify(method) + ',"params":' + ptext + ',"callbackId":"' + id + '"}';
  // (A handler that is not there throws to the caller: the call no longer waits for an answer.)
  try { postText(handler, text, id, t, !!entry.onProgress, true); } catch (e) { pendingDrop(n); throw e; }
}
// Native code numbers the methods the SDK calls (each name crosses once): the number, or -1
// for a method whose calls go as the envelope. Only short names are remembered, and only as
// many as native code numbers: a page's long or countless one-off names are not held here.
const methodIds = table();
let methodIdCount = 0;
function methodId(method) {
  const id = native.methodId(method);
  if (method.length <= MAX_NUMBERED_METHOD && methodIdCount < MAX_NUMBERED_METHODS) { methodIds[method] = id; methodIdCount++; }
  return id;
}
// A call's checked params text, or undefined when they were refused (the refusal is the call's
// answer); what a page's getter or toJSON throws reaches the caller.
function paramsText(params, handler, n, unscanned) {
  try { return toJSON(params === undefined ? {} : params, 'params', 1, unscanned); }
  catch (e) {
    if (isSignal(e, 'bridgeInvalid')) { native.invalid(handler, CALLBACK_PREFIX + n, e.bridgeInvalid, e.code, true); return undefined; }
    pendingDrop(n);
    throw e;
  }
}
const listeners = table();
const early = table();
const MAX_EARLY = cfg.maxEarlyEvents;
const jsHandlers = table();
const bridge = {
  call: function call(method, params, options) {
    return new PromiseCtor(function (resolve, reject) {
      send(method, params, options, { resolve: resolve, reject: reject, onProgress: options && typeof options.onProgress === 'function' ? options.onProgress : null });
    });
  },
  post: function post(method, params, callback) {
    if (typeof params === 'function' && callback === undefined) { callback = params; params = {}; }
    const cb = typeof callback === 'function' ? callback : function () {};
    send(method, params, undefined, {
      resolve: function (r) { cb(null, r); },
      reject: function (e) { cb(e, undefined); },
      onProgress: null
    });
  },
  on: function on(event, fn) {
    if (typeof fn !== 'function') throw new TypeErrorCtor('bridge.on: listener must be a function');
    let list = listeners[event];
    if (!list) { list = []; listeners[event] = list; }
    arrayPush(list, fn);
    const queued = early[event];
    if (queued) {
      delete early[event];
      promiseThen(promiseResolve(), function () { for (let i = 0; i < queued.length; i++) callListener(fn, queued[i]); });
    }
    return bridge;
  },
  off: function off(event, fn) {
    const list = listeners[event];
    if (!list) return bridge;
    const i = arrayIndexOf(list, fn);
    if (i >= 0) arraySplice(list, i, 1);
    if (fn === undefined) list.length = 0;
    return bridge;
  },
  register: function register(name, fn) {
    if (typeof name !== 'string' || typeof fn !== 'function') throw new TypeErrorCtor('bridge.register(name, fn)');
    jsHandlers[name] = fn;
    return bridge;
  },
  unregister: function unregister(name) { delete jsHandlers[name]; return bridge; }
};
freeze(bridge);
// The page's own declarations win: `var bridge = …` (a peer bridge's script) replaces this global
// and `let bridge` may shadow it; the SDK stays reachable as `bridgeSDK`.
defineProperty(global, 'bridge', { value: bridge, enumerable: true, writable: true, configurable: true });
defineProperty(global, 'bridgeSDK', { value: bridge, enumerable: false, writable: true, configurable: true });

function callListener(fn, payload) { try { fn(payload); } catch (e) { report('exception', e); } }
function emit(name, payload) {
  const list = listeners[name];
  if (list && list.length) { const copy = arraySlice(list); for (let i = 0; i < copy.length; i++) callListener(copy[i], payload); return; }
  let q = early[name];
  if (!q) { q = []; early[name] = q; }
  if (q.length >= MAX_EARLY) arrayShift(q);
  arrayPush(q, payload);
}
// id: an event name (kind 2), n for one of our callback ids, else the callbackId string.
function settle(kind, id, value, error) {
  if (kind === 2) { emit(id, value); return; }
  if (typeof id === 'number') {
    // Only the SDK's own calls are answered by number; a call it no longer waits for is dropped.
    if (kind === 1) { const p = pendingGet(id); if (p !== undefined && p.onProgress) p.onProgress(value); return; }
    const i = id - pendingBase;
    const p = i >= 0 ? (i < pendingLength ? pendingList[i] : undefined) : pendingTakeOld(id);
    if (p === undefined) return;
    if (i >= 0) {
      pendingList[i] = undefined;
      // (A long run of indexes gets a fresh table.)
      if (--pendingCount === 0) { if (pendingLength > 4096) pendingList = table(); pendingLength = 0; pendingBase = seq + 1; }
    }
    if (error === null) p.resolve(value); else p.reject(BridgeCallError(error));
    return;
  }
  const g = global[id];
  // As in a WebView, where native code evaluates `id(answer)`: a callback that is not a function
  // is an error of the page, not an answer lost without a word.
  if (typeof g !== 'function') throw new TypeErrorCtor("the answer to callbackId " + stringify(id) + " could not be delivered: window[" + stringify(id) + "] is " + (g === undefined ? 'undefined' : 'not a function'));
  g(kind === 1 ? { callbackId: id, progress: value } : { callbackId: id, result: value, error: error });
}
// Settles a batch of entries in order, each four elements of the flat array: kind, id, value,
// error. One entry that throws (whatever it throws) does not keep the others from settling.
function deliver(batch) {
  for (let i = 0; i + 3 < batch.length; i += 4) {
    try { settle(batch[i], batch[i + 1], batch[i + 2], batch[i + 3]); } catch (err) { report('exception', err); }
  }
}
// One final answer to one of our calls (native code's flush of a batch of one such entry: no
// batch array to build and parse around it).
function deliverOne(id, value) {
  try { settle(0, id, value, null); } catch (err) { report('exception', err); }
}
function reply(reqId, value) {
  let text;
  try { text = toJSON(value, 'result'); }
  catch (e) {
    if (isSignal(e, 'bridgeInvalid')) { native.jsReply(reqId, null, e.code || 'INVALID_MESSAGE', e.bridgeInvalid); return; }
    native.jsReply(reqId, null, 'HANDLER_ERROR', describe(e));
    return;
  }
  native.jsReply(reqId, text, null, null);
}
function replyError(reqId, e) {
  let message;
  try { message = e instanceof ErrorCtor ? StringCtor(e.message) : describe(e); } catch (x) { message = describe(e); }
  native.jsReply(reqId, null, 'HANDLER_ERROR', message);
}
function invoke(reqId, name, params) {
  const h = jsHandlers[name];
  if (h === undefined) { native.jsReply(reqId, null, 'METHOD_NOT_FOUND', "no JS handler registered for '" + name + "'"); return; }
  let r;
  try { r = h(params); } catch (e) { replyError(reqId, e); return; }
  let thenable = false;
  try { thenable = r !== null && (typeof r === 'object' || typeof r === 'function') && typeof r.then === 'function'; } catch (e) { replyError(reqId, e); return; }
  if (thenable) {
    // Adopted through the captured intrinsics: the page's thenable decides its value, the
    // page's patches to Promise.prototype.then do not decide whether we hear of it.
    promiseThen(promiseResolve(r), function (v) { reply(reqId, v); }, function (e) { replyError(reqId, e); });
  } else {
    reply(reqId, r);
  }
}
function onUnhandledRejection(promise, reason) { report('rejection', reason); }
// ---- WebAssembly.compile / instantiate ----
// JavaScriptCore settles these promises from a GLib run loop this runtime does not run: they would
// never settle (and the run would end without a word). Here they compile synchronously and settle
// in a microtask: the same module, instance and errors (CompileError, LinkError, TypeError), the
// thread blocked while it compiles. The constructors are the ones there when the engine started.
const Wasm = global.WebAssembly;
if (typeof Wasm === 'object' && Wasm !== null && typeof Wasm.Module === 'function') {
  const WasmModule = Wasm.Module, WasmInstance = Wasm.Instance, wasmModuleExports = Wasm.Module.exports;
  // A module is told by its internal slot (Module.exports throws for anything else), as the spec does.
  function isWasmModule(v) { try { wasmModuleExports(v); return true; } catch (e) { return false; } }
  const wasmMethods = {
    compile: function compile(bytes) { return promiseThen(promiseResolve(), function () { return new WasmModule(bytes); }); },
    instantiate: function instantiate(source) {
      const imports = arguments[1];
      return promiseThen(promiseResolve(), function () {
        if (source !== null && typeof source === 'object' && isWasmModule(source)) return new WasmInstance(source, imports);
        const module = new WasmModule(source);
        return { module: module, instance: new WasmInstance(module, imports) };
      });
    }
  };
  defineProperty(Wasm, 'compile', { value: wasmMethods.compile, writable: true, enumerable: false, configurable: true });
  defineProperty(Wasm, 'instantiate', { value: wasmMethods.instantiate, writable: true, enumerable: false, configurable: true });
}

native.bind(deliver, fireTimer, invoke, addHandler, onUnhandledRejection, installFakeDate, deliverOne);
})(__native, this);
delete this.__native;
