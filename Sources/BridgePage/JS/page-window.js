(function (native, global, kept, defined, parts, early) {
'use strict';
// The page's window: Debian's domino as the document, the JSC global object as the window.
// The global object's prototype cannot be changed in JavaScriptCore, so domino's Window and
// EventTarget members are copied onto it; and because JSC calls a strict accessor or method it
// finds on the global through a bare name with `this === undefined`, every copied one is bound to
// the global. The parts (events, elements, web APIs) then fill what domino leaves out. The
// machinery keeps the built-ins it captured here; a page that replaces them breaks only itself.
const ObjectCtor = Object, ObjectPrototype = Object.prototype;
// (`early`: as they were before any page code ran, for an install on first use.)
const realDefine = early ? early.defineProperty : Object.defineProperty;
const realCreate = early ? early.create : Object.create, realDefineProperties = early ? early.defineProperties : Object.defineProperties;
const getOwn = Object.getOwnPropertyDescriptor, ownNames = Object.getOwnPropertyNames, objectKeys = Object.keys;
const FunctionCall = Function.prototype.call, FunctionApply = Function.prototype.apply;
const uncurry = Function.prototype.bind.bind(FunctionCall);
// A direct native call (Object.hasOwn): the uncurried hasOwnProperty was a bound-function call
// for every property descriptor domino defines.
const earlyHasOwn = early ? early.hasOwn : Object.hasOwn;
const hasOwn = typeof earlyHasOwn === 'function' ? earlyHasOwn : uncurry(Object.prototype.hasOwnProperty);
const apply = uncurry(FunctionApply);
// A page can give Object.prototype a `get`, `set`, `value`, … (prototype pollution, or an old
// library's extension): every descriptor literal then inherits it, and a definition means
// something else ("Getter must be a function" from `el.children`, `addEventListener`, `new
// URL`). A browser's DOM is not JavaScript and never notices. The page layer's definitions read
// only a descriptor's own fields when that is so (a copy; otherwise the descriptor as it is).
const descriptorFields = ['value', 'writable', 'get', 'set', 'enumerable', 'configurable'];
function objectPrototypePolluted() {
  return 'value' in ObjectPrototype || 'get' in ObjectPrototype || 'set' in ObjectPrototype || 'writable' in ObjectPrototype || 'enumerable' in ObjectPrototype || 'configurable' in ObjectPrototype;
}
// While the prelude installs and while domino loads (no page code runs), the answer at their
// start; `null` otherwise (asked at every definition).
let knownPollution = objectPrototypePolluted();
function polluted() { return knownPollution === null ? objectPrototypePolluted() : knownPollution; }
function ownFields(d) {
  if (d === null || typeof d !== 'object') return d;
  const own = { __proto__: null };
  for (let i = 0; i < 6; i++) { const k = descriptorFields[i]; if (hasOwn(d, k)) own[k] = d[k]; }
  return own;
}
function ownFieldsAll(props) {
  if (props === null || typeof props !== 'object') return props;
  const keys = objectKeys(props), out = { __proto__: null };
  for (let i = 0; i < keys.length; i++) out[keys[i]] = ownFields(props[keys[i]]);
  return out;
}
function defineOwn(o, k, d) { return realDefine(o, k, knownPollution === false || !polluted() ? d : ownFields(d)); }
function objectCreate(p, props) { return props === undefined ? realCreate(p) : realCreate(p, polluted() ? ownFieldsAll(props) : props); }
function objectDefineProperties(o, props) { return realDefineProperties(o, polluted() ? ownFieldsAll(props) : props); }
const SetCtor = Set, MapCtor = Map, WeakSetCtor = WeakSet, WeakMapCtor = WeakMap;
const setHas = uncurry(Set.prototype.has), setAdd = uncurry(Set.prototype.add);
const mapGet = uncurry(Map.prototype.get), mapSet = uncurry(Map.prototype.set), mapHas = uncurry(Map.prototype.has), mapDelete = uncurry(Map.prototype.delete);
const weakSetHas = uncurry(WeakSet.prototype.has), weakSetAdd = uncurry(WeakSet.prototype.add);
const weakMapGet = uncurry(WeakMap.prototype.get), weakMapSet = uncurry(WeakMap.prototype.set);
const arrayPush = uncurry(Array.prototype.push), arraySlice = uncurry(Array.prototype.slice);
const arrayIndexOf = uncurry(Array.prototype.indexOf), arraySplice = uncurry(Array.prototype.splice);
const stringSlice = uncurry(String.prototype.slice), stringIndexOf = uncurry(String.prototype.indexOf);
const stringLower = uncurry(String.prototype.toLowerCase), stringTrim = uncurry(String.prototype.trim);
const stringSplit = uncurry(String.prototype.split), stringReplace = uncurry(String.prototype.replace);
const charCodeAt = uncurry(String.prototype.charCodeAt);
const ProxyCtor = Proxy, reflectConstruct = Reflect.construct, StringCtor = String, SymbolCtor = early ? early.Symbol : Symbol, NumberCtor = Number, TypeErrorCtor = TypeError, ErrorCtor = Error;
const reportError = global.reportError;
const info = native.pageInfo();

// Definitions that leave a global the page already owns alone (on-demand install: `kept`).
function put(name, value) {
  if (kept && setHas(kept, name)) return;
  defineOwn(global, name, { __proto__: null, value: value, writable: true, enumerable: true, configurable: true });
  if (defined) setAdd(defined, name);
}
function define(name, d) {
  if (kept && setHas(kept, name)) return;
  const copy = objectCreate(null);
  const keys = objectKeys(d);
  for (let i = 0; i < keys.length; i++) copy[keys[i]] = d[keys[i]];
  if (!hasOwn(copy, 'configurable')) copy.configurable = true;
  defineOwn(global, name, copy);
  if (defined) setAdd(defined, name);
}

// ---- domino, loaded module by module through a CommonJS `require` ----
// Its prototypes get WebIDL-like members while it loads: a property it defines without saying
// writable/configurable is both, as in a browser (AngularJS assigns over event methods; the
// parts below replace some of domino's members).
const modules = new MapCtor();
function fileOf(request) {
  let name = request;
  if (stringIndexOf(name, './') === 0) name = stringSlice(name, 2);
  if (stringIndexOf(name, '.js') !== name.length - 3 || name.length < 3) name += '.js';
  return name;
}
// Modules loaded on first use rather than when required: domino's CSS parser and HTML parser
// (half of its text) are required at the top of other modules but only used later — the CSS
// parser as `parserlib.css` when a style is parsed, the HTML parser as a function (`new
// HTMLParser(…)`, `implementation.mozHTMLParser(…)`, which returns its parser object either way)
// when markup is parsed. Code that never parses either never pays for them. Each stands in as a
// proxy that loads the module at its first use and forwards to it.
const deferred = new MapCtor();
mapSet(deferred, 'cssparser.js', false);
mapSet(deferred, 'HTMLParser.js', true);
function deferredModule(file, isFunction) {
  let real = null;
  const load = function () {
    if (real === null) { mapDelete(deferred, file); real = withWebIDLDescriptors(function () { return dominoRequire(file); }); }
    return real;
  };
  const handler = { __proto__: null, get: function (t, key) { return load()[key]; } };
  if (!isFunction) return new ProxyCtor(objectCreate(null), handler);
  handler.apply = function (t, self, args) { return apply(load(), self, args); };
  handler.construct = function (t, args) { return reflectConstruct(load(), args); };
  return new ProxyCtor(function () {}, handler);
}
// What the page layer provides to domino's modules by name (`require('bridge:…')`, DominoLibrary's
// fixes): among them the captured Symbol, for the fields domino's live lists keep under symbols.
const provided = new MapCtor();
mapSet(provided, 'bridge:Symbol', SymbolCtor);
// domino's Event stamped `timeStamp` with the page's `Date.now()`: a page that made it throw (or
// return something else than a number) broke every event, DOMContentLoaded and load included.
// The page's `Date.now` still decides when it answers a number (a test's fake clock is the
// global `Date`), else the built-in as the engine started. (Asking native code for the fake
// clock instead tripled the cost of making an event: 160-240 against 500-900 ns.)
const dateNow = early ? early.dateNow : Date.now;
mapSet(provided, 'bridge:eventTime', function eventTime() {
  try { const t = global.Date.now(); if (typeof t === 'number') return t; } catch (e) {}
  return dateNow();
});
// The runtime's deferred steps (a hash change's event, history.go) and the DOM's timers
// (requestAnimationFrame, requestIdleCallback, observers' deliveries) are scheduled with the
// setTimeout the engine started with, not the page's (which may be replaced or throw), as in
// browsers, where none of them goes through window.setTimeout. (Test files have no DOM: the
// test harness's tracking of a test's timers never sees these.)
const internalSetTimeout = early ? early.setTimeout : global.setTimeout;
const internalClearTimeout = early ? early.clearTimeout : global.clearTimeout;
function dominoRequire(request) {
  if (mapHas(provided, request)) return mapGet(provided, request);
  const file = fileOf(StringCtor(request));
  if (mapHas(modules, file)) return mapGet(modules, file).exports;
  if (mapHas(deferred, file)) return deferredModule(file, mapGet(deferred, file));
  if (!native.hasDominoModule(file)) throw new ErrorCtor("domino: no module '" + request + "' in " + info.dominoDirectory);
  const module = { exports: {} };
  mapSet(modules, file, module);
  // Native code evaluates the module under its own file name (so errors inside domino name the
  // domino file and line) and leaves the factory on the global object for a moment.
  native.evaluateDominoModule(file);
  const factory = global.__bridgeDominoModule;
  delete global.__bridgeDominoModule;
  if (typeof factory !== 'function') throw new ErrorCtor("domino: module '" + file + "' did not load");
  apply(factory, module.exports, [module.exports, dominoRequire, module, info.dominoDirectory + '/' + file, info.dominoDirectory, global, dominoObject]);
  return module.exports;
}
// domino's modules see this `Object` (their function's parameter, DominoLibrary.wrap): the
// built-in's functions, with definitions made as the page layer's own (a descriptor's own fields
// only) and, while domino loads, WebIDL-like: a property it defines without saying
// writable/configurable is both, as in a browser (AngularJS assigns over event methods; the
// parts below replace some of domino's members). The global `Object` is never touched.
let loadingDomino = 0;
function fixWebIDL(d) {
  if (d !== null && typeof d === 'object') {
    if (!hasOwn(d, 'configurable')) d.configurable = true;
    if (hasOwn(d, 'value') && !hasOwn(d, 'writable')) d.writable = true;
  }
}
function webIDL(d) {
  if (polluted()) d = ownFields(d);
  if (loadingDomino > 0) fixWebIDL(d);
  return d;
}
function webIDLAll(props) {
  if (props === null || typeof props !== 'object') return props;
  if (polluted()) props = ownFieldsAll(props);
  if (loadingDomino > 0) { const keys = objectKeys(props); for (let i = 0; i < keys.length; i++) fixWebIDL(props[keys[i]]); }
  return props;
}
const dominoObject = { __proto__: null };
{
  const names = ownNames(ObjectCtor);
  for (let i = 0; i < names.length; i++) dominoObject[names[i]] = ObjectCtor[names[i]];
  dominoObject.create = function create(p, props) { return props === undefined ? realCreate(p) : realCreate(p, webIDLAll(props)); };
  dominoObject.defineProperty = function defineProperty(o, k, d) { return realDefine(o, k, webIDL(d)); };
  dominoObject.defineProperties = function defineProperties(o, props) { return realDefineProperties(o, webIDLAll(props)); };
}
// What a page added to Object.prototype before domino loads (a `.js` page's first DOM touch,
// or the HTML parser loaded at a page's first markup) is taken off it while domino loads, and put
// back as it was: domino reads its own tables with `for…in` and plain reads (`val.value ||
// val`, `spec.tags`), which would find the page's fields, and it assigns `props[n] = …` where an
// accessor without a setter would throw. No page code runs while domino loads.
const objectPrototypeNames = new SetCtor(early && early.objectPrototypeNames ? early.objectPrototypeNames : ownNames(ObjectPrototype));
function withWebIDLDescriptors(body) {
  const names = ownNames(ObjectPrototype), removed = [];
  for (let i = 0; i < names.length; i++) {
    if (setHas(objectPrototypeNames, names[i])) continue;
    const d = getOwn(ObjectPrototype, names[i]);
    if (d === undefined || !d.configurable) continue;
    arrayPush(removed, names[i], ownFields(d));
    delete ObjectPrototype[names[i]];
  }
  const known = knownPollution;
  knownPollution = objectPrototypePolluted();
  loadingDomino++;
  try { return body(); } finally {
    loadingDomino--;
    knownPollution = known;
    for (let i = 0; i < removed.length; i += 2) realDefine(ObjectPrototype, removed[i], removed[i + 1]);
  }
}
// An inline event handler (`onclick="…"`) is compiled in sloppy mode with the window, document,
// form and element in scope (domino's sloppy.js, through a fix). Compiled in domino's module it
// also saw the module's `require`, `module`, `exports` and `Object`: a RequireJS page's
// `onclick="require([…])"` called domino's. This function's only scope is the global one.
// The body ends before a line break, so a handler whose last line is a `// comment` compiles, as
// in browsers (domino's did not). (Made at the first handler: an engine that never meets one
// does not pay for the evaluation.)
// Eval code has no file name in JavaScriptCore: an error thrown by a handler's own body, or its
// SyntaxError, is given the page's and the handler's name (`index.html (onclick handler)`), at its
// line within the handler. Which errors: a SyntaxError out of the compile, and an error whose
// first frame outside native code is an anonymous one without a place (eval code) called right
// from the events part's `bridgeCallHandlerProperty` (an error of a function the handler calls,
// or a value without a stack, keeps what it has). Naming never throws: a page that broke the
// built-ins it uses loses the name, never the error. (Compiling each handler as a script of its
// own under that name took twice as long as the eval: 3000 handlers, +50 µs each.)
const indirectEval = early ? early.eval : global.eval;
const SyntaxErrorPrototype = SyntaxError.prototype, getPrototype = Object.getPrototypeOf;
let compileHandler = null;
// The attribute whose handler domino builds next (DominoLibrary's fix to defineElement.js).
let pendingAttribute = 'on';
mapSet(provided, 'bridge:handlerAttribute', function handlerAttribute(name) { pendingAttribute = name; });
mapSet(provided, 'bridge:compileEventHandler', function compileEventHandler(builder) {
  const attribute = pendingAttribute;
  pendingAttribute = 'on';
  if (compileHandler === null) compileHandler = indirectEval("(function () { with (this.document.defaultView || { __proto__: null }) with (this.document) with (this.form) with (this.element) return eval('(function(event){' + this.body + '\\n})'); })");
  try {
    return apply(compileHandler, builder, []);
  } catch (e) {
    try {
      if (e !== null && typeof e === 'object' && getPrototype(e) === SyntaxErrorPrototype) nameError(e, attribute);
    } catch (x) {}
    throw e;
  }
});
function nameError(e, attribute) {
  if (hasOwn(e, 'sourceURL')) return;
  defineOwn(e, 'sourceURL', { value: native.handlerSourceURL(StringCtor(attribute)), writable: true, configurable: true });
}
function isNativeFrame(frame) {
  return frame.length >= 14 && stringSlice(frame, frame.length - 14) === '@[native code]';
}
// A frame of the DOM itself: the page layer (bridge-page.js, DOMPrelude.sourceURL), one of
// domino's modules, or the page layer's DOMException constructor without a file (the DOM loaded
// on demand).
const dominoFrame = '@' + info.dominoDirectory + '/';
function isDOMFrame(frame) {
  if (frame === 'DOMException@') return true;
  const at = stringIndexOf(frame, '@');
  return at >= 0 && (stringIndexOf(frame, '@bridge-page.js:', at) === at || stringIndexOf(frame, dominoFrame, at) === at);
}
// Whether `stack`'s first frame outside native code and the DOM's own code is a handler's body
// called by the events part (`onclick="throw new DOMException(…)"` and
// `onclick="a.appendChild(document)"` are the handler's own errors, as in browsers).
function thrownByHandlerBody(stack) {
  let start = 0, handler = false;
  for (;;) {
    const end = stringIndexOf(stack, '\n', start);
    const frame = end < 0 ? stringSlice(stack, start) : stringSlice(stack, start, end);
    if (!isNativeFrame(frame) && !(!handler && isDOMFrame(frame))) {
      if (handler) return stringIndexOf(frame, 'bridgeCallHandlerProperty@') === 0;
      if (frame !== '@') return false;
      handler = true;
    }
    if (end < 0) return false;
    start = end + 1;
  }
}
// What the events part calls when a handler property's function threw `e` during a `type` event.
function nameHandlerError(e, type) {
  try {
    if (e === null || typeof e !== 'object') return;
    const d = getOwn(e, 'stack');
    if (d === undefined || typeof d.value !== 'string' || !thrownByHandlerBody(d.value)) return;
    nameError(e, 'on' + StringCtor(type));
  } catch (x) {}
}
// domino's element classes get their members when first needed (DominoLibrary's fixes): at a
// class's first element (domino's createElement asks `defineNow`), at the first read of its
// global (`putClass`), or when a part extends its prototype (`env.defineNow`). The members
// are defined as while domino loads (WebIDL-like, the page's Object.prototype additions set
// aside), a superclass's first.
const pendingMembers = new MapCtor();
let pendingCount = 0;
mapSet(provided, 'bridge:defineLater', function defineLater(c, superclass, defineMembers) {
  mapSet(pendingMembers, c, { __proto__: null, superclass: superclass, defineMembers: defineMembers });
  pendingCount++;
});
function defineNow(c) {
  if (pendingCount === 0) return;
  const pending = mapGet(pendingMembers, c);
  if (pending === undefined) return;
  mapDelete(pendingMembers, c);
  pendingCount--;
  // (A definition stopped part-way — a page's replaced built-in threw, the time limit — is tried
  // again at the next need: what was defined stays, the rest follows.)
  try {
    defineNow(pending.superclass);
    withWebIDLDescriptors(pending.defineMembers);
  } catch (e) {
    mapSet(pendingMembers, c, pending);
    pendingCount++;
    throw e;
  }
}
mapSet(provided, 'bridge:defineNow', defineNow);
mapSet(provided, 'bridge:hasOwn', hasOwn);
const domino = withWebIDLDescriptors(function () { return dominoRequire('index.js'); });
const impl = domino.impl;
const Window = impl.Window;
const EventTarget = dominoRequire('EventTarget.js');
const HTMLParser = impl.HTMLParser;
// domino's parser dispatches `new impl.Event('load')` on the window when it reaches the end,
// with `impl` its map of element classes (no Event in it): in our windows that would throw. It
// gets an event nobody listens to; the page's load event is ours (after DOMContentLoaded).
dominoRequire('htmlelts.js').elements.Event = function () { return new impl.Event('bridge:parsed'); };
const MUTATE = dominoRequire('MutationConstants.js');

// ---- the document ----
// An empty document until a page's HTML is parsed into one (`beginDocument`); made once the parts
// have defined their members (below).
// Why then: JavaScriptCore caches a property read through a prototype that has many properties
// (a dictionary) by flattening it once; a prototype that gets a property added after that is
// never cached again, so every read through it, on every element, took the slow path: a method
// read on an element cost 60–100 ns instead of 2–7. No element, event or node may be made (and
// used) before the last member is defined on the prototypes it inherits from.
let doc = null;
// Everything that reacts to changes of the tree (iframes navigating, dynamic scripts, mutation
// observers) listens through one handler per document.
const mutationListeners = [];
function onMutation(m) {
  for (let i = 0; i < mutationListeners.length; i++) {
    try { mutationListeners[i](m); } catch (e) { reportError(e); }
  }
}
// Whether `node` has an element child: most inserted nodes are leaves or hold only text, and the
// listeners that look for scripts and frames inside an inserted subtree need no live list for
// them (making one cost an insertion more than domino's own work).
function hasElementChild(node) {
  for (let c = node.firstChild; c !== null && c !== undefined; c = c.nextSibling) if (c.nodeType === 1) return true;
  return false;
}
function adoptDocument(d) {
  doc = d;
  d.defaultView = global;
  d._setMutationHandler(onMutation);
}

// ---- the window ----
// (domino's Window constructor is not run on the global: it would assign `document` and
// `location`, which are accessors here.)
const dominoCtors = new SetCtor();
{
  const names = objectKeys(impl);
  for (let i = 0; i < names.length; i++) setAdd(dominoCtors, impl[names[i]]);
}
function copyMembers(proto, skip) {
  const names = ownNames(proto);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name === 'constructor' || (skip && setHas(skip, name))) continue;
    const d = getOwn(proto, name);
    if (hasOwn(d, 'value')) {
      const v = d.value;
      const isCtor = typeof v === 'function' && (setHas(dominoCtors, v) || (charCodeAt(name, 0) >= 65 && charCodeAt(name, 0) <= 90));
      if (isCtor) putClass(name, v); else put(name, typeof v === 'function' ? bindToGlobal(v) : v);
    } else {
      const g = d.get, s = d.set;
      define(name, {
        get: g ? function () { return apply(g, global, []); } : undefined,
        set: s ? function (x) { apply(s, global, [x]); } : undefined,
        enumerable: d.enumerable
      });
    }
  }
}
// A class whose members are not defined yet stands in as an accessor that defines them at the
// first read and becomes the plain property `put` makes.
// (On a window the page sealed or froze, the accessor stays and keeps the value itself.)
function putClass(name, c) {
  if (!mapHas(pendingMembers, c)) return put(name, c);
  if (kept && setHas(kept, name)) return;
  let value = c;
  const settle = function () { try { put(name, value); } catch (e) { } };
  defineOwn(global, name, {
    __proto__: null,
    get: function () { if (value === c) defineNow(c); settle(); return value; },
    set: function (v) { value = v; settle(); },
    enumerable: true, configurable: true
  });
  if (defined) setAdd(defined, name);
}
function bindToGlobal(f) {
  const bound = function () { return apply(f, global, arraySlice(arguments)); };
  defineOwn(bound, 'name', { value: f.name, configurable: true });
  return bound;
}
// The runtime's own (window, self, console, timers) stay; the parts define history, navigator,
// getComputedStyle and the handler properties.
copyMembers(Window.prototype, new SetCtor(['window', 'self', 'console', 'history', 'navigator', 'getComputedStyle', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'onload', '_run']));
copyMembers(EventTarget.prototype, new SetCtor(['_dispatchEvent', '_setEventHandler', '_getEventHandler', '_isClick', '_doClick']));
put('Window', Window);
put('EventTarget', EventTarget);
put('HTMLDocument', impl.Document);
define('document', { get: function () { return doc; }, enumerable: true, configurable: true });

