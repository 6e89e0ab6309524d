(function (env) {
'use strict';
// Inline styles: how a page's declarations are read, and the `el.style` members domino lacks.
const impl = env.impl, apply = env.apply;
const defineOwn = env.defineOwn, objectCreate = env.objectCreate, StringCtor = String;
const stringReplace = env.uncurry(String.prototype.replace), stringSlice = env.uncurry(String.prototype.slice);
const stringLower = env.uncurry(String.prototype.toLowerCase), stringIndexOf = env.uncurry(String.prototype.indexOf);
const regexpExec = env.uncurry(RegExp.prototype.exec);

// Declarations (a style attribute, `cssText`, `setProperty`) are read here, as a browser reads a
// declaration block, instead of by domino's CSS parser (parserlib, 2012), which dropped what it
// did not know (`gap: 4px`, `inset: 0`, `aspect-ratio: 16 / 9`, `rgb(1 2 3 / 50%)`), mangled
// `repeat(3, 1fr)` into `repeat(3,)`, and cost a page 8 ms to load at its first style. A
// declaration is kept when its property is one a browser knows (domino's list of 364 and the
// newer ones below, with camelCase `el.style` accessors), a vendor-prefixed one (`-webkit-…`,
// `-moz-…`, `-ms-…`, `-o-…`) or a custom property, and its value is well formed; values are not
// checked against each property's grammar (`color: 5px` is kept, where a browser drops it).
// A value is written with comments and runs of white space as one space, `, ` after a comma,
// nothing inside a function's parentheses' ends; strings and `url(…)` as they are. Linear in
// the text (a page's megabyte-long data URI included).
const Style = impl.CSSStyleDeclaration.prototype;
const charCodeAt = env.uncurry(String.prototype.charCodeAt), stringTrim = env.uncurry(String.prototype.trim);
const stringUpper = env.uncurry(String.prototype.toUpperCase);
const getOwnNames = Object.getOwnPropertyNames, getOwn = Object.getOwnPropertyDescriptor;
const fromCharCode = String.fromCharCode;
const newer = ['gap', 'row-gap', 'inset', 'inset-block', 'inset-block-start', 'inset-block-end', 'inset-inline',
  'inset-inline-start', 'inset-inline-end', 'aspect-ratio', 'place-items', 'place-content', 'place-self', 'object-fit',
  'object-position', 'overscroll-behavior', 'overscroll-behavior-x', 'overscroll-behavior-y', 'scroll-behavior', 'will-change',
  'backdrop-filter', 'isolation', 'mix-blend-mode', 'overflow-wrap', 'overflow-anchor', 'contain', 'content-visibility',
  'accent-color', 'caret-color', 'appearance', 'color-scheme', 'container', 'container-type', 'container-name', 'hyphens',
  'tab-size', 'text-underline-offset', 'text-underline-position', 'text-decoration-thickness', 'text-decoration-color',
  'text-decoration-line', 'text-decoration-style', 'text-size-adjust', 'text-rendering', 'font-variant-numeric',
  'font-feature-settings', 'font-variation-settings', 'margin-inline', 'margin-inline-start', 'margin-inline-end',
  'margin-block', 'margin-block-start', 'margin-block-end', 'padding-inline', 'padding-inline-start', 'padding-inline-end',
  'padding-block', 'padding-block-start', 'padding-block-end', 'block-size', 'inline-size', 'min-block-size',
  'min-inline-size', 'max-block-size', 'max-inline-size', 'border-block', 'border-block-start', 'border-block-end',
  'border-inline', 'border-inline-start', 'border-inline-end', 'border-start-start-radius', 'border-start-end-radius',
  'border-end-start-radius', 'border-end-end-radius', 'scroll-snap-type', 'scroll-snap-align', 'scroll-snap-stop',
  'scroll-margin', 'scroll-margin-top', 'scroll-margin-right', 'scroll-margin-bottom', 'scroll-margin-left', 'scroll-padding',
  'scroll-padding-top', 'scroll-padding-right', 'scroll-padding-bottom', 'scroll-padding-left', 'scrollbar-width',
  'scrollbar-color', 'scrollbar-gutter', 'mask', 'mask-image', 'mask-size', 'mask-position', 'mask-repeat', 'line-clamp',
  'print-color-adjust', 'touch-action', 'user-select', 'translate', 'rotate', 'scale', 'text-overflow', 'white-space',
  'word-break', 'overflow-x', 'overflow-y'];
// The vendor-prefixed properties pages set through `el.style` (React writes `WebkitLineClamp`).
const prefixed = ['-webkit-line-clamp', '-webkit-box-orient', '-webkit-overflow-scrolling', '-webkit-tap-highlight-color',
  '-webkit-touch-callout', '-webkit-user-select', '-webkit-appearance', '-webkit-font-smoothing', '-webkit-text-size-adjust',
  '-webkit-backdrop-filter', '-webkit-mask-image', '-webkit-transform', '-webkit-transition', '-webkit-box-shadow',
  '-moz-osx-font-smoothing', '-moz-appearance', '-ms-touch-action', '-ms-overflow-style'];
function camelName(name) { return stringReplace(name, /-([a-z])/g, function (m, c) { return stringUpper(c); }); }
function addAccessor(name, cssName) {
  if (env.hasOwn(Style, name)) return;
  defineOwn(Style, name, { get() { return this.getPropertyValue(cssName); }, set(v) { this.setProperty(cssName, v); }, configurable: true });
}
// The camelCase accessors pages use (`el.style.aspectRatio`; React writes `WebkitLineClamp`,
// CSSOM names it `webkitLineClamp`), made when the engine's first `el.style` is read: an engine
// whose page never reads one (most of a test run's) does not pay for ~150 accessor pairs.
let accessorsMade = false;
function makeAccessors() {
  accessorsMade = true;
  env.defineNow(impl.CSSStyleDeclaration);
  for (let i = 0; i < newer.length; i++) addAccessor(camelName(newer[i]), newer[i]);
  for (let i = 0; i < prefixed.length; i++) {
    const camel = camelName(stringSlice(prefixed[i], 1));
    addAccessor(camel, prefixed[i]);
    addAccessor(stringUpper(stringSlice(camel, 0, 1)) + stringSlice(camel, 1), prefixed[i]);
  }
}
{
  // (domino's own `style` members first: its element classes get their members when needed.)
  env.defineNow(impl.HTMLElement);
  if (impl.SVGElement) env.defineNow(impl.SVGElement);
  const owners = [impl.HTMLElement.prototype, impl.SVGElement ? impl.SVGElement.prototype : null];
  for (let i = 0; i < owners.length; i++) {
    const d = owners[i] && getOwn(owners[i], 'style');
    if (!d || !env.hasOwn(d, 'get') || typeof d.get !== 'function') continue;
    const get = d.get;
    defineOwn(owners[i], 'style', {
      get: function style() { if (!accessorsMade) makeAccessors(); return apply(get, this, []); },
      set: d.set, enumerable: d.enumerable, configurable: true
    });
  }
}
// The properties a declaration may set: domino's (the dashed names its accessors carry) and the
// newer ones, made at the first declaration read (most engines of a test run read none).
let known = null;
function isKnown(name) {
  if (known === null) {
    env.defineNow(impl.CSSStyleDeclaration);
    const styleNames = getOwnNames(Style);
    known = objectCreate(null);
    for (let i = 0; i < styleNames.length; i++) {
      const k = styleNames[i];
      if (regexpExec(/^[a-z]+(-[a-z]+)*$/, k) !== null && k !== 'length' && k !== 'item' && k !== 'constructor') known[k] = true;
    }
    for (let i = 0; i < newer.length; i++) known[newer[i]] = true;
  }
  return known[name] === true || regexpExec(/^-(webkit|moz|ms|o)-[a-z]+(-[a-z]+)*$/, name) !== null;
}
function isSpace(c) { return c === 32 || c === 9 || c === 10 || c === 13 || c === 12; }
function isNameChar(c) { return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c >= 128; }
// The end of the string that starts at `i` (at its quote): the index after its closing quote,
// `n + 1` when the text ends first (a browser closes it there), or -1 at a line break (a bad
// string).
function stringEnd(v, i, n) {
  const q = charCodeAt(v, i);
  let j = i + 1;
  while (j < n) {
    const c = charCodeAt(v, j);
    if (c === q) return j + 1;
    if (c === 10 || c === 13 || c === 12) return -1;
    j += c === 92 ? 2 : 1;
  }
  return n + 1;
}
// Where a final `!important` (any case, white space around the `!`) starts, or -1.
function importantAt(v) {
  let j = v.length;
  while (j > 0 && isSpace(charCodeAt(v, j - 1))) j--;
  if (j < 9 || stringLower(stringSlice(v, j - 9, j)) !== 'important') return -1;
  j -= 9;
  while (j > 0 && isSpace(charCodeAt(v, j - 1))) j--;
  if (j === 0 || charCodeAt(v, j - 1) !== 33) return -1;
  return j - 1;
}
// A declaration's value written as a browser serializes it; `null` when it is not well formed
// (a closing bracket without its opening one, a `!` that is not a final `!important`, a string
// with a line break in it). Strings and brackets still open at the end are closed.
function serializeValue(v) {
  const n = v.length, open = [];
  // prev: 0 at the start, 1 after an opening bracket or a comma, 2 after anything else.
  let out = '', space = false, prev = 0, i = 0, noCloseFrom = n;
  while (i < n) {
    const c = charCodeAt(v, i);
    if (isSpace(c)) { space = true; i++; continue; }
    if (c === 44) { out += ', '; space = false; prev = 1; i++; continue; }
    if (c === 33) return null;
    if (c === 41 || c === 93 || c === 125) {
      if (open.length === 0 || open[open.length - 1] !== c) return null;
      open.length -= 1;
      out += fromCharCode(c); space = false; prev = 2; i++;
      continue;
    }
    // An unquoted url(…) as it is, up to its `)` (`url` right before, in the value itself).
    if (c === 40 && !space && i >= 3 && i < noCloseFrom && stringLower(stringSlice(v, i - 3, i)) === 'url' && (i === 3 || !isNameChar(charCodeAt(v, i - 4)))) {
      const close = stringIndexOf(v, ')', i + 1);
      if (close < 0) noCloseFrom = i;
      else {
        const inner = stringTrim(stringSlice(v, i + 1, close));
        if (inner !== '' && charCodeAt(inner, 0) !== 34 && charCodeAt(inner, 0) !== 39) { out += '(' + inner + ')'; prev = 2; i = close + 1; continue; }
      }
    }
    if (space && prev === 2) out += ' ';
    space = false;
    if (c === 34 || c === 39) {
      const end = stringEnd(v, i, n);
      if (end < 0) return null;
      out += end > n ? stringSlice(v, i, n) + fromCharCode(c) : stringSlice(v, i, end);
      prev = 2; i = end;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) {
      open[open.length] = c === 40 ? 41 : c + 2;
      out += fromCharCode(c); prev = 1; i++;
      continue;
    }
    // A run of ordinary characters at once.
    let j = i + 1;
    while (j < n) {
      const d = charCodeAt(v, j);
      if (isSpace(d) || d === 44 || d === 33 || d === 34 || d === 39 || d === 40 || d === 41 || d === 91 || d === 93 || d === 123 || d === 125) break;
      j++;
    }
    out += stringSlice(v, i, j); prev = 2; i = j;
  }
  while (open.length > 0) { out += fromCharCode(open[open.length - 1]); open.length -= 1; }
  return out;
}
// A custom property's value as written (trimmed), its open strings and brackets closed; `null`
// for a bad string or an unmatched closing bracket.
function customValue(v) {
  const n = v.length, open = [];
  let i = 0, out = v;
  while (i < n) {
    const c = charCodeAt(v, i);
    if (c === 34 || c === 39) {
      const end = stringEnd(v, i, n);
      if (end < 0) return null;
      if (end > n) out += fromCharCode(c);
      i = end;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) open[open.length] = c === 40 ? 41 : c + 2;
    else if (c === 41 || c === 93 || c === 125) {
      if (open.length === 0 || open[open.length - 1] !== c) return null;
      open.length -= 1;
    }
    i++;
  }
  while (open.length > 0) { out += fromCharCode(open[open.length - 1]); open.length -= 1; }
  return out;
}
// The end of the declaration starting at `i`: the index of its `;` outside strings, brackets and
// comments (or `n`); `pieces` gets its text, comments made spaces.
function declarationEnd(s, i, n, pieces) {
  let depth = 0, from = i;
  while (i < n) {
    const c = charCodeAt(s, i);
    if (c === 59 && depth === 0) break;
    if (c === 47 && charCodeAt(s, i + 1) === 42) {
      pieces[pieces.length] = stringSlice(s, from, i);
      pieces[pieces.length] = ' ';
      const end = stringIndexOf(s, '*/', i + 2);
      i = end < 0 ? n : end + 2;
      from = i;
      continue;
    }
    if (c === 34 || c === 39) {
      const end = stringEnd(s, i, n);
      // A bad string ends at its line break (the declaration then fails on it).
      i = end < 0 ? i + 1 : end;
      continue;
    }
    if (c === 92) { i += 2; continue; }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
    i++;
  }
  if (i > n) i = n;
  pieces[pieces.length] = stringSlice(s, from, i);
  return i;
}
// `text` read as a declaration block: { property, priority }, as domino keeps them. A later
// declaration of a property replaces an earlier one, unless only the earlier is `!important`.
function parseDeclarations(text) {
  const result = { property: objectCreate(null), priority: objectCreate(null) };
  const s = StringCtor(text), n = s.length;
  let i = 0;
  while (i < n) {
    const pieces = [];
    i = declarationEnd(s, i, n, pieces) + 1;
    let decl = '';
    for (let k = 0; k < pieces.length; k++) decl += pieces[k];
    const colon = stringIndexOf(decl, ':');
    if (colon < 0) continue;
    const rawName = stringTrim(stringSlice(decl, 0, colon));
    let value = stringTrim(stringSlice(decl, colon + 1));
    const bang = importantAt(value);
    const important = bang >= 0;
    if (important) value = stringTrim(stringSlice(value, 0, bang));
    let name, written;
    if (regexpExec(/^--[^\s:;!'"()\[\]{}]+$/, rawName) !== null) {
      // A custom property: its name's case and its value as written.
      name = rawName;
      written = value === '' ? null : customValue(value);
    } else {
      name = stringLower(rawName);
      written = isKnown(name) ? serializeValue(value) : null;
    }
    if (written === null || written === '') continue;
    if (!important && result.priority[name] === 'important') continue;
    result.property[name] = written;
    if (important) result.priority[name] = 'important';
  }
  return result;
}
env.provide('bridge:parseDeclarations', parseDeclarations);
// The declarations as `cssText` gives them (`color: red; width: 1px !important;`), as domino's
// `_serialize` writes them into the attribute.
function serializeBlock(parsed) {
  const names = getOwnNames(parsed.property);
  let out = '';
  for (let i = 0; i < names.length; i++) {
    const k = names[i];
    out += (out === '' ? '' : ' ') + k + ': ' + parsed.property[k] + (parsed.priority[k] ? ' !important' : '') + ';';
  }
  return out;
}
// `cssText` reads the declarations serialized (domino gave the raw attribute, `null` when there
// was none: `el.style.cssText += 'color: red'` wrote `nullcolor: red`); setting it writes them
// serialized into the attribute.
defineOwn(Style, 'cssText', {
  get() { return this._element.getAttribute('style') === null ? '' : serializeBlock(this._parsed); },
  set(value) { this._element.setAttribute('style', serializeBlock(parseDeclarations(value === null ? '' : value))); },
  configurable: true
});
// Whether a value given to `setProperty` holds a `;` that would end its declaration (one inside a
// string, brackets or a comment does not: `url("data:image/png;base64,…")`).
env.provide('bridge:hasTopLevelSemicolon', function (value) {
  const v = StringCtor(value), n = v.length;
  return declarationEnd(v, 0, n, []) < n;
});
})
