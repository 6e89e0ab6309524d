// Tests of code that fetches, with --http-mock fixtures (bridge-run test Examples/network/api.test.js --http-mock Examples/network/http.json).
async function loadUser() {
  const r = await fetch('/api/user');
  if (!r.ok) throw new Error('HTTP ' + r.status);
  return r.json();
}

test('loads the user from the fixture', async () => {
  expect(await loadUser()).toEqual({ name: 'Ada', level: 3 });
});

test('a 404 resolves with ok false', async () => {
  const r = await fetch('/api/feature-flags');
  expect(r.status).toBe(404);
  expect(await r.json()).toEqual({ error: 'not found' });
});

test('an unserved URL rejects naming it', async () => {
  await expect(fetch('https://other.example.com/x')).rejects.toThrow('Failed to fetch https://other.example.com/x');
});
