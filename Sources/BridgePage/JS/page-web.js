(function (env) {
'use strict';
// Web APIs a page expects beside the document: URL and URLSearchParams (parsed by native code),
// storage, base64 and text encoding, structuredClone, MutationObserver, window.postMessage and
// MessageChannel, dialogs (answered by native code and traced), crypto, navigator and a few
// constructors (Image, Option, DOMParser, XMLSerializer).
const global = env.global, native = env.native, impl = env.impl, put = env.put, apply = env.apply;
const defineOwn = env.defineOwn, freeze = Object.freeze, objectKeys = Object.keys, getPrototypeOf = Object.getPrototypeOf;
const StringCtor = String, NumberCtor = Number, TypeErrorCtor = TypeError, RangeErrorCtor = RangeError;
const arrayPush = env.uncurry(Array.prototype.push), arraySplice = env.uncurry(Array.prototype.splice);
const arrayJoin = env.uncurry(Array.prototype.join), arraySort = env.uncurry(Array.prototype.sort);
const stringSplit = env.uncurry(String.prototype.split), stringIndexOf = env.uncurry(String.prototype.indexOf);
const stringSlice = env.uncurry(String.prototype.slice), charCodeAt = env.uncurry(String.prototype.charCodeAt);
const fromCharCode = String.fromCharCode, fromCodePoint = String.fromCodePoint;
const encode = encodeURIComponent, decode = decodeURIComponent;
const MapCtor = Map, SetCtor = Set, DateCtor = Date, RegExpCtor = RegExp, ArrayBufferCtor = ArrayBuffer, Uint8ArrayCtor = Uint8Array;
const mapGet = env.uncurry(Map.prototype.get), mapSet = env.uncurry(Map.prototype.set), mapHas = env.uncurry(Map.prototype.has);
const mapDelete = env.uncurry(Map.prototype.delete), mapForEach = env.uncurry(Map.prototype.forEach);
const mapClear = env.uncurry(Map.prototype.clear), mapSize = env.uncurry(Object.getOwnPropertyDescriptor(Map.prototype, 'size').get);
const setAdd = env.uncurry(Set.prototype.add), setForEach = env.uncurry(Set.prototype.forEach);
const ProxyCtor = Proxy, ReflectCtor = Reflect, isArray = Array.isArray, isView = ArrayBuffer.isView;
const DOMException = impl.DOMException;
const mathRandom = Math.random, mathFloor = Math.floor;

// ---- URLSearchParams ----
function formDecode(s) { try { return decode(s.replace(/\+/g, ' ')); } catch (e) { return s; } }
function formEncode(s) {
  return encode(s).replace(/%20/g, '+').replace(/[!'()~]/g, function (c) { return '%' + charCodeAt(c, 0).toString(16).toUpperCase(); });
}
function URLSearchParams(init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'URLSearchParams': Please use the 'new' operator.");
  defineOwn(this, '__list', { value: [], writable: true });
  defineOwn(this, '__url', { value: null, writable: true });
  if (init === undefined || init === null) return;
  if (typeof init === 'object' && typeof init[Symbol.iterator] === 'function') {
    for (const pair of init) {
      const p = Array.from(pair);
      if (p.length !== 2) throw new TypeErrorCtor("Failed to construct 'URLSearchParams': Sequence initializer must only contain pair elements");
      arrayPush(this.__list, [StringCtor(p[0]), StringCtor(p[1])]);
    }
  } else if (typeof init === 'object') {
    const keys = objectKeys(init);
    for (let i = 0; i < keys.length; i++) arrayPush(this.__list, [keys[i], StringCtor(init[keys[i]])]);
  } else {
    this.__parse(StringCtor(init));
  }
}
// The methods are gathered on a null-prototype object, then defined on the prototype: assigning
// them there would run an accessor a page put on Object.prototype (`get`, `set`).
const SP = { __proto__: null };
SP.__parse = function (s) {
  if (s.charAt(0) === '?') s = stringSlice(s, 1);
  this.__list = [];
  const pairs = stringSplit(s, '&');
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i] === '') continue;
    const eq = stringIndexOf(pairs[i], '=');
    arrayPush(this.__list, eq < 0 ? [formDecode(pairs[i]), ''] : [formDecode(stringSlice(pairs[i], 0, eq)), formDecode(stringSlice(pairs[i], eq + 1))]);
  }
};
SP.__update = function () { if (this.__url) this.__url.__setSearch(this.toString()); };
SP.append = function append(k, v) { arrayPush(this.__list, [StringCtor(k), StringCtor(v)]); this.__update(); };
SP.delete = function (k, v) {
  k = StringCtor(k);
  for (let i = this.__list.length - 1; i >= 0; i--) if (this.__list[i][0] === k && (v === undefined || this.__list[i][1] === StringCtor(v))) arraySplice(this.__list, i, 1);
  this.__update();
};
SP.get = function get(k) { k = StringCtor(k); for (let i = 0; i < this.__list.length; i++) if (this.__list[i][0] === k) return this.__list[i][1]; return null; };
SP.getAll = function getAll(k) { k = StringCtor(k); const out = []; for (let i = 0; i < this.__list.length; i++) if (this.__list[i][0] === k) arrayPush(out, this.__list[i][1]); return out; };
SP.has = function has(k, v) { k = StringCtor(k); for (let i = 0; i < this.__list.length; i++) if (this.__list[i][0] === k && (v === undefined || this.__list[i][1] === StringCtor(v))) return true; return false; };
SP.set = function set(k, v) {
  k = StringCtor(k); v = StringCtor(v);
  let found = false;
  for (let i = 0; i < this.__list.length; i++) {
    if (this.__list[i][0] !== k) continue;
    if (found) { arraySplice(this.__list, i, 1); i--; } else { this.__list[i][1] = v; found = true; }
  }
  if (!found) arrayPush(this.__list, [k, v]);
  this.__update();
};
SP.sort = function sort() { arraySort(this.__list, function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; }); this.__update(); };
SP.forEach = function forEach(fn, self) { for (let i = 0; i < this.__list.length; i++) apply(fn, self, [this.__list[i][1], this.__list[i][0], this]); };
SP.keys = function keys() { const out = []; for (let i = 0; i < this.__list.length; i++) arrayPush(out, this.__list[i][0]); return out[Symbol.iterator](); };
SP.values = function values() { const out = []; for (let i = 0; i < this.__list.length; i++) arrayPush(out, this.__list[i][1]); return out[Symbol.iterator](); };
SP.entries = function entries() { const out = []; for (let i = 0; i < this.__list.length; i++) arrayPush(out, [this.__list[i][0], this.__list[i][1]]); return out[Symbol.iterator](); };
SP.toString = function toString() {
  const out = [];
  for (let i = 0; i < this.__list.length; i++) arrayPush(out, formEncode(this.__list[i][0]) + '=' + formEncode(this.__list[i][1]));
  return arrayJoin(out, '&');
};
{
  const names = objectKeys(SP);
  for (let i = 0; i < names.length; i++) defineOwn(URLSearchParams.prototype, names[i], { value: SP[names[i]], writable: true, enumerable: true, configurable: true });
  defineOwn(URLSearchParams.prototype, Symbol.iterator, { value: SP.entries, writable: true, enumerable: false, configurable: true });
  // `[object URLSearchParams]`, as Web IDL has it (fetch and XHR send one as a form).
  defineOwn(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });
}
defineOwn(URLSearchParams.prototype, 'size', { get() { return this.__list.length; }, configurable: true });
put('URLSearchParams', URLSearchParams);

