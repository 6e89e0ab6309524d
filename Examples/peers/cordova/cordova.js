// A stand-in for cordova-ios's cordova.js, written for BridgeRuntime's examples from the
// protocol (docs/peers.md): `cordova.exec(success, fail, service, action, args)` posts
// `[callbackId, service, action, args]` to `webkit.messageHandlers.cordova`; native answers
// through `cordova.require('cordova/exec').nativeCallback(id, status, message, keep)`;
// `deviceready` fires once the DOM is ready (sticky). To run a page against the real
// cordova.js (Apache-2.0), put it here instead.
(function () {
  if (window.cordova) throw new Error('cordova already defined');
  var callbacks = {}, nextId = Math.floor(Math.random() * 2000000000), ready = false, waiting = [];
  var OK = 1, NO_RESULT = 0;
  function exec(success, fail, service, action, args) {
    var id = 'INVALID';
    if (success || fail) { id = service + nextId++; callbacks[id] = { success: success, fail: fail }; }
    window.webkit.messageHandlers.cordova.postMessage([id, service, action, JSON.parse(JSON.stringify(args || []))]);
  }
  function callbackFromNative(id, isSuccess, status, args, keep) {
    var cb = callbacks[id];
    if (!cb) return;
    if (isSuccess && status === OK) { if (cb.success) cb.success.apply(null, args); }
    else if (!isSuccess) { if (cb.fail) cb.fail.apply(null, args); }
    if (!keep) delete callbacks[id];
  }
  var modules = {
    'cordova/exec': {
      nativeCallback: function (id, status, message, keep) {
        var success = status === OK || status === NO_RESULT;
        Promise.resolve().then(function () { callbackFromNative(id, success, status, [message], keep); });
      }
    }
  };
  var addDocumentListener = document.addEventListener;
  document.addEventListener = function (type, fn, capture) {
    if (type === 'deviceready' && ready) { setTimeout(function () { fn(new Event('deviceready')); }, 0); return; }
    return addDocumentListener.call(document, type, fn, capture);
  };
  // As cordova.js: the data's members on the event (native lifecycle events: pause, resume, …).
  function fireEvent(target, type, data) {
    var e = document.createEvent('Events');
    e.initEvent(type, false, false);
    if (data) for (var k in data) if (Object.prototype.hasOwnProperty.call(data, k)) e[k] = data[k];
    setTimeout(function () { target.dispatchEvent(e); }, 0);
  }
  function fireDocumentEvent(type, data) { fireEvent(document, type, data); }
  function fireWindowEvent(type, data) { fireEvent(window, type, data); }
  window.cordova = {
    version: 'stand-in', platformId: 'ios', callbackId: nextId, callbacks: callbacks,
    callbackStatus: { NO_RESULT: 0, OK: 1, ERROR: 9 },
    exec: exec, callbackFromNative: callbackFromNative, fireDocumentEvent: fireDocumentEvent, fireWindowEvent: fireWindowEvent,
    require: function (id) { return modules[id]; }
  };
  function start() { setTimeout(function () { ready = true; fireDocumentEvent('deviceready'); }, 0); }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
