/**
 * createAppointment against the whole local runtime with the seeded demo practice: weekly series
 * across the US/Pacific daylight-saving changes (count, until), the 52-occurrence limit, bad input
 * and double-booking refused with nothing written (read back).
 */
import { describe, expect, it } from 'vitest';
import { appointmentsApi, CREATE, EDIT, GET, local } from '../support/appointments-api.ts';

const api = appointmentsApi();
const { call, subs, single, storedAppointments } = api;

describe('createAppointment: recurrence in the practice timezone (US/Pacific)', () => {
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
});

describe('createAppointment: bad input and double-booking, refused with nothing written', () => {
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
});
