// The network layer's built-ins, captured when the engine starts, before any page code runs
// (each `const` here is handed to the page script, which loads on first use: NetworkScript in
// BridgeEngine+Network.swift). The machinery calls only these, so a page that replaces
// JSON.parse, Array.prototype.push, Promise.prototype.then, Map.prototype.get, … before or after
// its first request breaks only its own code. One `const NAME = …;` per line.

const FunctionCall = Function.prototype.call;
const uncurry = Function.prototype.bind.bind(FunctionCall);  // uncurry(f)(self, ...args)
const applyFn = uncurry(Function.prototype.apply);
const callFn = uncurry(FunctionCall);  // callFn(f, self, ...args)
// Definitions read only a descriptor's own fields when a page gave Object.prototype a `get`,
// `value`, … (every descriptor literal would inherit it; JS/page-window.js in BridgePage).
const polluted = (function (proto) { return function polluted() { return 'value' in proto || 'get' in proto || 'set' in proto || 'writable' in proto || 'enumerable' in proto || 'configurable' in proto; }; })(Object.prototype);
const ownDescriptor = (function (has, fields) { return function ownDescriptor(d) { if (d === null || typeof d !== 'object') return d; const own = { __proto__: null }; for (let i = 0; i < 6; i++) if (has(d, fields[i])) own[fields[i]] = d[fields[i]]; return own; }; })(Object.hasOwn, ['value', 'writable', 'get', 'set', 'enumerable', 'configurable']);
const ownDescriptors = (function (keys) { return function ownDescriptors(props) { if (props === null || typeof props !== 'object') return props; const out = { __proto__: null }, names = keys(props); for (let i = 0; i < names.length; i++) out[names[i]] = ownDescriptor(props[names[i]]); return out; }; })(Object.keys);
const defineProperty = (function (define) { return function defineProperty(o, k, d) { return define(o, k, polluted() ? ownDescriptor(d) : d); }; })(Object.defineProperty);
const defineProperties = (function (define) { return function defineProperties(o, props) { return define(o, polluted() ? ownDescriptors(props) : props); }; })(Object.defineProperties);
const ObjectCreate = (function (create) { return function ObjectCreate(p, props) { return props === undefined ? create(p) : create(p, polluted() ? ownDescriptors(props) : props); }; })(Object.create);
const getOwnDescriptor = Object.getOwnPropertyDescriptor;
const getPrototypeOf = Object.getPrototypeOf;
const setPrototypeOf = Object.setPrototypeOf;
const objectKeys = Object.keys;
const freeze = Object.freeze;
const ReflectConstruct = Reflect.construct;
// Object.hasOwn is a plain function: a call to it runs no `Function.prototype.call`, as the
// uncurried hasOwnProperty does.
const hasOwn = typeof Object.hasOwn === 'function' ? Object.hasOwn : uncurry(Object.prototype.hasOwnProperty);
const objectToString = uncurry(Object.prototype.toString);
const isArray = Array.isArray;
const arrayPush = uncurry(Array.prototype.push);
const arraySlice = uncurry(Array.prototype.slice);
const arraySplice = uncurry(Array.prototype.splice);
const arrayIndexOf = uncurry(Array.prototype.indexOf);
const arrayJoin = uncurry(Array.prototype.join);
const arraySort = uncurry(Array.prototype.sort);
const arrayShift = uncurry(Array.prototype.shift);
const MapCtor = Map;
const mapGet = uncurry(Map.prototype.get);
const mapSet = uncurry(Map.prototype.set);
const mapHas = uncurry(Map.prototype.has);
const mapDelete = uncurry(Map.prototype.delete);
const WeakMapCtor = WeakMap;
const weakGet = uncurry(WeakMap.prototype.get);
const weakSet = uncurry(WeakMap.prototype.set);
const weakHas = uncurry(WeakMap.prototype.has);
const StringCtor = String;
const NumberCtor = Number;
const MathFloor = Math.floor;
const MathMin = Math.min;
const MathMax = Math.max;
const MathRandom = Math.random;
const isFiniteFn = isFinite;
const fromCharCode = String.fromCharCode;
const fromCodePoint = String.fromCodePoint;
const charCodeAt = uncurry(String.prototype.charCodeAt);
const stringIndexOf = uncurry(String.prototype.indexOf);
const stringSlice = uncurry(String.prototype.slice);
const stringToLowerCase = uncurry(String.prototype.toLowerCase);
const stringToUpperCase = uncurry(String.prototype.toUpperCase);
const stringTrim = uncurry(String.prototype.trim);
const stringSplit = uncurry(String.prototype.split);
const jsonParse = JSON.parse;
const jsonStringify = JSON.stringify;
const PromiseCtor = Promise;
const promiseThen = uncurry(Promise.prototype.then);
const promiseResolve = Promise.resolve.bind(Promise);
const promiseReject = Promise.reject.bind(Promise);
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const RangeErrorCtor = RangeError;
const SyntaxErrorCtor = SyntaxError;
const errorToString = uncurry(Error.prototype.toString);
const ArrayBufferCtor = ArrayBuffer;
const Uint8ArrayCtor = Uint8Array;
const isView = ArrayBuffer.isView;
const arrayBufferByteLength = uncurry(getOwnDescriptor(ArrayBuffer.prototype, 'byteLength').get);
const TypedArrayPrototype = getPrototypeOf(Uint8Array.prototype);
const viewBuffer = uncurry(getOwnDescriptor(TypedArrayPrototype, 'buffer').get);
const viewByteOffset = uncurry(getOwnDescriptor(TypedArrayPrototype, 'byteOffset').get);
const viewByteLength = uncurry(getOwnDescriptor(TypedArrayPrototype, 'byteLength').get);
const typedArraySet = uncurry(TypedArrayPrototype.set);
const dataViewBuffer = uncurry(getOwnDescriptor(DataView.prototype, 'buffer').get);
const dataViewByteOffset = uncurry(getOwnDescriptor(DataView.prototype, 'byteOffset').get);
const dataViewByteLength = uncurry(getOwnDescriptor(DataView.prototype, 'byteLength').get);
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;
const DateNow = Date.now;
// The prelude's timers and error reporting, as they were before page code ran.
const setTimeoutFn = global.setTimeout;
const clearTimeoutFn = global.clearTimeout;
const reportErrorFn = global.reportError;
const queueMicrotaskFn = global.queueMicrotask;
const IteratorPrototype = getPrototypeOf(getPrototypeOf([][SymbolIterator]()));
const decodeURIComponentFn = decodeURIComponent;
