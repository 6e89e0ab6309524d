// The network layer's page script, part 2 of 6: Blob, File, FormData, FileReader, the bodies
// of requests and responses, and blob: URLs.

// ---- Blob and File ----
const blobState = new WeakMapCtor();
function blobPartBytes(part) {
  const b = bufferBytes(part);
  if (b !== null) return b;
  const s = part !== null && (typeof part === 'object' || typeof part === 'function') ? weakGet(blobState, part) : undefined;
  if (s !== undefined) return s.bytes;
  return utf8Encode(part);
}
function normalizeType(t) {
  if (t === undefined) return '';
  t = StringCtor(t);
  for (let i = 0; i < t.length; i++) { const c = charCodeAt(t, i); if (c < 0x20 || c > 0x7E) return ''; }
  return lower(t);
}
function collect(iterable, what) {
  if (iterable === null || typeof iterable !== 'object' || typeof iterable[SymbolIterator] !== 'function') {
    throw new TypeErrorCtor("Failed to construct '" + what + "': The provided value cannot be converted to a sequence.");
  }
  const out = [];
  const it = iterable[SymbolIterator]();
  for (let r = it.next(); !r.done; r = it.next()) arrayPush(out, r.value);
  return out;
}
function NetBlob(parts, options) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'Blob': Please use the 'new' operator");
  const list = parts === undefined ? [] : collect(parts, 'Blob');
  const chunks = [];
  for (let i = 0; i < list.length; i++) arrayPush(chunks, blobPartBytes(list[i]));
  weakSet(blobState, this, { bytes: concatBytes(chunks), type: normalizeType(options !== null && typeof options === 'object' ? options.type : undefined) });
}
function makeBlob(bytes, type) {
  const b = ObjectCreate(NetBlob.prototype);
  weakSet(blobState, b, { bytes: bytes, type: normalizeType(type) });
  return b;
}
getters(NetBlob.prototype, {
  size: function () { return stateOf(blobState, this, 'Blob.size').bytes.length; },
  type: function () { return stateOf(blobState, this, 'Blob.type').type; }
});
methods(NetBlob.prototype, {
  slice: function slice(start, end, contentType) {
    const s = stateOf(blobState, this, 'Blob.slice');
    const n = s.bytes.length;
    function clamp(v, d) { if (v === undefined) return d; v = MathFloor(NumberCtor(v)) || 0; return v < 0 ? MathMax(n + v, 0) : MathMin(v, n); }
    const a = clamp(start, 0), b = clamp(end, n);
    return makeBlob(copyBytes(subBytes(s.bytes, a, MathMax(a, b))), contentType === undefined ? '' : contentType);
  },
  text: function text() {
    const s = weakGet(blobState, this);
    if (s === undefined) return promiseReject(new TypeErrorCtor("Can only call Blob.text on instances of Blob"));
    return promiseResolve(utf8Decode(s.bytes));
  },
  arrayBuffer: function arrayBuffer() {
    const s = weakGet(blobState, this);
    if (s === undefined) return promiseReject(new TypeErrorCtor("Can only call Blob.arrayBuffer on instances of Blob"));
    return promiseResolve(bytesBuffer(s.bytes));
  },
  bytes: function bytes() {
    const s = weakGet(blobState, this);
    if (s === undefined) return promiseReject(new TypeErrorCtor("Can only call Blob.bytes on instances of Blob"));
    return promiseResolve(copyBytes(s.bytes));
  }
});
tag(NetBlob.prototype, 'Blob');
const fileState = new WeakMapCtor();
function NetFile(bits, name, options) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'File': Please use the 'new' operator");
  if (arguments.length < 2) throw new TypeErrorCtor("Failed to construct 'File': 2 arguments required, but only " + arguments.length + " present.");
  const self = ReflectConstruct(NetBlob, [bits, options], new.target);
  const o = options !== null && typeof options === 'object' ? options : {};
  weakSet(fileState, self, { name: StringCtor(name), lastModified: o.lastModified === undefined ? DateNow() : NumberCtor(o.lastModified) });
  return self;
}
NetFile.prototype = ObjectCreate(NetBlob.prototype, { constructor: { value: NetFile, writable: true, configurable: true } });
setPrototypeOf(NetFile, NetBlob);
getters(NetFile.prototype, {
  name: function () { return stateOf(fileState, this, 'File.name').name; },
  lastModified: function () { return stateOf(fileState, this, 'File.lastModified').lastModified; },
  webkitRelativePath: function () { stateOf(fileState, this, 'File.webkitRelativePath'); return ''; }
});
tag(NetFile.prototype, 'File');
function makeFile(bytes, type, name) {
  const f = ObjectCreate(NetFile.prototype);
  weakSet(blobState, f, { bytes: bytes, type: normalizeType(type) });
  weakSet(fileState, f, { name: name, lastModified: DateNow() });
  return f;
}
function isBlob(v) { return v !== null && typeof v === 'object' && weakHas(blobState, v); }

