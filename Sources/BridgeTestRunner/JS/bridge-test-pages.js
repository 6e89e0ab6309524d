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
      throw new TypeErrorCtor(what + ': unknown option ' + stringify(k) + ' (mock, httpMock, offline, capabilities, schemas, url)');
    }
    const v = options[k];
    if (v === undefined) continue;
    if (k === 'httpMock') {
      if (typeof v !== 'string' && !isArray(v)) {
        throw new TypeErrorCtor(what + ': options.httpMock must be a list of HTTP fixture rules or the path of a fixture file, got ' + fmt(v));
      }
      out.httpMock = typeof v === 'string' ? v : parse(jsonOf(what + ': options.httpMock', v));
      continue;
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

// The page object: methods on a shared prototype, state behind accessors, nothing enumerable
// (printing a page in a failure shows `BridgePage {}`, not the whole window).
function BridgePage() {}
const pageIDs = new WeakMap();
const weakMapGet = Function.prototype.call.bind(WeakMap.prototype.get);
const weakMapSet = Function.prototype.call.bind(WeakMap.prototype.set);
function idOf(page) {
  const id = weakMapGet(pageIDs, page);
  if (id === undefined) throw new TypeErrorCtor('not a page from loadPage()');
  return id;
}
function method(name, fn) {
  defineProperty(BridgePage.prototype, name, { value: fn, writable: true, enumerable: false, configurable: true });
}
function getter(name, fn) {
  defineProperty(BridgePage.prototype, name, { get: fn, enumerable: false, configurable: true });
}
getter('window', function () { return T.pageWindow(idOf(this)); });
getter('document', function () { return T.pageWindow(idOf(this)).document; });
getter('url', function () { return T.pageURL(idOf(this)); });
method('emit', function emit(name, payload) {
  const id = idOf(this);
  if (typeof name !== 'string' || name === '') throw new TypeErrorCtor('page.emit(name, payload): name must be a non-empty string');
  const json = jsonOf('page.emit(' + stringify(name) + ', payload)', payload);
  return pending(function (ok, fail) { T.pageEmit(id, name, json, ok, fail); });
});
method('callJS', function callJS(name, data, options) {
  const id = idOf(this);
  if (typeof name !== 'string' || name === '') throw new TypeErrorCtor('page.callJS(name, data): name must be a non-empty string');
  const json = jsonOf('page.callJS(' + stringify(name) + ', data)', data === undefined ? {} : data);
  const timeout = options !== null && typeof options === 'object' ? options.timeout : undefined;
  if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) {
    throw new TypeErrorCtor('page.callJS(name, data, {timeout}): timeout must be a positive number of milliseconds');
  }
  return pending(function (ok, fail) { T.pageCallJS(id, name, json, timeout, ok, fail); });
});
method('calls', function calls(m) { return T.pageCalls(idOf(this), m === undefined || m === null ? null : StringCtor(m)); });
method('requests', function requests() { return T.pageRequests(idOf(this)); });
method('trace', function trace() { return T.pageTrace(idOf(this)); });
method('errors', function errors() { return T.pageErrors(idOf(this)); });
method('settle', function settle() {
  const id = idOf(this);
  return pending(function (ok, fail) { T.pageSettle(id, ok, fail); });
});
method('navigate', function navigate(url) {
  const id = idOf(this), page = this;
  if (typeof url !== 'string' || url === '') throw new TypeErrorCtor('page.navigate(url): url must be a non-empty string');
  return promiseThen(pending(function (ok, fail) { T.pageNavigate(id, url, ok, fail); }), function () { return page; });
});
method('close', function close() { T.pageClose(idOf(this)); });
freeze(BridgePage.prototype);
function makePage(id) {
  const page = new BridgePage();
  weakMapSet(pageIDs, page, id);
  return freeze(page);
}

function loadPage(target, options) {
  if (typeof target !== 'string' || target === '') {
    throw new TypeErrorCtor('loadPage(pathOrURL, options): give the path of an .html or .js page (relative to the test file) or a URL, got ' + fmt(target));
  }
  const json = optionsJSON(target, options);
  let id;
  const loaded = pending(function (ok, fail) { id = T.pageOpen(target, json, ok, fail); });
  return promiseThen(loaded, function () { return makePage(id); });
}

defineProperty(global, 'loadPage', { value: loadPage, writable: true, enumerable: false, configurable: true });
})(__bridgeTestKit, this);
