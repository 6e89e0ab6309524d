// The page code under test (pasted here until test files can import modules).
const analytics = { track(event, data) { bridge.post('track', { event, data }); } };
async function checkout(amount) {
  const order = await bridge.call('pay.start', { amount });
  analytics.track('paid', { orderId: order.orderId });
  return order;
}
function showReceipt(order) {
  const receipt = { orderId: order.orderId, shownAt: new Date().toISOString(), open: true };
  setTimeout(() => { receipt.open = false; }, 5000);
  return receipt;
}

describe('checkout', () => {
  beforeEach(() => mock('pay.start', { result: { orderId: 'A1' } }));

  test('pays and tracks', async () => {
    const track = vi.spyOn(analytics, 'track');
    await expect(checkout(20)).resolves.toEqual({ orderId: 'A1' });
    expect(calls('pay.start')).toEqual([{ amount: 20 }]);
    expect(track).toHaveBeenCalledWith('paid', expect.objectContaining({ orderId: 'A1' }));
  });

  test('the receipt closes after 5 s', () => {
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z') });
    const receipt = showReceipt({ orderId: 'A1' });
    vi.advanceTimersByTime(4999);
    expect(receipt.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(receipt).toMatchSnapshot();
  });
});
