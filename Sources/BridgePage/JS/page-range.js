(function (env) {
'use strict';
// `document.createRange()` and `Range`, which domino lacks: boundary points (set, select,
// collapse, compare), `toString`, `createContextualFragment`, `insertNode`, `cloneContents`,
// `deleteContents`, `extractContents`, and the layout stand-ins (`getBoundingClientRect`,
// `getClientRects`). Boundaries do not follow later changes of the tree (a live range in a
// browser does): a range is read right after it is set, which is how pages use them.
const impl = env.impl, put = env.put;
const defineOwn = env.defineOwn, freeze = Object.freeze;
const StringCtor = String, NumberCtor = Number, mathFloor = Math.floor;
const arrayPush = env.uncurry(Array.prototype.push), stringSlice = env.uncurry(String.prototype.slice);
const WeakMapCtor = WeakMap;
const weakGet = env.uncurry(WeakMap.prototype.get), weakSet = env.uncurry(WeakMap.prototype.set);
const DOMException = impl.DOMException;
const ranges = new WeakMapCtor();  // a range -> its boundary points

function nodeLength(node) {
  const t = node.nodeType;
  if (t === 10) return 0;
  if (t === 3 || t === 4 || t === 7 || t === 8) return node.data.length;
  return node.childNodes.length;
}
function checkNode(node, what) {
  if (node === null || typeof node !== 'object' || !(node instanceof impl.Node)) {
    throw new TypeError("Failed to execute '" + what + "' on 'Range': parameter 1 is not of type 'Node'.");
  }
}
function checkBoundary(node, offset, what) {
  checkNode(node, what);
  if (node.nodeType === 10) throw new DOMException("Failed to execute '" + what + "' on 'Range': The node provided is of type 'DocumentType'.", 'InvalidNodeTypeError');
  if (offset > nodeLength(node)) throw new DOMException("Failed to execute '" + what + "' on 'Range': The offset " + offset + ' is larger than the node\'s length (' + nodeLength(node) + ').', 'IndexSizeError');
}
function indexOf(node) {
  let i = 0;
  for (let c = node.previousSibling; c !== null; c = c.previousSibling) i++;
  return i;
}
function rootOf(node) { while (node.parentNode !== null) node = node.parentNode; return node; }
// -1, 0 or 1: the position of boundary (a, ao) against (b, bo), as the DOM standard defines it.
function comparePoints(a, ao, b, bo) {
  if (a === b) return ao === bo ? 0 : ao < bo ? -1 : 1;
  const pos = a.compareDocumentPosition(b);
  if (pos & 4) {  // b follows a
    if (pos & 16) {  // b is inside a: compare a's offset with the child of a that holds b
      let child = b;
      while (child.parentNode !== a) child = child.parentNode;
      return indexOf(child) < ao ? 1 : -1;
    }
    return -1;
  }
  return -comparePoints(b, bo, a, ao);
}
function nextInTree(node, root) {
  if (node.firstChild !== null) return node.firstChild;
  for (let n = node; n !== root; n = n.parentNode) if (n.nextSibling !== null) return n.nextSibling;
  return null;
}
function offsetOf(v) {
  const n = NumberCtor(v);
  return n !== n || n < 0 ? 0 : mathFloor(n);
}

// `new Range()` is a collapsed range at the start of the page's document, as in browsers.
function Range() {
  if (!new.target) throw new TypeError("Failed to construct 'Range': Please use the 'new' operator.");
  weakSet(ranges, this, { sc: env.document, so: 0, ec: env.document, eo: 0 });
}
const R = Range.prototype;
function state(r) {
  const s = r !== null && typeof r === 'object' ? weakGet(ranges, r) : undefined;
  if (s === undefined) throw new TypeError('Illegal invocation');
  return s;
}
function setStart(r, node, offset, what) {
  checkBoundary(node, offset, what);
  const s = state(r);
  s.sc = node; s.so = offset;
  if (rootOf(s.ec) !== rootOf(node) || comparePoints(node, offset, s.ec, s.eo) > 0) { s.ec = node; s.eo = offset; }
}
function setEnd(r, node, offset, what) {
  checkBoundary(node, offset, what);
  const s = state(r);
  s.ec = node; s.eo = offset;
  if (rootOf(s.sc) !== rootOf(node) || comparePoints(s.sc, s.so, node, offset) > 0) { s.sc = node; s.so = offset; }
}
function parentFor(node, what) {
  checkNode(node, what);
  if (node.parentNode === null) throw new DOMException("Failed to execute '" + what + "' on 'Range': the given Node has no parent.", 'InvalidNodeTypeError');
  return node.parentNode;
}
R.setStart = function setStartMethod(node, offset) { setStart(this, node, offsetOf(offset), 'setStart'); };
R.setEnd = function setEndMethod(node, offset) { setEnd(this, node, offsetOf(offset), 'setEnd'); };
R.setStartBefore = function setStartBefore(node) { const p = parentFor(node, 'setStartBefore'); setStart(this, p, indexOf(node), 'setStartBefore'); };
R.setStartAfter = function setStartAfter(node) { const p = parentFor(node, 'setStartAfter'); setStart(this, p, indexOf(node) + 1, 'setStartAfter'); };
R.setEndBefore = function setEndBefore(node) { const p = parentFor(node, 'setEndBefore'); setEnd(this, p, indexOf(node), 'setEndBefore'); };
R.setEndAfter = function setEndAfter(node) { const p = parentFor(node, 'setEndAfter'); setEnd(this, p, indexOf(node) + 1, 'setEndAfter'); };
R.selectNode = function selectNode(node) {
  const p = parentFor(node, 'selectNode'), i = indexOf(node), s = state(this);
  s.sc = p; s.so = i; s.ec = p; s.eo = i + 1;
};
R.selectNodeContents = function selectNodeContents(node) {
  checkBoundary(node, 0, 'selectNodeContents');
  const s = state(this);
  s.sc = node; s.so = 0; s.ec = node; s.eo = nodeLength(node);
};
R.collapse = function collapse(toStart) {
  const s = state(this);
  if (toStart) { s.ec = s.sc; s.eo = s.so; } else { s.sc = s.ec; s.so = s.eo; }
};
R.cloneRange = function cloneRange() {
  const s = state(this), r = new Range();
  const c = state(r);
  c.sc = s.sc; c.so = s.so; c.ec = s.ec; c.eo = s.eo;
  return r;
};
R.detach = function detach() {};
R.compareBoundaryPoints = function compareBoundaryPoints(how, other) {
  const a = state(this), b = state(other);
  if (how === 0) return comparePoints(a.sc, a.so, b.sc, b.so);  // START_TO_START
  if (how === 1) return comparePoints(a.ec, a.eo, b.sc, b.so);  // START_TO_END
  if (how === 2) return comparePoints(a.ec, a.eo, b.ec, b.eo);  // END_TO_END
  if (how === 3) return comparePoints(a.sc, a.so, b.ec, b.eo);  // END_TO_START
  throw new DOMException("Failed to execute 'compareBoundaryPoints' on 'Range': The comparison method provided must be one of 'START_TO_START', 'START_TO_END', 'END_TO_END', or 'END_TO_START'.", 'NotSupportedError');
};
R.comparePoint = function comparePoint(node, offset) {
  checkBoundary(node, offsetOf(offset), 'comparePoint');
  const s = state(this), o = offsetOf(offset);
  if (comparePoints(node, o, s.sc, s.so) < 0) return -1;
  return comparePoints(node, o, s.ec, s.eo) > 0 ? 1 : 0;
};
R.isPointInRange = function isPointInRange(node, offset) {
  const s = state(this);
  if (rootOf(node) !== rootOf(s.sc)) return false;
  return this.comparePoint(node, offset) === 0;
};
R.intersectsNode = function intersectsNode(node) {
  const s = state(this), p = node.parentNode;
  if (rootOf(node) !== rootOf(s.sc)) return false;
  if (p === null) return true;
  const i = indexOf(node);
  return comparePoints(p, i, s.ec, s.eo) < 0 && comparePoints(p, i + 1, s.sc, s.so) > 0;
};
defineOwn(R, 'startContainer', { get() { return state(this).sc; }, configurable: true });
defineOwn(R, 'startOffset', { get() { return state(this).so; }, configurable: true });
defineOwn(R, 'endContainer', { get() { return state(this).ec; }, configurable: true });
defineOwn(R, 'endOffset', { get() { return state(this).eo; }, configurable: true });
defineOwn(R, 'collapsed', { get() { const s = state(this); return s.sc === s.ec && s.so === s.eo; }, configurable: true });
defineOwn(R, 'commonAncestorContainer', {
  get() {
    const s = state(this);
    for (let a = s.sc; a !== null; a = a.parentNode) if (a === s.ec || a.contains(s.ec)) return a;
    return s.sc;
  },
  configurable: true
});

// The text of the range: the parts of the Text nodes inside it, in document order.
R.toString = function toString() {
  const s = state(this);
  if (s.sc === s.ec && s.sc.nodeType === 3) return stringSlice(s.sc.data, s.so, s.eo);
  let out = '';
  const root = this.commonAncestorContainer;
  if (root.nodeType === 3) return '';
  // Text nodes under root in document order (our own walk: domino's TreeWalker reads the
  // page's global Number, which a page may have replaced).
  for (let t = root.firstChild; t !== null; t = nextInTree(t, root)) {
    if (t.nodeType !== 3) continue;
    const from = t === s.sc ? s.so : 0, to = t === s.ec ? s.eo : t.data.length;
    if (t !== s.sc && comparePoints(t, 0, s.sc, s.so) < 0) continue;
    if (t !== s.ec && comparePoints(t, 0, s.ec, s.eo) >= 0) break;
    out += stringSlice(t.data, from, to);
  }
  return out;
};

// HTML parsed in the context of the start (as innerHTML there), returned as a fragment. Its
// scripts do not run when it is inserted (they do in a browser): what innerHTML does here.
R.createContextualFragment = function createContextualFragment(html) {
  const s = state(this);
  const doc = s.sc.ownerDocument || s.sc;
  const template = doc.createElement('template');
  template.innerHTML = StringCtor(html);
  return template.content;
};

// Splits text at the start when needed and inserts the node there.
R.insertNode = function insertNode(node) {
  checkNode(node, 'insertNode');
  const s = state(this);
  let parent, before;
  if (s.sc.nodeType === 3) {
    parent = s.sc.parentNode;
    if (parent === null) throw new DOMException("Failed to execute 'insertNode' on 'Range': the start container has no parent.", 'HierarchyRequestError');
    before = s.so === 0 ? s.sc : s.so >= s.sc.data.length ? s.sc.nextSibling : s.sc.splitText(s.so);
  } else {
    parent = s.sc;
    before = parent.childNodes[s.so] || null;
  }
  const wasCollapsed = this.collapsed;
  parent.insertBefore(node, before);
  if (wasCollapsed) { s.ec = parent; s.eo = indexOf(node) + (node.nodeType === 11 ? 0 : 1); }
};

// The nodes (and parts of text) inside the range. A partly selected element is cloned shallow
// with its selected descendants, as the standard's "clone the contents" does.
function contents(r, remove) {
  const s = state(r);
  const doc = s.sc.ownerDocument || s.sc;
  const frag = doc.createDocumentFragment();
  if (s.sc === s.ec && (s.sc.nodeType === 3 || s.sc.nodeType === 8)) {
    const piece = s.sc.cloneNode(false);
    piece.data = stringSlice(s.sc.data, s.so, s.eo);
    frag.appendChild(piece);
    if (remove) s.sc.data = stringSlice(s.sc.data, 0, s.so) + stringSlice(s.sc.data, s.eo);
    if (remove) { s.ec = s.sc; s.eo = s.so; }
    return frag;
  }
  const common = r.commonAncestorContainer;
  const removals = [];
  function copy(node, into) {
    for (let c = node.firstChild; c !== null; c = c.nextSibling) {
      if (!r.intersectsNode(c)) continue;
      if (c.nodeType === 3 || c.nodeType === 8) {
        const from = c === s.sc ? s.so : 0, to = c === s.ec ? s.eo : c.data.length;
        const piece = c.cloneNode(false);
        piece.data = stringSlice(c.data, from, to);
        into.appendChild(piece);
        if (remove) arrayPush(removals, from === 0 && to === c.data.length ? [c] : [c, from, to]);
        continue;
      }
      const p = c.parentNode, i = indexOf(c);
      const whole = comparePoints(p, i, s.sc, s.so) >= 0 && comparePoints(p, i + 1, s.ec, s.eo) <= 0;
      if (whole) {
        into.appendChild(c.cloneNode(true));
        if (remove) arrayPush(removals, [c]);
      } else {
        const shell = c.cloneNode(false);
        into.appendChild(shell);
        copy(c, shell);
      }
    }
  }
  copy(common, frag);
  if (remove) {
    for (let i = removals.length - 1; i >= 0; i--) {
      const n = removals[i][0], from = removals[i][1], to = removals[i][2];
      if (from === undefined) { if (n.parentNode !== null) n.parentNode.removeChild(n); } else n.data = stringSlice(n.data, 0, from) + stringSlice(n.data, to);
    }
    r.collapse(true);
  }
  return frag;
}
R.cloneContents = function cloneContents() { return contents(this, false); };
R.extractContents = function extractContents() { return contents(this, true); };
R.deleteContents = function deleteContents() { contents(this, true); };
R.surroundContents = function surroundContents(parent) {
  checkNode(parent, 'surroundContents');
  const frag = this.extractContents();
  while (parent.firstChild !== null) parent.removeChild(parent.firstChild);
  this.insertNode(parent);
  parent.appendChild(frag);
  this.selectNode(parent);
};
R.getBoundingClientRect = function getBoundingClientRect() { return new (env.global.DOMRect)(0, 0, 0, 0); };
R.getClientRects = function getClientRects() { return freeze([]); };
const constants = [['START_TO_START', 0], ['START_TO_END', 1], ['END_TO_END', 2], ['END_TO_START', 3]];
for (let i = 0; i < constants.length; i++) {
  defineOwn(Range, constants[i][0], { value: constants[i][1], enumerable: true });
  defineOwn(R, constants[i][0], { value: constants[i][1], enumerable: true });
}
defineOwn(R, Symbol.toStringTag, { value: 'Range', configurable: true });

put('Range', Range);
defineOwn(impl.Document.prototype, 'createRange', {
  value: function createRange() { const r = new Range(), s = state(r); s.sc = this; s.ec = this; return r; }, writable: true, configurable: true
});
})
