(function (env) {
'use strict';
// Where the page is and where it goes: `location`, `history`, `window.open`, links, iframes.
// A navigation goes to native code first: a bridge URL (`hybrid://…`, a peer's handshake) is
// intercepted there and never navigates; under --offline a routed page loads in a new engine.
const global = env.global, native = env.native, impl = env.impl, put = env.put, define = env.define, apply = env.apply;
const defineOwn = env.defineOwn, freeze = Object.freeze;
const StringCtor = String, TypeErrorCtor = TypeError;
const arrayPush = env.uncurry(Array.prototype.push);
const charAt = env.uncurry(String.prototype.charAt);
const stringIndexOf = env.uncurry(String.prototype.indexOf), stringSlice = env.uncurry(String.prototype.slice);
let current = native.parseURL(env.info.href, null) || native.parseURL('about:blank', null);

function resolve(url, kind) {
  const r = native.parseURL(StringCtor(url), current.href);
  if (!r) throw new TypeErrorCtor("Failed to execute '" + kind + "': '" + url + "' is not a valid URL.");
  return r;
}
function withoutHash(href) { const i = stringIndexOf(href, '#'); return i < 0 ? href : stringSlice(href, 0, i); }
function setCurrent(parts) {
  current = parts;
  env.document._address = parts.href;
}
// A change of the fragment only: no navigation; a new history entry (dropping the ones ahead),
// `popstate` (state null) at once and `hashchange` in a later task, as browsers do.
function changeHash(target) {
  const oldURL = current.href;
  if (oldURL === target.href) return;
  setCurrent(target);
  history.entries.length = history.index + 1;
  arrayPush(history.entries, { state: null, url: target.href });
  history.index = history.entries.length - 1;
  env.bridge.dispatch(global, new global.PopStateEvent('popstate', { state: null }));
  env.setTimeout(function () {
    const e = new global.HashChangeEvent('hashchange', { oldURL: oldURL, newURL: target.href });
    env.bridge.dispatch(global, e);
  }, 0);
}
function go(url, kind) {
  const target = resolve(url, kind === 'window.open' ? 'open' : 'assign');
  // A URL with a fragment (even an empty one, `href="#"`) that differs from the page's only
  // there scrolls; it does not load the page again.
  if (kind === 'location' && stringIndexOf(target.href, '#') >= 0 && withoutHash(target.href) === withoutHash(current.href)) { changeHash(target); return; }
  native.navigate(target.href, kind);
}
env.bridge.navigate = go;

// ---- location ----
const Location = function Location() { throw new TypeErrorCtor('Illegal constructor'); };
const location = env.objectCreate(Location.prototype);
const parts = ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];
for (let i = 0; i < parts.length; i++) {
  const k = parts[i];
  defineOwn(location, k, {
    enumerable: true,
    get() { return current[k]; },
    set(v) {
      if (k === 'origin') return;
      if (k === 'hash') {
        v = StringCtor(v);
        changeHash(native.parseURL((charAt(v, 0) === '#' ? '' : '#') + v, current.href) || current);
        return;
      }
      const u = native.withURLPart(current.href, k, StringCtor(v));
      if (u) go(u, 'location');
    }
  });
}
defineOwn(location, 'href', { enumerable: true, get() { return current.href; }, set(v) { go(v, 'location'); } });
location.assign = function assign(u) { go(u, 'location'); };
location.replace = function replace(u) { go(u, 'location'); };
location.reload = function reload() { native.navigate(current.href, 'reload'); };
location.toString = function toString() { return current.href; };
defineOwn(location, 'ancestorOrigins', { value: freeze([]), enumerable: true });
put('Location', Location);
define('location', { get() { return location; }, set(v) { location.href = v; }, enumerable: true, configurable: true });
defineOwn(impl.Document.prototype, 'location', { get() { return this.defaultView === global ? location : null; }, set(v) { if (this.defaultView === global) location.href = v; }, configurable: true });
defineOwn(impl.Document.prototype, 'URL', { get() { return this.defaultView === global ? current.href : this._address; }, configurable: true });
defineOwn(impl.Document.prototype, 'documentURI', { get() { return this.defaultView === global ? current.href : this._address; }, configurable: true });
defineOwn(impl.Document.prototype, 'baseURI', { get() { return this.defaultView === global ? current.href : this._address; }, configurable: true });
defineOwn(impl.Document.prototype, 'origin', { get() { return current.origin; }, configurable: true });
defineOwn(impl.Document.prototype, 'domain', { get() { return current.hostname; }, set() {}, configurable: true });
defineOwn(impl.Document.prototype, 'referrer', { get() { return ''; }, configurable: true });
put('origin', current.origin);
put('isSecureContext', current.protocol === 'https:' || current.protocol === 'file:' || current.hostname === 'localhost');
env.bridge.setLocation = function (href) { const p = native.parseURL(StringCtor(href), null); if (p) setCurrent(p); };

// ---- history: pushState/replaceState change the URL without navigating; back/forward within
// the entries of this page fire popstate ----
const History = function History() { throw new TypeErrorCtor('Illegal constructor'); };
const history = env.objectCreate(History.prototype);
history.entries = [{ state: null, url: current.href }];
history.index = 0;
defineOwn(history, 'entries', { enumerable: false });
defineOwn(history, 'index', { enumerable: false, writable: true });
function sameOrigin(target) { return target.origin === current.origin; }
function stateURL(url, method) {
  if (url === undefined || url === null) return current;
  const target = resolve(url, method);
  if (!sameOrigin(target) && current.protocol !== 'file:' && current.protocol !== 'about:') {
    throw new (impl.DOMException)("Failed to execute '" + method + "' on 'History': A history state object with URL '" + target.href + "' cannot be created in a document with origin '" + current.origin + "'.", 'SecurityError');
  }
  return target;
}
defineOwn(history, 'length', { get() { return history.entries.length; }, enumerable: true });
defineOwn(history, 'state', { get() { return history.entries[history.index].state; }, enumerable: true });
defineOwn(history, 'scrollRestoration', { value: 'auto', writable: true, enumerable: true });
history.pushState = function pushState(state, title, url) {
  const target = stateURL(url, 'pushState');
  history.entries.length = history.index + 1;
  arrayPush(history.entries, { state: state === undefined ? null : state, url: target.href });
  history.index = history.entries.length - 1;
  setCurrent(target);
};
history.replaceState = function replaceState(state, title, url) {
  const target = stateURL(url, 'replaceState');
  history.entries[history.index] = { state: state === undefined ? null : state, url: target.href };
  setCurrent(target);
};
history.go = function go(delta) {
  delta = delta | 0;
  if (delta === 0) { location.reload(); return; }
  const to = history.index + delta;
  if (to < 0 || to >= history.entries.length) return;
  env.setTimeout(function () {
    const before = current.href;
    history.index = to;
    const entry = history.entries[to];
    const p = native.parseURL(entry.url, null);
    if (p) setCurrent(p);
    env.bridge.dispatch(global, new global.PopStateEvent('popstate', { state: entry.state }));
    if (withoutHash(before) === withoutHash(entry.url) && before !== entry.url) {
      env.bridge.dispatch(global, new global.HashChangeEvent('hashchange', { oldURL: before, newURL: entry.url }));
    }
  }, 0);
};
history.back = function back() { history.go(-1); };
history.forward = function forward() { history.go(1); };
put('History', History);
put('history', history);

put('open', function open(url) {
  if (url !== undefined && url !== null && StringCtor(url) !== '') go(url, 'window.open');
  return null;
});
put('close', function close() {});
put('stop', function stop() {});
put('print', function print() {});
put('focus', function focus() {});
put('blur', function blur() {});

// ---- links: <a> and <area> expose the parts of their resolved href (domino's URL utilities
// have no host for file: URLs) ----
const linkParts = ['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin', 'username', 'password'];
function linkURL(el) {
  const v = el.getAttribute('href');
  if (v === null) return null;
  return native.parseURL(v, env.document._address);
}
const linkPrototypes = [impl.HTMLAnchorElement.prototype, impl.HTMLAreaElement.prototype];
for (let p = 0; p < linkPrototypes.length; p++) {
  const proto = linkPrototypes[p];
  defineOwn(proto, 'href', {
    get() { const u = linkURL(this); return u ? u.href : (this.getAttribute('href') || ''); },
    set(v) { this.setAttribute('href', StringCtor(v)); }, configurable: true, enumerable: true
  });
  for (let i = 0; i < linkParts.length; i++) {
    const k = linkParts[i];
    defineOwn(proto, k, {
      get() { const u = linkURL(this); return u ? (u[k] === undefined ? '' : u[k]) : (k === 'origin' ? 'null' : ''); },
      set(v) {
        const u = linkURL(this);
        if (!u || k === 'origin') return;
        const h = native.withURLPart(u.href, k, StringCtor(v));
        if (h !== null) this.setAttribute('href', h);
      },
      configurable: true, enumerable: true
    });
  }
  proto.toString = function toString() { return this.href; };
}
// A click on a link follows it (`target="_blank"` opens a window), unless a listener prevented it.
arrayPush(env.activationBehaviours, function (el) {
  if ((el.localName !== 'a' && el.localName !== 'area') || el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !el.hasAttribute('href')) return null;
  return {
    run() {
      const href = el.getAttribute('href');
      try { go(href, el.getAttribute('target') === '_blank' ? 'window.open' : 'location'); } catch (e) { env.reportError(e); }
    }
  };
});

// ---- iframes: every time `src` is set on a frame in the document, even to the same URL (a
// bridge that sends each message through the same iframe), it is offered to native code ----
const IFrame = impl.HTMLIFrameElement;
function frameNavigate(el) {
  if (!el.rooted) return;
  const src = el.getAttribute('src');
  if (src === null || src === '') return;
  try { go(src, 'iframe'); } catch (e) { env.reportError(e); }
}
const setAttribute = impl.Element.prototype.setAttribute;
IFrame.prototype.setAttribute = function setAttribute_(name, value) {
  apply(setAttribute, this, [name, value]);
  if (StringCtor(name).toLowerCase() === 'src') frameNavigate(this);
};
defineOwn(IFrame.prototype, 'src', {
  get() { const v = this.getAttribute('src'); if (v === null) return ''; const r = native.parseURL(v, current.href); return r ? r.href : v; },
  set(v) { this.setAttribute('src', v); },
  configurable: true, enumerable: true
});
defineOwn(IFrame.prototype, 'contentWindow', { get() { return null; }, configurable: true });
defineOwn(IFrame.prototype, 'contentDocument', { get() { return null; }, configurable: true });
function eachFrame(node, fn) {
  if (node.nodeType !== 1 && node.nodeType !== 11) return;
  if (node.localName === 'iframe') fn(node);
  if (!env.hasElementChild(node)) return;
  const list = node.getElementsByTagName ? node.getElementsByTagName('iframe') : [];
  for (let i = 0; i < list.length; i++) fn(list[i]);
}
arrayPush(env.mutationListeners, function (m) {
  if (m.type === env.MUTATE.INSERT) eachFrame(m.node, frameNavigate);
});
env.bridge.frameNavigate = frameNavigate;
})
