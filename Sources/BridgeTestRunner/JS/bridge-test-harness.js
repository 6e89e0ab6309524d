(function (T, global) {
'use strict';
// The test harness: test/describe/hooks, expect, mock and calls for `bridge-run test`. It runs
// after the prelude and before the test file, so, like the prelude, it captures every built-in it
// uses here, before any page code, and calls only the captured copies afterwards: a test file (or
// the page code it loads, or an old library) that replaces JSON.stringify, Object.is,
// Array.prototype.push or [Symbol.iterator], Function.prototype.call/apply,
// Promise.prototype.then/constructor or RegExp.prototype.exec changes only its own code, never
// whether a test passed. What the harness keeps for itself is read only through own properties
// or has no prototype, so a getter, setter, `then` or `toJSON` added to Object.prototype or
// Array.prototype never reaches it; its own promises carry their constructor (see `sealed`).

// ---- intrinsics, captured before any page code ----
const uncurry = Function.prototype.bind.bind(Function.prototype.call);  // uncurry(f)(self, ...args) = f.call(self, ...args)
const reflectApply = Reflect.apply;
const ObjectCtor = Object;
const ObjectPrototype = Object.prototype;
const objectIs = Object.is;
const objectKeys = Object.keys;
const getPrototypeOf = Object.getPrototypeOf;
const setPrototypeOf = Object.setPrototypeOf;
const defineProperty = Object.defineProperty;
const isExtensible = Object.isExtensible;
const freeze = Object.freeze;
const hasOwn = uncurry(Object.prototype.hasOwnProperty);
const objectToString = uncurry(Object.prototype.toString);
function getter(proto, name) {
  const d = Object.getOwnPropertyDescriptor(proto, name);
  return d !== undefined && typeof d.get === 'function' ? uncurry(d.get) : null;
}
const isArray = Array.isArray;
const arrayFrom = Array.from;
const arrayPop = uncurry(Array.prototype.pop);
const arrayJoin = uncurry(Array.prototype.join);
const arraySort = uncurry(Array.prototype.sort);
const arrayIndexOf = uncurry(Array.prototype.indexOf);
const stringify = JSON.stringify;
// Text that crosses to native code as JSON (the plan's names, a report's messages) is made
// well-formed: a lone surrogate (a test named '\uD800', an expectation on such a string) becomes
// U+FFFD, as `bridge-run run` prints it, instead of making the whole plan or report unreadable.
const toWellFormed = typeof String.prototype.toWellFormed === 'function' ? uncurry(String.prototype.toWellFormed) : null;
function wellFormed(s) { return toWellFormed === null ? s : toWellFormed(s); }
function wellFormedValue(key, v) { return typeof v === 'string' ? wellFormed(v) : v; }
const StringCtor = String;
const NumberCtor = Number;
const BooleanCtor = Boolean;
const FunctionCtor = Function;
const stringIndexOf = uncurry(String.prototype.indexOf);
const stringSlice = uncurry(String.prototype.slice);
const symbolToString = uncurry(Symbol.prototype.toString);
const SymbolIterator = Symbol.iterator;
const hasInstance = uncurry(Function.prototype[Symbol.hasInstance]);  // OrdinaryHasInstance
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const errorToString = uncurry(Error.prototype.toString);
const PromiseCtor = Promise;
const PromisePrototype = Promise.prototype;
const MapCtor = Map;
const MapPrototype = Map.prototype;
const mapGet = uncurry(Map.prototype.get);
const mapSet = uncurry(Map.prototype.set);
const mapHas = uncurry(Map.prototype.has);
const mapForEach = uncurry(Map.prototype.forEach);
const mapSize = getter(Map.prototype, 'size');
const SetPrototype = Set.prototype;
const setHas = uncurry(Set.prototype.has);
const setForEach = uncurry(Set.prototype.forEach);
const setSize = getter(Set.prototype, 'size');
const WeakMapCtor = WeakMap;
const weakMapGet = uncurry(WeakMap.prototype.get);
const weakMapSet = uncurry(WeakMap.prototype.set);
const DatePrototype = Date.prototype;
const dateGetTime = uncurry(Date.prototype.getTime);
const dateToISOString = uncurry(Date.prototype.toISOString);
const isView = ArrayBuffer.isView;
const typedArrayLength = getter(getPrototypeOf(Uint8Array.prototype), 'length');
const RegExpCtor = RegExp;
const RegExpPrototype = RegExp.prototype;
// RegExp.prototype.test, .toString and .flags look up `exec` and each flag at call time: the
// harness uses the builtin exec and reads each flag through its own getter.
const regExpExec = uncurry(RegExp.prototype.exec);
const regExpSource = getter(RegExp.prototype, 'source');
const REGEXP_FLAGS = [];
[['d', 'hasIndices'], ['g', 'global'], ['i', 'ignoreCase'], ['m', 'multiline'], ['s', 'dotAll'],
  ['u', 'unicode'], ['v', 'unicodeSets'], ['y', 'sticky']].forEach(function (f) {
  const get = getter(RegExpPrototype, f[1]);
  if (get !== null) REGEXP_FLAGS.push({ __proto__: null, letter: f[0], get: get });
});
const mathAbs = Math.abs;
const mathPow = Math.pow;
const isNaNFn = isNaN;

// ---- safe building blocks ----
// A data property defined, not assigned: no setter on a prototype runs. Descriptors have no
// prototype, so an Object.prototype.get or .set added by the page is not read as a field.
function put(o, key, value) {
  defineProperty(o, key, { __proto__: null, value: value, writable: true, enumerable: true, configurable: true });
}
// The harness's own lists are arrays without a prototype: an index getter or setter the page
// puts on Array.prototype or Object.prototype never sees them, and they are read with the
// captured generic methods (arrayJoin, arrayIndexOf, arrayPop). No list is handed to page code.
function newList() {
  const list = [];
  setPrototypeOf(list, null);
  return list;
}
function append(list, value) { list[list.length] = value; }
function listOfArgs(args) {
  const out = newList();
  for (let i = 0; i < args.length; i++) append(out, args[i]);
  return out;
}
function field(o, name) { return hasOwn(o, name) ? o[name] : undefined; }
function isA(v, C) { return hasInstance(C, v); }  // `v instanceof C`, whatever C[Symbol.hasInstance] says
function brand(f, v) { try { f(v); return true; } catch (e) { return false; } }
function isRegExp(v) { return v !== RegExpPrototype && brand(regExpSource, v); }
function regExpText(r) {
  let flags = '';
  for (let i = 0; i < REGEXP_FLAGS.length; i++) if (REGEXP_FLAGS[i].get(r)) flags += REGEXP_FLAGS[i].letter;
  return '/' + regExpSource(r) + '/' + flags;
}
function regExpMatches(r, s) { return regExpExec(r, s) !== null; }
function viewLength(v) { try { return typedArrayLength(v); } catch (e) { return v.length; } }
// What an object really is (its internal slots, or `instanceof Error`), whatever its
// Symbol.toStringTag, Symbol.hasInstance or replaced prototype methods say. A plain object (the
// common case) skips the brand checks.
function kindOf(v) {
  if (isArray(v)) return 'array';
  const proto = getPrototypeOf(v);
  if (proto === ObjectPrototype || proto === null) return 'object';
  // A builtin's own prototype: the brand check that passes is the only one tried.
  if (proto === DatePrototype && brand(dateGetTime, v)) return 'date';
  if (proto === MapPrototype && brand(mapSize, v)) return 'map';
  if (proto === SetPrototype && brand(setSize, v)) return 'set';
  if (isA(v, ErrorCtor)) return 'error';
  if (brand(dateGetTime, v)) return 'date';
  if (isRegExp(v)) return 'regexp';
  if (brand(mapSize, v)) return 'map';
  if (brand(setSize, v)) return 'set';
  if (isView(v)) return 'view';
  return 'object';
}
// A promise of this realm is followed even when the page removed or replaced its `then`.
function isThenable(v) {
  return v !== null && (typeof v === 'object' || typeof v === 'function') &&
    (getPrototypeOf(v) === PromisePrototype || typeof v.then === 'function');
}
function isObjectThenable(v) { return v !== null && typeof v === 'object' && isThenable(v); }

// ---- promises ----
// `await p` takes a native promise as it is only when p.constructor is the intrinsic Promise;
// otherwise it calls p.then. The harness's own promises carry the constructor as an own
// property, so awaiting them never runs a replaced Promise.prototype.then or .constructor.
const CONSTRUCTOR = freeze({ __proto__: null, value: PromiseCtor, writable: true, enumerable: false, configurable: true });
function sealed(p) { defineProperty(p, 'constructor', CONSTRUCTOR); return p; }
function rejected(e) { return sealed(new PromiseCtor(function (resolve, reject) { reject(e); })); }
async function awaitBoth(p, ok, fail) {
  let value;
  try { value = await p; } catch (e) { fail(e); return; }
  ok(value);
}
// Calls ok(value) or fail(reason) once p settles. A promise of this realm (a test's async
// function) is awaited with its constructor pinned for the moment `await` reads it, so it settles
// as it really does whatever the page did to Promise.prototype. Another thenable decides through
// its own then: called at once when `direct`, else as `Promise.resolve(p)` would.
function follow(p, ok, fail, direct) {
  if (getPrototypeOf(p) === PromisePrototype) {
    if (!hasOwn(p, 'constructor') && isExtensible(p)) {
      defineProperty(p, 'constructor', CONSTRUCTOR);
      try { awaitBoth(p, ok, fail); } finally { delete p.constructor; }
    } else {
      awaitBoth(p, ok, fail);
    }
  } else if (direct) {
    p.then(ok, fail);
  } else {
    awaitBoth(p, ok, fail);
  }
}

// ---- printing ----
// Asymmetric matchers are known by identity: a copy or a look-alike object is not one.
const asymTable = new WeakMapCtor();
// How an extension prints functions it made (a mock prints as `[MockFunction name]`).
let functionLabel = null;
function asymOf(v) { return v !== null && typeof v === 'object' ? weakMapGet(asymTable, v) : undefined; }
function fmt(v, indent, seen) {
  indent = indent || '';
  seen = seen || newList();
  switch (typeof v) {
    case 'undefined': return 'undefined';
    case 'string': return stringify(v);
    case 'number': return objectIs(v, -0) ? '-0' : StringCtor(v);
    case 'bigint': return StringCtor(v) + 'n';
    case 'boolean': return StringCtor(v);
    case 'symbol': return symbolToString(v);
    case 'function': {
      const label = functionLabel !== null ? functionLabel(v) : undefined;
      return label !== undefined ? label : '[Function ' + (v.name || 'anonymous') + ']';
    }
  }
  if (v === null) return 'null';
  const asym = asymOf(v);
  if (asym !== undefined) return asym.description;
  const kind = kindOf(v);
  if (kind === 'error') return '[' + StringCtor(v) + (typeof v.code === 'string' ? ' (' + v.code + ')' : '') + ']';
  if (kind === 'date') return isNaNFn(dateGetTime(v)) ? 'Date(Invalid)' : 'Date(' + dateToISOString(v) + ')';
  if (kind === 'regexp') return regExpText(v);
  if (isThenable(v)) return 'Promise {}';
  if (arrayIndexOf(seen, v) >= 0) return '[Circular]';
  if (seen.length >= 12) return kind === 'array' ? '[Array]' : '[Object]';
  const inner = indent + '  ';
  append(seen, v);
  const items = newList();
  let out;
  if (kind === 'array' || kind === 'view') {
    const n = kind === 'array' ? v.length : viewLength(v);
    for (let i = 0; i < n; i++) append(items, i in v ? inner + fmt(v[i], inner, seen) : '');
    out = items.length ? '[\n' + arrayJoin(items, ',\n') + '\n' + indent + ']' : '[]';
  } else if (kind === 'map') {
    mapForEach(v, function (val, key) { append(items, inner + fmt(key, inner, seen) + ' => ' + fmt(val, inner, seen)); });
    out = items.length ? 'Map {\n' + arrayJoin(items, ',\n') + '\n' + indent + '}' : 'Map {}';
  } else if (kind === 'set') {
    setForEach(v, function (val) { append(items, inner + fmt(val, inner, seen)); });
    out = items.length ? 'Set [\n' + arrayJoin(items, ',\n') + '\n' + indent + ']' : 'Set []';
  } else {
    const keys = objectKeys(v);
    arraySort(keys);
    for (let i = 0; i < keys.length; i++) append(items, inner + stringify(keys[i]) + ': ' + fmt(v[keys[i]], inner, seen));
    out = items.length ? '{\n' + arrayJoin(items, ',\n') + '\n' + indent + '}' : '{}';
  }
  arrayPop(seen);
  return out;
}

// ---- equality ----
function definedKeys(o) {
  const keys = objectKeys(o), out = newList();
  for (let i = 0; i < keys.length; i++) if (o[keys[i]] !== undefined) append(out, keys[i]);
  return out;
}
function valuesOf(s) {
  const out = newList();
  setForEach(s, function (v) { append(out, v); });
  return out;
}
function equals(a, b, sa, sb) {
  const mb = asymOf(b);
  if (mb !== undefined) return mb.matches(a);
  const ma = asymOf(a);
  if (ma !== undefined) return ma.matches(b);
  if (objectIs(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (objectToString(a) !== objectToString(b)) return false;
  const kind = kindOf(a);
  if (kind === 'date') return brand(dateGetTime, b) && objectIs(dateGetTime(a), dateGetTime(b));
  if (kind === 'regexp') return regExpText(a) === (isRegExp(b) ? regExpText(b) : StringCtor(b));
  if (kind === 'error') return a.name === b.name && a.message === b.message;
  sa = sa || newList();
  sb = sb || newList();
  const seenAt = arrayIndexOf(sa, a);
  if (seenAt >= 0) return sb[seenAt] === b;
  append(sa, a);
  append(sb, b);
  let same = true;
  if (kind === 'array' || kind === 'view') {
    const n = kind === 'array' ? a.length : viewLength(a);
    same = n === (isArray(b) ? b.length : viewLength(b));
    for (let i = 0; same && i < n; i++) same = equals(a[i], b[i], sa, sb);
  } else if (kind === 'map') {
    same = brand(mapSize, b) && mapSize(a) === mapSize(b);
    if (same) mapForEach(a, function (v, k) { if (same) same = mapHas(b, k) && equals(v, mapGet(b, k), sa, sb); });
  } else if (kind === 'set') {
    same = brand(setSize, b) && setSize(a) === setSize(b);
    if (same) setForEach(a, function (v) {
      if (same && !setHas(b, v)) {
        const others = valuesOf(b);
        let found = false;
        for (let i = 0; !found && i < others.length; i++) found = equals(v, others[i], sa, sb);
        same = found;
      }
    });
  } else {
    const ka = definedKeys(a), kb = definedKeys(b);
    same = ka.length === kb.length;
    for (let i = 0; same && i < ka.length; i++) same = hasOwn(b, ka[i]) && equals(a[ka[i]], b[ka[i]], sa, sb);
  }
  arrayPop(sa);
  arrayPop(sb);
  return same;
}
function contains(whole, part) {
  const m = asymOf(part);
  if (m !== undefined) return m.matches(whole);
  if (part === null || typeof part !== 'object' || whole === null || typeof whole !== 'object') return equals(whole, part);
  if (isArray(part)) {
    if (!isArray(whole) || whole.length !== part.length) return false;
    for (let i = 0; i < part.length; i++) if (i in part && !contains(whole[i], part[i])) return false;
    return true;
  }
  const keys = objectKeys(part);
  for (let i = 0; i < keys.length; i++) if (!(hasOwn(whole, keys[i]) && contains(whole[keys[i]], part[keys[i]]))) return false;
  return true;
}
// The items of an iterable, as Array.from gives them; arrays, typed arrays, maps and sets are
// read through their builtins.
function itemsOf(r) {
  if (typeof r === 'object') {
    const kind = kindOf(r);
    if (kind === 'array' || kind === 'view') {
      const out = newList(), n = kind === 'array' ? r.length : viewLength(r);
      for (let i = 0; i < n; i++) append(out, r[i]);
      return out;
    }
    if (kind === 'set') return valuesOf(r);
    if (kind === 'map') {
      const out = newList();
      mapForEach(r, function (v, k) { append(out, [k, v]); });
      return out;
    }
  }
  return arrayFrom(r);
}
function iterable(r) {
  if (r === null || r === undefined) return false;
  if (typeof r === 'object') {
    const kind = kindOf(r);
    if (kind === 'array' || kind === 'view' || kind === 'map' || kind === 'set') return true;
  }
  return typeof r[SymbolIterator] === 'function';
}
function someItem(r, test) {
  const items = itemsOf(r);
  for (let i = 0; i < items.length; i++) if (test(items[i])) return true;
  return false;
}

// ---- asymmetric matchers ----
function asym(description, matches) {
  const m = { matches: matches, toString: function () { return description; } };
  weakMapSet(asymTable, m, { __proto__: null, description: description, matches: matches });
  return m;
}
function anyOf(C) {
  if (C === NumberCtor) return function (v) { return typeof v === 'number' || isA(v, NumberCtor); };
  if (C === StringCtor) return function (v) { return typeof v === 'string' || isA(v, StringCtor); };
  if (C === BooleanCtor) return function (v) { return typeof v === 'boolean' || isA(v, BooleanCtor); };
  if (C === FunctionCtor) return function (v) { return typeof v === 'function'; };
  if (C === ObjectCtor) return function (v) { return v !== null && typeof v === 'object'; };
  return function (v) { return v instanceof C; };
}

// ---- matchers: each returns {pass, expected?, expectedText?, received?, receivedText?, diff?, hint?} ----
function UsageError(message) { put(this, 'message', message); }
function number(v, what) { if (typeof v !== 'number' && typeof v !== 'bigint') throw new UsageError(what + ' value must be a number'); }
function splitPath(s) {
  const out = newList();
  for (let from = 0; ;) {
    const at = stringIndexOf(s, '.', from);
    if (at < 0) { append(out, stringSlice(s, from)); return out; }
    append(out, stringSlice(s, from, at));
    from = at + 1;
  }
}
const matchers = {
  toBe: ['expected', function (r, e) {
    const pass = objectIs(r, e);
    const same = !pass && r !== null && typeof r === 'object' && equals(r, e);
    return { pass: pass, expected: e, diff: true,
      hint: same ? 'The values are deeply equal but not the same object: use toEqual for deep equality.' : null };
  }],
  toEqual: ['expected', function (r, e) { return { pass: equals(r, e), expected: e, diff: true }; }],
  toMatchObject: ['expected', function (r, e) { return { pass: contains(r, e), expected: e, diff: true }; }],
  toBeTruthy: ['', function (r) { return { pass: !!r }; }],
  toBeFalsy: ['', function (r) { return { pass: !r }; }],
  toBeNull: ['', function (r) { return { pass: r === null, expected: null }; }],
  toBeUndefined: ['', function (r) { return { pass: r === undefined, expected: undefined }; }],
  toBeDefined: ['', function (r) { return { pass: r !== undefined, expectedText: 'a defined value' }; }],
  toBeNaN: ['', function (r) { return { pass: typeof r === 'number' && isNaNFn(r), expected: NaN }; }],
  toContain: ['expected', function (r, item) {
    if (typeof r === 'string') return { pass: typeof item === 'string' && stringIndexOf(r, item) >= 0, expectedText: 'a string containing ' + fmt(item) };
    if (!iterable(r)) throw new UsageError('received value must be an array, a string or an iterable');
    return { pass: someItem(r, function (x) { return x === item || objectIs(x, item); }), expectedText: 'an item ' + fmt(item) };
  }],
  toContainEqual: ['expected', function (r, item) {
    if (!iterable(r)) throw new UsageError('received value must be an array or an iterable');
    return { pass: someItem(r, function (x) { return equals(x, item); }), expectedText: 'an item equal to ' + fmt(item) };
  }],
  toHaveLength: ['expected', function (r, n) {
    if (r === null || r === undefined || typeof r.length !== 'number') throw new UsageError('received value must have a length property');
    return { pass: r.length === n, expected: n, received: r.length, hint: 'Received value: ' + fmt(r) };
  }],
  toHaveProperty: ['path', function (r, path, value) {
    const parts = isArray(path) ? path : splitPath(StringCtor(path));
    let v = r, found = true;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (v === null || v === undefined || !(p in ObjectCtor(v))) { found = false; break; }
      v = v[p];
    }
    if (arguments.length < 3) return { pass: found, expectedText: 'a property ' + fmt(arrayJoin(parts, '.')) };
    return { pass: found && equals(v, value), expected: value, received: found ? v : undefined,
      receivedText: found ? undefined : 'no property ' + fmt(arrayJoin(parts, '.')), diff: true };
  }],
  toBeInstanceOf: ['expected', function (r, C) {
    return { pass: r instanceof C, expectedText: 'an instance of ' + (C && C.name || StringCtor(C)),
      receivedText: r !== null && r !== undefined && r.constructor ? 'an instance of ' + r.constructor.name + ': ' + fmt(r) : fmt(r) };
  }],
  toBeGreaterThan: ['expected', function (r, e) { number(r, 'received'); return { pass: r > e, expectedText: '> ' + fmt(e) }; }],
  toBeGreaterThanOrEqual: ['expected', function (r, e) { number(r, 'received'); return { pass: r >= e, expectedText: '>= ' + fmt(e) }; }],
  toBeLessThan: ['expected', function (r, e) { number(r, 'received'); return { pass: r < e, expectedText: '< ' + fmt(e) }; }],
  toBeLessThanOrEqual: ['expected', function (r, e) { number(r, 'received'); return { pass: r <= e, expectedText: '<= ' + fmt(e) }; }],
  toBeCloseTo: ['expected', function (r, e, digits) {
    number(r, 'received');
    const d = digits === undefined ? 2 : digits;
    return { pass: mathAbs(e - r) < mathPow(10, -d) / 2, expected: e, hint: 'Precision: ' + d + ' digits' };
  }],
  toMatch: ['expected', function (r, p) {
    if (typeof r !== 'string') throw new UsageError('received value must be a string');
    if (typeof p === 'string') return { pass: stringIndexOf(r, p) >= 0, expectedText: 'a string containing ' + fmt(p) };
    if (isRegExp(p)) return { pass: regExpMatches(p, r), expectedText: 'a string matching ' + regExpText(p) };
    return { pass: p.test(r), expectedText: 'a string matching ' + StringCtor(p) };
  }],
  toThrow: ['expected', function (r, expected) {
    let thrown, threw = false;
    if (this.promise !== null) {
      threw = true;
      thrown = r;
    } else {
      if (typeof r !== 'function') throw new UsageError('received value must be a function (wrap the code: expect(() => code).toThrow())');
      try { r(); } catch (e) { threw = true; thrown = e; }
    }
    const message = thrown !== null && typeof thrown === 'object' && thrown.message !== undefined ? StringCtor(thrown.message) : StringCtor(thrown);
    let pass = threw, expectedText;
    if (expected === undefined) {
      expectedText = 'an error';
    } else if (typeof expected === 'string') {
      pass = threw && stringIndexOf(message, expected) >= 0;
      expectedText = 'an error whose message contains ' + fmt(expected);
    } else if (isRegExp(expected)) {
      pass = threw && regExpMatches(expected, message);
      expectedText = 'an error whose message matches ' + regExpText(expected);
    } else if (typeof expected === 'function') {
      pass = threw && thrown instanceof expected;
      expectedText = 'an instance of ' + (expected.name || 'the given class');
    } else if (expected !== null && typeof expected === 'object') {
      pass = threw && message === StringCtor(expected.message);
      expectedText = 'an error with message ' + fmt(StringCtor(expected.message));
    } else {
      throw new UsageError('toThrow(expected): expected must be a string, a RegExp, an error class or an error');
    }
    return { pass: pass, expectedText: this.not && expected === undefined ? 'no error' : expectedText,
      receivedText: threw ? (this.promise !== null ? 'rejected with ' : 'threw ') + fmt(thrown) : 'did not throw' };
  }]
};
matchers.toThrowError = matchers.toThrow;
const MATCHER_NAMES = newList();
(function () {
  const names = objectKeys(matchers);
  for (let i = 0; i < names.length; i++) append(MATCHER_NAMES, names[i]);
})();
// Extensions (mocks, snapshots) add matchers while the harness loads, before the test file.
function addMatcher(name, label, fn) {
  if (!hasOwn(matchers, name)) append(MATCHER_NAMES, name);
  put(matchers, name, [label, fn]);
}

// ---- expect ----
// `labels`: the diff's two headings when they are not Expected/Received (a snapshot's).
function ExpectationFailure(title, expected, received, diff, hint, site, labels) {
  put(this, 'title', title); put(this, 'expected', expected); put(this, 'received', received);
  put(this, 'diff', diff); put(this, 'hint', hint); put(this, 'site', site);
  put(this, 'labels', labels === undefined ? null : labels);
}
ExpectationFailure.prototype.toString = function () { return this.title; };
freeze(ExpectationFailure);  // reachable as a failure's constructor: its `prototype` stays the harness's
function diffable(v) {
  if (v === null || typeof v !== 'object' || asymOf(v) !== undefined) return false;
  const kind = kindOf(v);
  return kind !== 'date' && kind !== 'regexp' && kind !== 'error';
}
function titleOf(name, label, args, not, mode) {
  return 'expect(received)' + (mode !== null ? '.' + mode : '') + (not ? '.not' : '') + '.' + name +
    '(' + (label && args.length ? label : '') + ')';
}
function check(name, received, args, not, mode, site) {
  const spec = matchers[name];
  const title = titleOf(name, spec[0], args, not, mode);
  const callArgs = newList();
  append(callArgs, received);
  for (let i = 0; i < args.length; i++) append(callArgs, args[i]);
  let res;
  try {
    res = reflectApply(spec[1], { __proto__: null, not: not, promise: mode }, callArgs);
  } catch (e) {
    if (isA(e, UsageError)) throw new ExpectationFailure(title, null, fmt(received), false, 'Matcher error: ' + e.message, site);
    throw e;
  }
  if (!!res.pass !== not) return;
  const hasExpected = hasOwn(res, 'expected');
  const givenExpected = field(res, 'expectedText'), givenReceived = field(res, 'receivedText');
  let expectedText = givenExpected !== undefined ? givenExpected : (hasExpected ? fmt(res.expected) : null);
  const rv = hasOwn(res, 'received') ? res.received : received;
  const receivedText = givenReceived !== undefined ? givenReceived : fmt(rv);
  // `textDiff`: the matcher's own texts are diffed line by line (a snapshot against the value).
  const diff = !not && expectedText !== receivedText && (field(res, 'textDiff') === true ||
    (field(res, 'diff') === true && hasExpected && diffable(res.expected) && diffable(rv)));
  if (not && expectedText !== null) {
    const notText = field(res, 'notExpectedText');
    expectedText = notText !== undefined ? notText : 'not ' + expectedText;
  }
  throw new ExpectationFailure(title, expectedText, receivedText, diff, field(res, 'hint') || null, site, field(res, 'labels'));
}
function settled(name, received, args, not, mode, site) {
  const title = titleOf(name, matchers[name][0], args, not, mode);
  let p = received;
  if (typeof p === 'function') p = p();
  if (!isThenable(p)) {
    return rejected(new ExpectationFailure(title, null, fmt(p), false, 'Matcher error: received value must be a promise', site));
  }
  return sealed(new PromiseCtor(function (resolve, reject) {
    follow(p, function (value) {
      try {
        if (mode === 'rejects') throw new ExpectationFailure(title, null, fmt(value), false, 'Received promise resolved instead of rejected', site);
        check(name, value, args, not, mode, site);
        resolve();
      } catch (e) { reject(e); }
    }, function (reason) {
      try {
        if (mode === 'resolves') throw new ExpectationFailure(title, null, fmt(reason), false, 'Received promise rejected instead of resolved', site);
        check(name, reason, args, not, mode, site);
        resolve();
      } catch (e) { reject(e); }
    }, false);
  }));
}
// Filled while it has no prototype (no setter of the page runs), then made an ordinary object.
function matcherSet(received, not, mode, site, more) {
  const set = { __proto__: null };
  for (let i = 0; i < MATCHER_NAMES.length; i++) {
    const name = MATCHER_NAMES[i];
    set[name] = mode === null
      ? function () { check(name, received, listOfArgs(arguments), not, null, site); }
      : function () { return settled(name, received, listOfArgs(arguments), not, mode, site); };
  }
  if (more !== undefined) more(set);
  setPrototypeOf(set, ObjectPrototype);
  return set;
}
function expect(received) {
  const site = new ErrorCtor().stack || '';
  return matcherSet(received, false, null, site, function (e) {
    e.not = matcherSet(received, true, null, site);
    e.resolves = matcherSet(received, false, 'resolves', site, function (r) { r.not = matcherSet(received, true, 'resolves', site); });
    e.rejects = matcherSet(received, false, 'rejects', site, function (r) { r.not = matcherSet(received, true, 'rejects', site); });
  });
}
expect.anything = function anything() { return asym('Anything', function (v) { return v !== null && v !== undefined; }); };
expect.any = function any(C) {
  if (typeof C !== 'function') throw new TypeErrorCtor('expect.any(Class): give a constructor such as Number or Object');
  return asym('Any<' + (C.name || 'anonymous') + '>', anyOf(C));
};
expect.objectContaining = function objectContaining(o) {
  return asym('ObjectContaining ' + fmt(o), function (v) {
    if (v === null || typeof v !== 'object') return false;
    const keys = objectKeys(o);
    for (let i = 0; i < keys.length; i++) if (!(hasOwn(v, keys[i]) && equals(v[keys[i]], o[keys[i]]))) return false;
    return true;
  });
};
expect.arrayContaining = function arrayContaining(items) {
  return asym('ArrayContaining ' + fmt(items), function (v) {
    if (!isArray(v)) return false;
    for (let i = 0; i < items.length; i++) {
      if (!(i in items)) continue;
      let found = false;
      for (let j = 0; !found && j < v.length; j++) found = j in v && equals(v[j], items[i]);
      if (!found) return false;
    }
    return true;
  });
};
expect.stringContaining = function stringContaining(s) {
  return asym('StringContaining ' + fmt(s), function (v) { return typeof v === 'string' && stringIndexOf(v, s) >= 0; });
};
expect.stringMatching = function stringMatching(re) {
  const r = typeof re === 'string' ? new RegExpCtor(re) : re;
  const isRe = isRegExp(r);
  return asym('StringMatching ' + (isRe ? regExpText(r) : StringCtor(r)), function (v) {
    return typeof v === 'string' && (isRe ? regExpMatches(r, v) : r.test(v));
  });
};

// ---- timers started by a test are cleared when it ends ----
const cfg = T.config();
const DEFAULT_TIMEOUT = cfg.timeout;
// `-t/--test-name-pattern`: a JavaScript RegExp (no flags) tried against each test's full name
// ("describe > test"); tests whose name does not match are skipped.
const NAME_PATTERN = typeof cfg.namePattern === 'string' ? new RegExpCtor(cfg.namePattern) : null;
const pageSetTimeout = global.setTimeout, pageClearTimeout = global.clearTimeout, setRepeat = global.setInterval;
// The harness's own timers (a test's timeout) cannot be cleared by the code under test; the
// prelude hands them out once, to the first script that asks (this one, before the test file).
const internalTimers = global.__bridgeInternalTimers;
const setTimer = internalTimers.setTimeout, clearTimer = internalTimers.clearTimeout;
let tracked = null;
global.setTimeout = function setTimeout() {
  const id = reflectApply(pageSetTimeout, undefined, arguments);
  if (tracked !== null) append(tracked, id);
  return id;
};
global.setInterval = function setInterval() {
  const id = reflectApply(setRepeat, undefined, arguments);
  if (tracked !== null) append(tracked, id);
  return id;
};

// ---- collection ----
function newSuite(name, parent, mode) {
  return { __proto__: null, name: name, parent: parent, mode: mode,
    beforeAll: newList(), afterAll: newList(), beforeEach: newList(), afterEach: newList(),
    started: false, setupError: null, last: -1 };
}
const root = newSuite('', null, '');
let current = root;
let collecting = true;
let hasOnly = false;
const tests = newList();

function loading(what) {
  if (!collecting) throw new ErrorCtor(what + ' must be called while the file loads (at the top level or inside describe()), not while tests run');
}
function checkTimeout(what, timeout) {
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    throw new TypeErrorCtor(what + ': timeout must be a positive number of milliseconds');
  }
}
function fullName(suite, name) {
  let out = name;
  for (let s = suite; s !== root; s = s.parent) out = s.name + ' > ' + out;
  return out;
}
function addTest(name, fn, mode, timeout) {
  loading('test()');
  name = wellFormed(StringCtor(name));
  if (mode !== 'skip' && mode !== 'todo' && typeof fn !== 'function') {
    throw new TypeErrorCtor('test(' + stringify(name) + ', fn): fn must be a function');
  }
  checkTimeout('test(' + stringify(name) + ', fn, timeout)', timeout);
  if (mode === 'only') hasOnly = true;
  append(tests, { __proto__: null, name: fullName(current, name), title: name, fn: fn, suite: current, mode: mode,
    timeout: timeout || DEFAULT_TIMEOUT, definedAt: new ErrorCtor().stack || '', chain: null });
}
function test(name, fn, timeout) { addTest(name, fn, '', timeout); }
test.skip = function skip(name, fn, timeout) { addTest(name, fn, 'skip', timeout); };
test.only = function only(name, fn, timeout) { addTest(name, fn, 'only', timeout); };
test.todo = function todo(name) { addTest(name, undefined, 'todo'); };

function addSuite(name, fn, mode) {
  loading('describe()');
  name = wellFormed(StringCtor(name));
  if (typeof fn !== 'function') throw new TypeErrorCtor('describe(' + stringify(name) + ', fn): fn must be a function');
  if (mode === 'only') hasOnly = true;
  const suite = newSuite(name, current, mode);
  current = suite;
  try {
    const r = fn();
    if (isObjectThenable(r)) {
      throw new ErrorCtor('describe(' + stringify(name) + ') returned a promise: declare tests synchronously and do async work in beforeAll/beforeEach or in the tests');
    }
  } finally {
    current = suite.parent;
  }
}
function describe(name, fn) { addSuite(name, fn, ''); }
describe.skip = function skip(name, fn) { addSuite(name, fn, 'skip'); };
describe.only = function only(name, fn) { addSuite(name, fn, 'only'); };

function hook(kind) {
  return function (fn, timeout) {
    loading(kind + '()');
    if (typeof fn !== 'function') throw new TypeErrorCtor(kind + '(fn): fn must be a function');
    checkTimeout(kind + '(fn, timeout)', timeout);
    append(current[kind], { __proto__: null, fn: fn, timeout: timeout || DEFAULT_TIMEOUT });
  };
}

function anySuite(chain, mode) {
  for (let i = 0; i < chain.length; i++) if (chain[i].mode === mode) return true;
  return false;
}
function hookTime(list) {
  let ms = 0;
  for (let i = 0; i < list.length; i++) ms += list[i].timeout;
  return ms;
}
// The plan goes to native code through the engine's JSON conversion: nothing in it has a
// prototype, so a toJSON the page added to Object.prototype or Array.prototype is not called.
function plan() {
  if (!collecting) throw new ErrorCtor('the test plan was already taken');
  collecting = false;
  const out = newList();
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i];
    const up = newList(), chain = newList();
    for (let s = t.suite; s !== null; s = s.parent) append(up, s);
    for (let k = up.length - 1; k >= 0; k--) append(chain, up[k]);
    t.chain = chain;
    let skip = t.mode === 'skip' || t.mode === 'todo' || anySuite(chain, 'skip');
    if (!skip && hasOnly) skip = !(t.mode === 'only' || anySuite(chain, 'only'));
    if (!skip && NAME_PATTERN !== null) skip = !regExpMatches(NAME_PATTERN, t.name);
    const titles = newList();
    for (let k = 1; k < chain.length; k++) append(titles, chain[k].name);
    append(titles, t.title);
    let budget = t.timeout;
    for (let k = 0; k < chain.length; k++) {
      const s = chain[k];
      if (!skip) s.last = i;
      budget += hookTime(s.beforeAll) + hookTime(s.afterAll) + hookTime(s.beforeEach) + hookTime(s.afterEach);
    }
    append(out, { __proto__: null, name: t.name, titles: titles, skip: skip, todo: t.mode === 'todo', budget: budget, definedAt: t.definedAt });
  }
  return out;
}

