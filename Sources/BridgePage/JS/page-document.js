(function (env) {
'use strict';
// The document's life cycle and scripts, and the document members domino leaves unimplemented
// (they throw NotYetImplemented there): cookie, forms/images/links/scripts, focus.
const global = env.global, native = env.native, impl = env.impl, put = env.put, apply = env.apply;
const defineOwn = env.defineOwn;
const StringCtor = String;
const arrayPush = env.uncurry(Array.prototype.push), arraySlice = env.uncurry(Array.prototype.slice);
const stringIndexOf = env.uncurry(String.prototype.indexOf), stringSlice = env.uncurry(String.prototype.slice);
const charCodeAt = env.uncurry(String.prototype.charCodeAt);
const stringTrim = env.uncurry(String.prototype.trim), stringLower = env.uncurry(String.prototype.toLowerCase);
const stringSplit = env.uncurry(String.prototype.split);
const WeakSetCtor = WeakSet, MapCtor = Map;
const weakSetHas = env.uncurry(WeakSet.prototype.has), weakSetAdd = env.uncurry(WeakSet.prototype.add);
const mapGet = env.uncurry(Map.prototype.get), mapSet = env.uncurry(Map.prototype.set), mapDelete = env.uncurry(Map.prototype.delete);
const mapForEach = env.uncurry(Map.prototype.forEach), mapHas = env.uncurry(Map.prototype.has), mapKeys = env.uncurry(Map.prototype.keys);
const iteratorNext = env.uncurry(Object.getPrototypeOf(new Map().keys()).next);
const Doc = impl.Document.prototype;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

// Reflected URL attributes (`a.href`, `script.src`, `img.src`, …) resolve with domino's resolver
// after the URL standard's clean-up of the value: spaces and controls around it dropped, tabs and
// line breaks in it removed (`href=" /a "` is `/a`). A value whose scheme is not one of the
// special ones (`blob:`, `data:`, `mailto:`, `javascript:`, …) is already absolute and kept as
// written: domino's resolver made `blob:null/x` `blob://null/x`.
const dominoResolve = Doc._resolve;
const specialSchemes = { __proto__: null, http: true, https: true, ws: true, wss: true, ftp: true, file: true };
function cleanURL(s) {
  let start = 0, end = s.length;
  while (start < end && charCodeAt(s, start) <= 0x20) start++;
  while (end > start && charCodeAt(s, end - 1) <= 0x20) end--;
  let out = '';
  for (let i = start; i < end; i++) {
    const c = charCodeAt(s, i);
    if (c !== 0x09 && c !== 0x0A && c !== 0x0D) out += s[i];
  }
  return out;
}
// The scheme of `s` in lower case, or '' when it has none.
function schemeOf(s) {
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    if (c === 0x3A && i > 0) return stringLower(stringSlice(s, 0, i));
    const letter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A);
    if (!letter && (i === 0 || !((c >= 0x30 && c <= 0x39) || c === 0x2B || c === 0x2D || c === 0x2E))) return '';
  }
  return '';
}
defineOwn(Doc, '_resolve', {
  value: function _resolve(href) {
    const s = cleanURL(StringCtor(href));
    const scheme = schemeOf(s);
    return scheme !== '' && specialSchemes[scheme] !== true ? s : apply(dominoResolve, this, [s]);
  },
  writable: true, configurable: true
});

// ---- readiness ----
env.bridge.setReadyState = function (s) {
  const d = env.document;
  d.readyState = s;
  env.bridge.dispatch(d, new global.Event('readystatechange'));
};
env.bridge.fire = function (target, type) {
  const d = env.document;
  if (target === 'window') env.bridge.dispatch(global, new global.Event(type));
  else env.bridge.dispatch(d, new global.Event(type, { bubbles: type === 'DOMContentLoaded' }));
};

// ---- scripts ----
// A script runs once ("already started"); those the parser inserted are run by native code in
// document order, those a page inserts run when they are connected: inline at once, `src` in a
// later task, then `load` or `error` on the element.
const started = new WeakSetCtor(), parserInserted = new WeakSetCtor();
let currentScript = null;
env.bridge.markParserInserted = function (el) { weakSetAdd(parserInserted, el); };
env.bridge.setCurrentScript = function (el) { currentScript = el; if (el) weakSetAdd(started, el); };
defineOwn(Doc, 'currentScript', { get() { return this === env.document ? currentScript : null; }, configurable: true });
const jsTypes = ['', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript', 'application/x-javascript',
  'text/x-javascript', 'text/jscript', 'text/livescript', 'text/x-ecmascript', 'text/javascript1.0', 'text/javascript1.1',
  'text/javascript1.2', 'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5'];