// ---- URL ----
function URL(url, base) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'URL': Please use the 'new' operator.");
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to construct 'URL': 1 argument required, but only 0 present.");
  const b = base === undefined ? null : (base instanceof URL ? base.href : StringCtor(base));
  if (b !== null && native.parseURL(b, null) === null) throw new TypeErrorCtor("Failed to construct 'URL': Invalid base URL");
  const parts = native.parseURL(StringCtor(url), b);
  if (parts === null || (b === null && !native.isAbsoluteURL(StringCtor(url)))) throw new TypeErrorCtor("Failed to construct 'URL': Invalid URL");
  defineOwn(this, '__parts', { value: parts, writable: true });
  const params = new URLSearchParams(parts.search);
  params.__url = this;
  defineOwn(this, '__params', { value: params });
}
const UP = URL.prototype;
UP.__setSearch = function (s) {
  const p = native.withURLPart(this.__parts.href, 'search', s);
  if (p) this.__parts = native.parseURL(p, null);
};
const urlParts = ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'username', 'password'];
for (let i = 0; i < urlParts.length; i++) {
  const k = urlParts[i];
  defineOwn(UP, k, {
    get() { const v = this.__parts[k]; return v === undefined ? '' : v; },
    set(v) {
      const h = native.withURLPart(this.__parts.href, k, StringCtor(v));
      const p = h === null ? null : native.parseURL(h, null);
      if (p) { this.__parts = p; if (k === 'search') this.__params.__parse(p.search); }
    },
    enumerable: true, configurable: true
  });
}
defineOwn(UP, 'href', {
  get() { return this.__parts.href; },
  set(v) { const p = native.parseURL(StringCtor(v), null); if (!p) throw new TypeErrorCtor("Failed to set the 'href' property on 'URL': Invalid URL"); this.__parts = p; this.__params.__parse(p.search); },
  enumerable: true, configurable: true
});
defineOwn(UP, 'origin', { get() { return this.__parts.origin; }, enumerable: true, configurable: true });
defineOwn(UP, 'searchParams', { get() { return this.__params; }, enumerable: true, configurable: true });
UP.toString = function toString() { return this.__parts.href; };
UP.toJSON = function toJSON() { return this.__parts.href; };
defineOwn(UP, Symbol.toStringTag, { value: 'URL', configurable: true });
URL.canParse = function canParse(url, base) { try { new URL(url, base); return true; } catch (e) { return false; } };
// blob: URLs live in the network layer, which fetch and XMLHttpRequest answer them from (its
// first use loads it). An engine without a network layer has no blob: URLs.
const blobURL = native.sharedFunction('blobURL');
if (typeof blobURL === 'function') {
  URL.createObjectURL = function createObjectURL(blob) { return blobURL(0, blob); };
  URL.revokeObjectURL = function revokeObjectURL(url) { blobURL(1, url); };
}
put('URL', URL);
put('webkitURL', URL);