// ---- FormData ----
const formState = new WeakMapCtor();
function formValue(value, filename) {
  if (isBlob(value)) {
    if (weakHas(fileState, value) && filename === undefined) return value;
    const s = weakGet(blobState, value);
    return makeFile(s.bytes, s.type, filename !== undefined ? StringCtor(filename) : weakHas(fileState, value) ? weakGet(fileState, value).name : 'blob');
  }
  return StringCtor(value);
}
function NetFormData(form) {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'FormData': Please use the 'new' operator");
  const entries = [];
  weakSet(formState, this, entries);
  if (form === undefined || form === null) return;
  // A form element of the document layer: its named, enabled controls (checked ones for
  // checkboxes and radios), as the form would submit them.
  let controls = null;
  try { controls = form.elements; } catch (e) { controls = null; }
  if (controls === null || controls === undefined || typeof controls.length !== 'number') {
    throw new TypeErrorCtor("Failed to construct 'FormData': parameter 1 is not of type 'HTMLFormElement'.");
  }
  for (let i = 0; i < controls.length; i++) {
    const c = controls[i];
    if (!c || !c.name || c.disabled) continue;
    const type = lower(StringCtor(c.type || ''));
    if ((type === 'checkbox' || type === 'radio') && !c.checked) continue;
    if (type === 'submit' || type === 'button' || type === 'reset' || type === 'image' || type === 'file') continue;
    arrayPush(entries, [StringCtor(c.name), StringCtor(c.value === undefined || c.value === null ? '' : c.value)]);
  }
}
function formEntries(self, what) { return stateOf(formState, self, 'FormData.' + what); }
methods(NetFormData.prototype, {
  append: function append(name, value, filename) { arrayPush(formEntries(this, 'append'), [StringCtor(name), formValue(value, filename)]); },
  delete: function (name) {
    const e = formEntries(this, 'delete'); name = StringCtor(name);
    for (let i = e.length - 1; i >= 0; i--) if (e[i][0] === name) arraySplice(e, i, 1);
  },
  get: function get(name) {
    const e = formEntries(this, 'get'); name = StringCtor(name);
    for (let i = 0; i < e.length; i++) if (e[i][0] === name) return e[i][1];
    return null;
  },
  getAll: function getAll(name) {
    const e = formEntries(this, 'getAll'); name = StringCtor(name);
    const out = [];
    for (let i = 0; i < e.length; i++) if (e[i][0] === name) arrayPush(out, e[i][1]);
    return out;
  },
  has: function has(name) {
    const e = formEntries(this, 'has'); name = StringCtor(name);
    for (let i = 0; i < e.length; i++) if (e[i][0] === name) return true;
    return false;
  },
  set: function set(name, value, filename) {
    const e = formEntries(this, 'set'); name = StringCtor(name);
    const v = formValue(value, filename);
    let at = -1;
    for (let i = e.length - 1; i >= 0; i--) if (e[i][0] === name) { if (at >= 0) arraySplice(e, at, 1); at = i; }
    if (at >= 0) e[at] = [name, v]; else arrayPush(e, [name, v]);
  },
  forEach: function forEach(callback, thisArg) {
    const e = formEntries(this, 'forEach');
    for (let i = 0; i < e.length; i++) callFn(callback, thisArg, e[i][1], e[i][0], this);
  },
  entries: function entries() { return listIterator(formEntries(this, 'entries'), 2, 'FormData Iterator'); },
  keys: function keys() { return listIterator(formEntries(this, 'keys'), 0, 'FormData Iterator'); },
  values: function values() { return listIterator(formEntries(this, 'values'), 1, 'FormData Iterator'); }
});
defineProperty(NetFormData.prototype, SymbolIterator, { value: NetFormData.prototype.entries, writable: true, configurable: true });
tag(NetFormData.prototype, 'FormData');
// An iterator over a live list of [name, value] pairs: 0 names, 1 values, 2 pairs.
function listIterator(list, kind, name) {
  let i = 0;
  const it = ObjectCreate(IteratorPrototype);
  defineProperty(it, 'next', {
    value: function next() {
      if (i >= list.length) return { value: undefined, done: true };
      const e = list[i++];
      return { value: kind === 2 ? [e[0], e[1]] : e[kind], done: false };
    }, writable: true, configurable: true
  });
  defineProperty(it, SymbolToStringTag, { value: name, configurable: true });
  return it;
}
function multipart(entries) {
  let boundary = '----BridgeRuntimeFormBoundary';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < 16; i++) boundary += alphabet[MathFloor(MathRandom() * alphabet.length)];
  function escape(s) {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      out += c === '"' ? '%22' : c === '\n' ? '%0A' : c === '\r' ? '%0D' : c;
    }
    return out;
  }
  const parts = [];
  let allText = true;
  for (let i = 0; i < entries.length; i++) {
    const name = entries[i][0], value = entries[i][1];
    let head = '--' + boundary + '\r\nContent-Disposition: form-data; name="' + escape(name) + '"';
    if (typeof value === 'string') {
      arrayPush(parts, head + '\r\n\r\n' + value + '\r\n');
    } else {
      const f = weakGet(blobState, value);
      head += '; filename="' + escape(weakGet(fileState, value).name) + '"\r\nContent-Type: ' + (f.type || 'application/octet-stream') + '\r\n\r\n';
      arrayPush(parts, head);
      arrayPush(parts, f.bytes);
      arrayPush(parts, '\r\n');
      allText = false;
    }
  }
  arrayPush(parts, '--' + boundary + '--\r\n');
  const type = 'multipart/form-data; boundary=' + boundary;
  if (allText) return { text: arrayJoin(parts, ''), bytes: null, type: type };
  const chunks = [];
  for (let i = 0; i < parts.length; i++) arrayPush(chunks, typeof parts[i] === 'string' ? utf8Encode(parts[i]) : parts[i]);
  return { text: null, bytes: concatBytes(chunks), type: type };
}

