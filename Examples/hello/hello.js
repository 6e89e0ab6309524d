// A page script as an H5 team writes it: ask native code for the user and the device, react to a
// native event, and handle a refused payment. Run it with:
//   scripts/run Examples/hello/hello.js --mock Examples/hello/mock.json
async function main() {
  const user = await bridge.call('user.get', { fields: ['name', 'level'] });
  console.log(`hello, ${user.name} (level ${user.level})`);

  const device = await bridge.call('device.info');
  console.log('device:', device.model, device.os);

  try {
    await bridge.call('pay.start', { orderId: 'A-1001', amount: 12.5 });
  } catch (e) {
    console.log('payment refused:', e.code, '-', e.message);
  }

  // Callback style, as older pages do.
  bridge.post('storage.get', { key: 'theme' }, (err, value) => {
    console.log('theme:', err ? err.code : value.value);
  });
}
main();
