/**
 * Page tokens stay inside (issue 11 §8), against the whole local runtime with two practices: every
 * query of schema.graphql that takes a nextToken is asked by practice A for a second page; practice
 * B's owner then tries A's token as it is, re-labelled with B's practice and sub (A's data-source
 * token inside), and A tries an altered token. Each answer is 'Invalid page token' (a
 * ValidationError) with no items and no DynamoDB text; A's own token still reads A's next page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { addPractice } from '../support/practice.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { clientItems, validateClientInput } from '../../domain/client.ts';
import { appointmentIndexKeys } from '../../domain/appointment/keys.ts';
import { conversationItem } from '../../domain/messaging/items.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

const OTHER_EMAIL = 'page-b-owner@elsewhere.practiceportal.test';
const RANGE = { from: '2040-01-01T00:00:00Z', to: '2040-02-01T00:00:00Z' };

/** Every paged query, with the selection that names the practice's data. */
const PAGED: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  listAuditTrail: { query: 'query ($t: String) { listAuditTrail(nextToken: $t) { items { actor action entityId } nextToken } }' },
  listAccountActivity: { query: 'query ($t: String) { listAccountActivity(nextToken: $t) { items { userId event } nextToken } }' },
  listTeamMembers: { query: 'query ($t: String) { listTeamMembers(nextToken: $t) { items { id email } nextToken } }' },
  getClients: { query: 'query ($t: String) { getClients(nextToken: $t) { items { id } nextToken } }' },
  listAppointments: { query: 'query ($t: String, $from: AWSDateTime!, $to: AWSDateTime!) { listAppointments(from: $from, to: $to, nextToken: $t) { items { id } nextToken } }', variables: RANGE },
  listConversations: { query: 'query ($t: String) { listConversations(nextToken: $t) { items { id clientId } nextToken } }' },
  // The practice's eligibility checks (issue 16).
  getCoverage: { query: 'query ($t: String) { getCoverage(nextToken: $t) { items { id clientId } nextToken } }' },
};

/**
 * Paged queries whose token binding is pinned next to their own data, because another practice's
 * owner is refused before the token is read (the id names A's conversation) or the caller is a client:
 * the file that shows a borrowed or made-up token gets "Invalid page token".
 */
const PINNED_ELSEWHERE: Record<string, string> = {
  // Another caller's token and another conversation's token (the step clientMessages shares).
  listMessages: 'test/integration/messaging.test.ts',
  clientMessages: 'test/integration/messaging.test.ts (Query.listMessages, the same step)',
  // Another client's token and a made-up one.
  clientAppointments: 'test/integration/client-identity.test.ts',
  // Another caller's token.
  getConsentDocuments: 'test/integration/documents.test.ts',
  // Another caller's token and another filter's (issue 15).
  listBilling: 'test/integration/billing.test.ts',
  // Another caller's token and another kind's (issue 15).
  listBillingDocuments: 'test/integration/billing.test.ts',
  // Another caller's token and another stage's (issue 16).
  listClaims: 'test/integration/claims.test.ts',
  // Another client's token (issue 14).
  myCompanionEntries: 'test/integration/companion.test.ts',
  // Another caller's token and another filter's (issue 14).
  listHomework: 'test/integration/homework.test.ts',
  // Another caller's token, other arguments', another list's, a forged one and a key outside the list (issue 13).
  listRiskAlerts: 'test/integration/assessments.test.ts',
  listAssessmentResponses: 'test/integration/assessments.test.ts (the same step as listRiskAlerts)',
};

/**
 * Paged queries that need a client, a supervisee or an alert this file's practices do not have
 * enough of for a second page: here a made-up token and another field's real token are refused
 * (never read as a key); their binding to the caller is the same sealing as above (the companion,
 * supervision, billing and assessments steps use resolvers/shared/page-token.ts).
 */
