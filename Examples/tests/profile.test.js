// The profile header of an H5 page: reads the user and the device through the bridge.
// Run with: bridge-run test Examples/tests/profile.test.js --mock Examples/tests/fixtures/mock.json

async function loadProfile() {
  const [user, device] = await Promise.all([
    bridge.call('user.get', { fields: ['name', 'level', 'vip'] }),
    bridge.call('device.info'),
  ]);
  bridge.post('analytics.track', { event: 'profile_view', userId: user.id });
  return {
    title: user.vip ? `★ ${user.name}` : user.name,
    badge: user.level >= 5 ? 'gold' : user.level >= 3 ? 'silver' : 'none',
    platform: device.os.split(' ')[0].toLowerCase(),
  };
}

describe('profile header', () => {
  test('uses the answers of the mock fixture', async () => {
    const profile = await loadProfile();
    expect(profile).toEqual({ title: 'Ada', badge: 'silver', platform: 'android' });
  });

  test('a per-test mock wins over the fixture', async () => {
    mock('user.get', { id: 7, name: 'Grace', level: 9, vip: true });
    const profile = await loadProfile();
    expect(profile.title).toBe('★ Grace');
    expect(profile.badge).toBe('gold');
  });

  test('asks only for the fields it shows', async () => {
    await loadProfile();
    expect(calls('user.get')).toEqual([{ fields: ['name', 'level', 'vip'] }]);
    expect(calls('device.info')).toHaveLength(1);
  });

  test('tracks the view with the user id', async () => {
    await loadProfile();
    expect(calls('analytics.track')).toContainEqual({ event: 'profile_view', userId: 42 });
    expect(calls().map((c) => c.method)).toEqual(['user.get', 'device.info', 'analytics.track']);
  });

  test('calls are recorded per test', () => {
    expect(calls('user.get')).toEqual([]);
  });
});

describe('when the user service fails', () => {
  beforeEach(() => {
    mock('user.get', { error: { code: 'NOT_LOGGED_IN', message: 'no session' } });
  });

  test('the error reaches the page with its code', async () => {
    await expect(loadProfile()).rejects.toMatchObject({ code: 'NOT_LOGGED_IN', message: 'no session' });
  });

  test('nothing is tracked', async () => {
    await loadProfile().catch(() => {});
    expect(calls('analytics.track')).toHaveLength(0);
  });
});
