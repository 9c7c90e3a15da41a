/**
 * InitiateAuth (USER_PASSWORD_AUTH, REFRESH_TOKEN_AUTH) and RespondToAuthChallenge, replacing
 * cognito-local's versions, which: never return MFA_SETUP when the pool requires MFA (a new user
 * gets "User not authorized" and can never enroll); accept any Session; do not store refresh
 * tokens issued after a challenge; need the legacy MFAOptions for SMS; and answer a wrong
 * password with InvalidPasswordException instead of Cognito's NotAuthorizedException.
 */
import { cl, cognitoError, CodeMismatch, InvalidParameter, NotAuthorized, type Ctx, type PortalServices, type UserPool, type AppClient, type WireRequest, type User } from './cognito-local.ts';
import type { SessionStore, SessionStep } from './sessions.ts';
import type { TokenSource } from './claims.ts';
import { maskDestination } from './outbox-delivery.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { refreshTokens } from './refresh.ts';
import { acceptTotpOnce } from './totp-once.ts';

const attr = (user: User, name: string): string | undefined => cl.userPoolService.attributeValue(name, user.Attributes);

export interface FlowDeps {
  services: PortalServices;
  sessions: SessionStore;
}

type MfaMethod = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

export function enabledMfaMethods(user: User): MfaMethod[] {
  const list = new Set<string>(user.UserMFASettingList ?? []);
  if (!list.size && (user.MFAOptions ?? []).some((o) => o.DeliveryMedium === 'SMS')) list.add('SMS_MFA');
  const methods: MfaMethod[] = [];
  if (list.has('SMS_MFA') && attr(user, 'phone_number')) methods.push('SMS_MFA');
  if (list.has('SOFTWARE_TOKEN_MFA') && user.SoftwareTokenMfaConfiguration?.Verified) methods.push('SOFTWARE_TOKEN_MFA');
  return methods;
}

/** Tokens for a user who passed every step; the refresh token is stored so refresh and revocation work. */
export async function issueTokens(ctx: Ctx, { services }: FlowDeps, userPool: UserPool, user: User, client: AppClient, clientMetadata: Record<string, string> | undefined, source: TokenSource) {
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, clientMetadata, source);
  const fresh = (await userPool.getUserByUsername(ctx, user.Username)) ?? user;
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, fresh);
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

async function challenge(deps: FlowDeps, name: SessionStep, user: User, clientId: string, parameters: Record<string, string>, extra: { smsCode?: string } = {}) {
  const Session = deps.sessions.issue({ username: user.Username, clientId, step: name, ...extra });
  return { ChallengeName: name, Session, ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...parameters } };
}

async function smsChallenge(ctx: Ctx, deps: FlowDeps, userPool: UserPool, user: User, clientId: string, clientMetadata: Record<string, string> | undefined) {
  const phone = attr(user, 'phone_number');
  if (!phone) throw InvalidParameter('User has no phone number for SMS MFA');
  const code: string = deps.services.otp();
  await deps.services.messages.deliver(ctx, 'Authentication', clientId, userPool.options.Id, user, code, clientMetadata, {
    DeliveryMedium: 'SMS',
    AttributeName: 'phone_number',
    Destination: phone,
  });
  return challenge(deps, 'SMS_MFA', user, clientId, { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: maskDestination('SMS', phone) }, { smsCode: code });
}

async function methodChallenge(ctx: Ctx, deps: FlowDeps, userPool: UserPool, user: User, clientId: string, clientMetadata: Record<string, string> | undefined, method: MfaMethod) {
  if (method === 'SMS_MFA') return smsChallenge(ctx, deps, userPool, user, clientId, clientMetadata);
  const name = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
  return challenge(deps, 'SOFTWARE_TOKEN_MFA', user, clientId, name ? { FRIENDLY_DEVICE_NAME: name } : {});
}

