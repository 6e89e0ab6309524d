(function (env) {
'use strict';
// What a headless page has instead of layout: a fixed phone-sized viewport, zero-sized boxes
// (an element shown in the document still has one client rect, so `:visible`-style checks hold
// for what a browser would show), computed styles from inline styles and per-tag defaults,
// observers that report every target as visible once. Plus the element members domino lacks
// (dataset, innerText, isConnected, …).
const global = env.global, impl = env.impl, put = env.put, apply = env.apply;
const defineOwn = env.defineOwn, freeze = Object.freeze, objectCreate = env.objectCreate;
const StringCtor = String, NumberCtor = Number;
const arrayPush = env.uncurry(Array.prototype.push), arraySlice = env.uncurry(Array.prototype.slice);
const arrayIndexOf = env.uncurry(Array.prototype.indexOf), arraySplice = env.uncurry(Array.prototype.splice);
const stringReplace = env.uncurry(String.prototype.replace), stringSlice = env.uncurry(String.prototype.slice);
const stringLower = env.uncurry(String.prototype.toLowerCase), stringIndexOf = env.uncurry(String.prototype.indexOf);
const regexpExec = env.uncurry(RegExp.prototype.exec);
const ProxyCtor = Proxy, ReflectCtor = Reflect;
const Element = impl.Element.prototype, HTMLElement = impl.HTMLElement.prototype, Node = impl.Node.prototype;
const WIDTH = 390, HEIGHT = 844;

put('innerWidth', WIDTH); put('innerHeight', HEIGHT); put('outerWidth', WIDTH); put('outerHeight', HEIGHT);
put('devicePixelRatio', 3); put('screenX', 0); put('screenY', 0); put('screenLeft', 0); put('screenTop', 0);
put('scrollX', 0); put('scrollY', 0); put('pageXOffset', 0); put('pageYOffset', 0);
put('screen', freeze({ width: WIDTH, height: HEIGHT, availWidth: WIDTH, availHeight: HEIGHT, colorDepth: 24, pixelDepth: 24,
  orientation: freeze({ type: 'portrait-primary', angle: 0, addEventListener() {}, removeEventListener() {} }) }));
put('scrollTo', function scrollTo() {}); put('scrollBy', function scrollBy() {}); put('scroll', function scroll() {});
put('resizeTo', function resizeTo() {}); put('moveTo', function moveTo() {});

// ---- boxes ----
function DOMRect(x, y, width, height) {
  this.x = NumberCtor(x) || 0; this.y = NumberCtor(y) || 0; this.width = NumberCtor(width) || 0; this.height = NumberCtor(height) || 0;
  this.top = this.y; this.left = this.x; this.right = this.x + this.width; this.bottom = this.y + this.height;
}
DOMRect.prototype.toJSON = function () { return { x: this.x, y: this.y, width: this.width, height: this.height, top: this.top, left: this.left, right: this.right, bottom: this.bottom }; };
put('DOMRect', DOMRect);
put('DOMRectReadOnly', DOMRect);
// Shown: in the document, and neither it nor an ancestor has `hidden` or an inline
// `display: none`.
function shown(el) {
  if (!el.rooted) return false;
  for (let n = el; n && n.nodeType === 1; n = n.parentNode) {
    if (n.hasAttribute('hidden')) return false;
    const s = n.style;
    if (s && s.display === 'none') return false;
  }
  return true;
}
Element.getBoundingClientRect = function getBoundingClientRect() { return new DOMRect(0, 0, 0, 0); };
Element.getClientRects = function getClientRects() { return shown(this) ? [new DOMRect(0, 0, 0, 0)] : []; };
Element.scrollIntoView = function scrollIntoView() {};
Element.scrollTo = function scrollTo() {}; Element.scrollBy = function scrollBy() {}; Element.scroll = function scroll() {};
Element.animate = function animate() { return { finished: global.Promise.resolve(), cancel() {}, play() {}, pause() {}, finish() {}, addEventListener() {} }; };
const zero = function () { return 0; };
const boxes = ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'clientWidth', 'clientHeight', 'clientTop', 'clientLeft', 'scrollWidth', 'scrollHeight'];
for (let i = 0; i < boxes.length; i++) defineOwn(HTMLElement, boxes[i], { get: zero, configurable: true });
defineOwn(HTMLElement, 'offsetParent', { get() { return shown(this) && this.parentNode && this.parentNode.nodeType === 1 ? this.ownerDocument.body : null; }, configurable: true });
for (const k of ['scrollTop', 'scrollLeft']) {
  defineOwn(Element, k, { get() { return this['__' + k] || 0; }, set(v) { this['__' + k] = NumberCtor(v) || 0; }, configurable: true });
}
defineOwn(Node, 'isConnected', { get() { return this.rooted; }, configurable: true });

// ---- computed style: inline declarations over per-tag defaults ----
const blockTags = ' html body div p ul ol li h1 h2 h3 h4 h5 h6 header footer section article nav main aside form fieldset table dl dt dd pre blockquote figure figcaption hr address details summary ';
const hiddenTags = ' head script style template title meta link base noscript ';
function defaultDisplay(el) {
  const tag = ' ' + el.localName + ' ';
  if (stringIndexOf(hiddenTags, tag) >= 0) return 'none';
  if (el.localName === 'li') return 'list-item';
  if (el.localName === 'table') return 'table';
  if (stringIndexOf(blockTags, tag) >= 0) return 'block';
  return 'inline';
}
function toDashed(k) { return stringLower(stringReplace(k, /[A-Z]/g, function (c) { return '-' + c; })); }
function getComputedStyle(el) {
  if (!el || el.nodeType !== 1) throw new TypeError("Failed to execute 'getComputedStyle' on 'Window': parameter 1 is not of type 'Element'.");
  const inline = el.style;
  const defaults = { display: el.hasAttribute('hidden') ? 'none' : defaultDisplay(el), visibility: 'visible', opacity: '1', position: 'static',
    width: 'auto', height: 'auto', 'box-sizing': 'content-box', 'font-size': '16px', 'line-height': 'normal', color: 'rgb(0, 0, 0)',
    'background-color': 'rgba(0, 0, 0, 0)', overflow: 'visible', float: 'none', 'z-index': 'auto', transform: 'none', transition: 'all 0s ease 0s',
    'animation-name': 'none', margin: '0px', padding: '0px', 'margin-top': '0px', 'margin-bottom': '0px', 'margin-left': '0px', 'margin-right': '0px',
    'padding-top': '0px', 'padding-bottom': '0px', 'padding-left': '0px', 'padding-right': '0px', 'border-top-width': '0px',
    'border-bottom-width': '0px', 'border-left-width': '0px', 'border-right-width': '0px', 'pointer-events': 'auto', cursor: 'auto' };
  function value(name) {
    const dashed = stringIndexOf(name, '-') >= 0 ? name : toDashed(name);
    const own = inline ? inline.getPropertyValue(dashed) : '';
    if (own !== '' && own !== undefined && own !== null) return own;
    return defaults[dashed] === undefined ? '' : defaults[dashed];
  }
  return new ProxyCtor({ getPropertyValue: value, getPropertyPriority() { return ''; }, item() { return ''; }, length: 0, cssText: '' }, {
    get(t, k) {
      if (typeof k !== 'string' || ReflectCtor.has(t, k)) return ReflectCtor.get(t, k);
      return value(k);
    },
    set() { throw new (impl.DOMException)("Failed to set a property on 'CSSStyleDeclaration': These styles are computed, and therefore read-only.", 'NoModificationAllowedError'); }
  });
}
put('getComputedStyle', getComputedStyle);

// ---- media queries against the fixed viewport ----
function evaluateQuery(q) {
  q = stringLower(StringCtor(q));
  const parts = q.split(',');
  for (let i = 0; i < parts.length; i++) {
    let ok = true;
    const p = parts[i];
    const re = /\(\s*([a-z-]+)\s*(?::\s*([^)]+))?\)/g;
    let m, any = false;
    while ((m = regexpExec(re, p)) !== null) {
      any = true;
      const f = m[1], v = m[2] === undefined ? '' : m[2].trim();
      const px = parseFloat(v);
      switch (f) {
        case 'min-width': ok = ok && WIDTH >= px; break;
        case 'max-width': ok = ok && WIDTH <= px; break;
        case 'min-height': ok = ok && HEIGHT >= px; break;
        case 'max-height': ok = ok && HEIGHT <= px; break;
        case 'orientation': ok = ok && v === 'portrait'; break;
        case 'prefers-color-scheme': ok = ok && v === 'light'; break;
        case 'prefers-reduced-motion': ok = ok && v === 'no-preference'; break;
        case 'hover': ok = ok && v === 'none'; break;
        case 'pointer': ok = ok && v === 'coarse'; break;
        case 'min-resolution': case 'max-resolution': case '-webkit-min-device-pixel-ratio': ok = ok && (f === 'max-resolution' ? 3 <= px : 3 >= px); break;
        default: ok = false;
      }
    }
    if (!any) ok = stringIndexOf(p, 'print') < 0 && (stringIndexOf(p, 'screen') >= 0 || stringIndexOf(p, 'all') >= 0);
    if (ok) return true;
  }
  return false;
}
put('matchMedia', function matchMedia(query) {
  const list = { media: StringCtor(query), matches: evaluateQuery(query), onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent() { return true; } };
  return list;
});

