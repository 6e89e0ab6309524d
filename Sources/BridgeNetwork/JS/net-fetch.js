// The network layer's page script, part 5 of 6: Headers, Request, Response and fetch (with part 6,
// loaded at the first touch of one of their globals: BridgeEngine+Network.swift).

// ---- Headers: [lower-case name, value] pairs in insertion order; read back sorted ----
const headersState = new WeakMapCtor();
function headerName(name, what) {
  name = StringCtor(name);
  if (!isToken(name)) throw new TypeErrorCtor("Failed to execute '" + what + "' on 'Headers': Invalid name");
  return lower(name);
}
function headerValue(value, what) {
  value = trimHTTP(StringCtor(value));
  if (!isHeaderValue(value)) throw new TypeErrorCtor("Failed to execute '" + what + "' on 'Headers': Invalid value");
  return value;
}
function headersOf(self, what) {
  const s = stateOf(headersState, self, 'Headers.' + what);
  return s;
}
function writable(s) { if (s.guard === 'immutable') throw new TypeErrorCtor('Headers are immutable'); }
function headersAppend(s, name, value) { arrayPush(s.list, [name, value]); }
function headersSet(s, name, value) {
  let at = -1;
  for (let i = s.list.length - 1; i >= 0; i--) if (s.list[i][0] === name) { if (at >= 0) arraySplice(s.list, at, 1); at = i; }
  if (at >= 0) s.list[at] = [name, value]; else arrayPush(s.list, [name, value]);
}
function fillHeaders(s, init, what) {
  if (init === undefined || init === null) { if (init === null) throw new TypeErrorCtor("Failed to construct '" + what + "': The provided value is not of type 'HeadersInit'."); return; }
  if (typeof init !== 'object' && typeof init !== 'function') throw new TypeErrorCtor("Failed to construct '" + what + "': The provided value is not of type 'HeadersInit'.");
  const own = weakGet(headersState, init);
  if (own !== undefined) { for (let i = 0; i < own.list.length; i++) headersAppend(s, own.list[i][0], own.list[i][1]); return; }
  if (typeof init[SymbolIterator] === 'function') {
    const pairs = collect(init, what);
    for (let i = 0; i < pairs.length; i++) {
      const p = collect(pairs[i], what);
      if (p.length !== 2) throw new TypeErrorCtor("Failed to construct '" + what + "': Invalid value");
      headersAppend(s, headerName(p[0], 'append'), headerValue(p[1], 'append'));
    }
    return;
  }
  const keys = objectKeys(init);
  for (let i = 0; i < keys.length; i++) headersAppend(s, headerName(keys[i], 'append'), headerValue(init[keys[i]], 'append'));
}
function NetHeaders(init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'Headers': Please use the 'new' operator");
  const s = { list: [], guard: 'none' };
  weakSet(headersState, this, s);
  fillHeaders(s, init, 'Headers');
}
function makeHeaders(list, guard) {
  const h = ObjectCreate(NetHeaders.prototype);
  weakSet(headersState, h, { list: list, guard: guard });
  return h;
}
methods(NetHeaders.prototype, {
  append: function append(name, value) { const s = headersOf(this, 'append'); writable(s); headersAppend(s, headerName(name, 'append'), headerValue(value, 'append')); },
  delete: function (name) {
    const s = headersOf(this, 'delete'); writable(s); name = headerName(name, 'delete');
    for (let i = s.list.length - 1; i >= 0; i--) if (s.list[i][0] === name) arraySplice(s.list, i, 1);
  },
  get: function get(name) { return headersGet(headersOf(this, 'get'), headerName(name, 'get')); },
  getSetCookie: function getSetCookie() {
    const s = headersOf(this, 'getSetCookie'), out = [];
    for (let i = 0; i < s.list.length; i++) if (s.list[i][0] === 'set-cookie') arrayPush(out, s.list[i][1]);
    return out;
  },
  has: function has(name) { return headersGet(headersOf(this, 'has'), headerName(name, 'has')) !== null; },
  set: function set(name, value) { const s = headersOf(this, 'set'); writable(s); headersSet(s, headerName(name, 'set'), headerValue(value, 'set')); },
  forEach: function forEach(callback, thisArg) {
    const sorted = headersSorted(headersOf(this, 'forEach'));
    for (let i = 0; i < sorted.length; i++) callFn(callback, thisArg, sorted[i][1], sorted[i][0], this);
  },
  entries: function entries() { return listIterator(headersSorted(headersOf(this, 'entries')), 2, 'Headers Iterator'); },
  keys: function keys() { return listIterator(headersSorted(headersOf(this, 'keys')), 0, 'Headers Iterator'); },
  values: function values() { return listIterator(headersSorted(headersOf(this, 'values')), 1, 'Headers Iterator'); }
});
defineProperty(NetHeaders.prototype, SymbolIterator, { value: NetHeaders.prototype.entries, writable: true, configurable: true });
tag(NetHeaders.prototype, 'Headers');
function headersWire(s) {
  const pairs = [];
  for (let i = 0; i < s.list.length; i++) arrayPush(pairs, [s.list[i][0], s.list[i][1]]);
  return jsonList(pairs);
}

