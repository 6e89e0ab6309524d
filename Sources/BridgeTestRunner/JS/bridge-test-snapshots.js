(function (kit, global) {
'use strict';
// Snapshots for `bridge-run test`: expect(v).toMatchSnapshot(propertyMatchers?, hint?),
// toMatchInlineSnapshot(snapshot?) and toThrowErrorMatchingSnapshot(hint?). An extension of
// bridge-test-harness.js (built-ins captured at load). Values are printed like Jest's
// pretty-format for plain data (keys sorted, trailing commas, `Map {`, `Set {`, `[Function f]`);
// DOM nodes are printed as Jest's DOMElement plugin prints them (below). The snapshot file
// itself is kept by native code (SnapshotStore): this side names and prints, native code
// compares, writes and counts.

const T = kit.T, put = kit.put, newList = kit.newList, append = kit.append, fmt = kit.fmt;
const kindOf = kit.kindOf, asymOf = kit.asymOf, UsageError = kit.UsageError, equals = kit.equals;
const objectKeys = Object.keys;
const objectIs = Object.is;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnPropertySymbols = Object.getOwnPropertySymbols;
const propertyIsEnumerable = Function.prototype.call.bind(Object.prototype.propertyIsEnumerable);
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);
const ObjectPrototype = Object.prototype;
const stringify = JSON.stringify;
const StringCtor = String;
const symbolToString = Function.prototype.call.bind(Symbol.prototype.toString);
const dateGetTime = Function.prototype.call.bind(Date.prototype.getTime);
const dateToISOString = Function.prototype.call.bind(Date.prototype.toISOString);
const mapForEach = Function.prototype.call.bind(Map.prototype.forEach);
const setForEach = Function.prototype.call.bind(Set.prototype.forEach);
const arrayJoin = Function.prototype.call.bind(Array.prototype.join);
const arraySort = Function.prototype.call.bind(Array.prototype.sort);
const arrayIndexOf = Function.prototype.call.bind(Array.prototype.indexOf);
const arrayPop = Function.prototype.call.bind(Array.prototype.pop);
const stringSplit = Function.prototype.call.bind(String.prototype.split);
const stringSlice = Function.prototype.call.bind(String.prototype.slice);
const stringTrimEnd = Function.prototype.call.bind(String.prototype.trimEnd);
const isNaNFn = isNaN;
const ErrorCtor = Error;

// ---- printing (pretty-format's plain-data rules) ----
function className(v) {
  const proto = getPrototypeOf(v);
  if (proto === null) return 'Object';
  if (proto === ObjectPrototype) return '';
  try {
    const c = proto.constructor;
    const n = typeof c === 'function' ? c.name : '';
    return typeof n === 'string' && n !== 'Object' ? n : '';
  } catch (e) { return ''; }
}
// ---- DOM nodes, printed as Jest's DOMElement plugin does, so snapshots read the same ----
// An element: `<tag`, then its attributes sorted by name, one a line (`name="value"`), then
// `>`, its child nodes one a line one level deeper (text as it is, `<` and `>` escaped;
// comments as `<!--…-->`), and `</tag>`; without children `<tag />` (or `/>` after the
// attributes). A fragment prints as `<DocumentFragment>`; NodeList/HTMLCollection as a named list.
const stringReplace = Function.prototype.call.bind(String.prototype.replace);
const stringToLowerCase = Function.prototype.call.bind(String.prototype.toLowerCase);
const objectToString = Function.prototype.call.bind(Object.prototype.toString);
function escapeMarkup(text) { return stringReplace(stringReplace(text, /</g, '&lt;'), />/g, '&gt;'); }
function domKind(v) {
  try {
    const t = v.nodeType;
    if (t === 1 && typeof v.tagName === 'string') return 'element';
    if (t === 3 && typeof v.data === 'string') return 'text';
    if (t === 8 && typeof v.data === 'string') return 'comment';
    if (t === 11 && v.childNodes !== undefined) return 'fragment';
    const tag = objectToString(v);
    if ((tag === '[object NodeList]' || tag === '[object HTMLCollection]') && typeof v.length === 'number') return 'collection';
  } catch (e) {}
  return null;
}
function printNode(node, kind, indent, seen) {
  if (kind === 'text') return escapeMarkup(node.data);
  if (kind === 'comment') return '<!--' + escapeMarkup(node.data) + '-->';
  if (kind === 'collection') {
    const items = newList();
    for (let i = 0; i < node.length; i++) append(items, print(node[i], indent + '  ', seen));
    return block(stringSlice(objectToString(node), 8, -1) + ' [', items, ']', indent);
  }
  const type = kind === 'fragment' ? 'DocumentFragment' : stringToLowerCase(node.tagName);
  const inner = indent + '  ';
  let props = '';
  if (kind === 'element') {
    const names = newList(), values = {};
    const attrs = node.attributes;
    for (let i = 0; i < attrs.length; i++) { append(names, attrs[i].name); put(values, attrs[i].name, attrs[i].value); }
    arraySort(names);
    for (let i = 0; i < names.length; i++) props += '\n' + inner + names[i] + '="' + values[names[i]] + '"';
  }
  let children = '';
  const nodes = node.childNodes;
  for (let i = 0; i < nodes.length; i++) children += '\n' + inner + print(nodes[i], inner, seen);
  const open = '<' + type + (props === '' ? '' : props + '\n' + indent);
  if (children === '') return open + (props === '' ? ' />' : '/>');
  return open + '>' + children + '\n' + indent + '</' + type + '>';
}
function block(open, items, close, indent) {
  if (items.length === 0) return open + close;
  const inner = indent + '  ';
  let out = open + '\n';
  for (let i = 0; i < items.length; i++) out += inner + items[i] + ',\n';
  return out + indent + close;
}
function print(v, indent, seen) {
  switch (typeof v) {
    case 'undefined': return 'undefined';
    case 'string': return '"' + v + '"';
    case 'number': return objectIs(v, -0) ? '-0' : StringCtor(v);
    case 'bigint': return StringCtor(v) + 'n';
    case 'boolean': return StringCtor(v);
    case 'symbol': return symbolToString(v);
    case 'function': return fmt(v);
  }
  if (v === null) return 'null';
  // Before the generic checks: domino's NodeList is a Proxy whose key list breaks its own rules.
  const dom = domKind(v);
  if (dom !== null) return printNode(v, dom, indent, seen);
  const asym = asymOf(v);
  if (asym !== undefined) return asym.description;
  const kind = kindOf(v);
  if (kind === 'date') return isNaNFn(dateGetTime(v)) ? 'Date { NaN }' : dateToISOString(v);
  if (kind === 'regexp' || kind === 'error') return fmt(v);
  if (kit.isThenable(v)) return 'Promise {}';

  if (arrayIndexOf(seen, v) >= 0) return '[Circular]';
  append(seen, v);
  const inner = indent + '  ';
  const items = newList();
  let out;
  if (kind === 'array' || kind === 'view') {
    for (let i = 0; i < v.length; i++) append(items, print(v[i], inner, seen));
    const name = className(v);
    out = block((name && name !== 'Array' ? name + ' ' : '') + '[', items, ']', indent);
  } else if (kind === 'map') {
    mapForEach(v, function (val, key) { append(items, print(key, inner, seen) + ' => ' + print(val, inner, seen)); });
    out = block('Map {', items, '}', indent);
  } else if (kind === 'set') {
    setForEach(v, function (val) { append(items, print(val, inner, seen)); });
    out = block('Set {', items, '}', indent);
  } else {
    const keys = objectKeys(v);
    arraySort(keys);
    for (let i = 0; i < keys.length; i++) append(items, stringify(keys[i]) + ': ' + print(v[keys[i]], inner, seen));
    const symbols = getOwnPropertySymbols(v);
    for (let i = 0; i < symbols.length; i++) {
      if (propertyIsEnumerable(v, symbols[i])) append(items, symbolToString(symbols[i]) + ': ' + print(v[symbols[i]], inner, seen));
    }
    const name = className(v);
    out = block((name ? name + ' ' : '') + '{', items, '}', indent);
  }
  arrayPop(seen);
  return out;
}
function serialize(v) { return print(v, '', newList()); }

// Property matchers (`toMatchSnapshot({id: expect.any(Number)})`): the value must match them,
// and the snapshot shows the matcher in place of the value.
function withMatchers(value, matchers) {
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  const keys = objectKeys(value);
  for (let i = 0; i < keys.length; i++) put(out, keys[i], value[keys[i]]);
  const mkeys = objectKeys(matchers);
  for (let i = 0; i < mkeys.length; i++) {
    const k = mkeys[i], m = matchers[k];
    if (asymOf(m) !== undefined) put(out, k, m);
    else if (m !== null && typeof m === 'object' && hasOwn(value, k)) put(out, k, withMatchers(value[k], m));
  }
  return out;
}
function matchesProperties(value, matchers) {
  if (value === null || typeof value !== 'object') return false;
  const keys = objectKeys(matchers);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i], m = matchers[k];
    if (!hasOwn(value, k)) return false;
    if (asymOf(m) === undefined && m !== null && typeof m === 'object') {
      if (!matchesProperties(value[k], m)) return false;
    } else if (!equals(value[k], m)) {
      return false;
    }
  }
  return true;
}

