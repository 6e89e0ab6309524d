(function (env) {
'use strict';
// Tree members domino leaves out: the ParentNode members of documents and fragments (children,
// firstElementChild, …; a `<template>`'s content is a fragment pages walk that way),
// append/prepend/replaceChildren everywhere, getElementById on fragments, getRootNode, and the
// window handlers a `<body>` carries (`<body onload=…>` is the window's load handler).
const global = env.global, impl = env.impl;
const defineOwn = env.defineOwn, getOwn = Object.getOwnPropertyDescriptor;
const StringCtor = String;
const arrayPush = env.uncurry(Array.prototype.push), arrayIndexOf = env.uncurry(Array.prototype.indexOf);
const getProto = Object.getPrototypeOf;
const Node = impl.Node.prototype, Element = impl.Element.prototype;
const Doc = impl.Document.prototype, Fragment = impl.DocumentFragment.prototype;

function elementChildren(node) {
  const out = [];
  for (let c = node.firstChild; c !== null; c = c.nextSibling) if (c.nodeType === 1) arrayPush(out, c);
  defineOwn(out, 'item', { value: function item(i) { return out[i] || null; }, configurable: true });
  defineOwn(out, 'namedItem', { value: function namedItem(name) { for (let i = 0; i < out.length; i++) if (out[i].id === name || out[i].getAttribute('name') === name) return out[i]; return null; }, configurable: true });
  return out;
}
const parentMembers = {
  children: { get() { return elementChildren(this); } },
  firstElementChild: { get() { for (let c = this.firstChild; c !== null; c = c.nextSibling) if (c.nodeType === 1) return c; return null; } },
  lastElementChild: { get() { for (let c = this.lastChild; c !== null; c = c.previousSibling) if (c.nodeType === 1) return c; return null; } },
  childElementCount: { get() { let n = 0; for (let c = this.firstChild; c !== null; c = c.nextSibling) if (c.nodeType === 1) n++; return n; } }
};
const parents = [Doc, Fragment];
for (let p = 0; p < parents.length; p++) {
  const names = Object.keys(parentMembers);
  for (let i = 0; i < names.length; i++) {
    if (getOwn(parents[p], names[i])) continue;
    defineOwn(parents[p], names[i], { get: parentMembers[names[i]].get, configurable: true, enumerable: true });
  }
}

// Nodes and strings as one node (strings become text), as append() and its kin take them.
function asNode(owner, args) {
  const doc = owner.nodeType === 9 ? owner : owner.ownerDocument;
  if (args.length === 1) return typeof args[0] === 'object' && args[0] !== null ? args[0] : doc.createTextNode(StringCtor(args[0]));
  const f = doc.createDocumentFragment();
  for (let i = 0; i < args.length; i++) f.appendChild(typeof args[i] === 'object' && args[i] !== null ? args[i] : doc.createTextNode(StringCtor(args[i])));
  return f;
}
const withChildren = [Element, Doc, Fragment];
for (let p = 0; p < withChildren.length; p++) {
  const proto = withChildren[p];
  if (typeof proto.append !== 'function') proto.append = function append(...nodes) { if (nodes.length) this.appendChild(asNode(this, nodes)); };
  if (typeof proto.prepend !== 'function') proto.prepend = function prepend(...nodes) { if (nodes.length) this.insertBefore(asNode(this, nodes), this.firstChild); };
  if (typeof proto.replaceChildren !== 'function') {
    proto.replaceChildren = function replaceChildren(...nodes) {
      const node = nodes.length ? asNode(this, nodes) : null;
      while (this.firstChild !== null) this.removeChild(this.firstChild);
      if (node !== null) this.appendChild(node);
    };
  }
}
if (typeof Fragment.getElementById !== 'function') {
  Fragment.getElementById = function getElementById(id) {
    id = StringCtor(id);
    const all = this.querySelectorAll('[id]');
    for (let i = 0; i < all.length; i++) if (all[i].id === id) return all[i];
    return null;
  };
}
if (typeof Node.getRootNode !== 'function') {
  Node.getRootNode = function getRootNode() { let n = this; while (n.parentNode !== null) n = n.parentNode; return n; };
}

// ---- DOMException as WebIDL has it: new DOMException(message, name) ----
// domino's takes a legacy code (`new DOMException(3)`) and names errors by their constants
// (HIERARCHY_REQUEST_ERR). Ours shares its prototype, so domino's own errors are instances
// too, and they get the names and messages browsers give.
const DominoException = impl.DOMException, ExceptionProto = DominoException.prototype;
const errorNames = [null, 'IndexSizeError', null, 'HierarchyRequestError', 'WrongDocumentError', 'InvalidCharacterError', null,
  'NoModificationAllowedError', 'NotFoundError', 'NotSupportedError', 'InUseAttributeError', 'InvalidStateError', 'SyntaxError',
  'InvalidModificationError', 'NamespaceError', 'InvalidAccessError', null, 'TypeMismatchError', 'SecurityError', 'NetworkError',
  'AbortError', 'URLMismatchError', 'QuotaExceededError', 'TimeoutError', 'InvalidNodeTypeError', 'DataCloneError'];
const legacyMessages = { 3: 'The operation would yield an incorrect node tree.', 5: 'String contains an invalid character.',
  8: 'The object can not be found here.', 12: 'The string did not match the expected pattern.' };
function codeOf(name) { for (let i = 0; i < errorNames.length; i++) if (errorNames[i] === name) return i; return 0; }
const exceptionState = new WeakMap();
const stateGet = env.uncurry(WeakMap.prototype.get), stateSet = env.uncurry(WeakMap.prototype.set);
function state(e) { let st = stateGet(exceptionState, e); if (!st) { st = { name: 'Error', message: '', code: 0 }; stateSet(exceptionState, e, st); } return st; }
function DOMException(message, name) {
  if (!new.target) throw new TypeError("Failed to construct 'DOMException': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
  const e = Reflect.construct(Error, [], new.target);
  // Its position is this function's own line (in bridge-page.js, or without a file when the DOM
  // loaded on demand); without one, a run places the error by its stack (the page line that made
  // it, or called in), and an inline handler's error is named after the handler.
  delete e.line; delete e.column; delete e.sourceURL;
  const st = state(e);
  st.message = message === undefined ? '' : StringCtor(message);
  st.name = name === undefined ? 'Error' : StringCtor(name);
  st.code = codeOf(st.name);
  return e;
}
DOMException.prototype = ExceptionProto;
defineOwn(ExceptionProto, 'constructor', { value: DOMException, writable: true, configurable: true });
// domino's constructor assigns code, message and name in that order: the accessors turn its
// constants into the modern names.
defineOwn(ExceptionProto, 'code', { get() { return state(this).code; }, set(v) { const st = state(this); st.code = v; if (typeof v === 'number') { st.name = errorNames[v] || 'Error'; st.message = legacyMessages[v] || ''; } }, configurable: true, enumerable: true });
defineOwn(ExceptionProto, 'name', { get() { return state(this).name; }, set(v) { const st = state(this); if (!(typeof st.code === 'number' && st.code > 0 && errorNames[st.code] && typeof v === 'string' && /_ERR$/.test(v))) st.name = StringCtor(v); }, configurable: true, enumerable: true });
defineOwn(ExceptionProto, 'message', { get() { return state(this).message; }, set(v) { const st = state(this); if (!(typeof v === 'string' && /^[A-Z_]+_ERR \(\d+\)/.test(v))) st.message = StringCtor(v); }, configurable: true, enumerable: true });
const legacyNames = Object.getOwnPropertyNames(DominoException);
for (let i = 0; i < legacyNames.length; i++) if (/_ERR$/.test(legacyNames[i])) defineOwn(DOMException, legacyNames[i], { value: DominoException[legacyNames[i]], enumerable: true });
defineOwn(ExceptionProto, Symbol.toStringTag, { value: 'DOMException', configurable: true });
impl.DOMException = DOMException;
env.put('DOMException', DOMException);

// ---- querySelectorAll returns a static NodeList, as in browsers ----
// For a plain tag or class selector domino hands out its live getElementsBy… list: not a
// NodeList (`instanceof NodeList` false, no forEach), not iterable (`[...list]` and
// `for (const el of list)` threw), and live (it changed while a page removed what it found).
const NodeListCtor = impl.NodeList;
function staticNodeList(result) {
  if (result instanceof NodeListCtor) return result;
  const list = new NodeListCtor();
  for (let i = 0; i < result.length; i++) arrayPush(list, result[i]);
  return list;
}
// domino's live collections (getElementsByTagName/ClassName/Name, an element's `children`) are
// iterable in browsers (HTMLCollection, NodeList): `[...el.children]`, `for…of`.
// They are HTMLCollections too (`instanceof`, `Object.prototype.toString`), which domino has no
// global for.
const arrayValues = Array.prototype.values;
const liveProtos = [];
function makeCollection(proto) {
  if (proto === null || proto === undefined || proto === Array.prototype || proto === Object.prototype || arrayIndexOf(liveProtos, proto) >= 0) return;
  arrayPush(liveProtos, proto);
  if (!Object.prototype.hasOwnProperty.call(proto, Symbol.iterator)) defineOwn(proto, Symbol.iterator, { value: arrayValues, writable: true, configurable: true });
  defineOwn(proto, Symbol.toStringTag, { value: 'HTMLCollection', configurable: true });
}
// (From the modules, not from sample nodes: no node is made while the parts define members. An
// element's `children` class is internal to domino's Element.js; it is reached once the first
// document exists, and is a small prototype.)
const FilteredElementList = env.require('FilteredElementList.js');
makeCollection(typeof FilteredElementList === 'function' ? FilteredElementList.prototype : null);
// (Through domino's own getter, `childrenGetter` below: the page layer's goes through the live
// views' WeakMap, which a `.js` page may have replaced before its first DOM touch.)
env.afterDocument(function () {
  if (typeof childrenGetter === 'function') makeCollection(getProto(reflectApply(childrenGetter, env.document.documentElement, [])));
});
// An element's classList (DOMTokenList) iterates too: `[...el.classList]`.
// (Its prototype from domino's module: making a classList to ask ran domino's token parsing, a
// tenth of a millisecond of every page's start.)
const TokenListCtor = env.require('DOMTokenList.js');
const tokenListProto = typeof TokenListCtor === 'function' && TokenListCtor.prototype ? TokenListCtor.prototype : null;
if (tokenListProto !== null && !Object.prototype.hasOwnProperty.call(tokenListProto, Symbol.iterator)) {
  defineOwn(tokenListProto, Symbol.iterator, {
    value: function* values() { for (let i = 0; i < this.length; i++) yield this.item(i); }, writable: true, configurable: true
  });
}
if (!Object.prototype.hasOwnProperty.call(NodeListCtor.prototype, Symbol.toStringTag)) defineOwn(NodeListCtor.prototype, Symbol.toStringTag, { value: 'NodeList', configurable: true });
function HTMLCollection() { throw new TypeError('Illegal constructor'); }
if (liveProtos.length > 0) defineOwn(HTMLCollection, 'prototype', { value: liveProtos[0] });
defineOwn(HTMLCollection, Symbol.hasInstance, {
  value: function (v) {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return false;
    for (let p = getProto(v); p !== null; p = getProto(p)) if (arrayIndexOf(liveProtos, p) >= 0) return true;
    return false;
  }
});
if (!Object.prototype.hasOwnProperty.call(global, 'HTMLCollection')) env.put('HTMLCollection', HTMLCollection);

// ---- an invalid selector throws a DOMException named SyntaxError, as in browsers ----
// (domino throws a plain SyntaxError, or a TypeError for an unknown pseudo-class.)
const selectorMethods = ['querySelector', 'querySelectorAll', 'matches', 'closest', 'webkitMatchesSelector'];
const samples = [impl.HTMLElement.prototype, Doc, Fragment];
const wrapped = new Set();
for (let k = 0; k < samples.length; k++) {
  for (let i = 0; i < selectorMethods.length; i++) {
    const name = selectorMethods[i];
    let owner = samples[k];
    while (owner !== null && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner);
    if (owner === null || wrapped.has(owner[name])) continue;
    const original = owner[name];
    const wrapper = {
      [name](selectors) {
        try {
          const result = env.apply(original, this, arguments);
          return name === 'querySelectorAll' ? staticNodeList(result) : result;
        } catch (e) {
          if (!(e instanceof SyntaxError || e instanceof TypeError || (e instanceof DOMException && e.name === 'SyntaxError')) || this === null || typeof this !== 'object' || typeof this.nodeType !== 'number') throw e;
          const where = this.nodeType === 9 ? 'Document' : this.nodeType === 11 ? 'DocumentFragment' : 'Element';
          throw new DOMException("Failed to execute '" + name + "' on '" + where + "': '" + StringCtor(selectors) + "' is not a valid selector.", 'SyntaxError');
        }
      }
    }[name];
    wrapped.add(wrapper);
    defineOwn(owner, name, { value: wrapper, writable: true, enumerable: getOwn(owner, name).enumerable, configurable: true });
  }
}

// ---- the window's handlers on <body> ----
const bodyWindowEvents = ['beforeunload', 'blur', 'error', 'focus', 'hashchange', 'load', 'message', 'offline', 'online',
  'pagehide', 'pageshow', 'popstate', 'resize', 'scroll', 'storage', 'unload'];
const Body = impl.HTMLBodyElement.prototype;
for (let i = 0; i < bodyWindowEvents.length; i++) {
  const name = 'on' + bodyWindowEvents[i];
  const windowHandler = getOwn(global, name);
  if (!windowHandler || !windowHandler.set) continue;
  defineOwn(Body, name, {
    get() { return this.ownerDocument === env.document ? windowHandler.get() : null; },
    set(v) { if (this.ownerDocument === env.document) windowHandler.set(v); },
    configurable: true, enumerable: true
  });
}

// ---- live collections read by index see the tree as it is now ----
// domino refreshes a live collection's index properties only when its `length` or `item()` is
// read, so `ul.children[0]` straight after a removal still gave the removed element. An
// element's `children` is handed out as a proxy (always the same one) that refreshes the list,
// by reading its length, before an index is read or the keys are listed. The getElementsBy…
// lists keep domino's behaviour: jQuery and Sizzle read them on every append and selector, and
// a proxy there cost the page-test suite 7 %; an index read after a change is right once their
// `length` was read (docs/pages.md).
const ProxyCtor = Proxy;
const reflectGet = Reflect.get, reflectOwnKeys = Reflect.ownKeys, reflectGetOwn = Reflect.getOwnPropertyDescriptor;
const reflectApply = Reflect.apply, reflectDefine = Reflect.defineProperty;
const liveViews = new WeakMap();
const viewGet = env.uncurry(WeakMap.prototype.get), viewSet = env.uncurry(WeakMap.prototype.set);
const keyCharCode = env.uncurry(String.prototype.charCodeAt), nullObject = env.objectCreate;
const hasOwnKey = typeof Object.hasOwn === 'function' ? Object.hasOwn : env.uncurry(Object.prototype.hasOwnProperty);
// n for a canonical array index ("0", "17"; not "01", "-1", "1.5"), else -1.
function indexOf(key) {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
  let n = 0;
  for (let i = 0; i < key.length; i++) {
    const c = keyCharCode(key, i);
    if (c < 48 || c > 57 || (i === 0 && c === 48 && key.length > 1)) return -1;
    n = n * 10 + (c - 48);
  }
  return n < 4294967295 ? n : -1;
}
const descriptorFields = ['value', 'writable', 'get', 'set', 'enumerable', 'configurable'];
const liveHandler = {
  get(list, key) {
    const i = indexOf(key);
    if (i >= 0) return i < list.length ? list[key] : undefined;
    return reflectGet(list, key, list);
  },
  has(list, key) {
    const i = indexOf(key);
    return i >= 0 ? i < list.length : key in list;
  },
  ownKeys(list) {
    // A prototype-less array-like: no index setter of the page's Array.prototype is involved.
    const n = list.length, keys = reflectOwnKeys(list), out = nullObject(null);
    let count = 0;
    for (let i = 0; i < keys.length; i++) { const k = indexOf(keys[i]); if (k < 0 || k < n) out[count++] = keys[i]; }
    out.length = count;
    return out;
  },
  // domino's own writes (`this[i] = …` from item() called on the view) arrive here as ordinary,
  // configurable data properties; a page's definition of a fixed index property, or freezing the
  // collection, is refused (a TypeError, as in browsers), since the indices must stay free to
  // follow the tree.
  defineProperty(list, key, desc) {
    if (indexOf(key) >= 0) {
      if (hasOwnKey(desc, 'configurable') && desc.configurable === false) return false;
      const fresh = reflectGetOwn(list, key) === undefined;
      if (fresh && (desc.configurable !== true || hasOwnKey(desc, 'get') || hasOwnKey(desc, 'set'))) return false;
    }
    // Only the descriptor's own fields: a page's Object.prototype.get must not turn it into an accessor.
    const own = nullObject(null);
    for (let i = 0; i < descriptorFields.length; i++) { const f = descriptorFields[i]; if (hasOwnKey(desc, f)) own[f] = desc[f]; }
    return reflectDefine(list, key, own);
  },
  preventExtensions() { return false; },
  getOwnPropertyDescriptor(list, key) {
    const i = indexOf(key);
    if (i >= 0 && i >= list.length) return undefined;
    return reflectGetOwn(list, key);
  }
};
function liveView(list) {
  if (list === null || typeof list !== 'object') return list;
  let view = viewGet(liveViews, list);
  if (view === undefined) {
    view = new ProxyCtor(list, liveHandler);
    viewSet(liveViews, list, view);
  }
  return view;
}
const childrenGetter = getOwn(Element, 'children') && getOwn(Element, 'children').get;
if (childrenGetter) {
  defineOwn(Element, 'children', { get() { return liveView(reflectApply(childrenGetter, this, [])); }, configurable: true, enumerable: getOwn(Element, 'children').enumerable });
}
})
