(function (native, global, kept, defined) {
'use strict';
const info = native.pageInfo();
// Eager (kept === null): plain assignments, before any page code. On first use: the page's
// own globals (kept) are skipped, and each stand-in is replaced by a definition (assigning
// would call the stand-in's setter); `defined` records what the prelude set up.
function put(name, value) {
  if (!kept) { global[name] = value; return; }
  if (kept.has(name)) return;
  Object.defineProperty(global, name, { __proto__: null, value: value, writable: true, enumerable: true, configurable: true });
  defined.add(name);
}
function define(name, d) {
  if (!kept) { Object.defineProperty(global, name, d); return; }
  if (kept.has(name)) return;
  Object.defineProperty(global, name, Object.assign(Object.create(null), d));
  defined.add(name);
}
// The document once it is a global (the prelude's own, whatever the page names `document`).
let docNode = null;
// A listener that throws is reported and the dispatch goes on, as in a browser.
const reportListenerError = global.reportError;
function callListener(fn, self, event) {
  try { fn.call(self, event); } catch (e) { reportListenerError(e); }
}

// ---- events ----
function Event(type, init) {
  if (!(this instanceof Event)) throw new TypeError("Failed to construct 'Event': use 'new'");
  this.type = String(type); init = init || {};
  this.bubbles = !!init.bubbles; this.cancelable = !!init.cancelable;
  this.defaultPrevented = false; this.target = null; this.currentTarget = null;
  this.timeStamp = native.now(); this._stop = false;
}
Event.prototype.preventDefault = function () { if (this.cancelable) this.defaultPrevented = true; };
Event.prototype.stopPropagation = function () { this._stop = true; };
Event.prototype.stopImmediatePropagation = function () { this._stop = true; this._stopNow = true; };
function CustomEvent(type, init) { Event.call(this, type, init); this.detail = init && init.detail !== undefined ? init.detail : null; }
CustomEvent.prototype = Object.create(Event.prototype);
CustomEvent.prototype.constructor = CustomEvent;
put('Event', Event); put('CustomEvent', CustomEvent);

const eventTargetMethods = {
  addEventListener(type, fn, opts) {
    if (typeof fn !== 'function' && !(fn && typeof fn.handleEvent === 'function')) return;
    const map = this.__listeners || Object.defineProperty(this, '__listeners', { value: new Map() }).__listeners;
    let list = map.get(type); if (!list) { list = []; map.set(type, list); }
    if (list.some(function (l) { return l.fn === fn; })) return;
    list.push({ fn: fn, once: !!(opts && typeof opts === 'object' && opts.once) });
  },
  removeEventListener(type, fn) {
    const list = this.__listeners && this.__listeners.get(type);
    if (!list) return;
    const i = list.findIndex(function (l) { return l.fn === fn; });
    if (i >= 0) list.splice(i, 1);
  },
  dispatchEvent(event) {
    if (!(event instanceof Event)) throw new TypeError("dispatchEvent: parameter 1 is not of type 'Event'");
    if (!event.target) event.target = this;
    let node = this;
    while (node) {
      event.currentTarget = node;
      const list = node.__listeners && node.__listeners.get(event.type);
      if (list) {
        for (const l of list.slice()) {
          if (l.once) node.removeEventListener(event.type, l.fn);
          if (typeof l.fn === 'function') callListener(l.fn, node, event); else callListener(l.fn.handleEvent, l.fn, event);
          if (event._stopNow) break;
        }
      }
      const handler = node['on' + event.type];
      if (typeof handler === 'function') callListener(handler, node, event);
      if (!event.bubbles || event._stop) break;
      node = node === docNode ? global : node.parentNode;
    }
    return !event.defaultPrevented;
  }
};

// ---- nodes ----
function Node() {}
Object.assign(Node.prototype, eventTargetMethods);
Node.ELEMENT_NODE = 1; Node.TEXT_NODE = 3; Node.DOCUMENT_NODE = 9;
function isInDocument(node) { while (node) { if (node === docNode) return true; node = node.parentNode; } return false; }
function adopt(parent, child) {
  if (!(child instanceof Node)) throw new TypeError("Failed to execute 'appendChild' on 'Node': parameter 1 is not of type 'Node'.");
  if (child.parentNode) child.parentNode.removeChild(child);
  child.parentNode = parent;
}
function inserted(node) { if (isInDocument(node)) walk(node, function (n) { if (n._connected) n._connected(); }); }
function walk(node, fn) { fn(node); for (const c of node.childNodes) walk(c, fn); }
Object.defineProperties(Node.prototype, {
  firstChild: { get() { return this.childNodes[0] || null; } },
  lastChild: { get() { return this.childNodes[this.childNodes.length - 1] || null; } },
  nextSibling: { get() { const p = this.parentNode; if (!p) return null; return p.childNodes[p.childNodes.indexOf(this) + 1] || null; } },
  previousSibling: { get() { const p = this.parentNode; if (!p) return null; return p.childNodes[p.childNodes.indexOf(this) - 1] || null; } },
  parentElement: { get() { return this.parentNode instanceof Element ? this.parentNode : null; } },
  isConnected: { get() { return isInDocument(this); } },
  textContent: {
    get() { return this.nodeType === 3 ? this.data : this.childNodes.map(function (c) { return c.textContent; }).join(''); },
    set(v) { if (this.nodeType === 3) this.data = String(v); else { this.childNodes.length = 0; if (v !== '' && v != null) this.appendChild(new Text(String(v))); } }
  }
});
Node.prototype.appendChild = function (child) { adopt(this, child); this.childNodes.push(child); inserted(child); return child; };
Node.prototype.insertBefore = function (child, ref) {
  if (ref == null) return this.appendChild(child);
  const i = this.childNodes.indexOf(ref);
  if (i < 0) throw new Error("Failed to execute 'insertBefore' on 'Node': The node before which the new node is to be inserted is not a child of this node.");
  adopt(this, child); this.childNodes.splice(this.childNodes.indexOf(ref), 0, child); inserted(child); return child;
};
Node.prototype.removeChild = function (child) {
  const i = this.childNodes.indexOf(child);
  if (i < 0) throw new Error("Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.");
  this.childNodes.splice(i, 1); child.parentNode = null; return child;
};
Node.prototype.replaceChild = function (n, old) { this.insertBefore(n, old); return this.removeChild(old); };
Node.prototype.contains = function (n) { while (n) { if (n === this) return true; n = n.parentNode; } return false; };
Node.prototype.hasChildNodes = function () { return this.childNodes.length > 0; };
Node.prototype.remove = function () { if (this.parentNode) this.parentNode.removeChild(this); };
Node.prototype.append = function () { for (const a of arguments) this.appendChild(a instanceof Node ? a : new Text(String(a))); };
Node.prototype.cloneNode = function (deep) {
  const c = this.nodeType === 3 ? new Text(this.data) : docNode.createElement(this.tagName);
  if (this.attributes) for (const k in this.attributes) c.setAttribute(k, this.attributes[k]);
  if (deep) for (const ch of this.childNodes) c.appendChild(ch.cloneNode(true));
  return c;
};

function Text(data) { this.nodeType = 3; this.nodeName = '#text'; this.data = String(data); this.childNodes = []; this.parentNode = null; }
Text.prototype = Object.create(Node.prototype); Text.prototype.constructor = Text;

function Element(tag) {
  this.nodeType = 1; this.tagName = String(tag).toUpperCase(); this.nodeName = this.tagName;
  this.localName = String(tag).toLowerCase();
  this.childNodes = []; this.parentNode = null; this.attributes = {}; this._html = '';
  this.style = makeStyle();
}
Element.prototype = Object.create(Node.prototype); Element.prototype.constructor = Element;
function makeStyle() {
  const s = {};
  Object.defineProperties(s, {
    setProperty: { value: function (k, v) { this[k] = String(v); } },
    getPropertyValue: { value: function (k) { return this[k] === undefined ? '' : this[k]; } },
    removeProperty: { value: function (k) { const v = this[k]; delete this[k]; return v === undefined ? '' : v; } },
    cssText: {
      get() { return Object.keys(this).map(function (k) { return k + ': ' + s[k] + ';'; }).join(' '); },
      set(v) { for (const k of Object.keys(this)) delete this[k]; String(v).split(';').forEach(function (d) { const i = d.indexOf(':'); if (i > 0) s[d.slice(0, i).trim()] = d.slice(i + 1).trim(); }); }
    }
  });
  return s;
}
Element.prototype.setAttribute = function (k, v) {
  k = String(k).toLowerCase(); v = String(v); this.attributes[k] = v;
  if (k === 'style') this.style.cssText = v;
  if (this._attributeChanged) this._attributeChanged(k, v);
};
Element.prototype.getAttribute = function (k) { k = String(k).toLowerCase(); return Object.prototype.hasOwnProperty.call(this.attributes, k) ? this.attributes[k] : null; };
Element.prototype.hasAttribute = function (k) { return this.getAttribute(k) !== null; };
Element.prototype.removeAttribute = function (k) { delete this.attributes[String(k).toLowerCase()]; };
Element.prototype.getElementsByTagName = function (tag) { return findAll(this, function (e) { return tag === '*' || e.tagName === String(tag).toUpperCase(); }); };
Element.prototype.getElementsByClassName = function (cls) { return findAll(this, function (e) { return e.classList.contains(cls); }); };
Element.prototype.querySelectorAll = function (sel) { return findAll(this, matcher(sel)); };
Element.prototype.querySelector = function (sel) { return findAll(this, matcher(sel))[0] || null; };
Element.prototype.matches = function (sel) { return matcher(sel)(this); };
Element.prototype.click = function () { this.dispatchEvent(new Event('click', { bubbles: true, cancelable: true })); };
Element.prototype.focus = function () {}; Element.prototype.blur = function () {};
Element.prototype.getBoundingClientRect = function () { return { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 }; };
function reflect(name, attr) {
  Object.defineProperty(Element.prototype, name, { get() { const v = this.getAttribute(attr); return v === null ? '' : v; }, set(v) { this.setAttribute(attr, v); } });
}
reflect('id', 'id'); reflect('className', 'class'); reflect('src', 'src'); reflect('href', 'href');
reflect('type', 'type'); reflect('name', 'name'); reflect('value', 'value'); reflect('title', 'title');
Object.defineProperties(Element.prototype, {
  children: { get() { return this.childNodes.filter(function (c) { return c.nodeType === 1; }); } },
  firstElementChild: { get() { return this.children[0] || null; } },
  innerHTML: { get() { return this._html || this.textContent; }, set(v) { this.childNodes.length = 0; this._html = String(v); } },
  outerHTML: { get() { return '<' + this.localName + '>' + this.innerHTML + '</' + this.localName + '>'; } },
  innerText: { get() { return this.textContent; }, set(v) { this.textContent = v; } },
  dataset: { get() { const el = this; const d = {}; for (const k in el.attributes) if (k.indexOf('data-') === 0) d[k.slice(5).replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); })] = el.attributes[k]; return d; } },
  classList: { get() {
    const el = this;
    const list = function () { return el.className.split(/\s+/).filter(Boolean); };
    return {
      contains: function (c) { return list().indexOf(c) >= 0; },
      add: function () { const l = list(); for (const c of arguments) if (l.indexOf(c) < 0) l.push(c); el.className = l.join(' '); },
      remove: function () { const rm = Array.prototype.slice.call(arguments); el.className = list().filter(function (c) { return rm.indexOf(c) < 0; }).join(' '); },
      toggle: function (c) { if (this.contains(c)) { this.remove(c); return false; } this.add(c); return true; },
      get length() { return list().length; }
    };
  } }
});
function findAll(root, pred) { const out = []; (function rec(n) { for (const c of n.childNodes) { if (c.nodeType === 1) { if (pred(c)) out.push(c); rec(c); } } })(root); return out; }
function matcher(sel) {
  sel = String(sel).trim();
  const parts = sel.split(',').map(function (s) { return s.trim(); });
  const preds = parts.map(function (p) {
    const m = /^([a-zA-Z][\w-]*)?(#[\w-]+)?((?:\.[\w-]+)*)(\[([\w-]+)(?:="?([^"\]]*)"?)?\])?$/.exec(p);
    if (!m) throw new Error("DOM-lite supports only simple selectors (tag, #id, .class, [attr=value]); got '" + p + "'");
    return function (e) {
      if (m[1] && e.tagName !== m[1].toUpperCase()) return false;
      if (m[2] && e.id !== m[2].slice(1)) return false;
      if (m[3]) { for (const c of m[3].split('.').filter(Boolean)) if (!e.classList.contains(c)) return false; }
      if (m[5]) { const v = e.getAttribute(m[5]); if (v === null || (m[6] !== undefined && v !== m[6])) return false; }
      return true;
    };
  });
  return function (e) { return preds.some(function (p) { return p(e); }); };
}

// iframes: a src set before or after insertion is offered to native code once per value.
function navigateFrame(el) {
  const src = el.getAttribute('src');
  if (!src || !isInDocument(el) || el._navigated === src) return;
  el._navigated = src;
  native.navigate(src, 'iframe');
}
function HTMLIFrameElement(tag) { Element.call(this, tag); }
HTMLIFrameElement.prototype = Object.create(Element.prototype);
HTMLIFrameElement.prototype.constructor = HTMLIFrameElement;
HTMLIFrameElement.prototype._attributeChanged = function (k) { if (k === 'src') navigateFrame(this); };
HTMLIFrameElement.prototype._connected = function () { navigateFrame(this); };
Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', { get() { return null; } });
function HTMLAnchorElement(tag) { Element.call(this, tag); }
HTMLAnchorElement.prototype = Object.create(Element.prototype);
HTMLAnchorElement.prototype.constructor = HTMLAnchorElement;
HTMLAnchorElement.prototype.click = function () {
  const ok = this.dispatchEvent(new Event('click', { bubbles: true, cancelable: true }));
  if (ok && this.getAttribute('href')) native.navigate(this.getAttribute('href'), 'link');
};
put('Node', Node); put('Element', Element); put('HTMLElement', Element); put('Text', Text);
put('HTMLIFrameElement', HTMLIFrameElement);

// ---- document ----
function Document() { this.nodeType = 9; this.nodeName = '#document'; this.childNodes = []; this.parentNode = null; }
Document.prototype = Object.create(Node.prototype); Document.prototype.constructor = Document;
const document = new Document();
const html = new Element('html'), head = new Element('head'), body = new Element('body');
document.childNodes.push(html); html.parentNode = document;
html.appendChild(head); html.appendChild(body);
let readyState = 'loading';
let cookies = new Map();
let title = info.title || '';
Object.defineProperties(document, {
  documentElement: { get() { return html; } },
  head: { get() { return head; } },
  body: { get() { return body; } },
  readyState: { get() { return readyState; } },
  title: { get() { return title; }, set(v) { title = String(v); } },
  location: { get() { return location; }, set(v) { location.href = v; } },
  URL: { get() { return location.href; } },
  referrer: { value: '' },
  defaultView: { get() { return global; } },
  visibilityState: { value: 'visible' }, hidden: { value: false },
  cookie: {
    get() { const parts = []; cookies.forEach(function (v, k) { parts.push(k ? k + '=' + v : v); }); return parts.join('; '); },
    set(v) {
      const segs = String(v).split(';');
      const first = segs.shift(); const eq = first.indexOf('=');
      const name = (eq >= 0 ? first.slice(0, eq) : '').trim(); const value = (eq >= 0 ? first.slice(eq + 1) : first).trim();
      let expired = false;
      for (const s of segs) {
        const i = s.indexOf('='); const k = (i >= 0 ? s.slice(0, i) : s).trim().toLowerCase(); const a = i >= 0 ? s.slice(i + 1).trim() : '';
        if (k === 'max-age' && Number(a) <= 0) expired = true;
        if (k === 'expires' && Date.parse(a) <= Date.now()) expired = true;
      }
      if (expired) cookies.delete(name); else cookies.set(name, value);
    }
  }
});
const elementKinds = { iframe: HTMLIFrameElement, a: HTMLAnchorElement };
document.createElement = function (tag) { const K = elementKinds[String(tag).toLowerCase()] || Element; return new K(tag); };
document.createElementNS = function (ns, tag) { return document.createElement(tag); };
document.createTextNode = function (t) { return new Text(t); };
document.createDocumentFragment = function () { return new Element('#fragment'); };
document.createEvent = function () { const e = new Event(''); e.initEvent = function (t, b, c) { this.type = t; this.bubbles = !!b; this.cancelable = !!c; }; return e; };
document.getElementById = function (id) { return findAll(document, function (e) { return e.id === String(id); })[0] || null; };
document.getElementsByTagName = function (t) { return Element.prototype.getElementsByTagName.call(document, t); };
document.getElementsByClassName = function (c) { return Element.prototype.getElementsByClassName.call(document, c); };
document.querySelector = function (s) { return Element.prototype.querySelector.call(document, s); };
document.querySelectorAll = function (s) { return Element.prototype.querySelectorAll.call(document, s); };
document.write = function () { throw new Error('document.write is not supported by DOM-lite'); };
docNode = document;
put('document', document);
const staticElements = info.elements || [];
for (let n = 0; n < staticElements.length; n++) {
  const e = staticElements[n];
  if (e.tag === 'html' || e.tag === 'head' || e.tag === 'body') { for (const k in e.attributes) ({ html: html, head: head, body: body })[e.tag].setAttribute(k, e.attributes[k]); continue; }
  const el = document.createElement(e.tag);
  for (const k in e.attributes) el.attributes[k] = e.attributes[k];
  body.appendChild(el);
}

// ---- window events (the global object is the window) ----
const eventTargetNames = Object.keys(eventTargetMethods);
for (let n = 0; n < eventTargetNames.length; n++) {
  define(eventTargetNames[n], { value: eventTargetMethods[eventTargetNames[n]], writable: true, configurable: true });
}

// ---- location, history, navigator ----
let current = native.parseURL(info.href, null);
const location = {};
function go(url, kind) {
  const resolved = native.parseURL(String(url), current.href);
  if (!resolved) throw new TypeError("Invalid URL: '" + url + "'");
  native.navigate(resolved.href, kind);
}
['protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'].forEach(function (k) {
  Object.defineProperty(location, k, { enumerable: true, get() { return current[k]; }, set(v) {
    if (k === 'hash') { current = native.parseURL((v && v[0] !== '#' ? '#' : '') + v, current.href) || current; return; }
    const u = native.parseURL(current.href, null); u[k] = v; go(u.href, 'location');
  } });
});
Object.defineProperty(location, 'href', { enumerable: true, get() { return current.href; }, set(v) {
  if (String(v).charAt(0) === '#') { current = native.parseURL(String(v), current.href); return; }
  go(v, 'location');
} });
location.assign = function (u) { go(u, 'location'); };
location.replace = function (u) { go(u, 'location'); };
location.reload = function () {};
location.toString = function () { return current.href; };
define('location', { get() { return location; }, set(v) { location.href = v; }, configurable: true });
put('open', function (url) { if (url !== undefined && url !== '') go(url, 'window.open'); return null; });
put('close', function () {});
const historyStack = [{ state: null, url: info.href }];
put('history', {
  get length() { return historyStack.length; },
  get state() { return historyStack[historyStack.length - 1].state; },
  pushState(state, t, url) { if (url !== undefined) current = native.parseURL(String(url), current.href) || current; historyStack.push({ state: state, url: current.href }); },
  replaceState(state, t, url) { if (url !== undefined) current = native.parseURL(String(url), current.href) || current; historyStack[historyStack.length - 1] = { state: state, url: current.href }; },
  back() {}, forward() {}, go() {}
});
put('navigator', Object.freeze({ userAgent: info.userAgent, language: 'zh-CN', languages: ['zh-CN', 'en'], platform: 'Linux', onLine: true, cookieEnabled: true, vendor: 'BridgeRuntime' }));
put('screen', { width: 390, height: 844, availWidth: 390, availHeight: 844 });
put('innerWidth', 390); put('innerHeight', 844); put('devicePixelRatio', 3);
put('requestAnimationFrame', function (fn) { return setTimeout(function () { fn(native.now()); }, 16); });
put('cancelAnimationFrame', function (id) { clearTimeout(id); });
put('getComputedStyle', function (el) { return el.style; });
put('matchMedia', function (q) { return { matches: false, media: String(q), addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }; });

// ---- storage ----
function makeStorage() {
  const data = new Map();
  const s = {
    getItem(k) { k = String(k); return data.has(k) ? data.get(k) : null; },
    setItem(k, v) { data.set(String(k), String(v)); },
    removeItem(k) { data.delete(String(k)); },
    clear() { data.clear(); },
    key(i) { return Array.from(data.keys())[i] === undefined ? null : Array.from(data.keys())[i]; }
  };
  Object.defineProperty(s, 'length', { get() { return data.size; } });
  return Object.freeze(s);
}
put('localStorage', makeStorage());
put('sessionStorage', makeStorage());

// ---- base64 and text encoding ----
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
put('btoa', function btoa(s) {
  s = String(s); let out = '';
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) throw new Error("Failed to execute 'btoa': The string to be encoded contains characters outside of the Latin1 range.");
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    out += B64[a >> 2] + B64[((a & 3) << 4) | (isNaN(b) ? 0 : b >> 4)] +
      (isNaN(b) ? '=' : B64[((b & 15) << 2) | (isNaN(c) ? 0 : c >> 6)]) + (isNaN(c) ? '=' : B64[c & 63]);
  }
  return out;
});
put('atob', function atob(s) {
  s = String(s).replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 0) s = s.replace(/==?$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error("Failed to execute 'atob': The string to be decoded is not correctly encoded.");
  let out = '', buf = 0, bits = 0;
  for (let i = 0; i < s.length; i++) {
    buf = (buf << 6) | B64.indexOf(s[i]); bits += 6;
    if (bits >= 8) { bits -= 8; out += String.fromCharCode((buf >> bits) & 255); }
  }
  return out;
});
function TextEncoder() {}
TextEncoder.prototype.encoding = 'utf-8';
TextEncoder.prototype.encode = function (s) {
  s = s === undefined ? '' : String(s);
  const out = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) { const d = s.charCodeAt(i + 1); if (d >= 0xDC00 && d <= 0xDFFF) { c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00); i++; } else c = 0xFFFD; }
    else if (c >= 0xD800 && c <= 0xDFFF) c = 0xFFFD;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xC0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xE0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xF0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(out);
};
function TextDecoder(label) { this.encoding = 'utf-8'; if (label && !/^utf-?8$/i.test(label)) throw new RangeError("TextDecoder: only utf-8 is supported, got '" + label + "'"); }
TextDecoder.prototype.decode = function (bytes) {
  if (bytes === undefined) return '';
  const b = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer || bytes, bytes.byteOffset || 0, bytes.byteLength === undefined ? bytes.length : bytes.byteLength);
  let out = '';
  for (let i = 0; i < b.length;) {
    const c = b[i];
    let cp, n;
    if (c < 0x80) { cp = c; n = 1; } else if (c >> 5 === 6) { cp = c & 31; n = 2; } else if (c >> 4 === 14) { cp = c & 15; n = 3; } else if (c >> 3 === 30) { cp = c & 7; n = 4; } else { out += '\uFFFD'; i++; continue; }
    if (i + n > b.length) { out += '\uFFFD'; break; }
    let ok = true;
    for (let k = 1; k < n; k++) { if (b[i + k] >> 6 !== 2) { ok = false; break; } cp = (cp << 6) | (b[i + k] & 63); }
    if (!ok) { out += '\uFFFD'; i++; continue; }
    out += String.fromCodePoint(cp); i += n;
  }
  return out;
};
put('TextEncoder', TextEncoder); put('TextDecoder', TextDecoder);

Object.defineProperty(global, '__bridgeDOM', { value: Object.freeze({
  setReadyState(s) { readyState = s; },
  fire(target, type) { (target === 'window' ? global : document).dispatchEvent(new Event(type, { bubbles: false })); },
  setLocation(href) { current = native.parseURL(href, null) || current; }
}), enumerable: false });
})
