(function (T, global) {
'use strict';
// ---- printing ----
const ASYM = Symbol('asymmetricMatcher');
function isAsym(v) { return v !== null && typeof v === 'object' && v[ASYM] === true; }
function fmt(v, indent, seen) {
  indent = indent || '';
  seen = seen || [];
  switch (typeof v) {
    case 'undefined': return 'undefined';
    case 'string': return JSON.stringify(v);
    case 'number': return Object.is(v, -0) ? '-0' : String(v);
    case 'bigint': return String(v) + 'n';
    case 'boolean': return String(v);
    case 'symbol': return v.toString();
    case 'function': return '[Function ' + (v.name || 'anonymous') + ']';
  }
  if (v === null) return 'null';
  if (isAsym(v)) return v.toString();
  if (v instanceof Error) return '[' + String(v) + (typeof v.code === 'string' ? ' (' + v.code + ')' : '') + ']';
  if (v instanceof Date) return isNaN(v.getTime()) ? 'Date(Invalid)' : 'Date(' + v.toISOString() + ')';
  if (v instanceof RegExp) return String(v);
  if (typeof v.then === 'function') return 'Promise {}';
  if (seen.indexOf(v) >= 0) return '[Circular]';
  if (seen.length >= 12) return Array.isArray(v) ? '[Array]' : '[Object]';
  const inner = indent + '  ';
  seen.push(v);
  let out;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const items = Array.prototype.map.call(v, function (x) { return inner + fmt(x, inner, seen); });
    out = items.length ? '[\n' + items.join(',\n') + '\n' + indent + ']' : '[]';
  } else if (v instanceof Map) {
    const items = [];
    v.forEach(function (val, key) { items.push(inner + fmt(key, inner, seen) + ' => ' + fmt(val, inner, seen)); });
    out = items.length ? 'Map {\n' + items.join(',\n') + '\n' + indent + '}' : 'Map {}';
  } else if (v instanceof Set) {
    const items = [];
    v.forEach(function (val) { items.push(inner + fmt(val, inner, seen)); });
    out = items.length ? 'Set [\n' + items.join(',\n') + '\n' + indent + ']' : 'Set []';
  } else {
    const keys = Object.keys(v).sort();
    out = keys.length ? '{\n' + keys.map(function (k) { return inner + JSON.stringify(k) + ': ' + fmt(v[k], inner, seen); }).join(',\n') + '\n' + indent + '}' : '{}';
  }
  seen.pop();
  return out;
}

// ---- equality ----
const toTag = Object.prototype.toString;
const own = Object.prototype.hasOwnProperty;
function definedKeys(o) { return Object.keys(o).filter(function (k) { return o[k] !== undefined; }); }
function equals(a, b, sa, sb) {
  if (isAsym(b)) return b.matches(a);
  if (isAsym(a)) return a.matches(b);
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (toTag.call(a) !== toTag.call(b)) return false;
  if (a instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Error) return a.name === b.name && a.message === b.message;
  sa = sa || [];
  sb = sb || [];
  const seenAt = sa.indexOf(a);
  if (seenAt >= 0) return sb[seenAt] === b;
  sa.push(a);
  sb.push(b);
  let same = true;
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    same = a.length === b.length;
    for (let i = 0; same && i < a.length; i++) same = equals(a[i], b[i], sa, sb);
  } else if (a instanceof Map) {
    same = a.size === b.size;
    if (same) a.forEach(function (v, k) { if (same) same = b.has(k) && equals(v, b.get(k), sa, sb); });
  } else if (a instanceof Set) {
    same = a.size === b.size;
    if (same) a.forEach(function (v) {
      if (same && !b.has(v)) same = Array.from(b).some(function (w) { return equals(v, w, sa, sb); });
    });
  } else {
    const ka = definedKeys(a), kb = definedKeys(b);
    same = ka.length === kb.length;
    for (let i = 0; same && i < ka.length; i++) same = own.call(b, ka[i]) && equals(a[ka[i]], b[ka[i]], sa, sb);
  }
  sa.pop();
  sb.pop();
  return same;
}
function contains(whole, part) {
  if (isAsym(part)) return part.matches(whole);
  if (part === null || typeof part !== 'object' || whole === null || typeof whole !== 'object') return equals(whole, part);
  if (Array.isArray(part)) {
    return Array.isArray(whole) && whole.length === part.length && part.every(function (p, i) { return contains(whole[i], p); });
  }
  return Object.keys(part).every(function (k) { return own.call(whole, k) && contains(whole[k], part[k]); });
}