// ---- the body mixin of Request and Response ----
function consume(self, map, kind, what) {
  const s = weakGet(map, self);
  if (s === undefined) return promiseReject(new TypeErrorCtor("Can only call " + what + "." + kind + " on instances of " + what));
  if (s.bodyUsed) return promiseReject(new TypeErrorCtor("Failed to execute '" + kind + "' on '" + what + "': body stream already read"));
  if (s.aborted !== undefined && s.aborted !== null && signalAborted(s.aborted)) return promiseReject(abortReason(s.aborted));
  const body = s.body;
  if (body !== null) s.bodyUsed = true;
  try {
    switch (kind) {
      case 'text': return promiseResolve(textOf(body));
      case 'json': return promiseResolve(jsonParse(textOf(body)));
      case 'arrayBuffer': return promiseResolve(bytesBuffer(bodyBytes(body)));
      case 'bytes': return promiseResolve(copyBytes(bodyBytes(body)));
      case 'blob': return promiseResolve(makeBlob(copyBytes(bodyBytes(body)), headersGet(weakGet(headersState, s.headers), 'content-type') || ''));
      default: return promiseResolve(parseForm(s, body, what));
    }
  } catch (e) {
    return promiseReject(e);
  }
}
function parseForm(s, body, what) {
  const type = lower(headersGet(weakGet(headersState, s.headers), 'content-type') || '');
  if (stringIndexOf(type, 'application/x-www-form-urlencoded') !== 0) {
    throw new TypeErrorCtor("Failed to execute 'formData' on '" + what + "': only application/x-www-form-urlencoded bodies are supported here");
  }
  const form = new NetFormData();
  const pairs = stringSplit(textOf(body), '&');
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i] === '') continue;
    const eq = stringIndexOf(pairs[i], '=');
    const name = eq >= 0 ? stringSlice(pairs[i], 0, eq) : pairs[i], value = eq >= 0 ? stringSlice(pairs[i], eq + 1) : '';
    arrayPush(weakGet(formState, form), [formDecode(name), formDecode(value)]);
  }
  return form;
}
function formDecode(s) {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s[i] === '+' ? ' ' : s[i];
  try { return decodeURIComponentFn(out); } catch (e) { return out; }
}
function bodyMixin(proto, map, what) {
  methods(proto, {
    text: function text() { return consume(this, map, 'text', what); },
    json: function json() { return consume(this, map, 'json', what); },
    arrayBuffer: function arrayBuffer() { return consume(this, map, 'arrayBuffer', what); },
    bytes: function bytes() { return consume(this, map, 'bytes', what); },
    blob: function blob() { return consume(this, map, 'blob', what); },
    formData: function formData() { return consume(this, map, 'formData', what); }
  });
  getters(proto, {
    bodyUsed: function () { return stateOf(map, this, what + '.bodyUsed').bodyUsed; },
    // There are no streams here: `body` is null (read the body with text(), json(), …).
    body: function () { stateOf(map, this, what + '.body'); return null; },
    headers: function () { return stateOf(map, this, what + '.headers').headers; }
  });
}

