/** Messages shown to people during sign-in, in the spec's exact wording (part 1 §5, §8). */
export const AUTH_MESSAGES = {
  required: 'Username/Password is required',
  invalidEmail: 'Invalid Email',
  wrongCredentials: 'Wrong mail or password',
  invalidOtp: 'Invalid OTP entered',
  invalidToken: 'Token Entered is Invalid.',
  mfaSetupError: 'Error in setting MFA. Try Again!',
  notConfirmed: 'Your account has not been confirmed. We will get back with you soon',
  passwordPolicy:
    'Password must contain eight characters, at least one uppercase letter, one lowercase letter and one number',
  passwordMismatch: 'Password does not match with confirm password',
  defaultError: 'Oops, Something went wrong! Please try again later',
  passwordUpdated: 'Password updated successfully. Please set your MFA and continue ahead.',
} as const;
