// Pages written for another app's bridge, loaded in a test: the runtime gives them the native
// side of their peer (detected by what the page does), and page.callJS reaches the handlers
// they registered with that peer's API.
describe('a WebViewJavascriptBridge page', () => {
  test('its calls are answered by the mocks and native reaches its handler', async () => {
    mock('ObjC Echo', { key: 'value', echoed: true });
    mock('user.get', { name: 'Ada' });
    const page = await loadPage('../peers/wvjb/index.html');
    expect(page.calls().map((c) => c.method)).toEqual(['ObjC Echo', 'user.get', 'missing.handler']);
    expect(page.calls('ObjC Echo')).toEqual([{ key: 'value' }]);
    expect(await page.callJS('JS Echo', { from: 'test' })).toEqual({ from: 'test' });
  });
});

describe('a DSBridge page', () => {
  test('synchronous calls return the mock and a registered namespace answers', async () => {
    mock('testSyn', 'testSyn[syn call]');
    mock('testAsyn', 'testAsyn[asyn call]');
    mock('echo.syn', { echoed: true });
    const page = await loadPage('../peers/dsbridge/index.html');
    expect(page.calls('testSyn')).toEqual(['testSyn']);
    expect(await page.callJS('syn.getInfo')).toEqual({ tag: 'syn' });
  });
});