// ---- asymmetric matchers ----
function asym(description, matches) {
  const m = { matches: matches, toString: function () { return description; } };
  m[ASYM] = true;
  return m;
}
function anyOf(C) {
  if (C === Number) return function (v) { return typeof v === 'number' || v instanceof Number; };
  if (C === String) return function (v) { return typeof v === 'string' || v instanceof String; };
  if (C === Boolean) return function (v) { return typeof v === 'boolean' || v instanceof Boolean; };
  if (C === Function) return function (v) { return typeof v === 'function'; };
  if (C === Object) return function (v) { return v !== null && typeof v === 'object'; };
  return function (v) { return v instanceof C; };
}

// ---- matchers: each returns {pass, expected?, expectedText?, received?, receivedText?, diff?, hint?} ----
function UsageError(message) { this.message = message; }
function number(v, what) { if (typeof v !== 'number' && typeof v !== 'bigint') throw new UsageError(what + ' value must be a number'); }
const matchers = {
  toBe: ['expected', function (r, e) {
    const pass = Object.is(r, e);
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
  toBeNaN: ['', function (r) { return { pass: typeof r === 'number' && isNaN(r), expected: NaN }; }],
  toContain: ['expected', function (r, item) {
    if (typeof r === 'string') return { pass: typeof item === 'string' && r.indexOf(item) >= 0, expectedText: 'a string containing ' + fmt(item) };
    if (r === null || r === undefined || typeof r[Symbol.iterator] !== 'function') throw new UsageError('received value must be an array, a string or an iterable');
    return { pass: Array.from(r).some(function (x) { return x === item || Object.is(x, item); }), expectedText: 'an item ' + fmt(item) };
  }],
  toContainEqual: ['expected', function (r, item) {
    if (r === null || r === undefined || typeof r[Symbol.iterator] !== 'function') throw new UsageError('received value must be an array or an iterable');
    return { pass: Array.from(r).some(function (x) { return equals(x, item); }), expectedText: 'an item equal to ' + fmt(item) };
  }],
  toHaveLength: ['expected', function (r, n) {
    if (r === null || r === undefined || typeof r.length !== 'number') throw new UsageError('received value must have a length property');
    return { pass: r.length === n, expected: n, received: r.length, hint: 'Received value: ' + fmt(r) };
  }],
  toHaveProperty: ['path', function (r, path, value) {
    const parts = Array.isArray(path) ? path : String(path).split('.');
    let v = r, found = true;
    for (const p of parts) {
      if (v === null || v === undefined || !(p in Object(v))) { found = false; break; }
      v = v[p];
    }
    if (arguments.length < 3) return { pass: found, expectedText: 'a property ' + fmt(parts.join('.')) };
    return { pass: found && equals(v, value), expected: value, received: found ? v : undefined,
      receivedText: found ? undefined : 'no property ' + fmt(parts.join('.')), diff: true };
  }],
  toBeInstanceOf: ['expected', function (r, C) {
    return { pass: r instanceof C, expectedText: 'an instance of ' + (C && C.name || String(C)),
      receivedText: r !== null && r !== undefined && r.constructor ? 'an instance of ' + r.constructor.name + ': ' + fmt(r) : fmt(r) };
  }],
  toBeGreaterThan: ['expected', function (r, e) { number(r, 'received'); return { pass: r > e, expectedText: '> ' + fmt(e) }; }],
  toBeGreaterThanOrEqual: ['expected', function (r, e) { number(r, 'received'); return { pass: r >= e, expectedText: '>= ' + fmt(e) }; }],
  toBeLessThan: ['expected', function (r, e) { number(r, 'received'); return { pass: r < e, expectedText: '< ' + fmt(e) }; }],
  toBeLessThanOrEqual: ['expected', function (r, e) { number(r, 'received'); return { pass: r <= e, expectedText: '<= ' + fmt(e) }; }],
  toBeCloseTo: ['expected', function (r, e, digits) {
    number(r, 'received');
    const d = digits === undefined ? 2 : digits;
    return { pass: Math.abs(e - r) < Math.pow(10, -d) / 2, expected: e, hint: 'Precision: ' + d + ' digits' };
  }],
  toMatch: ['expected', function (r, p) {
    if (typeof r !== 'string') throw new UsageError('received value must be a string');
    if (typeof p === 'string') return { pass: r.indexOf(p) >= 0, expectedText: 'a string containing ' + fmt(p) };
    return { pass: p.test(r), expectedText: 'a string matching ' + String(p) };
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
    const message = thrown !== null && typeof thrown === 'object' && thrown.message !== undefined ? String(thrown.message) : String(thrown);
    let pass = threw, expectedText;
    if (expected === undefined) {
      expectedText = 'an error';
    } else if (typeof expected === 'string') {
      pass = threw && message.indexOf(expected) >= 0;
      expectedText = 'an error whose message contains ' + fmt(expected);
    } else if (expected instanceof RegExp) {
      pass = threw && expected.test(message);
      expectedText = 'an error whose message matches ' + String(expected);
    } else if (typeof expected === 'function') {
      pass = threw && thrown instanceof expected;
      expectedText = 'an instance of ' + (expected.name || 'the given class');
    } else if (expected !== null && typeof expected === 'object') {
      pass = threw && message === String(expected.message);
      expectedText = 'an error with message ' + fmt(String(expected.message));
    } else {
      throw new UsageError('toThrow(expected): expected must be a string, a RegExp, an error class or an error');
    }
    return { pass: pass, expectedText: this.not && expected === undefined ? 'no error' : expectedText,
      receivedText: threw ? (this.promise !== null ? 'rejected with ' : 'threw ') + fmt(thrown) : 'did not throw' };
  }]
};
matchers.toThrowError = matchers.toThrow;

// ---- expect ----
function ExpectationFailure(title, expected, received, diff, hint, site) {
  this.title = title; this.expected = expected; this.received = received;
  this.diff = diff; this.hint = hint; this.site = site;
}
ExpectationFailure.prototype.toString = function () { return this.title; };
function diffable(v) {
  return v !== null && typeof v === 'object' && !isAsym(v) && !(v instanceof Date) && !(v instanceof RegExp) && !(v instanceof Error);
}
function titleOf(name, label, args, not, mode) {
  return 'expect(received)' + (mode !== null ? '.' + mode : '') + (not ? '.not' : '') + '.' + name +
    '(' + (label && args.length ? label : '') + ')';
}
function check(name, received, args, not, mode, site) {
  const spec = matchers[name];
  const title = titleOf(name, spec[0], args, not, mode);
  let res;
  try {
    res = spec[1].apply({ not: not, promise: mode }, [received].concat(args));
  } catch (e) {
    if (e instanceof UsageError) throw new ExpectationFailure(title, null, fmt(received), false, 'Matcher error: ' + e.message, site);
    throw e;
  }
  if (!!res.pass !== not) return;
  const hasExpected = own.call(res, 'expected');
  let expectedText = res.expectedText !== undefined ? res.expectedText : (hasExpected ? fmt(res.expected) : null);
  const rv = own.call(res, 'received') ? res.received : received;
  const receivedText = res.receivedText !== undefined ? res.receivedText : fmt(rv);
  const diff = !not && res.diff === true && hasExpected && diffable(res.expected) && diffable(rv) && expectedText !== receivedText;
  if (not && expectedText !== null) expectedText = 'not ' + expectedText;
  throw new ExpectationFailure(title, expectedText, receivedText, diff, res.hint || null, site);
}
function settled(name, received, args, not, mode, site) {
  const title = titleOf(name, matchers[name][0], args, not, mode);
  let p = received;
  if (typeof p === 'function') p = p();
  if (p === null || (typeof p !== 'object' && typeof p !== 'function') || typeof p.then !== 'function') {
    return Promise.reject(new ExpectationFailure(title, null, fmt(p), false, 'Matcher error: received value must be a promise', site));
  }
  return Promise.resolve(p).then(function (value) {
    if (mode === 'rejects') throw new ExpectationFailure(title, null, fmt(value), false, 'Received promise resolved instead of rejected', site);
    check(name, value, args, not, mode, site);
  }, function (reason) {
    if (mode === 'resolves') throw new ExpectationFailure(title, null, fmt(reason), false, 'Received promise rejected instead of resolved', site);
    check(name, reason, args, not, mode, site);
  });
}
function matcherSet(received, not, mode, site) {
  const set = {};
  Object.keys(matchers).forEach(function (name) {
    set[name] = mode === null
      ? function () { check(name, received, Array.prototype.slice.call(arguments), not, null, site); }
      : function () { return settled(name, received, Array.prototype.slice.call(arguments), not, mode, site); };
  });
  return set;
}
function expect(received) {
  const site = new Error().stack || '';
  const e = matcherSet(received, false, null, site);
  e.not = matcherSet(received, true, null, site);
  e.resolves = matcherSet(received, false, 'resolves', site);
  e.resolves.not = matcherSet(received, true, 'resolves', site);
  e.rejects = matcherSet(received, false, 'rejects', site);
  e.rejects.not = matcherSet(received, true, 'rejects', site);
  return e;
}
expect.anything = function anything() { return asym('Anything', function (v) { return v !== null && v !== undefined; }); };
expect.any = function any(C) {
  if (typeof C !== 'function') throw new TypeError('expect.any(Class): give a constructor such as Number or Object');
  return asym('Any<' + (C.name || 'anonymous') + '>', anyOf(C));
};
expect.objectContaining = function objectContaining(o) {
  return asym('ObjectContaining ' + fmt(o), function (v) {
    return v !== null && typeof v === 'object' && Object.keys(o).every(function (k) { return own.call(v, k) && equals(v[k], o[k]); });
  });
};
expect.arrayContaining = function arrayContaining(items) {
  return asym('ArrayContaining ' + fmt(items), function (v) {
    return Array.isArray(v) && items.every(function (x) { return v.some(function (y) { return equals(y, x); }); });
  });
};
expect.stringContaining = function stringContaining(s) {
  return asym('StringContaining ' + fmt(s), function (v) { return typeof v === 'string' && v.indexOf(s) >= 0; });
};
expect.stringMatching = function stringMatching(re) {
  const r = typeof re === 'string' ? new RegExp(re) : re;
  return asym('StringMatching ' + String(r), function (v) { return typeof v === 'string' && r.test(v); });
};

// ---- timers started by a test are cleared when it ends ----
const cfg = T.config();
const DEFAULT_TIMEOUT = cfg.timeout;
const setTimer = global.setTimeout, clearTimer = global.clearTimeout, setRepeat = global.setInterval;
let tracked = null;
global.setTimeout = function setTimeout() {
  const id = setTimer.apply(undefined, arguments);
  if (tracked !== null) tracked.push(id);
  return id;
};
global.setInterval = function setInterval() {
  const id = setRepeat.apply(undefined, arguments);
  if (tracked !== null) tracked.push(id);
  return id;
};

// ---- collection ----
function Suite(name, parent, mode) {
  this.name = name; this.parent = parent; this.mode = mode;
  this.beforeAll = []; this.afterAll = []; this.beforeEach = []; this.afterEach = [];
  this.started = false; this.setupError = null; this.last = -1;
}
const root = new Suite('', null, '');
let current = root;
let collecting = true;
let hasOnly = false;
const tests = [];

function loading(what) {
  if (!collecting) throw new Error(what + ' must be called while the file loads (at the top level or inside describe()), not while tests run');
}
function checkTimeout(what, timeout) {
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0)) {
    throw new TypeError(what + ': timeout must be a positive number of milliseconds');
  }
}
function fullName(suite, name) {
  const parts = [name];
  for (let s = suite; s !== root; s = s.parent) parts.unshift(s.name);
  return parts.join(' > ');
}
function addTest(name, fn, mode, timeout) {
  loading('test()');
  name = String(name);
  if (mode !== 'skip' && mode !== 'todo' && typeof fn !== 'function') {
    throw new TypeError('test(' + JSON.stringify(name) + ', fn): fn must be a function');
  }
  checkTimeout('test(' + JSON.stringify(name) + ', fn, timeout)', timeout);
  if (mode === 'only') hasOnly = true;
  tests.push({ name: fullName(current, name), fn: fn, suite: current, mode: mode,
    timeout: timeout || DEFAULT_TIMEOUT, definedAt: new Error().stack || '' });
}
function test(name, fn, timeout) { addTest(name, fn, '', timeout); }
test.skip = function skip(name, fn, timeout) { addTest(name, fn, 'skip', timeout); };
test.only = function only(name, fn, timeout) { addTest(name, fn, 'only', timeout); };
test.todo = function todo(name) { addTest(name, undefined, 'todo'); };

