/**
 * Signing out ends the session on the server (issue 11 §2), against the whole local runtime: after
 * the portal's sign-out (Mutation.endSession, what Logout and the idle logoff call) or a raw Cognito
 * GlobalSignOut, the old access and ID tokens are refused at /graphql — queries, mutations and new
 * subscriptions — and nothing they ask for is written; a new sign-in works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GlobalSignOutCommand, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD, demoTotp } from '../../local/demo-accounts.ts';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../domain/identity.ts';
import { graphql } from '../support/graphql.ts';
import { cognitoClient, signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
/** The practice owner's token, to see every client of the practice. */
let ownerToken = '';
beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  ownerToken = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await runtime?.stop();
});

type Tokens = Awaited<ReturnType<typeof signInSeeded>>;

/**
 * Signs a seeded user in with password and TOTP. MFA codes are single-use, so a second sign-in in
 * the same 30 s window answers with the next window's code (accepted: one step of drift).
 */
async function signIn(email: string): Promise<Tokens> {
  const client = cognitoClient(runtime.url);
  for (const step of [0, 1]) {
    const first = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: LOCAL_USER_POOL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
    );
    const code = demoTotp(email).generate({ timestamp: Date.now() + step * 30_000 });
    try {
      const { AuthenticationResult: t } = await client.send(
        new RespondToAuthChallengeCommand({ ClientId: LOCAL_USER_POOL_CLIENT_ID, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: first.Session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code } }),
      );
      return { accessToken: t!.AccessToken!, idToken: t!.IdToken!, refreshToken: t!.RefreshToken };
    } catch (error) {
      if ((error as Error).name !== 'CodeMismatchException' || step === 1) throw error;
    }
  }
  throw new Error('unreachable');
}

const ME = '{ me { id } }';
const ADD_CLIENT = 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }';
const clientInput = (last: string) => ({ input: { personalDetail: { first: 'Replay', last }, dateOfBirth: '01/01/1990' } });

async function errorTypeOf(token: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, token, query, variables);
  return body.errors?.[0]?.errorType ?? null;
}

/** A `start` on the realtime endpoint with this token: 'start_ack' or the error type. */
async function subscribeWith(token: string): Promise<string> {
  const host = new URL(runtime.url).host;
  const header = Buffer.from(JSON.stringify({ host, Authorization: token })).toString('base64url');
  const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const messages: Record<string, any>[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse((raw as Buffer).toString())));
  const next = async (pred: (m: Record<string, any>) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('realtime: no answer');
  };
  try {
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    ws.send(JSON.stringify({ type: 'connection_init' }));
    await next((m) => m.type === 'connection_ack');
    const data = JSON.stringify({ query: 'subscription { onUserAuthEvent { userId event } }', variables: {} });
    ws.send(JSON.stringify({ id: '1', type: 'start', payload: { data, extensions: { authorization: { Authorization: token, host } } } }));
    const answer = await next((m) => m.id === '1' && (m.type === 'start_ack' || m.type === 'error'));
    return answer.type === 'start_ack' ? 'start_ack' : answer.payload?.errors?.[0]?.errorType;
  } finally {
    ws.close();
  }
}

/** An open onUserAuthEvent subscription: its messages, and a wait for one matching. */
async function openSubscription(token: string) {
  const host = new URL(runtime.url).host;
  const header = Buffer.from(JSON.stringify({ host, Authorization: token })).toString('base64url');
  const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const messages: Record<string, any>[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse((raw as Buffer).toString())));
  const waitFor = async (pred: (m: Record<string, any>) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('realtime: no answer');
  };
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  ws.send(JSON.stringify({ type: 'connection_init' }));
  await waitFor((m) => m.type === 'connection_ack');
  const data = JSON.stringify({ query: 'subscription { onUserAuthEvent { userId event } }', variables: {} });
  ws.send(JSON.stringify({ id: 's1', type: 'start', payload: { data, extensions: { authorization: { Authorization: token, host } } } }));
  await waitFor((m) => m.id === 's1' && m.type === 'start_ack');
  return { messages, waitFor, close: () => ws.close() };
}

/** Whether a client with this last name exists in the practice (read by its owner). */
async function clientStored(last: string): Promise<boolean> {
  const { body } = await graphql(`${runtime.url}/graphql`, ownerToken, '{ getClients(search: "Replay") { items { personalDetail { last } } } }');
  expect(body.errors).toBeUndefined();
  return body.data.getClients.items.some((c: { personalDetail: { last: string } }) => c.personalDetail.last === last);
}

