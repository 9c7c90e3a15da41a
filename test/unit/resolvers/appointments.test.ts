// The appointment and progress-note resolvers, step by step, evaluated from their deployed bundles
// against the local `@aws-appsync/utils` runtime with a frozen clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';
import { appointmentAccess } from '../../../domain/appointment/access.ts';
import { canCall } from '../../../domain/permissions.ts';
import { page as pageOf } from './paging.ts';

const NOW = new Date('2030-03-04T05:06:07.089Z');
const OWNER = { sub: 'owner-sub', practiceId: 'p1', roles: ['owner'], plan: 'professional', groups: ['Therapists'] };
const BASIC = { ...OWNER, sub: 'basic-sub', roles: ['clinicianBasic'], groups: ['TeamMembers'] };
const SUPERVISOR = { ...OWNER, sub: 'sup-sub', roles: ['supervisor'], groups: ['TeamMembers'] };
const SCHEDULER = { ...OWNER, sub: 'sched-sub', roles: ['scheduler'], groups: ['TeamMembers'] };
const COORDINATOR = { ...OWNER, sub: 'coord-sub', roles: [], groups: ['coordinators'] };
const FULL = { ...OWNER, sub: 'full-sub', roles: ['clinicianFullClient'], groups: ['TeamMembers'] };

const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS) code[fn.name] = await loadResolverEntry(fn.entry);
});

const stored = {
  PK: 'P#p1', SK: 'APPT#a1', GSI1PK: 'P#p1#APPTS', GSI1SK: '2030-03-05T17:00:00.000Z#a1', GSI2PK: 'P#p1#U#basic-sub', GSI2SK: 'APPT#2030-03-05T17:00:00.000Z#a1',
  id: 'a1', clientId: 'c1', clientName: 'Ana Lopez', clinicianId: 'basic-sub', clinicianName: 'Ben Baker', serviceCode: '90834', locationType: 'TELEHEALTH', locationName: null,
  start: '2030-03-05T17:00:00.000Z', end: '2030-03-05T17:45:00.000Z', durationMinutes: 45, recurrence: null, seriesId: null, status: 'SCHEDULED', sendEmailReminder: true,
  videoRoomId: 'room_abcdefghijklmnopqrstuvwxyz0123', progressNoteId: null, version: 2, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-02T00:00:00.000Z', createdBy: 'owner-sub',
};
const at = (caller: typeof OWNER) => ({ caller, access: appointmentAccess(caller.roles, caller.groups) });
const info = (parentTypeName: string, fieldName: string) => ({ parentTypeName, fieldName });

describe('resolver map', () => {
  it('starts every appointment and note pipeline with authorize; reads and writes of PHI end with audit', () => {
    for (const field of ['listAppointments', 'getAppointment', 'createAppointment', 'editAppointment', 'cancelAppointment', 'setAppointmentStatus', 'getProgressNote', 'createProgressNote', 'editProgressNote']) {
      const def = RESOLVERS.find((r) => r.fieldName === field)!;
      expect([field, def.pipeline[0], def.pipeline.at(-1)]).toEqual([field, 'authorize', 'audit']);
    }
    for (const field of ['listAppointments', 'getAppointment', 'createAppointment', 'getServicesOffered', 'getAppointmentSettings', 'listClinicians', 'getProgressNote']) {
      expect(RESOLVERS.find((r) => r.fieldName === field)!.pipeline[1]).toBe('Appointment.access');
    }
  });
});

describe('Appointment.access', () => {
  it('stashes the scope of the rights that authorize admitted (FIELD_RULES: any right to read, own or all to write)', () => {
    const read = evaluate(code['Appointment.access'], 'request', { stash: { caller: SUPERVISOR }, info: info('Query', 'listAppointments') });
    expect(read.error).toBeNull();
    expect(read.ctx.stash.access).toEqual({ read: 'all', write: 'none' });
    expect(canCall('Mutation.createAppointment', SUPERVISOR.roles, 'professional', SUPERVISOR.groups)).toBe(false);
    expect(evaluate(code['Appointment.access'], 'request', { stash: { caller: COORDINATOR }, info: info('Query', 'getAppointment') }).error?.errorType).toBe('Unauthorized');
    expect(evaluate(code['Appointment.access'], 'request', { stash: { caller: BASIC }, info: info('Mutation', 'editAppointment') }).ctx.stash.access).toEqual({ read: 'own', write: 'own' });
    expect(evaluate(code['Appointment.access'], 'request', { stash: { caller: SCHEDULER }, info: info('Mutation', 'createAppointment') }).ctx.stash.access).toEqual({ read: 'all', write: 'all' });
  });
});

