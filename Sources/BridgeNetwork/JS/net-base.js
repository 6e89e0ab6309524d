// The network layer's page script, part 1 of 6: the small shared machinery (UTF-8, brand
// checks, DOMException, events). The six parts run as one function of
// (native, global, intrinsics, kept, shared), loaded on the first use of one of the network globals
// (net-lazy.js); the built-ins they call are the ones net-intrinsics.js captured at start-up.


function reportError(e) { try { reportErrorFn(e); } catch (x) { } }
function later(fn) { promiseThen(promiseResolve(), fn); }
// Defines a global the way Web IDL does (writable, configurable, not enumerable), unless the
// page (or another layer) replaced, redefined or deleted it before the first use (`kept`).
function putGlobal(name, value) {
  if (kept(name)) return;
  defineProperty(global, name, { value: value, writable: true, configurable: true, enumerable: false });
}
// Methods and accessors of a class prototype, as Web IDL has them: enumerable, configurable.
function methods(proto, table) {
  const names = objectKeys(table);
  for (let i = 0; i < names.length; i++) {
    defineProperty(proto, names[i], { value: table[names[i]], writable: true, enumerable: true, configurable: true });
  }
}
function getters(proto, table) {
  const names = objectKeys(table);
  for (let i = 0; i < names.length; i++) {
    const d = table[names[i]];
    defineProperty(proto, names[i], typeof d === 'function'
      ? { get: d, enumerable: true, configurable: true }
      : { get: d.get, set: d.set, enumerable: true, configurable: true });
  }
}
function tag(proto, name) { defineProperty(proto, SymbolToStringTag, { value: name, configurable: true }); }
function constants(ctor, table) {
  const names = objectKeys(table);
  for (let i = 0; i < names.length; i++) {
    const d = { value: table[names[i]], enumerable: true };
    defineProperty(ctor, names[i], d);
    defineProperty(ctor.prototype, names[i], d);
  }
}
// The internal state of an object of one of our classes, or a TypeError for anything else
// (a method called on the wrong object).
function stateOf(map, self, what) {
  const s = (self !== null && (typeof self === 'object' || typeof self === 'function')) ? weakGet(map, self) : undefined;
  if (s === undefined) throw new TypeErrorCtor("Can only call " + what + " on instances of " + stringSlice(what, 0, stringIndexOf(what, '.')));
  return s;
}

// ---- brand checks ----
function brand(f, v) { try { f(v); return true; } catch (e) { return false; } }
function isArrayBuffer(v) { return v !== null && typeof v === 'object' && brand(arrayBufferByteLength, v); }
function isTypedArray(v) { return v !== null && typeof v === 'object' && brand(viewBuffer, v); }
function isDataView(v) { return v !== null && typeof v === 'object' && brand(dataViewBuffer, v); }
// The bytes of a BufferSource, copied (a later change to the page's buffer changes nothing).
function bufferBytes(v) {
  if (isArrayBuffer(v)) return copyBytes(new Uint8ArrayCtor(v));
  if (isTypedArray(v)) return copyBytes(new Uint8ArrayCtor(viewBuffer(v), viewByteOffset(v), viewByteLength(v)));
  if (isDataView(v)) return copyBytes(new Uint8ArrayCtor(dataViewBuffer(v), dataViewByteOffset(v), dataViewByteLength(v)));
  return null;
}
// Copies and views without the species lookups of slice/subarray (a page's
// `Uint8Array.prototype.constructor` or `Symbol.species` decides nothing here).
function copyBytes(view) { const out = new Uint8ArrayCtor(view.length); typedArraySet(out, view); return out; }
function subBytes(bytes, a, b) { return new Uint8ArrayCtor(viewBuffer(bytes), viewByteOffset(bytes) + a, b - a); }
function bytesBuffer(bytes) { return viewBuffer(copyBytes(bytes)); }