// ---- naming: "<full test name> <n>", or "<full test name>: <hint> <n>" ----
const counters = new Map();
const mapGet = Function.prototype.call.bind(Map.prototype.get);
const mapSet = Function.prototype.call.bind(Map.prototype.set);
function nextKey(hint) {
  const name = kit.currentTestName();
  if (name === null) throw new UsageError('snapshots can only be taken inside a test (not at the top level or in beforeAll/afterAll)');
  const base = hint === undefined ? name : name + ': ' + StringCtor(hint);
  const n = (mapGet(counters, base) || 0) + 1;
  mapSet(counters, base, n);
  return base + ' ' + n;
}

function compare(key, text, self) {
  if (self.not) throw new UsageError('snapshot matchers cannot be used with .not');
  const r = T.snapshot(key, text);
  if (typeof r.problem === 'string') throw new ErrorCtor(r.problem);
  const outcome = r.outcome;
  if (outcome === 'matched' || outcome === 'written' || outcome === 'updated') return { __proto__: null, pass: true };
  if (outcome === 'refused') {
    return { __proto__: null, pass: false, receivedText: text,
      hint: 'New snapshot ' + stringify(key) + ' was not written: in CI mode (--ci, or the CI environment variable)\n' +
        'new snapshots are not written. Run bridge-run test -u (--update-snapshots) where you review it.' };
  }
  return { __proto__: null, pass: false, expectedText: r.stored, receivedText: text, textDiff: true, labels: ['Snapshot', 'Received'],
    hint: 'Snapshot ' + stringify(key) + ' in ' + r.path + ' does not match.\nRun bridge-run test -u (--update-snapshots) to update it if the change is intended.' };
}

