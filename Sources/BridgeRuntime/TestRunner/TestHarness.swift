/// The JS side of `bridge-run test`, evaluated in each test file's engine after the prelude and
/// before the file.
///
/// It defines the globals `test`/`it` (with `.skip`, `.only`, `.todo`), `describe` (with
/// `.skip`, `.only`), `beforeAll`/`afterAll`/`beforeEach`/`afterEach` (scoped to the enclosing
/// describe), `expect` (see `expectSource`), `mock(method, value | fn)` and `calls(method)`.
///
/// Protocol with native code:
/// - loading the file collects tests; `__bridgeTestHarness.plan()` (evaluated once) ends
///   collection and returns `[{name, skip, todo, budget, definedAt}]` (`budget`: ms the test and
///   all its hooks may take together; `definedAt`: the stack where `test()` was called);
/// - `__bridgeTestHarness.start(index)` runs a test; when it is done the harness calls the
///   native `report` with `{ok: true}` or `{ok: false, failure}` (see
///   `TestFailure(harness:sourceURL:)`);
/// - mocks and recorded calls live in native code (`TestSession`); a mock function is called back
///   through `__bridgeTestHarness.invokeMock(fnId, requestId, params, method)`.
///
/// Timers a test starts (through `setTimeout`/`setInterval`) are cleared when it ends, so one
/// test's leftovers never fire in the next. Each test, hook and `done` callback has a timeout
/// (third argument of `test`, second of a hook; default `--timeout`).
enum TestHarness {
    /// The name harness frames carry in stacks.
    static let sourceURL = "bridge-test-harness.js"

    /// The whole harness: one function over the native object and the global object.
    static let source = "(function (T, global) {\n'use strict';\n" + expectSource + coreSource
        + "\n})(__bridgeTestNative, this);\ndelete this.__bridgeTestNative;\n"

    static let coreSource = #"""
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
"""#
}
