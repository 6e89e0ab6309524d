// A city picker that starts from the device location and falls back to a default.

async function initialCity() {
  try {
    const here = await bridge.call('location.get', { accuracy: 'city' }, { timeout: 1000 });
    return here.city;
  } catch (e) {
    return e.code === 'PERMISSION_DENIED' ? 'Beijing' : 'Shanghai';
  }
}

describe('initial city', () => {
  test('comes from the device (fixture answers after 30 ms)', async () => {
    expect(await initialCity()).toBe('Shanghai');
    expect(calls('location.get')[0]).toEqual({ accuracy: 'city' });
  });

  test('falls back when the permission is missing', async () => {
    mock('location.get', { error: { code: 'PERMISSION_DENIED', message: 'location is off' } });
    await expect(initialCity()).resolves.toBe('Beijing');
  });

  describe('with a custom location', () => {
    beforeEach(() => mock('location.get', { city: 'Hangzhou', lat: 30.27, lng: 120.15 }));

    test('uses it', async () => {
      expect(await initialCity()).not.toBe('Shanghai');
      expect(await initialCity()).toBe('Hangzhou');
    });

    test('matches loosely', async () => {
      const here = await bridge.call('location.get', {});
      expect(here).toEqual({ city: expect.any(String), lat: expect.any(Number), lng: expect.anything() });
      expect(here.lat).toBeCloseTo(30.27);
      expect(here.lat).toBeGreaterThan(30);
      expect(here.lng).toBeLessThan(121);
    });
  });
});
