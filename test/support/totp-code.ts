/**
 * TOTP codes for tests. The local pool refuses a code already accepted for that user (RFC 6238
 * §5.2, local/cognito/totp-once.ts), so a test that signs one user in twice within 30 s must not
 * send the same code twice. `unusedTotpCode` remembers, per secret in this test process, the last
 * time step it handed out and gives the next one: the current step, else the next (the pool allows
 * one step of drift), else it waits for the clock to reach it.
 */
import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;
const handedOut = new Map<string, number>();

export async function unusedTotpCode(totp: OTPAuth.TOTP): Promise<string> {
  const key = totp.secret.base32;
  const now = Math.floor(Date.now() / PERIOD_MS);
  const step = Math.max(now, (handedOut.get(key) ?? -1) + 1);
  handedOut.set(key, step);
  // Step `now + 1` is accepted as drift; later ones only once the clock has moved on.
  const waitMs = (step - 1) * PERIOD_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  return totp.generate({ timestamp: step * PERIOD_MS });
}

/** The same for a base32 secret (an authenticator set up during the test). */
export function totpFor(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}