// ---- storage: per engine, with named properties (`localStorage.token`) ----
// A quota of 5 Mi UTF-16 units of keys and values per storage, as browsers have: past it
// `setItem` throws a QuotaExceededError and the storage keeps what it had.
const storageQuota = 5 * 1024 * 1024;
const storageUsed = new MapCtor();  // the data map -> UTF-16 units used
// The storage (the proxy a page holds) → its data map. Not a property of the proxy's target: a
// non-configurable own property the `ownKeys` trap leaves out breaks the proxy's invariants, and
// `Object.keys(localStorage)` threw a TypeError.
const storageData = new MapCtor();
function dataOf(storage) {
  const data = mapGet(storageData, storage);
  if (data === undefined) throw new TypeErrorCtor('Illegal invocation');
  return data;
}
function storagePut(data, k, v) {
  const old = mapHas(data, k) ? k.length + mapGet(data, k).length : 0;
  const used = mapGet(storageUsed, data) || 0;
  const next = used - old + k.length + v.length;
  if (next > storageQuota) throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of '" + stringSlice(k, 0, 100) + "' exceeded the quota (" + storageQuota + ' UTF-16 units of keys and values).', 'QuotaExceededError');
  mapSet(data, k, v);
  mapSet(storageUsed, data, next);
}
function storageDelete(data, k) {
  if (!mapHas(data, k)) return;
  mapSet(storageUsed, data, (mapGet(storageUsed, data) || 0) - k.length - mapGet(data, k).length);
  mapDelete(data, k);
}
function makeStorage() {
  const data = new MapCtor();
  const storage = env.objectCreate(Storage.prototype);
  const proxy = new ProxyCtor(storage, {
    get(t, k, r) { if (typeof k !== 'string' || k in t) return ReflectCtor.get(t, k, r); return mapHas(data, k) ? mapGet(data, k) : undefined; },
    set(t, k, v, r) { if (typeof k !== 'string' || k in t) return ReflectCtor.set(t, k, v, r); storagePut(data, k, StringCtor(v)); return true; },
    has(t, k) { return (typeof k === 'string' && mapHas(data, k)) || k in t; },
    deleteProperty(t, k) { if (typeof k === 'string') storageDelete(data, k); return true; },
    ownKeys() { const out = []; mapForEach(data, function (v, k) { arrayPush(out, k); }); return out; },
    getOwnPropertyDescriptor(t, k) { return typeof k === 'string' && mapHas(data, k) ? { value: mapGet(data, k), writable: true, enumerable: true, configurable: true } : undefined; }
  });
  mapSet(storageData, proxy, data);
  return proxy;
}
function Storage() { throw new TypeErrorCtor('Illegal constructor'); }
Storage.prototype.getItem = function getItem(k) { const data = dataOf(this); k = StringCtor(k); return mapHas(data, k) ? mapGet(data, k) : null; };
Storage.prototype.setItem = function setItem(k, v) { storagePut(dataOf(this), StringCtor(k), StringCtor(v)); };
Storage.prototype.removeItem = function removeItem(k) { storageDelete(dataOf(this), StringCtor(k)); };
Storage.prototype.clear = function clear() { const data = dataOf(this); mapClear(data); mapSet(storageUsed, data, 0); };
Storage.prototype.key = function key(i) { const keys = []; mapForEach(dataOf(this), function (v, k) { arrayPush(keys, k); }); return i >= 0 && i < keys.length ? keys[i] : null; };
defineOwn(Storage.prototype, 'length', { get() { return mapSize(dataOf(this)); }, configurable: true });
put('Storage', Storage);
put('localStorage', makeStorage());
put('sessionStorage', makeStorage());

// ---- base64 ----
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
put('btoa', function btoa(s) {
  s = StringCtor(s);
  let out = '';
  for (let i = 0; i < s.length; i++) if (charCodeAt(s, i) > 255) throw new DOMException("Failed to execute 'btoa' on 'Window': The string to be encoded contains characters outside of the Latin1 range.", 'InvalidCharacterError');
  for (let i = 0; i < s.length; i += 3) {
    const a = charCodeAt(s, i), b = charCodeAt(s, i + 1), c = charCodeAt(s, i + 2);
    out += B64[a >> 2] + B64[((a & 3) << 4) | (b !== b ? 0 : b >> 4)] + (b !== b ? '=' : B64[((b & 15) << 2) | (c !== c ? 0 : c >> 6)]) + (c !== c ? '=' : B64[c & 63]);
  }
  return out;
});
put('atob', function atob(s) {
  s = StringCtor(s).replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 0) s = s.replace(/==?$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new DOMException("Failed to execute 'atob' on 'Window': The string to be decoded is not correctly encoded.", 'InvalidCharacterError');
  let out = '', buf = 0, bits = 0;
  for (let i = 0; i < s.length; i++) {
    buf = (buf << 6) | stringIndexOf(B64, s[i]); bits += 6;
    if (bits >= 8) { bits -= 8; out += fromCharCode((buf >> bits) & 255); }
  }
  return out;
});

// ---- text encoding (UTF-8) ----
function TextEncoder() {}
defineOwn(TextEncoder.prototype, 'encoding', { get() { return 'utf-8'; }, configurable: true });
function utf8(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    let c = charCodeAt(s, i);
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) {
      const d = charCodeAt(s, i + 1);
      if (d >= 0xDC00 && d <= 0xDFFF) { c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00); i++; } else c = 0xFFFD;
    } else if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
    if (c < 0x80) arrayPush(out, c);
    else if (c < 0x800) arrayPush(out, 0xC0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) arrayPush(out, 0xE0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else arrayPush(out, 0xF0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}
TextEncoder.prototype.encode = function encode(s) { return new Uint8ArrayCtor(utf8(s === undefined ? '' : StringCtor(s))); };
TextEncoder.prototype.encodeInto = function encodeInto(s, dest) {
  const bytes = utf8(StringCtor(s));
  const n = bytes.length < dest.length ? bytes.length : dest.length;
  for (let i = 0; i < n; i++) dest[i] = bytes[i];
  return { read: StringCtor(s).length, written: n };
};
function TextDecoder(label, options) {
  const l = label === undefined ? 'utf-8' : StringCtor(label).trim().toLowerCase();
  if (l !== 'utf-8' && l !== 'utf8' && l !== 'unicode-1-1-utf-8') throw new RangeErrorCtor("Failed to construct 'TextDecoder': The encoding label provided ('" + label + "') is invalid.");
  this.fatal = !!(options && options.fatal); this.ignoreBOM = !!(options && options.ignoreBOM);
}
defineOwn(TextDecoder.prototype, 'encoding', { get() { return 'utf-8'; }, configurable: true });
TextDecoder.prototype.decode = function decode(input) {
  if (input === undefined) return '';
  const b = input instanceof ArrayBufferCtor ? new Uint8ArrayCtor(input) : new Uint8ArrayCtor(input.buffer, input.byteOffset, input.byteLength);
  let out = '', i = 0;
  if (!this.ignoreBOM && b.length >= 3 && b[0] === 0xEF && b[1] === 0xBB && b[2] === 0xBF) i = 3;
  const fatal = this.fatal;
  function bad() { if (fatal) throw new TypeErrorCtor("Failed to execute 'decode' on 'TextDecoder': The encoded data was not valid."); out += '\uFFFD'; }
  while (i < b.length) {
    const c = b[i];
    let cp, n;
    if (c < 0x80) { cp = c; n = 1; } else if (c >> 5 === 6) { cp = c & 31; n = 2; } else if (c >> 4 === 14) { cp = c & 15; n = 3; } else if (c >> 3 === 30) { cp = c & 7; n = 4; } else { bad(); i++; continue; }
    if (i + n > b.length) { bad(); break; }
    let ok = true;
    for (let k = 1; k < n; k++) { if (b[i + k] >> 6 !== 2) { ok = false; break; } cp = (cp << 6) | (b[i + k] & 63); }
    if (!ok || (n === 3 && cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) { bad(); i++; continue; }
    out += fromCodePoint(cp); i += n;
  }
  return out;
};
put('TextEncoder', TextEncoder); put('TextDecoder', TextDecoder);

// ---- structuredClone ----
function clone(v, seen) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
    if (typeof v === 'symbol') throw new DOMException('Symbol() could not be cloned.', 'DataCloneError');
    return v;
  }
  if (typeof v === 'function') throw new DOMException((v.name || 'function') + ' could not be cloned.', 'DataCloneError');
  if (mapHas(seen, v)) return mapGet(seen, v);
  let out;
  if (v instanceof DateCtor) out = new DateCtor(v.getTime());
  else if (v instanceof RegExpCtor) out = new RegExpCtor(v.source, v.flags);
  else if (v instanceof ArrayBufferCtor) out = v.slice(0);
  else if (isView(v)) out = new (getPrototypeOf(v).constructor)(clone(v.buffer, seen), v.byteOffset, v instanceof DataView ? v.byteLength : v.length);
  else if (v instanceof MapCtor) { out = new MapCtor(); mapSet(seen, v, out); mapForEach(v, function (x, k) { mapSet(out, clone(k, seen), clone(x, seen)); }); return out; }
  else if (v instanceof SetCtor) { out = new SetCtor(); mapSet(seen, v, out); setForEach(v, function (x) { setAdd(out, clone(x, seen)); }); return out; }
  else if (v instanceof Error) { out = new (global[v.name] || Error)(v.message); mapSet(seen, v, out); return out; }
  else if (v instanceof impl.Node) throw new DOMException('Failed to execute \'structuredClone\' on \'Window\': ' + v.nodeName + ' object could not be cloned.', 'DataCloneError');
  else if (isArray(v)) { out = []; mapSet(seen, v, out); for (let i = 0; i < v.length; i++) out[i] = clone(v[i], seen); return out; }
  else { out = {}; mapSet(seen, v, out); const keys = objectKeys(v); for (let i = 0; i < keys.length; i++) out[keys[i]] = clone(v[keys[i]], seen); return out; }
  mapSet(seen, v, out);
  return out;
}
put('structuredClone', function structuredClone(value) { return clone(value, new MapCtor()); });
env.clone = function (v) { return clone(v, new MapCtor()); };

