// The built-in functions the prelude's value check and private collections use, for the
// prelude's `native.intrinsics()`. Evaluated before any page code: in a shared VM once, in the
// VM's helper global (no page code ever runs there), and used by every engine of the VM; in an
// engine alone in its VM, in its own global. A built-in function of another global works on a
// page's objects by their internal slots (a Map method on the prelude's maps, a getter that
// reads a typed array's length, a valueOf that tells a Number wrapper), so sharing them spares
// each engine JavaScriptCore's building of these classes in its global (~30 KiB an engine).
// Only functions that return primitives or work on the prelude's own objects are here: nothing
// of the helper global reaches page code.
(function () {
  'use strict';
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const getter = (o, name) => uncurry(Object.getOwnPropertyDescriptor(o, name).get);
  const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
  return Object.freeze({
    MapCtor: Map,
    mapGet: uncurry(Map.prototype.get),
    mapSet: uncurry(Map.prototype.set),
    mapHas: uncurry(Map.prototype.has),
    mapDelete: uncurry(Map.prototype.delete),
    setHas: uncurry(Set.prototype.has),
    weakMapHas: uncurry(WeakMap.prototype.has),
    WeakSetCtor: WeakSet,
    weakSetHas: uncurry(WeakSet.prototype.has),
    weakSetAdd: uncurry(WeakSet.prototype.add),
    isView: ArrayBuffer.isView,
    arrayBufferByteLength: getter(ArrayBuffer.prototype, 'byteLength'),
    typedArrayLength: getter(typedArrayPrototype, 'length'),
    typedArrayToStringTag: getter(typedArrayPrototype, Symbol.toStringTag),
    Uint8ArrayCtor: Uint8Array,
    numberValueOf: uncurry(Number.prototype.valueOf),
    stringValueOf: uncurry(String.prototype.valueOf),
    bigIntValueOf: uncurry(BigInt.prototype.valueOf),
    symbolValueOf: uncurry(Symbol.prototype.valueOf)
  });
})()
