/**
 * The shared pieces of the authorization matrix (test/integration/authz-matrix.test.ts): the
 * outcomes, the callers, the runtime the matrix runs against, and the calls every domain's rows use.
 * Each domain keeps its own rows in its own module beside this one (see index.ts); this file holds
 * nothing of any one domain.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, Kind } from 'graphql';
import WebSocket from 'ws';
import { startRuntime, type Runtime } from '../../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../../local/seed-client-portal.ts';
import { graphql } from '../graphql.ts';
import { addPractice } from '../practice.ts';
import { signInSeeded } from '../cognito-sdk.ts';

export type Outcome = 'allowed' | 'Unauthorized' | 'NotFound';
export const A: Outcome = 'allowed';
export const U: Outcome = 'Unauthorized';
export const N: Outcome = 'NotFound';

/** The columns of every row, in this order: the seeded practice's nine roles, then another practice's owner. */
export const CALLERS = ['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic', 'supervisor', 'biller', 'scheduler', 'coordinator', 'otherPractice'] as const;
export type Caller = (typeof CALLERS)[number];
/** A caller of the matrix, or the client principal (the client rows). */
export type Who = Caller | 'client';

/** One call of one schema field, made as `who`; `target` is a fresh client of the seeded practice (the owner's) made for this call. */
export type Operation = (who: Who, target: string) => Promise<Outcome>;

/** One domain's part of the matrix, written by hand from the spec (never derived from domain/permissions.ts). */
export interface AuthzDomain {
  /** Field ("Query.x", "Mutation.y", "Subscription.z") → its outcome for each of CALLERS, in order. */
  expected: Record<string, Outcome[]>;
  /** Field → the call that exercises it. Exactly the fields of `expected`. */
  operations: Record<string, Operation>;
  /** The fields a signed-in client (the client principal) may call; every other field is Unauthorized to them. */
  clientAllowed?: string[];
  /**
   * Fields whose call changes state that other calls read (a practice-wide setting at its current
   * version, the caller's own sign-in): each such call runs alone, never beside another call.
   */
  exclusive?: string[];
}

const EMAIL_OF: Record<Exclude<Caller, 'otherPractice'>, string> = {
  owner: 'owner', clinicianAdmin: 'admin', clinicianFullClient: 'fullclient', clinicianBasicBilling: 'basicbilling', clinicianBasic: 'basic',
  supervisor: 'supervisor', biller: 'biller', scheduler: 'scheduler', coordinator: 'coordinator',
};
export const OTHER_EMAIL = 'other-owner@elsewhere.practiceportal.test';

/** The runtime handle: set by startMatrix() in the test's beforeAll, read by every domain's calls. */
export const matrix = {
  runtime: undefined as unknown as Runtime,
  tokens: {} as Record<Who, string>,
  /** The other practice's owner (also its practice id). */
  otherSub: '',
};
/** The seeded practice's id (its owner's sub). */
export const seededPracticeId = (): string => matrix.runtime.seed!.practiceId;

/** Starts the runtime, adds the other practice and signs every caller and the demo client in. */
export async function startMatrix(): Promise<void> {
  const runtime = await startRuntime({ port: 0, dataDir: null });
  matrix.runtime = runtime;
  matrix.otherSub = await addPractice(runtime, OTHER_EMAIL);
  const tokens = matrix.tokens;
  await Promise.all([
    ...CALLERS.filter((c) => c !== 'otherPractice').map(async (c) => {
      tokens[c] = (await signInSeeded(runtime.url, `${EMAIL_OF[c]}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
    }),
    signInSeeded(runtime.url, OTHER_EMAIL, DEMO_PASSWORD).then((t) => (tokens.otherPractice = t.accessToken)),
    signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD).then((t) => (tokens.client = t.accessToken)),
  ]);
}

export type Answer = { data?: any; errors?: Array<{ message: string; errorType?: string }> };

export async function call(who: Who, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const { body } = await graphql(`${matrix.runtime.url}/graphql`, matrix.tokens[who], query, variables);
  return body;
}

/**
 * allowed / Unauthorized / NotFound from a GraphQL answer; anything else fails the test. With
 * `nullIsNotFound` (a get that answers null for an id it does not find), a null result is NotFound.
 */
export function outcomeOf(body: Answer, field: string, nullIsNotFound = false): Outcome {
  const type = body.errors?.[0]?.errorType;
  if (type === 'Unauthorized') return U;
  if (type === 'NotFound') return N;
  if (body.errors) throw new Error(`${field}: unexpected error ${type}`);
  const name = field.split('.')[1];
  return nullIsNotFound && body.data?.[name] === null ? N : A;
}

export const clientInput = (first: string) => ({ personalDetail: { first, last: 'Matrix' }, dateOfBirth: '01/01/1990' });

/** Subscribes over the realtime protocol: start_ack → allowed; an error → its type. */
export async function subscribe(who: Who, query: string): Promise<Outcome> {
  const { runtime, tokens } = matrix;
  const host = new URL(runtime.url).host;
  const header = Buffer.from(JSON.stringify({ host, Authorization: tokens[who] })).toString('base64url');
  const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const messages: Record<string, any>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse((raw as Buffer).toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (pred: (m: Record<string, any>) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error('realtime: no answer');
  };
  await new Promise<void>((r, j) => (ws.once('open', () => r()), ws.once('error', j)));
  ws.send(JSON.stringify({ type: 'connection_init' }));
  await next((m) => m.type === 'connection_ack');
  ws.send(JSON.stringify({ id: '1', type: 'start', payload: { data: JSON.stringify({ query, variables: {} }), extensions: { authorization: { Authorization: tokens[who], host } } } }));
  const answer = await next((m) => m.id === '1' && (m.type === 'start_ack' || m.type === 'error'));
  ws.close();
  if (answer.type === 'start_ack') return A;
  const type = answer.payload?.errors?.[0]?.errorType;
  if (type === 'Unauthorized') return U;
  throw new Error(`subscription: unexpected ${JSON.stringify(answer.payload)}`);
}

/** The `sub` of a caller's token (their user id). */
export const subOf = (who: Who): string => JSON.parse(Buffer.from(matrix.tokens[who].split('.')[1], 'base64url').toString()).sub as string;

/** A fresh client of the seeded practice (the owner's); each call a new one, so edits and removals never collide. */
export async function freshClient(first: string): Promise<string> {
  return (await call('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput(first) })).data.addClient.id;
}

let portalClients = 0;
/** A fresh client of the seeded practice's owner with an e-mail address (portal invitations need one). */
export async function ownersClientWithEmail(who: Who): Promise<string> {
  portalClients += 1;
  const input = { ...clientInput(`Portal${who}`), contact: { email: `matrix-portal-${portalClients}@clients.practiceportal.test` } };
  return (await call('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input })).data.addClient.id;
}

/** Query, Mutation and Subscription fields of schema.graphql, sorted. */
export function schemaFields(): string[] {
  const doc = parse(readFileSync(resolve(import.meta.dirname, '../../../schema.graphql'), 'utf8'));
  const fields: string[] = [];
  for (const def of doc.definitions) {
    if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && ['Query', 'Mutation', 'Subscription'].includes(def.name.value)) {
      for (const f of (def).fields ?? []) fields.push(`${def.name.value}.${f.name.value}`);
    }
  }
  return fields.sort();
}
