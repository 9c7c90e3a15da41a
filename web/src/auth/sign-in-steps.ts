import type { SignInOutput } from 'aws-amplify/auth';

/** The screen the sign-in page shows for Amplify's nextStep. Pure: the page renders it. */
export type MfaChoice = 'TOTP' | 'SMS';

export type SignInStep =
  | { kind: 'credentials' }
  | { kind: 'code'; method: 'TOTP' | 'SMS' | 'EMAIL'; destination?: string }
  | { kind: 'totpSetup'; setupUri: string; secret: string }
  | { kind: 'mfaSelection'; options: MfaChoice[] }
  | { kind: 'newPassword' }
  | { kind: 'confirmSignUp' }
  | { kind: 'resetPassword' }
  | { kind: 'done' }
  | { kind: 'unsupported'; signInStep: string };

export const TOTP_ISSUER = 'Practice Portal';

type NextStep = SignInOutput['nextStep'];

function mfaChoices(allowed: readonly string[] | undefined, fallback: MfaChoice[]): MfaChoice[] {
  const choices = (allowed ?? []).filter((t): t is MfaChoice => t === 'TOTP' || t === 'SMS');
  return choices.length > 0 ? choices : fallback;
}

export function stepFromNextStep(nextStep: NextStep, email: string): SignInStep {
  switch (nextStep.signInStep) {
    case 'DONE':
      return { kind: 'done' };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { kind: 'code', method: 'TOTP' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return { kind: 'code', method: 'SMS', destination: nextStep.codeDeliveryDetails?.destination };
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return { kind: 'code', method: 'EMAIL', destination: nextStep.codeDeliveryDetails?.destination };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = nextStep.totpSetupDetails;
      return { kind: 'totpSetup', setupUri: details.getSetupUri(TOTP_ISSUER, email).toString(), secret: details.sharedSecret };
    }
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return { kind: 'mfaSelection', options: mfaChoices(nextStep.allowedMFATypes, ['TOTP', 'SMS']) };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      // Setting up SMS needs a verified phone first; at sign-in only the authenticator app can be enrolled.
      return { kind: 'mfaSelection', options: mfaChoices(nextStep.allowedMFATypes, ['TOTP']).filter((t) => t === 'TOTP') };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { kind: 'newPassword' };
    case 'CONFIRM_SIGN_UP':
      return { kind: 'confirmSignUp' };
    case 'RESET_PASSWORD':
      return { kind: 'resetPassword' };
    default:
      return { kind: 'unsupported', signInStep: nextStep.signInStep };
  }
}
