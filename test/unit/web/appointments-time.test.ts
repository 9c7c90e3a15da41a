/** Practice-time conversions (web/src/appointments/time.ts, status.ts, form.ts): what the API receives and what people read. */
import { describe, expect, it } from 'vitest';
import {
  addDays, calendarIso, calendarNow, fromCalendarDate, practiceTimezone, timezoneAbbreviation, utcFromWallClock, wallClock,
} from '../../../web/src/appointments/time';
import { recurrenceText, statusRange } from '../../../web/src/appointments/status';
import { emptyForm, errorsFromApi, FORM_FIELDS, toAppointmentInput, validateForm } from '../../../web/src/appointments/form';
import { APPOINTMENT_MESSAGES } from '../../../web/src/appointments/messages';

const PACIFIC = 'US/Pacific';

describe('practice time', () => {
  it('sends 10:00 in the practice as UTC, on both sides of the March and November changes', () => {
    expect(utcFromWallClock('2026-03-02', '10:00', PACIFIC)).toBe('2026-03-02T18:00:00.000Z'); // PST, UTC-8
    expect(utcFromWallClock('2026-03-09', '10:00', PACIFIC)).toBe('2026-03-09T17:00:00.000Z'); // PDT, UTC-7
    expect(utcFromWallClock('2026-10-26', '10:00', PACIFIC)).toBe('2026-10-26T17:00:00.000Z');
    expect(utcFromWallClock('2026-11-02', '10:00', PACIFIC)).toBe('2026-11-02T18:00:00.000Z');
    expect(utcFromWallClock('2026-07-01', '09:30', 'Europe/Berlin')).toBe('2026-07-01T07:30:00.000Z');
  });

  it('reads UTC back as the practice date and time, whatever the day in UTC', () => {
    expect(wallClock('2026-03-10T06:30:00.000Z', PACIFIC)).toEqual({ date: '2026-03-09', time: '23:30' });
    expect(wallClock('2026-01-15T18:00:00Z', 'America/New_York')).toEqual({ date: '2026-01-15', time: '13:00' });
  });

  it('puts a skipped time an hour later and takes the first of a repeated one', () => {
    // 2026-03-08 02:30 does not exist in US/Pacific; 2026-11-01 01:30 happens twice.
    expect(wallClock(utcFromWallClock('2026-03-08', '02:30', PACIFIC), PACIFIC)).toEqual({ date: '2026-03-08', time: '03:30' });
    expect(utcFromWallClock('2026-11-01', '01:30', PACIFIC)).toBe('2026-11-01T08:30:00.000Z');
  });

  it('names the zone by its abbreviation for the season, PDT when the zone is unknown', () => {
    expect(timezoneAbbreviation(PACIFIC, new Date('2026-01-10T12:00:00Z'))).toBe('PST');
    expect(timezoneAbbreviation(PACIFIC, new Date('2026-07-10T12:00:00Z'))).toBe('PDT');
    expect(timezoneAbbreviation('Not/AZone')).toBe('PDT');
    expect(practiceTimezone(null)).toBe('US/Pacific');
    expect(practiceTimezone('Not/AZone')).toBe('US/Pacific');
    expect(practiceTimezone('America/Chicago')).toBe('America/Chicago');
  });

  it('shows the calendar in practice wall-clock time and reads a drop back as UTC', () => {
    expect(calendarIso('2026-03-09T17:00:00.000Z', PACIFIC)).toBe('2026-03-09T10:00:00');
    // The calendar runs in UTC: a drop on "Tue 11:15" is 11:15 in the practice.
    expect(fromCalendarDate(new Date('2026-03-10T11:15:00Z'), PACIFIC)).toBe('2026-03-10T18:15:00.000Z');
    expect(calendarNow(PACIFIC, new Date('2026-01-01T07:00:00Z')).toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 2)).toBe('2027-01-01');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });
});

