(function (env) {
'use strict';
// Form controls as browsers keep them. domino reflects `value` and `checked` straight to the
// attributes (so typing into a field would rewrite the markup), has no selected option, no form
// owner and no `form.elements`. Here a control's value, checkedness and selectedness live beside
// its attributes, which stay the defaults `reset()` goes back to. Validity, submission and what
// clicks on controls do are in page-form-submit.js.
const global = env.global, impl = env.impl;
const defineOwn = env.defineOwn;
const StringCtor = String, NumberCtor = Number, parseFloatFn = parseFloat;
const WeakMapCtor = WeakMap, WeakSetCtor = WeakSet;
const weakMapGet = env.uncurry(WeakMap.prototype.get), weakMapSet = env.uncurry(WeakMap.prototype.set);
const weakMapDelete = env.uncurry(WeakMap.prototype.delete);
const weakSetHas = env.uncurry(WeakSet.prototype.has), weakSetAdd = env.uncurry(WeakSet.prototype.add);
const weakSetDelete = env.uncurry(WeakSet.prototype.delete);
const arrayPush = env.uncurry(Array.prototype.push), arraySlice = env.uncurry(Array.prototype.slice);
const stringLower = env.uncurry(String.prototype.toLowerCase), stringTrim = env.uncurry(String.prototype.trim);
const stringReplace = env.uncurry(String.prototype.replace), stringIndexOf = env.uncurry(String.prototype.indexOf);
const regexpTest = env.uncurry(RegExp.prototype.test);
const DOMException = impl.DOMException;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const Input = impl.HTMLInputElement.prototype, TextArea = impl.HTMLTextAreaElement.prototype;
const Select = impl.HTMLSelectElement.prototype, Option = impl.HTMLOptionElement.prototype;
const Form = impl.HTMLFormElement.prototype, Button = impl.HTMLButtonElement.prototype, Label = impl.HTMLLabelElement.prototype;
const elementRemove = impl.Element.prototype.remove;

// The current ("dirty") state; an element not in a map shows its attributes.
const values = new WeakMapCtor(), checkedness = new WeakMapCtor(), selectedness = new WeakMapCtor();
// Single selects whose page chose no option (selectedIndex = -1, a value no option has).
const cleared = new WeakSetCtor();

function is(node, name) { return node !== null && node.nodeType === 1 && node.localName === name && node.namespaceURI === HTML_NS; }
function attr(el, name) { const v = el.getAttribute(name); return v === null ? '' : v; }

// ---- input types and values ----
const inputTypes = ' text hidden search tel url email password date month week time datetime-local number range color checkbox radio file submit image reset button ';
function inputType(el) {
  const t = el.getAttribute('type');
  if (t === null || t === '') return 'text';
  const l = stringLower(t);
  return stringIndexOf(inputTypes, ' ' + l + ' ') >= 0 ? l : 'text';
}
function valueMode(type) {
  if (type === 'hidden' || type === 'submit' || type === 'image' || type === 'reset' || type === 'button') return 'default';
  if (type === 'checkbox' || type === 'radio') return 'default/on';
  return type === 'file' ? 'filename' : 'value';
}
const number = /^-?(?:\d+|\d*\.\d+)(?:[eE][-+]?\d+)?$/;
function sanitize(type, v) {
  switch (type) {
    case 'text': case 'search': case 'tel': case 'password': return stringReplace(v, /[\r\n]/g, '');
    case 'url': case 'email': return stringTrim(stringReplace(v, /[\r\n]/g, ''));
    case 'number': return regexpTest(number, v) ? v : '';
    case 'color': return regexpTest(/^#[0-9a-fA-F]{6}$/, v) ? stringLower(v) : '#000000';
    default: return v;
  }
}
function rangeValue(el, v) {
  const min = regexpTest(number, attr(el, 'min')) ? parseFloatFn(attr(el, 'min')) : 0;
  let max = regexpTest(number, attr(el, 'max')) ? parseFloatFn(attr(el, 'max')) : 100;
  if (max < min) max = min;
  if (!regexpTest(number, v)) return StringCtor(max < min ? min : min + (max - min) / 2);
  const n = parseFloatFn(v);
  return n < min ? StringCtor(min) : n > max ? StringCtor(max) : v;
}
defineOwn(Input, 'type', { get() { return inputType(this); }, set(v) { this.setAttribute('type', StringCtor(v)); }, configurable: true, enumerable: true });
defineOwn(Input, 'value', {
  get() {
    const type = inputType(this), mode = valueMode(type);
    if (mode === 'default') return attr(this, 'value');
    if (mode === 'default/on') { const a = this.getAttribute('value'); return a === null ? 'on' : a; }
    if (mode === 'filename') return '';
    const own = weakMapGet(values, this);
    const v = sanitize(type, own !== undefined ? own : attr(this, 'value'));
    return type === 'range' ? rangeValue(this, v) : v;
  },
  set(v) {
    v = v === null ? '' : StringCtor(v);
    const type = inputType(this), mode = valueMode(type);
    if (mode === 'default' || mode === 'default/on') { this.setAttribute('value', v); return; }
    if (mode === 'filename') {
      if (v !== '') throw new DOMException("Failed to set the 'value' property on 'HTMLInputElement': This input element accepts a filename, which may only be programmatically set to the empty string.", 'InvalidStateError');
      return;
    }
    weakMapSet(values, this, sanitize(type, v));
  },
  configurable: true, enumerable: true
});
defineOwn(Input, 'valueAsNumber', {
  get() { const v = this.value; return (inputType(this) === 'number' || inputType(this) === 'range') && v !== '' ? NumberCtor(v) : NaN; },
  set(n) { this.value = n !== n ? '' : StringCtor(n); },
  configurable: true, enumerable: true
});
defineOwn(Input, 'checked', {
  get() { return checkedOf(this); },
  set(v) { setChecked(this, !!v); },
  configurable: true, enumerable: true
});
Input.indeterminate = false;
function checkedOf(el) { const own = weakMapGet(checkedness, el); return own !== undefined ? own : el.hasAttribute('checked'); }
function setChecked(el, on) {
  weakMapSet(checkedness, el, on);
  if (!on || inputType(el) !== 'radio') return;
  const group = radioGroup(el);
  for (let i = 0; i < group.length; i++) if (group[i] !== el) weakMapSet(checkedness, group[i], false);
}
function rootOf(node) { let n = node; while (n.parentNode) n = n.parentNode; return n; }
// Radios of the same name with the same form owner in the same tree.
function radioGroup(el) {
  const name = el.getAttribute('name');
  if (name === null || name === '') return [el];
  const owner = formOwner(el), out = [];
  const root = rootOf(el);
  const all = root.getElementsByTagName ? root.getElementsByTagName('input') : [];
  for (let i = 0; i < all.length; i++) {
    const x = all[i];
    if (inputType(x) === 'radio' && x.getAttribute('name') === name && formOwner(x) === owner) arrayPush(out, x);
  }
  return out;
}
// Text fields have a selection; with no layout it is kept as numbers.
function selectionMembers(proto) {
  proto.select = function select() {};
  proto.setSelectionRange = function setSelectionRange(start, end) { this.__selection = [NumberCtor(start) || 0, NumberCtor(end) || 0]; };
  defineOwn(proto, 'selectionStart', { get() { return this.__selection ? this.__selection[0] : this.value.length; }, set(v) { this.setSelectionRange(v, this.selectionEnd); }, configurable: true });
  defineOwn(proto, 'selectionEnd', { get() { return this.__selection ? this.__selection[1] : this.value.length; }, set(v) { this.setSelectionRange(this.selectionStart, v); }, configurable: true });
  defineOwn(proto, 'selectionDirection', { get() { return 'none'; }, set() {}, configurable: true });
}
selectionMembers(Input);
selectionMembers(TextArea);

// ---- textarea: the text is its default value ----
function newlines(v) { return stringReplace(stringReplace(v, /\r\n/g, '\n'), /\r/g, '\n'); }
defineOwn(TextArea, 'value', {
  get() { const own = weakMapGet(values, this); return own !== undefined ? own : newlines(this.textContent); },
  set(v) { weakMapSet(values, this, newlines(v === null ? '' : StringCtor(v))); },
  configurable: true, enumerable: true
});
defineOwn(TextArea, 'textLength', { get() { return this.value.length; }, configurable: true });

// ---- select and option ----
function optionList(select) {
  const out = [];
  for (let c = select.firstChild; c !== null; c = c.nextSibling) {
    if (is(c, 'option')) arrayPush(out, c);
    else if (is(c, 'optgroup')) for (let g = c.firstChild; g !== null; g = g.nextSibling) if (is(g, 'option')) arrayPush(out, g);
  }
  return out;
}
function selectOf(option) {
  const p = option.parentNode;
  if (is(p, 'select')) return p;
  if (is(p, 'optgroup') && is(p.parentNode, 'select')) return p.parentNode;
  return null;
}
function stored(option) { const own = weakMapGet(selectedness, option); return own !== undefined ? own : option.hasAttribute('selected'); }
function optionDisabled(o) { return o.hasAttribute('disabled') || (is(o.parentNode, 'optgroup') && o.parentNode.hasAttribute('disabled')); }
function isMultiple(select) { return select.hasAttribute('multiple'); }
function displaySize(select) { const n = parseInt(attr(select, 'size'), 10); return n > 0 ? n : (isMultiple(select) ? 4 : 1); }
// A single select shows the last option marked selected; with none, a drop-down shows its first
// option that is not disabled (unless the page chose none).
function selectedOption(select) {
  const list = optionList(select);
  let found = null;
  for (let i = 0; i < list.length; i++) if (stored(list[i])) found = list[i];
  if (found !== null || weakSetHas(cleared, select) || displaySize(select) > 1) return found;
  for (let i = 0; i < list.length; i++) if (!optionDisabled(list[i])) return list[i];
  return null;
}
function isSelected(option) {
  const s = selectOf(option);
  return s !== null && !isMultiple(s) ? selectedOption(s) === option : stored(option);
}
// Selects the options `pick` accepts (in a single select, the first of them) and no other.
function choose(select, pick) {
  const list = optionList(select), single = !isMultiple(select);
  let any = false;
  for (let i = 0; i < list.length; i++) {
    const on = (!single || !any) && pick(list[i], i);
    weakMapSet(selectedness, list[i], on);
    if (on) any = true;
  }
  if (any) weakSetDelete(cleared, select); else weakSetAdd(cleared, select);
}
defineOwn(Select, 'type', { get() { return isMultiple(this) ? 'select-multiple' : 'select-one'; }, configurable: true, enumerable: true });
defineOwn(Select, 'length', { get() { return optionList(this).length; }, configurable: true, enumerable: true });
defineOwn(Select, 'selectedIndex', {
  get() { const list = optionList(this); for (let i = 0; i < list.length; i++) if (isSelected(list[i])) return i; return -1; },
  set(v) { const n = NumberCtor(v) | 0; choose(this, function (o, i) { return i === n; }); },
  configurable: true, enumerable: true
});
defineOwn(Select, 'value', {
  get() { const list = optionList(this); for (let i = 0; i < list.length; i++) if (isSelected(list[i])) return list[i].value; return ''; },
  set(v) { v = v === null ? '' : StringCtor(v); let done = false; choose(this, function (o) { if (done || o.value !== v) return false; done = true; return true; }); },
  configurable: true, enumerable: true
});
defineOwn(Select, 'selectedOptions', { get() { const out = [], list = optionList(this); for (let i = 0; i < list.length; i++) if (isSelected(list[i])) arrayPush(out, list[i]); return out; }, configurable: true, enumerable: true });
Select.item = function item(i) { return optionList(this)[i] || null; };
Select.namedItem = function namedItem(name) { const list = optionList(this); for (let i = 0; i < list.length; i++) if (list[i].id === name || list[i].getAttribute('name') === name) return list[i]; return null; };
Select.add = function add(element, before) {
  const ref = typeof before === 'number' ? (optionList(this)[before] || null) : (before === undefined ? null : before);
  if (ref === null) this.appendChild(element); else ref.parentNode.insertBefore(element, ref);
};
Select.remove = function remove(index) {
  if (arguments.length === 0) { env.apply(elementRemove, this, []); return; }
  const o = optionList(this)[NumberCtor(index) | 0];
  if (o) o.parentNode.removeChild(o);
};
defineOwn(Option, 'selected', {
  get() { return isSelected(this); },
  set(v) {
    const s = selectOf(this), on = !!v;
    if (s !== null && !isMultiple(s) && on) { const self = this; choose(s, function (o) { return o === self; }); return; }
    weakMapSet(selectedness, this, on);
  },
  configurable: true, enumerable: true
});
defineOwn(Option, 'value', { get() { return this.hasAttribute('value') ? this.getAttribute('value') : this.text; }, set(v) { this.setAttribute('value', StringCtor(v)); }, configurable: true, enumerable: true });
defineOwn(Option, 'label', { get() { return this.hasAttribute('label') ? this.getAttribute('label') : this.text; }, set(v) { this.setAttribute('label', StringCtor(v)); }, configurable: true, enumerable: true });
defineOwn(Option, 'index', { get() { const s = selectOf(this); if (s === null) return 0; const list = optionList(s); for (let i = 0; i < list.length; i++) if (list[i] === this) return i; return 0; }, configurable: true, enumerable: true });
// An option inserted into a select the page had emptied is chosen again by the usual rule.
arrayPush(env.mutationListeners, function (m) {
  if (m.type !== env.MUTATE.INSERT || !is(m.node, 'option') && !is(m.node, 'optgroup')) return;
  const s = is(m.target, 'select') ? m.target : (is(m.target, 'optgroup') && is(m.target.parentNode, 'select') ? m.target.parentNode : null);
  if (s !== null) weakSetDelete(cleared, s);
});

// ---- form owners and form.elements ----
const listedNames = ' button fieldset input object output select textarea ';
function isListed(el) { return el.nodeType === 1 && el.namespaceURI === HTML_NS && stringIndexOf(listedNames, ' ' + el.localName + ' ') >= 0; }
function formOwner(el) {
  if (el.hasAttribute('form')) {
    if (!el.rooted) return null;
    const f = el.ownerDocument.getElementById(el.getAttribute('form'));
    return is(f, 'form') ? f : null;
  }
  for (let n = el.parentNode; n !== null; n = n.parentNode) if (is(n, 'form')) return n;
  return null;
}
const owned = [Input, Select, TextArea, Button, impl.HTMLFieldSetElement.prototype, impl.HTMLOutputElement.prototype, impl.HTMLObjectElement.prototype];
for (let i = 0; i < owned.length; i++) defineOwn(owned[i], 'form', { get() { return formOwner(this); }, configurable: true, enumerable: true });
defineOwn(Label, 'control', {
  get() {
    const id = this.getAttribute('for');
    if (id !== null) { const el = this.rooted ? this.ownerDocument.getElementById(id) : null; return el !== null && labelable(el) ? el : null; }
    const all = this.getElementsByTagName('*');
    for (let i = 0; i < all.length; i++) if (labelable(all[i])) return all[i];
    return null;
  },
  configurable: true, enumerable: true
});
defineOwn(Label, 'form', { get() { const c = this.control; return c === null ? null : formOwner(c); }, configurable: true, enumerable: true });
function labelable(el) {
  if (el.namespaceURI !== HTML_NS) return false;
  const n = el.localName;
  return n === 'button' || n === 'meter' || n === 'output' || n === 'progress' || n === 'select' || n === 'textarea' || (n === 'input' && inputType(el) !== 'hidden');
}
function elementsOf(form) {
  const out = [];
  const all = rootOf(form).querySelectorAll('button, fieldset, input, object, output, select, textarea');
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    if (isListed(el) && !(is(el, 'input') && inputType(el) === 'image') && formOwner(el) === form) arrayPush(out, el);
  }
  return out;
}
// A snapshot with the collection's methods and its named entries (several radios of one name
// come as a list whose value is the checked one's).
function controls(list) {
  const c = arraySlice(list);
  const groups = env.objectCreate(null);
  for (let i = 0; i < list.length; i++) {
    const keys = [list[i].id, list[i].getAttribute('name')];
    for (let k = 0; k < 2; k++) {
      const key = keys[k];
      if (!key || (k === 1 && key === keys[0])) continue;
      (groups[key] || (groups[key] = []))[groups[key].length] = list[i];
    }
  }
  for (const key in groups) {
    if (key in c || regexpTest(/^\d+$/, key)) continue;
    const g = groups[key];
    defineOwn(c, key, { value: g.length === 1 ? g[0] : radioNodeList(g), enumerable: false, configurable: true });
  }
  defineOwn(c, 'item', { value: function item(i) { return c[i] || null; }, configurable: true });
  defineOwn(c, 'namedItem', { value: function namedItem(name) { return groups[name] ? c[name] : null; }, configurable: true });
  return c;
}
function radioNodeList(list) {
  const r = arraySlice(list);
  defineOwn(r, 'value', {
    get() { for (let i = 0; i < r.length; i++) if (is(r[i], 'input') && inputType(r[i]) === 'radio' && r[i].checked) return r[i].value; return ''; },
    set(v) { for (let i = 0; i < r.length; i++) if (is(r[i], 'input') && inputType(r[i]) === 'radio' && r[i].value === StringCtor(v)) { r[i].checked = true; return; } },
    configurable: true
  });
  return r;
}
defineOwn(Form, 'elements', { get() { return controls(elementsOf(this)); }, configurable: true, enumerable: true });
defineOwn(Form, 'length', { get() { return elementsOf(this).length; }, configurable: true, enumerable: true });

// What the submission part (page-form-submit.js) builds on.
function resetControl(el) {
  weakMapDelete(values, el);
  weakMapDelete(checkedness, el);
  if (is(el, 'select')) { weakSetDelete(cleared, el); const opts = optionList(el); for (let k = 0; k < opts.length; k++) weakMapDelete(selectedness, opts[k]); }
}
env.forms = { is, attr, inputType, valueMode, checkedOf, setChecked, radioGroup, rootOf, formOwner, elementsOf, optionList, isSelected, optionDisabled, resetControl };
})
