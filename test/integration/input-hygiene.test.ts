/**
 * The hostile-input corpus (issue 11 §6) against the whole local runtime: control, format,
 * separator and surrogate characters, markup in names, invisible-only names and insane dates, sent
 * to every mutation that takes text, ids or dates and to every public route. Each attempt must get
 * a clear error (a ValidationError/NotFound with words a person can read, or the route's 4xx
 * message; never a DynamoDB, Lambda or stack message) and store nothing: each is read back through
 * the API right after, and the tables are compared before and after the whole corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
let token = '';
type Gql = { data?: any; errors?: Array<{ message: string; errorType?: string }> };
const call = async (query: string, variables: Record<string, unknown> = {}): Promise<Gql> => (await graphql(`${runtime.url}/graphql`, token, query, variables)).body;
const ok = async (query: string, variables: Record<string, unknown> = {}) => {
  const out = await call(query, variables);
  expect(out.errors, JSON.stringify(out.errors)).toBeUndefined();
  return out.data;
};

/** Refused in any text field: what the probe sent, and more of each rule. */
const CHARACTERS: Record<string, string> = {
  NUL: 'Ana\u0000Lopez', SOH: '\u0001Ana', BEL: 'Ana\u0007', BS: 'Ana\u0008x', VT: 'Ana\u000bx', FF: 'Ana\u000cx', ESC: 'Ana\u001b[31mred', US: 'Ana\u001f',
  DEL: 'Ana\u007f', PAD: 'Ana\u0080', NEL: 'Ana\u0085Lopez', CSI: 'Ana\u009b31m', LSEP: 'Ana\u2028Lopez', PSEP: 'Ana\u2029Lopez',
  LRE: '\u202aAna', RLE: '\u202bAna', PDF: 'Ana\u202c', LRO: '\u202dAna', RLO: 'Ana\u202egnp.exe', LRI: '\u2066Ana', RLI: '\u2067Ana', FSI: '\u2068Ana', PDI: 'Ana\u2069',
  ZWSP: 'A\u200bna', LRM: 'Ana\u200e', RLM: 'Ana\u200f', WJ: 'A\u2060na', BOM: '\ufeffAna', SHY: 'A\u00adna', ALM: 'Ana\u061c',
  loneHigh: 'Ana\ud83d', loneLow: '\ude00Ana', tag: 'Ana\u{e0041}\u{e0042}', nonchar: 'Ana\uffff', lonelyJoiner: '\u200d',
};
/** Refused in a person's name only. */
const MARKUP: Record<string, string> = { script: '<script>alert(1)</script>', img: '<img src=x onerror=alert(1)>', angle: 'Ana <b>', closing: 'Ana>' };
/** Absent once trimmed: a required name is 'required'. */
const INVISIBLE: Record<string, string> = { hangulFiller: '\u3164', brailleBlank: '\u2800\u2800', ideographicSpace: '\u3000 \u00a0' };

type Expect = 'characters' | 'markup' | 'required';
interface Target {
  name: string;
  /** name: every corpus; required name: also the invisible ones; line/long: the characters only. */
  kind: 'name' | 'requiredName' | 'line' | 'long';
  send(value: string): Promise<Gql>;
  /** What the API returns for what this target writes: must not change. */
  readBack(): Promise<unknown>;
}

const clientInput = { personalDetail: { first: 'Hygiene', last: 'Probe' }, dateOfBirth: '01/02/1990' };
const therapistInput = {
  person: { first: 'Olivia', last: 'Owens', gender: 'Female', dob: '02/03/1980', phone: '5555550100' },
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
};
const CLIENT_FIELDS = 'id version personalDetail { first middle last suffix nickname } address { line1 line2 city } gender contact { type } username dateOfBirth';
const ADD_CLIENT = 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }';
const EDIT_CLIENT = 'mutation ($id: ID!, $v: Int!, $i: ClientInput!) { editClient(id: $id, version: $v, input: $i) { id } }';
const MEMBER = 'mutation ($d: MemberDetailInput!, $r: [String!]!, $c: ClinicianInfoInput) { addTeamMember(memberDetail: $d, grantedRoles: $r, clinicianInfo: $c) { id } }';
const EDIT_MEMBER = 'mutation ($id: ID!, $d: MemberDetailInput!, $r: [String!]!, $c: ClinicianInfoInput) { editTeamMember(id: $id, memberDetail: $d, grantedRoles: $r, clinicianInfo: $c) { id } }';
const APPT_FIELDS = 'id version start locationName status';

