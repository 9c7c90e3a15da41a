import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, idlePhase, warningLeadMs } from '../../../web/src/auth/idle';

const MIN = 60_000;

describe('idle timing', () => {
  it('warns one minute before, or 20% of the timeout before when that is shorter', () => {
    expect(warningLeadMs(15 * MIN)).toBe(MIN);
    expect(warningLeadMs(2 * MIN)).toBe(24_000);
    expect(warningLeadMs(6_000)).toBe(1_200);
  });

  it('puts an idle time into its phase', () => {
    expect(idlePhase(0, 15 * MIN)).toBe('active');
    expect(idlePhase(14 * MIN - 1, 15 * MIN)).toBe('active');
    expect(idlePhase(14 * MIN, 15 * MIN)).toBe('warning');
    expect(idlePhase(15 * MIN, 15 * MIN)).toBe('expired');
  });
});

describe('createIdleTimer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const events: string[] = [];
    const timer = createIdleTimer({
      timeoutMs: 15 * MIN,
      onWarn: (left) => events.push(`warn ${left}`),
      onActive: () => events.push('active'),
      onExpire: () => events.push('expire'),
    });
    return { events, timer };
  };

  it('warns at 14 minutes and expires once at 15', () => {
    const { events } = setup();
    vi.advanceTimersByTime(14 * MIN - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([`warn ${MIN}`]);
    vi.advanceTimersByTime(MIN);
    expect(events).toEqual([`warn ${MIN}`, 'expire']);
    vi.advanceTimersByTime(60 * MIN);
    expect(events).toHaveLength(2);
  });

  it('starts again on activity, also during the warning', () => {
    const { events, timer } = setup();
    vi.advanceTimersByTime(10 * MIN);
    timer.activity();
    vi.advanceTimersByTime(10 * MIN);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(4 * MIN + 30_000);
    expect(events).toEqual([`warn ${MIN}`]);
    timer.activity();
    expect(events).toEqual([`warn ${MIN}`, 'active']);
    expect(timer.remainingMs()).toBe(15 * MIN);
    vi.advanceTimersByTime(15 * MIN);
    expect(events).toEqual([`warn ${MIN}`, 'active', `warn ${MIN}`, 'expire']);
  });

  it('expires at once when the tab wakes after the deadline, and stop() ends it silently', () => {
    const { events, timer } = setup();
    vi.setSystemTime(20 * MIN); // the machine slept: the clock moved, the timer did not fire
    vi.advanceTimersByTime(14 * MIN);
    expect(events).toEqual(['expire']);
    const second = setup();
    second.timer.stop();
    vi.advanceTimersByTime(30 * MIN);
    expect(second.events).toEqual([]);
    timer.activity();
    expect(events).toEqual(['expire']);
  });
});