// ---- running ----
// The test running now (from its beforeEach to its afterEach), for extensions: a spy or fake
// timers set up inside it are undone when it ends, a snapshot is named after it.
let running = null;
const testEndHooks = newList();
// Everything that flows through the harness's promises is undefined, null or an object without
// a prototype: never a thenable, whatever `then` the page added to Object.prototype.
function failed(e) { return { __proto__: null, e: e }; }
function Timeout(what, ms) { put(this, 'what', what); put(this, 'ms', ms); }
function within(fn, ms, what) {
  return sealed(new PromiseCtor(function (resolve, reject) {
    let over = false;
    const timer = setTimer(function () {
      if (over) return;
      over = true;
      reject(new Timeout(what, ms));
    }, ms);
    function finish(failure, e) {
      if (over) return;
      over = true;
      clearTimer(timer);
      if (failure) reject(e); else resolve();
    }
    function settleWith(r) {
      if (isObjectThenable(r)) {
        follow(r, function () { if (fn.length === 0) finish(false); }, function (e) { finish(true, e); }, true);
      } else if (fn.length === 0) {
        finish(false);
      }
    }
    try {
      if (fn.length > 0) {
        settleWith(fn(function done(err) {
          if (err === undefined || err === null) finish(false);
          else finish(true, isA(err, ErrorCtor) ? err : new ErrorCtor('done() was called with ' + fmt(err)));
        }));
      } else {
        settleWith(fn());
      }
    } catch (e) {
      finish(true, e);
    }
  }));
}

