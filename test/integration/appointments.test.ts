/**
 * The appointments API against the whole local runtime with the seeded demo practice: visibility
 * and rights by role (own / all / locked / scheduler), weekly series across the US/Pacific
 * daylight-saving changes, until vs count, editing one occurrence vs the series, bad input and
 * double-booking refused with nothing written (read back), stale versions, cancellation policy,
 * and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

const FIELDS = `id seriesId clientId clientName clinicianId clinicianName serviceCode locationType locationName start end durationMinutes
  recurrence { frequency interval until count rrule } status sendEmailReminder videoRoomId clientVideoPath readOnly progressNoteId version createdAt updatedAt`;
const CREATE = `mutation ($input: AppointmentInput!) { createAppointment(input: $input) { ${FIELDS} } }`;
const EDIT = `mutation ($id: ID!, $version: Int!, $scope: EditScope!, $input: AppointmentInput!) { editAppointment(id: $id, version: $version, scope: $scope, input: $input) { ${FIELDS} } }`;
const CANCEL = `mutation ($id: ID!, $version: Int!, $scope: EditScope!) { cancelAppointment(id: $id, version: $version, scope: $scope) { ${FIELDS} } }`;
const STATUS = `mutation ($id: ID!, $version: Int!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $version, status: $status) { ${FIELDS} } }`;
const GET = `query ($id: ID!) { getAppointment(id: $id) { ${FIELDS} } }`;
const LIST = `query ($from: AWSDateTime!, $to: AWSDateTime!, $clinicianId: ID, $status: AppointmentStatus, $nextToken: String) {
  listAppointments(from: $from, to: $to, clinicianId: $clinicianId, status: $status, nextToken: $nextToken) { items { ${FIELDS} } nextToken } }`;
const ADD_CLIENT = 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }';

const WHO = ['owner', 'admin', 'fullclient', 'basicbilling', 'basic', 'supervisor', 'biller', 'scheduler', 'coordinator'] as const;
type Who = (typeof WHO)[number];

let runtime: Runtime;
const tokens = {} as Record<Who, string>;
const subs = {} as Record<Who, string>;
let ownerClient = '';
let basicClient = '';

async function call(who: Who, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body as { data?: any; errors?: Array<{ message: string; errorType?: string; errorInfo?: any }> };
}

/** Every stored appointment item of the demo practice (read straight from DynamoDB). */
async function storedAppointments(): Promise<Record<string, any>[]> {
  const out = await runtime.dynamo.client.send(new QueryCommand({
    TableName: tableName('local', 'Practice'),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': { S: `P#${runtime.seed!.practiceId}` }, ':sk': { S: 'APPT#' } },
    ConsistentRead: true,
  }));
  return (out.Items ?? []).map((i) => unmarshall(i));
}

const local = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'US/Pacific', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', weekday: 'short' }).format(new Date(iso));

function single(start: string, extra: Record<string, unknown> = {}) {
  return { clientId: ownerClient, serviceCode: '90834', locationType: 'OFFICE', start, durationMinutes: 45, ...extra };
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null, countDynamoRequests: true });
  await Promise.all(WHO.map(async (who) => {
    tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
  }));
  for (const who of WHO) subs[who] = (await call(who, '{ me { id } }')).data.me.id;
  ownerClient = (await call('owner', ADD_CLIENT, { input: { personalDetail: { first: 'Olga', last: 'Appt' }, dateOfBirth: '01/01/1980' } })).data.addClient.id;
  basicClient = (await call('basic', ADD_CLIENT, { input: { personalDetail: { first: 'Bert', last: 'Appt' }, dateOfBirth: '01/01/1981' } })).data.addClient.id;
}, 60_000);
afterAll(async () => {
  await runtime?.stop();
});

/** [first instant, first instant of the next month] of the current month in US/Pacific, as UTC ISO strings. */
function currentPacificMonth(): { from: string; to: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: 'US/Pacific', year: 'numeric', month: '2-digit' }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  const year = Number(parts.year);
  const month = Number(parts.month);
  // Midnight Pacific is 07:00 or 08:00 UTC; 12:00 UTC of the 1st keeps clear of both months' edges for the seeded hours (9:00-16:00 local).
  return { from: new Date(Date.UTC(year, month - 1, 1, 7)).toISOString(), to: new Date(Date.UTC(year, month, 1, 7)).toISOString() };
}

