// Peer bridges at document start: what the native side of WebViewJavascriptBridge, DSBridge,
// JsBridge, Cordova and Capacitor puts in a WebView before the page runs. Nothing here costs a
// page that uses none of them: each protocol is recognised by what the page does (it reads
// `_dswk`/`_dsbridge`/`Capacitor`, sets `cordova`, navigates to a handshake URL, listens for
// `WebViewJavascriptBridgeReady`), and only then is its part built.
(function (native, global) {
'use strict';
const defineProperty = Object.defineProperty;
const stringify = JSON.stringify, parse = JSON.parse;
const StringCtor = String;
const indirectEval = eval;
// (The runtime's own signal that the page finished loading: not through the page's setTimeout.)
const setTimeoutFn = global.setTimeout;
// The runtime's own scripts for a protocol (its injected bridge), run when the page asks for it.
function load(kind) { return indirectEval(native.source(kind)); }
function own(name, get, set) {
  defineProperty(global, name, { configurable: true, enumerable: false, get: get, set: set });
}
function settle(name, value) {
  defineProperty(global, name, { configurable: true, enumerable: true, writable: true, value: value });
}
function report(e) { try { global.reportError(e); } catch (x) { } }
const helpers = {};

// ---- DSBridge: `_dswk` (iOS WKWebView) and `_dsbridge.call` (Android) from document start ----
own('_dswk', function () { native.detect('dsbridge'); return true; }, function (v) { settle('_dswk', v); });
let dsObject = null;
own('_dsbridge', function () {
  native.detect('dsbridge');
  if (dsObject === null) dsObject = { call: function call(method, arg) { return native.dsCall(StringCtor(method), arg === undefined ? null : StringCtor(arg)); } };
  return dsObject;
}, function (v) { settle('_dsbridge', v); });
// Async answers, as DSBridge's native side evaluates `dscbN(data)` (deleted once complete).
helpers.dsDeliver = function (name, data, complete) {
  const f = global[name];
  if (typeof f !== 'function') return;
  try { f(data); } catch (e) { report(e); }
  if (complete) { try { delete global[name]; } catch (e) { } }
};
// Does the page's dsbridge.js have a JS method `name` (plain or "ns.method")?
function dsLookup(name) {
  const syn = global._dsf, asyn = global._dsaf;
  if (!syn || !asyn) return false;
  if (typeof syn[name] === 'function' || typeof asyn[name] === 'function') return true;
  const i = name.lastIndexOf('.');
  if (i < 0) return false;
  const ns = name.slice(0, i), m = name.slice(i + 1);
  const a = syn._obs && syn._obs[ns], b = asyn._obs && asyn._obs[ns];
  return !!((a && typeof a[m] === 'function') || (b && typeof b[m] === 'function'));
}
helpers.dsHas = dsLookup;
helpers.dsSend = function (id, name, argsJSON) {
  if (typeof global._handleMessageFromNative !== 'function') return false;
  try { global._handleMessageFromNative({ method: name, callbackId: id, data: argsJSON }); }
  catch (e) { native.jsError(id, 'HANDLER_ERROR', e && e.message !== undefined ? StringCtor(e.message) : StringCtor(e)); }
  return true;
};

// ---- Cordova: the page's cordova.js defines `window.cordova`; answers go to its exec ----
own('cordova', function () { return undefined; }, function (v) { native.detect('cordova'); settle('cordova', v); });
helpers.cordovaCallback = function (id, status, message, keep) {
  const c = global.cordova;
  if (!c || typeof c.require !== 'function') return;
  c.require('cordova/exec').nativeCallback(id, status, message, keep ? 1 : 0, 0);
};

// ---- Capacitor: `window.Capacitor` as its native side injects it (built on first read) ----
let capacitor = null;
own('Capacitor', function () {
  if (capacitor === null) { native.detect('capacitor'); capacitor = load('capacitor')(global, native); }
  return capacitor;
}, function (v) { native.detect('capacitor'); capacitor = v; settle('Capacitor', v); });
helpers.capacitorFromNative = function (result) {
  const c = global.Capacitor;
  if (c && typeof c.fromNative === 'function') c.fromNative(result);
};

// A native event on `document` or `window`, as each native side fires it: Capacitor's
// `triggerEvent`, Cordova's `fireDocumentEvent`/`fireWindowEvent` (the payload's members on the
// event), else a plain `Event` with the payload's members.
helpers.domEvent = function (target, name, payload) {
  const data = payload !== null && typeof payload === 'object' ? payload : undefined;
  const cap = capacitor;
  if (cap && typeof cap.triggerEvent === 'function') { cap.triggerEvent(name, target, data); return; }
  const c = global.cordova;
  const fire = c && (target === 'document' ? c.fireDocumentEvent : c.fireWindowEvent);
  if (typeof fire === 'function') { fire.call(c, name, data); return; }
  const t = target === 'document' ? global.document : global;
  if (!t || typeof t.dispatchEvent !== 'function' || typeof global.Event !== 'function') return;
  const ev = new global.Event(name);
  if (data) for (const k in data) { if (Object.prototype.hasOwnProperty.call(data, k)) try { ev[k] = data[k]; } catch (e) { } }
  t.dispatchEvent(ev);
};

// ---- WVJB and JsBridge: their injected scripts and the page's start-up ----
helpers.call = function (path, json) {
  // `WebViewJavascriptBridge._handleMessageFromObjC('<json>')` as native evaluates it.
  const b = global.WebViewJavascriptBridge;
  if (!b || typeof b[path] !== 'function') return undefined;
  return b[path](json);
};
helpers.has = function (name) {
  const b = global.WebViewJavascriptBridge;
  return !!(b && typeof b.__hasHandler === 'function' && b.__hasHandler(name));
};
helpers.inject = function (kind, options) {
  if (global.WebViewJavascriptBridge) return false;
  load(kind)(global, native, options);
  return true;
};
helpers.documentStart = function () {
  const doc = global.document;
  if (!doc) return;
  // A page that waits for `WebViewJavascriptBridgeReady` (JsBridge, WVJB before v5) gets the
  // bridge injected after `load`, as `onPageFinished` does.
  const add = doc.addEventListener;
  defineProperty(doc, 'addEventListener', {
    configurable: true, writable: true, enumerable: false,
    value: function addEventListener(type, fn, options) {
      if (type === 'WebViewJavascriptBridgeReady') native.detect('jsbridge');
      return add.call(this, type, fn, options);
    }
  });
  add.call(doc, 'deviceready', function () { native.ready('cordova'); }, false);
  global.addEventListener('load', function () {
    setTimeoutFn(function () { native.pageFinished(); }, 0);
  });
};
native.bind(helpers.dsDeliver, helpers.dsHas, helpers.dsSend, helpers.cordovaCallback, helpers.capacitorFromNative, helpers.call, helpers.has, helpers.inject, helpers.documentStart, helpers.domEvent);
})