// ---- observers with no layout: every observed target is reported visible, once ----
function observerClass(name, entry) {
  function Observer(callback) {
    if (!new.target) throw new TypeError("Failed to construct '" + name + "': Please use the 'new' operator.");
    if (typeof callback !== 'function') throw new TypeError("Failed to construct '" + name + "': parameter 1 is not of type 'Function'.");
    this.__callback = callback; this.__targets = [];
  }
  Observer.prototype.observe = function observe(target) {
    if (arrayIndexOf(this.__targets, target) >= 0) return;
    arrayPush(this.__targets, target);
    const self = this;
    env.setTimeout(function () { if (arrayIndexOf(self.__targets, target) >= 0) apply(self.__callback, self, [[entry(target)], self]); }, 0);
  };
  Observer.prototype.unobserve = function unobserve(target) { const i = arrayIndexOf(this.__targets, target); if (i >= 0) arraySplice(this.__targets, i, 1); };
  Observer.prototype.disconnect = function disconnect() { this.__targets = []; };
  Observer.prototype.takeRecords = function takeRecords() { return []; };
  put(name, Observer);
}
observerClass('IntersectionObserver', function (t) {
  const r = new DOMRect(0, 0, 0, 0);
  return { target: t, isIntersecting: true, intersectionRatio: 1, boundingClientRect: r, intersectionRect: r, rootBounds: new DOMRect(0, 0, WIDTH, HEIGHT), time: global.performance.now() };
});
observerClass('ResizeObserver', function (t) {
  return { target: t, contentRect: new DOMRect(0, 0, 0, 0), borderBoxSize: [{ inlineSize: 0, blockSize: 0 }], contentBoxSize: [{ inlineSize: 0, blockSize: 0 }] };
});