describe('Query.listAppointments', () => {
  const args = { from: '2030-03-01T08:00:00Z', to: '2030-04-01T07:00:00Z' };

  it('practice-wide: one Query on GSI1 from the longest appointment before `from` to `to`, filtered to those ending after `from`', () => {
    const out = evaluate(code['Query.listAppointments'], 'request', { stash: at(OWNER), arguments: args });
    expect(out.error).toBeNull();
    const req = out.result as any;
    expect(req).toMatchObject({ operation: 'Query', index: 'GSI1', limit: 200 });
    expect(req.nextToken).toBeUndefined();
    expect(req.query.expression).toBe('#pk = :pk AND #sk BETWEEN :lo AND :hi');
    expect(req.query.expressionValues).toEqual({ ':pk': { S: 'P#p1#APPTS' }, ':lo': { S: '2030-03-01T00:00:00.000Z' }, ':hi': { S: '2030-04-01T07:00:00.000Z' } });
    expect(req.filter).toEqual({ expression: '#end > :from', expressionNames: { '#end': 'end' }, expressionValues: { ':from': { S: '2030-03-01T08:00:00.000Z' } } });
  });

  it('one clinician (asked by a practice-wide reader, or always for an own-only one) reads GSI2, with a status filter', () => {
    const owner = evaluate(code['Query.listAppointments'], 'request', { stash: at(OWNER), arguments: { ...args, clinicianId: 'basic-sub', status: 'NO_SHOW' } }).result as any;
    expect(owner.index).toBe('GSI2');
    expect(owner.query.expressionValues[':pk']).toEqual({ S: 'P#p1#U#basic-sub' });
    expect(owner.query.expressionValues[':lo']).toEqual({ S: 'APPT#2030-03-01T00:00:00.000Z' });
    expect(owner.filter.expression).toBe('#end > :from AND #status = :status');
    const basic = evaluate(code['Query.listAppointments'], 'request', { stash: at(BASIC), arguments: args }).result as any;
    expect(basic.query.expressionValues[':pk']).toEqual({ S: 'P#p1#U#basic-sub' });
  });

  it("an own-only reader asking for another clinician gets an empty page without a read", () => {
    const out = evaluate(code['Query.listAppointments'], 'request', { stash: at(BASIC), arguments: { ...args, clinicianId: 'owner-sub' } });
    expect(out.earlyReturn).not.toBeNull();
    expect(out.result).toEqual({ items: [], nextToken: null });
  });

  it('refuses a range that ends before it starts, a range over 400 days and an unknown status', () => {
    for (const bad of [{ from: args.to, to: args.from }, { from: '2030-01-01T00:00:00Z', to: '2031-03-01T00:00:00Z' }, { ...args, status: 'GONE' }, { from: 'yesterday', to: args.to }]) {
      expect(evaluate(code['Query.listAppointments'], 'request', { stash: at(OWNER), arguments: bad }).error?.errorType).toBe('ValidationError');
    }
  });

  it('shapes items for the caller (readOnly, client video path) and audits their ids', () => {
    const out = pageOf(code['Query.listAppointments'], { stash: at(SUPERVISOR), arguments: args }, { items: [stored], nextToken: 'n' });
    const page = out.result as any;
    expect(typeof page.nextToken).toBe('string');
    expect(page.items[0]).toMatchObject({ id: 'a1', readOnly: true, clientVideoPath: '/public/video/room_abcdefghijklmnopqrstuvwxyz0123/basic-sub', version: 2 });
    expect(page.items[0]).not.toHaveProperty('PK');
    expect(out.ctx.stash.audit).toEqual({ action: 'appointment.list', entityType: 'Appointment', entityIds: ['a1'] });
    expect((pageOf(code['Query.listAppointments'], { stash: at(BASIC), arguments: args }, { items: [stored] }).result as any).items[0].readOnly).toBe(false);
  });
});

