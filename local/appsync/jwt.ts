/**
 * Cognito user-pool token check, as AppSync performs it for AMAZON_COGNITO_USER_POOLS auth:
 * RS256 only (no `none`, no HMAC — so a public key reused as an HMAC secret is refused), signature
 * against the pool's JWKS, `iss` exactly the pool, `exp`/`nbf` honoured, and either an access
 * token (`token_use: access`, `client_id` = the app client) or an ID token (`token_use: id`,
 * `aud` = the app client). Returns AppSync's Cognito identity, or null for any failure.
 */
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

export interface Identity {
  sub: string;
  issuer: string;
  username: string;
  claims: Record<string, unknown>;
  sourceIp: string[];
  defaultAuthStrategy: 'ALLOW' | 'DENY';
  groups: string[] | null;
}

export interface JwtVerifierOptions {
  issuer: string;
  /** App client id(s) accepted. */
  clientId: string | string[];
  /** Fetches the pool's JWKS ({keys}); cached, fetched again when a token names an unknown key. */
  jwks: () => Promise<JSONWebKeySet>;
  /** Clock for exp/nbf (tests). */
  clock?: () => Date;
  /** Leeway for exp/nbf, seconds (default 0, like AppSync). */
  clockToleranceSeconds?: number;
}

const MIN_REFETCH_MS = 5_000;

export function createJwtVerifier(options: JwtVerifierOptions): (jwt: string) => Promise<Identity | null> {
  const clients = Array.isArray(options.clientId) ? options.clientId : [options.clientId];
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let refetchedAt = 0; // unknown-kid refetches are rate-limited (a flood of bad kids ≠ a flood of fetches)
  const load = async (force: boolean) => {
    if (!keySet) keySet = createLocalJWKSet(await options.jwks());
    else if (force && Date.now() - refetchedAt > MIN_REFETCH_MS) {
      refetchedAt = Date.now();
      keySet = createLocalJWKSet(await options.jwks());
    }
    return keySet;
  };
  const verify = async (jwt: string, force: boolean): Promise<JWTPayload> => {
    const keys = await load(force);
    const { payload } = await jwtVerify(jwt, keys, {
      algorithms: ['RS256'],
      issuer: options.issuer,
      requiredClaims: ['exp', 'sub', 'token_use'],
      currentDate: options.clock?.(),
      clockTolerance: options.clockToleranceSeconds ?? 0,
    });
    return payload;
  };

  return async (jwt) => {
    if (typeof jwt !== 'string' || jwt.length === 0 || jwt.length > 16_384) return null;
    let payload: JWTPayload;
    try {
      payload = await verify(jwt, false);
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey)) return null;
      try {
        payload = await verify(jwt, true);
      } catch {
        return null;
      }
    }
    const tokenUse = payload.token_use;
    if (tokenUse === 'access') {
      if (typeof payload.client_id !== 'string' || !clients.includes(payload.client_id)) return null;
    } else if (tokenUse === 'id') {
      const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!aud.some((a) => typeof a === 'string' && clients.includes(a))) return null;
    } else {
      return null;
    }
    const groups = payload['cognito:groups'];
    const username = ((tokenUse === 'access' ? payload.username : payload['cognito:username']) ?? payload.sub) as string;
    return {
      sub: String(payload.sub),
      issuer: String(payload.iss),
      username: String(username),
      claims: payload,
      sourceIp: [],
      defaultAuthStrategy: 'ALLOW',
      groups: Array.isArray(groups) ? groups.map(String) : null,
    };
  };
}