async function runHooks(list, what, first) {
  let error = first;
  for (let i = 0; i < list.length; i++) {
    try { await within(list[i].fn, list[i].timeout, what); } catch (e) { if (error === null) error = failed(e); }
  }
  return error;
}

// The failure of test `index` ({e} with what was thrown), or null when it passed.
async function run(index) {
  const t = tests[index], chain = t.chain;
  let error = null;
  for (let k = 0; k < chain.length; k++) {
    const s = chain[k];
    if (!s.started) {
      s.started = true;
      s.setupError = await sealed(runHooks(s.beforeAll, 'beforeAll hook', null));
    }
    if (s.setupError !== null && error === null) error = s.setupError;
  }
  if (error === null) {
    T.beginTest();
    tracked = newList();
    running = t;
    try {
      for (let k = 0; k < chain.length; k++) {
        const each = chain[k].beforeEach;
        for (let i = 0; i < each.length; i++) await within(each[i].fn, each[i].timeout, 'beforeEach hook');
      }
      await within(t.fn, t.timeout, 'test');
    } catch (e) {
      error = failed(e);
    }
    for (let k = chain.length - 1; k >= 0; k--) error = await sealed(runHooks(chain[k].afterEach, 'afterEach hook', error));
    // Extensions undo what the test set up (spies, fake timers); their failures fail the test.
    for (let i = 0; i < testEndHooks.length; i++) {
      try { testEndHooks[i](); } catch (e) { if (error === null) error = failed(e); }
    }
    running = null;
    const left = tracked;
    tracked = null;
    for (let i = 0; i < left.length; i++) pageClearTimeout(left[i]);
    T.endTest();
  }
  for (let k = chain.length - 1; k >= 0; k--) {
    if (chain[k].last === index) error = await sealed(runHooks(chain[k].afterAll, 'afterAll hook', error));
  }
  return error;
}