const REFUSED_HERE: Record<string, { query: string; variables: (clientId: string) => Record<string, unknown> }> = {
  getClientCompanionEntries: { query: 'query ($c: ID!, $t: String) { getClientCompanionEntries(clientId: $c, app: DBT_COACH, nextToken: $t) { items { id } nextToken } }', variables: (c) => ({ c }) },
  listNotesAwaitingCosign: { query: 'query ($t: String) { listNotesAwaitingCosign(nextToken: $t) { items { noteId } nextToken } }', variables: () => ({}) },
};

let runtime: Runtime;
let ownerA = '';
let ownerB = '';
let practiceA = '';
let subB = '';

type Body = { data?: Record<string, { items: Record<string, unknown>[]; nextToken: string | null } | null> | null; errors?: Array<{ message: string; errorType?: string; errorInfo?: unknown }> };
async function ask(token: string, field: string, nextToken: string | null): Promise<Body> {
  const { query, variables } = PAGED[field];
  return (await graphql(`${runtime.url}/graphql`, token, query, { ...variables, t: nextToken })).body;
}

async function batchPut(table: 'Practice' | 'Directory' | 'Audit', items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    await runtime.dynamo.client.send(new BatchWriteItemCommand({ RequestItems: { [tableName('local', table)]: items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: marshall(item, { removeUndefinedValues: true }) } })) } }));
  }
}

/** More than one page of each list in practice A. */
async function seedPracticeA() {
  const at = (i: number) => `2039-12-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`;
  await batchPut('Audit', Array.from({ length: 45 }, (_, i) => ({ PK: `P#${practiceA}`, SK: `${at(i)}#page${i}`, GSI1PK: 'A#seed', GSI1SK: at(i), actor: `seed-actor-${i}`, action: 'LOGIN_SUCCESS', entityType: 'Session', entityId: `seed-${i}`, at: at(i) })));
  await batchPut('Directory', Array.from({ length: 25 }, (_, i) => ({ ...membershipKey(`page-member-${i}`), GSI1PK: `P#${practiceA}`, GSI1SK: `USER#page-member-${i}`, practiceId: practiceA, roles: ['biller'], groups: ['TeamMembers'], plan: 'professional', email: `member${i}@a.practiceportal.test` })));
  const meta = { status: 'active', version: 1, createdAt: 't', updatedAt: 't', createdBy: practiceA, updatedBy: practiceA };
  await batchPut('Practice', Array.from({ length: 25 }, (_, i) => clientItems(practiceA, `page-client-${i}`, practiceA, validateClientInput({ personalDetail: { first: `Zed${i}`, last: 'Pager' }, dateOfBirth: '01/01/1990' }).data, meta)[0]));
  await batchPut('Practice', Array.from({ length: 205 }, (_, i) => {
    const start = new Date(Date.parse('2040-01-02T00:00:00Z') + i * 3600_000).toISOString();
    const end = new Date(Date.parse(start) + 1800_000).toISOString();
    return { PK: `P#${practiceA}`, SK: `APPT#page-appt-${i}`, ...appointmentIndexKeys(practiceA, `page-appt-${i}`, practiceA, start, 'page-client-0'), id: `page-appt-${i}`, clientId: 'page-client-0', clinicianId: practiceA, start, end, durationMinutes: 30, status: 'SCHEDULED', serviceCode: '90834', locationType: 'IN_PERSON', version: 1 };
  }));
  await batchPut('Practice', Array.from({ length: 25 }, (_, i) => ({
    PK: `P#${practiceA}`, SK: `Eligibility#${at(i)}#page-check-${i}`, id: `page-check-${i}`, clientId: 'page-client-0', checkedAt: at(i), checkedBy: practiceA, payerId: '60054', clearinghouse: 'sandbox', summary: { status: 'active' },
  })));
  await batchPut('Practice', Array.from({ length: 25 }, (_, i) => conversationItem({
    practiceId: practiceA, clientId: `page-client-${i}`, therapistId: practiceA, clientName: `Zed${i} Pager`, lastMessageAt: at(i), lastSenderType: 'PRACTICE', unreadForPractice: 0, unreadForClient: 1,
  })));
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  subB = await addPractice(runtime, OTHER_EMAIL, { givenName: 'Bea', familyName: 'Other' });
  [ownerA, ownerB] = await Promise.all([
    signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD).then((t) => t.accessToken),
    signInSeeded(runtime.url, OTHER_EMAIL, DEMO_PASSWORD).then((t) => t.accessToken),
  ]);
  practiceA = ((await graphql(`${runtime.url}/graphql`, ownerA, '{ me { practiceId } }')).body as { data: { me: { practiceId: string } } }).data.me.practiceId;
  await seedPracticeA();
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