// The environment the parts share.
const env = {
  native: native, global: global, info: info, impl: impl, domino: domino, require: dominoRequire,
  put: put, define: define, defineOwn: defineOwn, objectCreate: objectCreate, objectDefineProperties: objectDefineProperties, uncurry: uncurry, apply: apply, hasOwn: hasOwn, reportError: reportError,
  get document() { return doc; }, adoptDocument: adoptDocument, mutationListeners: mutationListeners, MUTATE: MUTATE, hasElementChild: hasElementChild,
  HTMLParser: HTMLParser, bridge: {}, defineNow: defineNow, nameHandlerError: nameHandlerError,
  provide: function (name, value) { mapSet(provided, name, value); },
  // Code the page layer generates from its own names (never a page's text), evaluated with the
  // `eval` the engine started with.
  compileInternal: function (source) { return indirectEval(source); },
  setTimeout: internalSetTimeout, clearTimeout: internalClearTimeout
};
const afterDocument = [];
env.afterDocument = function (fn) { arrayPush(afterDocument, fn); };
for (let i = 0; i < parts.length; i++) parts[i](env);
{
  const first = new impl.DOMImplementation(null).createHTMLDocument('');
  first._address = info.href;
  first._scripting_enabled = true;
  if (typeof info.title === 'string') first.title = info.title;
  adoptDocument(first);
}
for (let i = 0; i < afterDocument.length; i++) afterDocument[i]();

