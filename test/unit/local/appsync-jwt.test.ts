// createJwtVerifier: AppSync's Cognito user-pool token check.
import { beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createJwtVerifier } from '../../../local/appsync/jwt.ts';

const ISSUER = 'http://127.0.0.1:9999/us-east-1_Pool';
const CLIENT = 'client123';
let key: CryptoKey;
let other: CryptoKey;
let jwk: JWK;
const NOW = 1_750_000_000;

const sign = (claims: Record<string, unknown>, opts: { key?: CryptoKey; alg?: string; kid?: string } = {}) =>
  new SignJWT({ sub: 'user-1', iss: ISSUER, exp: NOW + 600, iat: NOW - 10, token_use: 'access', client_id: CLIENT, username: 'user-1', ...claims })
    .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? 'k1' })
    .sign(opts.key ?? key);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  key = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
  other = (await generateKeyPair('RS256')).privateKey;
});

describe('createJwtVerifier', () => {
  const verifier = () => createJwtVerifier({ issuer: ISSUER, clientId: CLIENT, jwks: async () => ({ keys: [jwk] }), clock: () => new Date(NOW * 1000) });

  it('accepts an access token and returns the Cognito identity', async () => {
    const id = await verifier()(await sign({ 'cognito:groups': ['Therapists'] }));
    expect(id).toMatchObject({ sub: 'user-1', issuer: ISSUER, username: 'user-1', sourceIp: [], defaultAuthStrategy: 'ALLOW', groups: ['Therapists'] });
    expect(id?.claims.token_use).toBe('access');
  });

  it('accepts an ID token whose aud is the client', async () => {
    const id = await verifier()(await sign({ token_use: 'id', client_id: undefined, aud: CLIENT, 'cognito:username': 'name-1' }));
    expect(id).toMatchObject({ username: 'name-1', groups: null });
  });

  it('refuses wrong client, wrong token_use, wrong issuer, expired, not yet valid, forged, HS256, none', async () => {
    const v = verifier();
    const secret = new TextEncoder().encode(JSON.stringify(jwk));
    const [h, p] = (await sign({})).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    const cases = {
      client: await sign({ client_id: 'other' }),
      idAud: await sign({ token_use: 'id', aud: 'other' }),
      use: await sign({ token_use: 'refresh' }),
      iss: await sign({ iss: ISSUER + 'x' }),
      expired: await sign({ exp: NOW - 1 }),
      nbf: await sign({ nbf: NOW + 60 }),
      forged: await sign({}, { key: other }),
      unknownKid: await sign({}, { key: other, kid: 'k2' }),
      hs256: await new SignJWT({ sub: 'user-1', iss: ISSUER, exp: NOW + 600, token_use: 'access', client_id: CLIENT }).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(secret),
      none,
      tampered: `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', iss: ISSUER, exp: NOW + 600, token_use: 'access', client_id: CLIENT })).toString('base64url')}.${(await sign({})).split('.')[2]}`,
      junk: 'a.b.c',
      empty: '',
    };
    for (const [name, jwt] of Object.entries(cases)) expect([name, await v(jwt)]).toEqual([name, null]);
  });

  it('fetches the JWKS again for an unknown kid (key rotation)', async () => {
    let calls = 0;
    const rotated = await generateKeyPair('RS256', { extractable: true });
    const newJwk = { ...(await exportJWK(rotated.publicKey)), kid: 'k2', alg: 'RS256' };
    const v = createJwtVerifier({ issuer: ISSUER, clientId: CLIENT, clock: () => new Date(NOW * 1000), jwks: async () => ((calls += 1), { keys: calls === 1 ? [jwk] : [jwk, newJwk] }) });
    expect(await v(await sign({}))).not.toBeNull();
    expect(await v(await sign({}, { key: rotated.privateKey, kid: 'k2' }))).not.toBeNull();
    expect(calls).toBe(2);
  });
});