// ---- Request ----
const requestState = new WeakMapCtor();
function buildRequest(self, input, init, what) {
  const o = init === undefined || init === null ? { __proto__: null } : init;
  if (typeof o !== 'object' && typeof o !== 'function') throw new TypeErrorCtor("Failed to " + what + ": The provided value is not of type 'RequestInit'.");
  const from = (input !== null && typeof input === 'object') ? weakGet(requestState, input) : undefined;
  let s;
  if (from !== undefined) {
    s = { method: from.method, url: from.url, headers: null, body: from.body, bodyUsed: false, signal: from.signal, mode: from.mode,
      credentials: from.credentials, cache: from.cache, redirect: from.redirect, referrer: from.referrer, referrerPolicy: from.referrerPolicy,
      integrity: from.integrity, keepalive: from.keepalive, source: from };
  } else {
    const url = native.resolve(StringCtor(input));
    if (typeof url !== 'string') throw new TypeErrorCtor("Failed to " + what + ": Failed to parse URL from " + StringCtor(input));
    s = { method: 'GET', url: url, headers: null, body: null, bodyUsed: false, signal: null, mode: 'cors', credentials: 'same-origin',
      cache: 'default', redirect: 'follow', referrer: 'about:client', referrerPolicy: '', integrity: '', keepalive: false, source: null };
  }
  if (o.method !== undefined) s.method = normalizeMethod(o.method, what);
  if (o.signal !== undefined) s.signal = checkSignal(o.signal, 'Request');
  const options = ['mode', 'credentials', 'cache', 'redirect', 'referrer', 'referrerPolicy', 'integrity'];
  for (let i = 0; i < options.length; i++) if (o[options[i]] !== undefined) s[options[i]] = StringCtor(o[options[i]]);
  if (o.keepalive !== undefined) s.keepalive = !!o.keepalive;
  if (s.redirect !== 'follow' && s.redirect !== 'error' && s.redirect !== 'manual') {
    throw new TypeErrorCtor("Failed to " + what + ": The provided value '" + s.redirect + "' is not a valid enum value of type RequestRedirect.");
  }
  const headers = { list: [], guard: 'request' };
  fillHeaders(headers, o.headers !== undefined ? o.headers : from !== undefined ? from.headers : undefined, 'Request');
  let body = s.body;
  if (o.body !== undefined && o.body !== null) {
    body = extractBody(o.body);
    if (body !== null && body.type !== null && headersGet(headers, 'content-type') === null) headersAppend(headers, 'content-type', body.type);
  } else if (o.body === null) {
    body = null;
  }
  if (body !== null && (s.method === 'GET' || s.method === 'HEAD')) throw new TypeErrorCtor("Failed to " + what + ": Request with GET/HEAD method cannot have body.");
  if (from !== undefined && from.body !== null && o.body === undefined && from.bodyUsed) throw new TypeErrorCtor("Failed to " + what + ": Cannot construct a Request with a Request object that has already been used.");
  s.body = body;
  s.headers = makeHeaders(headers.list, 'request');
  // A signal of our own follows the signal given (as a browser's request signal does).
  weakSet(requestState, self, s);
  return s;
}
function NetRequest(input, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'Request': Please use the 'new' operator");
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to construct 'Request': 1 argument required, but only 0 present.");
  buildRequest(this, input, init, "construct 'Request'");
}
getters(NetRequest.prototype, {
  method: function () { return stateOf(requestState, this, 'Request.method').method; },
  url: function () { return stateOf(requestState, this, 'Request.url').url; },
  signal: function () {
    const s = stateOf(requestState, this, 'Request.signal');
    if (s.ownSignal === undefined) {
      s.ownSignal = makeSignal();
      const own = s.ownSignal;
      if (s.signal !== null) { if (signalAborted(s.signal)) abortSignal(own, abortReason(s.signal)); else onAbortSignal(s.signal, function () { abortSignal(own, abortReason(s.signal)); }); }
    }
    return s.ownSignal;
  },
  mode: function () { return stateOf(requestState, this, 'Request.mode').mode; },
  credentials: function () { return stateOf(requestState, this, 'Request.credentials').credentials; },
  cache: function () { return stateOf(requestState, this, 'Request.cache').cache; },
  redirect: function () { return stateOf(requestState, this, 'Request.redirect').redirect; },
  referrer: function () { return stateOf(requestState, this, 'Request.referrer').referrer; },
  referrerPolicy: function () { return stateOf(requestState, this, 'Request.referrerPolicy').referrerPolicy; },
  integrity: function () { return stateOf(requestState, this, 'Request.integrity').integrity; },
  keepalive: function () { return stateOf(requestState, this, 'Request.keepalive').keepalive; },
  destination: function () { stateOf(requestState, this, 'Request.destination'); return ''; }
});
bodyMixin(NetRequest.prototype, requestState, 'Request');
methods(NetRequest.prototype, {
  clone: function clone() {
    const s = stateOf(requestState, this, 'Request.clone');
    if (s.bodyUsed) throw new TypeErrorCtor("Failed to execute 'clone' on 'Request': Request body is already used");
    const r = ObjectCreate(NetRequest.prototype);
    const copy = {};
    const keys = objectKeys(s);
    for (let i = 0; i < keys.length; i++) copy[keys[i]] = s[keys[i]];
    copy.headers = makeHeaders(arraySlice(weakGet(headersState, s.headers).list), 'request');
    copy.ownSignal = undefined;
    weakSet(requestState, r, copy);
    return r;
  }
});
tag(NetRequest.prototype, 'Request');

