// `window.Capacitor` as Capacitor's iOS native side injects it at document start (the global,
// its native bridge and a stub per plugin): `Capacitor.Plugins.X.method(options)` and
// `Capacitor.nativePromise('X', 'method', options)` post `{type:'message', callbackId, pluginId,
// methodName, options}` to `webkit.messageHandlers.bridge`; answers come back through
// `Capacitor.fromNative`. Any plugin name works; `PluginHeaders` lists the mocked methods, so
// a page bundling @capacitor/core reaches native for them (written for BridgeRuntime from the
// protocol, see docs/peers.md).
(function (global, native) {
'use strict';
const StringCtor = String;
const stored = {};
let count = Math.floor(Math.random() * 134217728);
function CapacitorException(message, code, data) {
  const e = new Error(message);
  e.name = 'CapacitorException';
  e.code = code;
  e.data = data;
  return e;
}
function post(body) { global.webkit.messageHandlers.bridge.postMessage(body); }
function toNative(pluginId, methodName, options, storedCallback) {
  let callbackId = '-1';
  if (storedCallback) {
    callbackId = StringCtor(++count);
    stored[callbackId] = storedCallback;
  }
  post({ type: 'message', callbackId: callbackId, pluginId: pluginId, methodName: methodName, options: options || {} });
  return callbackId;
}
function fromNative(result) {
  const call = stored[result.callbackId];
  if (!call) {
    if (result.success === false && result.error) console.warn(result.error);
    return;
  }
  let error = null;
  if (result.success === false && result.error) {
    error = CapacitorException(result.error.message || '', result.error.code, result.error);
  }
  if (typeof call.callback === 'function') {
    if (error) call.callback(null, error); else call.callback(result.data);
  } else if (error) {
    call.reject(error);
  } else {
    call.resolve(result.data);
  }
  if (result.save !== true || error) delete stored[result.callbackId];
}
function nativePromise(pluginId, methodName, options) {
  return new Promise(function (resolve, reject) { toNative(pluginId, methodName, options, { resolve: resolve, reject: reject }); });
}
function nativeCallback(pluginId, methodName, options, callback) {
  if (typeof options === 'function') { callback = options; options = {}; }
  return toNative(pluginId, methodName, options, { callback: callback });
}
// A listener: native keeps its callback (`save`) and calls it for each event; the handle's
// `remove()` asks native to drop it (events already on their way still arrive). A promise of the handle that is a handle itself (Capacitor 3+).
function listenerHandle(pluginId, options, callback) {
  const callbackId = nativeCallback(pluginId, 'addListener', options, callback);
  // Native drops the listener (its kept callback stays here, as on a device).
  const remove = function () {
    return nativePromise(pluginId, 'removeListener', { callbackId: callbackId, eventName: options && options.eventName });
  };
  const p = Promise.resolve({ remove: remove });
  p.remove = remove;
  return p;
}
const pluginCache = {};
function plugin(name) {
  if (pluginCache[name]) return pluginCache[name];
  const methods = {};
  const p = new Proxy({}, {
    get: function (target, method) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      if (!methods[method]) methods[method] = method === 'addListener'
        ? function (eventName, callback) {
          // `addListener('event', cb)` (the injected plugin objects) or `({eventName}, cb)`.
          const options = typeof eventName === 'string' ? { eventName: eventName } : eventName;
          return listenerHandle(name, options, callback);
        }
        : function (options, callback) {
          return typeof callback === 'function' ? nativeCallback(name, method, options, callback) : nativePromise(name, method, options);
        };
      return methods[method];
    }
  });
  pluginCache[name] = p;
  return p;
}
const Plugins = new Proxy({}, {
  get: function (target, name) { return typeof name === 'string' && name !== 'then' ? plugin(name) : undefined; },
  has: function () { return true; }
});
const headers = native.capacitorHeaders();
const C = {};
C.DEBUG = false;
C.isLoggingEnabled = false;
C.Plugins = Plugins;
C.PluginHeaders = headers;
C.toNative = toNative;
C.fromNative = fromNative;
C.nativePromise = nativePromise;
C.nativeCallback = nativeCallback;
C.addListener = function (pluginId, eventName, callback) { return listenerHandle(pluginId, { eventName: eventName }, callback); };
C.removeListener = function (pluginId, callbackId, eventName) {
  return nativePromise(pluginId, 'removeListener', { callbackId: callbackId, eventName: eventName });
};
C.getPlatform = function () { return 'ios'; };
C.isNativePlatform = function () { return true; };
C.isPluginAvailable = function (name) { for (let i = 0; i < headers.length; i++) if (headers[i].name === name) return true; return false; };
C.convertFileSrc = function (src) { return src; };
C.Exception = CapacitorException;
C.triggerEvent = function (eventName, target, data) {
  const ev = new global.Event(eventName);
  if (data) Object.assign(ev, typeof data === 'string' ? JSON.parse(data) : data);
  const t = target === 'document' ? global.document : target === 'window' ? global : global.document.querySelector(target);
  return t ? t.dispatchEvent(ev) : false;
};
return C;
})
