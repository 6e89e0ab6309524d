// The network layer's page script, part 4 of 6: XMLHttpRequest (readyState 0-4 with its
// events, response types, synchronous requests, upload events, timeout, abort).
// ---- shared with fetch (net-fetch.js, which loads later, at the first touch of fetch, Headers,
// Request or Response) ----
function headersGet(s, name) {
  let out = null;
  for (let i = 0; i < s.list.length; i++) if (s.list[i][0] === name) out = out === null ? s.list[i][1] : out + ', ' + s.list[i][1];
  return out;
}
// Sorted by name, values of one name combined (set-cookie values stay separate).
function headersSorted(s) {
  const names = [];
  for (let i = 0; i < s.list.length; i++) if (arrayIndexOf(names, s.list[i][0]) < 0) arrayPush(names, s.list[i][0]);
  arraySort(names, function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  const out = [];
  for (let i = 0; i < names.length; i++) {
    if (names[i] === 'set-cookie') {
      for (let k = 0; k < s.list.length; k++) if (s.list[k][0] === 'set-cookie') arrayPush(out, ['set-cookie', s.list[k][1]]);
    } else {
      arrayPush(out, [names[i], headersGet(s, names[i])]);
    }
  }
  return out;
}
const normalizedMethods = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH'];
function normalizeMethod(m, what) {
  m = StringCtor(m);
  if (!isToken(m)) throw new TypeErrorCtor("Failed to " + what + ": '" + m + "' is not a valid HTTP method.");
  const upper = stringToUpperCase(m);
  if (upper === 'CONNECT' || upper === 'TRACE' || upper === 'TRACK') throw new TypeErrorCtor("Failed to " + what + ": '" + m + "' HTTP method is unsupported.");
  // PATCH is case-sensitive in the standard; browsers send `patch` as written.
  return arrayIndexOf(normalizedMethods, upper) >= 0 && upper !== 'PATCH' ? upper : m;
}
// A blob: URL is answered here (its bytes live in this script); other URLs go to native code.
function blobAnswer(url, method) {
  const blob = blobForURL(url);
  if (blob === undefined) return null;
  if (method !== 'GET') return { error: 'a blob: URL answers only GET' };
  const b = weakGet(blobState, blob);
  const headers = [['Content-Type', b.type], ['Content-Length', StringCtor(b.bytes.length)]];
  return { status: 200, statusText: 'OK', url: url, redirected: false, headers: headers, bytes: b.bytes };
}

const xhrState = new WeakMapCtor();
function NetXHREventTarget() { throw new TypeErrorCtor('Illegal constructor'); }
NetXHREventTarget.prototype = ObjectCreate(NetEventTarget.prototype, { constructor: { value: NetXHREventTarget, writable: true, configurable: true } });
setPrototypeOf(NetXHREventTarget, NetEventTarget);
const xhrEvents = ['loadstart', 'progress', 'abort', 'error', 'load', 'timeout', 'loadend'];
eventHandlers(NetXHREventTarget.prototype, xhrEvents);
tag(NetXHREventTarget.prototype, 'XMLHttpRequestEventTarget');
function NetXHRUpload() { throw new TypeErrorCtor('Illegal constructor'); }
NetXHRUpload.prototype = ObjectCreate(NetXHREventTarget.prototype, { constructor: { value: NetXHRUpload, writable: true, configurable: true } });
setPrototypeOf(NetXHRUpload, NetXHREventTarget);
tag(NetXHRUpload.prototype, 'XMLHttpRequestUpload');

function NetXMLHttpRequest() {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'XMLHttpRequest': Please use the 'new' operator");
  weakSet(listenerState, this, new MapCtor());
  const upload = ObjectCreate(NetXHRUpload.prototype);
  weakSet(listenerState, upload, new MapCtor());
  weakSet(xhrState, this, {
    readyState: 0, method: 'GET', url: '', async: true, headers: [], send: false, error: false, id: 0, token: 0,
    responseType: '', timeout: 0, withCredentials: false, mime: null, upload: upload, uploadDone: true,
    meta: null, body: null, cached: undefined
  });
}
NetXMLHttpRequest.prototype = ObjectCreate(NetXHREventTarget.prototype, { constructor: { value: NetXMLHttpRequest, writable: true, configurable: true } });
setPrototypeOf(NetXMLHttpRequest, NetXHREventTarget);
eventHandlers(NetXMLHttpRequest.prototype, ['readystatechange']);
constants(NetXMLHttpRequest, { UNSENT: 0, OPENED: 1, HEADERS_RECEIVED: 2, LOADING: 3, DONE: 4 });
tag(NetXMLHttpRequest.prototype, 'XMLHttpRequest');

function xhr(self, what) { return stateOf(xhrState, self, 'XMLHttpRequest.' + what); }
function invalidState(what, why) { return domException("Failed to execute '" + what + "' on 'XMLHttpRequest': " + why, 'InvalidStateError'); }
function setReadyState(self, s, n) {
  s.readyState = n;
  fire(self, NetEvent.prototype, 'readystatechange', null);
}
function progress(target, type, loaded, total) {
  fire(target, NetProgressEvent.prototype, type, { lengthComputable: total > 0, loaded: loaded, total: total });
}
// The request ended without a response (error, timeout, abort): readyState DONE, then the
// events in the order the standard gives.
function endWithout(self, s, type) {
  const token = s.token;
  s.error = true;
  s.send = false;
  s.meta = null;
  s.body = null;
  s.readyState = 4;
  fire(self, NetEvent.prototype, 'readystatechange', null);
  if (s.token !== token) return;
  if (!s.uploadDone) {
    s.uploadDone = true;
    progress(s.upload, type, 0, 0);
    progress(s.upload, 'loadend', 0, 0);
    if (s.token !== token) return;
  }
  progress(self, type, 0, 0);
  if (s.token !== token) return;
  progress(self, 'loadend', 0, 0);
}
function receive(self, s, meta, body) {
  const token = s.token;
  const sent = s.sentBytes;
  if (!s.uploadDone) {
    s.uploadDone = true;
    progress(s.upload, 'progress', sent, sent);
    progress(s.upload, 'load', sent, sent);
    progress(s.upload, 'loadend', sent, sent);
    if (s.token !== token) return;
  }
  s.meta = meta;
  s.body = body;
  s.cached = undefined;
  const length = typeof meta.length === 'number' ? meta.length : bodyBytes(body).length;
  setReadyState(self, s, 2);
  if (s.token !== token) return;
  setReadyState(self, s, 3);
  if (s.token !== token) return;
  progress(self, 'progress', length, length);
  if (s.token !== token) return;
  s.send = false;
  setReadyState(self, s, 4);
  if (s.token !== token) return;
  progress(self, 'load', length, length);
  if (s.token !== token) return;
  progress(self, 'loadend', length, length);
}
function responseHeaderList(s) {
  const out = [];
  if (s.meta === null || s.readyState < 2) return out;
  const h = s.meta.headers;
  for (let i = 0; i < h.length; i++) {
    const name = lower(h[i][0]);
    if (name === 'set-cookie' || name === 'set-cookie2') continue;
    arrayPush(out, [name, h[i][1]]);
  }
  return out;
}
function contentType(s) {
  if (s.mime !== null) return s.mime;
  const list = responseHeaderList(s);
  for (let i = 0; i < list.length; i++) if (list[i][0] === 'content-type') return list[i][1];
  return '';
}

methods(NetXMLHttpRequest.prototype, {
  open: function open(method, url, async, user, password) {
    const s = xhr(this, 'open');
    if (arguments.length < 2) throw new TypeErrorCtor("Failed to execute 'open' on 'XMLHttpRequest': 2 arguments required, but only " + arguments.length + " present.");
    let m;
    try { m = normalizeMethod(method, "execute 'open' on 'XMLHttpRequest'"); } catch (e) {
      throw domException(e.message, stringIndexOf(e.message, 'unsupported') >= 0 ? 'SecurityError' : 'SyntaxError');
    }
    const resolved = native.resolve(StringCtor(url));
    if (typeof resolved !== 'string') throw domException("Failed to execute 'open' on 'XMLHttpRequest': Invalid URL", 'SyntaxError');
    const isAsync = arguments.length < 3 || async === undefined ? true : !!async;
    if (!isAsync && (s.timeout !== 0 || s.responseType !== '')) {
      throw domException("Failed to execute 'open' on 'XMLHttpRequest': Synchronous requests from a document must not set a timeout or a responseType.", 'InvalidAccessError');
    }
    if (s.id !== 0 && mapHas(waiting, s.id)) { mapDelete(waiting, s.id); native.abort(s.id); }
    s.token++;
    s.id = 0;
    s.method = m;
    s.url = resolved;
    s.async = isAsync;
    s.headers = [];
    s.send = false;
    s.error = false;
    s.meta = null;
    s.body = null;
    s.cached = undefined;
    s.uploadDone = true;
    if (s.readyState !== 1) setReadyState(this, s, 1);
  },
  setRequestHeader: function setRequestHeader(name, value) {
    const s = xhr(this, 'setRequestHeader');
    if (s.readyState !== 1 || s.send) throw invalidState('setRequestHeader', "The object's state must be OPENED.");
    name = StringCtor(name);
    if (!isToken(name)) throw domException("Failed to execute 'setRequestHeader' on 'XMLHttpRequest': '" + name + "' is not a valid HTTP header field name.", 'SyntaxError');
    value = trimHTTP(StringCtor(value));
    if (!isHeaderValue(value)) throw domException("Failed to execute 'setRequestHeader' on 'XMLHttpRequest': '" + value + "' is not a valid HTTP header field value.", 'SyntaxError');
    const key = lower(name);
    for (let i = 0; i < s.headers.length; i++) {
      if (lower(s.headers[i][0]) === key) { s.headers[i][1] = s.headers[i][1] + ', ' + value; return; }
    }
    arrayPush(s.headers, [name, value]);
  },
  send: function send(body) {
    const s = xhr(this, 'send');
    if (s.readyState !== 1) throw invalidState('send', "The object's state must be OPENED.");
    if (s.send) throw invalidState('send', 'The object is already sending.');
    const payload = (s.method === 'GET' || s.method === 'HEAD') ? null : extractBody(body === undefined ? null : body);
    let typed = false;
    for (let i = 0; i < s.headers.length; i++) if (lower(s.headers[i][0]) === 'content-type') typed = true;
    if (payload !== null && payload.type !== null && !typed) arrayPush(s.headers, ['Content-Type', payload.type]);
    s.error = false;
    s.sentBytes = payload === null ? 0 : bodyBytes(payload).length;
    const self = this;
    const blob = stringIndexOf(s.url, 'blob:') === 0 ? blobAnswer(s.url, s.method) : null;
    const wire = wireBody(payload);
    if (!s.async) {
      s.send = true;
      let meta, body;
      if (blob !== null) {
        meta = blob; body = { text: null, bytes: blob.bytes, type: null };
      } else {
        meta = native.request(s.method, s.url, jsonList(s.headers), wire[0], wire[1], true, 0, true);
        body = !hasOwn(meta, 'error') ? receivedBody(meta.text, meta.binary) : null;
      }
      if (hasOwn(meta, 'error')) {
        s.error = true;
        s.send = false;
        s.readyState = 4;
        throw domException("Failed to execute 'send' on 'XMLHttpRequest': Failed to load '" + s.url + "': " + meta.error, 'NetworkError');
      }
      s.meta = meta;
      s.body = body;
      s.cached = undefined;
      s.send = false;
      const token = s.token;
      const length = bodyBytes(body).length;
      setReadyState(this, s, 4);
      if (s.token !== token) return;
      progress(this, 'load', length, length);
      if (s.token !== token) return;
      progress(this, 'loadend', length, length);
      return;
    }
    s.send = true;
    s.uploadDone = payload === null;
    const token = s.token;
    progress(this, 'loadstart', 0, 0);
    if (s.token !== token || !s.send) return;
    if (!s.uploadDone) {
      progress(s.upload, 'loadstart', 0, s.sentBytes);
      if (s.token !== token || !s.send) return;
    }
    if (blob !== null) {
      later(function () {
        if (s.token !== token) return;
        if (hasOwn(blob, 'error')) endWithout(self, s, 'error');
        else receive(self, s, blob, { text: null, bytes: blob.bytes, type: null });
      });
      return;
    }
    const id = native.request(s.method, s.url, jsonList(s.headers), wire[0], wire[1], false, s.timeout, true);
    s.id = id;
    mapSet(waiting, id, function (kind, meta, text, binary) {
      mapDelete(waiting, id);
      if (s.token !== token) return;
      s.id = 0;
      if (hasOwn(meta, 'timeout')) endWithout(self, s, 'timeout');
      else if (hasOwn(meta, 'error')) endWithout(self, s, 'error');
      else receive(self, s, meta, receivedBody(text, binary));
    });
  },
  abort: function abort() {
    const s = xhr(this, 'abort');
    if (s.id !== 0 && mapHas(waiting, s.id)) { mapDelete(waiting, s.id); native.abort(s.id); }
    s.id = 0;
    if ((s.readyState === 1 && s.send) || s.readyState === 2 || s.readyState === 3) {
      s.token++;
      endWithout(this, s, 'abort');
    }
    if (s.readyState === 4) { s.readyState = 0; s.error = false; s.meta = null; s.body = null; }
  },
  getResponseHeader: function getResponseHeader(name) {
    const s = xhr(this, 'getResponseHeader');
    const key = lower(StringCtor(name));
    const list = responseHeaderList(s);
    let out = null;
    for (let i = 0; i < list.length; i++) if (list[i][0] === key) out = out === null ? list[i][1] : out + ', ' + list[i][1];
    return out;
  },
  getAllResponseHeaders: function getAllResponseHeaders() {
    const s = xhr(this, 'getAllResponseHeaders');
    const sorted = headersSorted({ list: responseHeaderList(s) });
    let out = '';
    for (let i = 0; i < sorted.length; i++) out += sorted[i][0] + ': ' + sorted[i][1] + '\r\n';
    return out;
  },
  overrideMimeType: function overrideMimeType(mime) {
    const s = xhr(this, 'overrideMimeType');
    if (s.readyState === 3 || s.readyState === 4) throw invalidState('overrideMimeType', "MimeType cannot be overridden when the state is LOADING or DONE.");
    s.mime = StringCtor(mime);
  }
});
getters(NetXMLHttpRequest.prototype, {
  readyState: function () { return xhr(this, 'readyState').readyState; },
  status: function () { const s = xhr(this, 'status'); return s.error || s.meta === null || s.readyState < 2 ? 0 : s.meta.status; },
  statusText: function () { const s = xhr(this, 'statusText'); return s.error || s.meta === null || s.readyState < 2 ? '' : s.meta.statusText; },
  responseURL: function () { const s = xhr(this, 'responseURL'); return s.error || s.meta === null ? '' : s.meta.url; },
  upload: function () { return xhr(this, 'upload').upload; },
  responseType: {
    get: function () { return xhr(this, 'responseType').responseType; },
    set: function (v) {
      const s = xhr(this, 'responseType');
      v = StringCtor(v);
      if (v !== '' && v !== 'text' && v !== 'json' && v !== 'arraybuffer' && v !== 'blob' && v !== 'document') return;
      if (s.readyState === 3 || s.readyState === 4) throw domException("Failed to set the 'responseType' property on 'XMLHttpRequest': The response type cannot be set if the object's state is LOADING or DONE.", 'InvalidStateError');
      if (s.readyState !== 0 && !s.async) throw domException("Failed to set the 'responseType' property on 'XMLHttpRequest': The response type cannot be changed for synchronous requests made from a document.", 'InvalidAccessError');
      s.responseType = v;
    }
  },
  timeout: {
    get: function () { return xhr(this, 'timeout').timeout; },
    set: function (v) {
      const s = xhr(this, 'timeout');
      if (s.readyState !== 0 && !s.async) throw domException("Failed to set the 'timeout' property on 'XMLHttpRequest': Timeouts cannot be set for synchronous requests made from a document.", 'InvalidAccessError');
      const n = NumberCtor(v);
      s.timeout = n >= 0 && isFiniteFn(n) ? MathFloor(n) : 0;
    }
  },
  withCredentials: {
    get: function () { return xhr(this, 'withCredentials').withCredentials; },
    set: function (v) {
      const s = xhr(this, 'withCredentials');
      if ((s.readyState !== 0 && s.readyState !== 1) || s.send) throw domException("Failed to set the 'withCredentials' property on 'XMLHttpRequest': The value may only be set if the object's state is UNSENT or OPENED.", 'InvalidStateError');
      s.withCredentials = !!v;
    }
  },
  responseText: function () {
    const s = xhr(this, 'responseText');
    if (s.responseType !== '' && s.responseType !== 'text') {
      throw domException("Failed to read the 'responseText' property from 'XMLHttpRequest': The value is only accessible if the object's 'responseType' is '' or 'text' (was '" + s.responseType + "').", 'InvalidStateError');
    }
    return s.readyState < 3 || s.body === null ? '' : textOf(s.body);
  },
  responseXML: function () {
    const s = xhr(this, 'responseXML');
    if (s.responseType !== '' && s.responseType !== 'document') {
      throw domException("Failed to read the 'responseXML' property from 'XMLHttpRequest': The value is only accessible if the object's 'responseType' is '' or 'document' (was '" + s.responseType + "').", 'InvalidStateError');
    }
    return null;
  },
  response: function () {
    const s = xhr(this, 'response');
    const t = s.responseType;
    if (t === '' || t === 'text') return s.readyState < 3 || s.body === null ? '' : textOf(s.body);
    if (s.readyState !== 4 || s.body === null) return null;
    if (s.cached !== undefined) return s.cached;
    if (t === 'json') {
      const text = textOf(s.body);
      try { s.cached = text === '' ? null : jsonParse(text); } catch (e) { s.cached = null; }
    } else if (t === 'arraybuffer') {
      s.cached = bytesBuffer(bodyBytes(s.body));
    } else if (t === 'blob') {
      s.cached = makeBlob(copyBytes(bodyBytes(s.body)), contentType(s));
    } else {
      s.cached = null;
    }
    return s.cached;
  }
});

putGlobal('XMLHttpRequestEventTarget', NetXHREventTarget);
putGlobal('XMLHttpRequestUpload', NetXHRUpload);
putGlobal('XMLHttpRequest', NetXMLHttpRequest);
