(function (env) {
'use strict';
// Forms at work (on the controls of page-forms.js): validity (required fields and custom
// errors), what a form submits, submit and reset with their events, and what a click on a
// checkbox, radio, submit or reset button or label does (the events part's activation behaviours).
const global = env.global, impl = env.impl;
const defineOwn = env.defineOwn;
const StringCtor = String, TypeErrorCtor = TypeError, WeakMapCtor = WeakMap;
const weakMapGet = env.uncurry(WeakMap.prototype.get), weakMapSet = env.uncurry(WeakMap.prototype.set);
const arrayPush = env.uncurry(Array.prototype.push);
const stringLower = env.uncurry(String.prototype.toLowerCase);
const Event = global.Event, SubmitEvent = global.SubmitEvent, URLSearchParamsCtor = global.URLSearchParams, URLCtor = global.URL;
const Input = impl.HTMLInputElement.prototype, TextArea = impl.HTMLTextAreaElement.prototype;
const Select = impl.HTMLSelectElement.prototype, Form = impl.HTMLFormElement.prototype, Button = impl.HTMLButtonElement.prototype;
const { is, attr, inputType, valueMode, checkedOf, setChecked, radioGroup, rootOf, formOwner, elementsOf, optionList, isSelected, optionDisabled, resetControl } = env.forms;
const customErrors = new WeakMapCtor();

// ---- validity (required fields and custom errors; no type checks without a UI) ----
function disabled(el) {
  if (el.hasAttribute('disabled')) return true;
  for (let n = el.parentNode; n !== null && n.nodeType === 1; n = n.parentNode) if (is(n, 'fieldset') && n.hasAttribute('disabled')) return true;
  return false;
}
function missing(el) {
  if (!el.hasAttribute('required') || disabled(el)) return false;
  if (is(el, 'select')) return el.value === '';
  if (is(el, 'textarea')) return el.value === '';
  if (!is(el, 'input')) return false;
  const t = inputType(el);
  if (t === 'checkbox') return !checkedOf(el);
  if (t === 'radio') { const g = radioGroup(el); for (let i = 0; i < g.length; i++) if (checkedOf(g[i])) return false; return true; }
  return valueMode(t) === 'value' && el.value === '';
}
// Controls that are never validated: disabled or read-only ones, buttons that do not submit,
// hidden inputs.
function barred(el) {
  if (disabled(el) || el.hasAttribute('readonly') && !is(el, 'select')) return true;
  if (is(el, 'button')) return !isSubmitButton(el);
  return is(el, 'input') && (inputType(el) === 'hidden' || inputType(el) === 'reset' || inputType(el) === 'button');
}
function validityOf(el) {
  const custom = weakMapGet(customErrors, el) || '', miss = missing(el);
  return { valueMissing: miss, customError: custom !== '', typeMismatch: false, patternMismatch: false, tooLong: false, tooShort: false,
    rangeUnderflow: false, rangeOverflow: false, stepMismatch: false, badInput: false, valid: !miss && custom === '' };
}
function checkValidity() {
  if (validityOf(this).valid) return true;
  env.bridge.dispatch(this, new Event('invalid', { cancelable: true }));
  return false;
}
const validated = [Input, Select, TextArea, Button];
for (let i = 0; i < validated.length; i++) {
  const p = validated[i];
  defineOwn(p, 'validity', { get() { return validityOf(this); }, configurable: true, enumerable: true });
  defineOwn(p, 'willValidate', { get() { return !barred(this); }, configurable: true, enumerable: true });
  defineOwn(p, 'validationMessage', { get() { const v = validityOf(this); return v.customError ? weakMapGet(customErrors, this) : v.valueMissing ? 'Please fill out this field.' : ''; }, configurable: true, enumerable: true });
  p.setCustomValidity = function setCustomValidity(message) { weakMapSet(customErrors, this, StringCtor(message)); };
  p.checkValidity = checkValidity;
  p.reportValidity = checkValidity;
}

// ---- what a form submits ----
function isButton(el) { return is(el, 'button') || (is(el, 'input') && valueMode(inputType(el)) === 'default' && inputType(el) !== 'hidden'); }
function isSubmitButton(el) {
  if (is(el, 'button')) { const t = stringLower(attr(el, 'type')); return t !== 'reset' && t !== 'button'; }
  return is(el, 'input') && (inputType(el) === 'submit' || inputType(el) === 'image');
}
// The entries of the form data set, [name, value] in tree order (FormData builds on this).
function entries(form, submitter) {
  const out = [];
  const all = rootOf(form).querySelectorAll('button, input, select, textarea');
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    if (formOwner(el) !== form || disabled(el)) continue;
    if (isButton(el) && el !== submitter) continue;
    const name = attr(el, 'name');
    if (is(el, 'input')) {
      const t = inputType(el);
      if ((t === 'checkbox' || t === 'radio') && !checkedOf(el)) continue;
      if (t === 'image') { const p = name === '' ? '' : name + '.'; arrayPush(out, [p + 'x', '0'], [p + 'y', '0']); continue; }
      if (name === '' || t === 'file') continue;
      arrayPush(out, [name, el.value]);
    } else if (name === '') {
      continue;
    } else if (is(el, 'select')) {
      const list = optionList(el);
      for (let k = 0; k < list.length; k++) if (isSelected(list[k]) && !optionDisabled(list[k])) arrayPush(out, [name, list[k].value]);
    } else {
      arrayPush(out, [name, el.value]);
    }
  }
  return out;
}
env.formEntries = entries;
function invalidControls(form) {
  const list = elementsOf(form), bad = [];
  for (let i = 0; i < list.length; i++) if (!barred(list[i]) && !validityOf(list[i]).valid) arrayPush(bad, list[i]);
  return bad;
}
// Submitting navigates: GET to the action with the entries as its query, other methods to the
// action (native code sees the navigation; a page run has nowhere to post a body).
function submit(form, submitter) {
  const method = stringLower((submitter && submitter.getAttribute('formmethod')) || attr(form, 'method') || 'get');
  if (method === 'dialog') return;
  let action = (submitter && submitter.getAttribute('formaction')) || attr(form, 'action');
  if (action === '') action = env.document._address;
  let url;
  try { url = new URLCtor(action, env.document._address); } catch (e) { return; }
  if (method !== 'post') url.search = new URLSearchParamsCtor(entries(form, submitter)).toString();
  env.bridge.navigate(url.href, 'location');
}
function requestSubmit(form, submitter) {
  const noValidate = form.hasAttribute('novalidate') || (submitter && submitter.hasAttribute('formnovalidate'));
  if (!noValidate) {
    const bad = invalidControls(form);
    if (bad.length) { for (let i = 0; i < bad.length; i++) env.bridge.dispatch(bad[i], new Event('invalid', { cancelable: true })); return; }
  }
  const e = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submitter || null });
  if (env.bridge.dispatch(form, e)) submit(form, submitter);
}
Form.submit = function submit_() { submit(this, null); };
Form.requestSubmit = function requestSubmit_(submitter) {
  if (submitter !== undefined && submitter !== null && (!isSubmitButton(submitter) || formOwner(submitter) !== this)) {
    throw new TypeErrorCtor("Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not a submit button of this form.");
  }
  requestSubmit(this, submitter || null);
};
Form.checkValidity = function checkValidity() {
  const bad = invalidControls(this);
  for (let i = 0; i < bad.length; i++) env.bridge.dispatch(bad[i], new Event('invalid', { cancelable: true }));
  return bad.length === 0;
};
Form.reportValidity = Form.checkValidity;
Form.reset = function reset() {
  if (!env.bridge.dispatch(this, new Event('reset', { bubbles: true, cancelable: true }))) return;
  const list = elementsOf(this);
  for (let i = 0; i < list.length; i++) {
    const el = list[i];
    resetControl(el);
  }
};