let clientId = '';
let billerId = '';
let appointmentId = '';
let noteId = '';
const ids: Record<string, unknown> = {};

/** The probe client, and every client a refused addClient could have made (first name Hygiene or last name Probe). */
const client = async () => {
  const data = await ok(`query ($id: ID!) { getClient(id: $id) { ${CLIENT_FIELDS} } a: getClients(search: "Hygiene") { items { id version } } b: getClients(search: "Probe") { items { id version } } }`, { id: clientId });
  return [data.getClient, data.a.items, data.b.items];
};
const team = async () => (await ok('{ listTeamMembers { items { id firstName lastName specialty licenseNo } } }')).listTeamMembers.items;
const settings = async (field: string) => (await ok(`{ ${field} { version } }`))[field];
const therapist = async () => (await ok('{ getTherapist { version person { first last } address { line1 } photo { s3path } } }')).getTherapist;
/** The probe client's appointments (the edited one among them), and, with `far`, any in 1900 or 9999. */
async function appointments(far = false) {
  const now = Date.now();
  const ranges = [[new Date(now - 86400000).toISOString(), new Date(now + 30 * 86400000).toISOString()]];
  if (far) ranges.push(['1900-01-01T00:00:00Z', '1900-12-31T00:00:00Z'], ['9999-01-01T00:00:00Z', '9999-12-31T00:00:00Z']);
  const lists = await Promise.all(ranges.map(([f, t]) => ok(`query ($f: AWSDateTime!, $t: AWSDateTime!) { listAppointments(from: $f, to: $t) { items { clientId ${APPT_FIELDS} } } }`, { f, t })));
  return lists.map((list) => list.listAppointments.items.filter((a: { clientId: string }) => far || a.clientId === clientId).map((a: Record<string, unknown>) => JSON.stringify(a)).sort());
}
const note = async () => (await ok('query ($a: ID!) { getProgressNote(appointmentId: $a) { id version sections { key text } addenda { text } } }', { a: appointmentId })).getProgressNote;