kit.addMatcher('toMatchSnapshot', '', function (received, a, b) {
  let hint, matchers;
  if (typeof a === 'string') hint = a;
  else if (a !== undefined) { matchers = a; hint = b; }
  if (matchers !== undefined) {
    if (matchers === null || typeof matchers !== 'object') throw new UsageError('toMatchSnapshot(propertyMatchers, hint): propertyMatchers must be an object');
    if (!matchesProperties(received, matchers)) {
      return { __proto__: null, pass: false, expectedText: serialize(matchers), receivedText: serialize(received),
        hint: 'The value does not match the property matchers, so it was not compared with the snapshot.' };
    }
    received = withMatchers(received, matchers);
  }
  return compare(nextKey(hint), serialize(received), this);
});
kit.addMatcher('toThrowErrorMatchingSnapshot', '', function (received, hint) {
  if (this.not) throw new UsageError('snapshot matchers cannot be used with .not');
  let thrown, threw = false;
  if (this.promise !== null) { threw = true; thrown = received; } else {
    if (typeof received !== 'function') throw new UsageError('received value must be a function (wrap the code: expect(() => code).toThrowErrorMatchingSnapshot())');
    try { received(); } catch (e) { threw = true; thrown = e; }
  }
  if (!threw) return { __proto__: null, pass: false, expectedText: 'an error', receivedText: 'did not throw' };
  let message;
  try { message = thrown !== null && typeof thrown === 'object' ? StringCtor(thrown.message) : StringCtor(thrown); } catch (e) { message = '(no message)'; }
  return compare(nextKey(hint), '"' + message + '"', this);
});

// Inline snapshots are compared, not written: the test file is never rewritten.
function dedent(s) {
  const lines = stringSplit(s, '\n');
  let first = 0, last = lines.length - 1;
  while (first <= last && stringTrimEnd(lines[first]) === '') first++;
  while (last >= first && stringTrimEnd(lines[last]) === '') last--;
  let common = -1;
  for (let i = first; i <= last; i++) {
    if (stringTrimEnd(lines[i]) === '') continue;
    let n = 0;
    while (n < lines[i].length && lines[i][n] === ' ') n++;
    if (common < 0 || n < common) common = n;
  }
  const out = newList();
  for (let i = first; i <= last; i++) append(out, stringSlice(lines[i], common < 0 ? 0 : common));
  return arrayJoin(out, '\n');
}
kit.addMatcher('toMatchInlineSnapshot', '', function (received, a, b) {
  if (this.not) throw new UsageError('snapshot matchers cannot be used with .not');
  let inline = a;
  if (a !== undefined && typeof a !== 'string') {
    if (!matchesProperties(received, a)) {
      return { __proto__: null, pass: false, expectedText: serialize(a), receivedText: serialize(received),
        hint: 'The value does not match the property matchers.' };
    }
    received = withMatchers(received, a);
    inline = b;
  }
  const text = serialize(received);
  if (inline === undefined) {
    return { __proto__: null, pass: false, receivedText: text,
      hint: 'toMatchInlineSnapshot() needs the snapshot as its argument: bridge-run does not rewrite test files.\n' +
        'Paste the received value above as a template literal: toMatchInlineSnapshot(`...`).' };
  }
  const expected = dedent(StringCtor(inline));
  return { __proto__: null, pass: expected === text, expectedText: expected, receivedText: text, textDiff: true, labels: ['Snapshot', 'Received'] };
});
})(__bridgeTestKit, this);
