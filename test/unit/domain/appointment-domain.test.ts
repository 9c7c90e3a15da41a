// Appointment rules without a runtime: UTC arithmetic without Date (checked against Date), input
// validation, the cancellation policy, and weekly recurrence in US/Pacific across both
// daylight-saving changes (domain/appointment.ts, domain/recurrence.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appointmentAccess } from '../../../domain/appointment/access.ts';
import { formatDateTime, parseDate, parseDateTime } from '../../../domain/appointment/calendar.ts';
import { validateAppointmentInput } from '../../../domain/appointment/input.ts';
import { cancelStatus } from '../../../domain/appointment/status.ts';
import { expandOccurrences, fromFloating, localDate, shiftWallClock } from '../../../domain/recurrence.ts';

const TZ = 'US/Pacific';
const local = (ms: number) => new Intl.DateTimeFormat('en-US', { timeZone: TZ, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(ms);

describe('UTC date-times without Date', () => {
  it('formats every instant exactly as toISOString and parses it back', () => {
    fc.assert(fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
      expect(formatDateTime(ms)).toBe(new Date(ms).toISOString());
      expect(parseDateTime(new Date(ms).toISOString())).toBe(ms);
    }));
  });

  it('reads offsets, optional seconds and fractions; refuses what is not a date-time', () => {
    expect(parseDateTime('2030-03-05T10:00-08:00')).toBe(Date.parse('2030-03-05T18:00:00Z'));
    expect(parseDateTime('2030-03-05T10:00:30.5+01:30')).toBe(Date.parse('2030-03-05T08:30:30.500Z'));
    for (const bad of ['2030-02-30T10:00:00Z', '2030-03-05 10:00:00Z', '2030-03-05T24:00:00Z', '2030-03-05T10:00:00', '2030-03-05T10:0Z', 'x', 5, null]) {
      expect([bad, parseDateTime(bad)]).toEqual([bad, null]);
    }
    expect(parseDate('2032-02-29')).not.toBeNull();
    expect(parseDate('2031-02-29')).toBeNull();
  });
});

describe('validateAppointmentInput', () => {
  const input = { clientId: 'c1', serviceCode: '90834', locationType: 'OFFICE', locationName: 'Main', start: '2030-03-05T18:00:00Z', durationMinutes: 45 };

  it('duration <= 0 is "End must be after start."; over 8 hours too long; unknown keys refused', () => {
    expect(validateAppointmentInput({ ...input, durationMinutes: 0 }).problems).toEqual([{ field: 'durationMinutes', reason: 'format', message: 'End must be after start.' }]);
    expect(validateAppointmentInput({ ...input, durationMinutes: 481 }).problems[0]).toMatchObject({ field: 'durationMinutes', reason: 'length' });
    expect(validateAppointmentInput({ ...input, therapistNote: 'x' }).problems).toEqual([{ field: 'therapistNote', reason: 'unknown' }]);
    expect(validateAppointmentInput(input).problems).toEqual([]);
  });

  it('edit keeps the stored fields the input leaves out; a telehealth appointment has no location name', () => {
    const existing = { clientId: 'c1', serviceCode: '90834', locationType: 'OFFICE', locationName: 'Main', start: '2030-03-05T18:00:00.000Z', durationMinutes: 45, sendEmailReminder: true };
    const edit = validateAppointmentInput({ durationMinutes: 30 }, existing);
    expect(edit.problems).toEqual([]);
    expect(edit.data).toMatchObject({ clientId: 'c1', locationName: 'Main', durationMinutes: 30, sendEmailReminder: true, startMs: Date.parse('2030-03-05T18:00:00Z') });
    expect(validateAppointmentInput({ locationType: 'TELEHEALTH' }, existing).data.locationName).toBeNull();
  });

  it('recurrence: weekly, every week or every other, ending by a date or a count (one of the two), at most 52', () => {
    const rec = (r: Record<string, unknown>) => validateAppointmentInput({ ...input, recurrence: { frequency: 'WEEKLY', interval: 1, ...r } }).problems.map((p) => p.field);
    expect(rec({ count: 52 })).toEqual([]);
    expect(rec({ count: 53 })).toEqual(['recurrence.count']);
    expect(rec({ until: '2030-06-01' })).toEqual([]);
    expect(rec({})).toEqual(['recurrence']);
    expect(rec({ until: '2030-06-01', count: 3 })).toEqual(['recurrence']);
    expect(rec({ interval: 3, count: 2 })).toEqual(['recurrence.interval']);
  });
});