describe('the demo calendar (seed)', () => {
  it('has 10 appointments this month: demo clinicians and clients, one weekly series of 4, some telehealth', async () => {
    const { from, to } = currentPacificMonth();
    const items = (await call('owner', LIST, { from, to })).data.listAppointments.items;
    expect(items).toHaveLength(10);
    const clinicians = new Set([subs.owner, subs.fullclient, subs.basicbilling, subs.basic]);
    expect(items.every((a: { clinicianId: string }) => clinicians.has(a.clinicianId))).toBe(true);
    expect(new Set(items.map((a: { clientName: string }) => a.clientName))).toEqual(new Set(['Avery Lane', 'Jordan Reyes', 'Casey Nguyen', 'Riley Patel', 'Morgan Ellis']));
    const series = items.filter((a: { seriesId: string | null }) => a.seriesId !== null);
    expect(series).toHaveLength(4);
    expect(new Set(series.map((a: { start: string }) => local(a.start)))).toEqual(new Set(['Tue 10:00']));
    expect(items.filter((a: { locationType: string }) => a.locationType === 'TELEHEALTH').length).toBeGreaterThanOrEqual(3);
    expect(items.filter((a: { locationType: string; videoRoomId: string | null }) => a.locationType === 'TELEHEALTH' && a.videoRoomId)).toHaveLength(3);
    const mine = (await call('basic', LIST, { from, to })).data.listAppointments.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a: { clinicianId: string }) => a.clinicianId === subs.basic)).toBe(true);
    // The seeded clients are ordinary clients of their clinicians.
    expect((await call('basic', '{ getClients { items { personalDetail { first last } } } }')).data.getClients.items.map((c: any) => c.personalDetail.last)).toContain('Ellis');
  });

  it('offers the practice services (CPT codes) and lists the demo clinicians by name', async () => {
    const services = (await call('scheduler', '{ getServicesOffered { code description defaultMinutes } }')).data.getServicesOffered;
    expect(services.map((s: { code: string }) => s.code)).toEqual(['90791', '90832', '90834', '90837', '90846', '90847', '90853']);
    expect(services.find((s: { code: string }) => s.code === '90791').defaultMinutes).toBe(60);
    const clinicians = (await call('scheduler', '{ listClinicians { id name } }')).data.listClinicians;
    expect(clinicians).toEqual(expect.arrayContaining([{ id: subs.owner, name: 'Olivia Owens' }, { id: subs.basic, name: 'Ben Baker' }]));
    expect(clinicians.map((c: { id: string }) => c.id)).not.toContain(subs.scheduler);
    expect((await call('basic', '{ listClinicians { id name } }')).data.listClinicians).toEqual([{ id: subs.basic, name: 'Ben Baker' }]);
    const settings = (await call('supervisor', '{ getAppointmentSettings { lateCancelHours allowDoubleBooking timezone locations version } }')).data.getAppointmentSettings;
    expect(settings).toEqual({ lateCancelHours: 24, allowDoubleBooking: false, timezone: 'US/Pacific', locations: [], version: 0 });
    expect((await call('coordinator', '{ listClinicians { id } }')).errors?.[0].errorType).toBe('Unauthorized');
  });
});

