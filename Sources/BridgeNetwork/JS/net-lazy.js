// The network globals on first use: each of `names` is an accessor until a script first reads
// or writes one of them; that touch has native code compile the page script (`native.factory`)
// and runs it with the built-ins net-intrinsics.js captured at start-up, then does the read
// or write. A script that never uses the network never pays for it. A global the page replaced,
// redefined or deleted before that stays as the page left it (`kept`).
// (Runs inside the start-up function, after net-intrinsics.js, with `intrinsics` in scope.)
const stubGetters = [], stubSetters = [];
let loadState = 0;  // 0 waiting, 1 loading, 2 loaded
function loadNetwork() {
  if (loadState !== 0) return;
  loadState = 1;
  const ours = new MapCtor();
  for (let n = 0; n < names.length; n++) {
    const d = getOwnDescriptor(global, names[n]);
    if (d !== undefined && hasOwn(d, 'get') && d.get === stubGetters[n] && d.set === stubSetters[n]) mapSet(ours, names[n], true);
  }
  try {
    const factory = native.factory();
    factory(native, global, intrinsics, function kept(name) { return !mapHas(ours, name); });
  } catch (e) {
    loadState = 0;
    throw e;
  }
  loadState = 2;
}
for (let n = 0; n < names.length; n++) {
  const name = names[n];
  // A global another layer already defined (a DOMException) is left alone.
  if (hasOwn(global, name)) { arrayPush(stubGetters, null); arrayPush(stubSetters, null); continue; }
  // While loading, a stand-in reads as undefined and ignores writes.
  arrayPush(stubGetters, function () { if (loadState !== 0) return undefined; loadNetwork(); return global[name]; });
  arrayPush(stubSetters, function (v) { if (loadState !== 0) return; loadNetwork(); global[name] = v; });
  defineProperty(global, name, { __proto__: null, get: stubGetters[n], set: stubSetters[n], enumerable: false, configurable: true });
}
