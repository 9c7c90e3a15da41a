/**
 * The x-amz-target router handed to cognito-local's createServer: our targets where 5.3.0 is
 * missing or wrong, cognito-local's own for the rest. Around every target: the password policy on
 * targets that set a password, and access-token verification on targets that act for a caller.
 */
import { cl, type PortalServices, type Target } from './cognito-local.ts';
import type { SessionStore } from './sessions.ts';
import { ACCESS_TOKEN_TARGETS, requireAccessToken } from './access-token.ts';
import { InitiateAuth, RespondToAuthChallenge } from './auth-flow.ts';
import { AssociateSoftwareToken, VerifySoftwareToken } from './mfa-setup.ts';
import { AdminUserGlobalSignOut, GetTokensFromRefreshToken, GlobalSignOut, RevokeToken } from './refresh.ts';
import { AdminSetUserMFAPreference, SetUserMFAPreference } from './mfa-preference.ts';
import { ResendConfirmationCode } from './resend-code.ts';
import { ConfirmSignUp } from './confirm-sign-up.ts';
import { GetUserAttributeVerificationCode, SignUp, UpdateUserAttributes } from './attributes.ts';
import { assertPasswordPolicy, PASSWORD_FIELDS } from './password-policy.ts';


export function createRouter(services: PortalServices, sessions: SessionStore, issuer: string): (name: string) => Target {
  const deps = { services, sessions, issuer };
  const overrides: Record<string, () => Target> = {
    InitiateAuth: () => InitiateAuth(deps),
    RespondToAuthChallenge: () => RespondToAuthChallenge(deps),
    AssociateSoftwareToken: () => AssociateSoftwareToken(deps),
    VerifySoftwareToken: () => VerifySoftwareToken(deps),
    GetTokensFromRefreshToken: () => GetTokensFromRefreshToken(services),
    GlobalSignOut: () => GlobalSignOut(services, issuer),
    AdminUserGlobalSignOut: () => AdminUserGlobalSignOut(services),
    RevokeToken: () => RevokeToken(services),
    SetUserMFAPreference: () => SetUserMFAPreference(services, issuer),
    AdminSetUserMFAPreference: () => AdminSetUserMFAPreference(services),
    ResendConfirmationCode: () => ResendConfirmationCode(services),
    ConfirmSignUp: () => ConfirmSignUp(services),
    SignUp: () => SignUp(services),
    UpdateUserAttributes: () => UpdateUserAttributes(services),
    GetUserAttributeVerificationCode: () => GetUserAttributeVerificationCode(services),
  };
  const fallback = cl.Router(services);

  return (name: string): Target => {
    let target: Target = overrides[name] ? overrides[name]() : fallback(name);
    if (ACCESS_TOKEN_TARGETS.includes(name)) target = requireAccessToken(issuer, services, target);
    const passwordField = PASSWORD_FIELDS[name];
    return async (ctx, req) => {
      if (passwordField) assertPasswordPolicy(req?.[passwordField]);
      return target(ctx, req ?? {});
    };
  };
}
