/**
 * GraphQL calls as a seeded demo user, for tests that set data up through the API. The local pool
 * takes each TOTP code once (issue 11 §3), so signing in for every call would wait for the clock:
 * the access token is kept per user and runtime, and taken again only when the server refuses it
 * (a browser Logout in the same test ends the user's sessions on the server).
 */
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { signInSeeded } from './cognito-sdk.ts';
import { graphql } from './graphql.ts';

const tokens = new Map<string, Promise<string>>();

function tokenOf(runtimeUrl: string, email: string, fresh: boolean): Promise<string> {
  const key = `${runtimeUrl} ${email}`;
  if (fresh || !tokens.has(key)) tokens.set(key, signInSeeded(runtimeUrl, email, DEMO_PASSWORD).then((t) => t.accessToken));
  return tokens.get(key)!;
}

/** The data of `query` as `email`; throws with the errors' messages when there are any. */
export async function apiAs(runtimeUrl: string, email: string, query: string, variables: Record<string, unknown> = {}) {
  let { body } = await graphql(`${runtimeUrl}/graphql`, await tokenOf(runtimeUrl, email, false), query, variables);
  if (body.errors?.some((e: { errorType?: string }) => e.errorType === 'Unauthorized')) {
    ({ body } = await graphql(`${runtimeUrl}/graphql`, await tokenOf(runtimeUrl, email, true), query, variables));
  }
  if (body.errors?.length) throw new Error(body.errors.map((e: { message: string }) => e.message).join('; '));
  return body.data;
}