// ---- parsing a page, and the page's life cycle (called by native code) ----
// The parser pauses after each script element it finished (when the next node is inserted), so
// native code runs the script with the document as far as it was parsed, as a browser does.
let parser = null, parsing = false, pendingScript = null, readyScript = null, pendingHTML = null;
// How deep inside the parser's own `parse` (resumed here, or by document.write) we are: only its
// insertions are parser-inserted scripts. A script element a running script inserts while the page
// is still parsed is the page's (it runs as inserted scripts do): taken for the parser's, all but
// the last two of several were lost.
let parserDepth = 0;
const parserScripts = [];
mutationListeners.unshift(function (m) {
  if (!parsing || parserDepth === 0 || m.type !== MUTATE.INSERT) return;
  const n = m.node;
  if (n.nodeType === 1 && n.localName === 'script' && n.namespaceURI === 'http://www.w3.org/1999/xhtml') {
    if (pendingScript !== null) readyScript = pendingScript;
    pendingScript = n;
    env.bridge.markParserInserted(n);
    return;
  }
  if (pendingScript !== null && m.target !== pendingScript) { readyScript = pendingScript; pendingScript = null; }
});
function describe(el) {
  let id = arrayIndexOf(parserScripts, el);
  if (id < 0) { id = parserScripts.length; arrayPush(parserScripts, el); }
  return env.bridge.scriptInfo(el, id);
}
defineOwn(global, '__bridgeDOM', { value: ObjectCtor.freeze({
  beginDocument(html) {
    const p = new HTMLParser(doc._address);
    // Pause right after a script's end tag (the insertion point for document.write).
    p.onScriptEnd = function (el) { if (el === pendingScript) { readyScript = pendingScript; pendingScript = null; } };
    const parse = p.parse;
    p.parse = function () {
      parserDepth++;
      try { return apply(parse, p, arguments); } finally { parserDepth--; }
    };
    const d = p.document();
    d._address = doc._address;
    d._scripting_enabled = true;
    d.readyState = 'loading';
    adoptDocument(d);
    parser = p;
    parsing = true;
    pendingHTML = StringCtor(html);
  },
  // The next script the parser finished, as {id, src, type, text, async, defer, ...}; null when
  // the document is parsed.
  nextParserScript() {
    if (parser === null) return null;
    const pause = function () { return readyScript !== null; };
    while (readyScript === null) {
      let more;
      if (pendingHTML !== null) {
        const html = pendingHTML;
        pendingHTML = null;
        more = parser.parse(html, true, pause);
      } else {
        more = parser.parse('', false, pause);
      }
      if (!more && readyScript === null) {
        parsing = false;
        parser = null;
        const last = pendingScript;
        pendingScript = null;
        return last === null ? null : describe(last);
      }
    }
    const s = readyScript;
    readyScript = null;
    return describe(s);
  },
  setCurrentScript(id) { env.bridge.setCurrentScript(id >= 0 ? parserScripts[id] : null); },
  setReadyState(s) { env.bridge.setReadyState(s); },
  fire(target, type) { env.bridge.fire(target, type); },
  setLocation(href) { env.bridge.setLocation(href); },
  scriptDone(token, ok) { env.bridge.scriptDone(token, ok); },
  scriptRunning(token) { env.bridge.runningDynamic(token); },
  scriptFinished(id, ok) { const el = parserScripts[id]; if (el) env.bridge.dispatch(el, new global.Event(ok ? 'load' : 'error')); },
  addStyle(css) {
    const d = env.document, style = d.createElement('style');
    style.textContent = StringCtor(css);
    (d.head || d.documentElement).appendChild(style);
  },
  errorEvent(error, message, filename, line, column) { env.fireErrorEvent(error, { message: StringCtor(message), filename: StringCtor(filename), lineno: line, colno: column }); }
}), enumerable: false, configurable: false });
knownPollution = null;
})
