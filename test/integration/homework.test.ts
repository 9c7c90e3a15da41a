/**
 * Homework and groups (issue 14) against the whole local runtime: a coordinator reaches homework and
 * the groups they facilitate only; a Basic practice is refused; a clinician assigns (once and on a
 * schedule, to a client and to a group); the client sees it through the companion-app API and marks
 * it done with their entry linked; another client's ids reach nothing; bad input stores nothing; the
 * list's page tokens are bound to the caller and the filters, and a clinician who reaches part of the
 * practice gets full pages however many items of others lie between theirs. The EMDR hand-off code works once, for
 * 60 seconds, and only for the app's server with its secret.
 */
import { createHash } from 'node:crypto';
import { BatchWriteItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { homeworkIndexes, homeworkItemKey } from '../../domain/companion/homework.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';
import { firstClientSignIn, inviteClient, publicCall } from '../support/client-portal.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};
let practiceId = '';
let taylor = '';
let robin = '';

type Body = { data?: Record<string, any>; errors?: { message: string; errorType?: string }[] };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  return (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
}
const day = (offset: number) => new Date(Date.now() + offset * 86400000).toLocaleDateString('en-CA', { timeZone: 'US/Pacific' });
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;

const ASSIGN = 'mutation ($i: HomeworkInput!) { assignHomework(input: $i) { id count clientIds groupId firstDue lastDue } }';
const LIST = 'query ($c: ID, $g: ID, $s: HomeworkState, $n: String) { listHomework(clientId: $c, groupId: $g, state: $s, nextToken: $n) { items { id clientId clientName groupName title state dueDate entryId } nextToken } }';
const MINE = '{ myHomework { id practiceId practiceName title state dueDate entryType } }';
const DONE = 'mutation ($p: ID!, $h: ID!, $e: ID) { completeHomework(practiceId: $p, homeworkId: $h, entryId: $e) { id state doneAt entryId } }';
const CREATE = 'mutation ($i: GroupInput!) { createGroup(input: $i) { id name canEdit facilitators { id name } members { id name } nextMeeting } }';
const EDIT = 'mutation ($g: ID!, $i: GroupInput!) { editGroup(groupId: $g, input: $i) { id name members { id } } }';
const ADD = 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  practiceId = runtime.seed!.practiceId;
  for (const [who, email] of [['owner', 'owner@demo.practiceportal.test'], ['coordinator', 'coordinator@demo.practiceportal.test'], ['basic', 'basic@demo.practiceportal.test'], ['taylor', DEMO_CLIENT.email]]) {
    tokens[who] = (await signInSeeded(runtime.url, email, DEMO_PASSWORD)).accessToken;
    subs[who] = subOf(tokens[who]);
  }
  taylor = (await call('taylor', '{ clientMe { practices { clientId } } }')).data!.clientMe.practices[0].clientId;
  // Another client of the practice with an account of their own.
  robin = (await call('owner', ADD, { input: { personalDetail: { first: 'Robin', last: 'Homework' }, dateOfBirth: '03/03/1993', contact: { email: 'robin.homework@example.com' } } })).data!.addClient.id;
  const token = await inviteClient(runtime, tokens.owner, robin, 'robin.homework@example.com');
  expect((await publicCall(runtime, 'acceptClientInvitation', { token, password: 'ClientPass1' })).status).toBe(200);
  tokens.robin = await firstClientSignIn(runtime, 'robin.homework@example.com', 'ClientPass1');
  // A practice on the Basic plan.
  await addPractice(runtime, 'basic-owner@elsewhere.practiceportal.test');
  tokens.basicPlan = (await signInSeeded(runtime.url, 'basic-owner@elsewhere.practiceportal.test', DEMO_PASSWORD)).accessToken;
  await runtime.dynamo.client.send(new UpdateItemCommand({
    TableName: tableName('local', 'Directory'), Key: { PK: { S: membershipKey(subOf(tokens.basicPlan)).PK }, SK: { S: 'MEMBERSHIP' } },
    UpdateExpression: 'SET #p = :b', ExpressionAttributeNames: { '#p': 'plan' }, ExpressionAttributeValues: { ':b': { S: 'basic' } },
  }));
}, 180_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('assign, the client completes, the list shows it', () => {
  it('a library worksheet for Taylor: she sees it, marks it done with her diary card linked; the list says DONE; twice is refused', async () => {
    const made = await call('owner', ASSIGN, { i: { clientId: taylor, libraryId: 'dbt-diary-card', frequency: 'ONCE', dueDate: day(2) } });
    expect(made.data!.assignHomework).toMatchObject({ count: 1, clientIds: [taylor], firstDue: day(2) });
    const mine = (await call('taylor', MINE)).data!.myHomework as { id: string; practiceId: string; title: string; state: string; dueDate: string; entryType: string }[];
    const hw = mine.find((h) => h.title === 'Daily diary card' && h.dueDate === day(2))!;
    expect(hw).toMatchObject({ practiceId, practiceName: expect.any(String), entryType: 'DIARY_CARD' });
    // Robin (another client of the same practice) cannot mark Taylor's homework done.
    expect((await call('robin', DONE, { p: practiceId, h: hw.id })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Homework not found.' });
    // An entry that is not Taylor's is refused and nothing changes.
    expect((await call('taylor', DONE, { p: practiceId, h: hw.id, e: '1-notmine' })).errors?.[0].message).toBe('The linked entry was not found among your entries.');
    const entry = await call('taylor', 'mutation ($i: CompanionEntryInput!) { postCompanionEntry(input: $i) { id } }', {
      i: { app: 'DBT_COACH', type: 'DIARY_CARD', date: day(0), data: JSON.stringify({ emotions: { sadness: 2 }, urges: { selfHarm: 0 }, skillsUsed: ['Wise mind'] }) },
    });
    const entryId = entry.data!.postCompanionEntry.id as string;
    const done = await call('taylor', DONE, { p: practiceId, h: hw.id, e: entryId });
    expect(done.data!.completeHomework).toMatchObject({ id: hw.id, state: 'DONE', entryId });
    expect((await call('taylor', DONE, { p: practiceId, h: hw.id })).errors?.[0].message).toBe('This homework is already marked done.');
    const listed = (await call('owner', LIST, { c: taylor, s: 'DONE' })).data!.listHomework.items as { id: string; state: string; entryId: string; clientName: string }[];
    expect(listed.find((i) => i.id === hw.id)).toMatchObject({ state: 'DONE', entryId, clientName: 'Taylor Brooks' });
  });

  it('a weekly task for three weeks makes four items; one already due yesterday is OVERDUE; a client never sees another client\'s', async () => {
    const weekly = await call('owner', ASSIGN, { i: { clientId: robin, title: 'Walk for 20 minutes', instructions: 'Note how you felt.', frequency: 'WEEKLY', startDate: day(0), endDate: day(21), dueDate: day(3) } });
    expect(weekly.data!.assignHomework).toMatchObject({ count: 4, firstDue: day(3), lastDue: day(24) });
    await call('owner', ASSIGN, { i: { clientId: robin, title: 'Call the pharmacy', frequency: 'ONCE', startDate: day(-1), dueDate: day(-1) } });
    const overdue = (await call('owner', LIST, { c: robin, s: 'OVERDUE' })).data!.listHomework.items as { title: string; state: string }[];
    expect(overdue.map((i) => i.title)).toEqual(['Call the pharmacy']);
    // Robin sees the open ones (the first weekly one and the overdue one), not the weeks not yet opened.
    const robins = (await call('robin', MINE)).data!.myHomework as { title: string; state: string }[];
    expect(robins.map((h) => `${h.title}:${h.state}`).sort()).toEqual(['Call the pharmacy:OVERDUE', 'Walk for 20 minutes:ASSIGNED']);
    expect(((await call('taylor', MINE)).data!.myHomework as { title: string }[]).some((h) => h.title === 'Call the pharmacy')).toBe(false);
  });

  it('bad input is refused with a clear message and stores nothing', async () => {
    const before = (await call('owner', LIST, { c: robin })).data!.listHomework.items.length;
    const none = await call('owner', ASSIGN, { i: { title: 'x', frequency: 'ONCE', dueDate: day(1) } });
    expect(none.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining('Choose either a client or a group.') });
    const long = await call('owner', ASSIGN, { i: { clientId: robin, title: 'x'.repeat(121), frequency: 'ONCE', dueDate: day(1) } });
    expect(long.errors?.[0].message).toContain('title (length)');
    const endless = await call('owner', ASSIGN, { i: { clientId: robin, title: 'Breathe', frequency: 'WEEKLY', dueDate: day(1) } });
    expect(endless.errors?.[0].message).toContain('A schedule needs an end date.');
    const early = await call('owner', ASSIGN, { i: { clientId: robin, title: 'Breathe', frequency: 'ONCE', startDate: day(3), dueDate: day(1) } });
    expect(early.errors?.[0].message).toContain('The due date is on or after the start date');
    const unknown = await call('owner', ASSIGN, { i: { clientId: robin, libraryId: 'no-such-sheet', frequency: 'ONCE', dueDate: day(1) } });
    expect(unknown.errors?.[0].message).toContain('libraryId (unknown)');
    expect((await call('owner', LIST, { c: robin })).data!.listHomework.items.length).toBe(before);
  });
});

describe('groups and who reaches them', () => {
  let groupId = '';
  it('the owner makes a skills group the coordinator facilitates; the coordinator sees it and sends homework to the whole group', async () => {
    const made = await call('owner', CREATE, { i: { name: 'Tuesday DBT skills', kind: 'SKILLS', facilitators: [subs.owner, subs.coordinator], members: [taylor, robin], meets: { frequency: 'WEEKLY', startDate: day(-14), time: '18:00', minutes: 90 } } });
    groupId = made.data!.createGroup.id;
    expect(made.data!.createGroup).toMatchObject({ canEdit: true, nextMeeting: day(0) });
    const seen = (await call('coordinator', '{ listGroups { items { id name members { name } } facilitatorOptions { id } } }')).data!.listGroups;
    expect(seen.items.find((g: { id: string }) => g.id === groupId).members.map((m: { name: string }) => m.name).sort()).toEqual(['Robin Homework', 'Taylor Brooks']);
    expect(seen.facilitatorOptions.map((f: { id: string }) => f.id)).toContain(subs.coordinator);
    const sent = await call('coordinator', ASSIGN, { i: { groupId, libraryId: 'dbt-stop-skill', frequency: 'ONCE', dueDate: day(5) } });
    expect(sent.data!.assignHomework).toMatchObject({ count: 2, groupId });
    const byGroup = (await call('coordinator', LIST, { g: groupId })).data!.listHomework.items as { clientName: string; groupName: string }[];
    expect(byGroup.map((i) => `${i.clientName}/${i.groupName}`).sort()).toEqual(['Robin Homework/Tuesday DBT skills', 'Taylor Brooks/Tuesday DBT skills']);
    const overview = (await call('coordinator', 'query ($g: ID!) { getGroupOverview(groupId: $g) { members { name apps homeworkAssigned } } }', { g: groupId })).data!.getGroupOverview.members;
    expect(overview.find((m: { name: string }) => m.name === 'Taylor Brooks')).toMatchObject({ apps: expect.arrayContaining(['DBT_COACH']), homeworkAssigned: 1 });
  });

  it('the coordinator reaches nothing else: no clients, no client outside their groups, no adding members or changing facilitators', async () => {
    expect((await call('coordinator', '{ getClients { items { id } } }')).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('coordinator', '{ listAppointments(from: "2026-01-01T00:00:00Z", to: "2026-02-01T00:00:00Z") { items { id } } }')).errors?.[0].errorType).toBe('Unauthorized');
    const outsider = (await call('owner', ADD, { input: { personalDetail: { first: 'Out', last: 'Side' }, dateOfBirth: '01/01/1980' } })).data!.addClient.id;
    expect((await call('coordinator', ASSIGN, { i: { clientId: outsider, title: 'Journal', frequency: 'ONCE', dueDate: day(1) } })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('coordinator', LIST, { c: outsider })).errors?.[0].errorType).toBe('NotFound');
    const add = await call('coordinator', EDIT, { g: groupId, i: { name: 'Tuesday DBT skills', kind: 'SKILLS', facilitators: [subs.owner, subs.coordinator], members: [taylor, robin, outsider] } });
    expect(add.errors?.[0].message).toBe('A coordinator can remove members but not add them; ask a clinician to add a client.');
    const fac = await call('coordinator', EDIT, { g: groupId, i: { name: 'Tuesday DBT skills', kind: 'SKILLS', facilitators: [subs.coordinator], members: [taylor, robin] } });
    expect(fac.errors?.[0].message).toBe('Only a clinician can change who facilitates a group.');
    const renamed = await call('coordinator', EDIT, { g: groupId, i: { name: 'Tuesday skills group', kind: 'SKILLS', facilitators: [subs.owner, subs.coordinator], members: [taylor] } });
    expect(renamed.data!.editGroup).toMatchObject({ name: 'Tuesday skills group', members: [{ id: taylor }] });
    // The own-clients clinician does not see a group they do not facilitate.
    expect((await call('basic', 'query ($g: ID!) { getGroupOverview(groupId: $g) { groupId } }', { g: groupId })).errors?.[0].errorType).toBe('NotFound');
    // Nor the group's homework list through its id.
    expect((await call('basic', LIST, { g: groupId })).errors?.[0].errorType).toBe('NotFound');
  });

  it("a client added later gets the group's homework still to come; one who leaves loses what has not opened", async () => {
    const weekly = await call('owner', ASSIGN, { i: { groupId, title: 'Skills practice', frequency: 'WEEKLY', startDate: day(0), endDate: day(21), dueDate: day(2) } });
    expect(weekly.data!.assignHomework).toMatchObject({ count: 4, clientIds: [taylor] });
    const sam = (await call('owner', ADD, { input: { personalDetail: { first: 'Sam', last: 'Later' }, dateOfBirth: '04/04/1994' } })).data!.addClient.id;
    const group = { name: 'Tuesday skills group', kind: 'SKILLS', facilitators: [subs.owner, subs.coordinator] };
    expect((await call('owner', EDIT, { g: groupId, i: { ...group, members: [taylor, sam] } })).errors).toBeUndefined();
    const samsItems = (await call('owner', LIST, { c: sam })).data!.listHomework.items as { title: string; dueDate: string; state: string; groupName: string }[];
    // The four weekly occurrences and the group's earlier worksheet (due in 5 days), each as the others have it.
    expect(samsItems.map((i) => `${i.title}@${i.dueDate}`).sort()).toEqual(['Practise STOP', 'Skills practice', 'Skills practice', 'Skills practice', 'Skills practice']
      .map((t, n) => `${t}@${n === 0 ? day(5) : day(2 + 7 * (n - 1))}`).sort());
    expect(samsItems.every((i) => i.state === 'ASSIGNED' && i.groupName === 'Tuesday skills group')).toBe(true);
    // The coordinator facilitates the group: Sam is in their reach now, their items on the group's list.
    expect(((await call('coordinator', LIST, { g: groupId })).data!.listHomework.items as { clientId: string }[]).filter((i) => i.clientId === sam)).toHaveLength(5);
    // Taylor leaves: the weekly occurrence already open stays (hers to finish), the three not yet open go.
    expect((await call('owner', EDIT, { g: groupId, i: { ...group, members: [sam] } })).errors).toBeUndefined();
    const taylors = (await call('owner', LIST, { c: taylor })).data!.listHomework.items as { title: string; dueDate: string }[];
    expect(taylors.filter((i) => i.title === 'Skills practice').map((i) => i.dueDate)).toEqual([day(2)]);
  });

  it('a Basic practice has no homework or groups', async () => {
    for (const q of ['{ listHomework { items { id } } }', '{ listGroups { items { id } } }', '{ getHomeworkLibrary { id } }']) {
      expect((await call('basicPlan', q)).errors?.[0].errorType).toBe('Unauthorized');
    }
    expect((await call('basicPlan', ASSIGN, { i: { title: 'x', frequency: 'ONCE', dueDate: day(1), clientId: 'c' } })).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('the homework list pages', () => {
  it('20 a page; the token works for its caller and filters only', async () => {
    await call('owner', ASSIGN, { i: { clientId: robin, title: 'Daily breathing', frequency: 'WEEKLY', startDate: day(0), endDate: day(7 * 24), dueDate: day(1) } });
    const first = (await call('owner', LIST, { c: robin })).data!.listHomework;
    expect(first.items).toHaveLength(20);
    expect(first.nextToken).toEqual(expect.any(String));
    const second = (await call('owner', LIST, { c: robin, n: first.nextToken })).data!.listHomework;
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((i: { id: string }) => first.items.some((f: { id: string }) => f.id === i.id))).toBe(false);
    expect((await call('owner', LIST, { c: taylor, n: first.nextToken })).errors?.[0].message).toBe('Invalid page token');
    expect((await call('coordinator', LIST, { c: robin, n: first.nextToken })).errors?.[0].message).toBe('Invalid page token');
  });
});

describe('the homework list is full for a clinician who reaches part of the practice', () => {
  it("a clinicianBasic's pages hold 20 of their own clients' items, however many of others' are due later", async () => {
    // 450 items of other clinicians' clients, all due after the clinician's own (newest first, they come first in the practice).
    const items = Array.from({ length: 450 }, (_, n) => {
      const id = `${day(200 + (n % 100))}.${n.toString(16).padStart(12, '0')}`;
      const clientId = `other-client-${n % 9}`;
      return { ...homeworkItemKey(practiceId, id), ...homeworkIndexes(practiceId, id, clientId, subs.owner, null), entity: 'Homework', id, clientId, therapistId: subs.owner, groupId: null, kind: 'TASK', title: 'Other', opensOn: day(190), dueDate: id.slice(0, 10), state: 'assigned', assignedAt: new Date().toISOString() };
    });
    for (let i = 0; i < items.length; i += 25) {
      await runtime.dynamo.client.send(new BatchWriteItemCommand({ RequestItems: { [tableName('local', 'Practice')]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item: marshall(Item) } })) } }));
    }
    const mine = (await call('basic', ADD, { input: { personalDetail: { first: 'Jamie', last: 'Own' }, dateOfBirth: '05/05/1995' } })).data!.addClient.id;
    expect((await call('basic', ASSIGN, { i: { clientId: mine, title: 'Thought log', frequency: 'WEEKLY', startDate: day(0), endDate: day(7 * 24), dueDate: day(1) } })).data!.assignHomework.count).toBe(25);
    const pages: { items: { clientId: string }[]; nextToken: string | null }[] = [];
    let token: string | null = null;
    do {
      const page: { items: { clientId: string }[]; nextToken: string | null } = (await call('basic', LIST, { n: token })).data!.listHomework;
      pages.push(page);
      token = page.nextToken;
    } while (token && pages.length < 5);
    const own = (await call('owner', LIST, { c: taylor })).data!.listHomework.items as unknown[];
    expect(own.length).toBeGreaterThan(0); // the owner still reads the practice's
    // Their new client's 25 and the seeded homework of their other own clients: full pages of 20, then the rest, then the end.
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.slice(0, -1).every((p) => p.items.length === 20 && p.nextToken)).toBe(true);
    expect(pages[pages.length - 1].nextToken).toBeNull();
    const all = pages.flatMap((p) => p.items);
    expect(all.filter((i) => i.clientId === mine)).toHaveLength(25);
    expect(all.some((i) => i.clientId.startsWith('other-client-'))).toBe(false);
  });
});

