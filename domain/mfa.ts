/**
 * MFA is optional in the pool (clients may go without) but mandatory for clinicians (issue 12):
 * the membership carries `mfaEnrolled`, written by the pre-token-generation trigger at every token
 * issuance from the user's own MFA settings in Cognito, and the authorize step refuses every
 * clinician call until it is true. APPSYNC_JS-safe (bundled into the authorize resolver).
 */

/** What the API answers a clinician whose account has no second factor (errorType Unauthorized). */
export const MFA_REQUIRED_MESSAGE = 'Multi-factor authentication is not set up for this account. Please sign in again and set your MFA to continue.';

/** The part of Cognito's AdminGetUser answer that says which factors a user has. */
export interface MfaSettings {
  UserMFASettingList?: string[] | null;
  /** The legacy SMS setting (users enrolled before UserMFASettingList existed). */
  MFAOptions?: { DeliveryMedium?: string | null }[] | null;
}

/** Whether Cognito will ask this user for a second factor at sign-in (an OPTIONAL pool asks exactly those). */
export function hasMfaFactor(settings: MfaSettings | null | undefined): boolean {
  if (!settings) {
    return false;
  }
  const list = settings.UserMFASettingList || [];
  if (list.length > 0) {
    return true;
  }
  const options = settings.MFAOptions || [];
  return options.some((o) => o.DeliveryMedium === 'SMS');
}

/** The authorize step's test: a membership without the mark (absent or false) is refused. */
export function memberHasMfa(membership: { mfaEnrolled?: boolean | null } | null | undefined): boolean {
  return !!membership && membership.mfaEnrolled === true;
}
