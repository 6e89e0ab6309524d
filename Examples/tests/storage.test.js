// A settings store that keeps the theme in native storage and saves with a debounce.

function createSettings() {
  let pending = null;
  let theme = 'light';
  return {
    async load() {
      const { value } = await bridge.call('storage.get', { key: 'theme' });
      theme = value || 'light';
      return theme;
    },
    setTheme(next) {
      theme = next;
      clearTimeout(pending);
      pending = setTimeout(() => bridge.post('storage.set', { key: 'theme', value: theme }), 100);
    },
    get theme() { return theme; },
  };
}

// An in-memory stand-in for native storage, shared by the tests of this file.
let store;
beforeEach(() => {
  store = new Map();
  mock('storage.get', ({ key }) => ({ value: store.has(key) ? store.get(key) : null }));
  mock('storage.set', ({ key, value }) => {
    store.set(key, value);
    return { ok: true };
  });
});

test('defaults to light when nothing is stored', async () => {
  const settings = createSettings();
  expect(await settings.load()).toBe('light');
});

test('reads the stored theme', async () => {
  store.set('theme', 'dark');
  expect(await createSettings().load()).toBe('dark');
});

it('saves once after a burst of changes', (done) => {
  const settings = createSettings();
  settings.setTheme('dark');
  settings.setTheme('sepia');
  settings.setTheme('dark');
  expect(calls('storage.set')).toHaveLength(0);
  setTimeout(() => {
    expect(calls('storage.set')).toEqual([{ key: 'theme', value: 'dark' }]);
    expect(store.get('theme')).toBe('dark');
    done();
  }, 150);
});

it('answers callback-style calls too', (done) => {
  store.set('theme', 'sepia');
  bridge.post('storage.get', { key: 'theme' }, (err, result) => {
    expect(err).toBeNull();
    expect(result).toEqual({ value: 'sepia' });
    done();
  });
});

test('an unknown method is reported to the page', async () => {
  await expect(bridge.call('storage.clearAll')).rejects.toHaveProperty('code', 'METHOD_NOT_FOUND');
});
