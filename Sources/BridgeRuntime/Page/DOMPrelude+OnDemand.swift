/// DOM-lite on first use (``BridgeEngine/installPageSupportOnDemand()``): the stand-in accessors
/// and what they need to load the prelude when a page first touches one of its globals.
extension DOMPrelude {
    /// The globals the prelude defines, with whether each is enumerable (as the prelude leaves
    /// it). ``onDemandSource`` puts an accessor in the place of each; a test checks this list
    /// against what the prelude really defines.
    static let globals: [(name: String, enumerable: Bool)] = [
        ("Event", true), ("CustomEvent", true), ("Node", true), ("Element", true), ("HTMLElement", true),
        ("Text", true), ("HTMLIFrameElement", true), ("document", true), ("addEventListener", false),
        ("removeEventListener", false), ("dispatchEvent", false), ("location", false), ("open", true),
        ("close", true), ("history", true), ("navigator", true), ("screen", true), ("innerWidth", true),
        ("innerHeight", true), ("devicePixelRatio", true), ("requestAnimationFrame", true),
        ("cancelAnimationFrame", true), ("getComputedStyle", true), ("matchMedia", true),
        ("localStorage", true), ("sessionStorage", true), ("btoa", true), ("atob", true),
        ("TextEncoder", true), ("TextDecoder", true),
    ]

    /// Installs DOM-lite on first use (``BridgeEngine/installPageSupportOnDemand()``): an
    /// accessor per global. The first get or set of any of them fetches the prelude's text,
    /// evaluates and runs it (in the same VM entry, so the time limit applies as to any
    /// code) and then does the get or set. Globals the script replaced, redefined or deleted
    /// before that are left as the script left them (the prelude skips them), so the result is
    /// what the script would see had DOM-lite been there first.
    static let onDemandSource: String = {
        var list = ""
        for (name, enumerable) in globals {
            list += (list.isEmpty ? "" : ",") + "['" + name + "'," + (enumerable ? "true" : "false") + "]"
        }
        var intrinsicList = ""
        for name in intrinsics { intrinsicList += (intrinsicList.isEmpty ? "'" : ",'") + name + "'" }
        return onDemandHead + list + "], [" + intrinsicList + "]);\ndelete this.__pageNative;\n"
    }()

    static let onDemandHead = #"""
(function (native, global, names, intrinsicNames) {
'use strict';
// Installing touches nothing JSC creates lazily (Set, Reflect, typed arrays, ...): a page that
// never uses the DOM does not pay for those either. What the loader needs later is read then
// from the global object's properties, which a page's own `class Set {}` or `let Map` (lexical
// declarations) does not change.
const evaluate = global.eval, getOwn = Object.getOwnPropertyDescriptor, defineOwn = Object.defineProperty;
const applyFunction = Function.prototype.apply;
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
    const ownGet = !!d && d.get === getters[n], ownSet = !!d && d.set === setters[n];
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
    for (let n = 0; n < intrinsicNames.length; n++) intrinsics.push(global[intrinsicNames[n]]);
    const prelude = applyFunction.call(evaluate(native.preludeSource()), undefined, intrinsics);
    prelude(native, global, keep, defined);
  } catch (e) {
    state = 0;  // a later touch tries again
    throw e;
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
})(__pageNative, this, [
"""#

    /// Language built-ins the prelude uses while it sets up, bound to the global object's own
    /// properties at load time — what a page's lexical declarations (`class Set {}`) leave
    /// alone — so the prelude sees the same built-ins as the eager install.
    static let intrinsics = [
        "Object", "Array", "Map", "Set", "WeakMap", "String", "Number", "Boolean", "Symbol", "JSON", "Math", "Error", "TypeError",
        "RangeError", "Reflect", "ArrayBuffer", "Uint8Array", "isNaN", "parseInt", "encodeURIComponent", "decodeURIComponent",
    ]

    /// The text `native.preludeSource()` hands the stand-ins: a factory taking ``intrinsics``
    /// and returning the prelude's function.
    static let onDemandFactory = "(function (" + intrinsics.joined(separator: ", ") + ") {\nreturn " + function + ";\n})\n//# sourceURL=" + sourceURL + "\n"
}