// ---- bodies: {text, bytes, type}; text when the body is a string (the bytes are its UTF-8) ----
function isSearchParams(v) {
  try { return objectToString(v) === '[object URLSearchParams]'; } catch (e) { return false; }
}
function extractBody(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return { text: v, bytes: null, type: 'text/plain;charset=UTF-8' };
  if (typeof v === 'object' || typeof v === 'function') {
    const blob = weakGet(blobState, v);
    if (blob !== undefined) return { text: null, bytes: blob.bytes, type: blob.type || null };
    const form = weakGet(formState, v);
    if (form !== undefined) return multipart(form);
    const bytes = bufferBytes(v);
    if (bytes !== null) return { text: null, bytes: bytes, type: null };
    if (isSearchParams(v)) return { text: StringCtor(v), bytes: null, type: 'application/x-www-form-urlencoded;charset=UTF-8' };
    let isStream = false;
    try { isStream = objectToString(v) === '[object ReadableStream]'; } catch (e) { }
    if (isStream) throw new TypeErrorCtor('ReadableStream request bodies are not supported by the headless network layer');
  }
  return { text: StringCtor(v), bytes: null, type: 'text/plain;charset=UTF-8' };
}
function bodyBytes(body) {
  if (body === null) return new Uint8ArrayCtor(0);
  if (body.bytes === null) body.bytes = utf8Encode(body.text);
  return body.bytes;
}
function bodyText(body) {
  if (body === null) return '';
  if (body.text !== null) return body.text;
  return utf8Decode(body.bytes);
}
// A body from native code: its text, and its bytes when they are not UTF-8 (binary).
function receivedBody(text, binary) {
  if (typeof binary === 'string') return { text: text, bytes: byteStringToBytes(binary), type: null, lossy: true };
  return { text: typeof text === 'string' ? text : '', bytes: null, type: null };
}
// [payload, isBinary] for native.request.
function wireBody(body) {
  if (body === null) return [null, false];
  if (body.text !== null && !body.lossy) return [body.text, false];
  return [bytesToByteString(bodyBytes(body)), true];
}
function textOf(body) {
  if (body === null) return '';
  if (body.text !== null) {
    const t = body.text;
    return (t.length > 0 && charCodeAt(t, 0) === 0xFEFF) ? stringSlice(t, 1) : t;
  }
  return utf8Decode(body.bytes);
}