describe('rights and the cancellation policy', () => {
  it('own, all, locked and the scheduler', () => {
    expect(appointmentAccess(['clinicianBasic'])).toEqual({ read: 'own', write: 'own' });
    expect(appointmentAccess(['clinicianBasicBilling'])).toEqual({ read: 'own', write: 'own' });
    expect(appointmentAccess(['clinicianFullClient'])).toEqual({ read: 'all', write: 'all' });
    expect(appointmentAccess(['scheduler'])).toEqual({ read: 'all', write: 'all' });
    expect(appointmentAccess(['supervisor'])).toEqual({ read: 'all', write: 'none' });
    expect(appointmentAccess(['biller'])).toEqual({ read: 'all', write: 'none' });
    expect(appointmentAccess(['clinicianBasic', 'supervisor'])).toEqual({ read: 'all', write: 'own' });
    expect(appointmentAccess([], ['coordinators'])).toEqual({ read: 'none', write: 'none' });
  });

  it('late when less than lateCancelHours before the start', () => {
    const start = Date.parse('2030-03-05T18:00:00Z');
    expect(cancelStatus(start, start - 24 * 3600_000, 24)).toBe('CANCELLED');
    expect(cancelStatus(start, start - 24 * 3600_000 + 1, 24)).toBe('LATE_CANCELLED');
    expect(cancelStatus(start, start + 1, 0)).toBe('LATE_CANCELLED');
  });
});

describe('weekly recurrence in US/Pacific', () => {
  it('10:00 stays 10:00 across the March change (count)', () => {
    const { starts, rrule } = expandOccurrences(Date.parse('2030-03-05T18:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 1, count: 3, until: null });
    expect(starts.map((s) => new Date(s).toISOString())).toEqual(['2030-03-05T18:00:00.000Z', '2030-03-12T17:00:00.000Z', '2030-03-19T17:00:00.000Z']);
    expect(starts.map(local)).toEqual(['Tue 10:00', 'Tue 10:00', 'Tue 10:00']);
    expect(rrule).toBe('FREQ=WEEKLY;INTERVAL=1;COUNT=3');
  });

  it('10:00 stays 10:00 across the November change; until includes its whole last local day', () => {
    const { starts, rrule } = expandOccurrences(Date.parse('2030-10-29T17:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 1, count: null, until: '2030-11-12' });
    expect(starts.map((s) => new Date(s).toISOString())).toEqual(['2030-10-29T17:00:00.000Z', '2030-11-05T18:00:00.000Z', '2030-11-12T18:00:00.000Z']);
    expect(rrule).toMatch(/^FREQ=WEEKLY;INTERVAL=1;UNTIL=20301112T/);
    // An evening appointment (UTC next day) still counts on the local last day.
    const evening = expandOccurrences(Date.parse('2030-10-30T03:30:00Z'), TZ, { frequency: 'WEEKLY', interval: 1, count: null, until: '2030-11-12' });
    expect(evening.starts.map(local)).toEqual(['Tue 20:30', 'Tue 20:30', 'Tue 20:30']);
    expect(localDate(evening.starts.at(-1)!, TZ)).toBe('2030-11-12');
  });

  it('until vs count: the same series either way; more than 52 or an until before the start is a problem', () => {
    const byCount = expandOccurrences(Date.parse('2030-01-08T18:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 2, count: 5, until: null });
    const byUntil = expandOccurrences(Date.parse('2030-01-08T18:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 2, count: null, until: '2030-03-05' });
    expect(byUntil.starts).toEqual(byCount.starts);
    expect(expandOccurrences(Date.parse('2030-01-08T18:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 1, count: null, until: '2031-01-07' }).problem).toBe('tooManyOccurrences');
    expect(expandOccurrences(Date.parse('2030-01-08T18:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 1, count: null, until: '2030-12-31' }).starts).toHaveLength(52);
    expect(expandOccurrences(Date.parse('2030-01-08T18:00:00Z'), TZ, { frequency: 'WEEKLY', interval: 1, count: null, until: '2030-01-07' }).problem).toBe('untilBeforeStart');
  });

  it('a wall time in the spring-forward gap lands an hour later; a series shift keeps local time', () => {
    // 2030-03-10 02:30 does not exist in US/Pacific.
    expect(new Date(fromFloating(Date.UTC(2030, 2, 10, 2, 30), TZ)).toISOString()).toBe('2030-03-10T10:30:00.000Z');
    // Moving Tue 10:00 PST to Wed 09:00 PST moves a later Tue 10:00 PDT to Wed 09:00 PDT.
    const moved = shiftWallClock(Date.parse('2030-03-19T17:00:00Z'), Date.parse('2030-03-05T18:00:00Z'), Date.parse('2030-03-06T17:00:00Z'), TZ);
    expect(local(moved)).toBe('Wed 09:00');
  });
});
