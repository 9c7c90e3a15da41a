/** Client portal helpers for tests (issue 12): the invitation link from the outbox, a new client's first sign-in. */
import type { Runtime } from '../../local/runtime.ts';
import { firstSignInWithAuthenticator } from './cognito-sdk.ts';
import { graphql } from './graphql.ts';

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

/**
 * First sign-in of a new client account with an authenticator added (the pool is MFA OPTIONAL: the
 * password alone signs a client in; this enrols one with the access token, then signs in with its
 * code, as the portal's Security page leads to); the access token.
 */
export async function firstClientSignIn(runtime: Runtime, email: string, password: string): Promise<string> {
  return (await firstSignInWithAuthenticator(runtime.url, email, password)).accessToken;
}
