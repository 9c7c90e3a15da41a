/**
 * The clients API against the whole local runtime with the seeded demo practice: add, search,
 * pages of 20, edit with version, stale edit, archive, tenancy, 'own' scope and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { practicePartition, tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand as DocQueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clientItem, clientKey, validateClientInput } from '../../domain/client.ts';
import { backfillClientNameEntries } from '../../local/client-name-backfill.ts';
import { backfillAppointmentClientIndex } from '../../local/appointment-client-index-backfill.ts';
import { backfillHomeworkClinicianIndex } from '../../local/homework-clinician-index-backfill.ts';

const CLIENT_FIELDS = `id therapistId username status active gender dateOfBirth sendEmailReminder version createdAt updatedAt
  contact { phone type email } personalDetail { first middle last suffix nickname } address { city line1 line2 state zip } communicationSetting { email }`;
const ADD = `mutation ($input: ClientInput!) { addClient(input: $input) { ${CLIENT_FIELDS} } }`;
const EDIT = `mutation ($id: ID!, $version: Int!, $input: ClientInput!) { editClient(id: $id, version: $version, input: $input) { ${CLIENT_FIELDS} } }`;
const REMOVE = 'mutation ($id: ID!) { removeClient(id: $id) { id message status } }';
const GET = `query ($id: ID!) { getClient(id: $id) { ${CLIENT_FIELDS} } }`;
const LIST = 'query ($search: String, $nextToken: String) { getClients(search: $search, nextToken: $nextToken) { items { id therapistId personalDetail { first last } status } nextToken } }';

let runtime: Runtime;
const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};

async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}

const ana = {
  personalDetail: { first: 'Ana', middle: 'María', last: 'Lopez', nickname: 'Annie' },
  dateOfBirth: '02/29/2000',
  gender: 'female',
  sendEmailReminder: true,
  contact: { phone: '(512) 555-0100', type: 'mobile', email: 'ana.lopez@example.org' },
  address: { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' },
  communicationSetting: { email: true },
};

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, countDynamoRequests: true });
  for (const who of ['owner', 'basic', 'biller', 'scheduler']) {
    tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
    subs[who] = (await call(who, '{ me { id } }')).data.me.id;
  }
});
afterAll(async () => {
  await runtime?.stop();
});

async function auditItems() {
  const out = await runtime.dynamo.client.send(new QueryCommand({
    TableName: tableName('local', 'Audit'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': `P#${runtime.seed!.practiceId}` }),
  }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}

describe('clients API', () => {
  let anaId = '';

  it('adds a client with every spec field, normalised, version 1, and audits it without PHI', async () => {
    const out = await call('owner', ADD, { input: ana });
    expect(out.errors).toBeUndefined();
    const client = out.data.addClient;
    anaId = client.id;
    expect(client).toMatchObject({
      therapistId: subs.owner, status: 'active', active: true, version: 1, dateOfBirth: '02/29/2000', sendEmailReminder: true,
      contact: { phone: '+15125550100', type: 'mobile', email: 'ana.lopez@example.org' },
      personalDetail: { first: 'Ana', middle: 'María', last: 'Lopez', suffix: null, nickname: 'Annie' },
      address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', zip: '78701' },
      communicationSetting: { email: true },
    });
    const audit = (await auditItems()).filter((a) => a.entityId === anaId);
    expect(audit).toEqual([expect.objectContaining({ actor: subs.owner, action: 'client.create', entityType: 'Client', field: 'Mutation.addClient' })]);
    const text = JSON.stringify(audit);
    for (const phi of ['Ana', 'Lopez', '5125550100', 'example.org', '02/29/2000', 'Austin']) expect(text).not.toContain(phi);
  });

  it('refuses bad input with field-level errors (names only) and writes nothing', async () => {
    const before = (await auditItems()).length;
    const out = await call('owner', ADD, { input: { ...ana, dateOfBirth: '02/30/2001', contact: { phone: '12', email: 'nope' }, address: { state: 'XX', zip: '1' } } });
    expect(out.data).toBeNull();
    expect(out.errors?.[0].errorType).toBe('ValidationError');
    expect(out.errors?.[0].errorInfo.fields.map((f: { field: string }) => f.field).sort()).toEqual(['address.state', 'address.zip', 'contact.email', 'contact.phone', 'dateOfBirth']);
    expect(out.errors?.[0].message).not.toContain('02/30/2001');
    expect((await auditItems()).length).toBe(before);
    const missing = await call('owner', ADD, { input: { dateOfBirth: '01/01/1990' } });
    expect(missing.errors?.[0].errorInfo.fields).toEqual([{ field: 'personalDetail.first', reason: 'required' }, { field: 'personalDetail.last', reason: 'required' }]);
  });

  it('finds the client by the start of "first last", "last first" or "last, first", case-insensitive (top-bar search)', async () => {
    for (const search of ['ana', 'ANA  lo', 'Ana Lopez', 'lopez', 'LOP', 'Lopez Ana', 'lopez, an', 'Lopez,Ana']) {
      const out = await call('owner', LIST, { search });
      expect([search, out.data.getClients.items.map((c: { id: string }) => c.id)]).toEqual([search, [anaId]]);
    }
    for (const search of ['opez', 'lopez b', 'ana m', 'maría']) {
      expect([search, (await call('owner', LIST, { search })).data.getClients.items]).toEqual([search, []]);
    }
    expect((await call('owner', GET, { id: anaId })).data.getClient.personalDetail.first).toBe('Ana');
  });

  it('finds the seeded demo clients by first or last name, within the caller scope', async () => {
    const names = async (who: string, search: string) => (await call(who, LIST, { search })).data.getClients.items.map((c: { personalDetail: { first: string; last: string } }) => `${c.personalDetail.first} ${c.personalDetail.last}`);
    expect(await names('owner', 'nguyen')).toEqual(['Casey Nguyen']);
    expect(await names('owner', 'Patel, R')).toEqual(['Riley Patel']);
    expect(await names('scheduler', 'avery la')).toEqual(['Avery Lane']);
    expect(await names('basic', 'ellis')).toEqual(['Morgan Ellis']);
    expect(await names('basic', 'nguyen')).toEqual([]);
  });

  it('upgrades a database from before the last-name search: old clients get their name entries once', async () => {
    const db = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const practice = tableName('local', 'Practice');
    const directory = tableName('local', 'Directory');
    const { data } = validateClientInput({ personalDetail: { first: 'Olden', last: 'Stored' }, dateOfBirth: '01/01/1970' });
    const meta = { status: 'active', version: 1, createdAt: 't', updatedAt: 't', createdBy: subs.owner, updatedBy: subs.owner };
    // Written as before: the client item only.
    await db.send(new PutCommand({ TableName: practice, Item: { ...clientKey(runtime.seed!.practiceId, 'old-1'), ...clientItem(runtime.seed!.practiceId, 'old-1', subs.owner, data, meta) } }));
    expect((await call('owner', LIST, { search: 'stored' })).data.getClients.items).toEqual([]);
    // The start-up upgrade ran already (marker set): nothing happens until the marker is gone.
    expect(await backfillClientNameEntries(db, practice, directory)).toBe(0);
    await db.send(new DeleteCommand({ TableName: directory, Key: { PK: 'SEED', SK: 'CLIENT_NAME_ENTRIES_V1' } }));
    expect(await backfillClientNameEntries(db, practice, directory)).toBeGreaterThanOrEqual(1);
    for (const search of ['stored', 'olden st', 'Stored, Olden']) {
      expect([search, (await call('owner', LIST, { search })).data.getClients.items.map((c: { id: string }) => c.id)]).toEqual([search, ['old-1']]);
    }
    expect(await backfillClientNameEntries(db, practice, directory)).toBe(0);
  });

  it("upgrades a database from before the per-client appointment and the clinician's homework indexes: each item gets its keys back, once", async () => {
    const db = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const practice = tableName('local', 'Practice');
    const directory = tableName('local', 'Directory');
    const pk = practicePartition(runtime.seed!.practiceId);
    const items = async (prefix: string) => ((await db.send(new DocQueryCommand({ TableName: practice, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': prefix } }))).Items ?? []);
    const appointment = (await items('APPT#'))[0];
    const homework = (await items('Homework#')).find((h) => typeof h.therapistId === 'string' && typeof h.GSI3PK === 'string')!;
    // Written as before the indexes: the keys gone, the upgrades' markers gone.
    await db.send(new UpdateCommand({ TableName: practice, Key: { PK: appointment.PK, SK: appointment.SK }, UpdateExpression: 'REMOVE GSI4PK, GSI4SK' }));
    await db.send(new UpdateCommand({ TableName: practice, Key: { PK: homework.PK, SK: homework.SK }, UpdateExpression: 'REMOVE GSI3PK, GSI3SK' }));
    for (const SK of ['APPOINTMENT_CLIENT_INDEX_V1', 'HOMEWORK_CLINICIAN_INDEX_V1']) await db.send(new DeleteCommand({ TableName: directory, Key: { PK: 'SEED', SK } }));
    expect(await backfillAppointmentClientIndex(db, practice, directory)).toBe(1);
    expect(await backfillHomeworkClinicianIndex(db, practice, directory)).toBe(1);
    const keysOf = async (item: Record<string, unknown>) => (await db.send(new GetCommand({ TableName: practice, Key: { PK: item.PK, SK: item.SK } }))).Item!;
    expect(await keysOf(appointment)).toMatchObject({ GSI4PK: appointment.GSI4PK, GSI4SK: appointment.GSI4SK });
    expect(await keysOf(homework)).toMatchObject({ GSI3PK: homework.GSI3PK, GSI3SK: homework.GSI3SK });
    // Marked done: a second run reads nothing.
    expect(await backfillAppointmentClientIndex(db, practice, directory)).toBe(0);
    expect(await backfillHomeworkClinicianIndex(db, practice, directory)).toBe(0);
  });

  it('pages 45 clients 20 at a time, by name, with nextToken', async () => {
    const names = Array.from({ length: 45 }, (_, i) => `Pager${String(i).padStart(2, '0')}`);
    for (let i = 0; i < names.length; i += 9) {
      await Promise.all(names.slice(i, i + 9).map((first) => call('scheduler', ADD, { input: { personalDetail: { first, last: 'Test' }, dateOfBirth: '01/01/1980' } })));
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let nextToken: string | null = null;
    do {
      const page: any = (await call('owner', LIST, { search: 'pager', nextToken })).data.getClients;
      sizes.push(page.items.length);
      seen.push(...page.items.map((c: { personalDetail: { first: string } }) => c.personalDetail.first));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(sizes.slice(0, 3)).toEqual([20, 20, 5]);
    expect(seen).toEqual(names);
    const firstPage = (await call('owner', LIST, {})).data.getClients;
    expect(firstPage.items).toHaveLength(20);
    expect(firstPage.nextToken).toEqual(expect.any(String));
    const tampered = await call('owner', LIST, { nextToken: firstPage.nextToken.slice(0, -2) + 'xx' });
    expect(tampered.errors?.[0]).toBeDefined();
  });

  it('edits with the current version, and rejects a stale version without writing', async () => {
    const edited = await call('owner', EDIT, { id: anaId, version: 1, input: { ...ana, personalDetail: { first: 'Anna', last: 'Lopez' } } });
    expect(edited.errors).toBeUndefined();
    expect(edited.data.editClient).toMatchObject({ version: 2, personalDetail: { first: 'Anna', middle: null }, therapistId: subs.owner });
    const stale = await call('biller', EDIT, { id: anaId, version: 1, input: { ...ana, personalDetail: { first: 'Stale', last: 'Write' } } });
    expect(stale.errors?.[0].errorType).toBe('ConflictError');
    const now = (await call('owner', GET, { id: anaId })).data.getClient;
    expect(now).toMatchObject({ version: 2, personalDetail: { first: 'Anna' } });
    expect((await call('owner', LIST, { search: 'anna' })).data.getClients.items.map((c: { id: string }) => c.id)).toEqual([anaId]);
    // The search follows the edit: the new name is found by either order, the old one no longer.
    expect((await call('owner', LIST, { search: 'lopez, anna' })).data.getClients.items.map((c: { personalDetail: { first: string } }) => c.personalDetail.first)).toEqual(['Anna']);
    expect((await call('owner', LIST, { search: 'ana lo' })).data.getClients.items).toEqual([]);
  });

  it('removes by archiving: status archived, active false, out of the list, still readable', async () => {
    const out = await call('owner', REMOVE, { id: anaId });
    expect(out.data.removeClient).toEqual({ id: anaId, message: 'Client archived', status: 'archived' });
    expect((await call('owner', GET, { id: anaId })).data.getClient).toMatchObject({ status: 'archived', active: false, version: 3 });
    expect((await call('owner', LIST, { search: 'anna' })).data.getClients.items).toEqual([]);
    expect((await call('owner', LIST, { search: 'lopez' })).data.getClients.items).toEqual([]);
  });

  it('lists archived clients by status, and restores one: active again, in the list and the search, audited (issue 19)', async () => {
    const ARCHIVED = 'query ($nextToken: String) { getClients(status: "archived", nextToken: $nextToken) { items { id status personalDetail { first } } nextToken } }';
    const RESTORE = `mutation ($id: ID!) { restoreClient(id: $id) { ${CLIENT_FIELDS} } }`;
    expect((await call('owner', ARCHIVED)).data.getClients.items).toEqual([{ id: anaId, status: 'archived', personalDetail: { first: 'Anna' } }]);
    expect((await call('owner', LIST, {})).data.getClients.items.map((c: { id: string }) => c.id)).not.toContain(anaId);
    expect((await call('owner', 'query { getClients(status: "gone") { items { id } } }')).errors?.[0].errorType).toBe('ValidationError');
    expect((await call('scheduler', RESTORE, { id: anaId })).errors?.[0].errorType).toBe('Unauthorized');
    const restored = (await call('owner', RESTORE, { id: anaId })).data.restoreClient;
    expect(restored).toMatchObject({ id: anaId, status: 'active', active: true, version: 4 });
    expect((await call('owner', ARCHIVED)).data.getClients.items).toEqual([]);
    expect((await call('owner', LIST, { search: 'lopez' })).data.getClients.items.map((c: { id: string }) => c.id)).toContain(anaId);
    const again = await call('owner', RESTORE, { id: anaId });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Only an archived client can be restored.' });
    expect((await auditItems()).some((a) => a.action === 'client.restore' && a.entityId === anaId)).toBe(true);
    // Archived again for the tests that follow.
    expect((await call('owner', REMOVE, { id: anaId })).data.removeClient.status).toBe('archived');
  });

  it("treats another practice's client id as missing", async () => {
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Practice'),
      Item: marshall({ PK: 'P#another-practice', SK: 'Client#foreign-1', id: 'foreign-1', therapistId: 'x', version: 1, status: 'active', active: true, personalDetail: { first: 'Foreign', last: 'Person' }, dateOfBirth: '01/01/1990' }),
    }));
    expect((await call('owner', GET, { id: 'foreign-1' })).data.getClient).toBeNull();
    const edit = await call('owner', EDIT, { id: 'foreign-1', version: 1, input: ana });
    expect(edit.errors?.[0].errorType).toBe('NotFound');
    expect((await call('owner', REMOVE, { id: 'foreign-1' })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('owner', LIST, { search: 'foreign' })).data.getClients.items).toEqual([]);
  });

  it("scopes a clinicianBasic to their own clients; the owner sees theirs too", async () => {
    const own = (await call('basic', ADD, { input: { personalDetail: { first: 'Owen', last: 'Basic' }, dateOfBirth: '05/05/1995' } })).data.addClient;
    expect(own.therapistId).toBe(subs.basic);
    // Their own: the one just added and the demo client the seed gave them.
    const mine = (await call('basic', LIST, {})).data.getClients.items;
    expect(mine.map((c: { personalDetail: { first: string } }) => c.personalDetail.first)).toEqual(['Morgan', 'Owen']);
    expect(mine.every((c: { therapistId: string }) => c.therapistId === subs.basic)).toBe(true);
    // Searching by last name stays within the caller's own clients ("Test" is the pager clients' last name).
    expect((await call('basic', LIST, { search: 'basic, ow' })).data.getClients.items.map((c: { id: string }) => c.id)).toEqual([own.id]);
    expect((await call('basic', LIST, { search: 'test' })).data.getClients.items).toEqual([]);
    expect((await call('owner', LIST, { search: 'test pager0' })).data.getClients.items).toHaveLength(10);
    const someoneElses = (await call('owner', LIST, { search: 'pager00' })).data.getClients.items[0].id;
    expect((await call('basic', GET, { id: someoneElses })).data.getClient).toBeNull();
    expect((await call('basic', EDIT, { id: someoneElses, version: 1, input: ana })).errors?.[0].errorType).toBe('NotFound');
    const reassign = await call('basic', ADD, { input: { ...ana, therapistId: subs.owner } });
    expect(reassign.errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('owner', GET, { id: own.id })).data.getClient.therapistId).toBe(subs.basic);
    // A practice-wide caller may assign a client to a member, not to a stranger.
    expect((await call('owner', ADD, { input: { ...ana, therapistId: subs.basic } })).data.addClient.therapistId).toBe(subs.basic);
    expect((await call('owner', ADD, { input: { ...ana, therapistId: 'not-a-member' } })).errors?.[0].errorType).toBe('ValidationError');
  });

  // DynamoDB requests per GraphQL call, all steps counted (docs/benchmarks.md): authorize reads the
  // membership (Directory GetItem), the data step reads or writes the Practice table, audit appends
  // one Audit item. The data step's target: 1 request for a get, 1 per page for a list, never a Scan.
  it('costs one data request per get and per page, plus authorize and audit, and never a Scan', async () => {
    const counter = runtime.dynamoRequests!;
    const requests = async (query: string, variables: Record<string, unknown>) => {
      counter.take();
      const out = await call('owner', query, variables);
      expect(out.errors).toBeUndefined();
      return { out, counts: counter.take() };
    };
    const steps = { 'Directory:GetItem': 1, 'Audit:PutItem': 1 };
    const added = await requests(ADD, { input: { personalDetail: { first: 'Counted', last: 'Client' }, dateOfBirth: '01/01/1980' } });
    // The client and its two name-search entries are one transaction (the caller is the therapist: no membership check).
    expect(added.counts).toEqual({ ...steps, 'Practice:TransactWriteItems': 1 });
    expect((await requests(GET, { id: added.out.data.addClient.id })).counts).toEqual({ ...steps, 'Practice:GetItem': 1 });
    const first = await requests(LIST, {});
    expect(first.counts).toEqual({ ...steps, 'Practice:Query': 1 });
    expect((await requests(LIST, { nextToken: first.out.data.getClients.nextToken })).counts).toEqual({ ...steps, 'Practice:Query': 1 });
    expect((await requests(LIST, { search: 'client, co' })).counts).toEqual({ ...steps, 'Practice:Query': 1 });
  });

  it('audits every read and write of client data', async () => {
    const audit = await auditItems();
    const actions = new Set(audit.filter((a) => a.entityType === 'Client').map((a) => a.action));
    expect([...actions].sort()).toEqual(['client.archive', 'client.create', 'client.list', 'client.read', 'client.read.miss', 'client.restore', 'client.update']);
    const list = audit.find((a) => a.action === 'client.list' && Array.isArray(a.entityIds) && a.entityIds.length === 20);
    expect(list).toMatchObject({ actor: subs.owner, field: 'Query.getClients' });
    expect(audit.filter((a) => a.entityId === anaId).map((a) => a.action)).toEqual(expect.arrayContaining(['client.create', 'client.read', 'client.update', 'client.archive']));
  });
});
