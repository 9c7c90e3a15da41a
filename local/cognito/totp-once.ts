/**
 * TOTP codes are single-use (RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of
 * the OTP after the successful validation has been issued for the first OTP"). A code is checked
 * with one time step of drift either way (as cognito-local's 30 s tolerance); the step it matched
 * must be later than the last step accepted for that user and authenticator, which is remembered
 * on the user record (TotpLastUse: a hash naming the secret, and the step; so a restart does not
 * forget it) and in memory, set before any await so two
 * concurrent answers with one code cannot both pass. Used by the SOFTWARE_TOKEN_MFA challenge and
 * by VerifySoftwareToken (session and access-token forms).
 */
import { createHash } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Ctx, User, UserPool } from './cognito-local.ts';

const PERIOD = 30;
const lastStep = new Map<string, number>();

/**
 * How far this pool's TOTP clock runs ahead of the wall clock, per authenticator secret. Zero
 * unless a test drives it: test/support/totp-code.ts moves it on to the next time step instead of
 * waiting up to 30 s for the wall clock when it needs a third code for one user within a step
 * (the runtime runs in the test's process). `npm start` never moves it. On globalThis, so a second
 * copy of this module in one process reads the same clock.
 */
const ahead: Map<string, number> = ((globalThis as { __portalTotpClockAhead?: Map<string, number> }).__portalTotpClockAhead ??= new Map());

/** The secret in one spelling (base32 as otpauth writes it), or null if it is not base32. */
function secretKey(secret: string): string | null {
  try {
    return OTPAuth.Secret.fromBase32(secret).base32;
  } catch {
    return null;
  }
}

/** The pool's TOTP clock for `secret` (ms since the epoch): the wall clock, plus what a test moved it on. */
export function totpClock(secret: string): number {
  const key = secretKey(secret);
  return Date.now() + ((key && ahead.get(key)) || 0);
}

/** Tests only: moves the pool's TOTP clock for `secret` `ms` ahead, as waiting that long would. */
export function advanceTotpClock(secret: string, ms: number): void {
  const key = secretKey(secret);
  if (key && ms > 0) ahead.set(key, (ahead.get(key) ?? 0) + ms);
}

/** The time step `code` matches for `secret` now (±1 step), or null. */
export function matchingStep(secret: string, code: unknown, now = totpClock(secret)): number | null {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return null;
  let totp: OTPAuth.TOTP;
  try {
    totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' });
  } catch {
    return null;
  }
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * When `code` is a valid TOTP for `secret` that has not been accepted for this user before: the
 * code is spent (TotpLastUse saved) and the saved user is returned — callers that save the user
 * again must start from it. Otherwise null.
 */
/** A stored user with the last TOTP step it spent (our field; cognito-local keeps what it is given). */
export type TotpUser = User & { TotpLastUse?: { secret: string; step: number } };

export async function acceptTotpOnce(ctx: Ctx, userPool: UserPool, user: TotpUser, secret: string, code: unknown): Promise<TotpUser | null> {
  const step = matchingStep(secret, code);
  if (step === null) return null;
  // A new authenticator (another secret) starts afresh; the hash only names the secret.
  const secretId = createHash('sha256').update(secret).digest('hex').slice(0, 16);
  const key = `${userPool.options?.Id ?? ''}/${user.Username}/${secretId}`;
  const saved = user.TotpLastUse?.secret === secretId ? Number(user.TotpLastUse.step) : -1;
  const last = Math.max(lastStep.get(key) ?? -1, saved);
  if (step <= last) return null;
  lastStep.set(key, step);
  const fresh: TotpUser = { ...((await userPool.getUserByUsername(ctx, user.Username)) ?? user), TotpLastUse: { secret: secretId, step } };
  await userPool.saveUser(ctx, fresh);
  return fresh;
}