// ---- UTF-8 and byte strings (one character per byte, how bytes cross to native code) ----
function utf8Encode(s) {
  s = StringCtor(s);
  const out = new Uint8ArrayCtor(s.length * 3);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let c = charCodeAt(s, i);
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) {
      const d = charCodeAt(s, i + 1);
      if (d >= 0xDC00 && d <= 0xDFFF) { c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00); i++; }
    }
    if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) { out[n++] = 0xC0 | (c >> 6); out[n++] = 0x80 | (c & 63); }
    else if (c < 0x10000) { out[n++] = 0xE0 | (c >> 12); out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63); }
    else { out[n++] = 0xF0 | (c >> 18); out[n++] = 0x80 | ((c >> 12) & 63); out[n++] = 0x80 | ((c >> 6) & 63); out[n++] = 0x80 | (c & 63); }
  }
  return copyBytes(subBytes(out, 0, n));
}
function utf8Decode(b) {
  let out = '', start = 0;
  let i = (b.length >= 3 && b[0] === 0xEF && b[1] === 0xBB && b[2] === 0xBF) ? 3 : 0;
  const parts = [];
  while (i < b.length) {
    const c = b[i];
    let cp, n;
    if (c < 0x80) { cp = c; n = 1; }
    else if (c >= 0xC2 && c <= 0xDF) { cp = c & 31; n = 2; }
    else if (c >= 0xE0 && c <= 0xEF) { cp = c & 15; n = 3; }
    else if (c >= 0xF0 && c <= 0xF4) { cp = c & 7; n = 4; }
    else { arrayPush(parts, 0xFFFD); i++; continue; }
    let ok = i + n <= b.length;
    for (let k = 1; ok && k < n; k++) { if ((b[i + k] & 0xC0) !== 0x80) ok = false; else cp = (cp << 6) | (b[i + k] & 63); }
    if (ok && ((n === 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n === 4 && (cp < 0x10000 || cp > 0x10FFFF)))) ok = false;
    if (!ok) { arrayPush(parts, 0xFFFD); i++; continue; }
    arrayPush(parts, cp);
    i += n;
    if (parts.length >= 4096) { out += applyFn(fromCodePoint, null, parts); parts.length = 0; }
  }
  if (parts.length) out += applyFn(fromCodePoint, null, parts);
  return out;
}
function bytesToByteString(b) {
  let out = '';
  for (let i = 0; i < b.length; i += 4096) out += applyFn(fromCharCode, null, subBytes(b, i, MathMin(b.length, i + 4096)));
  return out;
}
function byteStringToBytes(s) {
  const out = new Uint8ArrayCtor(s.length);
  for (let i = 0; i < s.length; i++) out[i] = charCodeAt(s, i) & 0xFF;
  return out;
}
function concatBytes(list) {
  let n = 0;
  for (let i = 0; i < list.length; i++) n += list[i].length;
  const out = new Uint8ArrayCtor(n);
  let at = 0;
  for (let i = 0; i < list.length; i++) { typedArraySet(out, list[i], at); at += list[i].length; }
  return out;
}
function lower(s) { return stringToLowerCase(s); }
// ASCII whitespace trimmed (HTTP header values).
function trimHTTP(s) {
  let a = 0, b = s.length;
  while (a < b && (charCodeAt(s, a) === 32 || charCodeAt(s, a) === 9 || charCodeAt(s, a) === 10 || charCodeAt(s, a) === 13)) a++;
  while (b > a && (charCodeAt(s, b - 1) === 32 || charCodeAt(s, b - 1) === 9 || charCodeAt(s, b - 1) === 10 || charCodeAt(s, b - 1) === 13)) b--;
  return stringSlice(s, a, b);
}
// A header value fetch and XHR accept: no NUL, CR or LF (a CR LF would make a header line of
// its own), and bytes only (nothing past U+00FF).
function isHeaderValue(s) {
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    if (c === 0 || c === 10 || c === 13 || c > 0xFF) return false;
  }
  return true;
}
function isToken(s) {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || stringIndexOf("!#$%&'*+-.^_\x60|~", fromCharCode(c)) >= 0;  // (\x60: a backtick, so no line holds an odd number of them: the build strips comment lines only then)
    if (!ok) return false;
  }
  return true;
}

// The JSON text of a list of strings, or of lists of them (header pairs, protocol names), for
// native code. Written here: JSON.stringify calls a page's Array.prototype.toJSON (Prototype.js
// defines one), which turned every header pair into its answer.
function jsonList(list) {
  let out = '[';
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out += ',';
    out += typeof list[i] === 'string' ? jsonStringify(list[i]) : jsonList(list[i]);
  }
  return out + ']';
}

