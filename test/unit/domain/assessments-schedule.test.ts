import { describe, expect, it } from 'vitest';
import {
  appointmentOccurrence, currentOccurrence, localMidnight, nextAppointmentOccurrence, nextOpening, nthDate, occurrencesBetween, openAppointmentOccurrence, readSchedule, type Schedule,
} from '../../../domain/assessments/schedule.ts';

const NY = 'America/New_York';
const weekly = (startDate: string, endDate: string | null = null): Schedule => ({ frequency: 'weekly', startDate, endDate });

describe('reading a schedule', () => {
  it('takes today as the default start and drops an end date from a one-off', () => {
    expect(readSchedule({ frequency: 'once', endDate: '2026-12-31' }, '2026-11-26')).toEqual({ value: { frequency: 'once', startDate: '2026-11-26', endDate: null } });
    expect(readSchedule({ frequency: 'monthly', startDate: '2026-12-31', endDate: '2027-06-30' }, '2026-11-26')).toEqual({ value: { frequency: 'monthly', startDate: '2026-12-31', endDate: '2027-06-30' } });
  });

  it('names what is wrong', () => {
    expect(readSchedule({ frequency: 'daily' }, '2026-11-26')).toEqual({ problem: 'frequency' });
    expect(readSchedule({ frequency: 'weekly', startDate: '2026-02-30' }, '2026-11-26')).toEqual({ problem: 'startDate' });
    expect(readSchedule({ frequency: 'weekly', startDate: '2026-01-01' }, '2026-11-26')).toEqual({ problem: 'startDate' });
    expect(readSchedule({ frequency: 'weekly', startDate: '2026-12-01', endDate: '2026-11-30' }, '2026-11-26')).toEqual({ problem: 'endBeforeStart' });
    expect(readSchedule({ frequency: 'weekly', startDate: '2026-12-01', endDate: '2030-01-01' }, '2026-11-26')).toEqual({ problem: 'tooLong' });
    expect(readSchedule({ frequency: 'weekly', endDate: 'soon' }, '2026-11-26')).toEqual({ problem: 'endDate' });
  });
});