// ---- Response ----
const responseState = new WeakMapCtor();
const nullBodyStatus = [101, 103, 204, 205, 304];
function responseInit(s, init, body, what) {
  const o = init === undefined || init === null ? { __proto__: null } : init;
  if (o.status !== undefined) {
    const st = NumberCtor(o.status);
    if (!(st >= 200 && st <= 599) || MathFloor(st) !== st) throw new RangeErrorCtor("Failed to " + what + ": The status provided (" + StringCtor(o.status) + ") is outside the range [200, 599].");
    s.status = st;
  }
  if (o.statusText !== undefined) s.statusText = StringCtor(o.statusText);
  const headers = { list: [], guard: 'response' };
  fillHeaders(headers, o.headers, 'Response');
  if (body !== null) {
    if (arrayIndexOf(nullBodyStatus, s.status) >= 0) throw new TypeErrorCtor("Failed to " + what + ": Response with null body status cannot have body");
    if (body.type !== null && headersGet(headers, 'content-type') === null) headersAppend(headers, 'content-type', body.type);
  }
  s.headers = makeHeaders(headers.list, 'response');
  s.body = body;
}
function NetResponse(body, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'Response': Please use the 'new' operator");
  const s = { type: 'default', status: 200, statusText: '', url: '', redirected: false, headers: null, body: null, bodyUsed: false, aborted: null };
  responseInit(s, init, extractBody(body), "construct 'Response'");
  weakSet(responseState, this, s);
}
function makeResponse(s) {
  const r = ObjectCreate(NetResponse.prototype);
  weakSet(responseState, r, s);
  return r;
}
getters(NetResponse.prototype, {
  type: function () { return stateOf(responseState, this, 'Response.type').type; },
  url: function () { return stateOf(responseState, this, 'Response.url').url; },
  redirected: function () { return stateOf(responseState, this, 'Response.redirected').redirected; },
  status: function () { return stateOf(responseState, this, 'Response.status').status; },
  ok: function () { const st = stateOf(responseState, this, 'Response.ok').status; return st >= 200 && st <= 299; },
  statusText: function () { return stateOf(responseState, this, 'Response.statusText').statusText; }
});
bodyMixin(NetResponse.prototype, responseState, 'Response');
methods(NetResponse.prototype, {
  clone: function clone() {
    const s = stateOf(responseState, this, 'Response.clone');
    if (s.bodyUsed) throw new TypeErrorCtor("Failed to execute 'clone' on 'Response': Response body is already used");
    const h = weakGet(headersState, s.headers);
    return makeResponse({ type: s.type, status: s.status, statusText: s.statusText, url: s.url, redirected: s.redirected,
      headers: makeHeaders(arraySlice(h.list), h.guard), body: s.body, bodyUsed: false, aborted: s.aborted });
  }
});
methods(NetResponse, {
  error: function error() {
    return makeResponse({ type: 'error', status: 0, statusText: '', url: '', redirected: false, headers: makeHeaders([], 'immutable'), body: null, bodyUsed: false, aborted: null });
  },
  json: function json(data, init) {
    const text = jsonStringify(data);
    if (text === undefined) throw new TypeErrorCtor("Failed to execute 'json' on 'Response': The data is not JSON serializable");
    const s = { type: 'default', status: 200, statusText: '', url: '', redirected: false, headers: null, body: null, bodyUsed: false, aborted: null };
    responseInit(s, init, { text: text, bytes: null, type: 'application/json' }, "execute 'json' on 'Response'");
    return makeResponse(s);
  },
  redirect: function redirect(url, status) {
    const target = native.resolve(StringCtor(url));
    if (typeof target !== 'string') throw new TypeErrorCtor("Failed to execute 'redirect' on 'Response': Invalid URL");
    const st = status === undefined ? 302 : NumberCtor(status);
    if (arrayIndexOf([301, 302, 303, 307, 308], st) < 0) throw new RangeErrorCtor("Failed to execute 'redirect' on 'Response': Invalid status code");
    return makeResponse({ type: 'default', status: st, statusText: '', url: '', redirected: false, headers: makeHeaders([['location', target]], 'immutable'), body: null, bodyUsed: false, aborted: null });
  }
});
tag(NetResponse.prototype, 'Response');
function responseType(url) {
  if (stringIndexOf(url, 'data:') === 0 || stringIndexOf(url, 'blob:') === 0) return 'basic';
  return pageOrigin !== 'null' && (url === pageOrigin || stringIndexOf(url, pageOrigin + '/') === 0 || stringIndexOf(url, pageOrigin + '?') === 0) ? 'basic' : 'cors';
}
// A network response from native code's answer.
function networkResponse(meta, body, signal) {
  const list = [];
  for (let i = 0; i < meta.headers.length; i++) arrayPush(list, [lower(meta.headers[i][0]), meta.headers[i][1]]);
  return makeResponse({ type: responseType(meta.url), status: meta.status, statusText: meta.statusText, url: meta.url, redirected: meta.redirected,
    headers: makeHeaders(list, 'immutable'), body: body, bodyUsed: false, aborted: signal });
}

