// Deliberately failing tests: `bridge-run test Examples/tests/failing` exits 1 and shows how
// failures read (the expectation, both values or a line diff, and the line in this file).

function cartTotal(items, coupon) {
  const subtotal = items.reduce((sum, item) => sum + item.price * item.qty, 0);
  // Bug on purpose: the coupon is ignored.
  return { subtotal: subtotal, discount: 0, total: subtotal, currency: 'CNY' };
}

const items = [
  { sku: 'tea', price: 10, qty: 2 },
  { sku: 'cup', price: 5, qty: 1 },
];

describe('cart', () => {
  test('adds up the items', () => {
    expect(cartTotal(items).subtotal).toBe(25);
  });

  test('applies the coupon', () => {
    expect(cartTotal(items, { percent: 20 })).toEqual({ subtotal: 25, discount: 5, total: 20, currency: 'CNY' });
  });

  test('counts the items', () => {
    expect(items.length).toBe(3);
  });

  test('syncs the cart with native code', async () => {
    mock('cart.sync', { ok: true });
    await bridge.call('cart.sync', { items });
    expect(calls('cart.sync')).toEqual([{ items: [{ sku: 'tea', price: 10, qty: 2 }] }]);
  });

  test('reads the native cart (no mock: the call fails)', async () => {
    const cart = await bridge.call('cart.get');
    expect(cart.items).toHaveLength(2);
  });

  test('waits for an answer that never comes', async () => {
    mock('cart.reserve', { result: { ok: true }, delayMs: 60000 });
    await bridge.call('cart.reserve', {}, { timeout: 120000 });
  }, 200);
});
