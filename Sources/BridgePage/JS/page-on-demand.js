(function (native, global, names, intrinsicNames) {
'use strict';
// Installing touches nothing JSC creates lazily (Set, Reflect, typed arrays, ...): a page that
// never uses the DOM does not pay for those either. What the loader needs later is read then
// from the global object's properties, which a page's own `class Set {}` or `let Map` (lexical
// declarations) does not change.
const evaluate = global.eval, getOwn = Object.getOwnPropertyDescriptor, defineOwn = Object.defineProperty;
const applyFunction = Function.prototype.apply;
// Built-ins the prelude calls on its hot paths or hands to domino, as they are now (a page's own
// `function Symbol() {}` or `Object.hasOwn = ...` before the first touch must not break the DOM
// it then loads). Plain reads of the global's own, eagerly made members.
const early = { __proto__: null, Symbol: global.Symbol, hasOwn: Object.hasOwn, defineProperty: defineOwn, create: Object.create, defineProperties: Object.defineProperties, eval: evaluate, objectPrototypeNames: Object.getOwnPropertyNames(Object.prototype),
  dateNow: Date.now, setTimeout: global.setTimeout, clearTimeout: global.clearTimeout };
const getters = [], setters = [];
let state = 0;  // 0 waiting, 1 loading, 2 loaded
let defined = null;  // what the prelude set up (kept across a load that threw)
function load() {
  if (state !== 0) return;
  state = 1;
  const SetRef = global.Set;
  if (defined === null) defined = new SetRef();
  const keep = new SetRef();
  for (let n = 0; n < names.length; n++) {
    const name = names[n][0], d = getOwn(global, name);
    const ownGet = !!d && early.hasOwn(d, 'get') && d.get === getters[n], ownSet = !!d && early.hasOwn(d, 'set') && d.set === setters[n];
    if ((ownGet && ownSet) || defined.has(name)) continue;
    // Absent (deleted) or the page's own: the prelude leaves it alone. A page that replaced
    // only one half of a stand-in keeps its half, without ours.
    keep.add(name);
    if ((ownGet || ownSet) && d.configurable) defineOwn(global, name, ownGet ? { __proto__: null, get: undefined } : { __proto__: null, set: undefined });
  }
  try {
    // Parsed only now (an indirect eval, in this same VM entry): a page that never touches the
    // DOM never pays even for parsing it. The factory binds the built-ins it uses.
    const intrinsics = [];
    for (let n = 0; n < intrinsicNames.length; n++) {
      const name = intrinsicNames[n];
      intrinsics.push(name === 'Symbol' ? early.Symbol : global[name]);
    }
    const prelude = applyFunction.call(evaluate(native.preludeSource()), undefined, intrinsics);
    prelude(native, global, keep, defined, early);
  } catch (e) {
    state = 0;  // a later touch tries again
    throw e;
  } finally {
    native.loadEnded();  // preludeSource gave the load time beyond the script's limit
  }
  state = 2;
  native.loaded();
}
native.registerLoader(load);
for (let n = 0; n < names.length; n++) {
  const name = names[n][0];
  // While loading (a page getter the prelude reaches) or after a load the time limit cut
  // short, a stand-in reads as undefined and ignores writes.
  getters.push(function () { if (state !== 0) return undefined; load(); return global[name]; });
  setters.push(function (v) { if (state !== 0) return; load(); global[name] = v; });
  defineOwn(global, name, { __proto__: null, get: getters[n], set: setters[n], enumerable: names[n][1], configurable: true });
}
})
