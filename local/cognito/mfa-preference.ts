/**
 * MFA preferences. AdminSetUserMFAPreference is missing from cognito-local 5.3.0, and its
 * SetUserMFAPreference drops an existing preference whenever a call does not restate it
 * (Amplify's updateMFAPreference({ sms: 'ENABLED' }) would clear a TOTP preference). Both use one
 * rule here. SMS needs a phone number; TOTP needs a verified token.
 */
import { cl, cognitoError, InvalidParameter, type Ctx, type PortalServices, type WireRequest, type User } from './cognito-local.ts';
import { verifyAccessToken } from './access-token.ts';

interface Setting {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

export function applyMfaPreference(user: User, sms: Setting | undefined, totp: Setting | undefined) {
  const methods = new Set<string>(user.UserMFASettingList ?? []);
  if (sms?.Enabled !== undefined) {
    if (sms.Enabled && !cl.userPoolService.attributeValue('phone_number', user.Attributes)) throw InvalidParameter('User does not have a phone number for SMS MFA');
    if (sms.Enabled) methods.add('SMS_MFA');
    else methods.delete('SMS_MFA');
  }
  if (totp?.Enabled !== undefined) {
    if (totp.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) throw InvalidParameter('User has not verified software token mfa');
    if (totp.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else methods.delete('SOFTWARE_TOKEN_MFA');
  }
  let preferred: string | undefined = user.PreferredMfaSetting;
  if (sms?.PreferredMfa) preferred = 'SMS_MFA';
  else if (totp?.PreferredMfa) preferred = 'SOFTWARE_TOKEN_MFA';
  if (preferred && !methods.has(preferred)) preferred = undefined;
  return { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred };
}

export const AdminSetUserMFAPreference = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw cognitoError('UserNotFoundException', 'User does not exist.');
  await userPool.saveUser(ctx, applyMfaPreference(user, req.SMSMfaSettings, req.SoftwareTokenMfaSettings));
  return {};
};

export const SetUserMFAPreference = (services: PortalServices, issuer: string) => async (ctx: Ctx, req: WireRequest) => {
  const { userPool, user } = await verifyAccessToken(ctx, services, issuer, req.AccessToken);
  await userPool.saveUser(ctx, applyMfaPreference(user, req.SMSMfaSettings, req.SoftwareTokenMfaSettings));
  return {};
};