// ---- DOMException (the platform's when there is one) ----
const legacyCodes = { IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5, NoModificationAllowedError: 7,
  NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14,
  InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
  QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25 };
// The page layer's DOMException when it is a stand-in (a script run's DOM, loaded on first use)
// is read when the first one is made, not now: reading it loads the DOM, which a script that only
// makes requests should not pay for, nor load after it replaced built-ins the DOM's code calls.
function OwnDOMException(message, name) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'DOMException': Please use the 'new' operator");
  const e = new ErrorCtor(message === undefined ? '' : StringCtor(message));
  setPrototypeOf(e, new.target.prototype);
  const n = name === undefined ? 'Error' : StringCtor(name);
  defineProperty(e, 'name', { value: n, configurable: true, writable: true });
  defineProperty(e, 'code', { value: hasOwn(legacyCodes, n) ? legacyCodes[n] : 0, configurable: true, writable: true });
  return e;
}
defineProperty(OwnDOMException, 'name', { value: 'DOMException', configurable: true });
OwnDOMException.prototype = ObjectCreate(ErrorCtor.prototype, {
  constructor: { value: OwnDOMException, writable: true, configurable: true },
  [SymbolToStringTag]: { value: 'DOMException', configurable: true }
});
const domExceptionGlobal = kept('DOMException') ? getOwnDescriptor(global, 'DOMException') : undefined;
const domExceptionLater = domExceptionGlobal !== undefined && !hasOwn(domExceptionGlobal, 'value') && typeof domExceptionGlobal.get === 'function';
let DOMExceptionCtor = domExceptionLater ? null : domExceptionGlobal !== undefined && typeof global.DOMException === 'function' ? global.DOMException : null;
if (DOMExceptionCtor === null && !domExceptionLater) {
  DOMExceptionCtor = OwnDOMException;
  putGlobal('DOMException', OwnDOMException);
}
function domException(message, name) {
  if (DOMExceptionCtor === null) {
    // Loading the DOM here can fail (a page that broke a built-in the DOM's code calls, a
    // throwing getter in the stand-in's place): the error is then the layer's own, never the
    // failure (an abort() that threw left its fetch resolving).
    let platform;
    try { platform = global.DOMException; } catch (e) { platform = undefined; }
    DOMExceptionCtor = typeof platform === 'function' ? platform : OwnDOMException;
  }
  return new DOMExceptionCtor(message, name);
}

