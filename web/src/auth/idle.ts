/**
 * Automatic logoff after inactivity (HIPAA addressable safeguard; ARCHITECTURE §3): the timing,
 * free of React and the DOM so it can be tested with fake timers. Activity only moves a timestamp;
 * the one pending timer reads it when it fires, so frequent input costs nothing. Phases are
 * computed from the clock, so a tab that slept past the deadline expires at once on waking.
 */

export type IdlePhase = 'active' | 'warning' | 'expired';

/** The warning comes one minute before, or 20% of the timeout before when that is shorter. */
export function warningLeadMs(timeoutMs: number): number {
  return Math.min(60_000, Math.round(timeoutMs * 0.2));
}

export function idlePhase(idleMs: number, timeoutMs: number): IdlePhase {
  if (idleMs >= timeoutMs) return 'expired';
  if (idleMs >= timeoutMs - warningLeadMs(timeoutMs)) return 'warning';
  return 'active';
}

export interface IdleTimerOptions {
  timeoutMs: number;
  /** Entering the warning phase, with the time left before logoff. */
  onWarn(remainingMs: number): void;
  /** Back to active after a warning (the user did something). */
  onActive(): void;
  /** Once, when the timeout is reached; the timer stops. */
  onExpire(): void;
  now?: () => number;
}

export interface IdleTimer {
  /** Input happened: idle time starts again. Ignored once expired. */
  activity(): void;
  /** Milliseconds left before logoff. */
  remainingMs(): number;
  stop(): void;
}

export function createIdleTimer({ timeoutMs, onWarn, onActive, onExpire, now = Date.now }: IdleTimerOptions): IdleTimer {
  let last = now();
  let phase: IdlePhase = 'active';
  let handle: ReturnType<typeof setTimeout> | undefined;
  const lead = warningLeadMs(timeoutMs);

  const schedule = () => {
    clearTimeout(handle);
    const idle = now() - last;
    const next = phase === 'active' ? timeoutMs - lead - idle : timeoutMs - idle;
    handle = setTimeout(check, Math.max(0, next));
  };

  function check() {
    const current = idlePhase(now() - last, timeoutMs);
    if (current === 'expired') {
      phase = 'expired';
      clearTimeout(handle);
      onExpire();
      return;
    }
    if (current !== phase) {
      phase = current;
      if (current === 'warning') onWarn(timeoutMs - (now() - last));
      else onActive();
    }
    schedule();
  }

  schedule();
  return {
    activity() {
      if (phase === 'expired') return;
      last = now();
      if (phase === 'warning') {
        phase = 'active';
        onActive();
        schedule();
      }
    },
    remainingMs: () => Math.max(0, timeoutMs - (now() - last)),
    stop() {
      clearTimeout(handle);
      phase = 'expired';
    },
  };
}