function text(v) { return typeof v === 'string' ? v : null; }
// Text for what was thrown; page code (its toString) may write it, but it never throws.
function thrownText(e) {
  try { return StringCtor(e); } catch (x) {
    try { return errorToString(e); } catch (y) { return '(a value that cannot be printed)'; }
  }
}
function failureOf(e, t) {
  if (isA(e, ExpectationFailure)) {
    return { __proto__: null, kind: 'expect', title: text(e.title), expected: text(e.expected), received: text(e.received),
      diff: e.diff === true, hint: text(e.hint), stack: text(e.site), definedAt: t.definedAt, labels: e.labels,
      type: 'AssertionError' };
  }
  if (isA(e, Timeout)) {
    return { __proto__: null, kind: 'timeout', title: 'Exceeded timeout of ' + e.ms + ' ms for a ' + e.what + '.',
      hint: 'A bridge call that is never answered, or a promise that never settles? Mock the call with\n' +
        'mock(method, value), or give the test more time: test(name, fn, ms).',
      definedAt: t.definedAt, type: 'Timeout' };
  }
  let title;
  try {
    title = isA(e, ErrorCtor) ? thrownText(e) : 'thrown: ' + fmt(e);
  } catch (x) {
    title = 'thrown: (a value that cannot be printed)';
  }
  const isObj = e !== null && typeof e === 'object';
  let hint = null, stack = null, type = isA(e, ErrorCtor) ? 'Error' : 'thrown';
  if (isObj) {
    try { const n = e.name; if (typeof n === 'string' && n !== '') type = n; } catch (x) { }
    try { if (typeof e.code === 'string') title += ' (' + e.code + ')'; } catch (x) { }
    try { if (e.details !== undefined && e.details !== null) hint = 'details: ' + fmt(e.details); } catch (x) { hint = null; }
    try { if (e.stack) stack = StringCtor(e.stack); } catch (x) { stack = null; }
  }
  return { __proto__: null, kind: 'error', title: text(title), hint: text(hint), stack: stack, definedAt: t.definedAt, type: stringSlice(type, 0, 100) };
}

