(function (env) {
'use strict';
// Events as browsers dispatch them, in place of domino's dispatch: listener options (capture,
// once, passive, signal), a listener that throws is reported and the others still run, events
// of nodes in the document go on to the window, and the event constructors take their
// initialisation dictionaries (`new MouseEvent('click', {bubbles: true})`).
const global = env.global, impl = env.impl, put = env.put, apply = env.apply, reportError = env.reportError;
const EventTarget = env.require('EventTarget.js');
const Event = impl.Event;
const defineOwn = env.defineOwn, objectCreate = env.objectCreate, objectKeys = Object.keys;
const arrayPush = env.uncurry(Array.prototype.push), arraySlice = env.uncurry(Array.prototype.slice);
const arraySplice = env.uncurry(Array.prototype.splice);
const StringCtor = String, TypeErrorCtor = TypeError;
const CAPTURING = 1, AT_TARGET = 2, BUBBLING = 3;

function flags(options) {
  if (options === null || typeof options !== 'object') return { capture: !!options, once: false, passive: false, signal: null };
  return { capture: !!options.capture, once: !!options.once, passive: !!options.passive, signal: options.signal || null };
}
function listenersOf(target, type, create) {
  let map = target.__dominoListeners;
  if (!map) {
    if (!create) return null;
    map = objectCreate(null);
    defineOwn(target, '__dominoListeners', { value: map, writable: true, configurable: true });
  }
  let list = map[type];
  if (!list && create) { list = []; map[type] = list; }
  return list || null;
}
function addEventListener(type, listener, options) {
  if (listener === null || listener === undefined) return;
  const target = this === undefined || this === null ? global : this;
  const f = flags(options);
  if (f.signal && f.signal.aborted) return;
  type = StringCtor(type);
  const list = listenersOf(target, type, true);
  for (let i = 0; i < list.length; i++) if (list[i].listener === listener && list[i].capture === f.capture) return;
  const record = { listener: listener, capture: f.capture, once: f.once, passive: f.passive, removed: false };
  arrayPush(list, record);
  if (f.signal && typeof f.signal.addEventListener === 'function') {
    f.signal.addEventListener('abort', function () { removeRecord(target, type, record); });
  }
}
function removeRecord(target, type, record) {
  const list = listenersOf(target, type, false);
  if (!list) return;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === record) { record.removed = true; arraySplice(list, i, 1); return; }
  }
}
function removeEventListener(type, listener, options) {
  const target = this === undefined || this === null ? global : this;
  const capture = flags(options).capture;
  type = StringCtor(type);
  const list = listenersOf(target, type, false);
  if (!list) return;
  for (let i = 0; i < list.length; i++) {
    if (list[i].listener === listener && list[i].capture === capture) { list[i].removed = true; arraySplice(list, i, 1); return; }
  }
}
function call(fn, self, event) {
  try { return apply(fn, self, [event]); } catch (e) { reportUncaught(e); return undefined; }
}
// A handler property's function: an inline handler's own error is named after the page first
// (the page layer knows it by this function's name in the error's stack).
function bridgeCallHandlerProperty(fn, self, event, type) {
  try { return apply(fn, self, [event]); } catch (e) { env.nameHandlerError(e, type); reportUncaught(e); return undefined; }
}
// An error a listener (or an observer, a link, a frame) throws: the window hears of it first, as
// an ErrorEvent (error monitoring), then the run reports it as uncaught whatever the page did.
let reportingError = false;
// Fires the window's `error` event for a thrown value (also for a script's top-level error and a
// timer's, which native code reports: it passes where the engine placed the error).
function fireErrorEvent(e, where) {
  if (reportingError || typeof global.ErrorEvent !== 'function') return;
  reportingError = true;
  try {
    const isObject = e !== null && (typeof e === 'object' || typeof e === 'function');
    let message;
    try { message = isObject && typeof e.message === 'string' ? e.message : StringCtor(e); } catch (x) { message = ''; }
    let filename = isObject && typeof e.sourceURL === 'string' ? e.sourceURL : '';
    let lineno = isObject && typeof e.line === 'number' ? e.line : 0;
    let colno = isObject && typeof e.column === 'number' ? e.column : 0;
    if (where) { filename = where.filename; lineno = where.lineno; colno = where.colno; if (e === undefined) message = where.message; }
    apply(dispatch, global, [new global.ErrorEvent('error', { cancelable: true, message: message, filename: filename, lineno: lineno, colno: colno, error: e }), true]);
  } catch (x) {
  } finally {
    reportingError = false;
  }
}
function reportUncaught(e) {
  fireErrorEvent(e, null);
  reportError(e);
}
env.fireErrorEvent = fireErrorEvent;
env.reportError = reportUncaught;
function invoke(target, event, phase) {
  const type = event.type;
  event.currentTarget = target;
  event.eventPhase = phase;
  // A handler property (onclick) runs first, as in WebKit; not in the capturing phase.
  const handlers = target.__dominoHandlers;
  if (phase !== CAPTURING && handlers && handlers[type]) {
    const h = handlers[type];
    // window.onerror is called with (message, source, line, column, error); true cancels.
    if (target === global && type === 'error' && event instanceof global.ErrorEvent && typeof h === 'function') {
      let rv;
      try { rv = apply(h, target, [event.message, event.filename, event.lineno, event.colno, event.error]); } catch (e) { reportError(e); }
      if (rv === true) event.preventDefault();
    } else {
      const rv = typeof h === 'function' ? bridgeCallHandlerProperty(h, target, event, type)
        : (h && typeof h.handleEvent === 'function' ? call(h.handleEvent, h, event) : undefined);
      if (rv === false && type !== 'mouseover') event.preventDefault();
    }
  }
  const list = listenersOf(target, type, false);
  if (!list || list.length === 0) return;
  const copy = arraySlice(list);
  for (let i = 0; i < copy.length; i++) {
    if (event._immediatePropagationStopped) return;
    const l = copy[i];
    if (l.removed) continue;
    if ((phase === CAPTURING && !l.capture) || (phase === BUBBLING && l.capture)) continue;
    if (l.once) removeRecord(target, type, l);
    const passive = l.passive;
    if (passive) event._inPassiveListener = true;
    if (typeof l.listener === 'function') {
      call(l.listener, target, event);
    } else if (l.listener && typeof l.listener.handleEvent === 'function') {
      call(l.listener.handleEvent, l.listener, event);
    } else {
      reportError(new TypeErrorCtor("The listener for '" + type + "' has no handleEvent method"));
    }
    if (passive) event._inPassiveListener = false;
  }
}
// The event path: the target, its ancestors, and the window when the tree is a document shown
// in it (domino stops at the document).
function path(target) {
  const out = [];
  for (let n = target.parentNode; n; n = n.parentNode) arrayPush(out, n);
  const last = out.length ? out[out.length - 1] : target;
  if (target !== global && last && last.nodeType === 9 && last.defaultView === global) arrayPush(out, global);
  return out;
}
// Activation behaviours (a link follows, a checkbox toggles, a submit button submits): the parts
// add functions that give an element's behaviour as {pre, cancel, run} or null. A click — a
// MouseEvent named click, from click() or dispatched by the page — runs the one of the first
// element on its path that has one: `pre` before the listeners (a checkbox is already toggled
// when they look), then `run`, or `cancel` when a listener prevented the default.
const activationBehaviours = [];
env.activationBehaviours = activationBehaviours;
function activationFor(target, ancestors) {
  for (let i = -1; i < ancestors.length; i++) {
    const el = i < 0 ? target : ancestors[i];
    if (!el || el.nodeType !== 1) continue;
    for (let k = 0; k < activationBehaviours.length; k++) {
      const b = activationBehaviours[k](el);
      if (b) return b;
    }
  }
  return null;
}
function dispatch(event, trusted) {
  if (!(event instanceof Event)) throw new TypeErrorCtor("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
  if (!event._initialized || event._dispatching) throw new (impl.DOMException)('InvalidStateError');
  const target = this === undefined || this === null ? global : this;
  event.isTrusted = !!trusted;
  event._dispatching = true;
  event.target = target;
  const ancestors = path(target);
  const activation = event.type === 'click' && event instanceof impl.MouseEvent ? activationFor(target, ancestors) : null;
  if (activation !== null && activation.pre) call(activation.pre, activation, event);
  for (let i = ancestors.length - 1; i >= 0 && !event._propagationStopped; i--) invoke(ancestors[i], event, CAPTURING);
  if (!event._propagationStopped) invoke(target, event, AT_TARGET);
  if (event.bubbles) {
    for (let i = 0; i < ancestors.length && !event._propagationStopped; i++) invoke(ancestors[i], event, BUBBLING);
  }
  event._dispatching = false;
  event.eventPhase = 0;
  event.currentTarget = null;
  if (activation !== null) {
    if (event.defaultPrevented) { if (activation.cancel) call(activation.cancel, activation, event); }
    else if (activation.run) call(activation.run, activation, event);
  }
  return !event.defaultPrevented;
}
EventTarget.prototype.addEventListener = addEventListener;
EventTarget.prototype.removeEventListener = removeEventListener;
EventTarget.prototype.dispatchEvent = function dispatchEvent(event) { return apply(dispatch, this, [event, false]); };
EventTarget.prototype._dispatchEvent = function (event, trusted) { return apply(dispatch, this, [event, trusted]); };
// click(): a synthetic click the page's listeners see and the activation behaviour follows; a
// disabled form control ignores it, and a click() inside its own click does nothing.
const WeakSetCtor = WeakSet;
const clicking = new WeakSetCtor();
const weakSetHas = env.uncurry(WeakSet.prototype.has), weakSetAdd = env.uncurry(WeakSet.prototype.add), weakSetDelete = env.uncurry(WeakSet.prototype.delete);
env.isDisabledControl = function () { return false; };
impl.HTMLElement.prototype.click = function click() {
  if (weakSetHas(clicking, this) || env.isDisabledControl(this)) return;
  weakSetAdd(clicking, this);
  try {
    apply(dispatch, this, [new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: global }), false]);
  } finally {
    weakSetDelete(clicking, this);
  }
};
// The window's own (bound to the global: JSC gives a bare call `this === undefined`).
put('addEventListener', function addEventListener(type, listener, options) { return apply(EventTarget.prototype.addEventListener, global, [type, listener, options]); });
put('removeEventListener', function removeEventListener(type, listener, options) { return apply(EventTarget.prototype.removeEventListener, global, [type, listener, options]); });
put('dispatchEvent', function dispatchEvent(event) { return apply(dispatch, global, [event, false]); });
env.bridge.dispatch = function (target, event) { return apply(dispatch, target, [event, true]); };

