import { describe, expect, it } from 'vitest';
import { SessionStore, SESSION_TTL_MS } from '../../../local/cognito/sessions.ts';
import { passwordProblems } from '../../../local/cognito/password-policy.ts';
import { newRefreshToken, originJtiOfRefreshToken } from '../../../local/cognito/claims.ts';
import { maskDestination } from '../../../local/cognito/outbox-delivery.ts';

const invalid = { code: 'NotAuthorizedException', message: 'Invalid session for the user.' };

describe('challenge sessions', () => {
  it('are random, bound to their step and client, and single-use', () => {
    const store = new SessionStore();
    const a = store.issue({ username: 'u', clientId: 'c', step: 'SOFTWARE_TOKEN_MFA' });
    const b = store.issue({ username: 'u', clientId: 'c', step: 'SOFTWARE_TOKEN_MFA' });
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(64);
    expect(() => store.peek(a, ['SMS_MFA'])).toThrow(expect.objectContaining(invalid));
    expect(() => store.peek(a, ['SOFTWARE_TOKEN_MFA'], 'other-client')).toThrow(expect.objectContaining(invalid));
    expect(store.consume(a, ['SOFTWARE_TOKEN_MFA']).username).toBe('u');
    expect(() => store.consume(a, ['SOFTWARE_TOKEN_MFA'])).toThrow(expect.objectContaining(invalid));
    expect(() => store.peek('unknown', ['SOFTWARE_TOKEN_MFA'])).toThrow(expect.objectContaining(invalid));
  });

  it('expire after 3 minutes', () => {
    let now = 1_000_000;
    const store = new SessionStore(() => now);
    const id = store.issue({ username: 'u', clientId: 'c', step: 'MFA_SETUP' });
    now += SESSION_TTL_MS - 1;
    expect(store.peek(id, ['MFA_SETUP']).username).toBe('u');
    now += 1;
    expect(SESSION_TTL_MS).toBe(180_000);
    expect(() => store.peek(id, ['MFA_SETUP'])).toThrow(expect.objectContaining(invalid));
  });

  it('die after three wrong answers', () => {
    const store = new SessionStore();
    const id = store.issue({ username: 'u', clientId: 'c', step: 'SMS_MFA', smsCode: '123456' });
    store.failedAttempt(id);
    store.failedAttempt(id);
    expect(store.peek(id, ['SMS_MFA']).smsCode).toBe('123456');
    store.failedAttempt(id);
    expect(() => store.peek(id, ['SMS_MFA'])).toThrow(expect.objectContaining(invalid));
  });
});

describe('local pool helpers', () => {
  it('checks the password policy (8+, upper, lower, digit)', () => {
    expect(passwordProblems('Clinician9')).toEqual([]);
    expect(passwordProblems('Short9a')).toContain('Password not long enough');
    expect(passwordProblems('clinician9')).toContain('Password must have uppercase characters');
    expect(passwordProblems('CLINICIAN9')).toContain('Password must have lowercase characters');
    expect(passwordProblems('Clinicians')).toContain('Password must have numeric characters');
  });

  it('ties refresh tokens to their sign-in and masks destinations', () => {
    const jti = '0b6b1f3e-2d7c-4e0a-9d55-0c1d2e3f4a5b';
    expect(originJtiOfRefreshToken(newRefreshToken(jti))).toBe(jti);
    expect(originJtiOfRefreshToken('eyJhbGciOi.x.y')).toBeNull();
    expect(maskDestination('SMS', '+15555550123')).toBe('+*******0123');
    expect(maskDestination('EMAIL', 'jane@example.com')).toBe('j***@e***');
  });
});
