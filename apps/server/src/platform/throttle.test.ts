import { describe, expect, it } from 'vitest';
import { secondsToWait, type ThrottleRule } from './throttle.ts';

const NOW = 1_000_000;
const blockOnly: ThrottleRule = { limit: 5, windowSeconds: 900 };
const slowing: ThrottleRule = {
  limit: 8,
  windowSeconds: 900,
  slowDown: { after: 3, firstDelaySeconds: 10 },
};
const window = (count: number, oldestAgo: number, newestAgo: number) => ({
  count,
  oldest: NOW - oldestAgo,
  newest: NOW - newestAgo,
});

describe('throttle waits', () => {
  it('lets a key through below its limit, and blocks it until its oldest event leaves', () => {
    expect(secondsToWait(blockOnly, window(4, 100, 1), NOW)).toBe(0);
    expect(secondsToWait(blockOnly, window(5, 100, 1), NOW)).toBe(800);
    expect(secondsToWait(blockOnly, window(5, 899.5, 1), NOW)).toBe(1);
    // At its limit a key always waits, whatever the clocks say.
    expect(secondsToWait(blockOnly, window(5, 901, 1), NOW)).toBe(1);
  });

  it('slows a key after a few events, doubling the wait after the newest, then blocks it', () => {
    expect(secondsToWait(slowing, window(2, 30, 0), NOW)).toBe(0);
    expect(secondsToWait(slowing, window(3, 30, 0), NOW)).toBe(10);
    expect(secondsToWait(slowing, window(3, 30, 4), NOW)).toBe(6);
    expect(secondsToWait(slowing, window(3, 30, 10), NOW)).toBe(0);
    expect(secondsToWait(slowing, window(4, 60, 0), NOW)).toBe(20);
    expect(secondsToWait(slowing, window(7, 300, 0), NOW)).toBe(160);
    expect(secondsToWait(slowing, window(7, 300, 160), NOW)).toBe(0);
    expect(secondsToWait(slowing, window(8, 300, 0), NOW)).toBe(600);
  });
});
