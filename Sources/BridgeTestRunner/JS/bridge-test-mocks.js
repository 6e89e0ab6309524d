(function (kit, global) {
'use strict';
// Mock functions and spies for `bridge-run test`: vi.fn(), vi.spyOn(), the vi.*AllMocks helpers
// and the mock matchers (toHaveBeenCalled...). An extension of bridge-test-harness.js, in its
// style: evaluated after the harness and before the test file, it captures every built-in it
// uses now, and keeps what it records in prototype-free lists that only it reads. A test sees
// `fn.mock` as fresh ordinary arrays (rebuilt after each change), so whatever a test does to
// them, the matchers judge what really happened.

// ---- intrinsics, captured before any page code ----
const reflectApply = Reflect.apply;
const reflectConstruct = Reflect.construct;
const defineProperty = Object.defineProperty;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const getPrototypeOf = Object.getPrototypeOf;
const WeakMapCtor = WeakMap;
const weakMapGet = Function.prototype.call.bind(WeakMap.prototype.get);
const weakMapSet = Function.prototype.call.bind(WeakMap.prototype.set);
const PromiseCtor = Promise;
const promiseResolve = Promise.resolve.bind(Promise);
const promiseReject = Promise.reject.bind(Promise);
const StringCtor = String;
const TypeErrorCtor = TypeError;
const NumberIsInteger = Number.isInteger;
const objectKeys = Object.keys;
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const stringify = JSON.stringify;
const put = kit.put, newList = kit.newList, append = kit.append, listOfArgs = kit.listOfArgs;
const fmt = kit.fmt, equals = kit.equals, UsageError = kit.UsageError;
const vi = kit.vi;

// ---- state ----
// mock function -> its state; every mock made in this file (for vi.clearAllMocks and friends).
const states = new WeakMapCtor();
const allMocks = newList();
// Spies to restore: those made inside a test are restored when it ends; the others with
// vi.restoreAllMocks() (or never: the file's engine is closed after its last test).
let testSpies = newList();
let fileSpies = newList();
let callOrder = 0;

function newState(impl, name) {
  return { __proto__: null, calls: newList(), results: newList(), instances: newList(), contexts: newList(),
    order: newList(), impl: impl, original: impl, once: newList(), onceAt: 0, name: name, view: null, restore: null };
}
function stateOf(f) { return typeof f === 'function' ? weakMapGet(states, f) : undefined; }
function clearState(s) {
  s.calls = newList(); s.results = newList(); s.instances = newList(); s.contexts = newList(); s.order = newList();
  s.view = null;
}
function resetState(s) {
  clearState(s);
  s.once = newList(); s.onceAt = 0; s.impl = s.original;
}
function nextImpl(s) {
  if (s.onceAt < s.once.length) {
    const f = s.once[s.onceAt];
    s.onceAt += 1;
    return f;
  }
  return s.impl;
}
// An ordinary array the test may read and change: elements are defined, so no index setter on
// Array.prototype runs.
function publicList(list, map) {
  const out = [];
  for (let i = 0; i < list.length; i++) put(out, i, map === undefined ? list[i] : map(list[i]));
  return out;
}
function viewOf(s) {
  if (s.view !== null) return s.view;
  const calls = publicList(s.calls, function (args) { return publicList(args); });
  const view = {};
  put(view, 'calls', calls);
  put(view, 'results', publicList(s.results, function (r) {
    const o = {};
    put(o, 'type', r.type);
    put(o, 'value', r.value);
    return o;
  }));
  put(view, 'instances', publicList(s.instances));
  put(view, 'contexts', publicList(s.contexts));
  put(view, 'invocationCallOrder', publicList(s.order));
  put(view, 'lastCall', calls.length > 0 ? calls[calls.length - 1] : undefined);
  s.view = view;
  return view;
}

function hidden(f, name, value) {
  defineProperty(f, name, { __proto__: null, value: value, writable: true, enumerable: false, configurable: true });
}
// A mock function: records each call, then runs the next once-implementation or the current one.
function makeMock(impl, name) {
  const s = newState(impl, name);
  const mockFn = function () {
    const args = listOfArgs(arguments);
    const result = { __proto__: null, type: 'incomplete', value: undefined };
    append(s.calls, args);
    append(s.contexts, this);
    callOrder += 1;
    append(s.order, callOrder);
    append(s.results, result);
    s.view = null;
    const f = nextImpl(s);
    let value;
    try {
      if (new.target !== undefined) {
        value = f === undefined ? this : reflectConstruct(f, args, new.target);
        append(s.instances, value);
      } else {
        value = f === undefined ? undefined : reflectApply(f, this, args);
      }
    } catch (e) {
      result.type = 'throw';
      result.value = e;
      s.view = null;
      throw e;
    }
    result.type = 'return';
    result.value = value;
    s.view = null;
    return value;
  };
  weakMapSet(states, mockFn, s);
  append(allMocks, mockFn);
  defineProperty(mockFn, 'mock', { __proto__: null, get: function () { return viewOf(s); }, enumerable: false, configurable: true });
  hidden(mockFn, '_isMockFunction', true);
  function chain(name, f) { hidden(mockFn, name, function () { reflectApply(f, undefined, arguments); return mockFn; }); }
  function implementation(what, f) {
    if (f !== undefined && typeof f !== 'function') throw new TypeErrorCtor(what + '(fn): fn must be a function');
    return f;
  }
  chain('mockImplementation', function (f) { s.impl = implementation('mockImplementation', f); });
  chain('mockImplementationOnce', function (f) { append(s.once, implementation('mockImplementationOnce', f)); });
  chain('mockReturnValue', function (v) { s.impl = function () { return v; }; });
  chain('mockReturnValueOnce', function (v) { append(s.once, function () { return v; }); });
  chain('mockResolvedValue', function (v) { s.impl = function () { return promiseResolve(v); }; });
  chain('mockResolvedValueOnce', function (v) { append(s.once, function () { return promiseResolve(v); }); });
  chain('mockRejectedValue', function (e) { s.impl = function () { return promiseReject(e); }; });
  chain('mockRejectedValueOnce', function (e) { append(s.once, function () { return promiseReject(e); }); });
  chain('mockReturnThis', function () { s.impl = function () { return this; }; });
  chain('mockName', function (n) { s.name = StringCtor(n); });
  chain('mockClear', function () { clearState(s); });
  chain('mockReset', function () { resetState(s); });
  chain('mockRestore', function () {
    resetState(s);
    if (s.restore !== null) { const r = s.restore; s.restore = null; r(); }
  });
  hidden(mockFn, 'getMockName', function () { return s.name === null ? 'vi.fn()' : s.name; });
  hidden(mockFn, 'getMockImplementation', function () { return s.impl; });
  return mockFn;
}
kit.setFunctionLabel(function (f) {
  const s = stateOf(f);
  if (s === undefined) return undefined;
  return s.name === null ? '[MockFunction]' : '[MockFunction ' + s.name + ']';
});

// ---- vi.fn, vi.spyOn ----
put(vi, 'fn', function fn(impl) {
  if (impl !== undefined && typeof impl !== 'function') throw new TypeErrorCtor('vi.fn(impl): impl must be a function');
  return makeMock(impl, null);
});
put(vi, 'isMockFunction', function isMockFunction(f) { return stateOf(f) !== undefined; });
put(vi, 'mocked', function mocked(f) { return f; });

function describeKey(key) { return typeof key === 'symbol' ? StringCtor(key.description) : StringCtor(key); }
// A descriptor's own fields on an object without a prototype: defineProperty and our reads
// never see a `get`, `set` or `value` the page added to Object.prototype.
function plainDescriptor(d) {
  if (d === undefined) return undefined;
  const out = { __proto__: null };
  const fields = ['value', 'writable', 'get', 'set', 'enumerable', 'configurable'];
  for (let i = 0; i < fields.length; i++) if (hasOwn(d, fields[i])) out[fields[i]] = d[fields[i]];
  return out;
}
function findDescriptor(obj, key) {
  for (let o = obj; o !== null; o = getPrototypeOf(o)) {
    const d = getOwnPropertyDescriptor(o, key);
    if (d !== undefined) return plainDescriptor(d);
  }
  return undefined;
}
put(vi, 'spyOn', function spyOn(obj, key, accessType) {
  if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) {
    throw new TypeErrorCtor('vi.spyOn(object, name): cannot spy on ' + fmt(obj) + ': give an object');
  }
  if (accessType !== undefined && accessType !== 'get' && accessType !== 'set') {
    throw new TypeErrorCtor('vi.spyOn(object, name, accessType): accessType must be "get" or "set", got ' + fmt(accessType));
  }
  const found = findDescriptor(obj, key);
  const own = plainDescriptor(getOwnPropertyDescriptor(obj, key));
  if (found === undefined) {
    throw new TypeErrorCtor('vi.spyOn(object, ' + stringify(describeKey(key)) + '): the object has no such property');
  }
  if (own !== undefined && own.configurable === false) {
    throw new TypeErrorCtor('vi.spyOn(object, ' + stringify(describeKey(key)) + '): the property is not configurable');
  }
  let original, spy, replacement;
  if (accessType === undefined) {
    original = hasOwn(found, 'value') ? found.value : obj[key];
    if (typeof original !== 'function') {
      throw new TypeErrorCtor('vi.spyOn(object, ' + stringify(describeKey(key)) + '): the property is not a function but ' + fmt(original));
    }
    if (stateOf(original) !== undefined) return original;
    spy = makeMock(original, null);
    replacement = { __proto__: null, value: spy, writable: true, enumerable: own !== undefined ? own.enumerable : false, configurable: true };
  } else {
    original = found[accessType];
    if (typeof original !== 'function') {
      throw new TypeErrorCtor('vi.spyOn(object, ' + stringify(describeKey(key)) + ', "' + accessType + '"): the property has no ' + (accessType === 'get' ? 'getter' : 'setter'));
    }
    spy = makeMock(original, null);
    replacement = { __proto__: null, get: found.get, set: found.set, enumerable: found.enumerable, configurable: true };
    replacement[accessType] = spy;
  }
  const s = stateOf(spy);
  s.name = describeKey(key);
  defineProperty(obj, key, replacement);
  s.restore = function () {
    if (own !== undefined) defineProperty(obj, key, own); else delete obj[key];
  };
  append(kit.currentTestName() !== null ? testSpies : fileSpies, spy);
  return spy;
});
function restoreList(list) {
  for (let i = list.length - 1; i >= 0; i--) {
    const s = stateOf(list[i]);
    if (s.restore !== null) { const r = s.restore; s.restore = null; r(); }
  }
}
put(vi, 'clearAllMocks', function clearAllMocks() {
  for (let i = 0; i < allMocks.length; i++) clearState(stateOf(allMocks[i]));
  return vi;
});
put(vi, 'resetAllMocks', function resetAllMocks() {
  for (let i = 0; i < allMocks.length; i++) resetState(stateOf(allMocks[i]));
  return vi;
});
put(vi, 'restoreAllMocks', function restoreAllMocks() {
  restoreList(testSpies);
  restoreList(fileSpies);
  testSpies = newList();
  fileSpies = newList();
  return vi;
});
kit.onTestEnd(function () {
  const list = testSpies;
  testSpies = newList();
  restoreList(list);
});

// ---- matchers ----
function mockState(r) {
  const s = stateOf(r);
  if (s === undefined) throw new UsageError('received value must be a mock or spy function (vi.fn(), vi.spyOn())');
  return s;
}
function argsText(args) {
  let out = '';
  for (let i = 0; i < args.length; i++) out += (i > 0 ? ', ' : '') + fmt(args[i]);
  return '(' + out + ')';
}
function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
// `N calls` and, below it, each call's arguments (at most 10).
function callsText(s) {
  let out = plural(s.calls.length, 'call');
  for (let i = 0; i < s.calls.length && i < 10; i++) out += '\n' + (i + 1) + ': ' + argsText(s.calls[i]);
  if (s.calls.length > 10) out += '\n\u2026';
  return out;
}
function returnsText(s) {
  let n = 0, out = '';
  for (let i = 0; i < s.results.length; i++) {
    const r = s.results[i];
    if (r.type === 'return') n += 1;
    if (i < 10) out += '\n' + (i + 1) + ': ' + (r.type === 'return' ? 'returned ' + fmt(r.value) : r.type === 'throw' ? 'threw ' + fmt(r.value) : 'did not return yet');
  }
  return plural(n, 'return') + out;
}
function position(n, what) {
  if (!(typeof n === 'number' && NumberIsInteger(n) && n >= 1)) throw new UsageError(what + ': n must be a positive integer, got ' + fmt(n));
  return n;
}
function sameArgs(call, args) { return equals(call, args); }
const mockMatchers = {
  toHaveBeenCalled: ['', function (r) {
    const s = mockState(r);
    return { pass: s.calls.length > 0, expectedText: 'at least 1 call', notExpectedText: '0 calls', receivedText: callsText(s) };
  }],
  toHaveBeenCalledTimes: ['expected', function (r, n) {
    const s = mockState(r);
    if (!(typeof n === 'number' && NumberIsInteger(n) && n >= 0)) throw new UsageError('expected value must be a non-negative integer');
    return { pass: s.calls.length === n, expectedText: plural(n, 'call'), receivedText: callsText(s) };
  }],
  toHaveBeenCalledWith: ['...expected', function (r) {
    const s = mockState(r), args = listOfArgs(arguments);
    const expected = dropFirst(args);
    let pass = false;
    for (let i = 0; !pass && i < s.calls.length; i++) pass = sameArgs(s.calls[i], expected);
    return { pass: pass, expectedText: 'a call ' + argsText(expected), receivedText: callsText(s) };
  }],
  toHaveBeenLastCalledWith: ['...expected', function (r) {
    const s = mockState(r), expected = dropFirst(listOfArgs(arguments));
    const n = s.calls.length;
    return { pass: n > 0 && sameArgs(s.calls[n - 1], expected), expectedText: 'last call ' + argsText(expected), receivedText: callsText(s) };
  }],
  toHaveBeenNthCalledWith: ['n, ...expected', function (r, n) {
    const s = mockState(r), expected = dropFirst(dropFirst(listOfArgs(arguments)));
    position(n, 'toHaveBeenNthCalledWith(n, ...args)');
    return { pass: s.calls.length >= n && sameArgs(s.calls[n - 1], expected), expectedText: 'call ' + n + ' ' + argsText(expected), receivedText: callsText(s) };
  }],
  toHaveReturned: ['', function (r) {
    const s = mockState(r);
    let n = 0;
    for (let i = 0; i < s.results.length; i++) if (s.results[i].type === 'return') n += 1;
    return { pass: n > 0, expectedText: 'at least 1 return', notExpectedText: '0 returns', receivedText: returnsText(s) };
  }],
  toHaveReturnedTimes: ['expected', function (r, times) {
    const s = mockState(r);
    let n = 0;
    for (let i = 0; i < s.results.length; i++) if (s.results[i].type === 'return') n += 1;
    return { pass: n === times, expectedText: plural(times, 'return'), receivedText: returnsText(s) };
  }],
  toHaveReturnedWith: ['expected', function (r, v) {
    const s = mockState(r);
    let pass = false;
    for (let i = 0; !pass && i < s.results.length; i++) pass = s.results[i].type === 'return' && equals(s.results[i].value, v);
    return { pass: pass, expectedText: 'a return of ' + fmt(v), receivedText: returnsText(s) };
  }],
  toHaveLastReturnedWith: ['expected', function (r, v) {
    const s = mockState(r), n = s.results.length;
    const last = n > 0 ? s.results[n - 1] : null;
    return { pass: last !== null && last.type === 'return' && equals(last.value, v), expectedText: 'last return ' + fmt(v), receivedText: returnsText(s) };
  }],
  toHaveNthReturnedWith: ['n, expected', function (r, n, v) {
    const s = mockState(r);
    position(n, 'toHaveNthReturnedWith(n, value)');
    const at = s.results.length >= n ? s.results[n - 1] : null;
    return { pass: at !== null && at.type === 'return' && equals(at.value, v), expectedText: 'return ' + n + ' ' + fmt(v), receivedText: returnsText(s) };
  }]
};
function dropFirst(list) {
  const out = newList();
  for (let i = 1; i < list.length; i++) append(out, list[i]);
  return out;
}
const ALIASES = [
  ['toBeCalled', 'toHaveBeenCalled'], ['toBeCalledTimes', 'toHaveBeenCalledTimes'], ['toBeCalledWith', 'toHaveBeenCalledWith'],
  ['lastCalledWith', 'toHaveBeenLastCalledWith'], ['nthCalledWith', 'toHaveBeenNthCalledWith'], ['toReturn', 'toHaveReturned'],
  ['toReturnTimes', 'toHaveReturnedTimes'], ['toReturnWith', 'toHaveReturnedWith'], ['lastReturnedWith', 'toHaveLastReturnedWith'],
  ['nthReturnedWith', 'toHaveNthReturnedWith']
];
const names = objectKeys(mockMatchers);
for (let i = 0; i < names.length; i++) kit.addMatcher(names[i], mockMatchers[names[i]][0], mockMatchers[names[i]][1]);
for (let i = 0; i < ALIASES.length; i++) {
  const spec = mockMatchers[ALIASES[i][1]];
  kit.addMatcher(ALIASES[i][0], spec[0], spec[1]);
}
})(__bridgeTestKit, this);
