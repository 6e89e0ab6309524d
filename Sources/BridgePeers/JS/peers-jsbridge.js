// lzyzsd's JsBridge (the classic `yy://` protocol) as its Android side injects it at
// `onPageFinished`: `init`, `send`, `registerHandler`, `callHandler`, `_fetchQueue`,
// `_handleMessageFromNative`, then the `WebViewJavascriptBridgeReady` event (written for
// BridgeRuntime from the protocol, see docs/peers.md). WVJB before v5 had the same page API.
// The current master also names `send` `doSend` and runs the page's `WVJBCallbacks` first.
(function (global, native, options) {
'use strict';
if (global.WebViewJavascriptBridge) return;
const doc = global.document;
const sendQueue = [];
const handlers = {};
const responseCallbacks = {};
let defaultHandler = null;
let received = [];
let uniqueId = 1;
const StringCtor = String;
function frame() {
  const f = doc.createElement('iframe');
  f.style.display = 'none';
  doc.documentElement.appendChild(f);
  return f;
}
const messagingFrame = frame();
const returnFrame = frame();

function init(messageHandler) {
  if (defaultHandler) throw new Error('WebViewJavascriptBridge.init called twice');
  defaultHandler = messageHandler;
  const queued = received;
  received = null;
  for (let i = 0; i < queued.length; i++) dispatch(queued[i]);
}
function send(data, responseCallback) { doSend({ data: data }, responseCallback); }
function registerHandler(name, handler) { handlers[name] = handler; }
function callHandler(name, data, responseCallback) { doSend({ handlerName: name, data: data }, responseCallback); }
function doSend(message, responseCallback) {
  if (responseCallback) {
    const id = 'cb_' + (uniqueId++) + '_' + new Date().getTime();
    responseCallbacks[id] = responseCallback;
    message.callbackId = id;
  }
  sendQueue.push(message);
  messagingFrame.src = 'yy://__QUEUE_MESSAGE__/';
}
function fetchQueue() {
  if (sendQueue.length === 0) return;
  const text = JSON.stringify(sendQueue);
  sendQueue.length = 0;
  returnFrame.src = 'yy://return/_fetchQueue/' + encodeURIComponent(text);
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
    responseCallback = function (responseData) { doSend({ responseId: callbackId, responseData: responseData }); };
  }
  const handler = message.handlerName ? handlers[message.handlerName] : defaultHandler;
  try { handler(message.data, responseCallback); }
  catch (e) {
    console.log('WebViewJavascriptBridge: WARNING: javascript handler threw.', message, e);
    if (message.callbackId) native.jsErrorFor(StringCtor(message.callbackId), e && e.message !== undefined ? StringCtor(e.message) : StringCtor(e));
  }
}
function handleMessageFromNative(messageJSON) {
  global.setTimeout(function () {
    // Messages for the default handler wait for `init`; named handlers are called at once.
    if (received && !JSON.parse(messageJSON).handlerName) received.push(messageJSON); else dispatch(messageJSON);
  }, 0);
}
global.WebViewJavascriptBridge = {
  init: init, send: send, doSend: send, registerHandler: registerHandler, callHandler: callHandler,
  _fetchQueue: fetchQueue, _handleMessageFromNative: handleMessageFromNative
};
Object.defineProperty(global.WebViewJavascriptBridge, '__hasHandler', { value: function (name) { return typeof handlers[name] === 'function'; } });
const jobs = global.WVJBCallbacks || [];
global.WVJBCallbacks = [];
for (let i = 0; i < jobs.length; i++) { try { jobs[i](global.WebViewJavascriptBridge); } catch (e) { try { global.reportError(e); } catch (x) { } } }
const ready = doc.createEvent('Events');
ready.initEvent('WebViewJavascriptBridgeReady');
ready.bridge = global.WebViewJavascriptBridge;
doc.dispatchEvent(ready);
native.ready('jsbridge');
})
