// The network globals on first use: each of `names` is an accessor until a script first reads
// or writes one of them; that touch has native code compile the page script (`native.factory`)
// and runs it with the built-ins net-intrinsics.js captured at start-up, then does the read
// or write. A script that never uses the network never pays for it. A global the page replaced,
// redefined or deleted before that stays as the page left it (`kept`).
// The script has two stages (BridgeEngine+Network.swift): the factory runs the first and returns
// the second, run at the first use of one of `laterNames` (after the first, if that has not run).
// (Runs inside the start-up function, after net-intrinsics.js, with `intrinsics` in scope.)
const stubGetters = [], stubSetters = [];
const loadStates = [0, 0];  // per stage: 0 waiting, 1 loading, 2 loaded
let loadLater = null;
let ours = null;  // the stand-ins still in place when a stage loads: the globals it may define
const shared = { __proto__: null };  // what the first stage hands other layers (net-body.js)
function kept(name) { return !mapHas(ours, name); }
function standIns() {
  const m = new MapCtor();
  for (let n = 0; n < names.length; n++) {
    const d = getOwnDescriptor(global, names[n]);
    if (d !== undefined && hasOwn(d, 'get') && d.get === stubGetters[n] && d.set === stubSetters[n]) mapSet(m, names[n], true);
  }
  return m;
}
function loadNetwork(stage) {
  if (loadStates[0] === 0) {
    loadStates[0] = 1;
    ours = standIns();
    native.loadStep(true);
    try {
      const factory = native.factory();
      loadLater = factory(native, global, intrinsics, kept, shared);
    } catch (e) {
      loadStates[0] = 0;
      throw e;
    } finally {
      native.loadStep(false);
    }
    loadStates[0] = 2;
  }
  if (stage === 1 && loadStates[1] === 0 && loadStates[0] === 2) {
    loadStates[1] = 1;
    ours = standIns();
    native.loadStep(true);
    try { loadLater(); } catch (e) { loadStates[1] = 0; throw e; } finally { native.loadStep(false); }
    loadStates[1] = 2;
  }
}
// The blob: URL registry, for the page layer's URL.createObjectURL and revokeObjectURL
// (page-web.js) and script elements with a blob: src (BridgeEngine+PageNatives.swift):
// `blobURL(0, blob)` makes a URL, `blobURL(1, url)` revokes one, `blobURL(2, url)` is its text
// or null, loading the first stage when it has not run.
native.share('blobURL', function blobURL(op, arg) {
  if (loadStates[0] !== 2) loadNetwork(0);
  return op === 0 ? shared.createObjectURL(arg) : op === 1 ? shared.revokeObjectURL(arg) : shared.blobText(arg);
});
// (The loop runs before any page code, and calls no uncurried built-in: each such call runs
// JavaScriptCore's `Function.prototype.call`, and ~35 of them at start-up had the baseline JIT
// compile it in every run — its compiler's code, ~0.7 MiB resident, even for an empty script.)
const later = { __proto__: null };
for (let n = 0; n < laterNames.length; n++) later[laterNames[n]] = true;
for (let n = 0; n < names.length; n++) {
  const name = names[n];
  // A global another layer already defined (a DOMException) is left alone.
  if (hasOwn(global, name)) { stubGetters[n] = null; stubSetters[n] = null; continue; }
  // While its stage loads, a stand-in reads as undefined and ignores writes.
  const stage = later[name] === true ? 1 : 0;
  stubGetters[n] = function () { if (loadStates[stage] !== 0 || loadStates[0] === 1) return undefined; loadNetwork(stage); return global[name]; };
  stubSetters[n] = function (v) { if (loadStates[stage] !== 0 || loadStates[0] === 1) return; loadNetwork(stage); global[name] = v; };
  defineProperty(global, name, { __proto__: null, get: stubGetters[n], set: stubSetters[n], enumerable: false, configurable: true });
}
