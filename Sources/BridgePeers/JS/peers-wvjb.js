// WebViewJavascriptBridge (v5/v6) as its native side injects it after the page's handshake
// navigation: the same names, message fields and timing (written for BridgeRuntime from the
// protocol, see docs/peers.md). `options.scheme`/`options.queueHost` follow the handshake
// (v6 `https://__wvjb_queue_message__`, v5 `wvjbscheme://__WVJB_QUEUE_MESSAGE__`).
(function (global, native, options) {
'use strict';
if (global.WebViewJavascriptBridge) return;
const queueURL = options.scheme + '://' + options.queueHost;
const sendQueue = [];
const handlers = {};
const responseCallbacks = {};
let uniqueId = 1;
let dispatchAtOnce = false;
let frame = null;

function registerHandler(name, handler) { handlers[name] = handler; }
function callHandler(name, data, responseCallback) {
  if (arguments.length === 2 && typeof data === 'function') { responseCallback = data; data = null; }
  send({ handlerName: name, data: data }, responseCallback);
}
function send(message, responseCallback) {
  if (responseCallback) {
    const id = 'cb_' + (uniqueId++) + '_' + new Date().getTime();
    responseCallbacks[id] = responseCallback;
    message.callbackId = id;
  }
  sendQueue.push(message);
  frame.src = queueURL;
}
function fetchQueue() {
  const text = JSON.stringify(sendQueue);
  sendQueue.length = 0;
  return text;
}
function dispatch(messageJSON) {
  const message = JSON.parse(messageJSON);
  if (message.responseId) {
    const cb = responseCallbacks[message.responseId];
    if (!cb) return;
    delete responseCallbacks[message.responseId];
    cb(message.responseData);
    return;
  }
  let responseCallback;
  if (message.callbackId) {
    const callbackId = message.callbackId;
    responseCallback = function (responseData) {
      send({ handlerName: message.handlerName, responseId: callbackId, responseData: responseData });
    };
  }
  const handler = handlers[message.handlerName];
  if (!handler) {
    console.log('WebViewJavascriptBridge: WARNING: no handler for message from ObjC:', message);
    return;
  }
  try { handler(message.data, responseCallback); }
  catch (e) { native.jsErrorFor(StringCtor(message.callbackId), e && e.message !== undefined ? StringCtor(e.message) : StringCtor(e)); }
}
const StringCtor = String;
function handleMessageFromObjC(messageJSON) {
  if (dispatchAtOnce) dispatch(messageJSON);
  else global.setTimeout(function () { dispatch(messageJSON); }, 0);
}
global.WebViewJavascriptBridge = {
  registerHandler: registerHandler,
  callHandler: callHandler,
  disableJavscriptAlertBoxSafetyTimeout: function () { dispatchAtOnce = true; },
  _fetchQueue: fetchQueue,
  _handleMessageFromObjC: handleMessageFromObjC
};
Object.defineProperty(global.WebViewJavascriptBridge, '__hasHandler', { value: function (name) { return typeof handlers[name] === 'function'; } });
frame = global.document.createElement('iframe');
frame.style.display = 'none';
frame.src = queueURL;
global.document.documentElement.appendChild(frame);
registerHandler('_disableJavascriptAlertBoxSafetyTimeout', function () { dispatchAtOnce = true; });
global.setTimeout(function () {
  const callbacks = global.WVJBCallbacks;
  delete global.WVJBCallbacks;
  if (callbacks) for (let i = 0; i < callbacks.length; i++) {
    try { callbacks[i](global.WebViewJavascriptBridge); } catch (e) { global.reportError(e); }
  }
  native.ready('wvjb');
}, 0);
})
