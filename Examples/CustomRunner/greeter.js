// Driven by `example-runner run Examples/CustomRunner/greeter.js`.
async function main() {
  const first = await bridge.call('greeter.hello', { name: 'Ada' });
  const second = await bridge.call('greeter.hello', { name: 'Linus' });
  console.log(first.greeting, first.count);
  console.log(second.greeting, second.count);
  const echoed = await bridge.call('greeter.slowEcho', { ok: true });
  console.log('echo', JSON.stringify(echoed));
  try {
    await bridge.call('greeter.hello', {});
  } catch (e) {
    console.log('refused', e.code, e.message);
  }
}
main();