// ---- events: a small EventTarget for the network objects ----
// (A page's own EventTarget, when the platform has one, is only the prototype's base, so that
// `xhr instanceof EventTarget` holds; dispatch never calls through it.)
const eventState = new WeakMapCtor();
const noInit = freeze(ObjectCreate(null));
function NetEvent(type, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'Event': Please use the 'new' operator");
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to construct 'Event': 1 argument required, but only 0 present.");
  initEvent(this, type, init);
}
function initEvent(e, type, init) {
  weakSet(eventState, e, { stop: false, stopNow: false, canceled: false, passive: false });
  const o = init !== null && typeof init === 'object' ? init : noInit;
  defineProperties(e, {
    type: { value: StringCtor(type), enumerable: true, configurable: true },
    bubbles: { value: !!o.bubbles, enumerable: true, configurable: true },
    cancelable: { value: !!o.cancelable, enumerable: true, configurable: true },
    composed: { value: !!o.composed, enumerable: true, configurable: true },
    timeStamp: { value: DateNow(), enumerable: true, configurable: true },
    isTrusted: { value: false, enumerable: true, configurable: true },
    target: { value: null, enumerable: true, configurable: true, writable: true },
    currentTarget: { value: null, enumerable: true, configurable: true, writable: true },
    srcElement: { value: null, enumerable: true, configurable: true, writable: true },
    eventPhase: { value: 0, enumerable: true, configurable: true, writable: true }
  });
}
methods(NetEvent.prototype, {
  preventDefault: function preventDefault() { const s = stateOf(eventState, this, 'Event.preventDefault'); if (this.cancelable && !s.passive) s.canceled = true; },
  stopPropagation: function stopPropagation() { stateOf(eventState, this, 'Event.stopPropagation').stop = true; },
  stopImmediatePropagation: function stopImmediatePropagation() { const s = stateOf(eventState, this, 'Event.stopImmediatePropagation'); s.stop = true; s.stopNow = true; },
  composedPath: function composedPath() { return this.currentTarget ? [this.currentTarget] : []; }
});
getters(NetEvent.prototype, {
  defaultPrevented: function () { return stateOf(eventState, this, 'Event.defaultPrevented').canceled; },
  returnValue: function () { return !stateOf(eventState, this, 'Event.returnValue').canceled; },
  cancelBubble: function () { return stateOf(eventState, this, 'Event.cancelBubble').stop; }
});
constants(NetEvent, { NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 });
tag(NetEvent.prototype, 'Event');
// An event the runtime fires: trusted, with extra fields (loaded/total, data, code, …).
function makeEvent(proto, type, fields) {
  const e = ObjectCreate(proto);
  initEvent(e, type, null);
  defineProperty(e, 'isTrusted', { value: true, enumerable: true, configurable: true });
  if (fields) {
    const names = objectKeys(fields);
    for (let i = 0; i < names.length; i++) defineProperty(e, names[i], { value: fields[names[i]], enumerable: true, configurable: true });
  }
  return e;
}
function NetProgressEvent(type, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'ProgressEvent': Please use the 'new' operator");
  initEvent(this, type, init);
  const o = init !== null && typeof init === 'object' ? init : noInit;
  defineProperties(this, {
    lengthComputable: { value: !!o.lengthComputable, enumerable: true, configurable: true },
    loaded: { value: NumberCtor(o.loaded || 0), enumerable: true, configurable: true },
    total: { value: NumberCtor(o.total || 0), enumerable: true, configurable: true }
  });
}
NetProgressEvent.prototype = ObjectCreate(NetEvent.prototype, { constructor: { value: NetProgressEvent, writable: true, configurable: true } });
tag(NetProgressEvent.prototype, 'ProgressEvent');
putGlobal('ProgressEvent', NetProgressEvent);

