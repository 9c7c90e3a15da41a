/**
 * TOTP codes for tests. The local pool refuses a code already accepted for that user (RFC 6238
 * §5.2, local/cognito/totp-once.ts), so a test that signs one user in twice within 30 s must not
 * send the same code twice. `unusedTotpCode` remembers, per secret in this test process, the last
 * time step it handed out and gives the next one: the current step, else the next (the pool allows
 * one step of drift), else it drives the pool's TOTP clock for that secret on to it (advanceTotpClock:
 * the runtime runs in the test's process) instead of waiting up to 30 s for the wall clock.
 */
import * as OTPAuth from 'otpauth';
import { advanceTotpClock, totpClock } from '../../local/cognito/totp-once.ts';

const PERIOD_MS = 30_000;
const handedOut = new Map<string, number>();

export async function unusedTotpCode(totp: OTPAuth.TOTP): Promise<string> {
  const key = totp.secret.base32;
  const now = Math.floor(totpClock(key) / PERIOD_MS);
  const step = Math.max(now, (handedOut.get(key) ?? -1) + 1);
  handedOut.set(key, step);
  // Step `now + 1` is accepted as drift; a later one once the pool's clock has reached the step before it.
  const aheadMs = (step - 1) * PERIOD_MS - totpClock(key);
  if (aheadMs > 0) advanceTotpClock(key, aheadMs + 200);
  return totp.generate({ timestamp: step * PERIOD_MS });
}

/** The same for a base32 secret (an authenticator set up during the test). */
export function totpFor(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}