function addSuite(name, fn, mode) {
  loading('describe()');
  name = String(name);
  if (typeof fn !== 'function') throw new TypeError('describe(' + JSON.stringify(name) + ', fn): fn must be a function');
  if (mode === 'only') hasOnly = true;
  const suite = new Suite(name, current, mode);
  current = suite;
  try {
    const r = fn();
    if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
      throw new Error('describe(' + JSON.stringify(name) + ') returned a promise: declare tests synchronously and do async work in beforeAll/beforeEach or in the tests');
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
    if (typeof fn !== 'function') throw new TypeError(kind + '(fn): fn must be a function');
    checkTimeout(kind + '(fn, timeout)', timeout);
    current[kind].push({ fn: fn, timeout: timeout || DEFAULT_TIMEOUT });
  };
}

function plan() {
  collecting = false;
  return tests.map(function (t, i) {
    const chain = [];
    for (let s = t.suite; s !== null; s = s.parent) chain.unshift(s);
    t.chain = chain;
    let skip = t.mode === 'skip' || t.mode === 'todo' || chain.some(function (s) { return s.mode === 'skip'; });
    if (!skip && hasOnly) skip = !(t.mode === 'only' || chain.some(function (s) { return s.mode === 'only'; }));
    let budget = t.timeout;
    for (const s of chain) {
      if (!skip) s.last = i;
      for (const list of [s.beforeAll, s.afterAll, s.beforeEach, s.afterEach]) {
        for (const h of list) budget += h.timeout;
      }
    }
    return { name: t.name, skip: skip, todo: t.mode === 'todo', budget: budget, definedAt: t.definedAt };
  });
}

