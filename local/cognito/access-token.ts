/**
 * Access-token checks (against the pool's own key, services.signingKey). cognito-local only *decodes* the AccessToken of user-facing calls (GetUser,
 * UpdateUserAttributes, SetUserMFAPreference, ...), so a forged or revoked token works. Here the
 * token must be signed by the pool key, unexpired, issued by this pool for `token_use: access`,
 * and its sign-in (origin_jti) must still hold a refresh token: GlobalSignOut and RevokeToken
 * therefore also end the access tokens of those sign-ins, as in Cognito.
 */
import { jwtVerify, type JWTPayload } from 'jose';
import { cl, cognitoError, type Ctx, type PortalServices, type UserPool, type WireRequest, type User, type Target } from './cognito-local.ts';
import { originJtiOfRefreshToken } from './claims.ts';

/** Targets that act on the caller identified by `AccessToken`. */
export const ACCESS_TOKEN_TARGETS = [
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'SetUserMFAPreference',
  'ChangePassword',
  'DeleteUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'GlobalSignOut',
];

export function hasLiveSession(user: User, originJti: string): boolean {
  return (user.RefreshTokens ?? []).some((t: string) => originJtiOfRefreshToken(t) === originJti);
}

export interface VerifiedCaller {
  userPool: UserPool;
  user: User;
  claims: JWTPayload;
}

export async function verifyAccessToken(ctx: Ctx, services: PortalServices, issuer: string, token: unknown): Promise<VerifiedCaller> {
  if (typeof token !== 'string' || !token) throw cognitoError('NotAuthorizedException', 'Invalid Access Token');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, services.signingKey.publicKey, { issuer, algorithms: ['RS256'] }));
  } catch (err) {
    const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw cognitoError('NotAuthorizedException', expired ? 'Access Token has expired' : 'Invalid Access Token');
  }
  if (claims.token_use !== 'access' || typeof claims.client_id !== 'string') throw cognitoError('NotAuthorizedException', 'Invalid Access Token');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, String(claims.username));
  if (!user || cl.userPoolService.attributeValue('sub', user.Attributes) !== claims.sub) throw cognitoError('NotAuthorizedException', 'Invalid Access Token');
  if (!hasLiveSession(user, claims.origin_jti as string)) throw cognitoError('NotAuthorizedException', 'Access Token has been revoked');
  if (user.Enabled === false) throw cognitoError('NotAuthorizedException', 'User is disabled.');
  return { userPool, user, claims };
}

/** Wraps a cognito-local target so its AccessToken is verified before it runs. */
export function requireAccessToken(issuer: string, services: PortalServices, target: Target): Target {
  return async (ctx: Ctx, req: WireRequest) => {
    if (req?.AccessToken !== undefined || !req?.Session) await verifyAccessToken(ctx, services, issuer, req?.AccessToken);
    return target(ctx, req);
  };
}
