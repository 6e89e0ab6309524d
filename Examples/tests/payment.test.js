// Checkout: starts a payment through the bridge and maps native answers to UI states.

async function checkout(order, { timeout = 2000 } = {}) {
  if (!(order.amount > 0)) throw new RangeError('amount must be positive');
  try {
    const receipt = await bridge.call('pay.start', { orderId: order.id, amount: order.amount, currency: 'CNY' }, { timeout });
    return { state: 'paid', receiptId: receipt.receiptId };
  } catch (e) {
    if (e.code === 'USER_CANCELLED') return { state: 'cancelled' };
    if (e.code === 'TIMEOUT') return { state: 'pending' };
    return { state: 'failed', reason: e.message };
  }
}

describe('checkout', () => {
  let order;
  beforeEach(() => {
    order = { id: 'A-1001', amount: 12.5 };
  });

  test('a successful payment returns the receipt', async () => {
    mock('pay.start', { receiptId: 'R-1' });
    await expect(checkout(order)).resolves.toEqual({ state: 'paid', receiptId: 'R-1' });
  });

  test('the native side sees the order', async () => {
    mock('pay.start', (params) => ({ receiptId: 'R-' + params.orderId }));
    const result = await checkout(order);
    expect(result.receiptId).toBe('R-A-1001');
    expect(calls('pay.start')).toEqual([{ orderId: 'A-1001', amount: 12.5, currency: 'CNY' }]);
  });

  test('a mock function can refuse with a code', async () => {
    mock('pay.start', () => {
      const e = new Error('the user closed the sheet');
      e.code = 'USER_CANCELLED';
      throw e;
    });
    expect(await checkout(order)).toEqual({ state: 'cancelled' });
  });

  test('the fixture refusal is shown as a failure', async () => {
    const result = await checkout(order);
    expect(result.state).toBe('failed');
    expect(result.reason).toMatch(/disabled/);
  });

  test('an async mock answers later', async () => {
    mock('pay.start', async (params) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { receiptId: 'late-' + params.amount };
    });
    expect(await checkout(order)).toEqual({ state: 'paid', receiptId: 'late-12.5' });
  });

  test('a slow native answer times out into the pending state', async () => {
    mock('pay.start', { result: { receiptId: 'R-slow' }, delayMs: 1000 });
    expect(await checkout(order, { timeout: 100 })).toEqual({ state: 'pending' });
  });

  test('bad amounts never reach native code', () => {
    order.amount = 0;
    return expect(checkout(order)).rejects.toThrow(RangeError).then(() => {
      expect(calls('pay.start')).toEqual([]);
    });
  });

  test.skip('refunds (not built yet)', () => {});
});