// ---- clicks: what a checkbox, radio, submit or reset button, or label does ----
function changed(el) {
  if (!el.rooted) return;
  env.bridge.dispatch(el, new Event('input', { bubbles: true, composed: true }));
  env.bridge.dispatch(el, new Event('change', { bubbles: true }));
}
env.isDisabledControl = function (el) { return (is(el, 'input') || is(el, 'button') || is(el, 'select') || is(el, 'textarea')) && disabled(el); };
arrayPush(env.activationBehaviours, function (el) {
  if (env.isDisabledControl(el)) return null;
  if (is(el, 'input')) {
    const t = inputType(el);
    // The click changes the control's state itself, not through its `checked` property (React
    // watches that property to tell a user's change from its own).
    if (t === 'checkbox') {
      let before, wasIndeterminate;
      return {
        pre() { before = checkedOf(el); wasIndeterminate = el.indeterminate; setChecked(el, !before); el.indeterminate = false; },
        cancel() { setChecked(el, before); el.indeterminate = wasIndeterminate; },
        run() { changed(el); }
      };
    }
    if (t === 'radio') {
      let previous = null, was = false;
      return {
        pre() {
          was = checkedOf(el);
          const g = radioGroup(el);
          for (let i = 0; i < g.length; i++) if (checkedOf(g[i])) previous = g[i];
          setChecked(el, true);
        },
        cancel() { if (previous !== null) setChecked(previous, true); else setChecked(el, false); },
        run() { if (!was) changed(el); }
      };
    }
  }
  if (is(el, 'button') || (is(el, 'input') && (inputType(el) === 'submit' || inputType(el) === 'image' || inputType(el) === 'reset'))) {
    const type = is(el, 'button') ? stringLower(attr(el, 'type')) : inputType(el);
    return {
      run() {
        const form = formOwner(el);
        if (form === null || !el.rooted) return;
        if (type === 'reset') form.reset();
        else if (type !== 'button') requestSubmit(form, el);
      }
    };
  }
  if (is(el, 'label')) {
    return {
      run(event) {
        const control = el.control;
        if (control === null || control === event.target || (event.target && control.contains && control.contains(event.target))) return;
        control.click();
      }
    };
  }
  return null;
});
})