// ---- crypto (not cryptographically strong: a headless test runtime) ----
put('crypto', freeze({
  getRandomValues(a) {
    if (!isView(a)) throw new TypeErrorCtor("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.");
    const bytes = new Uint8ArrayCtor(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = mathFloor(mathRandom() * 256);
    return a;
  },
  randomUUID() {
    const h = '0123456789abcdef';
    let s = '';
    for (let i = 0; i < 36; i++) s += i === 8 || i === 13 || i === 18 || i === 23 ? '-' : i === 14 ? '4' : i === 19 ? h[8 + mathFloor(mathRandom() * 4)] : h[mathFloor(mathRandom() * 16)];
    return s;
  },
  subtle: undefined
}));

// ---- dialogs: native code answers (configurable; traced) ----
put('alert', function alert(message) { native.dialog('alert', message === undefined ? '' : StringCtor(message), null); });
put('confirm', function confirm(message) { return native.dialog('confirm', message === undefined ? '' : StringCtor(message), null) === true; });
put('prompt', function prompt(message, value) {
  const answer = native.dialog('prompt', message === undefined ? '' : StringCtor(message), value === undefined ? null : StringCtor(value));
  return answer === null || answer === undefined ? null : StringCtor(answer);
});

// ---- navigator: read-only members, but extensible as a browser's (cordova.js adds
// `navigator.splashscreen`) ----
const navigatorObject = {
  userAgent: env.info.userAgent, appVersion: stringSlice(env.info.userAgent, 8), appName: 'Netscape', appCodeName: 'Mozilla', product: 'Gecko',
  productSub: '20030107', vendor: 'BridgeRuntime', vendorSub: '', platform: 'Linux aarch64', language: 'zh-CN', languages: freeze(['zh-CN', 'en']),
  onLine: true, cookieEnabled: true, doNotTrack: null, maxTouchPoints: 5, hardwareConcurrency: 4, deviceMemory: 4, webdriver: false, pdfViewerEnabled: false,
  javaEnabled() { return false; }, vibrate() { return true; }, sendBeacon() { return true; },
  clipboard: freeze({ writeText() { return global.Promise.resolve(); }, readText() { return global.Promise.resolve(''); } }),
  geolocation: freeze({ getCurrentPosition(ok, err) { if (typeof err === 'function') env.setTimeout(function () { err({ code: 1, message: 'User denied Geolocation' }); }, 0); }, watchPosition() { return 0; }, clearWatch() {} })
};
// Each member a getter, as a browser's are (on Navigator.prototype there): a test's
// `vi.spyOn(navigator, 'userAgent', 'get')` finds one; an assignment is ignored.
const navigatorKeys = Object.keys(navigatorObject);
for (let i = 0; i < navigatorKeys.length; i++) {
  const value = navigatorObject[navigatorKeys[i]];
  defineOwn(navigatorObject, navigatorKeys[i], { get: function () { return value; }, enumerable: true, configurable: true });
}
put('navigator', navigatorObject);

// ---- constructors ----
put('Image', function Image(width, height) {
  const img = env.document.createElement('img');
  if (width !== undefined) img.setAttribute('width', StringCtor(width));
  if (height !== undefined) img.setAttribute('height', StringCtor(height));
  return img;
});
put('Option', function Option(text, value, defaultSelected, selected) {
  const o = env.document.createElement('option');
  if (text !== undefined) o.textContent = StringCtor(text);
  if (value !== undefined) o.setAttribute('value', StringCtor(value));
  if (defaultSelected) o.setAttribute('selected', '');
  return o;
});
put('Audio', function Audio(src) { const a = env.document.createElement('audio'); if (src !== undefined) a.setAttribute('src', StringCtor(src)); return a; });
function DOMParser() {}
DOMParser.prototype.parseFromString = function parseFromString(text, type) {
  const t = StringCtor(type);
  if (t !== 'text/html') throw new DOMException("DOMParser: only 'text/html' is supported here, got '" + t + "'", 'NotSupportedError');
  return env.domino.createDocument(StringCtor(text), true);
};
put('DOMParser', DOMParser);
function XMLSerializer() {}
XMLSerializer.prototype.serializeToString = function serializeToString(node) { return node.nodeType === 9 ? node.documentElement.outerHTML : node.nodeType === 1 ? node.outerHTML : node.textContent; };
put('XMLSerializer', XMLSerializer);
put('getSelection', function getSelection() { return { rangeCount: 0, isCollapsed: true, type: 'None', removeAllRanges() {}, addRange() {}, collapse() {}, toString() { return ''; } }; });
const registry = new MapCtor();
put('customElements', freeze({
  define(name, ctor) { if (mapHas(registry, name)) throw new DOMException("Failed to execute 'define' on 'CustomElementRegistry': the name \"" + name + '" has already been used with this registry', 'NotSupportedError'); mapSet(registry, StringCtor(name), ctor); },
  get(name) { return mapGet(registry, StringCtor(name)); },
  whenDefined(name) { return global.Promise.resolve(mapGet(registry, StringCtor(name))); },
  upgrade() {}
}));
put('CSS', freeze({ supports() { return false; }, escape(s) { return StringCtor(s).replace(/([^\w-])/g, '\\$1'); } }));
put('requestAnimationFrame', function requestAnimationFrame(fn) { return env.setTimeout(function () { fn(global.performance.now()); }, 16); });
put('cancelAnimationFrame', function cancelAnimationFrame(id) { env.clearTimeout(id); });
put('requestIdleCallback', function requestIdleCallback(fn) { return env.setTimeout(function () { fn({ didTimeout: false, timeRemaining() { return 50; } }); }, 1); });
put('cancelIdleCallback', function cancelIdleCallback(id) { env.clearTimeout(id); });
})