/** After the password: the MFA step the pool and user call for, or tokens. */
async function afterPassword(ctx: Ctx, deps: FlowDeps, userPool: UserPool, user: User, client: AppClient, clientMetadata: Record<string, string> | undefined, source: TokenSource) {
  const mfa = userPool.options.MfaConfiguration ?? 'OFF';
  const methods = enabledMfaMethods(user);
  if (mfa === 'OFF' || (mfa === 'OPTIONAL' && !methods.length)) return issueTokens(ctx, deps, userPool, user, client, clientMetadata, source);
  if (!methods.length) {
    // MFA required, nothing enrolled. A verified phone is enough for SMS (as in Cognito);
    // otherwise the user must enroll now.
    if (attr(user, 'phone_number') && attr(user, 'phone_number_verified') === 'true') return smsChallenge(ctx, deps, userPool, user, client.ClientId, clientMetadata);
    return challenge(deps, 'MFA_SETUP', user, client.ClientId, { MFAS_CAN_SETUP: JSON.stringify(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']) });
  }
  const preferred = methods.includes(user.PreferredMfaSetting as MfaMethod) ? (user.PreferredMfaSetting as MfaMethod) : methods.length === 1 ? methods[0] : null;
  if (preferred) return methodChallenge(ctx, deps, userPool, user, client.ClientId, clientMetadata, preferred);
  return challenge(deps, 'SELECT_MFA_TYPE', user, client.ClientId, { MFAS_CAN_CHOOSE: JSON.stringify(methods) });
}

async function poolAndClient(ctx: Ctx, services: PortalServices, clientId: unknown) {
  const client = typeof clientId === 'string' ? await services.cognito.getAppClient(ctx, clientId) : null;
  if (!client) throw cognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId as string);
  return { client, userPool };
}

export const InitiateAuth = (deps: FlowDeps) => async (ctx: Ctx, req: WireRequest) => {
  const { client, userPool } = await poolAndClient(ctx, deps.services, req.ClientId);
  const flows: string[] = client.ExplicitAuthFlows ?? [];
  if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
    const result = await refreshTokens(ctx, deps.services, client, userPool, req.AuthParameters?.REFRESH_TOKEN, req.ClientMetadata);
    return { ChallengeParameters: {}, AuthenticationResult: result };
  }
  if (req.AuthFlow !== 'USER_PASSWORD_AUTH') throw InvalidParameter(`${req.AuthFlow} flow not supported by the local user pool; use USER_PASSWORD_AUTH`);
  if (!flows.includes('ALLOW_USER_PASSWORD_AUTH')) throw InvalidParameter('USER_PASSWORD_AUTH flow not enabled for this client');
  const { USERNAME, PASSWORD } = req.AuthParameters ?? {};
  if (!USERNAME) throw InvalidParameter('Missing required parameter USERNAME');
  const user = await userPool.getUserByUsername(ctx, USERNAME);
  if (!user || typeof PASSWORD !== 'string' || user.Password !== PASSWORD) throw NotAuthorized();
  if (user.Enabled === false) throw NotAuthorized('User is disabled.');
  if (user.UserStatus === 'RESET_REQUIRED') throw cognitoError('PasswordResetRequiredException', 'Password reset required for the user');
  if (user.UserStatus === 'UNCONFIRMED') throw cognitoError('UserNotConfirmedException', 'User is not confirmed.');
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    return challenge(deps, 'NEW_PASSWORD_REQUIRED', user, client.ClientId, {
      requiredAttributes: '[]',
      userAttributes: JSON.stringify(Object.fromEntries(Object.entries(cl.userPoolService.attributesToRecord(user.Attributes)).filter(([k]) => k !== 'sub'))),
    });
  }
  return afterPassword(ctx, deps, userPool, user, client, req.ClientMetadata, 'Authentication');
};

const STEP_FOR: Record<string, SessionStep[]> = {
  SMS_MFA: ['SMS_MFA'],
  SOFTWARE_TOKEN_MFA: ['SOFTWARE_TOKEN_MFA'],
  SELECT_MFA_TYPE: ['SELECT_MFA_TYPE'],
  MFA_SETUP: ['MFA_SETUP_VERIFIED'],
  NEW_PASSWORD_REQUIRED: ['NEW_PASSWORD_REQUIRED'],
};

export const RespondToAuthChallenge = (deps: FlowDeps) => async (ctx: Ctx, req: WireRequest) => {
  const { client, userPool } = await poolAndClient(ctx, deps.services, req.ClientId);
  const steps = STEP_FOR[req.ChallengeName];
  if (!steps) throw InvalidParameter(`Unsupported challenge ${req.ChallengeName}`);
  const responses = req.ChallengeResponses ?? {};
  const session = deps.sessions.peek(req.Session, steps, client.ClientId);
  const user = await userPool.getUserByUsername(ctx, session.username);
  const named = responses.USERNAME ? await userPool.getUserByUsername(ctx, responses.USERNAME) : null;
  if (!user || !named || named.Username !== user.Username) throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');
  const meta = req.ClientMetadata;

  switch (req.ChallengeName) {
    case 'SMS_MFA': {
      if (!responses.SMS_MFA_CODE || responses.SMS_MFA_CODE !== session.smsCode) {
        deps.sessions.failedAttempt(req.Session);
        throw CodeMismatch();
      }
      deps.sessions.consume(req.Session, steps);
      return issueTokens(ctx, deps, userPool, user, client, meta, 'Authentication');
    }
    case 'SOFTWARE_TOKEN_MFA': {
      const secret = user.SoftwareTokenMfaConfiguration?.Verified ? user.SoftwareTokenMfaConfiguration.Secret : null;
      // A code already accepted for this user is refused like a wrong one (totp-once.ts).
      const spent = secret ? await acceptTotpOnce(ctx, userPool, user, secret, responses.SOFTWARE_TOKEN_MFA_CODE) : null;
      if (!spent) {
        deps.sessions.failedAttempt(req.Session);
        throw CodeMismatch();
      }
      deps.sessions.consume(req.Session, steps);
      return issueTokens(ctx, deps, userPool, spent, client, meta, 'Authentication');
    }
    case 'SELECT_MFA_TYPE': {
      const answer = responses.ANSWER as MfaMethod;
      if (!enabledMfaMethods(user).includes(answer)) throw InvalidParameter('Invalid MFA type');
      deps.sessions.consume(req.Session, steps);
      return methodChallenge(ctx, deps, userPool, user, client.ClientId, meta, answer);
    }
    case 'MFA_SETUP': {
      deps.sessions.consume(req.Session, steps);
      return issueTokens(ctx, deps, userPool, user, client, meta, 'Authentication');
    }
    case 'NEW_PASSWORD_REQUIRED': {
      assertPasswordPolicy(responses.NEW_PASSWORD);
      deps.sessions.consume(req.Session, steps);
      const updated = { ...user, Password: responses.NEW_PASSWORD, UserStatus: 'CONFIRMED', UserLastModifiedDate: deps.services.clock.get() };
      await userPool.saveUser(ctx, updated);
      return afterPassword(ctx, deps, userPool, updated, client, meta, 'NewPasswordChallenge');
    }
  }
  throw InvalidParameter(`Unsupported challenge ${req.ChallengeName}`);
};
