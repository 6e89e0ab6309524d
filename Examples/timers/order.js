// Event-loop ordering; prints the same lines as `node Examples/timers/order.js`.
const log = (s) => console.log(s);
log('sync 1');
setTimeout(() => log('timeout 10'), 10);
setTimeout(() => {
  log('timeout 0');
  Promise.resolve().then(() => log('micro in timeout 0'));
  setTimeout(() => log('nested timeout 0'), 0);
}, 0);
setTimeout(() => log('timeout 1'), 1);
let n = 0;
const iv = setInterval(() => {
  log('interval ' + (++n));
  if (n === 3) clearInterval(iv);
}, 4);
Promise.resolve().then(() => log('micro 1')).then(() => log('micro 2'));
queueMicrotask(() => log('queueMicrotask'));
(async () => {
  log('async start');
  await null;
  log('after await');
})();
log('sync 2');
setTimeout(() => log('timeout 30000 (instant with --virtual-time)'), 30000);