// ---- FileReader ----
const readerState = new WeakMapCtor();
function NetFileReader() {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'FileReader': Please use the 'new' operator");
  weakSet(listenerState, this, new MapCtor());
  weakSet(readerState, this, { readyState: 0, result: null, error: null, token: 0 });
}
NetFileReader.prototype = ObjectCreate(NetEventTarget.prototype, { constructor: { value: NetFileReader, writable: true, configurable: true } });
constants(NetFileReader, { EMPTY: 0, LOADING: 1, DONE: 2 });
eventHandlers(NetFileReader.prototype, ['loadstart', 'progress', 'load', 'abort', 'error', 'loadend']);
getters(NetFileReader.prototype, {
  readyState: function () { return stateOf(readerState, this, 'FileReader.readyState').readyState; },
  result: function () { return stateOf(readerState, this, 'FileReader.result').result; },
  error: function () { return stateOf(readerState, this, 'FileReader.error').error; }
});
const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function base64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i], b1 = i + 1 < bytes.length ? bytes[i + 1] : 0, b2 = i + 2 < bytes.length ? bytes[i + 2] : 0;
    out += base64Alphabet[b0 >> 2] + base64Alphabet[((b0 & 3) << 4) | (b1 >> 4)] +
      (i + 1 < bytes.length ? base64Alphabet[((b1 & 15) << 2) | (b2 >> 6)] : '=') + (i + 2 < bytes.length ? base64Alphabet[b2 & 63] : '=');
  }
  return out;
}
function readAs(reader, blob, kind, what) {
  const s = stateOf(readerState, reader, 'FileReader.' + what);
  const b = isBlob(blob) ? weakGet(blobState, blob) : null;
  if (b === null) throw new TypeErrorCtor("Failed to execute '" + what + "' on 'FileReader': parameter 1 is not of type 'Blob'.");
  if (s.readyState === 1) throw domException("Failed to execute '" + what + "' on 'FileReader': The object is already busy reading Blobs.", 'InvalidStateError');
  s.readyState = 1;
  s.result = null;
  s.error = null;
  const token = ++s.token;
  later(function () {
    if (s.token !== token) return;
    fire(reader, NetProgressEvent.prototype, 'loadstart', { lengthComputable: true, loaded: 0, total: b.bytes.length });
    later(function () {
      if (s.token !== token) return;
      const bytes = b.bytes;
      s.result = kind === 'text' ? utf8Decode(bytes) : kind === 'buffer' ? bytesBuffer(bytes) : kind === 'binary' ? bytesToByteString(bytes)
        : 'data:' + (b.type || 'application/octet-stream') + ';base64,' + base64(bytes);
      s.readyState = 2;
      const fields = { lengthComputable: true, loaded: bytes.length, total: bytes.length };
      fire(reader, NetProgressEvent.prototype, 'progress', fields);
      fire(reader, NetProgressEvent.prototype, 'load', fields);
      if (s.readyState === 2) fire(reader, NetProgressEvent.prototype, 'loadend', fields);
    });
  });
}
methods(NetFileReader.prototype, {
  readAsText: function readAsText(blob) { readAs(this, blob, 'text', 'readAsText'); },
  readAsArrayBuffer: function readAsArrayBuffer(blob) { readAs(this, blob, 'buffer', 'readAsArrayBuffer'); },
  readAsBinaryString: function readAsBinaryString(blob) { readAs(this, blob, 'binary', 'readAsBinaryString'); },
  readAsDataURL: function readAsDataURL(blob) { readAs(this, blob, 'dataURL', 'readAsDataURL'); },
  abort: function abort() {
    const s = stateOf(readerState, this, 'FileReader.abort');
    if (s.readyState !== 1) return;
    s.token++;
    s.readyState = 2;
    s.result = null;
    fire(this, NetProgressEvent.prototype, 'abort', null);
    fire(this, NetProgressEvent.prototype, 'loadend', null);
  }
});
tag(NetFileReader.prototype, 'FileReader');