// preventDefault is ignored in a passive listener; defaultPrevented only for cancelable events.
Event.prototype.preventDefault = function preventDefault() {
  if (this.cancelable && !this._inPassiveListener) this.defaultPrevented = true;
};
Event.prototype.composedPath = function composedPath() {
  if (!this._dispatching || !this.target) return [];
  const out = [this.target];
  const rest = path(this.target);
  for (let i = 0; i < rest.length; i++) arrayPush(out, rest[i]);
  return out;
};
defineOwn(Event.prototype, 'returnValue', { get() { return !this.defaultPrevented; }, set(v) { if (v === false) this.preventDefault(); }, configurable: true });
defineOwn(Event.prototype, 'srcElement', { get() { return this.target; }, configurable: true });
Event.prototype.cancelBubble = false;
for (const [k, v] of [['NONE', 0], ['CAPTURING_PHASE', 1], ['AT_TARGET', 2], ['BUBBLING_PHASE', 3]]) {
  defineOwn(Event, k, { value: v, enumerable: true });
  defineOwn(Event.prototype, k, { value: v, enumerable: true });
}

// ---- constructors with their dictionaries ----
const eventInit = ['bubbles', 'cancelable', 'composed'];
function initialize(self, type, init) {
  apply(Event, self, []);
  self.type = StringCtor(type);
  if (init !== undefined && init !== null) for (let i = 0; i < eventInit.length; i++) if (init[eventInit[i]] !== undefined) self[eventInit[i]] = !!init[eventInit[i]];
}
function EventCtor(type, init) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'Event': Please use the 'new' operator.");
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to construct 'Event': 1 argument required, but only 0 present.");
  initialize(this, type, init);
}
EventCtor.prototype = Event.prototype;
defineOwn(Event.prototype, 'constructor', { value: EventCtor, writable: true, configurable: true });
for (const k of ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE']) defineOwn(EventCtor, k, { value: Event[k], enumerable: true });
put('Event', EventCtor);
env.Event = EventCtor;

// A subclass: its prototype inherits from `parent`'s, its constructor copies `fields` (with
// defaults) from the dictionary. domino's own prototypes are kept where it has them, so its
// init*Event methods and internal instanceof checks still work.
// The dictionary's fields are assigned by a function made for the class at its first event, one
// assignment site per field: one site for every class's names (`this[k] = …`) was megamorphic,
// 18 % of a `click()`. (Made from the names in `fields`, never from a page's text; a name that is
// not a plain identifier keeps the loop.) Each member of the dictionary is read once, as WebIDL
// converts a dictionary: a getter there runs once.
const codeAt = env.uncurry(String.prototype.charCodeAt);
function isIdentifier(k) {
  if (typeof k !== 'string' || k.length === 0) return false;
  for (let i = 0; i < k.length; i++) {
    const c = codeAt(k, i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
    if (!letter && !(i > 0 && c >= 48 && c <= 57)) return false;
  }
  return true;
}
function fieldAssigner(fields) {
  const keys = objectKeys(fields);
  let body = '(function (self, init, fields) {\n"use strict";\nconst has = init !== undefined && init !== null;\nlet v;\n';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!isIdentifier(k)) return null;
    body += 'self.' + k + ' = has && (v = init.' + k + ') !== undefined ? v : fields.' + k + ';\n';
  }
  return env.compileInternal(body + '})');
}
function subclass(name, parent, fields, existing) {
  const proto = existing ? existing.prototype : objectCreate(parent.prototype);
  let assign;
  function Ctor(type, init) {
    if (!new.target) throw new TypeErrorCtor("Failed to construct '" + name + "': Please use the 'new' operator.");
    if (arguments.length === 0) throw new TypeErrorCtor("Failed to construct '" + name + "': 1 argument required, but only 0 present.");
    initialize(this, type, init);
    if (assign === undefined) assign = fieldAssigner(fields);
    if (assign !== null) { assign(this, init, fields); return; }
    const keys = objectKeys(fields);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = init !== undefined && init !== null ? init[k] : undefined;
      this[k] = v !== undefined ? v : fields[k];
    }
  }
  defineOwn(Ctor, 'name', { value: name, configurable: true });
  Ctor.prototype = proto;
  defineOwn(proto, 'constructor', { value: Ctor, writable: true, configurable: true });
  put(name, Ctor);
  return Ctor;
}
const ui = { view: null, detail: 0 };
const modifiers = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
function merge() {
  const out = {};
  for (let i = 0; i < arguments.length; i++) { const keys = objectKeys(arguments[i]); for (let k = 0; k < keys.length; k++) out[keys[k]] = arguments[i][keys[k]]; }
  return out;
}
const UIEvent = subclass('UIEvent', EventCtor, ui, impl.UIEvent);
const mouse = merge(ui, modifiers, { screenX: 0, screenY: 0, clientX: 0, clientY: 0, button: 0, buttons: 0, relatedTarget: null, movementX: 0, movementY: 0 });
const MouseEvent = subclass('MouseEvent', UIEvent, mouse, impl.MouseEvent);
defineOwn(MouseEvent.prototype, 'pageX', { get() { return this.clientX; }, configurable: true });
defineOwn(MouseEvent.prototype, 'pageY', { get() { return this.clientY; }, configurable: true });
defineOwn(MouseEvent.prototype, 'offsetX', { get() { return this.clientX; }, configurable: true });
defineOwn(MouseEvent.prototype, 'offsetY', { get() { return this.clientY; }, configurable: true });
defineOwn(MouseEvent.prototype, 'x', { get() { return this.clientX; }, configurable: true });
defineOwn(MouseEvent.prototype, 'y', { get() { return this.clientY; }, configurable: true });
subclass('CustomEvent', EventCtor, { detail: null }, impl.CustomEvent);
impl.CustomEvent.prototype.initCustomEvent = function (type, bubbles, cancelable, detail) { this.initEvent(type, bubbles, cancelable); this.detail = detail; };
subclass('KeyboardEvent', UIEvent, merge(ui, modifiers, { key: '', code: '', location: 0, repeat: false, isComposing: false, charCode: 0, keyCode: 0, which: 0 }));
subclass('FocusEvent', UIEvent, merge(ui, { relatedTarget: null }));
subclass('InputEvent', UIEvent, merge(ui, { data: null, inputType: '', isComposing: false }));
subclass('CompositionEvent', UIEvent, merge(ui, { data: '' }));
const WheelEvent = subclass('WheelEvent', MouseEvent, merge(mouse, { deltaX: 0, deltaY: 0, deltaZ: 0, deltaMode: 0 }));
subclass('PointerEvent', MouseEvent, merge(mouse, { pointerId: 0, width: 1, height: 1, pressure: 0, tiltX: 0, tiltY: 0, pointerType: '', isPrimary: false }));
subclass('TouchEvent', UIEvent, merge(ui, modifiers, { touches: [], targetTouches: [], changedTouches: [] }));
subclass('ErrorEvent', EventCtor, { message: '', filename: '', lineno: 0, colno: 0, error: undefined });
subclass('PopStateEvent', EventCtor, { state: null });
subclass('HashChangeEvent', EventCtor, { oldURL: '', newURL: '' });
subclass('MessageEvent', EventCtor, { data: null, origin: '', lastEventId: '', source: null, ports: [] });
subclass('ProgressEvent', EventCtor, { lengthComputable: false, loaded: 0, total: 0 });
subclass('StorageEvent', EventCtor, { key: null, oldValue: null, newValue: null, url: '', storageArea: null });
subclass('PageTransitionEvent', EventCtor, { persisted: false });
subclass('AnimationEvent', EventCtor, { animationName: '', elapsedTime: 0, pseudoElement: '' });
subclass('TransitionEvent', EventCtor, { propertyName: '', elapsedTime: 0, pseudoElement: '' });
subclass('SubmitEvent', EventCtor, { submitter: null });
subclass('BeforeUnloadEvent', EventCtor, {});
defineOwn(WheelEvent, 'DOM_DELTA_PIXEL', { value: 0 });

