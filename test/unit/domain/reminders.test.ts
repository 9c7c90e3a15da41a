import { describe, expect, it } from 'vitest';
import { isReminderDue, reminderDays, reminderIndexKeys, reminderText } from '../../../domain/reminders.ts';

describe('reminder rules', () => {
  it('is due only inside the lead time and before the start', () => {
    const start = Date.parse('2026-12-01T18:00:00Z');
    expect(isReminderDue(start, 60, start - 61 * 60_000)).toBe(false);
    expect(isReminderDue(start, 60, start - 60 * 60_000)).toBe(true);
    expect(isReminderDue(start, 60, start - 1)).toBe(true);
    expect(isReminderDue(start, 60, start)).toBe(false);
  });

  it('indexes by the UTC day of the start and reads every day a lead time reaches', () => {
    expect(reminderIndexKeys('p1', 'a1', '2026-12-01T18:00:00.000Z')).toEqual({ GSI3PK: 'REMIND#2026-12-01', GSI3SK: '2026-12-01T18:00:00.000Z#p1#a1' });
    expect(reminderDays(Date.parse('2026-12-01T23:30:00Z'), 60)).toEqual(['2026-12-01', '2026-12-02']);
    expect(reminderDays(Date.parse('2026-12-01T10:00:00Z'))).toHaveLength(8);
  });

  it("says when in the practice's timezone, with its abbreviation across DST, and only what is allowed", () => {
    const summer = reminderText({ practiceName: 'Calm Clinic', startMs: Date.parse('2026-07-01T17:00:00Z'), timeZone: 'US/Pacific' });
    expect(summer.body).toContain('10:00 AM PDT');
    expect(summer.body).toContain('Calm Clinic');
    expect(summer.body).not.toContain(' with ');
    const winter = reminderText({ practiceName: null, startMs: Date.parse('2026-12-01T18:00:00Z'), timeZone: 'US/Pacific', clinicianName: 'Dr. Lee', where: 'Main office' });
    expect(winter.body).toBe('Reminder: you have an appointment with Dr. Lee on Tue, Dec 1, 2026, 10:00 AM PST, Main office. If you cannot attend, please let us know. — your care team');
  });
});
