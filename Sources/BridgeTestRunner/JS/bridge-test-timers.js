(function (kit, global) {
'use strict';
// Fake timers for `bridge-run test`: vi.useFakeTimers() and the vi.advanceTimers… / vi.run…Timers
// family, as in Jest's modern timers and Vitest. An extension of bridge-test-harness.js (same
// rules: built-ins captured at load, nothing the test file can reach decides anything).
//
// The fake clock lives in native code (a FakeTimeline the engine's event loop switches to), so
// it drives the engine's own setTimeout/setInterval, performance.now() and Date of this file's
// engine and of every other engine the test drives, in one deadline order. The harness's own
// timers (a test's timeout) stay real. Fake timers switched on inside a test (or its
// beforeEach/afterEach) end with it; switched on at the file's top level or in beforeAll, they
// last for the file (each test's own leftover timers are still cleared when it ends).

const T = kit.T, vi = kit.vi, put = kit.put, fmt = kit.fmt;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const PromiseCtor = Promise;
const dateGetTime = Function.prototype.call.bind(Date.prototype.getTime);
const isFiniteFn = isFinite;
const setTimer = kit.setTimer;
// Jest's limit for runAllTimers: a timer that re-arms itself forever is reported, not run forever.
const TIMER_LIMIT = 100000;
let fakeInTest = false;

function requireFake(what) {
  if (!T.fakeActive()) throw new ErrorCtor('vi.' + what + '(): timers are not faked; call vi.useFakeTimers() first');
}
function milliseconds(what, ms) {
  if (!(typeof ms === 'number' && isFiniteFn(ms) && ms >= 0)) {
    throw new TypeErrorCtor('vi.' + what + '(ms): ms must be a finite number >= 0, got ' + fmt(ms));
  }
  return ms;
}
function timeOf(what, t) {
  if (typeof t === 'number' && isFiniteFn(t)) return t;
  if (t !== null && typeof t === 'object') {
    try { const v = dateGetTime(t); if (isFiniteFn(v)) return v; } catch (e) { }
  }
  throw new TypeErrorCtor(what + ': give a time in milliseconds since 1970 or a valid Date, got ' + fmt(t));
}
function limitReached(what) {
  return new ErrorCtor('vi.' + what + '(): aborted after running ' + TIMER_LIMIT + ' timers, assuming an endless loop of timers');
}

// ---- switching ----
put(vi, 'useFakeTimers', function useFakeTimers(config) {
  let now = NaN;
  if (config !== undefined && config !== null) {
    if (typeof config !== 'object') throw new TypeErrorCtor('vi.useFakeTimers(config): config must be an object such as {now: Date}');
    if (config.now !== undefined) now = timeOf('vi.useFakeTimers({now})', config.now);
  }
  T.fakeTimersOn(now);
  fakeInTest = kit.currentTestName() !== null;
  return vi;
});
put(vi, 'useRealTimers', function useRealTimers() {
  T.fakeTimersOff();
  fakeInTest = false;
  return vi;
});
put(vi, 'isFakeTimers', function isFakeTimers() { return T.fakeActive(); });
kit.onTestEnd(function () {
  if (fakeInTest) {
    fakeInTest = false;
    T.fakeTimersOff();
  }
});

// ---- moving the clock (synchronous: no promise callbacks run between timers) ----
function advanceTo(target, what) {
  let n = 0;
  while (T.fakeStep(target)) {
    n += 1;
    if (n >= TIMER_LIMIT) throw limitReached(what);
  }
}
put(vi, 'advanceTimersByTime', function advanceTimersByTime(ms) {
  requireFake('advanceTimersByTime');
  advanceTo(T.fakeNow() + milliseconds('advanceTimersByTime', ms), 'advanceTimersByTime');
  return vi;
});
put(vi, 'advanceTimersToNextTimer', function advanceTimersToNextTimer(steps) {
  requireFake('advanceTimersToNextTimer');
  const n = steps === undefined ? 1 : milliseconds('advanceTimersToNextTimer', steps);
  for (let i = 0; i < n; i++) {
    const next = T.fakeNextDeadline();
    if (next === undefined) break;
    advanceTo(next, 'advanceTimersToNextTimer');
  }
  return vi;
});
put(vi, 'runAllTimers', function runAllTimers() {
  requireFake('runAllTimers');
  let n = 0;
  while (T.fakeStep(undefined)) {
    n += 1;
    if (n >= TIMER_LIMIT) throw limitReached('runAllTimers');
  }
  return vi;
});
put(vi, 'runOnlyPendingTimers', function runOnlyPendingTimers() {
  requireFake('runOnlyPendingTimers');
  const last = T.fakeLastDeadline();
  if (last !== undefined) advanceTo(last, 'runOnlyPendingTimers');
  return vi;
});

// ---- asynchronous variants: promise callbacks (and other queued work) run between timers ----
// One turn of the event loop (a real 0 ms harness timer): every microtask queued so far runs.
function turn() {
  return new PromiseCtor(function (resolve) { setTimer(resolve, 0); });
}
async function advanceAsync(target, what) {
  let n = 0;
  for (;;) {
    await turn();
    if (!T.fakeStep(target)) break;
    n += 1;
    if (n >= TIMER_LIMIT) throw limitReached(what);
  }
  await turn();
}
put(vi, 'advanceTimersByTimeAsync', async function advanceTimersByTimeAsync(ms) {
  requireFake('advanceTimersByTimeAsync');
  await advanceAsync(T.fakeNow() + milliseconds('advanceTimersByTimeAsync', ms), 'advanceTimersByTimeAsync');
  return vi;
});
put(vi, 'advanceTimersToNextTimerAsync', async function advanceTimersToNextTimerAsync(steps) {
  requireFake('advanceTimersToNextTimerAsync');
  const n = steps === undefined ? 1 : milliseconds('advanceTimersToNextTimerAsync', steps);
  for (let i = 0; i < n; i++) {
    await turn();
    const next = T.fakeNextDeadline();
    if (next === undefined) break;
    await advanceAsync(next, 'advanceTimersToNextTimerAsync');
  }
  return vi;
});
put(vi, 'runAllTimersAsync', async function runAllTimersAsync() {
  requireFake('runAllTimersAsync');
  await advanceAsync(undefined, 'runAllTimersAsync');
  return vi;
});
put(vi, 'runOnlyPendingTimersAsync', async function runOnlyPendingTimersAsync() {
  requireFake('runOnlyPendingTimersAsync');
  const last = T.fakeLastDeadline();
  if (last !== undefined) await advanceAsync(last, 'runOnlyPendingTimersAsync');
  return vi;
});

// ---- inspecting and setting ----
put(vi, 'getTimerCount', function getTimerCount() {
  requireFake('getTimerCount');
  return T.fakeCount();
});
put(vi, 'clearAllTimers', function clearAllTimers() {
  requireFake('clearAllTimers');
  T.fakeClear();
  return vi;
});
put(vi, 'setSystemTime', function setSystemTime(t) {
  requireFake('setSystemTime');
  T.setSystemTime(timeOf('vi.setSystemTime(time)', t === undefined ? 0 : t));
  return vi;
});
put(vi, 'getRealSystemTime', function getRealSystemTime() { return T.realSystemTime(); });
put(vi, 'now', function now() { return T.systemTime(); });
})(__bridgeTestKit, this);
