/**
 * Refresh and revocation. cognito-local 5.3.0 has no GetTokensFromRefreshToken (Amplify v6's
 * refresh call) and no GlobalSignOut, and its refresh tokens are never checked for revocation.
 * A refresh token is valid while it is in the user's RefreshTokens list; revoking it (RevokeToken:
 * Amplify's local sign-out; GlobalSignOut: every sign-in of the user) removes it, and with it the
 * access tokens of that sign-in (access-token.ts).
 */
import { cl, cognitoError, InvalidParameter, type Ctx, type PortalServices, type UserPool, type AppClient, type WireRequest, type User } from './cognito-local.ts';
import { originJtiOfRefreshToken } from './claims.ts';
import { verifyAccessToken } from './access-token.ts';

const invalidRefresh = () => cognitoError('NotAuthorizedException', 'Invalid Refresh Token');

/** New ID and access tokens for a live refresh token (same sign-in: same origin_jti). */
export async function refreshTokens(ctx: Ctx, services: PortalServices, client: AppClient, userPool: UserPool, refreshToken: unknown, clientMetadata: Record<string, string> | undefined) {
  if (typeof refreshToken !== 'string' || !refreshToken) throw InvalidParameter('Missing required parameter REFRESH_TOKEN');
  const originJti = originJtiOfRefreshToken(refreshToken);
  const user = originJti ? await userPool.getUserByRefreshToken(ctx, refreshToken) : null;
  if (!user || !originJti) throw invalidRefresh();
  if (user.Enabled === false) throw cognitoError('NotAuthorizedException', 'User is disabled.');
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(ctx, user, [...groups], client, clientMetadata, 'RefreshTokens', originJti);
  return { AccessToken: tokens.AccessToken, IdToken: tokens.IdToken, ExpiresIn: tokens.ExpiresIn, TokenType: tokens.TokenType };
}

async function clientAndPool(ctx: Ctx, services: PortalServices, clientId: unknown) {
  const client = typeof clientId === 'string' ? await services.cognito.getAppClient(ctx, clientId) : null;
  if (!client) throw cognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  return { client, userPool: await services.cognito.getUserPoolForClientId(ctx, clientId as string) };
}

/** Amplify v6's refresh call. */
export const GetTokensFromRefreshToken = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  const { client, userPool } = await clientAndPool(ctx, services, req.ClientId);
  return { AuthenticationResult: await refreshTokens(ctx, services, client, userPool, req.RefreshToken, req.ClientMetadata) };
};

async function dropRefreshTokens(ctx: Ctx, userPool: UserPool, user: User, keep: (token: string) => boolean) {
  const fresh = (await userPool.getUserByUsername(ctx, user.Username)) ?? user;
  await userPool.saveUser(ctx, { ...fresh, RefreshTokens: (fresh.RefreshTokens ?? []).filter(keep) });
}

/**
 * Tells the runtime (services.onGlobalSignOut) which sign-ins a global sign-out ends, before they
 * are revoked, so the API refuses their tokens too (issue 11 §2; local/sign-out-record.ts).
 */
async function reportGlobalSignOut(ctx: Ctx, services: PortalServices, userPool: UserPool, user: User) {
  if (typeof services.onGlobalSignOut !== 'function') return;
  const fresh = (await userPool.getUserByUsername(ctx, user.Username)) ?? user;
  const originJtis = (fresh.RefreshTokens ?? []).map(originJtiOfRefreshToken).filter((jti): jti is string => !!jti);
  await services.onGlobalSignOut({ sub: cl.userPoolService.attributeValue('sub', fresh.Attributes) as string, at: Math.floor(Date.now() / 1000), originJtis });
}

/** Signs the caller out everywhere: all refresh tokens (and so all access tokens) revoked. */
export const GlobalSignOut = (services: PortalServices, issuer: string) => async (ctx: Ctx, req: WireRequest) => {
  const { userPool, user } = await verifyAccessToken(ctx, services, issuer, req.AccessToken);
  await reportGlobalSignOut(ctx, services, userPool, user);
  await dropRefreshTokens(ctx, userPool, user, () => false);
  return {};
};

export const AdminUserGlobalSignOut = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw cognitoError('UserNotFoundException', 'User does not exist.');
  await reportGlobalSignOut(ctx, services, userPool, user);
  await dropRefreshTokens(ctx, userPool, user, () => false);
  return {};
};

/** Revokes one refresh token and the access tokens of its sign-in (Amplify's non-global sign-out). */
export const RevokeToken = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  const { userPool } = await clientAndPool(ctx, services, req.ClientId);
  const user = typeof req.Token === 'string' ? await userPool.getUserByRefreshToken(ctx, req.Token) : null;
  // Cognito answers success for an unknown or already revoked token.
  if (user) await dropRefreshTokens(ctx, userPool, user, (t) => t !== req.Token);
  return {};
};
