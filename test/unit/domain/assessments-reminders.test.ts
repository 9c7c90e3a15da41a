import { describe, expect, it } from 'vitest';
import { dueStep, nextReminderAt, passedMark, portalReminderNotice, reminderTimes } from '../../../domain/assessments/reminders.ts';
import { currentOccurrence, nextOccurrence, openAppointmentOccurrence, type Schedule } from '../../../domain/assessments/schedule.ts';
import { linkNotice } from '../../../domain/assessments/items.ts';

const NY = 'America/New_York';
const weekly: Schedule = { frequency: 'weekly', startDate: '2027-03-08', endDate: null };
const at = (iso: string) => Date.parse(iso);

describe('when reminders go', () => {
  it('reminds 2 days after opening and 1 day before closing (weekly across DST), once for a 48-hour window, none for a short one', () => {
    const week = currentOccurrence(weekly, NY, at('2027-03-09T12:00:00Z'))!;
    expect(reminderTimes(week)).toEqual(['2027-03-10T05:00:00.000Z', '2027-03-14T04:00:00.000Z']);
    const once = currentOccurrence({ frequency: 'once', startDate: '2027-03-08', endDate: null }, NY, at('2027-03-09T12:00:00Z'))!;
    expect(reminderTimes(once)).toEqual(['2027-03-10T05:00:00.000Z', '2027-03-21T04:00:00.000Z']);
    const session = openAppointmentOccurrence({ frequency: 'beforeAppointment', startDate: '2027-03-01', endDate: null }, [{ id: 'a', start: '2027-03-16T14:00:00.000Z', status: 'SCHEDULED' }], NY, at('2027-03-15T00:00:00Z'))!;
    expect(reminderTimes(session)).toEqual(['2027-03-15T14:00:00.000Z']);
    expect(reminderTimes({ key: 'x', opensAt: '2027-03-15T00:00:00.000Z', expiresAt: '2027-03-15T11:00:00.000Z' })).toEqual([]);
  });

  it('sends each step at most once, only the latest when several are due, none after expiry', () => {
    const week = currentOccurrence(weekly, NY, at('2027-03-09T12:00:00Z'))!;
    expect(dueStep(week, null, at('2027-03-10T04:59:00Z'))).toBeNull();
    expect(dueStep(week, null, at('2027-03-10T05:00:00Z'))).toBe(0);
    expect(dueStep(week, '2027-03-08#0', at('2027-03-12T00:00:00Z'))).toBeNull();
    expect(dueStep(week, '2027-03-08#0', at('2027-03-14T04:00:00Z'))).toBe(1);
    // A job down for days: the last step only.
    expect(dueStep(week, null, at('2027-03-14T12:00:00Z'))).toBe(1);
    expect(dueStep(week, '2027-03-08#1', at('2027-03-14T12:00:00Z'))).toBeNull();
    // Last week's mark does not count for this week.
    expect(dueStep(week, '2027-03-01#1', at('2027-03-10T06:00:00Z'))).toBe(0);
    expect(dueStep(week, null, at('2027-03-15T04:00:00Z'))).toBeNull();
  });

  it('owes nothing already past when assigned mid-occurrence', () => {
    const week = currentOccurrence(weekly, NY, at('2027-03-11T12:00:00Z'))!;
    expect(passedMark(week, at('2027-03-11T12:00:00Z'))).toBe('2027-03-08#0');
    expect(passedMark(week, at('2027-03-09T12:00:00Z'))).toBeNull();
  });

  it('looks next at the first unsent step, the next occurrence once answered, and within the hour for appointments', () => {
    const now = at('2027-03-11T12:00:00Z');
    const open = currentOccurrence(weekly, NY, now);
    const next = nextOccurrence(weekly, NY, now);
    expect(next?.key).toBe('2027-03-15');
    expect(nextReminderAt({ open, answered: false, next, reminded: '2027-03-08#0', nowMs: now, poll: false })).toBe('2027-03-14T04:00:00.000Z');
    expect(nextReminderAt({ open, answered: true, next, reminded: '2027-03-08#0', nowMs: now, poll: false })).toBe('2027-03-17T04:00:00.000Z');
    expect(nextReminderAt({ open: null, answered: false, next: null, reminded: null, nowMs: now, poll: false })).toBeNull();
    expect(nextReminderAt({ open: null, answered: false, next: null, reminded: null, nowMs: now, poll: true })).toBe('2027-03-11T13:00:00.000Z');
  });
});

describe('what a reminder says', () => {
  it('names the practice and the portal only: no instrument, no specialty', () => {
    const notice = portalReminderNotice('Lakeside Counseling', 'https://portal.example/portal/assessments');
    expect(notice.subject).toBe('You have a questionnaire waiting');
    expect(notice.body).toContain('https://portal.example/portal/assessments');
    expect(JSON.stringify(notice)).not.toMatch(/PHQ|GAD|PCL|depress|anxiety|trauma|suicid/i);
    expect(linkNotice('Lakeside Counseling', 'https://x/portal/assessment#t', '2027-03-15T04:00:00.000Z', true).subject).toBe('Reminder: Lakeside Counseling has a questionnaire for you');
  });
});
