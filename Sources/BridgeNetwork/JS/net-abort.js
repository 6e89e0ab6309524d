// The network layer's page script, part 3 of 6: AbortController and AbortSignal.

const signalState = new WeakMapCtor();
function NetAbortSignal() { throw new TypeErrorCtor('Illegal constructor'); }
NetAbortSignal.prototype = ObjectCreate(NetEventTarget.prototype, { constructor: { value: NetAbortSignal, writable: true, configurable: true } });
setPrototypeOf(NetAbortSignal, NetEventTarget);
function makeSignal() {
  const signal = ObjectCreate(NetAbortSignal.prototype);
  weakSet(listenerState, signal, new MapCtor());
  weakSet(signalState, signal, { aborted: false, reason: undefined, algorithms: [] });
  return signal;
}
function abortSignal(signal, reason) {
  const s = weakGet(signalState, signal);
  if (s.aborted) return;
  s.aborted = true;
  s.reason = reason === undefined ? domException('signal is aborted without reason', 'AbortError') : reason;
  const algorithms = s.algorithms;
  s.algorithms = [];
  for (let i = 0; i < algorithms.length; i++) { try { algorithms[i](); } catch (e) { reportError(e); } }
  fire(signal, NetEvent.prototype, 'abort', null);
}
// Whether a signal (ours, or another implementation's) is aborted, and its reason.
function signalAborted(signal) {
  const s = weakGet(signalState, signal);
  if (s !== undefined) return s.aborted;
  try { return !!signal.aborted; } catch (e) { return false; }
}
function abortReason(signal) {
  const s = weakGet(signalState, signal);
  if (s !== undefined) return s.reason;
  let r;
  try { r = signal.reason; } catch (e) { r = undefined; }
  return r === undefined ? domException('The user aborted a request.', 'AbortError') : r;
}
function onAbortSignal(signal, fn) {
  const s = weakGet(signalState, signal);
  if (s !== undefined) { arrayPush(s.algorithms, fn); return; }
  if (signal !== null && typeof signal === 'object' && typeof signal.addEventListener === 'function') signal.addEventListener('abort', fn);
}
function checkSignal(signal, what) {
  if (signal === undefined || signal === null) return null;
  if (typeof signal !== 'object' || (!weakHas(signalState, signal) && typeof signal.addEventListener !== 'function')) {
    throw new TypeErrorCtor("Failed to construct '" + what + "': member signal is not of type AbortSignal.");
  }
  return signal;
}
getters(NetAbortSignal.prototype, {
  aborted: function () { return stateOf(signalState, this, 'AbortSignal.aborted').aborted; },
  reason: function () { return stateOf(signalState, this, 'AbortSignal.reason').reason; }
});
methods(NetAbortSignal.prototype, {
  throwIfAborted: function throwIfAborted() { const s = stateOf(signalState, this, 'AbortSignal.throwIfAborted'); if (s.aborted) throw s.reason; }
});
eventHandlers(NetAbortSignal.prototype, ['abort']);
tag(NetAbortSignal.prototype, 'AbortSignal');
methods(NetAbortSignal, {
  abort: function abort(reason) { const signal = makeSignal(); abortSignal(signal, reason); return signal; },
  timeout: function timeout(ms) {
    ms = NumberCtor(ms);
    if (!(ms >= 0) || !isFiniteFn(ms)) throw new TypeErrorCtor("Failed to execute 'timeout' on 'AbortSignal': Value is outside the 'unsigned long long' value range.");
    const signal = makeSignal();
    setTimeoutFn(function () { abortSignal(signal, domException('signal timed out', 'TimeoutError')); }, ms);
    return signal;
  },
  any: function any(signals) {
    const list = collect(signals, 'AbortSignal');
    const signal = makeSignal();
    for (let i = 0; i < list.length; i++) {
      if (signalAborted(list[i])) { abortSignal(signal, abortReason(list[i])); return signal; }
    }
    for (let i = 0; i < list.length; i++) { const source = list[i]; onAbortSignal(source, function () { abortSignal(signal, abortReason(source)); }); }
    return signal;
  }
});
const controllerState = new WeakMapCtor();
function NetAbortController() {
  if (!new.target) throw new TypeErrorCtor("Failed to construct 'AbortController': Please use the 'new' operator");
  weakSet(controllerState, this, makeSignal());
}
getters(NetAbortController.prototype, { signal: function () { return stateOf(controllerState, this, 'AbortController.signal'); } });
methods(NetAbortController.prototype, {
  abort: function abort(reason) { abortSignal(stateOf(controllerState, this, 'AbortController.abort'), reason); }
});
tag(NetAbortController.prototype, 'AbortController');

putGlobal('AbortController', NetAbortController);
putGlobal('AbortSignal', NetAbortSignal);
