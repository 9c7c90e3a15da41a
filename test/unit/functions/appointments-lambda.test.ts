// The appointments Lambda with a mocked DynamoDB: what it writes (one transaction: occurrences, the
// series, the clinician's schedule lock), what it refuses before writing, and the retry when the
// clinician's schedule changed between the overlap check and the write.
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancelAppointment } from '../../../functions/appointments/cancel.ts';
import { createAppointment } from '../../../functions/appointments/create.ts';
import { editAppointment } from '../../../functions/appointments/edit.ts';
import { handler, type AppointmentsRequest } from '../../../functions/appointments/index.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const caller = { sub: 'owner-sub', practiceId: 'p1', roles: ['owner'], groups: ['Therapists'] };
const basic = { sub: 'basic-sub', practiceId: 'p1', roles: ['clinicianBasic'], groups: ['TeamMembers'] };
const CLIENT = { PK: 'P#p1', SK: 'Client#c1', id: 'c1', therapistId: 'owner-sub', status: 'active', personalDetail: { first: 'Ana', last: 'Lopez' } };
const OWNER_MEMBER = { PK: 'USER#owner-sub', SK: 'MEMBERSHIP', practiceId: 'p1', roles: ['owner'], firstName: 'Olivia', lastName: 'Owens' };
const input = { clientId: 'c1', serviceCode: '90834', locationType: 'OFFICE', start: '2030-03-05T18:00:00Z', durationMinutes: 45 };
const req = (field: AppointmentsRequest['field'], args: AppointmentsRequest['args'], who = caller): AppointmentsRequest => ({ field, caller: who, args });

function stored(id: string, start: string, extra: Record<string, unknown> = {}) {
  return {
    PK: 'P#p1', SK: `APPT#${id}`, id, clientId: 'c1', clientName: 'Ana Lopez', clinicianId: 'owner-sub', serviceCode: '90834', locationType: 'OFFICE', locationName: null,
    start, end: new Date(Date.parse(start) + 45 * 60000).toISOString(), durationMinutes: 45, status: 'SCHEDULED', sendEmailReminder: false, version: 1,
    createdAt: '2030-01-01T00:00:00.000Z', createdBy: 'owner-sub', seriesId: null, recurrence: null, ...extra,
  };
}

beforeEach(() => {
  process.env.PRACTICE_TABLE = 'practice';
  process.env.DIRECTORY_TABLE = 'dir';
  dynamo.reset();
  dynamo.on(GetCommand).resolves({});
  dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Client#c1' } }).resolves({ Item: CLIENT });
  dynamo.on(GetCommand, { Key: { PK: 'USER#owner-sub', SK: 'MEMBERSHIP' } }).resolves({ Item: OWNER_MEMBER });
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
});