// The report is built here and serialized by the captured JSON.stringify: whether a test passed
// depends on nothing the page can reach.
async function runAndReport(index) {
  let report;
  try {
    const error = await sealed(run(index));
    report = error === null ? { __proto__: null, ok: true } : { __proto__: null, ok: false, failure: failureOf(error.e, tests[index]) };
  } catch (e) {
    report = { __proto__: null, ok: false, failure: { __proto__: null, kind: 'error', title: 'test harness error: ' + thrownText(e) } };
  }
  T.report(stringify(report, wellFormedValue));
}
function start(index) { runAndReport(index); }

// ---- mocks (kept in native code) ----
const mockFns = new MapCtor();
let mockSeq = 0;
function isSpecKey(k) { return k === 'result' || k === 'error' || k === 'delayMs'; }
function isSpec(v) {
  if (v === null || typeof v !== 'object' || isArray(v)) return false;
  const proto = getPrototypeOf(v);
  if (proto !== ObjectPrototype && proto !== null) return false;
  const keys = objectKeys(v);
  if (keys.length === 0) return false;
  for (let i = 0; i < keys.length; i++) if (!isSpecKey(keys[i])) return false;
  return ('result' in v) !== ('error' in v);
}
// The spec sent to native code: its own wrapper (no prototype), the page's values inside.
function specOf(v) {
  const spec = { __proto__: null };
  if (!isSpec(v)) {
    spec.result = v === undefined ? null : v;
    return spec;
  }
  const keys = objectKeys(v);
  for (let i = 0; i < keys.length; i++) spec[keys[i]] = v[keys[i]];
  return spec;
}
function messageOf(e) {
  try { return e !== null && typeof e === 'object' ? StringCtor(e.message) : StringCtor(e); } catch (x) { return '(no message)'; }
}
// The spec of a mock (a function is kept here and named by its number) as the JSON native code
// reads; `what` names the call in errors.
function mockSpec(value, what) {
  let spec;
  if (typeof value === 'function') {
    mockSeq += 1;
    mapSet(mockFns, mockSeq, value);
    spec = { __proto__: null, fn: mockSeq };
  } else {
    spec = specOf(value);
  }
  try { return stringify(spec); } catch (e) {
    throw new TypeErrorCtor(what + ': the value cannot be sent as JSON: ' + messageOf(e));
  }
}
function mock(method, value) {
  if (typeof method !== 'string' || method === '') throw new TypeErrorCtor('mock(method, value | fn): method must be a non-empty string');
  if (arguments.length < 2) {
    throw new TypeErrorCtor('mock(' + stringify(method) + ', value | fn): give the result, {error: {code, message}}, or a function (params) => result');
  }
  const json = mockSpec(value, 'mock(' + stringify(method) + ')');
  const problem = T.mock(method, json);
  if (problem !== undefined) throw new TypeErrorCtor('mock(' + stringify(method) + '): ' + problem);
}
function calls(method) { return T.calls(method === undefined || method === null ? null : StringCtor(method)); }

