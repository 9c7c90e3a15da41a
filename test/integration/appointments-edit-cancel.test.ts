/**
 * editAppointment, cancelAppointment and setAppointmentStatus against the whole local runtime with
 * the seeded demo practice: one occurrence vs the rest of a series (keeping local time), a
 * cancelled appointment's slot, stale versions, late cancellation, attended and no-show.
 */
import { describe, expect, it } from 'vitest';
import { appointmentsApi, CANCEL, CREATE, EDIT, GET, LIST, local, STATUS } from '../support/appointments-api.ts';

const api = appointmentsApi();
const { call, subs, single } = api;

describe('editAppointment and cancelAppointment: one occurrence or the series', () => {
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

describe('versions, cancellation policy and status', () => {
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
});