describe('Query.getAppointment', () => {
  it("returns null for another clinician's appointment to an own-only caller, and audits the miss", () => {
    const out = evaluate(code['Query.getAppointment'], 'response', { stash: at({ ...BASIC, sub: 'other' }), arguments: { id: 'a1' }, result: stored });
    expect(out.result).toBeNull();
    expect(out.ctx.stash.audit).toEqual({ action: 'appointment.read.miss', entityType: 'Appointment', entityId: 'a1' });
    expect(evaluate(code['Query.getAppointment'], 'response', { stash: at(FULL), arguments: { id: 'a1' }, result: stored }).result).toMatchObject({ id: 'a1', readOnly: false });
  });
});

describe('Appointments.invoke', () => {
  it('sends the caller from the stash, never from arguments', () => {
    const out = evaluate(code['Appointments.invoke'], 'request', { stash: at(BASIC), arguments: { id: 'a1', version: 2, scope: 'THIS', input: { durationMinutes: 30 } }, info: info('Mutation', 'editAppointment') });
    expect(out.result).toEqual({
      operation: 'Invoke',
      payload: { field: 'editAppointment', caller: { sub: 'basic-sub', practiceId: 'p1', roles: ['clinicianBasic'], groups: ['TeamMembers'] }, args: { id: 'a1', version: 2, scope: 'THIS', input: { durationMinutes: 30 } } },
    });
  });

  it("raises the Lambda's refusal with its message and fields, and writes no audit", () => {
    const fields = [{ field: 'durationMinutes', reason: 'format', message: 'End must be after start.' }];
    const out = evaluate(code['Appointments.invoke'], 'response', { stash: at(BASIC), result: { refusal: { message: 'End must be after start.', errorType: 'ValidationError', fields } }, info: info('Mutation', 'createAppointment') });
    expect(out.error).toMatchObject({ message: 'End must be after start.', errorType: 'ValidationError', errorInfo: { fields } });
    expect(out.ctx.stash.audit).toBeUndefined();
  });

  it('returns the list (or, for setAppointmentStatus, the one) and audits the ids', () => {
    const list = evaluate(code['Appointments.invoke'], 'response', { stash: at(OWNER), result: [stored], info: info('Mutation', 'cancelAppointment') });
    expect((list.result as any[]).map((a) => a.id)).toEqual(['a1']);
    expect(list.ctx.stash.audit).toEqual({ action: 'appointment.cancel', entityType: 'Appointment', entityIds: ['a1'] });
    expect(evaluate(code['Appointments.invoke'], 'response', { stash: at(OWNER), result: [stored], info: info('Mutation', 'setAppointmentStatus') }).result).toMatchObject({ id: 'a1' });
  });
});

describe('appointment settings', () => {
  const details = { data: { timezone: 'America/New_York', locations: [{ name: 'Main office' }, { name: 'Annex' }] } };

  it('reads defaults (version 0) with the practice timezone and location names', () => {
    const out = evaluate(code['Query.getAppointmentSettings'], 'response', { stash: { caller: OWNER, practiceDetails: details }, result: null });
    expect(out.result).toEqual({
      lateCancelHours: 24, reminderLeadMinutes: 1440, reminderChannel: 'EMAIL', allowDoubleBooking: false, reminderIncludesClinician: true, reminderIncludesLocation: true,
      timezone: 'America/New_York', locations: ['Main office', 'Annex'], version: 0,
    });
    expect((evaluate(code['Query.getAppointmentSettings'], 'response', { stash: { caller: OWNER, practiceDetails: null }, result: null }).result as any).timezone).toBe('US/Pacific');
  });

  it('writes the stored settings with the changed fields, version + 1, on condition of the version', () => {
    const storedSettings = { version: 3, data: { lateCancelHours: 12, reminderLeadMinutes: 60, reminderChannel: 'SMS', allowDoubleBooking: true, reminderIncludesClinician: false, reminderIncludesLocation: true } };
    const out = evaluate(code['Mutation.editAppointmentSettings'], 'request', { stash: { caller: OWNER, appointmentSettings: storedSettings }, arguments: { version: 3, input: { lateCancelHours: 48 } } }, { now: NOW });
    const req = out.result as any;
    expect(req.attributeValues.version).toEqual({ N: 4 });
    expect(req.attributeValues.data.M).toMatchObject({ lateCancelHours: { N: 48 }, reminderChannel: { S: 'SMS' }, allowDoubleBooking: { BOOL: true } });
    expect(req.condition.expressionValues).toEqual({ ':version': { N: 3 } });
    expect(evaluate(code['Mutation.editAppointmentSettings'], 'request', { stash: { caller: OWNER, appointmentSettings: storedSettings }, arguments: { version: 2, input: {} } }).error?.errorType).toBe('ConflictError');
    const bad = evaluate(code['Mutation.editAppointmentSettings'], 'request', { stash: { caller: OWNER, appointmentSettings: null }, arguments: { version: 0, input: { lateCancelHours: -1, reminderChannel: 'PIGEON' } } });
    expect(bad.error?.errorInfo).toEqual({ fields: expect.arrayContaining([{ field: 'lateCancelHours', reason: 'format' }, { field: 'reminderChannel', reason: 'format' }]) });
    expect((bad.error?.errorInfo as { fields: unknown[] }).fields).toHaveLength(2);
  });
});