function kindOf(el) {
  const type = el.getAttribute('type');
  const lang = el.getAttribute('language');
  let t = type === null ? (lang === null || lang === '' ? '' : 'text/' + stringLower(lang)) : stringLower(stringTrim(type));
  if (stringIndexOf(t, ';') >= 0) t = stringTrim(stringSlice(t, 0, stringIndexOf(t, ';')));
  if (t === 'module') return 'module';
  if (t === 'importmap') return 'importmap';
  for (let i = 0; i < jsTypes.length; i++) if (jsTypes[i] === t) return 'classic';
  return 'other';
}
function absolute(src) { const r = native.parseURL(src, env.document._address); return r ? r.href : src; }
env.bridge.scriptInfo = function (el, id) {
  const src = el.getAttribute('src');
  // No prototype: the engine's JSON conversion must not meet a page's Object.prototype.toJSON.
  const o = env.objectCreate(null);
  o.id = id; o.kind = kindOf(el); o.src = src; o.url = src === null || src === '' ? null : absolute(src);
  o.text = el.text; o.async = el.hasAttribute('async'); o.defer = el.hasAttribute('defer'); o.noModule = el.hasAttribute('nomodule');
  return o;
};
const pending = new MapCtor();
let tokens = 0;
function runDynamic(el) {
  if (weakSetHas(started, el) || weakSetHas(parserInserted, el) || el.namespaceURI !== HTML_NS) return;
  // A script made by innerHTML, insertAdjacentHTML or another fragment parse never runs, as in
  // browsers (domino's fragment parser marks it already started).
  if (el._already_started === true) return;
  const kind = kindOf(el);
  if (kind !== 'classic' && kind !== 'module') return;
  const src = el.getAttribute('src');
  if (src === null && el.text === '') return;
  weakSetAdd(started, el);
  if (src !== null) {
    const token = ++tokens;
    mapSet(pending, token, el);
    native.loadScript(src === '' ? '' : absolute(src), token, kind === 'module');
    return;
  }
  const before = currentScript;
  currentScript = el;
  try { native.runScript(el.text, kind === 'module'); } finally { currentScript = before; }
}
env.bridge.scriptDone = function (token, ok) {
  const el = mapGet(pending, token);
  if (el === undefined) return;
  mapDelete(pending, token);
  env.bridge.dispatch(el, new global.Event(ok ? 'load' : 'error'));
};
// The script element about to run, for `document.currentScript` in a script native code loads.
env.bridge.scriptElement = function (token) { return mapGet(pending, token) || null; };
env.bridge.runningDynamic = function (token) { currentScript = token === 0 ? null : (mapGet(pending, token) || null); };
function eachScript(node, fn) {
  if (node.nodeType !== 1 && node.nodeType !== 11) return;
  if (node.localName === 'script') { fn(node); return; }
  if (!env.hasElementChild(node)) return;
  const list = node.getElementsByTagName('script');
  const copy = [];
  for (let i = 0; i < list.length; i++) arrayPush(copy, list[i]);
  for (let i = 0; i < copy.length; i++) fn(copy[i]);
}
arrayPush(env.mutationListeners, function (m) {
  if (m.type === env.MUTATE.INSERT && m.node.rooted) eachScript(m.node, runDynamic);
});
// A script whose text is set after insertion (`s.text = …` on an empty, connected script).
arrayPush(env.mutationListeners, function (m) {
  if (m.type === env.MUTATE.INSERT && m.target && m.target.localName === 'script' && m.target.rooted) runDynamic(m.target);
});