describe('the EMDR hand-off', () => {
  const exchange = async (code: string, secret = process.env.EMDR_APP_SECRET!) => {
    const res = await fetch(`${runtime.url}/api/emdrHandoff`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-emdr-app-secret': secret }, body: JSON.stringify({ code }) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const handoff = async (who = 'owner') => {
    const out = await call(who, 'mutation { createEmdrHandoff { url expiresAt } }');
    return out.data?.createEmdrHandoff as { url: string; expiresAt: string };
  };

  it('the code is in the fragment only, no token or e-mail; the app\'s server exchanges it once with its secret', async () => {
    const { url, expiresAt } = await handoff();
    const code = /#handoff=([A-Za-z0-9_-]{43})$/.exec(url)![1];
    expect(url.split('#')[0]).toBe(process.env.EMDR_APP_URL);
    expect(url).not.toContain('@');
    expect(url).not.toContain(tokens.owner.slice(0, 20));
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await exchange(code, 'not-the-secret')).status).toBe(401);
    const first = await exchange(code);
    expect(first).toMatchObject({ status: 200, body: { userId: subs.owner, practiceId } });
    expect(JSON.stringify(first.body)).not.toContain('@');
    expect(await exchange(code)).toMatchObject({ status: 410, body: { message: 'This hand-off code has already been used.' } });
    expect((await exchange('A'.repeat(43))).status).toBe(404);
  });

  it("on npm start the EMDR app's stand-in (/_local/emdr/) exchanges the code with the app's secret, once, and says who arrived", async () => {
    const { url } = await handoff();
    expect(url.startsWith(`${runtime.url}/_local/emdr/#handoff=`)).toBe(true);
    const html = await (await fetch(url.split('#')[0])).text();
    expect(html).toContain('This page stands in for the external EMDR app');
    const code = new URLSearchParams(url.split('#')[1]).get('handoff');
    const post = async () => {
      const res = await fetch(`${runtime.url}/_local/emdr/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
      return { status: res.status, body: await res.json() };
    };
    expect(await post()).toEqual({ status: 200, body: { name: expect.stringMatching(/\S+ \S+/) } });
    expect(await post()).toEqual({ status: 410, body: { message: 'This hand-off code has already been used.' } });
  });

  it('a code older than 60 seconds is refused; the Apps right is needed to get one', async () => {
    const { url } = await handoff();
    const code = /#handoff=(.+)$/.exec(url)![1];
    const key = { PK: { S: 'EMDRHANDOFF#' + createHash('sha256').update(code).digest('hex') }, SK: { S: 'HANDOFF' } };
    await runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: key, UpdateExpression: 'SET validUntil = :t', ExpressionAttributeValues: { ':t': { S: new Date(Date.now() - 1000).toISOString() } } }));
    expect(await exchange(code)).toMatchObject({ status: 410, body: { message: 'This hand-off code has expired. Open EMDR again from the portal.' } });
    expect((await call('coordinator', 'mutation { createEmdrHandoff { url } }')).errors?.[0].errorType).toBe('Unauthorized');
  });
});
