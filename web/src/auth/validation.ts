import { MESSAGES } from '../../../domain/messages';
import { isEmail, passwordError } from '../../../domain/signup';

export const OTP_LENGTH = 6;

/** Cognito usernames are e-mails, compared case-insensitively: trim and lowercase before sending. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The same e-mail rule as sign-up (domain/signup.ts). */
export const isValidEmail = isEmail;

/** The sign-in form's message, or null when the credentials may be submitted (spec part 1 §5). */
export function validateSignIn(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return MESSAGES.credentialsRequired;
  if (!isValidEmail(email)) return MESSAGES.invalidEmail;
  return null;
}

export function isOtp(code: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim());
}

/** The set-new-password step: the password policy and the confirmation, as in sign-up. */
export function validateNewPassword(password: string, confirm: string): string | null {
  return passwordError(password, confirm);
}
