(function (native, global) {
'use strict';
const cfg = native.config();
const MAX_DEPTH = cfg.maxDepth;
const MAX_BYTES = cfg.maxMessageBytes;
const MAX_STRING = cfg.maxStringLength;
const MAX_ARRAY = cfg.maxArrayLength;
// The SDK's callback ids are CALLBACK_PREFIX + n; native code owns the format (SDKCallbackID).
const CALLBACK_PREFIX = cfg.callbackPrefix;
const hasOwn = Object.prototype.hasOwnProperty;
global.window = global;
global.self = global;

// ---- value check: what JSON.stringify would silently change is refused, with the path ----
let needsReplacer = false;
const wellFormed = typeof String.prototype.isWellFormed === 'function'
  ? function (s) { return s.isWellFormed(); }
  : function (s) { return !/[\uD800-\uDFFF]/.test(s) || /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/.test(s); };
function fail(reason, code) { return { reason: reason, path: [], code: code }; }
function check(v, depth, stack) {
  switch (typeof v) {
    case 'string':
      if (v.length > MAX_STRING) return fail('a string of ' + v.length + ' characters is longer than the limit of ' + MAX_STRING, 'PAYLOAD_TOO_LARGE');
      return wellFormed(v) ? null : fail('a string with a lone UTF-16 surrogate cannot cross the bridge');
    case 'boolean': case 'undefined': return null;
    case 'number': return (v - v === 0) ? null : fail(String(v) + ' is not a finite number and cannot cross the bridge');
    case 'function': return fail('a function cannot cross the bridge');
    case 'symbol': return fail('a Symbol cannot cross the bridge');
    case 'bigint': return fail('a BigInt cannot cross the bridge; send it as a string');
  }
  if (v === null) return null;
  if (depth > MAX_DEPTH) return fail('nested deeper than ' + MAX_DEPTH + ' levels');
  if (stack.indexOf(v) >= 0) return fail('a cyclic reference cannot cross the bridge');
  if (Array.isArray(v)) {
    if (v.length > MAX_ARRAY) return fail('an array of ' + v.length + ' elements is longer than the limit of ' + MAX_ARRAY, 'PAYLOAD_TOO_LARGE');
    stack.push(v);
    for (let i = 0; i < v.length; i++) {
      const f = check(v[i], depth + 1, stack);
      if (f !== null) { f.path.unshift(i); return f; }
    }
    stack.pop();
    return null;
  }
  if (v instanceof Date) return isNaN(v.getTime()) ? fail('an invalid Date cannot cross the bridge') : null;
  if (ArrayBuffer.isView(v)) {
    if (v instanceof DataView) return fail('a DataView cannot cross the bridge; send an array of numbers');
    if (v.length > MAX_ARRAY) return fail('a typed array of ' + v.length + ' elements is longer than the limit of ' + MAX_ARRAY, 'PAYLOAD_TOO_LARGE');
    if (v instanceof Float32Array || v instanceof Float64Array) {
      for (let i = 0; i < v.length; i++) if (v[i] - v[i] !== 0) { const f = fail(String(v[i]) + ' is not a finite number and cannot cross the bridge'); f.path.unshift(i); return f; }
    }
    needsReplacer = true; return null;
  }
  if (v instanceof ArrayBuffer) {
    if (v.byteLength > MAX_ARRAY) return fail('an ArrayBuffer of ' + v.byteLength + ' bytes is longer than the limit of ' + MAX_ARRAY, 'PAYLOAD_TOO_LARGE');
    needsReplacer = true; return null;
  }
  if (v instanceof Map || v instanceof Set || v instanceof WeakMap || v instanceof WeakSet)
    return fail('a ' + v.constructor.name + ' cannot cross the bridge; convert it to an object or array');
  if (v instanceof RegExp) return fail('a RegExp cannot cross the bridge; send its source string');
  if (typeof v.then === 'function') return fail('a Promise cannot cross the bridge; await it first');
  if (typeof v.toJSON === 'function') {
    // What JSON.stringify will write is what must be checked.
    let j;
    try { j = v.toJSON(''); } catch (e) { throw { rethrow: e }; }
    stack.push(v);
    const f = check(j, depth + 1, stack);
    stack.pop();
    return f;
  }
  stack.push(v);
  for (const k in v) {
    if (!hasOwn.call(v, k)) continue;
    if (!wellFormed(k)) { const f = fail('a key with a lone UTF-16 surrogate cannot cross the bridge'); f.path.unshift(k); return f; }
    if (k.length > MAX_STRING) return fail('a key of ' + k.length + ' characters is longer than the limit of ' + MAX_STRING, 'PAYLOAD_TOO_LARGE');
    const f = check(v[k], depth + 1, stack);
    if (f !== null) { f.path.unshift(k); return f; }
  }
  stack.pop();
  return null;
}
function replacer(k, v) {
  if (ArrayBuffer.isView(v)) return Array.from(v);
  if (v instanceof ArrayBuffer) return Array.from(new Uint8Array(v));
  return v;
}
function renderPath(parts) {
  if (parts.length > 16) parts = parts.slice(0, 6).concat(['…(' + (parts.length - 12) + ' more levels)…'], parts.slice(-6));
  let out = '';
  for (const p of parts) out += (typeof p === 'number') ? '[' + p + ']' : (out ? '.' + p : p);
  return out;
}
const checkStack = [];
// Returns JSON text, or throws {bridgeInvalid: reason}.
function toJSON(v, root, depth0) {
  needsReplacer = false;
  let f;
  checkStack.length = 0;
  try { f = check(v, depth0 || 0, checkStack); } catch (e) {
    // A throwing toJSON reaches the caller, as it would from JSON.stringify; a stack overflow
    // or a throwing getter or proxy is a refusal.
    if (e !== null && typeof e === 'object' && 'rethrow' in e) throw e.rethrow;
    f = fail(e instanceof RangeError ? 'nested too deeply' : 'reading the value threw: ' + String(e));
  }
  if (f !== null) {
    if (root) f.path.unshift(root);
    const p = renderPath(f.path);
    throw { bridgeInvalid: (p ? p + ': ' : '') + f.reason, code: f.code };
  }
  const text = needsReplacer ? JSON.stringify(v, replacer) : JSON.stringify(v);
  if (text !== undefined && text.length > MAX_BYTES) throw { bridgeInvalid: 'message of ' + text.length + ' characters is larger than the limit of ' + MAX_BYTES + ' bytes', code: 'PAYLOAD_TOO_LARGE' };
  return text === undefined ? 'null' : text;
}

// ---- console ----
function inspect(v, depth, seen) {
  switch (typeof v) {
    case 'string': return depth === 0 ? v : "'" + v.replace(/'/g, "\\'") + "'";
    case 'function': return '[Function: ' + (v.name || '(anonymous)') + ']';
    case 'symbol': return v.toString();
    case 'bigint': return String(v) + 'n';
    case 'object': break;
    default: return String(v);
  }
  if (v === null) return 'null';
  if (v instanceof Error) return v.stack ? (String(v) + '\n' + v.stack) : String(v);
  if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
  if (seen.indexOf(v) >= 0) return '[Circular]';
  if (depth > 2) return Array.isArray(v) ? '[Array]' : '[Object]';
  seen.push(v);
  let out;
  if (Array.isArray(v)) {
    const parts = v.map(function (x) { return inspect(x, depth + 1, seen); });
    out = parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
  } else {
    const keys = Object.keys(v);
    const parts = keys.map(function (k) {
      const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : "'" + k + "'";
      return key + ': ' + inspect(v[k], depth + 1, seen);
    });
    out = parts.length ? '{ ' + parts.join(', ') + ' }' : '{}';
  }
  seen.pop();
  return out;
}
function format(args) {
  let first = args[0];
  let rest = 1;
  let out;
  if (typeof first === 'string' && first.indexOf('%') >= 0 && args.length > 1) {
    out = first.replace(/%[sdifjoO%]/g, function (m) {
      if (m === '%%') return '%';
      if (rest >= args.length) return m;
      const a = args[rest++];
      switch (m) {
        case '%s': return typeof a === 'string' ? a : inspect(a, 1, []);
        case '%d': case '%i': return String(m === '%i' ? parseInt(a) : Number(a));
        case '%f': return String(parseFloat(a));
        case '%j': try { return JSON.stringify(a); } catch (e) { return '[Circular]'; }
        default: return inspect(a, 1, []);
      }
    });
  } else {
    out = args.length ? inspect(first, 0, []) : '';
  }
  for (; rest < args.length; rest++) out += ' ' + inspect(args[rest], 0, []);
  return out;
}
const consoleObject = {};
['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
  consoleObject[level] = function () { native.console(level, format(Array.prototype.slice.call(arguments))); };
});
consoleObject.trace = consoleObject.debug;
global.console = consoleObject;

// ---- error reporting ----
function describe(e) {
  if (e instanceof Error) return String(e) + (typeof e.code === 'string' ? ' (' + e.code + ')' : '');
  try { return typeof e === 'string' ? e : inspect(e, 1, []); } catch (x) { return String(e); }
}
function report(kind, e) {
  const isObj = e !== null && typeof e === 'object';
  native.reportError(kind, describe(e), isObj && e.stack ? String(e.stack) : null,
    isObj && e.sourceURL ? String(e.sourceURL) : null, isObj && typeof e.line === 'number' ? e.line : -1);
}

// ---- timers ----
const timers = new Map();
function delayOf(ms) { ms = Number(ms); return (ms >= 1 && ms <= 2147483647) ? ms : 1; }
function addTimer(fn, ms, args, repeat) {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + typeof fn);
  const delay = delayOf(ms);
  const id = native.setTimer(delay, repeat);
  timers.set(id, { fn: fn, args: args, repeat: repeat });
  return id;
}
global.setTimeout = function setTimeout(fn, ms, ...args) { return addTimer(fn, ms, args, false); };
global.setInterval = function setInterval(fn, ms, ...args) { return addTimer(fn, ms, args, true); };
function clear(id) { id = Number(id); if (timers.delete(id)) native.clearTimer(id); }
global.clearTimeout = function clearTimeout(id) { clear(id); };
global.clearInterval = function clearInterval(id) { clear(id); };
global.queueMicrotask = function queueMicrotask(fn) {
  if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
  Promise.resolve().then(function () { try { fn(); } catch (e) { report('exception', e); } });
};
global.performance = { now: function () { return native.now(); } };
function fireTimer(id) {
  const t = timers.get(id);
  if (t === undefined) return;
  if (!t.repeat) timers.delete(id);
  t.fn.apply(undefined, t.args);
}

// ---- message handlers and the bridge SDK ----
const pending = new Map();
let seq = 0;
const handlerIndex = new Map();
function postRaw(name, body, timeout, wantsProgress) {
  let text;
  try { text = toJSON(body, ''); }
  catch (e) {
    if (e && e.bridgeInvalid !== undefined) {
      const id = (body !== null && typeof body === 'object' && typeof body.callbackId === 'string') ? body.callbackId : null;
      native.invalid(name, id, e.bridgeInvalid, e.code);
      return;
    }
    throw e;
  }
  const id = (body !== null && typeof body === 'object' && typeof body.callbackId === 'string') ? body.callbackId : null;
  postText(name, text, id, timeout, wantsProgress);
}
// The callbackId travels beside the text so a refusal on the native side still reaches it.
function postText(name, text, id, timeout, wantsProgress) {
  const index = handlerIndex.get(name);
  if (index === undefined) throw new TypeError("no message handler named '" + name + "'");
  if (timeout === undefined && !wantsProgress) native.post(index, text, id);
  else native.post(index, text, id, timeout === undefined ? -1 : Number(timeout), !!wantsProgress);
}
const messageHandlers = {};
function addHandler(name, index) {
  if (hasOwn.call(messageHandlers, name)) return;
  handlerIndex.set(name, index);
  Object.defineProperty(messageHandlers, name, {
    enumerable: true,
    value: Object.freeze({ postMessage: function postMessage(body) { postRaw(name, body, undefined, false); } })
  });
}
global.webkit = { messageHandlers: messageHandlers };

function BridgeCallError(err) {
  const e = new Error(err.message);
  e.name = 'BridgeError';
  e.code = err.code;
  e.details = err.details === undefined ? null : err.details;
  return e;
}
function send(method, params, options, entry) {
  if (typeof method !== 'string' || method === '') throw new TypeError('bridge: method must be a non-empty string');
  // Pending calls are keyed by their number: native code delivers answers to our ids as n.
  const n = ++seq;
  const id = CALLBACK_PREFIX + n;
  pending.set(n, entry);
  const handler = options && options.handler || 'bridge';
  // Only the params need the check; the envelope is the SDK's own, so it is written directly.
  let ptext;
  try { ptext = toJSON(params === undefined ? {} : params, 'params', 1); }
  catch (e) {
    if (e && e.bridgeInvalid !== undefined) { native.invalid(handler, id, e.bridgeInvalid, e.code); return; }
    pending.delete(n);
    throw e;
  }
  const text = '{"method":' + JSON.stringify(method) + ',"params":' + ptext + ',"callbackId":"' + id + '"}';
  postText(handler, text, id, options ? options.timeout : undefined, !!entry.onProgress);
}
const listeners = new Map();
const early = new Map();
const MAX_EARLY = cfg.maxEarlyEvents;
const jsHandlers = new Map();
const bridge = {
  call: function call(method, params, options) {
    return new Promise(function (resolve, reject) {
      send(method, params, options, { resolve: resolve, reject: reject, onProgress: options && typeof options.onProgress === 'function' ? options.onProgress : null });
    });
  },
  post: function post(method, params, callback) {
    if (typeof params === 'function' && callback === undefined) { callback = params; params = {}; }
    const cb = typeof callback === 'function' ? callback : function () {};
    send(method, params, undefined, {
      resolve: function (r) { cb(null, r); },
      reject: function (e) { cb(e, undefined); },
      onProgress: null
    });
  },
  on: function on(event, fn) {
    if (typeof fn !== 'function') throw new TypeError('bridge.on: listener must be a function');
    let list = listeners.get(event);
    if (!list) { list = []; listeners.set(event, list); }
    list.push(fn);
    const queued = early.get(event);
    if (queued) {
      early.delete(event);
      Promise.resolve().then(function () { for (const p of queued) callListener(fn, p); });
    }
    return bridge;
  },
  off: function off(event, fn) {
    const list = listeners.get(event);
    if (!list) return bridge;
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
    if (fn === undefined) list.length = 0;
    return bridge;
  },
  register: function register(name, fn) {
    if (typeof name !== 'string' || typeof fn !== 'function') throw new TypeError('bridge.register(name, fn)');
    jsHandlers.set(name, fn);
    return bridge;
  },
  unregister: function unregister(name) { jsHandlers.delete(name); return bridge; }
};
Object.freeze(bridge);
Object.defineProperty(global, 'bridge', { value: bridge, enumerable: true });

function callListener(fn, payload) { try { fn(payload); } catch (e) { report('exception', e); } }
function emit(name, payload) {
  const list = listeners.get(name);
  if (list && list.length) { for (const fn of list.slice()) callListener(fn, payload); return; }
  let q = early.get(name);
  if (!q) { q = []; early.set(name, q); }
  if (q.length >= MAX_EARLY) q.shift();
  q.push(payload);
}
// id: an event name (kind 2), n for one of our callback ids, else the callbackId string.
function settle(kind, id, value, error) {
  if (kind === 2) { emit(id, value); return; }
  if (typeof id === 'number') {
    const p = pending.get(id);
    if (p !== undefined) {
      if (kind === 1) { if (p.onProgress) p.onProgress(value); return; }
      pending.delete(id);
      if (error === null) p.resolve(value); else p.reject(BridgeCallError(error));
      return;
    }
    id = CALLBACK_PREFIX + id;
  }
  const g = global[id];
  if (typeof g === 'function') {
    g(kind === 1 ? { callbackId: id, progress: value } : { callbackId: id, result: value, error: error });
  }
}
// Settles a batch of [kind, id, value, error] entries in order; one entry that throws does not
// keep the others from settling.
function deliver(batch) {
  for (let i = 0; i < batch.length; i++) {
    const e = batch[i];
    try { settle(e[0], e[1], e[2], e[3]); } catch (err) { report('exception', err); }
  }
}
function reply(reqId, value) {
  let text;
  try { text = toJSON(value, 'result'); }
  catch (e) {
    if (e && e.bridgeInvalid !== undefined) { native.jsReply(reqId, null, e.code || 'INVALID_MESSAGE', e.bridgeInvalid); return; }
    throw e;
  }
  native.jsReply(reqId, text, null, null);
}
function replyError(reqId, e) { native.jsReply(reqId, null, 'HANDLER_ERROR', e instanceof Error ? e.message : describe(e)); }
function invoke(reqId, name, params) {
  const h = jsHandlers.get(name);
  if (h === undefined) { native.jsReply(reqId, null, 'METHOD_NOT_FOUND', "no JS handler registered for '" + name + "'"); return; }
  let r;
  try { r = h(params); } catch (e) { replyError(reqId, e); return; }
  if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
    r.then(function (v) { reply(reqId, v); }, function (e) { replyError(reqId, e); });
  } else {
    reply(reqId, r);
  }
}
function onUnhandledRejection(promise, reason) { report('rejection', reason); }

Object.defineProperty(global, '__bridgeSDK', {
  value: Object.freeze({ deliver: deliver, fireTimer: fireTimer, invoke: invoke, addHandler: addHandler,
    onUnhandledRejection: onUnhandledRejection, report: report }),
  enumerable: false
});
})(__native, this);
delete this.__native;