// ---- running ----
function within(fn, ms, what) {
  return new Promise(function (resolve, reject) {
    let settled = false;
    const timer = setTimer(function () {
      if (settled) return;
      settled = true;
      reject({ __timeout: true, what: what, ms: ms });
    }, ms);
    function finish(failed, e) {
      if (settled) return;
      settled = true;
      clearTimer(timer);
      if (failed) reject(e); else resolve();
    }
    function settleWith(r) {
      if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
        r.then(function () { if (fn.length === 0) finish(false); }, function (e) { finish(true, e); });
      } else if (fn.length === 0) {
        finish(false);
      }
    }
    try {
      if (fn.length > 0) {
        settleWith(fn(function done(err) {
          if (err === undefined || err === null) finish(false);
          else finish(true, err instanceof Error ? err : new Error('done() was called with ' + fmt(err)));
        }));
      } else {
        settleWith(fn());
      }
    } catch (e) {
      finish(true, e);
    }
  });
}

async function runHooks(list, what, first) {
  let error = first;
  for (const h of list) {
    try { await within(h.fn, h.timeout, what); } catch (e) { if (error === null) error = { e: e }; }
  }
  return error;
}

async function run(p) {
  const t = tests[p.index];
  let error = null;
  for (const s of t.chain) {
    if (!s.started) {
      s.started = true;
      const failed = await runHooks(s.beforeAll, 'beforeAll hook', null);
      if (failed !== null) s.setupError = failed.e;
    }
    if (s.setupError !== null && error === null) error = { e: s.setupError };
  }
  if (error === null) {
    T.beginTest();
    tracked = [];
    try {
      for (const s of t.chain) {
        for (const h of s.beforeEach) await within(h.fn, h.timeout, 'beforeEach hook');
      }
      await within(t.fn, t.timeout, 'test');
    } catch (e) {
      error = { e: e };
    }
    for (let k = t.chain.length - 1; k >= 0; k--) error = await runHooks(t.chain[k].afterEach, 'afterEach hook', error);
    const left = tracked;
    tracked = null;
    for (const id of left) clearTimer(id);
    T.endTest();
  }
  for (let k = t.chain.length - 1; k >= 0; k--) {
    if (t.chain[k].last === p.index) error = await runHooks(t.chain[k].afterAll, 'afterAll hook', error);
  }
  return error === null ? { ok: true } : { ok: false, failure: failureOf(error.e, t) };
}