/** Practice and Directory items (rate-limit counters aside), as keys and versions. */
async function tables(): Promise<string[]> {
  const rows: string[] = [];
  for (const id of ['Practice', 'Directory'] as const) {
    let start: Record<string, any> | undefined;
    do {
      const page = await runtime.dynamo.client.send(new ScanCommand({ TableName: tableName('local', id), ExclusiveStartKey: start, ProjectionExpression: 'PK, SK, version, updatedAt' }));
      for (const item of page.Items ?? []) if (!item.PK.S!.startsWith('RATE#')) rows.push(`${id} ${item.PK.S} ${item.SK.S} ${item.version?.N ?? ''} ${item.updatedAt?.S ?? ''}`);
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return rows.sort();
}

function isClear(message: string | undefined): boolean {
  return typeof message === 'string' && message.length > 3 && !/DynamoDB|Lambda:|Exception|stack|KeyCondition|undefined|\[object/i.test(message);
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
  token = (await signInSeeded(runtime.url, 'owner@demo.practiceportal.test', DEMO_PASSWORD)).accessToken;
  clientId = (await ok(ADD_CLIENT, { i: clientInput })).addClient.id;
  billerId = (await team()).find((m: { id: string }) => m.id !== runtime.seed!.practiceId)!.id;
  const start = new Date(Date.now() + 2 * 86400000).toISOString();
  appointmentId = (await ok(`mutation ($i: AppointmentInput!) { createAppointment(input: $i) { ${APPT_FIELDS} } }`, { i: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start, durationMinutes: 45 } })).createAppointment[0].id;
  noteId = (await ok('mutation ($a: ID!, $d: AWSDate!, $i: ProgressNoteInput!) { createProgressNote(appointmentId: $a, date: $d, input: $i) { id } }', { a: appointmentId, d: start.slice(0, 10), i: { template: 'FREE', sections: [{ key: 'note', text: 'Draft.' }] } })).createProgressNote.id;
  for (const field of ['getPracticeDetails', 'getBillingSettings', 'getInsuranceSetting', 'getAppointmentSettings']) ids[field] = (await settings(field)).version;
  ids.therapist = (await therapist()).version;
  ids.client = (await client())[0].version;
  ids.appointment = (await ok(`query ($id: ID!) { getAppointment(id: $id) { version } }`, { id: appointmentId })).getAppointment.version;
  ids.note = (await note()).version;
});
afterAll(async () => {
  await runtime?.stop();
});

function targets(): Target[] {
  const put = (path: string[], value: string, base: Record<string, unknown>) => {
    const copy = structuredClone(base);
    let node: any = copy;
    for (const key of path.slice(0, -1)) node = node[key] ??= {};
    node[path[path.length - 1]] = value;
    return copy;
  };
  const clientTarget = (kind: Target['kind'], ...path: string[]): Target => ({ name: `addClient ${path.join('.')}`, kind, send: (v) => call(ADD_CLIENT, { i: put(path, v, clientInput) }), readBack: client });
  const settingsTarget = (field: string, mutation: string, type: string, kind: Target['kind'], base: Record<string, unknown>, ...path: string[]): Target => ({
    name: `${mutation} ${path.join('.')}`,
    kind,
    send: (v) => call(`mutation ($v: Int!, $i: ${type}!) { ${mutation}(version: $v, input: $i) { version } }`, { v: ids[field], i: put(path, v, base) }),
    readBack: () => settings(field),
  });
  const member = { firstName: 'Hy', lastName: 'Giene', email: 'hygiene.probe@team.practiceportal.test' };
  const memberTarget = (mutation: 'add' | 'edit', kind: Target['kind'], path: string[]): Target => ({
    name: `${mutation}TeamMember ${path.join('.')}`,
    kind,
    send: (v) => {
      const args = put(path, v, { d: member, c: {} }) as { d: unknown; c: unknown };
      return mutation === 'add' ? call(MEMBER, { ...args, r: ['biller'] }) : call(EDIT_MEMBER, { ...args, id: billerId, r: ['biller'] });
    },
    readBack: team,
  });
  const apptTarget = (kind: Target['kind']): Target[] => [
    { name: 'createAppointment locationName', kind, send: (v) => call('mutation ($i: AppointmentInput!) { createAppointment(input: $i) { id } }', { i: { clientId, serviceCode: '90834', locationType: 'OFFICE', locationName: v, start: new Date(Date.now() + 3 * 86400000).toISOString(), durationMinutes: 45 } }), readBack: appointments },
    { name: 'editAppointment locationName', kind, send: (v) => call('mutation ($id: ID!, $v: Int!, $i: AppointmentInput!) { editAppointment(id: $id, version: $v, scope: THIS, input: $i) { id } }', { id: appointmentId, v: ids.appointment, i: { locationType: 'OFFICE', locationName: v } }), readBack: appointments },
  ];
  return [
    clientTarget('requiredName', 'personalDetail', 'first'),
    clientTarget('requiredName', 'personalDetail', 'last'),
    clientTarget('name', 'personalDetail', 'middle'),
    clientTarget('name', 'personalDetail', 'nickname'),
    clientTarget('line', 'address', 'line1'),
    clientTarget('line', 'address', 'city'),
    clientTarget('line', 'gender'),
    { name: 'editClient personalDetail.first', kind: 'requiredName', send: (v) => call(EDIT_CLIENT, { id: clientId, v: ids.client, i: put(['personalDetail', 'first'], v, clientInput) }), readBack: client },
    { name: 'editClient address.line2', kind: 'line', send: (v) => call(EDIT_CLIENT, { id: clientId, v: ids.client, i: put(['address', 'line2'], v, clientInput) }), readBack: client },
    settingsTarget('getPracticeDetails', 'editPracticeDetails', 'PracticeDetailsInput', 'line', { name: 'Demo Practice' }, 'name'),
    settingsTarget('getPracticeDetails', 'editPracticeDetails', 'PracticeDetailsInput', 'long', { name: 'Demo Practice' }, 'cancellationPolicy'),
    settingsTarget('getBillingSettings', 'editBillingSettings', 'BillingSettingsInput', 'long', {}, 'invoiceSetting', 'defaultText'),
    settingsTarget('getInsuranceSetting', 'editInsuranceSetting', 'InsuranceSettingInput', 'name', {}, 'providerInfo', 'names', 'firstName'),
    settingsTarget('getInsuranceSetting', 'editInsuranceSetting', 'InsuranceSettingInput', 'line', {}, 'providerInfo', 'practiceName'),
    memberTarget('add', 'requiredName', ['d', 'firstName']),
    memberTarget('add', 'line', ['c', 'specialty']),
    memberTarget('edit', 'requiredName', ['d', 'lastName']),
    { name: 'editTherapist person.first', kind: 'requiredName', send: (v) => call('mutation ($v: Int!, $i: TherapistInput!) { editTherapist(version: $v, input: $i) { version } }', { v: ids.therapist, i: put(['person', 'first'], v, therapistInput) }), readBack: therapist },
    { name: 'editTherapist address.line1', kind: 'line', send: (v) => call('mutation ($v: Int!, $i: TherapistInput!) { editTherapist(version: $v, input: $i) { version } }', { v: ids.therapist, i: put(['address', 'line1'], v, therapistInput) }), readBack: therapist },
    ...apptTarget('line'),
    { name: 'editProgressNote sections.text', kind: 'long', send: (v) => call('mutation ($id: ID!, $i: ProgressNoteEditInput!) { editProgressNote(id: $id, input: $i) { id } }', { id: noteId, i: { version: ids.note, sections: [{ key: 'note', text: `Session.\n${v}` }] } }), readBack: note },
  ];
}

/** A third of the refused characters for each field (rotating, so each character meets several fields), all markup and invisible names. */
function corpusFor(kind: Target['kind'], index: number): [string, string, Expect][] {
  const rows: [string, string, Expect][] = Object.entries(CHARACTERS).filter((_entry, j) => (j + index) % 3 === 0).map(([label, value]) => [label, value, 'characters']);
  if (kind === 'name' || kind === 'requiredName') rows.push(...Object.entries(MARKUP).map(([label, value]): [string, string, Expect] => [label, value, 'markup']));
  if (kind === 'requiredName') rows.push(...Object.entries(INVISIBLE).map(([label, value]): [string, string, Expect] => [label, value, 'required']));
  return rows;
}

const WORDS: Record<Expect, RegExp> = {
  characters: new RegExp(MESSAGES.textCharacters.replace(/[()]/g, '\\$&')),
  markup: /A name cannot contain < or >/,
  required: /\(required\)/,
};

describe('hostile input corpus', () => {
  let before: string[] = [];
  let attempts = 0;

  it('reads the tables first', async () => {
    before = await tables();
    expect(before.length).toBeGreaterThan(10);
  });

  it('refuses every hostile text in every text field of every mutation, and stores nothing', async () => {
    const failures: string[] = [];
    for (const [index, target] of targets().entries()) {
      const baseline = JSON.stringify(await target.readBack());
      for (const [label, value, expected] of corpusFor(target.kind, index)) {
        attempts += 1;
        const out = await target.send(value);
        const error = out.errors?.[0];
        if (!error || error.errorType !== 'ValidationError' || !isClear(error.message) || !WORDS[expected].test(error.message)) failures.push(`${target.name} ${label}: ${JSON.stringify(out).slice(0, 300)}`);
        if (JSON.stringify(await target.readBack()) !== baseline) failures.push(`${target.name} ${label}: stored something`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses insane dates with the rule’s own words and stores nothing', async () => {
    const baseline = JSON.stringify([await appointments(true), await client(), await therapist(), await note()]);
    const create = (start: string, extra: Record<string, unknown> = {}) => call('mutation ($i: AppointmentInput!) { createAppointment(input: $i) { id } }', { i: { clientId, serviceCode: '90834', locationType: 'TELEHEALTH', start, durationMinutes: 45, ...extra } });
    const cases: [string, () => Promise<Gql>, RegExp][] = [
      ['appointment in 1900', () => create('1900-01-01T10:00:00Z'), /within 20 years/],
      ['appointment in 9999', () => create('9999-12-31T23:00:00Z'), /within 20 years/],
      ['appointment in 0001', () => create('0001-01-01T00:00:00Z'), /start \(format\)|within 20 years/],
      ['appointment 21 years ahead', () => create(new Date(Date.now() + 21 * 366 * 86400000).toISOString()), /within 20 years/],
      ['series until 9999', () => create(new Date(Date.now() + 86400000).toISOString(), { recurrence: { frequency: 'WEEKLY', interval: 1, until: '9999-01-01' } }), /within 20 years/],
      ['move to 9999', () => call('mutation ($id: ID!, $v: Int!, $i: AppointmentInput!) { editAppointment(id: $id, version: $v, scope: THIS, input: $i) { id } }', { id: appointmentId, v: ids.appointment, i: { start: '9999-06-01T10:00:00Z' } }), /within 20 years/],
      ['move to 1900', () => call('mutation ($id: ID!, $v: Int!, $i: AppointmentInput!) { editAppointment(id: $id, version: $v, scope: THIS, input: $i) { id } }', { id: appointmentId, v: ids.appointment, i: { start: '1900-06-01T10:00:00Z' } }), /within 20 years/],
      ['note dated 9999', () => call('mutation ($a: ID!, $i: ProgressNoteInput!) { createProgressNote(appointmentId: $a, date: "9999-01-01", input: $i) { id } }', { a: appointmentId, i: { template: 'FREE', sections: [{ key: 'note', text: 'x' }] } }), /note date must be within 20 years/],
      ['client born 1899', () => call(EDIT_CLIENT, { id: clientId, v: ids.client, i: { ...clientInput, dateOfBirth: '12/31/1899' } }), /between 01\/01\/1900 and today/],
      ['client born tomorrow', () => call(ADD_CLIENT, { i: { ...clientInput, dateOfBirth: new Date(Date.now() + 2 * 86400000).toISOString().replace(/^(\d{4})-(\d\d)-(\d\d).*/, '$2/$3/$1') } }), /between 01\/01\/1900 and today/],
      ['client born 9999', () => call(ADD_CLIENT, { i: { ...clientInput, dateOfBirth: '01/01/9999' } }), /between 01\/01\/1900 and today/],
      ['therapist born 1800', () => call('mutation ($v: Int!, $i: TherapistInput!) { editTherapist(version: $v, input: $i) { version } }', { v: ids.therapist, i: { ...therapistInput, person: { ...therapistInput.person, dob: '01/01/1800' } } }), /between 01\/01\/1900 and today/],
    ];
    const failures: string[] = [];
    for (const [label, send, words] of cases) {
      attempts += 1;
      const out = await send();
      const error = out.errors?.[0];
      if (!error || error.errorType !== 'ValidationError' || !isClear(error.message) || !words.test(error.message)) failures.push(`${label}: ${JSON.stringify(out).slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    expect(JSON.stringify([await appointments(true), await client(), await therapist(), await note()])).toBe(baseline);
  });

  it('refuses hostile ids, keys, e-mails and plan names on the other mutations, and stores nothing', async () => {
    const baseline = JSON.stringify([await appointments(), await client(), await team(), await therapist(), (await ok('{ getCurrentPlan { planId } }')).getCurrentPlan]);
    const hostile = ['\u0000', 'x\u202e', '../../etc/passwd', '<script>', "' OR 1=1 --", 'a'.repeat(2000), '\ud800'];
    const mutations: [string, (v: string) => Promise<Gql>][] = [
      ['removeClient', (v) => call('mutation ($id: ID!) { removeClient(id: $id) { id } }', { id: v })],
      ['removeTeamMember', (v) => call('mutation ($id: ID!) { removeTeamMember(id: $id) { id } }', { id: v })],
      ['cancelAppointment', (v) => call('mutation ($id: ID!) { cancelAppointment(id: $id, version: 1, scope: THIS) { id } }', { id: v })],
      ['setAppointmentStatus', (v) => call('mutation ($id: ID!) { setAppointmentStatus(id: $id, version: 1, status: ATTENDED) { id } }', { id: v })],
      ['editAppointment id', (v) => call('mutation ($id: ID!) { editAppointment(id: $id, version: 1, scope: THIS, input: { durationMinutes: 30 }) { id } }', { id: v })],
      ['createAppointment clientId', (v) => call('mutation ($i: AppointmentInput!) { createAppointment(input: $i) { id } }', { i: { clientId: v, serviceCode: '90834', locationType: 'TELEHEALTH', start: new Date(Date.now() + 86400000).toISOString(), durationMinutes: 30 } })],
      ['createProgressNote appointmentId', (v) => call('mutation ($a: ID!) { createProgressNote(appointmentId: $a, date: "2026-01-01", input: { template: FREE }) { id } }', { a: v })],
      ['editProgressNote id', (v) => call('mutation ($id: ID!) { editProgressNote(id: $id, input: { version: 1, sign: true }) { id } }', { id: v })],
      ['editClient id', (v) => call(EDIT_CLIENT, { id: v, v: 1, i: clientInput })],
      ['editTeamMember id', (v) => call(EDIT_MEMBER, { id: v, d: { firstName: 'A', lastName: 'B', email: 'a.b@team.practiceportal.test' }, r: ['biller'] })],
      ['addTeamMember email', (v) => call(MEMBER, { d: { firstName: 'A', lastName: 'B', email: `${v}@team.practiceportal.test` }, r: ['biller'] })],
      ['checkUserStatus', (v) => call('mutation ($e: String!) { checkUserStatus(email: $e) { exists } }', { e: v })],
      ['changePlan', (v) => call('mutation ($p: ID!) { changePlan(planId: $p, teleHealth: false) { planId } }', { p: v })],
      ['getProfilePhotoUploadUrl', (v) => call('mutation ($c: String!) { getProfilePhotoUploadUrl(contentType: $c, size: 1000) { key } }', { c: v })],
      ['confirmProfilePhoto', (v) => call('mutation ($k: String!) { confirmProfilePhoto(key: $k) { s3path } }', { k: v })],
      ['editAppointmentSettings', (v) => call('mutation ($v: Int!, $c: String) { editAppointmentSettings(version: $v, input: { reminderChannel: $c }) { version } }', { v: ids.getAppointmentSettings, c: v })],
      ['logUserAuthEvent', (v) => call('mutation ($e: AuthEventType!) { logUserAuthEvent(event: $e) { at } }', { e: v })],
    ];
    const failures: string[] = [];
    for (const [label, send] of mutations) {
      for (const value of hostile) {
        attempts += 1;
        const out = await send(value);
        const error = out.errors?.[0];
        if (!error || !isClear(error.message) || out.data?.[Object.keys(out.data ?? {})[0]]) failures.push(`${label} ${JSON.stringify(value).slice(0, 20)}: ${JSON.stringify(out).slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(JSON.stringify([await appointments(), await client(), await team(), await therapist(), (await ok('{ getCurrentPlan { planId } }')).getCurrentPlan])).toBe(baseline);
  });

  it('refuses hostile text on every public route with a 4xx and its message, and stages nothing', async () => {
    const post = async (path: string, body: unknown) => {
      for (;;) {
        const response = await fetch(`${runtime.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (response.status === 429) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        }
        return { status: response.status, body: (await response.json()) as { message?: string; fields?: unknown } };
      }
    };
    const provider = {
      firstName: 'Jane', lastName: 'Doe', email: 'jane.hygiene@clinic.example', npi: '1234567893', phone: '5555550100', organization: 'Doe Counseling', clientTerminology: 'Client',
      profession: 'Psychologist', treatmentSetting: [], totalDBTClients: 0, totalCBTClients: 0, therapies: ['CBT'], license: 'PSY12345', licenseStates: 'CA', dbtPractice: ['Individual'],
    };
    const picks = ['NUL', 'ESC', 'NEL', 'LSEP', 'RLO', 'LRI', 'ZWSP', 'BOM', 'loneHigh', 'tag'].map((label) => [label, CHARACTERS[label]] as const);
    // The gateway lets 20 calls through at once, then 5 a second: five characters a route, rotating.
    const routes: [string, (v: string) => unknown, RegExp][] = [
      ['/verifyNpi firstName', (v) => ({ firstName: v, lastName: 'Doe', npi: '1234567893' }), /First Name contains characters that are not allowed/],
      ['/verifyNpi lastName', (v) => ({ firstName: 'Jane', lastName: `Doe${v}`, npi: '1234567893' }), /Last Name contains characters that are not allowed/],
      ['/stageProvider firstName', (v) => ({ userSub: 'sub-x', input: { ...provider, firstName: v } }), /First Name contains characters that are not allowed/],
      ['/stageProvider organization', (v) => ({ userSub: 'sub-x', input: { ...provider, organization: `Doe${v}` } }), /control, invisible or text-direction/],
      ['/stageProvider license', (v) => ({ userSub: 'sub-x', input: { ...provider, license: `PSY${v}` } }), /control, invisible or text-direction/],
      ['/reuseAccount lastName', (v) => ({ password: 'Whatever1', input: { ...provider, lastName: v } }), /Last Name contains characters that are not allowed/],
      ['/doesUserExist', (v) => ({ email: `a${v}b@clinic.example` }), new RegExp(MESSAGES.invalidEmail)],
      ['/confirmProvider', (v) => ({ email: `a${v}b@clinic.example` }), /valid email/],
      ['/checkTherapist', (v) => ({ npi: `123456789${v}` }), /10 digits/],
      ['/startSmsMfaSetup', (v) => ({ email: `a${v}b@clinic.example`, password: 'Whatever1', phone: '5555550100' }), /./],
      ['/confirmSmsMfaSetup', (v) => ({ email: 'owner@demo.practiceportal.test', password: 'Whatever1', code: `12345${v}` }), /./],
      ['/getVideoTokenPublic', (v) => ({ clientId: `room${v}`, therapistId: runtime.seed!.practiceId }), /./],
    ];
    const failures: string[] = [];
    for (const [route, body, words] of routes) {
      const path = route.split(' ')[0];
      const at = routes.findIndex(([name]) => name === route) * 5;
      const sample = [...picks, ...picks].slice(at % picks.length, (at % picks.length) + 5);
      for (const [label, value] of sample) {
        attempts += 1;
        const out = await post(path, body(value));
        if (out.status < 400 || out.status >= 500 || !isClear(out.body.message) || !words.test(out.body.message ?? '')) failures.push(`${route} ${label}: ${out.status} ${JSON.stringify(out.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('left every table as it was, after at least 200 hostile inputs', async () => {
    expect(attempts).toBeGreaterThanOrEqual(200);
    expect(await tables()).toEqual(before);
  });
});
