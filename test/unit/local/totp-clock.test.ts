/**
 * The local pool's TOTP clock (local/cognito/totp-once.ts): tests drive it on per authenticator
 * instead of waiting for the wall clock (test/support/totp-code.ts); nothing else moves.
 */
import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { advanceTotpClock, matchingStep, totpClock } from '../../../local/cognito/totp-once.ts';

const secretA = new OTPAuth.Secret({ size: 20 }).base32;
const secretB = new OTPAuth.Secret({ size: 20 }).base32;
const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

describe('the local pool’s TOTP clock', () => {
  it('refuses a code two steps ahead until the clock is driven on, for that authenticator only', () => {
    const later = Date.now() + 60_000;
    const codeA = totp(secretA).generate({ timestamp: later });
    const codeB = totp(secretB).generate({ timestamp: later });
    expect(matchingStep(secretA, codeA)).toBeNull();
    advanceTotpClock(secretA.toLowerCase(), 60_000);
    expect(totpClock(secretA) - Date.now()).toBeGreaterThanOrEqual(59_000);
    expect(matchingStep(secretA, codeA)).toBe(Math.floor(later / 30_000));
    expect(matchingStep(secretB, codeB)).toBeNull();
    expect(Math.abs(totpClock(secretB) - Date.now())).toBeLessThan(1_000);
  });
});