function failureOf(e, t) {
  if (e instanceof ExpectationFailure) {
    return { kind: 'expect', title: e.title, expected: e.expected, received: e.received, diff: e.diff,
      hint: e.hint, stack: e.site, definedAt: t.definedAt };
  }
  if (e !== null && typeof e === 'object' && e.__timeout === true) {
    return { kind: 'timeout', title: 'Exceeded timeout of ' + e.ms + ' ms for a ' + e.what + '.',
      hint: 'A bridge call that is never answered, or a promise that never settles? Mock the call with\n' +
        'mock(method, value), or give the test more time: test(name, fn, ms).',
      definedAt: t.definedAt };
  }
  let title;
  try {
    title = e instanceof Error ? String(e) : 'thrown: ' + fmt(e);
  } catch (x) {
    title = 'thrown: (a value that cannot be printed)';
  }
  const isObj = e !== null && typeof e === 'object';
  if (isObj && typeof e.code === 'string') title += ' (' + e.code + ')';
  let hint = null;
  if (isObj && e.details !== undefined && e.details !== null) {
    try { hint = 'details: ' + fmt(e.details); } catch (x) { hint = null; }
  }
  return { kind: 'error', title: title, hint: hint, stack: isObj && e.stack ? String(e.stack) : null, definedAt: t.definedAt };
}

