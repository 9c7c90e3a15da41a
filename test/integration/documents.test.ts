/**
 * Consent documents and intake form settings (issue 12) against the whole local runtime with the
 * seeded demo practice: versioned CRUD (every edit a new immutable version, delete archives),
 * stale and bad input refused with nothing written, roles, another practice refused, the audit
 * trail without the documents' text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD, demoTotpSecret } from '../../local/demo-accounts.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
type Body = { data?: any; errors?: Array<{ message: string; errorType?: string; errorInfo?: any }> };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}

const DOC = 'id title details included version textVersion status createdAt updatedAt archivedAt';
const ADD = `mutation ($t: String!, $d: String!, $i: Boolean) { addConsentDocument(title: $t, details: $d, included: $i) { ${DOC} } }`;
const EDIT = `mutation ($id: ID!, $v: Int!, $t: String!, $d: String!, $i: Boolean!) { editConsentDocument(id: $id, version: $v, title: $t, details: $d, included: $i) { ${DOC} } }`;
const DELETE = `mutation ($id: ID!) { deleteConsentDocument(id: $id) { ${DOC} } }`;
const LIST = `query ($a: Boolean, $n: String) { getConsentDocuments(archived: $a, nextToken: $n) { items { ${DOC} } nextToken } }`;
const SETTINGS = 'forms { formName title default } defaultForm version';

async function listAll(who: string, archived = false): Promise<any[]> {
  const items: any[] = [];
  let next: string | null = null;
  do {
    const body = await call(who, LIST, { a: archived, n: next });
    expect(body.errors).toBeUndefined();
    items.push(...body.data.getConsentDocuments.items);
    next = body.data.getConsentDocuments.nextToken;
  } while (next);
  return items;
}

async function versionItems(practiceId: string, id: string) {
  const out = await runtime.dynamo.client.send(new QueryCommand({
    TableName: tableName('local', 'Practice'),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: marshall({ ':pk': `P#${practiceId}`, ':sk': `ConsentDocVersion#${id}#` }),
    ConsistentRead: true,
  }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  const email = 'docs-other@elsewhere.practiceportal.test';
  const { sub } = await runtime.cognito.admin.createUser({ email, password: DEMO_PASSWORD, givenName: 'Dora', familyName: 'Other', groups: ['Therapists'], totpSecret: demoTotpSecret(email) });
  await runtime.dynamo.client.send(new PutItemCommand({
    TableName: tableName('local', 'Directory'),
    Item: marshall({ ...membershipKey(sub), GSI1PK: `P#${sub}`, GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email }),
  }));
  await Promise.all([
    ...['owner', 'admin', 'basic', 'biller'].map(async (who) => (tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken)),
    signInSeeded(runtime.url, email, DEMO_PASSWORD).then((t) => (tokens.other = t.accessToken)),
  ]);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('consent documents', () => {
  it('every edit is a new version kept beside the old ones; only a text change moves textVersion; delete archives', async () => {
    const added = await call('owner', ADD, { t: '  Telehealth   consent ', d: 'I agree to sessions by video.\nLine two.' });
    expect(added.errors).toBeUndefined();
    const doc = added.data.addConsentDocument;
    expect(doc).toMatchObject({ title: 'Telehealth consent', details: 'I agree to sessions by video.\nLine two.', included: false, version: 1, textVersion: 1, status: 'ACTIVE', archivedAt: null });
    expect((await listAll('admin')).map((d) => d.id)).toContain(doc.id);

    const edited = await call('admin', EDIT, { id: doc.id, v: 1, t: 'Telehealth consent', d: 'I agree to sessions by secure video.', i: false });
    expect(edited.errors).toBeUndefined();
    expect(edited.data.editConsentDocument).toMatchObject({ version: 2, textVersion: 2, details: 'I agree to sessions by secure video.' });
    const included = await call('owner', EDIT, { id: doc.id, v: 2, t: 'Telehealth consent', d: 'I agree to sessions by secure video.', i: true });
    expect(included.data.editConsentDocument).toMatchObject({ version: 3, textVersion: 2, included: true });

    const stale = await call('admin', EDIT, { id: doc.id, v: 2, t: 'Overwritten', d: 'Overwritten', i: false });
    expect(stale.errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: MESSAGES.consentChanged });

    const versions = await versionItems(runtime.seed!.practiceId, doc.id);
    expect(versions.map((v) => [v.version, v.details, v.included])).toEqual([
      [1, 'I agree to sessions by video.\nLine two.', false],
      [2, 'I agree to sessions by secure video.', false],
      [3, 'I agree to sessions by secure video.', true],
    ]);

    const archived = await call('owner', DELETE, { id: doc.id });
    expect(archived.errors).toBeUndefined();
    expect(archived.data.deleteConsentDocument).toMatchObject({ id: doc.id, status: 'ARCHIVED', version: 3 });
    expect(archived.data.deleteConsentDocument.archivedAt).toBeTruthy();
    expect((await listAll('owner')).map((d) => d.id)).not.toContain(doc.id);
    expect((await listAll('owner', true)).map((d) => d.id)).toContain(doc.id);
    const again = await call('owner', DELETE, { id: doc.id });
    expect(again.data.deleteConsentDocument.status).toBe('ARCHIVED');
    const afterArchive = await call('owner', EDIT, { id: doc.id, v: 3, t: 'Changed', d: 'Changed', i: false });
    expect(afterArchive.errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: MESSAGES.consentArchived });
    expect(await versionItems(runtime.seed!.practiceId, doc.id)).toHaveLength(3);
  });

  it('bad input: a clear message naming the field, nothing written', async () => {
    const before = (await listAll('owner')).length;
    const blank = await call('owner', ADD, { t: '   ', d: 'Text' });
    expect(blank.errors?.[0].errorType).toBe('ValidationError');
    expect(blank.errors?.[0].message).toContain(MESSAGES.consentTitleRequired);
    const hidden = await call('owner', ADD, { t: 'Consent', d: 'Agree\u202Ehidden' });
    expect(hidden.errors?.[0].message).toContain(MESSAGES.textCharacters);
    expect(hidden.errors?.[0].message).not.toContain('hidden');
    const long = await call('owner', ADD, { t: 'Consent', d: 'x'.repeat(50001) });
    expect(long.errors?.[0].message).toContain(MESSAGES.consentTooLong);
    expect(await listAll('owner')).toHaveLength(before);
    const missing = await call('owner', EDIT, { id: 'no-such-document', v: 1, t: 'T', d: 'D', i: false });
    expect(missing.errors?.[0]).toMatchObject({ errorType: 'NotFound', message: MESSAGES.consentNotFound });
  });

  it('lists by title, 20 a page, with page tokens bound to the caller', async () => {
    for (let i = 0; i < 21; i++) expect((await call('admin', ADD, { t: `Paged ${String(i).padStart(2, '0')}`, d: 'Text' })).errors).toBeUndefined();
    const first = await call('owner', LIST, {});
    expect(first.data.getConsentDocuments.items).toHaveLength(20);
    const titles = first.data.getConsentDocuments.items.map((d: { title: string }) => d.title.toLowerCase());
    expect([...titles].sort()).toEqual(titles);
    const token = first.data.getConsentDocuments.nextToken;
    expect(token).toBeTruthy();
    const borrowed = await call('admin', LIST, { n: token });
    expect(borrowed.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Invalid page token' });
  });

  it('roles and practices: only owner and admin; another practice never reaches these documents', async () => {
    const doc = (await call('owner', ADD, { t: 'Release of records', d: 'Text' })).data.addConsentDocument;
    for (const who of ['basic', 'biller']) {
      expect((await call(who, LIST)).errors?.[0].errorType).toBe('Unauthorized');
      expect((await call(who, ADD, { t: 'Mine', d: 'Text' })).errors?.[0].errorType).toBe('Unauthorized');
      expect((await call(who, DELETE, { id: doc.id })).errors?.[0].errorType).toBe('Unauthorized');
    }
    expect((await listAll('other')).map((d) => d.id)).not.toContain(doc.id);
    expect((await call('other', EDIT, { id: doc.id, v: 1, t: 'Taken', d: 'Taken', i: false })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('other', DELETE, { id: doc.id })).errors?.[0].errorType).toBe('NotFound');
    expect((await listAll('owner')).find((d) => d.id === doc.id)).toMatchObject({ title: 'Release of records', status: 'ACTIVE', version: 1 });
  });

  it('audits every read and write without the text', async () => {
    const doc = (await call('owner', ADD, { t: 'Audited consent title', d: 'Audited secret text' })).data.addConsentDocument;
    await call('owner', EDIT, { id: doc.id, v: 1, t: 'Audited consent title', d: 'Audited secret text 2', i: true });
    await call('owner', DELETE, { id: doc.id });
    await call('owner', LIST);
    const out = await runtime.dynamo.client.send(new QueryCommand({
      TableName: tableName('local', 'Audit'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': `P#${runtime.seed!.practiceId}` }), ConsistentRead: true,
    }));
    const entries = (out.Items ?? []).map((i) => unmarshall(i));
    const mine = entries.filter((e) => e.entityId === doc.id || (e.entityIds ?? []).includes(doc.id));
    expect(mine.map((e) => e.action).sort()).toEqual(['consent.archive', 'consent.create', 'consent.update']);
    expect(entries.some((e) => e.action === 'consent.list')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('Audited secret');
  });
});

describe('intake form settings', () => {
  it('the template library: four forms written for this product, with the client fields they pre-fill', async () => {
    const body = await call('owner', '{ getTemplateLibraryMetadata { formName title audience sections { title fields { key type required prefill options { value } } } } }');
    expect(body.errors).toBeUndefined();
    const forms = body.data.getTemplateLibraryMetadata;
    expect(forms.map((f: { formName: string }) => f.formName)).toEqual(['adult-intake', 'minor-intake', 'couples-intake', 'release-of-information']);
    const adult = forms[0].sections.flatMap((s: { fields: unknown[] }) => s.fields);
    expect(adult.find((f: { key: string }) => f.key === 'dateOfBirth')).toMatchObject({ type: 'date', required: true, prefill: 'dateOfBirth' });
  });

  it('choose forms, one default at most, remove; unknown or unchosen forms refused with nothing written', async () => {
    const set = (f: string) => call('owner', `mutation ($f: ID!) { setTherapistIntakeFormSettings(formName: $f) { ${SETTINGS} } }`, { f });
    const def = (f: string, d: boolean) => call('admin', `mutation ($f: ID!, $d: Boolean!) { setTherapistIntakeFormSettingsDefault(formName: $f, default: $d) { ${SETTINGS} } }`, { f, d });
    const remove = (f: string) => call('owner', `mutation ($f: ID!) { removeTherapistIntakeFormSettings(formName: $f) { ${SETTINGS} } }`, { f });
    const read = async () => (await call('admin', `{ getTherapistIntakeFormSettings { ${SETTINGS} } }`)).data.getTherapistIntakeFormSettings;
    // The demo practice starts with forms of its own (local/seed-documents.ts): start from none.
    expect((await read()).defaultForm).toBe('adult-intake');
    for (const f of (await read()).forms) await remove(f.formName);
    const start = await read();
    expect(start.forms).toEqual([]);
    await set('minor-intake');
    const both = (await set('adult-intake')).data.setTherapistIntakeFormSettings;
    expect(both.forms.map((f: { formName: string }) => f.formName)).toEqual(['adult-intake', 'minor-intake']);
    expect(both.version).toBe(start.version + 2);
    expect((await def('minor-intake', true)).data.setTherapistIntakeFormSettingsDefault.defaultForm).toBe('minor-intake');
    const moved = (await def('adult-intake', true)).data.setTherapistIntakeFormSettingsDefault;
    expect(moved.defaultForm).toBe('adult-intake');
    expect(moved.forms.filter((f: { default: boolean }) => f.default)).toHaveLength(1);
    const unknown = await set('tax-return');
    expect(unknown.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect(unknown.errors?.[0].message).toContain(MESSAGES.intakeFormUnknown);
    const unchosen = await def('couples-intake', true);
    expect(unchosen.errors?.[0].message).toContain(MESSAGES.intakeFormNotChosen);
    expect(await read()).toEqual(moved);
    const removed = (await remove('adult-intake')).data.removeTherapistIntakeFormSettings;
    expect(removed).toMatchObject({ defaultForm: null, forms: [{ formName: 'minor-intake', default: false }] });
    for (const who of ['basic', 'biller']) expect((await call(who, `{ getTherapistIntakeFormSettings { ${SETTINGS} } }`)).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('other', `{ getTherapistIntakeFormSettings { ${SETTINGS} } }`)).data.getTherapistIntakeFormSettings.forms).toEqual([]);
  });
});
