// The page's own module, imported (bundled by esbuild like any module test file).
import { analytics, checkout, showReceipt } from './helpers/checkout.js';

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
