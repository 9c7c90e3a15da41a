/** Issue 19: dates, times and phones written for an en-US practice (spec part 2 §9: MM/DD/YYYY; 12-hour AM/PM; (503) 555-0142). */
import { describe, expect, it } from 'vitest';
import { formatPhone, formatPracticeDate, formatPracticeDateTime, formatPracticeTime, PRACTICE_LOCALE } from '../../../web/src/i18n/format';

describe('en-US practice formats', () => {
  it('writes dates MM/DD/YYYY in the practice zone, and a birthday on its own day', () => {
    expect(PRACTICE_LOCALE).toBe('en-US');
    expect(formatPracticeDate('2026-03-05T05:30:00Z')).toBe('03/04/2026');
    expect(formatPracticeDate('1985-12-10')).toBe('12/10/1985');
    expect(formatPracticeDate('2026-03-05T05:30:00Z', { timeZone: 'America/New_York' })).toBe('03/05/2026');
    expect(formatPracticeDate('1985-12-10', { locale: 'en-GB' })).toBe('1985-12-10');
  });

  it('writes times 12-hour with AM/PM', () => {
    expect(formatPracticeTime('2026-03-09T17:00:00Z')).toBe('10:00 AM');
    expect(formatPracticeTime('2026-03-09T21:05:00Z')).toBe('2:05 PM');
    expect(formatPracticeTime('2026-03-09T07:00:00Z')).toBe('12:00 AM');
    expect(formatPracticeTime('12:30')).toBe('12:30 PM');
    expect(formatPracticeTime('00:15')).toBe('12:15 AM');
    expect(formatPracticeTime('14:05', { locale: 'fr-FR' })).toBe('14:05');
    expect(formatPracticeDateTime('2026-03-09T21:05:00Z')).toBe('03/09/2026, 2:05 PM');
    expect(() => formatPracticeTime('25:00')).toThrow(RangeError);
  });

  it('writes US phone numbers as (503) 555-0142 however they were typed, others as given', () => {
    for (const typed of ['+15035550142', '503-555-0142', '503.555.0142', '(503) 555-0142', '1 503 555 0142']) expect(formatPhone(typed), typed).toBe('(503) 555-0142');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('12')).toBe('12');
    expect(formatPhone(null)).toBe('');
  });
});

import { fromTwelveHour, toTwelveHour } from '../../../web/src/appointments/time';

describe('the appointment form reads and takes times 12-hour', () => {
  it('turns HH:mm into hh:mm AM/PM and back', () => {
    expect(toTwelveHour('14:05')).toEqual({ clock: '02:05', meridiem: 'PM' });
    expect(toTwelveHour('00:30')).toEqual({ clock: '12:30', meridiem: 'AM' });
    expect(toTwelveHour('12:00')).toEqual({ clock: '12:00', meridiem: 'PM' });
    expect(fromTwelveHour('02:05', 'PM')).toBe('14:05');
    expect(fromTwelveHour('12:30', 'AM')).toBe('00:30');
    expect(fromTwelveHour('12:00', 'PM')).toBe('12:00');
    expect(fromTwelveHour('13:00', 'PM')).toBeNull();
    expect(fromTwelveHour('1', 'AM')).toBeNull();
  });
});