// ---- mocks (kept in native code) ----
const mockFns = new Map();
let mockSeq = 0;
const SPEC_KEYS = { result: true, error: true, delayMs: true };
function isSpec(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(v);
  if (keys.length === 0) return false;
  for (const k of keys) if (SPEC_KEYS[k] !== true) return false;
  return ('result' in v) !== ('error' in v);
}
function mock(method, value) {
  if (typeof method !== 'string' || method === '') throw new TypeError('mock(method, value | fn): method must be a non-empty string');
  if (arguments.length < 2) {
    throw new TypeError('mock(' + JSON.stringify(method) + ', value | fn): give the result, {error: {code, message}}, or a function (params) => result');
  }
  let spec;
  if (typeof value === 'function') {
    mockSeq += 1;
    mockFns.set(mockSeq, value);
    spec = { fn: mockSeq };
  } else {
    spec = isSpec(value) ? value : { result: value === undefined ? null : value };
  }
  let text;
  try { text = JSON.stringify(spec); } catch (e) {
    throw new TypeError('mock(' + JSON.stringify(method) + '): the value cannot be sent as JSON: ' + e.message);
  }
  const problem = T.mock(method, text);
  if (problem !== undefined) throw new TypeError('mock(' + JSON.stringify(method) + '): ' + problem);
}
function calls(method) { return T.calls(method === undefined || method === null ? null : String(method)); }

function answerValue(req, v) {
  let text;
  try { text = JSON.stringify(v === undefined ? null : v); } catch (e) {
    answerError(req, new TypeError('the mock result cannot be sent as JSON: ' + e.message));
    return;
  }
  T.answer(req, text === undefined ? 'null' : text, null);
}
function answerError(req, e) {
  const isObj = e !== null && typeof e === 'object';
  const err = { code: isObj && typeof e.code === 'string' ? e.code : 'HANDLER_ERROR',
    message: isObj && e.message !== undefined ? String(e.message) : String(e) };
  if (isObj && e.details !== undefined) err.details = e.details;
  let text;
  try { text = JSON.stringify(err); } catch (x) { delete err.details; text = JSON.stringify(err); }
  T.answer(req, null, text);
}
function invokeMock(fnId, req, params, method) {
  const fn = mockFns.get(fnId);
  let r;
  try { r = fn(params, method); } catch (e) { answerError(req, e); return; }
  if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
    r.then(function (v) { answerValue(req, v); }, function (e) { answerError(req, e); });
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
function start(index) {
  run({ index: index }).then(function (r) { T.report(JSON.stringify(r)); }, function (e) {
    T.report(JSON.stringify({ ok: false, failure: { kind: 'error', title: 'test harness error: ' + String(e) } }));
  });
}
Object.defineProperty(global, '__bridgeTestHarness', {
  value: Object.freeze({ plan: plan, start: start, invokeMock: invokeMock }), enumerable: false
});
})(__bridgeTestNative, this);
delete this.__bridgeTestNative;
