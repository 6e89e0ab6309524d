// A TypeScript test that imports the project's own module and drives the real page.
import { cartOf } from './helpers/cart';

interface PageState { items: number; secondsLeft: number; expired: boolean; asked: string | null }

test('the cart native code pushes is what the page reports back', async () => {
  mock('user.get', { error: { code: 'NOT_SIGNED_IN', message: 'no session' } });
  const page = await loadPage('shop/index.html');
  expect(page.document.getElementById('user')!.textContent).toBe('Sign in (NOT_SIGNED_IN)');
  await page.emit('cart.updated', cartOf('A1', 'B7', 'C3'));
  const state = await page.callJS<PageState>('page.getState', {});
  expect(state.items).toBe(3);
  expect(page.document.getElementById('cart')!.textContent).toBe('Cart: 3 items');
});