describe('status page range', () => {
  it('starts at the first day and ends two days after the last one (spec: range ends add 2 days), in practice time', () => {
    expect(statusRange('2026-03-01', '2026-03-07', PACIFIC)).toEqual({ from: '2026-03-01T08:00:00.000Z', to: '2026-03-09T07:00:00.000Z' });
  });

  it('describes a recurrence', () => {
    expect(recurrenceText({ frequency: 'WEEKLY', interval: 1, count: 6, until: null, rrule: 'FREQ=WEEKLY;COUNT=6' })).toBe('Weekly, 6 times');
    expect(recurrenceText({ frequency: 'WEEKLY', interval: 2, count: null, until: '2026-05-01', rrule: 'x' })).toBe('Every other week until 2026-05-01');
    expect(recurrenceText(null)).toBeNull();
  });
});

describe('appointment form model', () => {
  const valid = { ...emptyForm('2026-03-09', '10:00'), clientId: 'c1', serviceCode: '90834', durationMinutes: '45' };

  it('finds what is missing before sending, with the API words for a non-positive duration', () => {
    const problems = validateForm({ ...emptyForm('2026-3-9', '10:00'), durationMinutes: '0' }, { withRecurrence: true });
    expect(problems).toEqual([
      { field: 'clientId', message: APPOINTMENT_MESSAGES.clientRequired },
      { field: 'serviceCode', message: APPOINTMENT_MESSAGES.serviceRequired },
      { field: 'start', message: APPOINTMENT_MESSAGES.dateFormat },
      { field: 'durationMinutes', message: 'End must be after start.' },
    ]);
    expect(validateForm(valid, { withRecurrence: true })).toEqual([]);
  });

  it('limits a series to 1-52 sessions or a last date not before the first', () => {
    const weekly = { ...valid, repeat: 'WEEKLY' as const };
    expect(validateForm({ ...weekly, count: '53' }, { withRecurrence: true })[0]?.field).toBe('recurrence.count');
    expect(validateForm({ ...weekly, ends: 'UNTIL', until: '2026-03-01' }, { withRecurrence: true })[0]?.message).toBe(APPOINTMENT_MESSAGES.untilBeforeStart);
    expect(validateForm({ ...weekly, ends: 'UNTIL', until: '2026-05-01' }, { withRecurrence: true })).toEqual([]);
  });

  it('sends the start in UTC and the recurrence as asked', () => {
    const input = toAppointmentInput({ ...valid, repeat: 'BIWEEKLY', ends: 'UNTIL', until: '2026-05-01', locationName: 'Main office' }, PACIFIC, { withRecurrence: true });
    expect(input).toEqual({
      clientId: 'c1', serviceCode: '90834', locationType: 'OFFICE', locationName: 'Main office', start: '2026-03-09T17:00:00.000Z',
      durationMinutes: 45, sendEmailReminder: true, recurrence: { frequency: 'WEEKLY', interval: 2, until: '2026-05-01' },
    });
    const tele = toAppointmentInput({ ...valid, locationType: 'TELEHEALTH', locationName: 'Main office', clinicianId: 'sub-2', repeat: 'WEEKLY' }, PACIFIC, { withRecurrence: false });
    expect(tele).toMatchObject({ locationType: 'TELEHEALTH', locationName: null, clinicianId: 'sub-2' });
    expect(tele.recurrence).toBeUndefined();
  });

  it("places the API's messages under the field they are about", () => {
    expect(errorsFromApi({ errorType: 'ValidationError', message: 'This clinician already has an appointment at that time.', fields: [] }, FORM_FIELDS)).toEqual({
      fields: { start: 'This clinician already has an appointment at that time.' },
      form: null,
    });
    expect(errorsFromApi({ errorType: 'ValidationError', message: 'Unknown client.', fields: [{ field: 'clientId', reason: 'unknown' }] }, FORM_FIELDS).fields).toEqual({
      clientId: 'Unknown client.',
    });
    expect(errorsFromApi({ errorType: 'ValidationError', message: 'Invalid', fields: [{ field: 'durationMinutes', reason: 'format' }] }, FORM_FIELDS).fields).toEqual({
      durationMinutes: 'End must be after start.',
    });
    expect(errorsFromApi({ errorType: 'Unauthorized', message: 'Not allowed', fields: [] }, FORM_FIELDS)).toEqual({ fields: {}, form: 'Not allowed' });
  });
});

