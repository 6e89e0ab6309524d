// The built-in functions the prelude's value check and private collections use, for the
// prelude's `native.intrinsics()`. Evaluated before any page code: in a shared VM once, in the
// VM's helper global (no page code ever runs there), and used by every engine of the VM; in an
// engine alone in its VM, in its own global. A built-in function of another global works on a
// page's objects by their internal slots (a Map method on the prelude's maps, a getter that
// reads a typed array's length, a valueOf that tells a Number wrapper), so sharing them spares
// each engine JavaScriptCore's building of these classes in its global (~30 KiB an engine).
// Only brand checks and getters that return primitives are here, and the prelude calls them only
// inside its value check, whose failures become message strings: no object of the helper global
// may reach page code (an error of the helper's realm thrown at a page would hand it the
// helper's Function constructor, and through it every engine of the VM). The prelude's private
// maps and signals are therefore its own global's.
(function () {
  'use strict';
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const getter = (o, name) => uncurry(Object.getOwnPropertyDescriptor(o, name).get);
  const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
  return Object.freeze({
    // Compared by identity only (never called, nor used with `instanceof`, which would run this
    // global's code): the prototypes of what a brand check of this global throws on a mismatch,
    // and on a stack overflow.
    TypeErrorPrototype: TypeError.prototype,
    RangeErrorPrototype: RangeError.prototype,
    mapHas: uncurry(Map.prototype.has),
    setHas: uncurry(Set.prototype.has),
    weakMapHas: uncurry(WeakMap.prototype.has),
    weakSetHas: uncurry(WeakSet.prototype.has),
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
