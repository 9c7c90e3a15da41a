/**
 * TOTP enrollment during sign-in (the MFA_SETUP challenge). cognito-local's
 * AssociateSoftwareToken / VerifySoftwareToken refuse a Session ("MFA_SETUP flow is not
 * supported"). Amplify v6 calls, in order: AssociateSoftwareToken{Session} → secret + new
 * Session; VerifySoftwareToken{Session, UserCode} → new Session; RespondToAuthChallenge
 * MFA_SETUP{Session} → tokens (auth-flow.ts). Each session is single-use (sessions.ts).
 * With an AccessToken (enrolling while signed in) cognito-local's own targets run, after the token
 * is verified (access-token.ts).
 */
import { cl, CodeMismatch, cognitoError, type Ctx, type PortalServices, type WireRequest } from './cognito-local.ts';
import type { SessionStore } from './sessions.ts';
import { verifyAccessToken } from './access-token.ts';
import { acceptTotpOnce } from './totp-once.ts';

interface Deps {
  services: PortalServices;
  sessions: SessionStore;
  issuer: string;
}

async function sessionUser(ctx: Ctx, services: PortalServices, session: { username: string; clientId: string }) {
  const userPool = await services.cognito.getUserPoolForClientId(ctx, session.clientId);
  const user = await userPool.getUserByUsername(ctx, session.username);
  if (!user) throw cognitoError('NotAuthorizedException', 'Invalid session for the user.');
  return { userPool, user };
}

export const AssociateSoftwareToken = ({ services, sessions, issuer }: Deps) => async (ctx: Ctx, req: WireRequest) => {
  if (req.AccessToken) {
    await verifyAccessToken(ctx, services, issuer, req.AccessToken);
    return cl.targets.AssociateSoftwareToken(services)(ctx, req);
  }
  const session = sessions.consume(req.Session, ['MFA_SETUP']);
  const { userPool, user } = await sessionUser(ctx, services, session);
  const secret = cl.totp.generateSecret();
  await userPool.saveUser(ctx, { ...user, SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false } });
  return { SecretCode: secret, Session: sessions.issue({ username: session.username, clientId: session.clientId, step: 'MFA_SETUP' }) };
};

export const VerifySoftwareToken = ({ services, sessions, issuer }: Deps) => async (ctx: Ctx, req: WireRequest) => {
  if (req.AccessToken) {
    // Enrolling while signed in: cognito-local's target, but with the single-use check.
    const { userPool, user } = await verifyAccessToken(ctx, services, issuer, req.AccessToken);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!secret) throw cognitoError('InvalidParameterException', 'User has not associated a software token');
    const spent = await acceptTotpOnce(ctx, userPool, user, secret, req.UserCode);
    if (!spent) throw CodeMismatch();
    const methods = new Set<string>(spent.UserMFASettingList ?? []);
    methods.add('SOFTWARE_TOKEN_MFA');
    await userPool.saveUser(ctx, {
      ...spent,
      SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, FriendlyDeviceName: req.FriendlyDeviceName ?? user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName },
      UserMFASettingList: [...methods],
    });
    return { Status: 'SUCCESS' };
  }
  const session = sessions.peek(req.Session, ['MFA_SETUP']);
  const { userPool, user } = await sessionUser(ctx, services, session);
  const secret = user.SoftwareTokenMfaConfiguration?.Secret;
  if (!secret) throw cognitoError('InvalidParameterException', 'User has not associated a software token');
  const spent = await acceptTotpOnce(ctx, userPool, user, secret, req.UserCode);
  if (!spent) {
    sessions.failedAttempt(req.Session);
    throw CodeMismatch();
  }
  sessions.consume(req.Session, ['MFA_SETUP']);
  const methods = new Set<string>(spent.UserMFASettingList ?? []);
  methods.add('SOFTWARE_TOKEN_MFA');
  await userPool.saveUser(ctx, {
    ...spent,
    SoftwareTokenMfaConfiguration: { Secret: secret, Verified: true, FriendlyDeviceName: req.FriendlyDeviceName },
    UserMFASettingList: [...methods],
    PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
  });
  return { Status: 'SUCCESS', Session: sessions.issue({ username: session.username, clientId: session.clientId, step: 'MFA_SETUP_VERIFIED' }) };
};