describe('timestamps', () => {
  it('reads as MM/DD/YYYY with the time and zone abbreviation of the practice (spec part 2 §9)', async () => {
    const { formatInZone } = await import('../../../web/src/appointments/time');
    expect(formatInZone('2026-07-04T16:30:00.000Z', 'US/Pacific')).toBe('Sat, 07/04/2026, 9:30 AM PDT');
    expect(formatInZone('2026-12-31T23:00:00.000Z', 'America/New_York')).toBe('Thu, 12/31/2026, 6:00 PM EST');
    // The weekday in the reader's language, the date and time still as the en-US practice writes them.
    expect(formatInZone('2026-07-04T16:30:00.000Z', 'US/Pacific', 'es-US')).toBe('sáb, 07/04/2026, 9:30 AM PDT');
    expect(formatInZone('2026-07-04T16:30:00.000Z', 'US/Pacific', 'zh-CN')).toBe('周六, 07/04/2026, 9:30 AM PDT');
  });
});

describe('appointment rights in the browser (a courtesy; the API decides)', () => {
  it('lets own-only clinicians book for themselves, practice-wide roles and the scheduler for anyone, and locked roles nobody', async () => {
    const { appointmentRights } = await import('../../../web/src/appointments/usePracticeCalendar');
    const team = ['TeamMembers'];
    expect(appointmentRights(['clinicianBasic'], team)).toEqual({ canCreate: true, canBookForOthers: false });
    expect(appointmentRights(['clinicianBasicBilling'], team)).toEqual({ canCreate: true, canBookForOthers: false });
    expect(appointmentRights(['clinicianFullClient'], team)).toEqual({ canCreate: true, canBookForOthers: true });
    expect(appointmentRights(['owner'], ['Therapists'])).toEqual({ canCreate: true, canBookForOthers: true });
    expect(appointmentRights(['scheduler'], team)).toEqual({ canCreate: true, canBookForOthers: true });
    expect(appointmentRights(['supervisor'], team)).toEqual({ canCreate: false, canBookForOthers: false });
    expect(appointmentRights(['biller'], team)).toEqual({ canCreate: false, canBookForOthers: false });
    expect(appointmentRights([], ['coordinators'])).toEqual({ canCreate: false, canBookForOthers: false });
  });
});

describe('calendar events', () => {
  it("shows practice times, names another clinician, marks video, and lets only writable scheduled ones move", async () => {
    const { toEvent } = await import('../../../web/src/appointments/AppointmentCalendar');
    const base = {
      id: 'a-1', seriesId: null, clientId: 'c-1', clientName: 'Ada Lovelace', clinicianId: 'me', clinicianName: 'Olivia Owens', serviceCode: '90834',
      locationType: 'OFFICE' as const, locationName: null, start: '2026-01-12T18:00:00.000Z', end: '2026-01-12T18:45:00.000Z', durationMinutes: 45,
      recurrence: null, status: 'SCHEDULED' as const, sendEmailReminder: true, videoRoomId: null, clientVideoPath: null, readOnly: false,
      progressNoteId: null, version: 1, createdAt: '', updatedAt: '',
    };
    expect(toEvent(base, PACIFIC, 'me')).toMatchObject({ title: 'Ada Lovelace', start: '2026-01-12T10:00:00', end: '2026-01-12T10:45:00', editable: true });
    expect(toEvent({ ...base, clinicianId: 'ben', clinicianName: 'Ben Baker', locationType: 'TELEHEALTH' }, PACIFIC, 'me').title).toBe('Ada Lovelace (video) · Ben Baker');
    expect(toEvent({ ...base, readOnly: true }, PACIFIC, 'me').editable).toBe(false);
    expect(toEvent({ ...base, status: 'ATTENDED' }, PACIFIC, 'me').editable).toBe(false);
  });
});