// ---- element members domino lacks ----
function camel(name) { return stringReplace(name, /-([a-z])/g, function (m, c) { return c.toUpperCase(); }); }
function dashed(name) { return stringReplace(name, /[A-Z]/g, function (c) { return '-' + stringLower(c); }); }
defineOwn(HTMLElement, 'dataset', {
  get() {
    const el = this;
    return new ProxyCtor(objectCreate(null), {
      get(t, k) { if (typeof k !== 'string') return undefined; const v = el.getAttribute('data-' + dashed(k)); return v === null ? undefined : v; },
      set(t, k, v) { if (typeof k === 'string') el.setAttribute('data-' + dashed(k), StringCtor(v)); return true; },
      has(t, k) { return typeof k === 'string' && el.hasAttribute('data-' + dashed(k)); },
      deleteProperty(t, k) { if (typeof k === 'string') el.removeAttribute('data-' + dashed(k)); return true; },
      ownKeys() {
        const out = [], attrs = el.attributes;
        for (let i = 0; i < attrs.length; i++) { const n = attrs[i].name; if (stringIndexOf(n, 'data-') === 0) arrayPush(out, camel(stringSlice(n, 5))); }
        return out;
      },
      getOwnPropertyDescriptor(t, k) {
        if (typeof k !== 'string') return undefined;
        const v = el.getAttribute('data-' + dashed(k));
        return v === null ? undefined : { value: v, writable: true, enumerable: true, configurable: true };
      }
    });
  },
  configurable: true
});
// innerText: textContent with <br> as a line break and hidden subtrees left out (no layout).
function innerText(node) {
  if (node.nodeType === 3) return node.data;
  if (node.nodeType !== 1 && node.nodeType !== 11 && node.nodeType !== 9) return '';
  if (node.nodeType === 1) {
    if (node.localName === 'br') return '\n';
    if (defaultDisplay(node) === 'none' && node.localName !== 'body' && node.localName !== 'html') return '';
    if (node.style && node.style.display === 'none') return '';
  }
  let out = '';
  for (let c = node.firstChild; c; c = c.nextSibling) {
    const text = innerText(c);
    out += text;
    if (c.nodeType === 1 && text !== '' && c.nextSibling && defaultDisplay(c) !== 'inline') out += '\n';
  }
  return out;
}
defineOwn(HTMLElement, 'innerText', { get() { return innerText(this); }, set(v) { this.textContent = v === null || v === undefined ? '' : StringCtor(v); }, configurable: true });
defineOwn(HTMLElement, 'outerText', { get() { return innerText(this); }, configurable: true });
if (!Element.getAttributeNames) {
  Element.getAttributeNames = function getAttributeNames() { const out = [], a = this.attributes; for (let i = 0; i < a.length; i++) arrayPush(out, a[i].name); return out; };
}
})