describe('occurrences', () => {
  it('keeps the day of month, on the last day of shorter months', () => {
    const monthly: Schedule = { frequency: 'monthly', startDate: '2027-01-31', endDate: null };
    expect([0, 1, 2, 3, 13].map((n) => nthDate(monthly, n))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2028-02-29']);
  });

  it('lists weekly and every-2-weeks dates up to the end date', () => {
    expect(occurrencesBetween(weekly('2026-12-01', '2026-12-22'), '2026-11-01', '2027-01-31')).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22']);
    expect(occurrencesBetween({ frequency: 'biweekly', startDate: '2026-12-01', endDate: null }, '2026-12-10', '2027-01-01')).toEqual(['2026-12-15', '2026-12-29']);
    expect(occurrencesBetween({ frequency: 'once', startDate: '2026-12-01', endDate: null }, '2026-01-01', '2027-12-01')).toEqual(['2026-12-01']);
  });

  it('opens at local midnight across the DST change (weekly stays on its weekday)', () => {
    // 2027-03-14: New York springs forward. Midnight before is UTC-5, after UTC-4.
    expect(localMidnight('2027-03-08', NY)).toBe('2027-03-08T05:00:00.000Z');
    expect(localMidnight('2027-03-15', NY)).toBe('2027-03-15T04:00:00.000Z');
    const s = weekly('2027-03-08');
    expect(currentOccurrence(s, NY, Date.parse('2027-03-15T03:59:00Z'))).toEqual({ key: '2027-03-08', opensAt: '2027-03-08T05:00:00.000Z', expiresAt: '2027-03-15T04:00:00.000Z' });
    expect(currentOccurrence(s, NY, Date.parse('2027-03-15T04:00:00Z'))?.key).toBe('2027-03-15');
    // Autumn: 2026-11-01 falls back.
    expect(currentOccurrence(weekly('2026-10-26'), NY, Date.parse('2026-11-02T05:00:00Z'))).toMatchObject({ key: '2026-11-02', opensAt: '2026-11-02T05:00:00.000Z' });
  });

  it('has no occurrence before the start, after the end, or 14 days after a one-off', () => {
    expect(currentOccurrence(weekly('2026-12-01'), NY, Date.parse('2026-11-30T12:00:00Z'))).toBeNull();
    expect(currentOccurrence(weekly('2026-12-01', '2026-12-08'), NY, Date.parse('2026-12-16T12:00:00Z'))).toBeNull();
    const once: Schedule = { frequency: 'once', startDate: '2026-12-01', endDate: null };
    expect(currentOccurrence(once, NY, Date.parse('2026-12-14T12:00:00Z'))?.key).toBe('2026-12-01');
    expect(currentOccurrence(once, NY, Date.parse('2026-12-15T06:00:00Z'))).toBeNull();
  });

  it('opens 48 hours before each booked appointment within the schedule and expires at its start', () => {
    const s: Schedule = { frequency: 'beforeAppointment', startDate: '2026-12-01', endDate: '2026-12-31' };
    const booked = (id: string, start: string, status = 'SCHEDULED') => ({ id, start, status });
    expect(appointmentOccurrence(s, booked('a1', '2026-12-10T15:00:00.000Z'), NY)).toEqual({ key: 'appt:a1', opensAt: '2026-12-08T15:00:00.000Z', expiresAt: '2026-12-10T15:00:00.000Z' });
    expect(appointmentOccurrence(s, booked('a2', '2027-01-02T15:00:00.000Z'), NY)).toBeNull();
    // The end date is inclusive in the practice's zone: 11 pm on Dec 31 in New York is Jan 1 in UTC.
    expect(appointmentOccurrence(s, booked('a3', '2027-01-01T04:00:00.000Z'), NY)?.key).toBe('appt:a3');
    expect(appointmentOccurrence(s, booked('a4', '2027-01-01T05:00:00.000Z'), NY)).toBeNull();
    expect(appointmentOccurrence(s, booked('a5', '2026-12-10T15:00:00.000Z', 'CANCELLED'), NY)).toBeNull();
    expect(currentOccurrence(s, NY, Date.parse('2026-12-09T00:00:00Z'))).toBeNull();
  });
});

describe('before each appointment', () => {
  const s: Schedule = { frequency: 'beforeAppointment', startDate: '2027-03-01', endDate: null };
  const tue = { id: 'tue', start: '2027-03-16T14:00:00.000Z', status: 'SCHEDULED' };
  const thu = { id: 'thu', start: '2027-03-18T14:00:00.000Z', status: 'SCHEDULED' };

  it('opens for the soonest booked session, and the next one after it starts', () => {
    const now = Date.parse('2027-03-15T12:00:00Z');
    expect(openAppointmentOccurrence(s, [thu, tue], NY, now)).toEqual({ key: 'appt:tue', opensAt: '2027-03-14T14:00:00.000Z', expiresAt: '2027-03-16T14:00:00.000Z' });
    expect(nextAppointmentOccurrence(s, [thu, tue], NY, now)?.key).toBe('appt:thu');
    expect(openAppointmentOccurrence(s, [thu, tue], NY, Date.parse('2027-03-16T14:00:00Z'))?.key).toBe('appt:thu');
  });

  it('counts 48 real hours across the DST change (spring forward on 2027-03-14)', () => {
    const monday = { id: 'mon', start: '2027-03-15T13:00:00.000Z', status: 'SCHEDULED' };
    // 9 am EDT on Monday; 48 real hours earlier is 8 am EST on Saturday (the clocks moved in between).
    expect(openAppointmentOccurrence(s, [monday], NY, Date.parse('2027-03-13T13:00:00Z'))?.opensAt).toBe('2027-03-13T13:00:00.000Z');
    expect(openAppointmentOccurrence(s, [monday], NY, Date.parse('2027-03-13T12:59:00Z'))).toBeNull();
  });

  it('moves the occurrence with a rescheduled appointment (same key) and drops it with a cancelled one', () => {
    const now = Date.parse('2027-03-15T12:00:00Z');
    const moved = { ...tue, start: '2027-03-16T18:00:00.000Z' };
    expect(openAppointmentOccurrence(s, [moved], NY, now)).toEqual({ key: 'appt:tue', opensAt: '2027-03-14T18:00:00.000Z', expiresAt: '2027-03-16T18:00:00.000Z' });
    // Moved a week later: not open any more, next to open.
    const later = { ...tue, start: '2027-03-23T14:00:00.000Z' };
    expect(openAppointmentOccurrence(s, [later], NY, now)).toBeNull();
    expect(nextAppointmentOccurrence(s, [later], NY, now)?.key).toBe('appt:tue');
    expect(openAppointmentOccurrence(s, [{ ...tue, status: 'CANCELLED' }], NY, now)).toBeNull();
    expect(openAppointmentOccurrence(s, [{ ...tue, status: 'LATE_CANCELLED' }, thu], NY, Date.parse('2027-03-16T15:00:00Z'))?.key).toBe('appt:thu');
  });
});

describe('the next opening (when the next link goes)', () => {
  it('is the next occurrence’s local midnight, none after the end, none for a past one-off or appointments', () => {
    expect(nextOpening(weekly('2027-03-08'), NY, Date.parse('2027-03-10T12:00:00Z'))).toBe('2027-03-15T04:00:00.000Z');
    expect(nextOpening(weekly('2027-03-08', '2027-03-10'), NY, Date.parse('2027-03-10T12:00:00Z'))).toBeNull();
    expect(nextOpening({ frequency: 'once', startDate: '2027-03-08', endDate: null }, NY, Date.parse('2027-03-01T12:00:00Z'))).toBe('2027-03-08T05:00:00.000Z');
    expect(nextOpening({ frequency: 'once', startDate: '2027-03-08', endDate: null }, NY, Date.parse('2027-03-09T12:00:00Z'))).toBeNull();
    expect(nextOpening({ frequency: 'beforeAppointment', startDate: '2027-03-08', endDate: null }, NY, 0)).toBeNull();
  });
});
