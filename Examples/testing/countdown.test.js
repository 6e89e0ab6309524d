// A page's countdown: ticks every second, asks native code to vibrate at the end.
function startCountdown(seconds, onTick) {
  let left = seconds;
  const timer = setInterval(async () => {
    left -= 1;
    onTick(left);
    if (left === 0) {
      clearInterval(timer);
      await bridge.call('device.vibrate', { pattern: [200] });
      onTick('done');
    }
  }, 1000);
  return () => clearInterval(timer);
}

describe('countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mock('device.vibrate', null);
  });

  test('ticks once a second, then vibrates', async () => {
    const onTick = jest.fn();
    startCountdown(3, onTick);
    jest.advanceTimersByTime(2000);
    expect(onTick.mock.calls).toEqual([[2], [1]]);
    // The last tick awaits the native call: the async variant lets it settle.
    await jest.advanceTimersByTimeAsync(1000);
    expect(onTick).toHaveBeenLastCalledWith('done');
    expect(calls('device.vibrate')).toEqual([{ pattern: [200] }]);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('stopping it clears the interval', () => {
    const onTick = jest.fn();
    const stop = startCountdown(10, onTick);
    jest.advanceTimersByTime(1500);
    stop();
    jest.runAllTimers();
    expect(onTick).toHaveBeenCalledTimes(1);
  });
});
