import { MESSAGES } from '../../../domain/messages';

/** The name of an Amplify/Cognito error (AuthError.name carries the Cognito exception name). */
export function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return '';
}

function serviceMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return MESSAGES.defaultError;
}

/** Message for a failed signIn(): the spec's wording for bad credentials, else the service's own. */
export function signInErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return MESSAGES.wrongCredentials;
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return MESSAGES.credentialsRequired;
    case 'UserAlreadyAuthenticatedException':
      return MESSAGES.defaultError;
    default:
      return serviceMessage(error);
  }
}

/** Message for a failed confirmSignIn() with a code (MFA code or TOTP setup verification). */
export function codeErrorMessage(error: unknown, step: 'mfa' | 'totpSetup'): string {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return step === 'mfa' ? MESSAGES.invalidOtp : MESSAGES.invalidToken;
    case 'ExpiredCodeException':
      return MESSAGES.invalidOtp;
    case 'NotAuthorizedException':
      // The challenge session expired (3 minutes): the user must start again.
      return serviceMessage(error);
    default:
      return step === 'totpSetup' ? MESSAGES.mfaSetupError : serviceMessage(error);
  }
}