/** Replays both old tokens on a query, a mutation and a new subscription: all refused. */
async function expectRefused(old: Tokens, label: string) {
  for (const token of [old.accessToken, old.idToken]) {
    expect(await errorTypeOf(token, ME)).toBe('Unauthorized');
    expect(await errorTypeOf(token, ADD_CLIENT, clientInput(label))).toBe('Unauthorized');
    expect(await subscribeWith(token)).toBe('Unauthorized');
  }
}

describe('sign-out ends the session at /graphql', () => {
  it("the portal's sign-out (endSession): old access and ID tokens refused on queries, mutations and subscriptions; a new sign-in works", async () => {
    const email = 'basic@demo.practiceportal.test';
    const old = await signIn(email);
    // Live before: both tokens work.
    for (const token of [old.accessToken, old.idToken]) expect(await errorTypeOf(token, ME)).toBeNull();
    expect(await subscribeWith(old.accessToken)).toBe('start_ack');

    const { body } = await graphql(`${runtime.url}/graphql`, old.accessToken, 'mutation { endSession }');
    expect(body).toEqual({ data: { endSession: true } });
    await expectRefused(old, 'AfterLogout');

    const fresh = await signIn(email);
    expect(await errorTypeOf(fresh.accessToken, ME)).toBeNull();
    expect(await errorTypeOf(fresh.idToken, ME)).toBeNull();
    expect(await subscribeWith(fresh.idToken)).toBe('start_ack');
    // The refused mutation wrote nothing.
    expect(await clientStored('AfterLogout')).toBe(false);
    // The old tokens stay refused after the new sign-in.
    expect(await errorTypeOf(old.idToken, ME)).toBe('Unauthorized');
  });

  it('ends every earlier sign-in of the user, on every device, not only the one signing out', async () => {
    const email = 'scheduler@demo.practiceportal.test';
    const otherDevice = await signIn(email);
    // A sign-in in the very second of the sign-out counts as a new one (resolvers/shared/session-end.ts): start the next second.
    await new Promise((r) => setTimeout(r, 1_020 - (Date.now() % 1_000)));
    const thisDevice = await signIn(email);
    expect(await errorTypeOf(otherDevice.accessToken, ME)).toBeNull();
    expect(await errorTypeOf(thisDevice.accessToken, 'mutation { endSession }')).toBeNull();
    await expectRefused(thisDevice, 'ThisDevice');
    await expectRefused(otherDevice, 'OtherDevice');
    expect(await clientStored('OtherDevice')).toBe(false);
  });

  it('a raw Cognito GlobalSignOut: old tokens refused locally; a new sign-in works', async () => {
    const email = 'fullclient@demo.practiceportal.test';
    const old = await signIn(email);
    expect(await errorTypeOf(old.idToken, ME)).toBeNull();

    await cognitoClient(runtime.url).send(new GlobalSignOutCommand({ AccessToken: old.accessToken }));
    await expectRefused(old, 'AfterGlobalSignOut');

    const fresh = await signIn(email);
    expect(await errorTypeOf(fresh.accessToken, ME)).toBeNull();
    expect(await errorTypeOf(fresh.idToken, ADD_CLIENT, clientInput('AfterGlobalSignOutFresh'))).toBeNull();
    expect(await clientStored('AfterGlobalSignOut')).toBe(false);
  });
});

describe('sign-out closes open subscriptions', () => {
  it("endSession completes the user's open subscriptions; another member's stay open and keep receiving", async () => {
    const email = 'supervisor@demo.practiceportal.test';
    const session = await signIn(email);
    const mine = await openSubscription(session.idToken);
    const owners = await openSubscription(ownerToken);
    try {
      expect(await errorTypeOf(session.accessToken, 'mutation { endSession }')).toBeNull();
      expect(await mine.waitFor((m) => m.id === 's1' && m.type === 'complete')).toEqual({ type: 'complete', id: 's1' });
      // The practice's events still reach the owner's subscription, never the closed one.
      expect(await errorTypeOf(ownerToken, 'mutation { logUserAuthEvent(event: LOGIN_SUCCESS) { practiceId userId event at } }')).toBeNull();
      await owners.waitFor((m) => m.id === 's1' && m.type === 'data');
      expect(owners.messages.some((m) => m.type === 'complete')).toBe(false);
      expect(mine.messages.some((m) => m.type === 'data')).toBe(false);
    } finally {
      mine.close();
      owners.close();
    }
  });
});