// ---- cookies: one jar per engine, `name=value` pairs with Max-Age/Expires ----
const cookies = new MapCtor();
let cookieCount = 0;
defineOwn(Doc, 'cookie', {
  get() {
    if (this !== env.document) return '';
    const parts = [];
    const now = native.now();
    mapForEach(cookies, function (c, k) { if (c.expires === null || c.expires > now) arrayPush(parts, k === '' ? c.value : k + '=' + c.value); });
    return arrayJoin(parts, '; ');
  },
  set(v) {
    if (this !== env.document) return;
    const segs = stringSplit(StringCtor(v), ';');
    const first = segs[0];
    const eq = stringIndexOf(first, '=');
    const name = eq >= 0 ? stringTrim(stringSlice(first, 0, eq)) : '';
    const value = stringTrim(eq >= 0 ? stringSlice(first, eq + 1) : first);
    let expires = null;
    for (let i = 1; i < segs.length; i++) {
      const s = segs[i], j = stringIndexOf(s, '=');
      const k = stringLower(stringTrim(j >= 0 ? stringSlice(s, 0, j) : s)), a = j >= 0 ? stringTrim(stringSlice(s, j + 1)) : '';
      if (k === 'max-age') expires = native.now() + Number(a) * 1000;
      else if (k === 'expires' && expires === null) { const t = Date.parse(a); if (t === t) expires = t; }
    }
    // As browsers: a cookie over 4096 characters (name and value) is ignored, and a jar keeps
    // at most 180 cookies, dropping the least recently set.
    if (name.length + value.length > 4096) return;
    if (mapHas(cookies, name)) { mapDelete(cookies, name); cookieCount--; }
    if (expires !== null && expires <= native.now()) return;
    mapSet(cookies, name, { value: value, expires: expires });
    if (++cookieCount > 180) {
      mapDelete(cookies, iteratorNext(mapKeys(cookies)).value);
      cookieCount--;
    }
  },
  configurable: true
});
const arrayJoin = env.uncurry(Array.prototype.join);

// ---- collections domino leaves unimplemented ----
function collection(selector) { return function () { return arraySlice(this.querySelectorAll(selector)); }; }
defineOwn(Doc, 'forms', { get: collection('form'), configurable: true });
defineOwn(Doc, 'images', { get: collection('img'), configurable: true });
defineOwn(Doc, 'links', { get: collection('a[href], area[href]'), configurable: true });
defineOwn(Doc, 'scripts', { get: collection('script'), configurable: true });
defineOwn(Doc, 'embeds', { get: collection('embed'), configurable: true });
defineOwn(Doc, 'plugins', { get: collection('embed'), configurable: true });
defineOwn(Doc, 'anchors', { get: collection('a[name]'), configurable: true });
defineOwn(Doc, 'lastModified', { get() { return '01/01/2026 00:00:00'; }, configurable: true });
defineOwn(Doc, 'visibilityState', { get() { return 'visible'; }, configurable: true });
defineOwn(Doc, 'hidden', { get() { return false; }, configurable: true });
defineOwn(Doc, 'compatMode', { get() { return this._quirks ? 'BackCompat' : 'CSS1Compat'; }, configurable: true });
Doc.hasFocus = function hasFocus() { return true; };
Doc.execCommand = function execCommand() { return false; };
Doc.queryCommandSupported = function queryCommandSupported() { return false; };
Doc.elementFromPoint = function elementFromPoint() { return null; };
Doc.elementsFromPoint = function elementsFromPoint() { return []; };

// ---- focus: activeElement follows focus() and blur() ----
let focused = null;
defineOwn(Doc, 'activeElement', { get() { return this === env.document ? (focused && focused.rooted ? focused : this.body) : null; }, configurable: true });
const HTMLElement = impl.HTMLElement.prototype;
HTMLElement.focus = function focus() {
  if (focused === this || !this.rooted) return;
  const before = focused;
  focused = this;
  if (before) { env.bridge.dispatch(before, new global.FocusEvent('blur', { relatedTarget: this })); env.bridge.dispatch(before, new global.FocusEvent('focusout', { bubbles: true, relatedTarget: this })); }
  env.bridge.dispatch(this, new global.FocusEvent('focus', { relatedTarget: before }));
  env.bridge.dispatch(this, new global.FocusEvent('focusin', { bubbles: true, relatedTarget: before }));
};
HTMLElement.blur = function blur() {
  if (focused !== this) return;
  focused = null;
  env.bridge.dispatch(this, new global.FocusEvent('blur'));
  env.bridge.dispatch(this, new global.FocusEvent('focusout', { bubbles: true }));
};
})
