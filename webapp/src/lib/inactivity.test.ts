import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_TIMEOUT_MS, watchInactivity } from './inactivity';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const MIN = 60 * 1000;

describe('watchInactivity', () => {
  it('fires once after 15 minutes without activity', () => {
    const onTimeout = vi.fn();
    watchInactivity({ onTimeout });
    expect(INACTIVITY_TIMEOUT_MS).toBe(15 * MIN);
    vi.advanceTimersByTime(15 * MIN - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MIN);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each(['keydown', 'scroll', 'touchstart', 'click', 'resize'])('%s resets the countdown', (type) => {
    const onTimeout = vi.fn();
    watchInactivity({ onTimeout });
    vi.advanceTimersByTime(10 * MIN);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(10 * MIN);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MIN);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('debounces mouse movement by 1 second', () => {
    const onTimeout = vi.fn();
    watchInactivity({ onTimeout });
    vi.advanceTimersByTime(14 * MIN);
    // Continuous movement: the reset waits until the mouse has been still for 1 s.
    for (let i = 0; i < 5; i++) {
      window.dispatchEvent(new MouseEvent('mousemove'));
      vi.advanceTimersByTime(500);
    }
    // 14 min + 2.5 s: without the debounce's reset the deadline (15 min) is still ahead.
    vi.advanceTimersByTime(500);
    // The reset happened at 14 min + 3 s (1 s after the last move), so 15 min later it fires.
    vi.advanceTimersByTime(15 * MIN - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('a mouse move right before the deadline does not save the session', () => {
    const onTimeout = vi.fn();
    watchInactivity({ onTimeout });
    vi.advanceTimersByTime(15 * MIN - 500);
    window.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(500);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const onTimeout = vi.fn();
    const stop = watchInactivity({ onTimeout });
    stop();
    vi.advanceTimersByTime(60 * MIN);
    window.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(60 * MIN);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
