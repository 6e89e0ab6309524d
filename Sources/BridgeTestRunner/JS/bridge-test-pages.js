(function (kit, global) {
'use strict';
// Pages in tests for `bridge-run test`: loadPage(pathOrURL, options) and the page object. An
// extension of bridge-test-harness.js (built-ins captured at load). The page itself lives in
// native code (TestPages, TestPage): a fresh engine with the standards DOM in the test's VM, so
// `page.window` is the page's own global object, shared, not a copy.

const T = kit.T, fmt = kit.fmt;
const PromiseCtor = Promise;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const StringCtor = String;
const stringify = JSON.stringify;
const parse = JSON.parse;
const promiseThen = Function.prototype.call.bind(Promise.prototype.then);
const objectKeys = Object.keys;
const freeze = Object.freeze;
const defineProperty = Object.defineProperty;
const isArray = Array.isArray;

function messageOf(e) {
  try { return e !== null && typeof e === 'object' ? StringCtor(e.message) : StringCtor(e); } catch (x) { return '(no message)'; }
}
function jsonOf(what, v) {
  let json;
  try { json = stringify(v === undefined ? null : v); } catch (e) {
    throw new TypeErrorCtor(what + ': cannot be sent as JSON: ' + messageOf(e));
  }
  return json === undefined ? 'null' : json;
}
// A promise settled by native code: `start(resolve, reject)` hands both over; a rejection
// arrives as {message, code?} and becomes an Error of the test's realm.
function pending(start) {
  return new PromiseCtor(function (resolve, reject) {
    start(resolve, function (e) {
      const error = new ErrorCtor(e !== null && typeof e === 'object' ? StringCtor(e.message) : StringCtor(e));
      if (e !== null && typeof e === 'object' && typeof e.code === 'string') error.code = e.code;
      reject(error);
    });
  });
}
const OPTION_KEYS = { __proto__: null, mock: true, offline: true, capabilities: true, schemas: true, url: true, httpMock: true };
function optionsJSON(target, options) {
  const what = 'loadPage(' + stringify(target) + ', options)';
  if (options === undefined || options === null) return '{}';
  if (typeof options !== 'object' || isArray(options)) throw new TypeErrorCtor(what + ': options must be an object, got ' + fmt(options));
  const out = { __proto__: null };
  const keys = objectKeys(options);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (OPTION_KEYS[k] !== true) {
      throw new TypeErrorCtor(what + ': unknown option ' + stringify(k) + ' (mock, offline, capabilities, schemas, url)');
    }
    const v = options[k];
    if (v === undefined) continue;
    if (k === 'httpMock') {
      throw new TypeErrorCtor(what + ': httpMock needs the network layer, which this build does not have yet');
    }
    if (k === 'mock') {
      if (typeof v === 'string') { out.mock = v; continue; }
      if (v === null || typeof v !== 'object' || isArray(v)) {
        throw new TypeErrorCtor(what + ': options.mock must be {method: value | fn} or the path of a mock file, got ' + fmt(v));
      }
      const specs = { __proto__: null };
      const methods = objectKeys(v);
      for (let j = 0; j < methods.length; j++) {
        specs[methods[j]] = parse(kit.mockSpec(v[methods[j]], what + ': options.mock[' + stringify(methods[j]) + ']'));
      }
      out.mock = specs;
      continue;
    }
    if (typeof v !== 'string' || v === '') throw new TypeErrorCtor(what + ': options.' + k + ' must be a non-empty string, got ' + fmt(v));
    out[k] = v;
  }
  return stringify(out);
}

function makePage(id, target) {
  const page = { __proto__: null };
  const closedError = function () { return new ErrorCtor('page ' + stringify(target) + ' is closed'); };
  defineProperty(page, 'window', { get: function () { return T.pageWindow(id); }, enumerable: true });
  defineProperty(page, 'document', {
    get: function () { const w = T.pageWindow(id); if (w === undefined) throw closedError(); return w.document; },
    enumerable: true
  });
  defineProperty(page, 'url', { get: function () { return T.pageURL(id); }, enumerable: true });
  page.emit = function emit(name, payload) {
    if (typeof name !== 'string' || name === '') throw new TypeErrorCtor('page.emit(name, payload): name must be a non-empty string');
    const json = jsonOf('page.emit(' + stringify(name) + ', payload)', payload);
    return pending(function (ok, fail) { T.pageEmit(id, name, json, ok, fail); });
  };
  page.callJS = function callJS(name, data, options) {
    if (typeof name !== 'string' || name === '') throw new TypeErrorCtor('page.callJS(name, data): name must be a non-empty string');
    const json = jsonOf('page.callJS(' + stringify(name) + ', data)', data === undefined ? {} : data);
    const timeout = options !== null && typeof options === 'object' ? options.timeout : undefined;
    if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) {
      throw new TypeErrorCtor('page.callJS(name, data, {timeout}): timeout must be a positive number of milliseconds');
    }
    return pending(function (ok, fail) { T.pageCallJS(id, name, json, timeout, ok, fail); });
  };
  page.calls = function calls(method) { return T.pageCalls(id, method === undefined || method === null ? null : StringCtor(method)); };
  page.requests = function requests() { return T.pageRequests(id); };
  page.trace = function trace() { return T.pageTrace(id); };
  page.errors = function errors() { return T.pageErrors(id); };
  page.settle = function settle() {
    return pending(function (ok, fail) { T.pageSettle(id, ok, fail); });
  };
  page.navigate = function navigate(url) {
    if (typeof url !== 'string' || url === '') throw new TypeErrorCtor('page.navigate(url): url must be a non-empty string');
    return promiseThen(pending(function (ok, fail) { T.pageNavigate(id, url, ok, fail); }), function () { return page; });
  };
  page.close = function close() { T.pageClose(id); };
  return freeze(page);
}

function loadPage(target, options) {
  if (typeof target !== 'string' || target === '') {
    throw new TypeErrorCtor('loadPage(pathOrURL, options): give the path of an .html or .js page (relative to the test file) or a URL, got ' + fmt(target));
  }
  const json = optionsJSON(target, options);
  let id;
  const loaded = pending(function (ok, fail) { id = T.pageOpen(target, json, ok, fail); });
  return promiseThen(loaded, function () { return makePage(id, target); });
}

defineProperty(global, 'loadPage', { value: loadPage, writable: true, enumerable: false, configurable: true });
})(__bridgeTestKit, this);