function answerValue(req, v) {
  let json;
  try { json = stringify(v === undefined ? null : v); } catch (e) {
    answerError(req, new TypeErrorCtor('the mock result cannot be sent as JSON: ' + messageOf(e)));
    return;
  }
  T.answer(req, json === undefined ? 'null' : json, null);
}
function answerError(req, e) {
  const isObj = e !== null && typeof e === 'object';
  const err = { __proto__: null, code: isObj && typeof e.code === 'string' ? e.code : 'HANDLER_ERROR',
    message: isObj && e.message !== undefined ? StringCtor(e.message) : StringCtor(e) };
  if (isObj && e.details !== undefined) err.details = e.details;
  let json;
  try { json = stringify(err); } catch (x) { delete err.details; json = stringify(err); }
  T.answer(req, null, json);
}
function invokeMock(fnId, req, params, method) {
  const fn = mapGet(mockFns, fnId);
  let r;
  try { r = fn(params, method); } catch (e) { answerError(req, e); return; }
  if (isObjectThenable(r)) {
    follow(r, function (v) { answerValue(req, v); }, function (e) { answerError(req, e); }, true);
  } else {
    answerValue(req, r);
  }
}

global.test = test;
global.it = test;
global.describe = describe;
global.beforeAll = hook('beforeAll');
global.afterAll = hook('afterAll');
global.beforeEach = hook('beforeEach');
global.afterEach = hook('afterEach');
global.expect = expect;
global.mock = mock;
global.calls = calls;
// Native code reads `start` and `invokeMock` once, right after this script runs; a test file
// reading them later gets undefined, so it cannot run tests or answer calls in the harness's name.
function once(fn) {
  let taken = false;
  return function () {
    if (taken) return undefined;
    taken = true;
    return fn;
  };
}
const entryPoints = { plan: plan };
defineProperty(entryPoints, 'start', { get: once(start), enumerable: true });
defineProperty(entryPoints, 'invokeMock', { get: once(invokeMock), enumerable: true });
defineProperty(global, '__bridgeTestHarness', { value: freeze(entryPoints), enumerable: false });