// ---- fetch ----
function fetch(input, init) {
  return new PromiseCtor(function (resolve, reject) {
    const r = {};
    let s;
    try { s = buildRequest(r, input, init, "execute 'fetch' on 'Window'"); } catch (e) { reject(e); return; }
    if (s.source !== null && s.source.body !== null && (init === undefined || init === null || init.body === undefined)) s.source.bodyUsed = true;
    const signal = s.signal;
    if (signal !== null && signalAborted(signal)) { reject(abortReason(signal)); return; }
    const blob = stringIndexOf(s.url, 'blob:') === 0 ? blobAnswer(s.url, s.method) : null;
    if (blob !== null) {
      later(function () {
        if (hasOwn(blob, 'error')) { reject(new TypeErrorCtor('Failed to fetch ' + s.url + ': ' + blob.error)); return; }
        resolve(networkResponse(blob, { text: null, bytes: blob.bytes, type: null }, signal));
      });
      return;
    }
    const wire = wireBody(s.body);
    const id = native.request(s.method, s.url, headersWire(weakGet(headersState, s.headers)), wire[0], wire[1], false, 0, s.redirect !== 'manual');
    mapSet(waiting, id, function (kind, meta, text, binary) {
      mapDelete(waiting, id);
      if (hasOwn(meta, 'error')) { reject(new TypeErrorCtor('Failed to fetch ' + s.url + ': ' + meta.error)); return; }
      if (s.redirect === 'error' && meta.redirected) { reject(new TypeErrorCtor('Failed to fetch ' + s.url + ': redirected, and the request\'s redirect mode is "error"')); return; }
      if (s.redirect === 'manual' && meta.status >= 300 && meta.status < 400 && meta.status !== 304) {
        resolve(makeResponse({ type: 'opaqueredirect', status: 0, statusText: '', url: meta.url, redirected: false, headers: makeHeaders([], 'immutable'), body: null, bodyUsed: false, aborted: null }));
        return;
      }
      resolve(networkResponse(meta, receivedBody(text, binary), signal));
    });
    if (signal !== null) {
      onAbortSignal(signal, function () {
        if (!mapHas(waiting, id)) return;
        mapDelete(waiting, id);
        native.abort(id);
        reject(abortReason(signal));
      });
    }
  });
}

putGlobal('Headers', NetHeaders);
putGlobal('Request', NetRequest);
putGlobal('Response', NetResponse);
putGlobal('fetch', fetch);
