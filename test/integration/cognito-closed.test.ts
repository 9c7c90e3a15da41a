/**
 * The local user pool is as closed as Cognito (issue 11 §3, §5): a TOTP code is accepted once;
 * admin and pool-configuration operations need a SigV4 signature with the runtime's own key; tokens
 * are signed with a key made for this data folder, never the one in cognito-local's npm package.
 */
import { createRequire } from 'node:module';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK } from 'jose';
import { SignatureV4 } from '@smithy/signature-v4';
import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_ACCOUNTS, DEMO_OWNER, DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID as CLIENT_ID, LOCAL_USER_POOL_ID as POOL_ID } from '../../domain/identity.ts';
import { cognitoClient, signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { totpFor, unusedTotpCode } from '../support/totp-code.ts';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
});
afterAll(async () => {
  await runtime?.stop();
});

const errorOf = async (p: Promise<unknown>) => p.then(() => ({ name: 'none', message: '' }), (e: Error) => ({ name: e.name, message: e.message }));
const withKey = (accessKeyId: string, secretAccessKey: string) =>
  new CognitoIdentityProviderClient({ endpoint: `${runtime.url}/cognito`, region: LOCAL_REGION, credentials: { accessKeyId, secretAccessKey } });

describe('a TOTP code is single-use', () => {
  const email = DEMO_ACCOUNTS[1].email;
  const start = () => cognitoClient(runtime.url).send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }));
  const answer = (session: string | undefined, code: string) =>
    cognitoClient(runtime.url).send(new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } }));

  it('accepts a code in one sign-in and refuses it in a second; the next code works', async () => {
    const code = await unusedTotpCode(demoTotp(email));
    const first = await answer((await start()).Session, code);
    expect(first.AuthenticationResult?.AccessToken).toBeTruthy();
    const again = await start();
    expect(await errorOf(answer(again.Session, code))).toEqual({ name: 'CodeMismatchException', message: 'Invalid code received for user' });
    // The refused attempt did not end the session: the next code still signs in.
    const next = await answer(again.Session, await unusedTotpCode(demoTotp(email)));
    expect(next.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('VerifySoftwareToken (signed in, new authenticator) takes a code once', async () => {
    const { accessToken } = await signInSeeded(runtime.url, DEMO_ACCOUNTS[2].email, DEMO_PASSWORD);
    const idp = cognitoClient(runtime.url);
    const { SecretCode } = await idp.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    const code = await unusedTotpCode(totpFor(SecretCode!));
    expect((await idp.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code }))).Status).toBe('SUCCESS');
    expect((await errorOf(idp.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code })))).name).toBe('CodeMismatchException');
  });
});

describe('admin and pool-configuration operations need the runtime key', () => {
  const unsigned = () => withKey('local', 'local');

  it('the three probes that gave tokens without MFA are refused without the key, and change nothing', async () => {
    const sub = (await runtime.cognito.admin.getUser(DEMO_OWNER.email))!.sub;
    // Unsigned (any made-up key), then the runtime's key id with a wrong secret.
    for (const makeClient of [unsigned, () => withKey(runtime.cognito.adminCredentials?.accessKeyId ?? 'LOCALKEY', 'not-the-secret')]) {
      const client = makeClient();
      const refused = [
        await errorOf(client.send(new AdminInitiateAuthCommand({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: DEMO_OWNER.email, PASSWORD: DEMO_PASSWORD } }))),
        await errorOf(client.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: POOL_ID, Username: sub, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }))),
        await errorOf(client.send(new SetUserPoolMfaConfigCommand({ UserPoolId: POOL_ID, MfaConfiguration: 'OFF' }))),
      ];
      expect(new Set(refused.map((e) => e.name)).size).toBe(1);
      expect(['UnrecognizedClientException', 'InvalidSignatureException']).toContain(refused[0].name);
    }
    // Nothing changed: the owner still gets the authenticator challenge after the password.
    const started = await cognitoClient(runtime.url).send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: DEMO_OWNER.email, PASSWORD: DEMO_PASSWORD } }));
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(started.AuthenticationResult).toBeUndefined();
  });

  it('a request with no signature at all gets MissingAuthenticationTokenException', async () => {
    const res = await fetch(`${runtime.url}/cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SetUserPoolMfaConfig' },
      body: JSON.stringify({ UserPoolId: POOL_ID, MfaConfiguration: 'OFF' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' });
  });

  it('a signature made with the key over another body is refused', async () => {
    const { accessKeyId, secretAccessKey } = runtime.cognito.adminCredentials;
    class Sha256 {
      private h;
      constructor(secret?: string | Uint8Array) {
        this.h = secret === undefined ? createHash('sha256') : createHmac('sha256', secret);
      }
      update(d: string | Uint8Array) {
        this.h.update(d);
      }
      async digest() {
        return new Uint8Array(this.h.digest());
      }
    }
    const url = new URL(`${runtime.url}/cognito/`);
    const signed = await new SignatureV4({ credentials: { accessKeyId, secretAccessKey }, region: LOCAL_REGION, service: 'cognito-idp', sha256: Sha256 as never }).sign({
      method: 'POST',
      protocol: 'http:',
      hostname: url.host,
      path: '/cognito/',
      query: {},
      headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser' },
      body: JSON.stringify({ UserPoolId: POOL_ID, Username: DEMO_OWNER.email }),
    } as never);
    const send = (body: string) => fetch(url, { method: 'POST', headers: (signed as unknown as { headers: Record<string, string> }).headers, body });
    expect((await send(JSON.stringify({ UserPoolId: POOL_ID, Username: DEMO_OWNER.email }))).status).toBe(200);
    const tampered = await send(JSON.stringify({ UserPoolId: POOL_ID, Username: DEMO_ACCOUNTS[3].email }));
    expect(tampered.status).toBe(403);
    expect((await tampered.json()).__type).toBe('InvalidSignatureException');
  });

  it('with the runtime key the admin API works (what the Lambdas and tests use)', async () => {
    const { accessKeyId, secretAccessKey } = runtime.cognito.adminCredentials;
    const user = await withKey(accessKeyId, secretAccessKey).send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: DEMO_OWNER.email }));
    expect(user.UserStatus).toBe('CONFIRMED');
  });
});

describe('tokens are signed with the data folder key', () => {
  it("serves its own JWKS, and /graphql refuses a token signed with cognito-local's packaged key", async () => {
    const shipped = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: Record<string, string> };
    const jwks = (await (await fetch(`${runtime.cognito.issuer}/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, string>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0].n).not.toBe(shipped.jwk.n);
    // No other path serves cognito-local's packaged key either.
    expect((await fetch(`${runtime.url}/cognito/us-east-1_Other/.well-known/jwks.json`)).status).toBe(404);

    const real = await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD);
    expect((await graphql(`${runtime.url}/graphql`, real.accessToken, '{ me { id } }')).body.data?.me?.id).toBeTruthy();

    const claims = JSON.parse(Buffer.from(real.accessToken.split('.')[1], 'base64url').toString('utf8'));
    const key = await importJWK({ ...shipped.jwk, alg: 'RS256' }, 'RS256');
    for (const kid of ['CognitoLocal', jwks.keys[0].kid]) {
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
      const res = await graphql(`${runtime.url}/graphql`, forged, '{ me { id } }');
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0]?.errorType).toBe('UnauthorizedException');
    }
  });
});