// ---- the kit: what the harness's extensions (JS/bridge-test-*.js, evaluated right after this
// file, before the test file) build on. `vi` (also `jest`) is filled by them; `finish()`, called
// by native code after the last extension, publishes it and removes the kit and the native
// object, so the test file reaches neither.
const vi = { __proto__: null };
const kit = {
  __proto__: null,
  T: T, global: global, vi: vi,
  put: put, newList: newList, append: append, listOfArgs: listOfArgs, field: field, isA: isA,
  fmt: fmt, equals: equals, kindOf: kindOf, asymOf: asymOf, UsageError: UsageError,
  addMatcher: addMatcher, sealed: sealed, isThenable: isThenable, mockSpec: mockSpec,
  setTimer: setTimer, clearTimer: clearTimer,
  setFunctionLabel: function (f) { functionLabel = f; },
  onTestEnd: function (f) { append(testEndHooks, f); },
  // The running test's full name, or null outside a test (file top level, beforeAll/afterAll).
  currentTestName: function () { return running === null ? null : running.name; },
  finish: function () {
    setPrototypeOf(vi, ObjectPrototype);
    defineProperty(global, 'vi', { value: vi, writable: true, enumerable: false, configurable: true });
    defineProperty(global, 'jest', { value: vi, writable: true, enumerable: false, configurable: true });
    delete global.__bridgeTestKit;
    delete global.__bridgeTestNative;
  }
};
defineProperty(global, '__bridgeTestKit', { value: freeze(kit), enumerable: false, configurable: true });
})(__bridgeTestNative, this);