// document.createEvent for the names pages use.
const createEventNames = { event: EventCtor, events: EventCtor, htmlevents: EventCtor, uievent: UIEvent, uievents: UIEvent, mouseevent: MouseEvent, mouseevents: MouseEvent, customevent: global.CustomEvent, keyboardevent: global.KeyboardEvent, focusevent: global.FocusEvent, messageevent: global.MessageEvent, touchevent: global.TouchEvent };
impl.Document.prototype.createEvent = function createEvent(name) {
  const Ctor = createEventNames[StringCtor(name).toLowerCase()];
  if (!Ctor) throw new (impl.DOMException)('NotSupportedError');
  const e = new Ctor('');
  e._initialized = false;
  return e;
};
const initEvent = Event.prototype.initEvent;
Event.prototype.initEvent = function (type, bubbles, cancelable) {
  if (typeof initEvent === 'function') apply(initEvent, this, [type, bubbles, cancelable]);
  else { this.type = StringCtor(type); this.bubbles = !!bubbles; this.cancelable = !!cancelable; }
  this._initialized = true;
};

// ---- the window's handler properties (`window.onhashchange = …`) ----
const windowEvents = ['load', 'unload', 'beforeunload', 'error', 'hashchange', 'popstate', 'message', 'resize', 'scroll', 'focus', 'blur',
  'online', 'offline', 'pageshow', 'pagehide', 'storage', 'orientationchange', 'visibilitychange', 'click', 'keydown', 'keyup', 'touchstart',
  'touchend', 'touchmove', 'animationend', 'transitionend', 'unhandledrejection', 'rejectionhandled', 'languagechange'];
for (let i = 0; i < windowEvents.length; i++) {
  const type = windowEvents[i];
  env.define('on' + type, {
    get() { const h = global.__dominoHandlers; return (h && h[type]) || null; },
    set(v) {
      let h = global.__dominoHandlers;
      if (!h) { h = objectCreate(null); defineOwn(global, '__dominoHandlers', { value: h, writable: true, configurable: true }); }
      h[type] = typeof v === 'function' || (v !== null && typeof v === 'object') ? v : null;
    },
    enumerable: true
  });
}
})
