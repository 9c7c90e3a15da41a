import { describe, expect, it } from 'vitest';
import { codeErrorMessage, signInErrorMessage } from '../../../web/src/auth/errors';
import { isAllowedUser, sessionUserFromClaims } from '../../../web/src/auth/identity';
import { MESSAGES } from '../../../domain/messages';
import { isOtp, isValidEmail, normalizeEmail, validateNewPassword, validateSignIn } from '../../../web/src/auth/validation';

const named = (name: string, message = 'service said no') => Object.assign(new Error(message), { name });

describe('sign-in validation (spec part 1 §5)', () => {
  it('requires both fields', () => {
    expect(validateSignIn('', 'x')).toBe('Username/Password is required');
    expect(validateSignIn('a@b.co', '')).toBe('Username/Password is required');
    expect(validateSignIn('   ', 'x')).toBe('Username/Password is required');
  });

  it('rejects a malformed e-mail', () => {
    for (const bad of ['plain', 'a@b', 'a b@c.com', '@c.com', 'a@.com', 'a@b.']) {
      expect(validateSignIn(bad, 'Secret123'), bad).toBe('Invalid Email');
    }
  });

  it('accepts a standard e-mail with surrounding spaces and any case', () => {
    expect(validateSignIn('  Dr.Jane+portal@Clinic.example.org ', 'Secret123')).toBeNull();
    expect(isValidEmail('jane@clinic.example')).toBe(true);
    expect(normalizeEmail('  Jane@Clinic.Example ')).toBe('jane@clinic.example');
  });

  it('accepts only 6-digit codes', () => {
    expect(isOtp('123456')).toBe(true);
    expect(isOtp(' 123456 ')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', '']) expect(isOtp(bad), bad).toBe(false);
  });

  it('checks a new password against the policy, then the confirmation', () => {
    expect(validateNewPassword('short1A', 'short1A')).toBe(MESSAGES.passwordRule);
    expect(validateNewPassword('alllower1', 'alllower1')).toBe(MESSAGES.passwordRule);
    expect(validateNewPassword('NoDigitsHere', 'NoDigitsHere')).toBe(MESSAGES.passwordRule);
    expect(validateNewPassword('Secret123', 'Secret124')).toBe('Password does not match with confirm password');
    expect(validateNewPassword('Secret123', 'Secret123')).toBeNull();
  });
});

describe('sign-in error messages (spec part 1 §8)', () => {
  it('hides whether the account exists', () => {
    expect(signInErrorMessage(named('NotAuthorizedException'))).toBe('Wrong mail or password');
    expect(signInErrorMessage(named('UserNotFoundException'))).toBe('Wrong mail or password');
  });

  it('shows other service errors with their own message, or the default banner', () => {
    expect(signInErrorMessage(named('LimitExceededException', 'Attempt limit exceeded'))).toBe('Attempt limit exceeded');
    expect(signInErrorMessage('weird')).toBe('Oops, Something went wrong! Please try again later');
  });

  it('maps a wrong MFA code to Invalid OTP entered and a wrong setup code to the token message', () => {
    expect(codeErrorMessage(named('CodeMismatchException'), 'mfa')).toBe('Invalid OTP entered');
    expect(codeErrorMessage(named('CodeMismatchException'), 'totpSetup')).toBe('Token Entered is Invalid.');
    expect(codeErrorMessage(named('EnableSoftwareTokenMFAException'), 'totpSetup')).toBe('Token Entered is Invalid.');
    expect(codeErrorMessage(named('InternalErrorException'), 'totpSetup')).toBe('Error in setting MFA. Try Again!');
  });
});

describe('session user from ID-token claims', () => {
  it('reads sub, email and groups', () => {
    const user = sessionUserFromClaims({ sub: 'u-1', email: 'jane@clinic.example', 'cognito:groups': ['Therapists', 7] });
    expect(user).toMatchObject({ userId: 'u-1', email: 'jane@clinic.example', groups: ['Therapists'] });
    expect(isAllowedUser(user)).toBe(true);
  });

  it('refuses users outside the portal groups (spec part 1 §4.6)', () => {
    expect(isAllowedUser(sessionUserFromClaims({ sub: 'u', 'cognito:groups': ['Clients'] }))).toBe(false);
    expect(isAllowedUser(sessionUserFromClaims({ sub: 'u' }))).toBe(false);
  });
});