describe('Query.listClinicians', () => {
  const members = [
    { PK: 'USER#owner-sub', SK: 'MEMBERSHIP', roles: ['owner'], firstName: 'Olivia', lastName: 'Owens' },
    { PK: 'USER#basic-sub', SK: 'MEMBERSHIP', roles: ['clinicianBasic'], email: 'basic@example.com' },
    { PK: 'USER#sched-sub', SK: 'MEMBERSHIP', roles: ['scheduler'], firstName: 'Sam', lastName: 'Shaw' },
  ];
  it('lists the owner and clinician roles (names, else e-mail); own-only callers get themselves', () => {
    expect(evaluate(code['Query.listClinicians'], 'response', { stash: at(SCHEDULER), result: { items: members } }).result).toEqual([{ id: 'owner-sub', name: 'Olivia Owens' }, { id: 'basic-sub', name: 'basic@example.com' }]);
    expect(evaluate(code['Query.listClinicians'], 'response', { stash: at(BASIC), result: { items: members } }).result).toEqual([{ id: 'basic-sub', name: 'basic@example.com' }]);
  });
});

describe('progress notes', () => {
  const note = {
    PK: 'P#p1', SK: 'NOTE#a1', id: 'note-a1', appointmentId: 'a1', clientId: 'c1', clinicianId: 'basic-sub', date: '2030-03-05', template: 'SOAP',
    sections: [{ key: 'subjective', text: 'S' }, { key: 'objective', text: '' }, { key: 'assessment', text: '' }, { key: 'plan', text: 'P' }],
    signed: false, signedAt: null, addenda: [], version: 1, createdAt: '2030-03-05T18:00:00.000Z', updatedAt: '2030-03-05T18:00:00.000Z',
  };

  it("createProgressNote: only the appointment's clinician; keyed by the appointment so a second note is refused", () => {
    const input = { template: 'SOAP', sections: [{ key: 'plan', text: 'Weekly' }], sign: true };
    // Signed once the session has started (issue 19): an hour after the appointment's start.
    const AFTER = new Date('2030-03-05T18:00:00.000Z');
    const out = evaluate(code['Mutation.createProgressNote'], 'request', { stash: { ...at(BASIC), appointment: stored }, arguments: { appointmentId: 'a1', date: '2030-03-05', input } }, { now: AFTER });
    const req = out.result as any;
    expect(req.key).toEqual({ PK: { S: 'P#p1' }, SK: { S: 'NOTE#a1' } });
    expect(req.condition).toEqual({ expression: 'attribute_not_exists(PK)' });
    expect(req.attributeValues).toMatchObject({ id: { S: 'note-a1' }, signed: { BOOL: true }, signedAt: { S: AFTER.toISOString() }, clinicianId: { S: 'basic-sub' } });
    expect(evaluate(code['Mutation.createProgressNote'], 'request', { stash: { ...at(OWNER), appointment: stored }, arguments: { appointmentId: 'a1', date: '2030-03-05', input } }).error?.errorType).toBe('Unauthorized');
    expect(evaluate(code['Mutation.createProgressNote'], 'request', { stash: { ...at(BASIC), appointment: null }, arguments: { appointmentId: 'a1', date: '2030-03-05', input } }).error?.errorType).toBe('NotFound');
    expect(evaluate(code['Mutation.createProgressNote'], 'request', { stash: { ...at(BASIC), appointment: stored }, arguments: { appointmentId: 'a1', date: '03/05/2030', input } }).error?.errorInfo).toEqual({ fields: [{ field: 'date', reason: 'format' }] });
    const twice = evaluate(code['Mutation.createProgressNote'], 'response', { stash: {}, result: null, error: { message: 'The conditional request failed', type: 'DynamoDB:ConditionalCheckFailedException' } });
    expect(twice.error).toMatchObject({ errorType: 'ConflictError', message: 'This appointment already has a progress note.' });
  });

  it('getProgressNote: the own note, or any to notes.all; otherwise null', () => {
    expect(evaluate(code['Query.getProgressNote'], 'response', { stash: { caller: BASIC }, arguments: { appointmentId: 'a1' }, result: note }).result).toMatchObject({ id: 'note-a1' });
    expect(evaluate(code['Query.getProgressNote'], 'response', { stash: { caller: OWNER }, arguments: { appointmentId: 'a1' }, result: note }).result).toMatchObject({ id: 'note-a1' });
    const full = evaluate(code['Query.getProgressNote'], 'response', { stash: { caller: FULL }, arguments: { appointmentId: 'a1' }, result: note });
    expect(full.result).toBeNull();
    expect(full.ctx.stash.audit).toEqual({ action: 'note.read.miss', entityType: 'Appointment', entityId: 'a1' });
  });

  it('Note.load: another clinician’s note is NotFound, or Unauthorized to a notes.all reader', () => {
    expect(evaluate(code['Note.load'], 'response', { stash: { caller: FULL }, arguments: { id: 'note-a1' }, result: note }).error?.errorType).toBe('NotFound');
    expect(evaluate(code['Note.load'], 'response', { stash: { caller: OWNER }, arguments: { id: 'note-a1' }, result: note }).error?.errorType).toBe('Unauthorized');
    expect(evaluate(code['Note.load'], 'request', { stash: { caller: BASIC }, arguments: { id: 'a1' } }).error?.errorType).toBe('NotFound');
  });

  it('editProgressNote: a signed note takes only an addendum, conditioned on version and signed', () => {
    const signed = { ...note, signed: true, signedAt: '2030-03-05T18:00:00.000Z', version: 2 };
    const refused = evaluate(code['Mutation.editProgressNote'], 'request', { stash: { caller: BASIC, note: signed }, arguments: { input: { version: 2, sections: [{ key: 'plan', text: 'New' }] } } });
    expect(refused.error).toMatchObject({ errorType: 'ValidationError', message: 'A signed note cannot be changed; add an addendum.' });
    const out = evaluate(code['Mutation.editProgressNote'], 'request', { stash: { caller: BASIC, note: signed }, arguments: { input: { version: 2, addendum: 'Later call' } } }, { now: NOW });
    const req = out.result as any;
    expect(req.attributeValues.sections).toEqual({ L: signed.sections.map((s) => ({ M: { key: { S: s.key }, text: { S: s.text } } })) });
    expect(req.attributeValues.addenda.L).toHaveLength(1);
    expect(req.attributeValues.addenda.L[0].M).toMatchObject({ text: { S: 'Later call' }, authorId: { S: 'basic-sub' }, createdAt: { S: NOW.toISOString() } });
    expect(req.condition.expressionValues).toEqual({ ':version': { N: 2 }, ':signed': { BOOL: true } });
    expect(evaluate(code['Mutation.editProgressNote'], 'request', { stash: { caller: BASIC, note: signed }, arguments: { input: { version: 1, addendum: 'x' } } }).error?.errorType).toBe('ConflictError');
    const unsigned = evaluate(code['Mutation.editProgressNote'], 'request', { stash: { caller: BASIC, note }, arguments: { input: { version: 1, addendum: 'x' } } });
    expect(unsigned.error?.errorInfo).toEqual({ fields: [{ field: 'addendum', reason: 'format' }] });
  });
});
