/**
 * Companion apps (issue 14) against the whole local runtime: a client posts entries through the
 * companion-app API; only the practices sharing that app read them; stopping sharing stops reads at
 * once; another client reaches nothing of theirs; bad input is refused clearly and stores nothing; the
 * practice's per-app hide flags are told to the app and enforced on posts and reads.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appsUsedKey } from '../../domain/practice.ts';
import { tableName } from '../../domain/tables.ts';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';
import { firstClientSignIn, inviteClient, publicCall } from '../support/client-portal.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
let practiceA = '';
let practiceB = '';
let clientA = '';
let clientB = '';
const EMAIL = 'robin.diary@example.com';

type Body = { data?: Record<string, any>; errors?: { message: string; errorType?: string }[] };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const ADD = 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }';
const INVITE = 'mutation ($c: ID!, $a: [CompanionApp!]!) { inviteClientToShare(clientId: $c, apps: $a) { code apps channel shares { app state } } }';
const ACCEPT = 'mutation ($code: String!) { acceptCompanionInvitation(code: $code) { practiceId app state } }';
const POST = 'mutation ($i: CompanionEntryInput!) { postCompanionEntry(input: $i) { id app type date data } }';
const MINE = 'query ($a: CompanionApp!, $n: String) { myCompanionEntries(app: $a, nextToken: $n) { items { id date } nextToken } }';
const ENTRIES = 'query ($c: ID!, $a: CompanionApp!, $t: CompanionEntryType, $n: String) { getClientCompanionEntries(clientId: $c, app: $a, type: $t, nextToken: $n) { items { id type date data } nextToken } }';
const STATS = 'query ($c: ID!, $a: CompanionApp!) { getClientCompanionStats(clientId: $c, app: $a) { entryCount currentStreak days { date urges { name value } } skills { name count } highUrgeDates } }';
const SET = 'mutation ($p: ID!, $a: CompanionApp!, $s: Boolean!) { setCompanionSharing(practiceId: $p, app: $a, share: $s) { practiceId app state } }';
const CLIENTS = 'query ($a: CompanionApp!) { listCompanionClients(app: $a) { clientId clientName state lastEntryDate lastHighUrgeDate } }';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86400000).toISOString().slice(0, 10);
const card = (date: string, urge = 1) => ({ app: 'DBT_COACH', type: 'DIARY_CARD', date, data: JSON.stringify({ emotions: { sadness: 2, joy: 3 }, urges: { selfHarm: urge }, skillsUsed: ['Wise mind'] }) });

function codeFrom(email: string): string {
  const mail = runtime.outbox.latestTo(email, 'email');
  const match = /code ([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail?.body ?? '');
  if (!match) throw new Error('no invitation to share');
  return match[1];
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  practiceA = runtime.seed!.practiceId;
  tokens.owner = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  tokens.demoClient = (await signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD)).accessToken;
  // A new client of practice A with a portal account (the same pool, group Clients).
  clientA = (await call('owner', ADD, { input: { personalDetail: { first: 'Robin', last: 'Diary' }, dateOfBirth: '03/03/1993', contact: { email: EMAIL } } })).data!.addClient.id;
  const token = await inviteClient(runtime, tokens.owner, clientA, EMAIL);
  expect((await publicCall(runtime, 'acceptClientInvitation', { token, password: 'ClientPass1' })).status).toBe(200);
  tokens.client = await firstClientSignIn(runtime, EMAIL, 'ClientPass1');
  // Practice B knows the same person as its own client.
  practiceB = await addPractice(runtime, 'owner-b@example.com');
  tokens.ownerB = (await signInSeeded(runtime.url, 'owner-b@example.com', DEMO_PASSWORD)).accessToken;
  clientB = (await call('ownerB', ADD, { input: { personalDetail: { first: 'Robin', last: 'Diary' }, dateOfBirth: '03/03/1993', contact: { email: EMAIL } } })).data!.addClient.id;
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('sharing consent and reads', () => {
  it('practice A invites (code by e-mail, no PHI); the client accepts; A reads the posted diary card and its stats', async () => {
    const invited = await call('owner', INVITE, { c: clientA, a: ['DBT_COACH', 'CBT_COMPANION'] });
    expect(invited.data!.inviteClientToShare).toMatchObject({ apps: ['DBT_COACH', 'CBT_COMPANION'], channel: 'EMAIL', shares: [{ app: 'DBT_COACH', state: 'INVITED' }, { app: 'CBT_COMPANION', state: 'INVITED' }] });
    const mail = runtime.outbox.latestTo(EMAIL, 'email')!;
    expect(mail.body).not.toContain('Robin');
    expect(mail.body).not.toContain('DBT');
    const accepted = await call('client', ACCEPT, { code: codeFrom(EMAIL).toLowerCase() });
    expect(accepted.data!.acceptCompanionInvitation.map((s: { app: string; state: string }) => `${s.app}:${s.state}`).sort()).toEqual(['CBT_COMPANION:SHARING', 'DBT_COACH:SHARING']);
    expect((await call('client', ACCEPT, { code: codeFrom(EMAIL) })).errors?.[0].message).toContain('already been used');

    const posted = await call('client', POST, { i: card(today(), 5) });
    expect(posted.data!.postCompanionEntry).toMatchObject({ app: 'DBT_COACH', type: 'DIARY_CARD', date: today() });
    await call('client', POST, { i: card(daysAgo(1)) });
    const read = await call('owner', ENTRIES, { c: clientA, a: 'DBT_COACH' });
    expect(read.data!.getClientCompanionEntries.items.map((e: { date: string }) => e.date)).toEqual([today(), daysAgo(1)]);
    expect(JSON.parse(read.data!.getClientCompanionEntries.items[0].data)).toMatchObject({ urges: { selfHarm: 5 } });
    const stats = (await call('owner', STATS, { c: clientA, a: 'DBT_COACH' })).data!.getClientCompanionStats;
    expect(stats).toMatchObject({ entryCount: 2, currentStreak: 2, skills: [{ name: 'Wise mind', count: 2 }], highUrgeDates: [today()] });
    const listed = (await call('owner', CLIENTS, { a: 'DBT_COACH' })).data!.listCompanionClients.find((c: { clientId: string }) => c.clientId === clientA);
    expect(listed).toEqual({ clientId: clientA, clientName: 'Robin Diary', state: 'SHARING', lastEntryDate: today(), lastHighUrgeDate: today() });
  });

  it('only the practices sharing that app read it: practice B shares CBT only (and its Apps list now shows CBT)', async () => {
    // Practice B saved an app list without CBT: what its clients share is counted as used.
    await runtime.dynamo.client.send(new PutItemCommand({ TableName: tableName('local', 'Practice'), Item: marshall({ ...appsUsedKey(practiceB), apps: { ACT: true, DBT: false, IFS: false, CBT: false, COACH: false, MI: false } }) }));
    expect((await call('ownerB', '{ getAppsUsed { apps { ACT CBT DBT } } }')).data!.getAppsUsed.apps).toEqual({ ACT: true, CBT: false, DBT: false });
    await call('ownerB', INVITE, { c: clientB, a: ['CBT_COMPANION'] });
    expect((await call('client', ACCEPT, { code: codeFrom(EMAIL) })).data!.acceptCompanionInvitation).toEqual([{ practiceId: practiceB, app: 'CBT_COMPANION', state: 'SHARING' }]);
    expect((await call('ownerB', '{ getAppsUsed { apps { ACT CBT DBT } } }')).data!.getAppsUsed.apps).toEqual({ ACT: true, CBT: true, DBT: false });
    const refused = await call('ownerB', ENTRIES, { c: clientB, a: 'DBT_COACH' });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'This client does not share entries from this app with the practice.' });
    expect((await call('ownerB', CLIENTS, { a: 'DBT_COACH' })).data!.listCompanionClients).toEqual([]);
    // B cannot name A's client at all.
    expect((await call('ownerB', ENTRIES, { c: clientA, a: 'DBT_COACH' })).errors?.[0].errorType).toBe('NotFound');
    await call('client', POST, { i: { app: 'CBT_COMPANION', type: 'THOUGHT_RECORD', date: today(), data: JSON.stringify({ situation: 'Team meeting', automaticThought: 'I will fail', emotion: 'Anxious', intensityBefore: 80, intensityAfter: 35 }) } });
    expect((await call('ownerB', ENTRIES, { c: clientB, a: 'CBT_COMPANION' })).data!.getClientCompanionEntries.items).toHaveLength(1);
  });

  it('stopping sharing stops reads at once; re-sharing restores them; both are audited', async () => {
    expect((await call('client', SET, { p: practiceA, a: 'DBT_COACH', s: false })).data!.setCompanionSharing).toEqual({ practiceId: practiceA, app: 'DBT_COACH', state: 'STOPPED' });
    expect((await call('owner', ENTRIES, { c: clientA, a: 'DBT_COACH' })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('owner', STATS, { c: clientA, a: 'DBT_COACH' })).errors?.[0].errorType).toBe('NotFound');
    const listed = (await call('owner', CLIENTS, { a: 'DBT_COACH' })).data!.listCompanionClients.find((c: { clientId: string }) => c.clientId === clientA);
    expect(listed).toMatchObject({ state: 'STOPPED', lastEntryDate: null });
    // CBT with A is untouched.
    expect((await call('owner', ENTRIES, { c: clientA, a: 'CBT_COMPANION' })).data!.getClientCompanionEntries.items).toHaveLength(1);
    expect((await call('client', SET, { p: practiceA, a: 'DBT_COACH', s: true })).data!.setCompanionSharing.state).toBe('SHARING');
    expect((await call('owner', ENTRIES, { c: clientA, a: 'DBT_COACH' })).data!.getClientCompanionEntries.items).toHaveLength(2);
    const trail = (await call('owner', '{ listAuditTrail { items { action entityId } } }')).data!.listAuditTrail.items as { action: string; entityId: string }[];
    expect(trail.filter((t) => t.entityId === clientA).map((t) => t.action)).toEqual(expect.arrayContaining(['companion.share.accept', 'companion.share.stop', 'companion.share.start', 'companion.entries.read']));
  });
});

describe('per-app hide flags (communities, food, physical activity)', () => {
  const FLAGS = 'mutation ($i: AppHideFlagsInput!) { setAppHideFlags(input: $i) { app hideCommunities food physicalActivity } }';
  const SETTINGS = 'query ($a: CompanionApp!) { myAppSettings(app: $a) { app hideCommunities hideFood hidePhysicalActivity } }';
  const MOOD = (date: string, data: Record<string, unknown>) => ({ app: 'DBT_COACH', type: 'MOOD_SLEEP', date, data: JSON.stringify(data) });
  const moods = async () => (await call('client', 'query { myCompanionEntries(app: DBT_COACH, type: MOOD_SLEEP) { items { id } } }')).data!.myCompanionEntries.items.length as number;

  it('the owner hides DBT food logging: the app is told, a post with food is refused and stores nothing, the practice no longer receives earlier food', async () => {
    expect((await call('client', POST, { i: MOOD(daysAgo(2), { mood: 6, food: 'Oatmeal, salad', activityMinutes: 30 }) })).data!.postCompanionEntry.type).toBe('MOOD_SLEEP');
    const shown = async () => (await call('owner', ENTRIES, { c: clientA, a: 'DBT_COACH', t: 'MOOD_SLEEP' })).data!.getClientCompanionEntries.items.map((e: { data: string }) => JSON.parse(e.data));
    expect(await shown()).toEqual([{ mood: 6, food: 'Oatmeal, salad', activityMinutes: 30 }]);

    const set = await call('owner', FLAGS, { i: { app: 'DBT', hideCommunities: true, food: true, physicalActivity: false } });
    expect(set.data!.setAppHideFlags).toEqual({ app: 'DBT', hideCommunities: true, food: true, physicalActivity: false });
    expect((await call('client', SETTINGS, { a: 'DBT_COACH' })).data!.myAppSettings).toEqual({ app: 'DBT_COACH', hideCommunities: true, hideFood: true, hidePhysicalActivity: false });
    expect((await call('client', SETTINGS, { a: 'CBT_COMPANION' })).data!.myAppSettings).toMatchObject({ hideCommunities: false, hideFood: false });
    const read = (await call('owner', '{ getHideCommunitiesForApps { app hide } getHideHealthNutritionForApps { app food physicalActivity } getAppsUsed { apps { ACT CBT } } }')).data!;
    expect(read.getHideCommunitiesForApps).toContainEqual({ app: 'DBT', hide: true });
    expect(read.getHideHealthNutritionForApps).toContainEqual({ app: 'DBT', food: true, physicalActivity: false });
    expect(read.getAppsUsed.apps).toEqual({ ACT: true, CBT: true }); // the flags alone do not turn apps off

    const before = await moods();
    const refused = await call('client', POST, { i: MOOD(today(), { mood: 5, food: 'Pizza' }) });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Food logging is turned off in this app by a practice you share it with; the entry was not saved.' });
    expect(await moods()).toBe(before);
    expect((await call('client', POST, { i: MOOD(today(), { mood: 5, activityMinutes: 20 }) })).data!.postCompanionEntry.id).toBeTruthy();
    expect(await shown()).toEqual([{ mood: 5, activityMinutes: 20 }, { mood: 6, activityMinutes: 30 }]);
    const trail = (await call('owner', '{ listAuditTrail { items { action entityIds } } }')).data!.listAuditTrail.items as { action: string; entityIds: string[] }[];
    expect(trail.find((t) => t.action === 'companion.flags.edit')?.entityIds).toEqual(['DBT']);
  });

  it('bad input writes nothing; only the practice-settings holders set flags', async () => {
    expect((await call('owner', FLAGS, { i: { app: 'DBT_COACH', hideCommunities: false, food: false, physicalActivity: false } })).errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Choose one of the apps: ACT, DBT, IFS, CBT, COACH or MI.' });
    expect((await call('client', FLAGS, { i: { app: 'DBT', hideCommunities: false, food: false, physicalActivity: false } })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('owner', '{ getHideHealthNutritionForApps { app food } }')).data!.getHideHealthNutritionForApps).toContainEqual({ app: 'DBT', food: true });
    await call('owner', FLAGS, { i: { app: 'DBT', hideCommunities: false, food: false, physicalActivity: false } });
    expect((await call('client', SETTINGS, { a: 'DBT_COACH' })).data!.myAppSettings.hideFood).toBe(false);
  });
});

describe('the demo seed', () => {
  it('three demo clients share months of diary cards; Avery needs attention (high urges lately)', async () => {
    const dbt = (await call('owner', CLIENTS, { a: 'DBT_COACH' })).data!.listCompanionClients as { clientId: string; clientName: string; state: string; lastHighUrgeDate: string | null }[];
    expect(dbt.filter((c) => c.state === 'SHARING').map((c) => c.clientName)).toEqual(expect.arrayContaining(['Avery Lane', 'Taylor Brooks']));
    const avery = dbt.find((c) => c.clientName === 'Avery Lane')!;
    expect(avery.lastHighUrgeDate! >= daysAgo(14)).toBe(true);
    const stats = (await call('owner', STATS, { c: avery.clientId, a: 'DBT_COACH' })).data!.getClientCompanionStats;
    expect(stats.entryCount).toBeGreaterThan(60);
    expect(stats.days.length).toBeGreaterThan(60);
    expect((await call('owner', CLIENTS, { a: 'DBT_DAILY' })).data!.listCompanionClients.map((c: { clientName: string }) => c.clientName)).toEqual(['Morgan Ellis']);
  });
});

describe('another client and bad input', () => {
  it("another client reaches none of this client's entries or shares", async () => {
    expect((await call('demoClient', SET, { p: practiceB, a: 'CBT_COMPANION', s: true })).errors?.[0].errorType).toBe('NotFound');
    const theirs = (await call('demoClient', 'query { myCompanionEntries(app: CBT_COMPANION, type: THOUGHT_RECORD) { items { data } } }')).data!.myCompanionEntries.items as { data: string }[];
    expect(theirs.length).toBeGreaterThan(0); // the demo client's own seeded thought records
    expect(theirs.some((e) => e.data.includes('Team meeting'))).toBe(false);
    // A page token issued to one client is refused for another.
    for (let i = 0; i < 20; i++) await call('client', POST, { i: card(daysAgo(10 + i)) });
    const page = (await call('client', MINE, { a: 'DBT_COACH' })).data!.myCompanionEntries;
    expect(page.items).toHaveLength(20);
    expect(page.nextToken).toBeTruthy();
    // Beyond the 20: the first test's two diary cards and the flags test's two mood entries.
    expect((await call('client', MINE, { a: 'DBT_COACH', n: page.nextToken })).data!.myCompanionEntries.items).toHaveLength(4);
    expect((await call('demoClient', MINE, { a: 'DBT_COACH', n: page.nextToken })).errors?.[0].message).toBe('Invalid page token');
    // A clinician's own token is refused on the client's fields, and the client's on the clinician's.
    expect((await call('owner', MINE, { a: 'DBT_COACH' })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('client', ENTRIES, { c: clientA, a: 'DBT_COACH' })).errors?.[0].errorType).toBe('Unauthorized');
  });

  it('out-of-range ratings and oversize notes: clear errors, nothing stored', async () => {
    const count = async () => {
      let n = 0;
      let token: string | null = null;
      do {
        const p: { items: unknown[]; nextToken: string | null } = (await call('client', MINE, { a: 'DBT_COACH', n: token })).data!.myCompanionEntries;
        n += p.items.length;
        token = p.nextToken;
      } while (token);
      return n;
    };
    const before = await count();
    const range = await call('client', POST, { i: { ...card(today()), data: JSON.stringify({ emotions: { sadness: 7 }, urges: { selfHarm: -1 } }) } });
    expect(range.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect(range.errors?.[0].message).toContain('emotions.sadness (format), urges.selfHarm (format)');
    expect(range.errors?.[0].message).toContain('Ratings are whole numbers');
    const long = await call('client', POST, { i: { ...card(today()), data: JSON.stringify({ emotions: { joy: 2 }, notes: 'x'.repeat(2001) }) } });
    expect(long.errors?.[0].message).toContain('notes (length)');
    const future = await call('client', POST, { i: card(daysAgo(-3)) });
    expect(future.errors?.[0].message).toContain('not in the future');
    expect(await count()).toBe(before);
  });
});
