// The network layer's page script, part 6 of 6: a WebSocket driven by the fixtures (native
// code plays the server).

function NetMessageEvent(type, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'MessageEvent': Please use the 'new' operator");
  initEvent(this, type, init);
  const o = init !== null && typeof init === 'object' ? init : noInit;
  defineProperties(this, {
    data: { value: o.data === undefined ? null : o.data, enumerable: true, configurable: true },
    origin: { value: o.origin === undefined ? '' : StringCtor(o.origin), enumerable: true, configurable: true },
    lastEventId: { value: o.lastEventId === undefined ? '' : StringCtor(o.lastEventId), enumerable: true, configurable: true },
    source: { value: o.source === undefined ? null : o.source, enumerable: true, configurable: true },
    ports: { value: [], enumerable: true, configurable: true }
  });
}
NetMessageEvent.prototype = ObjectCreate(NetEvent.prototype, { constructor: { value: NetMessageEvent, writable: true, configurable: true } });
tag(NetMessageEvent.prototype, 'MessageEvent');
function NetCloseEvent(type, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'CloseEvent': Please use the 'new' operator");
  initEvent(this, type, init);
  const o = init !== null && typeof init === 'object' ? init : noInit;
  defineProperties(this, {
    wasClean: { value: !!o.wasClean, enumerable: true, configurable: true },
    code: { value: o.code === undefined ? 0 : NumberCtor(o.code), enumerable: true, configurable: true },
    reason: { value: o.reason === undefined ? '' : StringCtor(o.reason), enumerable: true, configurable: true }
  });
}
NetCloseEvent.prototype = ObjectCreate(NetEvent.prototype, { constructor: { value: NetCloseEvent, writable: true, configurable: true } });
tag(NetCloseEvent.prototype, 'CloseEvent');

const socketState = new WeakMapCtor();
function NetWebSocket(url, protocols) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'WebSocket': Please use the 'new' operator");
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to construct 'WebSocket': 1 argument required, but only 0 present.");
  let resolved = native.resolve(StringCtor(url));
  if (typeof resolved !== 'string') throw domException("Failed to construct 'WebSocket': The URL '" + StringCtor(url) + "' is invalid.", 'SyntaxError');
  if (stringIndexOf(resolved, 'http://') === 0) resolved = 'ws://' + stringSlice(resolved, 7);
  else if (stringIndexOf(resolved, 'https://') === 0) resolved = 'wss://' + stringSlice(resolved, 8);
  if (stringIndexOf(resolved, 'ws://') !== 0 && stringIndexOf(resolved, 'wss://') !== 0) {
    throw domException("Failed to construct 'WebSocket': The URL's scheme must be either 'http', 'https', 'ws', or 'wss'. '" + resolved + "' is not allowed.", 'SyntaxError');
  }
  const list = protocols === undefined ? [] : typeof protocols === 'string' ? [protocols] : collect(protocols, 'WebSocket');
  const names = [];
  for (let i = 0; i < list.length; i++) {
    const p = StringCtor(list[i]);
    if (!isToken(p) || arrayIndexOf(names, p) >= 0) throw domException("Failed to construct 'WebSocket': The subprotocol '" + p + "' is invalid.", 'SyntaxError');
    arrayPush(names, p);
  }
  weakSet(listenerState, this, new MapCtor());
  const s = { url: resolved, readyState: 0, protocol: '', binaryType: 'blob', buffered: 0, id: 0 };
  weakSet(socketState, this, s);
  const self = this;
  s.id = native.wsConnect(resolved, jsonList(names));
  mapSet(waiting, s.id, function (kind, meta, text, binary) {
    if (kind === 1) {
      if (s.readyState !== 0) return;
      s.readyState = 1;
      s.protocol = meta.protocol;
      fire(self, NetEvent.prototype, 'open', null);
    } else if (kind === 2) {
      if (s.readyState !== 1) return;
      let data = text;
      if (meta.binary) {
        const bytes = byteStringToBytes(text);
        data = s.binaryType === 'arraybuffer' ? bytesBuffer(bytes) : makeBlob(bytes, '');
      }
      fire(self, NetMessageEvent.prototype, 'message', { data: data, origin: wsOrigin(s.url), lastEventId: '', source: null, ports: [] });
    } else if (kind === 4) {
      s.readyState = 3;
      fire(self, NetEvent.prototype, 'error', null);
    } else if (kind === 3) {
      mapDelete(waiting, s.id);
      s.readyState = 3;
      fire(self, NetCloseEvent.prototype, 'close', { code: meta.code, reason: meta.reason, wasClean: meta.wasClean });
    }
  });
}
function wsOrigin(url) {
  const i = stringIndexOf(url, '://');
  let end = i + 3;
  while (end < url.length && url[end] !== '/' && url[end] !== '?') end++;
  return stringSlice(url, 0, end);
}
NetWebSocket.prototype = ObjectCreate(NetEventTarget.prototype, { constructor: { value: NetWebSocket, writable: true, configurable: true } });
setPrototypeOf(NetWebSocket, NetEventTarget);
constants(NetWebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
eventHandlers(NetWebSocket.prototype, ['open', 'message', 'error', 'close']);
tag(NetWebSocket.prototype, 'WebSocket');
function ws(self, what) { return stateOf(socketState, self, 'WebSocket.' + what); }
getters(NetWebSocket.prototype, {
  url: function () { return ws(this, 'url').url; },
  readyState: function () { return ws(this, 'readyState').readyState; },
  protocol: function () { return ws(this, 'protocol').protocol; },
  extensions: function () { ws(this, 'extensions'); return ''; },
  bufferedAmount: function () { return ws(this, 'bufferedAmount').buffered; },
  binaryType: {
    get: function () { return ws(this, 'binaryType').binaryType; },
    set: function (v) { const s = ws(this, 'binaryType'); v = StringCtor(v); if (v === 'blob' || v === 'arraybuffer') s.binaryType = v; }
  }
});
methods(NetWebSocket.prototype, {
  send: function send(data) {
    const s = ws(this, 'send');
    if (s.readyState === 0) throw domException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
    let payload, binary = false;
    if (isBlob(data)) { payload = bytesToByteString(weakGet(blobState, data).bytes); binary = true; }
    else {
      const bytes = bufferBytes(data);
      if (bytes !== null) { payload = bytesToByteString(bytes); binary = true; } else payload = StringCtor(data);
    }
    if (s.readyState !== 1) { s.buffered += binary ? payload.length : utf8Encode(payload).length; return; }
    native.wsSend(s.id, payload, binary);
  },
  close: function close(code, reason) {
    const s = ws(this, 'close');
    if (code !== undefined) {
      code = NumberCtor(code);
      if (code !== 1000 && !(code >= 3000 && code <= 4999)) {
        throw domException("Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. " + StringCtor(code) + " is neither.", 'InvalidAccessError');
      }
    }
    const why = reason === undefined ? '' : StringCtor(reason);
    if (utf8Encode(why).length > 123) throw domException("Failed to execute 'close' on 'WebSocket': The close reason must not be greater than 123 UTF-8 bytes.", 'SyntaxError');
    if (s.readyState === 2 || s.readyState === 3) return;
    s.readyState = 2;
    native.wsClose(s.id, code === undefined ? 1005 : code, why);
  }
});
putGlobal('WebSocket', NetWebSocket);
putGlobal('CloseEvent', NetCloseEvent);