describe('appointments: visibility and rights by role', () => {
  let ownersId = '';
  let basicsId = '';

  beforeAll(async () => {
    const owners = await call('owner', CREATE, { input: single('2031-01-06T17:00:00Z') });
    expect(owners.errors).toBeUndefined();
    ownersId = owners.data.createAppointment[0].id;
    const basics = await call('basic', CREATE, { input: { ...single('2031-01-06T17:00:00Z'), clientId: basicClient, locationType: 'TELEHEALTH' } });
    expect(basics.errors).toBeUndefined();
    basicsId = basics.data.createAppointment[0].id;
  });

  it('creates for the caller by default, with the client name and a video room for telehealth', async () => {
    const basic = (await call('basic', GET, { id: basicsId })).data.getAppointment;
    expect(basic).toMatchObject({ clinicianId: subs.basic, clientId: basicClient, clientName: 'Bert Appt', locationType: 'TELEHEALTH', status: 'SCHEDULED', version: 1, readOnly: false, seriesId: null, recurrence: null });
    expect(basic.end).toBe('2031-01-06T17:45:00.000Z');
    expect(basic.videoRoomId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(basic.clientVideoPath).toBe(`/public/video/${basic.videoRoomId}/${subs.basic}`);
    const owners = (await call('owner', GET, { id: ownersId })).data.getAppointment;
    expect(owners).toMatchObject({ videoRoomId: null, clientVideoPath: null, clinicianId: subs.owner });
  });

  it("clinicianBasic cannot read another clinician's appointment, even by id, nor list it", async () => {
    const byId = await call('basic', GET, { id: ownersId });
    expect(byId.errors).toBeUndefined();
    expect(byId.data.getAppointment).toBeNull();
    const list = (await call('basic', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z' })).data.listAppointments.items;
    expect(list.map((a: { id: string }) => a.id)).toEqual([basicsId]);
    const asked = (await call('basic', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z', clinicianId: subs.owner })).data.listAppointments;
    expect(asked.items).toEqual([]);
    const edit = await call('basic', EDIT, { id: ownersId, version: 1, scope: 'THIS', input: { durationMinutes: 30 } });
    expect(edit.errors?.[0].errorType).toBe('NotFound');
    expect(await call('basicbilling', GET, { id: ownersId })).toMatchObject({ data: { getAppointment: null } });
  });

  it('owner, admin, full client, scheduler, supervisor and biller see all; supervisor and biller read only', async () => {
    for (const who of ['owner', 'admin', 'fullclient', 'scheduler', 'supervisor', 'biller'] as const) {
      const list = (await call(who, LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z' })).data.listAppointments.items;
      expect([who, list.map((a: { id: string }) => a.id).sort()]).toEqual([who, [ownersId, basicsId].sort()]);
      const readOnly = who === 'supervisor' || who === 'biller';
      expect([who, list.every((a: { readOnly: boolean }) => a.readOnly === readOnly)]).toEqual([who, true]);
    }
    const onlyBasic = (await call('owner', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z', clinicianId: subs.basic })).data.listAppointments.items;
    expect(onlyBasic.map((a: { id: string }) => a.id)).toEqual([basicsId]);
  });

  it('supervisor and biller cannot write, coordinators cannot even read', async () => {
    for (const who of ['supervisor', 'biller'] as const) {
      expect((await call(who, CREATE, { input: single('2031-01-08T17:00:00Z') })).errors?.[0].errorType).toBe('Unauthorized');
      expect((await call(who, CANCEL, { id: ownersId, version: 1, scope: 'THIS' })).errors?.[0].errorType).toBe('Unauthorized');
    }
    expect((await call('coordinator', GET, { id: ownersId })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('coordinator', LIST, { from: '2031-01-06T00:00:00Z', to: '2031-01-07T00:00:00Z' })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('owner', GET, { id: ownersId })).data.getAppointment.version).toBe(1);
  });

  it('the scheduler books for any clinician; an own-only clinician cannot book for someone else', async () => {
    const booked = await call('scheduler', CREATE, { input: single('2031-01-09T17:00:00Z', { clinicianId: subs.fullclient }) });
    expect(booked.errors).toBeUndefined();
    expect(booked.data.createAppointment[0]).toMatchObject({ clinicianId: subs.fullclient, readOnly: false });
    const refused = await call('basic', CREATE, { input: { ...single('2031-01-09T17:00:00Z', { clinicianId: subs.owner }), clientId: basicClient } });
    expect(refused.errors?.[0].errorType).toBe('Unauthorized');
    // The scheduler is no clinician: nobody can book the scheduler.
    const notClinician = await call('owner', CREATE, { input: single('2031-01-10T17:00:00Z', { clinicianId: subs.scheduler }) });
    expect(notClinician.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Unknown clinician.' });
  });

  it('a clinicianBasic cannot book a client that is not theirs: Unknown client.', async () => {
    const out = await call('basic', CREATE, { input: single('2031-01-12T17:00:00Z') });
    expect(out.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Unknown client.' });
  });
});

describe('appointments: recurrence in the practice timezone (US/Pacific)', () => {
  it('a weekly 10:00 series across the March change stays at 10:00 local (count)', async () => {
    const out = await call('owner', CREATE, { input: single('2032-03-02T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 4 } }) });
    expect(out.errors).toBeUndefined();
    const items = out.data.createAppointment;
    expect(items.map((a: { start: string }) => a.start)).toEqual(['2032-03-02T18:00:00.000Z', '2032-03-09T18:00:00.000Z', '2032-03-16T17:00:00.000Z', '2032-03-23T17:00:00.000Z']);
    expect(items.map((a: { start: string }) => local(a.start))).toEqual(['Tue 10:00', 'Tue 10:00', 'Tue 10:00', 'Tue 10:00']);
    expect(new Set(items.map((a: { seriesId: string }) => a.seriesId)).size).toBe(1);
    expect(items[0].seriesId).toBeTruthy();
    expect(items[0].recurrence).toEqual({ frequency: 'WEEKLY', interval: 1, until: null, count: 4, rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=4' });
  });

  it('every other week until a date across the November change stays at 10:00 local (until, inclusive)', async () => {
    const out = await call('owner', CREATE, { input: single('2032-10-19T17:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 2, until: '2032-11-30' } }) });
    expect(out.errors).toBeUndefined();
    const starts = out.data.createAppointment.map((a: { start: string }) => a.start);
    expect(starts).toEqual(['2032-10-19T17:00:00.000Z', '2032-11-02T17:00:00.000Z', '2032-11-16T18:00:00.000Z', '2032-11-30T18:00:00.000Z']);
    expect(starts.map(local)).toEqual(['Tue 10:00', 'Tue 10:00', 'Tue 10:00', 'Tue 10:00']);
  });

  it('refuses more than 52 occurrences and an until before the start, writing nothing', async () => {
    const before = (await storedAppointments()).length;
    const tooMany = await call('owner', CREATE, { input: single('2033-01-04T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, until: '2034-06-01' } }) });
    expect(tooMany.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A recurring appointment has at most 52 occurrences.' });
    const count53 = await call('owner', CREATE, { input: single('2033-01-04T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 53 } }) });
    expect(count53.errors?.[0].errorType).toBe('ValidationError');
    const both = await call('owner', CREATE, { input: single('2033-01-04T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 3, until: '2033-03-01' } }) });
    expect(both.errors?.[0].errorInfo.fields).toContainEqual(expect.objectContaining({ field: 'recurrence' }));
    const backwards = await call('owner', CREATE, { input: single('2033-01-04T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, until: '2033-01-01' } }) });
    expect(backwards.errors?.[0].errorInfo.fields).toContainEqual(expect.objectContaining({ field: 'recurrence.until' }));
    expect((await storedAppointments()).length).toBe(before);
    const exactly52 = await call('owner', CREATE, { input: single('2033-01-04T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 52 } }) });
    expect(exactly52.data.createAppointment).toHaveLength(52);
  });

  it('editing one occurrence changes only it; editing the series moves it and every later one, keeping local time', async () => {
    const created = (await call('owner', CREATE, { input: single('2034-02-28T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 5 } }) })).data.createAppointment;
    const [first, second, third] = created;
    // THIS: the second one 30 minutes later.
    const one = await call('owner', EDIT, { id: second.id, version: 1, scope: 'THIS', input: { start: '2034-03-07T18:30:00Z' } });
    expect(one.errors).toBeUndefined();
    expect(one.data.editAppointment.map((a: { id: string; version: number }) => [a.id, a.version])).toEqual([[second.id, 2]]);
    expect((await call('owner', GET, { id: first.id })).data.getAppointment.start).toBe(first.start);
    expect((await call('owner', GET, { id: third.id })).data.getAppointment.start).toBe(third.start);
    // SERIES from the third (Mar 14, after the change): to Wednesday 11:00 local, 30 minutes, this one and the later two.
    const series = await call('owner', EDIT, { id: third.id, version: 1, scope: 'SERIES', input: { start: '2034-03-15T18:00:00Z', durationMinutes: 30 } });
    expect(series.errors).toBeUndefined();
    const moved = series.data.editAppointment;
    expect(moved).toHaveLength(3);
    expect(moved.map((a: { start: string }) => local(a.start))).toEqual(['Wed 11:00', 'Wed 11:00', 'Wed 11:00']);
    expect(moved.every((a: { durationMinutes: number; version: number }) => a.durationMinutes === 30 && a.version === 2)).toBe(true);
    expect((await call('owner', GET, { id: first.id })).data.getAppointment).toMatchObject({ start: first.start, durationMinutes: 45, version: 1 });
    expect((await call('owner', GET, { id: second.id })).data.getAppointment).toMatchObject({ start: '2034-03-07T18:30:00.000Z', durationMinutes: 45 });
  });

  it('cancels one occurrence or the rest of the series', async () => {
    const created = (await call('owner', CREATE, { input: single('2035-01-02T18:00:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 4 } }) })).data.createAppointment;
    const one = await call('owner', CANCEL, { id: created[1].id, version: 1, scope: 'THIS' });
    expect(one.data.cancelAppointment.map((a: { status: string }) => a.status)).toEqual(['CANCELLED']);
    const rest = await call('owner', CANCEL, { id: created[2].id, version: 1, scope: 'SERIES' });
    expect(rest.data.cancelAppointment.map((a: { id: string }) => a.id)).toEqual([created[2].id, created[3].id]);
    expect((await call('owner', GET, { id: created[0].id })).data.getAppointment.status).toBe('SCHEDULED');
  });
});

describe('appointments: bad input, double-booking, versions, status', () => {
  it('end before start: the message, and nothing written', async () => {
    const before = await storedAppointments();
    for (const durationMinutes of [0, -15]) {
      const out = await call('owner', CREATE, { input: single('2036-01-08T17:00:00Z', { durationMinutes }) });
      expect(out.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'End must be after start.' });
      expect(out.errors?.[0].errorInfo.fields).toEqual([{ field: 'durationMinutes', reason: 'format', message: 'End must be after start.' }]);
    }
    const unknown = await call('owner', CREATE, { input: single('2036-01-08T17:00:00Z', { clientId: 'no-such-client' }) });
    expect(unknown.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Unknown client.' });
    const missing = await call('owner', CREATE, { input: { start: '2036-01-08T17:00:00Z' } });
    expect(missing.errors?.[0].errorInfo.fields.map((f: { field: string }) => f.field).sort()).toEqual(['clientId', 'durationMinutes', 'locationType', 'serviceCode']);
    const service = await call('owner', CREATE, { input: single('2036-01-08T17:00:00Z', { serviceCode: '99999' }) });
    expect(service.errors?.[0].message).toBe('Unknown service.');
    expect(await storedAppointments()).toEqual(before);
  });

  it('double-booking the same clinician is refused (overlap, not touching), and writes nothing', async () => {
    const first = await call('owner', CREATE, { input: single('2036-02-03T17:00:00Z') });
    expect(first.errors).toBeUndefined();
    const before = await storedAppointments();
    const overlap = await call('admin', CREATE, { input: single('2036-02-03T17:30:00Z', { clinicianId: subs.owner }) });
    expect(overlap.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'This clinician already has an appointment at that time.' });
    // A series whose third occurrence overlaps: none of it is written.
    const series = await call('owner', CREATE, { input: single('2036-01-20T17:15:00Z', { recurrence: { frequency: 'WEEKLY', interval: 1, count: 4 } }) });
    expect(series.errors?.[0].message).toBe('This clinician already has an appointment at that time.');
    expect(await storedAppointments()).toEqual(before);
    const touching = await call('owner', CREATE, { input: single('2036-02-03T17:45:00Z') });
    expect(touching.errors).toBeUndefined();
    const otherClinician = await call('owner', CREATE, { input: single('2036-02-03T17:00:00Z', { clinicianId: subs.admin }) });
    expect(otherClinician.errors).toBeUndefined();
    // Moving the second one onto the first is refused too.
    const moved = await call('owner', EDIT, { id: touching.data.createAppointment[0].id, version: 1, scope: 'THIS', input: { start: '2036-02-03T17:10:00Z' } });
    expect(moved.errors?.[0].message).toBe('This clinician already has an appointment at that time.');
    expect((await call('owner', GET, { id: touching.data.createAppointment[0].id })).data.getAppointment).toMatchObject({ start: '2036-02-03T17:45:00.000Z', version: 1 });
  });

  it('a cancelled appointment frees its slot', async () => {
    const a = (await call('owner', CREATE, { input: single('2036-03-03T17:00:00Z') })).data.createAppointment[0];
    expect((await call('owner', CANCEL, { id: a.id, version: 1, scope: 'THIS' })).data.cancelAppointment[0].status).toBe('CANCELLED');
    expect((await call('owner', CREATE, { input: single('2036-03-03T17:00:00Z') })).errors).toBeUndefined();
    // …so reinstating the cancelled one would double-book.
    const back = await call('owner', STATUS, { id: a.id, version: 2, status: 'SCHEDULED' });
    expect(back.errors?.[0].message).toBe('This clinician already has an appointment at that time.');
  });

  it('a stale version is a conflict and changes nothing', async () => {
    const a = (await call('owner', CREATE, { input: single('2036-04-01T17:00:00Z') })).data.createAppointment[0];
    expect((await call('admin', EDIT, { id: a.id, version: 1, scope: 'THIS', input: { durationMinutes: 60 } })).errors).toBeUndefined();
    const stale = await call('owner', EDIT, { id: a.id, version: 1, scope: 'THIS', input: { durationMinutes: 30 } });
    expect(stale.errors?.[0].errorType).toBe('ConflictError');
    expect((await call('owner', CANCEL, { id: a.id, version: 1, scope: 'THIS' })).errors?.[0].errorType).toBe('ConflictError');
    expect((await call('owner', GET, { id: a.id })).data.getAppointment).toMatchObject({ durationMinutes: 60, version: 2, status: 'SCHEDULED' });
  });

  it('cancelling within lateCancelHours (default 24) of the start is LATE_CANCELLED; attended only once started', async () => {
    const soon = new Date(Date.now() + 3 * 3600_000);
    soon.setUTCSeconds(0, 0);
    // The admin has no seeded appointments, so 'three hours from now' never meets one.
    const a = (await call('owner', CREATE, { input: single(soon.toISOString(), { clinicianId: subs.admin }) })).data.createAppointment[0];
    const notYet = await call('owner', STATUS, { id: a.id, version: 1, status: 'ATTENDED' });
    expect(notYet.errors?.[0].message).toBe('An appointment can be marked attended or no-show once it has started.');
    expect((await call('owner', CANCEL, { id: a.id, version: 1, scope: 'THIS' })).data.cancelAppointment[0].status).toBe('LATE_CANCELLED');
    const past = (await call('owner', CREATE, { input: single('2025-01-07T17:00:00Z') })).data.createAppointment[0];
    expect((await call('owner', STATUS, { id: past.id, version: 1, status: 'NO_SHOW' })).data.setAppointmentStatus).toMatchObject({ status: 'NO_SHOW', version: 2 });
    expect((await call('owner', LIST, { from: '2025-01-07T00:00:00Z', to: '2025-01-08T00:00:00Z', status: 'NO_SHOW' })).data.listAppointments.items.map((x: { id: string }) => x.id)).toEqual([past.id]);
  });

  it('lists what overlaps the range (an appointment running into it counts), in start order', async () => {
    const a = (await call('owner', CREATE, { input: single('2037-05-05T16:30:00Z', { durationMinutes: 60 }) })).data.createAppointment[0];
    const b = (await call('owner', CREATE, { input: single('2037-05-05T18:00:00Z') })).data.createAppointment[0];
    const list = (await call('owner', LIST, { from: '2037-05-05T17:00:00Z', to: '2037-05-05T18:00:01Z' })).data.listAppointments.items;
    expect(list.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    expect((await call('owner', LIST, { from: '2037-05-05T17:30:00Z', to: '2037-05-05T18:00:00Z' })).data.listAppointments.items).toEqual([]);
    const bad = await call('owner', LIST, { from: '2037-05-05T18:00:00Z', to: '2037-05-05T17:00:00Z' });
    expect(bad.errors?.[0].errorType).toBe('ValidationError');
  });

  it('a year of the practice is one Query per page of 200 (plus authorize and audit), never a Scan; a get is one GetItem', async () => {
    // Five weekly series of 52 (260 appointments) in 2041, at different hours.
    for (const hour of [15, 16, 17, 18, 19]) {
      const out = await call('owner', CREATE, { input: single(`2041-01-01T${hour}:00:00Z`, { recurrence: { frequency: 'WEEKLY', interval: 1, count: 52 } }) });
      expect(out.data.createAppointment).toHaveLength(52);
    }
    const counter = runtime.dynamoRequests!;
    const steps = { 'Directory:GetItem': 1, 'Audit:PutItem': 1 };
    const seen: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      counter.take();
      const page: any = (await call('owner', LIST, { from: '2041-01-01T00:00:00Z', to: '2042-01-01T00:00:00Z', nextToken })).data.listAppointments;
      expect(counter.take()).toEqual({ ...steps, 'Practice:Query': 1 });
      seen.push(...page.items.map((a: { start: string }) => a.start));
      nextToken = page.nextToken;
      pages += 1;
    } while (nextToken && pages < 5);
    expect(seen).toHaveLength(260);
    expect([...seen].sort()).toEqual(seen);
    expect(pages).toBe(2);
    counter.take();
    expect((await call('owner', GET, { id: (await call('owner', LIST, { from: '2041-01-01T00:00:00Z', to: '2041-01-02T00:00:00Z' })).data.listAppointments.items[0].id })).errors).toBeUndefined();
    const counts = counter.take();
    expect(counts['Practice:GetItem']).toBe(1);
    expect(Object.keys(counts).some((k) => k.endsWith(':Scan'))).toBe(false);
  });

  it('audits reads and writes with ids only', async () => {
    const a = (await call('owner', CREATE, { input: single('2038-01-05T17:00:00Z') })).data.createAppointment[0];
    await call('basic', GET, { id: a.id });
    const trail = (await call('owner', '{ listAuditTrail { items { actor action entityType entityId entityIds } } }')).data.listAuditTrail.items;
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.owner, action: 'appointment.create', entityIds: [a.id] }));
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.basic, action: 'appointment.read.miss', entityId: a.id }));
    expect(JSON.stringify(trail)).not.toContain('Olga');
  });
});

const NOTE_FIELDS = 'id appointmentId clientId clinicianId date template sections { key text } signed signedAt addenda { id text authorId createdAt } version createdAt updatedAt';
const CREATE_NOTE = `mutation ($a: ID!, $d: AWSDate!, $input: ProgressNoteInput!) { createProgressNote(appointmentId: $a, date: $d, input: $input) { ${NOTE_FIELDS} } }`;
const EDIT_NOTE = `mutation ($id: ID!, $input: ProgressNoteEditInput!) { editProgressNote(id: $id, input: $input) { ${NOTE_FIELDS} } }`;
const GET_NOTE = `query ($a: ID!) { getProgressNote(appointmentId: $a) { ${NOTE_FIELDS} } }`;

describe('progress notes', () => {
  let appt = '';
  let noteId = '';

  beforeAll(async () => {
    appt = (await call('basic', CREATE, { input: { ...single('2025-01-09T17:00:00Z'), clientId: basicClient } })).data.createAppointment[0].id;
  });

  it('the templates: SOAP, DAP, BIRP and free form with their sections', async () => {
    const meta = (await call('basic', '{ getProgessNoteMetadata { templates { template label sections { key label } } } }')).data.getProgessNoteMetadata.templates;
    expect(meta.map((t: { template: string }) => t.template)).toEqual(['SOAP', 'DAP', 'BIRP', 'FREE']);
    expect(meta[0].sections.map((s: { key: string }) => s.key)).toEqual(['subjective', 'objective', 'assessment', 'plan']);
    expect((await call('supervisor', '{ getProgessNoteMetadata { templates { template } } }')).errors?.[0].errorType).toBe('Unauthorized');
  });

  it("only the appointment's clinician writes its note; it shows on the appointment", async () => {
    const input = { template: 'SOAP', sections: [{ key: 'subjective', text: 'Reports better sleep.\nLess worry.' }, { key: 'plan', text: 'Continue weekly.' }] };
    expect((await call('owner', CREATE_NOTE, { a: appt, d: '2025-01-09', input })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('basicbilling', CREATE_NOTE, { a: appt, d: '2025-01-09', input })).errors?.[0].errorType).toBe('NotFound');
    const bad = await call('basic', CREATE_NOTE, { a: appt, d: '2025-01-09', input: { template: 'SOAP', sections: [{ key: 'data', text: 'x' }] } });
    expect(bad.errors?.[0].errorInfo.fields).toEqual([{ field: 'sections.0.key', reason: 'unknown' }]);
    const out = await call('basic', CREATE_NOTE, { a: appt, d: '2025-01-09', input });
    expect(out.errors).toBeUndefined();
    const note = out.data.createProgressNote;
    noteId = note.id;
    expect(note).toMatchObject({ appointmentId: appt, clientId: basicClient, clinicianId: subs.basic, date: '2025-01-09', template: 'SOAP', signed: false, signedAt: null, addenda: [], version: 1 });
    expect(note.sections).toEqual([
      { key: 'subjective', text: 'Reports better sleep.\nLess worry.' }, { key: 'objective', text: '' }, { key: 'assessment', text: '' }, { key: 'plan', text: 'Continue weekly.' },
    ]);
    expect((await call('basic', GET, { id: appt })).data.getAppointment.progressNoteId).toBe(noteId);
    expect((await call('basic', CREATE_NOTE, { a: appt, d: '2025-01-09', input })).errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: 'This appointment already has a progress note.' });
  });

  it('own notes: notes.all (owner, admin) read it; a clinician seeing all appointments does not; nobody else edits it', async () => {
    expect((await call('basic', GET_NOTE, { a: appt })).data.getProgressNote.id).toBe(noteId);
    expect((await call('owner', GET_NOTE, { a: appt })).data.getProgressNote.id).toBe(noteId);
    expect((await call('admin', GET_NOTE, { a: appt })).data.getProgressNote.id).toBe(noteId);
    expect((await call('fullclient', GET_NOTE, { a: appt })).data.getProgressNote).toBeNull();
    expect((await call('basicbilling', GET_NOTE, { a: appt })).data.getProgressNote).toBeNull();
    expect((await call('supervisor', GET_NOTE, { a: appt })).errors?.[0].errorType).toBe('Unauthorized');
    const change = { version: 1, sections: [{ key: 'plan', text: 'Changed by someone else' }] };
    expect((await call('owner', EDIT_NOTE, { id: noteId, input: change })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('fullclient', EDIT_NOTE, { id: noteId, input: change })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('basic', GET_NOTE, { a: appt })).data.getProgressNote).toMatchObject({ version: 1, sections: expect.arrayContaining([{ key: 'plan', text: 'Continue weekly.' }]) });
  });

  it('a signed note only takes addenda; the original text never changes', async () => {
    const edited = await call('basic', EDIT_NOTE, { id: noteId, input: { version: 1, sections: [{ key: 'assessment', text: 'Improving.' }, { key: 'plan', text: 'Continue weekly.' }] } });
    expect(edited.errors).toBeUndefined();
    expect((await call('basic', EDIT_NOTE, { id: noteId, input: { version: 1, sign: true } })).errors?.[0].errorType).toBe('ConflictError');
    const signed = (await call('basic', EDIT_NOTE, { id: noteId, input: { version: 2, sign: true } })).data.editProgressNote;
    expect(signed).toMatchObject({ signed: true, version: 3 });
    expect(signed.signedAt).toBeTruthy();
    const original = signed.sections;
    const refused = await call('basic', EDIT_NOTE, { id: noteId, input: { version: 3, sections: [{ key: 'plan', text: 'Rewritten' }] } });
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A signed note cannot be changed; add an addendum.' });
    expect((await call('basic', GET_NOTE, { a: appt })).data.getProgressNote).toMatchObject({ version: 3, sections: original, addenda: [] });
    const added = (await call('basic', EDIT_NOTE, { id: noteId, input: { version: 3, addendum: 'Client called: sleep worse again.' } })).data.editProgressNote;
    expect(added.sections).toEqual(original);
    expect(added.addenda).toEqual([expect.objectContaining({ text: 'Client called: sleep worse again.', authorId: subs.basic })]);
    expect(added.version).toBe(4);
    const again = (await call('basic', GET_NOTE, { a: appt })).data.getProgressNote;
    expect(again.sections).toEqual(original);
    expect(again.addenda).toHaveLength(1);
  });

  it('a note is signed once its session has started; a draft may be written ahead', async () => {
    const ahead = (await call('basic', CREATE, { input: { ...single('2039-03-02T17:00:00Z'), clientId: basicClient } })).data.createAppointment[0].id;
    const input = { template: 'FREE', sections: [{ key: 'note', text: 'Prepared ahead.' }] };
    const early = await call('basic', CREATE_NOTE, { a: ahead, d: '2039-03-02', input: { ...input, sign: true } });
    expect(early.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A progress note can be signed once its session has started.' });
    expect((await call('basic', GET_NOTE, { a: ahead })).data.getProgressNote).toBeNull();
    const draft = (await call('basic', CREATE_NOTE, { a: ahead, d: '2039-03-02', input })).data.createProgressNote;
    expect(draft).toMatchObject({ signed: false, version: 1 });
    const signing = await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sign: true } });
    expect(signing.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'A progress note can be signed once its session has started.' });
    expect((await call('basic', GET_NOTE, { a: ahead })).data.getProgressNote).toMatchObject({ signed: false, signedAt: null, version: 1 });
    expect((await call('basic', EDIT_NOTE, { id: draft.id, input: { version: 1, sections: [{ key: 'note', text: 'Still a draft.' }] } })).data.editProgressNote).toMatchObject({ signed: false, version: 2 });
  });

  it('reads and writes of notes are audited with ids only', async () => {
    const trail = (await call('owner', '{ listAuditTrail { items { actor action entityId } } }')).data.listAuditTrail.items;
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.basic, action: 'note.create', entityId: noteId }));
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.owner, action: 'note.read', entityId: noteId }));
    expect(trail).toContainEqual(expect.objectContaining({ actor: subs.basic, action: 'note.update', entityId: noteId }));
    expect(JSON.stringify(trail)).not.toContain('sleep');
  });
});
