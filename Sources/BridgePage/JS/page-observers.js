(function (env) {
'use strict';
// MutationObserver (from domino's mutation events, records delivered in a microtask as in
// browsers) and messages: window.postMessage and MessageChannel deliver in a later task.
const global = env.global, impl = env.impl, put = env.put, apply = env.apply, MUTATE = env.MUTATE;
const defineOwn = env.defineOwn;
const TypeErrorCtor = TypeError, StringCtor = String;
const arrayPush = env.uncurry(Array.prototype.push), arrayIndexOf = env.uncurry(Array.prototype.indexOf);
const arraySplice = env.uncurry(Array.prototype.splice);
const WeakMapCtor = WeakMap;
const weakMapGet = env.uncurry(WeakMap.prototype.get), weakMapSet = env.uncurry(WeakMap.prototype.set);
const promiseThen = env.uncurry(Promise.prototype.then), resolved = Promise.resolve();

// ---- MutationObserver ----
const observers = [];
// The attribute and text values observers last saw, for oldValue (domino's events carry the
// new value only).
const lastValues = new WeakMapCtor();
function remember(node) {
  if (node.nodeType === 1) {
    const map = {};
    const attrs = node.attributes;
    for (let i = 0; i < attrs.length; i++) map[attrs[i].name] = attrs[i].value;
    weakMapSet(lastValues, node, map);
  } else if (node.nodeType === 3 || node.nodeType === 8) {
    weakMapSet(lastValues, node, node.data);
  }
}
function rememberTree(node) {
  remember(node);
  for (let c = node.firstChild; c; c = c.nextSibling) rememberTree(c);
}
function MutationRecord(init) {
  this.type = init.type; this.target = init.target;
  this.addedNodes = init.addedNodes || []; this.removedNodes = init.removedNodes || [];
  this.previousSibling = init.previousSibling || null; this.nextSibling = init.nextSibling || null;
  this.attributeName = init.attributeName === undefined ? null : init.attributeName; this.attributeNamespace = null;
  this.oldValue = init.oldValue === undefined ? null : init.oldValue;
}
function MutationObserver(callback) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'MutationObserver': Please use the 'new' operator.");
  if (typeof callback !== 'function') throw new TypeErrorCtor("Failed to construct 'MutationObserver': parameter 1 is not of type 'MutationCallback'.");
  defineOwn(this, '__callback', { value: callback });
  defineOwn(this, '__targets', { value: [], writable: true });
  defineOwn(this, '__records', { value: [], writable: true });
  defineOwn(this, '__queued', { value: false, writable: true });
}
MutationObserver.prototype.observe = function observe(target, options) {
  if (!(target instanceof impl.Node)) throw new TypeErrorCtor("Failed to execute 'observe' on 'MutationObserver': parameter 1 is not of type 'Node'.");
  const o = options || { __proto__: null };
  const opts = {
    childList: !!o.childList, subtree: !!o.subtree,
    attributes: o.attributes === undefined ? (o.attributeOldValue !== undefined || o.attributeFilter !== undefined) : !!o.attributes,
    characterData: o.characterData === undefined ? o.characterDataOldValue !== undefined : !!o.characterData,
    attributeOldValue: !!o.attributeOldValue, characterDataOldValue: !!o.characterDataOldValue,
    attributeFilter: o.attributeFilter ? Array.from(o.attributeFilter, StringCtor) : null
  };
  if (!opts.childList && !opts.attributes && !opts.characterData) {
    throw new TypeErrorCtor("Failed to execute 'observe' on 'MutationObserver': The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.");
  }
  for (let i = 0; i < this.__targets.length; i++) if (this.__targets[i].node === target) { this.__targets[i].options = opts; return; }
  arrayPush(this.__targets, { node: target, options: opts });
  if (arrayIndexOf(observers, this) < 0) arrayPush(observers, this);
  if (opts.attributeOldValue || opts.characterDataOldValue) rememberTree(target);
};
MutationObserver.prototype.disconnect = function disconnect() {
  this.__targets = [];
  this.__records = [];
  const i = arrayIndexOf(observers, this);
  if (i >= 0) arraySplice(observers, i, 1);
};
MutationObserver.prototype.takeRecords = function takeRecords() { const r = this.__records; this.__records = []; return r; };
function covers(entry, node) {
  if (entry.node === node) return true;
  if (!entry.options.subtree) return false;
  for (let n = node.parentNode; n; n = n.parentNode) if (n === entry.node) return true;
  return false;
}
function queue(observer, record) {
  arrayPush(observer.__records, record);
  if (observer.__queued) return;
  observer.__queued = true;
  promiseThen(resolved, function () {
    observer.__queued = false;
    const records = observer.takeRecords();
    if (records.length) {
      try { apply(observer.__callback, observer, [records, observer]); } catch (e) { env.reportError(e); }
    }
  });
}
arrayPush(env.mutationListeners, function (m) {
  if (observers.length === 0) return;
  const copy = observers.slice();
  for (let i = 0; i < copy.length; i++) {
    const observer = copy[i];
    for (let t = 0; t < observer.__targets.length; t++) {
      const entry = observer.__targets[t], opts = entry.options;
      if (m.type === MUTATE.INSERT || m.type === MUTATE.REMOVE) {
        if (!opts.childList || !m.target || !covers(entry, m.target)) continue;
        const node = m.node;
        queue(observer, new MutationRecord({ type: 'childList', target: m.target,
          addedNodes: m.type === MUTATE.INSERT ? [node] : [], removedNodes: m.type === MUTATE.REMOVE ? [node] : [],
          previousSibling: m.type === MUTATE.INSERT ? node.previousSibling : null, nextSibling: m.type === MUTATE.INSERT ? node.nextSibling : null }));
        if (m.type === MUTATE.INSERT && (opts.attributeOldValue || opts.characterDataOldValue)) rememberTree(node);
        break;
      }
      if (m.type === MUTATE.ATTR || m.type === MUTATE.REMOVE_ATTR) {
        const name = m.attr.name;
        if (!opts.attributes || !covers(entry, m.target) || (opts.attributeFilter && arrayIndexOf(opts.attributeFilter, name) < 0)) continue;
        let old = null;
        if (opts.attributeOldValue) {
          const map = weakMapGet(lastValues, m.target);
          old = map && map[name] !== undefined ? map[name] : null;
        }
        queue(observer, new MutationRecord({ type: 'attributes', target: m.target, attributeName: name, oldValue: old }));
        break;
      }
      if (m.type === MUTATE.VALUE) {
        if (!opts.characterData || !covers(entry, m.target)) continue;
        const old = opts.characterDataOldValue ? (weakMapGet(lastValues, m.target) === undefined ? null : weakMapGet(lastValues, m.target)) : null;
        queue(observer, new MutationRecord({ type: 'characterData', target: m.target, oldValue: old }));
        break;
      }
    }
  }
  // Keep the values for the next record's oldValue.
  if ((m.type === MUTATE.ATTR || m.type === MUTATE.REMOVE_ATTR) && weakMapGet(lastValues, m.target) !== undefined) remember(m.target);
  if (m.type === MUTATE.VALUE && weakMapGet(lastValues, m.target) !== undefined) remember(m.target);
});
put('MutationObserver', MutationObserver);
put('WebKitMutationObserver', MutationObserver);
put('MutationRecord', MutationRecord);

// ---- messages ----
function later(fn) { env.setTimeout(fn, 0); }
put('postMessage', function postMessage(message, targetOrigin) {
  if (arguments.length === 0) throw new TypeErrorCtor("Failed to execute 'postMessage' on 'Window': 1 argument required, but only 0 present.");
  const data = env.clone(message);
  const origin = global.location.origin;
  later(function () { env.bridge.dispatch(global, new global.MessageEvent('message', { data: data, origin: origin, source: global })); });
});
function MessagePort() {
  defineOwn(this, '__other', { value: null, writable: true });
  defineOwn(this, '__closed', { value: false, writable: true });
}
MessagePort.prototype = env.objectCreate(env.require('EventTarget.js').prototype);
MessagePort.prototype.constructor = MessagePort;
MessagePort.prototype.postMessage = function postMessage(message) {
  const other = this.__other;
  if (!other || this.__closed) return;
  const data = env.clone(message);
  later(function () { if (!other.__closed) env.bridge.dispatch(other, new global.MessageEvent('message', { data: data })); });
};
MessagePort.prototype.start = function start() {};
MessagePort.prototype.close = function close() { this.__closed = true; };
defineOwn(MessagePort.prototype, 'onmessage', {
  get() { return (this.__dominoHandlers && this.__dominoHandlers.message) || null; },
  set(v) {
    if (!this.__dominoHandlers) defineOwn(this, '__dominoHandlers', { value: env.objectCreate(null), writable: true });
    this.__dominoHandlers.message = typeof v === 'function' ? v : null;
  },
  configurable: true
});
function MessageChannel() {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'MessageChannel': Please use the 'new' operator.");
  this.port1 = new MessagePort();
  this.port2 = new MessagePort();
  this.port1.__other = this.port2;
  this.port2.__other = this.port1;
}
put('MessagePort', MessagePort);
put('MessageChannel', MessageChannel);
})
