import { PASSWORD_POLICY } from '../../../domain/identity';
import { AUTH_MESSAGES } from './messages';

// A standard e-mail shape: local part, @, a domain with at least one dot, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const OTP_LENGTH = 6;

/** Cognito usernames are e-mails, compared case-insensitively: trim and lowercase before sending. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The sign-in form's message, or null when the credentials may be submitted. */
export function validateSignIn(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return AUTH_MESSAGES.required;
  if (!isValidEmail(email)) return AUTH_MESSAGES.invalidEmail;
  return null;
}

export function isOtp(code: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim());
}

/** The set-new-password step: policy from domain/identity, messages from the spec. */
export function validateNewPassword(password: string, confirm: string): string | null {
  const okay =
    password.length >= PASSWORD_POLICY.minLength && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
  if (!okay) return AUTH_MESSAGES.passwordPolicy;
  if (password !== confirm) return AUTH_MESSAGES.passwordMismatch;
  return null;
}
