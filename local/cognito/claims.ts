/**
 * Token generator replacing cognito-local's JwtTokenGenerator. Its ID token lacks the standard
 * claims (name, given_name, family_name, phone_number...) and its refresh tokens are not tied to
 * anything revocable. Here:
 *  - iss is the public issuer the browser sees (`<publicUrl>/<poolId>`), not localhost:9229;
 *  - the ID token carries every readable attribute (standard + custom:*), `*_verified` as booleans,
 *    cognito:groups, and the pre-token-generation trigger's overrides (V1 event: ID token only);
 *  - the access token carries client_id, username, scope, token_use, cognito:groups, origin_jti;
 *  - refresh tokens are opaque and embed the origin_jti of the sign-in, so revoking the refresh
 *    token (RevokeToken, GlobalSignOut) also revokes the access tokens of that sign-in (see refresh.ts).
 */
import type { Triggers } from 'cognito-local/lib/services';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { cl, type Ctx, type User, type AppClient } from './cognito-local.ts';
import type { PoolSigningKey } from './signing-key.ts';

/** Claims Cognito never lets a trigger change. */
const RESERVED = new Set(['acr', 'amr', 'aud', 'at_hash', 'auth_time', 'azp', 'cognito:username', 'exp', 'iat', 'identities', 'iss', 'jti', 'nbf', 'nonce', 'origin_jti', 'sub', 'token_use', 'event_id']);

export type TokenSource = 'Authentication' | 'NewPasswordChallenge' | 'RefreshTokens' | 'AuthenticateDevice' | 'HostedAuth';

export interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/** `rt1.<origin_jti>.<random>`: opaque to clients; the middle part names the sign-in it belongs to. */
export function newRefreshToken(originJti: string): string {
  return `rt1.${originJti}.${randomBytes(32).toString('base64url')}`;
}
export function originJtiOfRefreshToken(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const m = /^rt1\.([0-9a-f-]{36})\.[A-Za-z0-9_-]+$/.exec(token);
  return m ? m[1] : null;
}

function seconds(value: number | undefined, unit: string | undefined, fallbackSeconds: number): number {
  if (value === undefined) return fallbackSeconds;
  const factor = { seconds: 1, minutes: 60, hours: 3600, days: 86400 }[unit ?? 'hours'] ?? 3600;
  return value * factor;
}

export class PortalTokenGenerator {
  constructor(
    private readonly issuer: string,
    private readonly triggers: Pick<Triggers, 'enabled' | 'preTokenGeneration'>,
    /** The data folder's own key (signing-key.ts), never the one in cognito-local's package. */
    private readonly key: PoolSigningKey,
  ) {}

  /**
   * Same signature as cognito-local's generator (so its own targets, e.g. AdminInitiateAuth, keep
   * working) plus the origin_jti of the sign-in when refreshing.
   */
  async generate(ctx: Ctx, user: User, userGroups: string[], client: AppClient, clientMetadata: Record<string, string> | undefined, source: TokenSource, originJti: string = randomUUID()): Promise<Tokens> {
    const now = Math.floor(Date.now() / 1000);
    const eventId = randomUUID();
    const attrs: Record<string, string> = cl.userPoolService.attributesToRecord(user.Attributes);
    const sub = attrs.sub;
    const readable: string[] | undefined = client.ReadAttributes;

    let idClaims: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(attrs)) {
      if (name === 'sub' || (readable && readable.length && !readable.includes(name))) continue;
      idClaims[name] = name.endsWith('_verified') ? value === 'true' : value;
    }
    let groups = userGroups;
    if (this.triggers.enabled('PreTokenGeneration')) {
      const response = await this.triggers.preTokenGeneration(ctx, {
        clientId: client.ClientId,
        clientMetadata,
        source,
        userAttributes: user.Attributes,
        username: user.Username,
        groupConfiguration: { groupsToOverride: userGroups, iamRolesToOverride: [], preferredRole: undefined },
        userPoolId: client.UserPoolId,
      });
      const details = response?.claimsOverrideDetails ?? {};
      for (const [claim, value] of Object.entries((details.claimsToAddOrOverride ?? {}) as Record<string, unknown>)) {
        if (!RESERVED.has(claim)) idClaims[claim] = value;
      }
      for (const claim of (details.claimsToSuppress ?? [])) {
        if (!RESERVED.has(claim)) delete idClaims[claim];
      }
      if (Array.isArray(details.groupOverrideDetails?.groupsToOverride)) groups = details.groupOverrideDetails.groupsToOverride;
    }
    if (groups.length) idClaims['cognito:groups'] = groups;

    idClaims = {
      ...idClaims,
      sub,
      'cognito:username': user.Username,
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'id',
      auth_time: now,
    };
    const accessClaims: Record<string, unknown> = {
      sub,
      ...(groups.length ? { 'cognito:groups': groups } : {}),
      client_id: client.ClientId,
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: now,
      username: user.Username,
    };

    const accessTtl = seconds(client.AccessTokenValidity, client.TokenValidityUnits?.AccessToken, 3600);
    const idTtl = seconds(client.IdTokenValidity, client.TokenValidityUnits?.IdToken, 3600);
    const sign = (claims: Record<string, unknown>, ttl: number, audience?: string) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: this.key.kid })
        .setIssuer(this.issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + ttl)
        .setJti(randomUUID());
      if (audience) jwt.setAudience(audience);
      return jwt.sign(this.key.privateKey);
    };
    return {
      AccessToken: await sign(accessClaims, accessTtl),
      IdToken: await sign(idClaims, idTtl, client.ClientId),
      RefreshToken: newRefreshToken(originJti),
      ExpiresIn: accessTtl,
      TokenType: 'Bearer',
    };
  }
}
