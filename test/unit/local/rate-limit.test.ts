import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../local/rate-limit.ts';

describe('RateLimiter', () => {
  it('allows a burst, then refuses until tokens refill, per address', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 1000;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });
});