function expectInvalidPageToken(body: Body, field: string) {
  expect(body.errors?.map((e) => [e.message, e.errorType])).toEqual([['Invalid page token', 'ValidationError']]);
  expect(body.data?.[field] ?? null).toBeNull();
  expect(JSON.stringify(body)).not.toMatch(/DynamoDB|KeyCondition|starting key|page-|seed-|member\d/);
}

function relabel(token: string, edit: (parts: string[]) => void): string {
  const parts = Buffer.from(token, 'base64').toString('utf8').split('~');
  edit(parts);
  return Buffer.from(parts.join('~'), 'utf8').toString('base64');
}

describe('page tokens are bound to the practice, the caller and the query', () => {
  it('covers every query of the schema that takes a nextToken', () => {
    const schema = readFileSync(resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    const paged = [...schema.matchAll(/^\s+(\w+)\([^)]*nextToken: String[^)]*\)/gm)].map((m) => m[1]).sort();
    expect(paged).toEqual([...Object.keys(PAGED), ...Object.keys(PINNED_ELSEWHERE), ...Object.keys(REFUSED_HERE)].sort());
  });

  it.each(Object.keys(PAGED))('%s: another practice, a re-labelled and an altered token get "Invalid page token"', async (field) => {
    const first = await ask(ownerA, field, null);
    expect(first.errors).toBeUndefined();
    const tokenA = first.data![field]!.nextToken;
    expect(tokenA).toEqual(expect.any(String));

    expectInvalidPageToken(await ask(ownerB, field, tokenA), field);
    const relabelled = relabel(tokenA!, (parts) => {
      parts[1] = subB;
      parts[2] = subB;
    });
    expectInvalidPageToken(await ask(ownerB, field, relabelled), field);
    const altered = relabel(tokenA!, (parts) => {
      const inner = parts[5];
      parts[5] = inner.slice(0, 10) + (inner[10] === 'A' ? 'B' : 'A') + inner.slice(11);
    });
    expectInvalidPageToken(await ask(ownerA, field, altered), field);
    expectInvalidPageToken(await ask(ownerA, field, 'not a token'), field);

    const second = await ask(ownerA, field, tokenA);
    expect(second.errors).toBeUndefined();
    expect(second.data![field]!.items.length).toBeGreaterThan(0);
  }, 60_000);

  it.each(Object.keys(REFUSED_HERE))('%s: a made-up token and another query\'s token get "Invalid page token"', async (field) => {
    const { query, variables } = REFUSED_HERE[field];
    const clients = (await graphql(`${runtime.url}/graphql`, ownerA, '{ getClients(search: "Avery") { items { id } } }')).body as { data: { getClients: { items: { id: string }[] } } };
    const vars = variables(clients.data.getClients.items[0]?.id ?? 'page-client-0');
    const borrowed = (await ask(ownerA, 'getClients', null)).data!.getClients!.nextToken;
    for (const t of ['not a token', 'eyJmIjoibGlzdEJpbGxpbmcifQ', borrowed]) {
      const body = (await graphql(`${runtime.url}/graphql`, ownerA, query, { ...vars, t })).body;
      expectInvalidPageToken(body, field);
    }
  }, 60_000);
});