// ---- blob: URLs ----
const blobURLs = new MapCtor();
const pageOrigin = (function () {
  const href = native.resolve('');
  if (typeof href !== 'string') return 'null';
  const i = stringIndexOf(href, '://');
  const scheme = i > 0 ? stringSlice(href, 0, i) : '';
  if (scheme !== 'http' && scheme !== 'https') return 'null';
  let end = i + 3;
  while (end < href.length && href[end] !== '/' && href[end] !== '?') end++;
  return stringSlice(href, 0, end);
})();
let blobCount = 0;
function createObjectURL(blob) {
  if (!isBlob(blob)) throw new TypeErrorCtor("Failed to execute 'createObjectURL' on 'URL': Overload resolution failed.");
  let id = '';
  const hex = '0123456789abcdef';
  for (let i = 0; i < 32; i++) { id += hex[MathFloor(MathRandom() * 16)]; if (i === 7 || i === 11 || i === 15 || i === 19) id += '-'; }
  const url = 'blob:' + pageOrigin + '/' + id;
  blobCount++;
  mapSet(blobURLs, url, blob);
  return url;
}
function revokeObjectURL(url) { mapDelete(blobURLs, StringCtor(url)); }
shared.createObjectURL = createObjectURL;
shared.revokeObjectURL = revokeObjectURL;
// The Blob a blob: URL names (without its fragment), or undefined.
function blobForURL(url) {
  const hash = stringIndexOf(url, '#');
  return mapGet(blobURLs, hash >= 0 ? stringSlice(url, 0, hash) : url);
}
// The text (UTF-8) of the Blob a blob: URL names, or null: a script element's blob: src.
shared.blobText = function blobText(url) {
  const blob = blobForURL(StringCtor(url));
  return blob === undefined ? null : utf8Decode(weakGet(blobState, blob).bytes);
};
(function () {
  const d = getOwnDescriptor(global, 'URL');
  const URLCtor = d && hasOwn(d, 'value') && typeof d.value === 'function' ? d.value : null;
  if (URLCtor === null) return;
  if (typeof URLCtor.createObjectURL !== 'function') defineProperty(URLCtor, 'createObjectURL', { value: createObjectURL, writable: true, configurable: true, enumerable: true });
  if (typeof URLCtor.revokeObjectURL !== 'function') defineProperty(URLCtor, 'revokeObjectURL', { value: revokeObjectURL, writable: true, configurable: true, enumerable: true });
})();

putGlobal('Blob', NetBlob);
putGlobal('File', NetFile);
putGlobal('FormData', NetFormData);
putGlobal('FileReader', NetFileReader);
