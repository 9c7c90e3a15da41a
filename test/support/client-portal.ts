/** Client portal helpers for tests (issue 12): the invitation link from the outbox, a new client's first sign-in. */
import { AssociateSoftwareTokenCommand, InitiateAuthCommand, RespondToAuthChallengeCommand, VerifySoftwareTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import type { Runtime } from '../../local/runtime.ts';
import { cognitoClient } from './cognito-sdk.ts';
import { graphql } from './graphql.ts';
import { totpFor, unusedTotpCode } from './totp-code.ts';

/** The token of the latest invitation e-mailed to `email` (the fragment of its /portal/invite# link), or null. */
export function invitationTokenFor(runtime: Runtime, email: string): string | null {
  const mail = runtime.outbox.latestTo(email, 'email');
  const match = /\/portal\/invite#([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '');
  return match ? match[1] : null;
}

/** A clinician invites `clientId`; the token from the e-mail. */
export async function inviteClient(runtime: Runtime, clinicianToken: string, clientId: string, email: string): Promise<string> {
  const { body } = await graphql(`${runtime.url}/graphql`, clinicianToken, 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c: clientId });
  const errors = (body as { errors?: unknown[] }).errors;
  if (errors) throw new Error(`invite refused: ${JSON.stringify(errors)}`);
  const token = invitationTokenFor(runtime, email);
  if (!token) throw new Error('no invitation e-mail');
  return token;
}

/** POST to the public REST gateway. */
export async function publicCall(runtime: Runtime, path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${runtime.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** First sign-in of a new client account: the pool requires MFA, so it sets up an authenticator; the access token. */
export async function firstClientSignIn(runtime: Runtime, email: string, password: string): Promise<string> {
  const client = cognitoClient(runtime.url);
  const first = await client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: LOCAL_USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } }));
  if (first.ChallengeName !== 'MFA_SETUP') throw new Error(`expected MFA_SETUP, got ${first.ChallengeName}`);
  const assoc = await client.send(new AssociateSoftwareTokenCommand({ Session: first.Session }));
  const verified = await client.send(new VerifySoftwareTokenCommand({ Session: assoc.Session, UserCode: await unusedTotpCode(totpFor(assoc.SecretCode!)) }));
  const done = await client.send(new RespondToAuthChallengeCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, ChallengeName: 'MFA_SETUP', Session: verified.Session, ChallengeResponses: { USERNAME: email } }));
  const token = done.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('no tokens');
  return token;
}