const listenerState = new WeakMapCtor();
function NetEventTarget() {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'EventTarget': Please use the 'new' operator");
  weakSet(listenerState, this, new MapCtor());
}
function listenersOf(target) {
  let m = weakGet(listenerState, target);
  if (m === undefined) { m = new MapCtor(); weakSet(listenerState, target, m); }
  return m;
}
function flag(options, name) { return options !== null && typeof options === 'object' ? !!options[name] : (name === 'capture' && !!options); }
function addListener(target, type, callback, options) {
    if (callback === null || callback === undefined) return;
    if (typeof callback !== 'function' && typeof callback !== 'object') throw new TypeErrorCtor("Failed to execute 'addEventListener' on 'EventTarget': parameter 2 is not of type 'Object'.");
    const map = listenersOf(target);
    type = StringCtor(type);
    let list = mapGet(map, type);
    if (list === undefined) { list = []; mapSet(map, type, list); }
    const capture = flag(options, 'capture');
    for (let i = 0; i < list.length; i++) if (list[i].callback === callback && list[i].capture === capture) return;
    let signal = null;
    if (options !== null && typeof options === 'object' && options.signal !== undefined) signal = options.signal;
    const entry = { callback: callback, capture: capture, once: flag(options, 'once'), passive: flag(options, 'passive'), removed: false };
    if (signal !== null) {
      if (signalAborted(signal)) return;
      onAbortSignal(signal, function () { removeListener(target, type, entry); });
    }
    arrayPush(list, entry);
}
methods(NetEventTarget.prototype, {
  addEventListener: function addEventListener(type, callback, options) { addListener(this, type, callback, options); },
  removeEventListener: function removeEventListener(type, callback, options) {
    const list = mapGet(listenersOf(this), StringCtor(type));
    if (list === undefined) return;
    const capture = flag(options, 'capture');
    for (let i = 0; i < list.length; i++) if (list[i].callback === callback && list[i].capture === capture) { removeListener(this, StringCtor(type), list[i]); return; }
  },
  dispatchEvent: function dispatchEvent(event) {
    if (!weakHas(eventState, event)) throw new TypeErrorCtor("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
    return dispatch(this, event);
  }
});
tag(NetEventTarget.prototype, 'EventTarget');
// The platform's EventTarget, if the page already has one, sits under ours for instanceof.
const platformEventTarget = (function () {
  const d = getOwnDescriptor(global, 'EventTarget');
  return d && hasOwn(d, 'value') && typeof d.value === 'function' && d.value.prototype !== null && typeof d.value.prototype === 'object' ? d.value : null;
})();
if (platformEventTarget !== null) setPrototypeOf(NetEventTarget.prototype, platformEventTarget.prototype);
function removeListener(target, type, entry) {
  const list = mapGet(listenersOf(target), type);
  if (list === undefined) return;
  const i = arrayIndexOf(list, entry);
  if (i >= 0) { entry.removed = true; arraySplice(list, i, 1); }
}
// Runs the `on<type>` handler and the listeners; an exception in one is reported and the rest
// still run. Returns !defaultPrevented.
function dispatch(target, event) {
  const s = weakGet(eventState, event);
  defineProperty(event, 'target', { value: target, enumerable: true, configurable: true, writable: true });
  defineProperty(event, 'srcElement', { value: target, enumerable: true, configurable: true, writable: true });
  defineProperty(event, 'currentTarget', { value: target, enumerable: true, configurable: true, writable: true });
  defineProperty(event, 'eventPhase', { value: 2, enumerable: true, configurable: true, writable: true });
  const list = mapGet(listenersOf(target), event.type);
  const copy = list === undefined ? [] : arraySlice(list);
  for (let i = 0; i < copy.length; i++) {
    const entry = copy[i];
    if (entry.removed) continue;
    if (entry.once) removeListener(target, event.type, entry);
    s.passive = entry.passive;
    try {
      const cb = entry.callback;
      if (typeof cb === 'function') callFn(cb, target, event);
      else { const h = cb.handleEvent; if (typeof h === 'function') callFn(h, cb, event); }
    } catch (e) { reportError(e); }
    s.passive = false;
    if (s.stopNow) break;
  }
  defineProperty(event, 'currentTarget', { value: null, enumerable: true, configurable: true, writable: true });
  defineProperty(event, 'eventPhase', { value: 0, enumerable: true, configurable: true, writable: true });
  return !s.canceled;
}
// `on<type>` attributes: a handler stored per object, run as a listener added when first set.
const handlerState = new WeakMapCtor();
function eventHandlers(proto, names) {
  for (let i = 0; i < names.length; i++) {
    const type = names[i];
    defineProperty(proto, 'on' + type, {
      enumerable: true, configurable: true,
      get: function () { const h = weakGet(handlerState, this); const v = h === undefined ? undefined : mapGet(h, type); return v === undefined ? null : v.value; },
      set: function (fn) {
        let h = weakGet(handlerState, this);
        if (h === undefined) { h = new MapCtor(); weakSet(handlerState, this, h); }
        let slot = mapGet(h, type);
        if (slot === undefined) {
          slot = { value: null };
          mapSet(h, type, slot);
          const self = this;
          // Registered once, in order with addEventListener calls, as browsers do.
          addListener(this, type, function (e) {
            const f = slot.value;
            if (typeof f === 'function') { const r = callFn(f, self, e); if (r === false && e.cancelable) weakGet(eventState, e).canceled = true; }
          });
        }
        slot.value = (typeof fn === 'function' || (fn !== null && typeof fn === 'object')) ? fn : null;
      }
    });
  }
}
function fire(target, proto, type, fields) { return dispatch(target, makeEvent(proto, type, fields)); }
// `Event` and `EventTarget` themselves are the document layer's globals, not defined here.

// ---- deliveries from native code: kind, id, meta, text, binary ----
const waiting = new MapCtor();
function deliver(kind, id, meta, text, binary) {
  const handler = mapGet(waiting, id);
  if (handler === undefined) return;
  try { handler(kind, meta, text, binary); } catch (e) { reportError(e); }
}