describe('createAppointment', () => {
  it('writes the occurrence and bumps the clinician lock in one transaction', async () => {
    const out = await handler(req('createAppointment', { input }));
    expect(Array.isArray(out)).toBe(true);
    const writes = dynamo.commandCalls(TransactWriteCommand);
    expect(writes).toHaveLength(1);
    const items = writes[0].args[0].input.TransactItems!;
    expect(items).toHaveLength(2);
    expect(items[0].Put!.Item).toMatchObject({
      SK: expect.stringMatching(/^APPT#/), GSI1PK: 'P#p1#APPTS', GSI2PK: 'P#p1#U#owner-sub', clientName: 'Ana Lopez', clinicianName: 'Olivia Owens',
      start: '2030-03-05T18:00:00.000Z', end: '2030-03-05T18:45:00.000Z', status: 'SCHEDULED', version: 1, videoRoomId: null,
    });
    expect(items[0].Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(items[1].Update).toMatchObject({ Key: { PK: 'P#p1', SK: 'APPTLOCK#owner-sub' }, ConditionExpression: 'attribute_not_exists(seq)', ExpressionAttributeValues: { ':next': 1 } });
    // The overlap check is one Query of the clinician's GSI2 range.
    const query = dynamo.commandCalls(QueryCommand)[0].args[0].input;
    expect(query).toMatchObject({ IndexName: 'GSI2', ExpressionAttributeValues: { ':pk': 'P#p1#U#owner-sub', ':lo': 'APPT#2030-03-05T10:00:00.000Z', ':hi': 'APPT#2030-03-05T18:45:00.000Z' } });
  });

  it('a recurring telehealth appointment: one item per occurrence with its own video room, and the series item', async () => {
    const out = await createAppointment(req('createAppointment', { input: { ...input, locationType: 'TELEHEALTH', recurrence: { frequency: 'WEEKLY', interval: 2, count: 3 } } }));
    expect(out.map((a) => a.start)).toEqual(['2030-03-05T18:00:00.000Z', '2030-03-19T17:00:00.000Z', '2030-04-02T17:00:00.000Z']);
    const rooms = out.map((a) => a.videoRoomId);
    expect(new Set(rooms).size).toBe(3);
    for (const room of rooms) expect(room).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const items = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    const series = items.find((i) => i.Put?.Item?.entity === 'AppointmentSeries')!.Put!.Item!;
    expect(series.occurrenceIds).toEqual(out.map((a) => a.id));
    expect(out.every((a) => a.seriesId === series.id)).toBe(true);
    expect(out[0].recurrence).toEqual({ frequency: 'WEEKLY', interval: 2, until: null, count: 3, rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=3' });
  });

  it('refuses bad input, an unknown or archived client and a double-booking without writing', async () => {
    expect(await handler(req('createAppointment', { input: { ...input, durationMinutes: 0 } }))).toEqual({
      refusal: { message: 'End must be after start.', errorType: 'ValidationError', fields: [{ field: 'durationMinutes', reason: 'format', message: 'End must be after start.' }] },
    });
    expect(await handler(req('createAppointment', { input: { ...input, clientId: 'nope' } }))).toMatchObject({ refusal: { message: 'Unknown client.' } });
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Client#c1' } }).resolves({ Item: { ...CLIENT, status: 'archived' } });
    expect(await handler(req('createAppointment', { input }))).toMatchObject({ refusal: { message: 'Unknown client.' } });
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Client#c1' } }).resolves({ Item: CLIENT });
    dynamo.on(QueryCommand).resolves({ Items: [stored('x', '2030-03-05T18:30:00.000Z')] });
    expect(await handler(req('createAppointment', { input }))).toMatchObject({ refusal: { errorType: 'ValidationError', message: 'This clinician already has an appointment at that time.' } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it("an own-only clinician cannot book another's client or for another clinician", async () => {
    expect(await handler(req('createAppointment', { input }, basic))).toMatchObject({ refusal: { message: 'Unknown client.' } });
    expect(await handler(req('createAppointment', { input: { ...input, clinicianId: 'owner-sub' } }, basic))).toMatchObject({ refusal: { errorType: 'Unauthorized' } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a cancelled neighbour does not block; a practice allowing double-booking skips the check and the lock', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [stored('x', '2030-03-05T18:00:00.000Z', { status: 'CANCELLED' })] });
    expect(Array.isArray(await handler(req('createAppointment', { input })))).toBe(true);
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Settings#AppointmentSettings' } }).resolves({ Item: { version: 1, data: { allowDoubleBooking: true } } });
    dynamo.on(QueryCommand).resolves({ Items: [stored('x', '2030-03-05T18:00:00.000Z')] });
    expect(Array.isArray(await handler(req('createAppointment', { input })))).toBe(true);
    expect(dynamo.commandCalls(TransactWriteCommand)[1].args[0].input.TransactItems).toHaveLength(1);
  });

  it('retries when the clinician lock moved between the check and the write', async () => {
    const lost = Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] });
    dynamo.on(TransactWriteCommand).rejectsOnce(lost).resolves({});
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'APPTLOCK#owner-sub' } }).resolves({ Item: { seq: 7 } });
    expect(Array.isArray(await handler(req('createAppointment', { input })))).toBe(true);
    const writes = dynamo.commandCalls(TransactWriteCommand);
    expect(writes).toHaveLength(2);
    expect(writes[1].args[0].input.TransactItems![1].Update).toMatchObject({ ConditionExpression: 'seq = :seq', ExpressionAttributeValues: { ':seq': 7, ':next': 8 } });
  });
});

describe('editAppointment and cancelAppointment', () => {
  it('a stale version is a ConflictError with no write; another practice member’s own-only view is NotFound', async () => {
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'APPT#a1' } }).resolves({ Item: { ...stored('a1', '2030-03-05T18:00:00.000Z'), version: 3 } });
    expect(await handler(req('editAppointment', { id: 'a1', version: 2, scope: 'THIS', input: { durationMinutes: 30 } }))).toMatchObject({ refusal: { errorType: 'ConflictError' } });
    expect(await handler(req('editAppointment', { id: 'a1', version: 3, scope: 'THIS', input: { durationMinutes: 30 } }, basic))).toMatchObject({ refusal: { errorType: 'NotFound' } });
    expect(await handler(req('editAppointment', { id: 'a1', version: 3, scope: 'THIS', input: { recurrence: { frequency: 'WEEKLY', interval: 1, count: 2 } } }))).toMatchObject({ refusal: { errorType: 'ValidationError' } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('SERIES: this and the later scheduled occurrences, each conditioned on its own version, moved in local wall-clock time', async () => {
    const series = { id: 's1', recurrence: { frequency: 'WEEKLY', interval: 1, count: 4, until: null, rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=4' } };
    const occ = [
      stored('o1', '2030-03-05T18:00:00.000Z', { seriesId: 's1' }),
      stored('o2', '2030-03-12T17:00:00.000Z', { seriesId: 's1', version: 4 }),
      stored('o3', '2030-03-19T17:00:00.000Z', { seriesId: 's1', status: 'CANCELLED' }),
      stored('o4', '2030-03-26T17:00:00.000Z', { seriesId: 's1', version: 2 }),
    ];
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'APPT#o2' } }).resolves({ Item: occ[1] });
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'APPTSERIES#s1' } }).resolves({ Item: { ...series, occurrenceIds: ['o1', 'o2', 'o3', 'o4'] } });
    dynamo.on(BatchGetCommand).resolves({ Responses: { practice: [occ[0], occ[2], occ[3]] } });
    // From Tue 10:00 PDT to Wed 09:00 PDT.
    const out = await editAppointment(req('editAppointment', { id: 'o2', version: 4, scope: 'SERIES', input: { start: '2030-03-13T16:00:00Z' } }));
    expect(out.map((a) => [a.id, a.start, a.version])).toEqual([['o2', '2030-03-13T16:00:00.000Z', 5], ['o4', '2030-03-27T16:00:00.000Z', 3]]);
    const items = dynamo.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items.slice(0, 2).map((i) => i.Put!.ExpressionAttributeValues)).toEqual([{ ':version': 4 }, { ':version': 2 }]);
    expect(items[0].Put!.Item).toMatchObject({ GSI1SK: '2030-03-13T16:00:00.000Z#o2', GSI2SK: 'APPT#2030-03-13T16:00:00.000Z#o2' });
  });

  it('cancel: LATE_CANCELLED within lateCancelHours of the start, else CANCELLED', async () => {
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'APPT#a1' } }).resolves({ Item: stored('a1', '2030-03-05T18:00:00.000Z') });
    const late = await cancelAppointment(req('cancelAppointment', { id: 'a1', version: 1, scope: 'THIS' }), new Date('2030-03-04T18:00:01Z'));
    expect(late[0].status).toBe('LATE_CANCELLED');
    const early = await cancelAppointment(req('cancelAppointment', { id: 'a1', version: 1, scope: 'THIS' }), new Date('2030-03-04T18:00:00Z'));
    expect(early[0].status).toBe('CANCELLED');
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Settings#AppointmentSettings' } }).resolves({ Item: { version: 1, data: { lateCancelHours: 48 } } });
    const policy = await cancelAppointment(req('cancelAppointment', { id: 'a1', version: 1, scope: 'THIS' }), new Date('2030-03-04T00:00:00Z'));
    expect(policy[0].status).toBe('LATE_CANCELLED');
  });

  it('a version moved by a concurrent write (transaction cancelled) is a ConflictError', async () => {
    dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'APPT#a1' } }).resolves({ Item: stored('a1', '2030-03-05T18:00:00.000Z') });
    dynamo.on(TransactWriteCommand).rejects(Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }));
    expect(await handler(req('cancelAppointment', { id: 'a1', version: 1, scope: 'THIS' }))).toMatchObject({ refusal: { errorType: 'ConflictError' } });
  });
});
