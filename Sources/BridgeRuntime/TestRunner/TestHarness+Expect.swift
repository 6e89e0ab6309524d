/// `expect` for the JS test harness: matchers, `.not`, `.resolves`/`.rejects`, asymmetric
/// matchers and value printing.
///
/// A failed matcher throws an `ExpectationFailure` carrying the headline
/// (`expect(received).toEqual(expected)`), the printed expected and received values, whether a
/// line diff helps (both are objects), a hint, and the stack captured when `expect()` was called
/// (so the test file's line is known even for `await expect(p).resolves…`). Objects print as
/// pretty JSON with sorted keys (plus `undefined`, `NaN`, functions, `Map`, `Set`, dates), so a
/// line diff of two printed values shows what differs.
extension TestHarness {
    static let expectSource = #"""
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

"""#
}
