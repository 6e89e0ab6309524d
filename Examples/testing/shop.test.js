// Tests of a real page (shop/index.html) loaded as it runs in the app: a native event changes
// the page, a JS handler answers native code, fake timers run the page's countdown, the DOM is
// snapshotted, and a click navigates to the receipt.
describe('flash sale page', () => {
  let page;
  beforeEach(async () => {
    mock('user.get', { name: 'Ada' });
    page = await loadPage('shop/index.html', { httpMock: [{ url: '/api/deals', json: [{ name: 'Tea', off: 20 }] }] });
  });

  test('greets the user it asked native code for', () => {
    expect(page.document.title).toBe('Flash sale');
    expect(page.document.getElementById('user').textContent).toBe('Hello, Ada');
    expect(page.calls('user.get')).toEqual([{}]);
  });

  test('shows the deals its HTTP API answers', () => {
    expect(page.document.getElementById('deals').textContent).toBe('Tea -20%');
    expect(page.requests()).toMatchObject([{ method: 'GET', url: 'file:///api/deals', status: 200, source: 'mock' }]);
  });

  test('a native event changes the page', async () => {
    await page.emit('cart.updated', { items: [{ sku: 'A1' }, { sku: 'B7' }] });
    expect(page.document.getElementById('cart').textContent).toBe('Cart: 2 items');
    await page.emit('cart.updated', { items: [{ sku: 'A1' }] });
    expect(page.document.getElementById('cart').textContent).toBe('Cart: 1 item');
  });

  test('a JS handler of the page answers native code', async () => {
    await page.emit('cart.updated', { items: [{ sku: 'A1' }] });
    expect(await page.callJS('page.getState', { field: 'items' })).toEqual({ items: 1, secondsLeft: 10, expired: false, asked: 'items' });
    await expect(page.callJS('page.nothing')).rejects.toThrow("no JS handler registered for 'page.nothing'");
  });

  test('the page markup', () => {
    expect(page.document.body).toMatchSnapshot();
  });

  test('checking out opens the receipt', async () => {
    mock('pay.start', ({ items }) => ({ orderId: 'A-' + items }));
    page.document.getElementById('checkout').click();
    await page.settle();
    expect(page.url).toMatch(/receipt\.html\?order=A-0$/);
    expect(page.document.getElementById('order').textContent).toBe('Order A-0');
    expect(page.calls().map((c) => c.method)).toEqual(['user.get', 'pay.start']);
  });
});

describe('the offer countdown', () => {
  // Fake timers first: timers a page starts before vi.useFakeTimers() stay on real time.
  beforeEach(() => vi.useFakeTimers());

  test('fake timers run the page\'s countdown', async () => {
    mock('user.get', { name: 'Ada' });
    mock('analytics.track', null);
    const page = await loadPage('shop/index.html');
    const left = () => page.document.getElementById('left').textContent;
    vi.advanceTimersByTime(3000);
    expect(left()).toBe('7');
    await vi.advanceTimersByTimeAsync(7000);
    expect(page.document.getElementById('offer').textContent).toBe('Offer ended');
    expect(page.calls('analytics.track')).toEqual([{ event: 'offer_expired' }]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

test('without an answer for its API the page says so', async () => {
  const page = await loadPage('shop/index.html');
  expect(page.document.getElementById('deals').textContent).toBe('No deals today');
  expect(page.requests()).toMatchObject([{ url: 'file:///api/deals', error: 'no --http-mock fixture or offline file serves it (there is no network)' }]);
});

test('a page that is not there rejects with its path', async () => {
  await expect(loadPage('shop/missing.html')).rejects.toThrow(/loadPage\(shop\/missing\.html\): cannot read .*shop\/missing\.html: no such file/);
});
