/** Dates typed as the practice's locale writes them (issue 19, spec part 2 §9): the pattern from Intl, read and written both ways. */
import { describe, expect, it } from 'vitest';
import { datePattern, formatDateInput, parseDateInput, patternText } from '../../../web/src/i18n/date-input';

describe('date input patterns', () => {
  it('takes the order and separator each locale writes', () => {
    expect(patternText(datePattern('en-US'))).toBe('MM/DD/YYYY');
    expect(patternText(datePattern('en-GB'))).toBe('DD/MM/YYYY');
    expect(patternText(datePattern('fr-FR'), { year: 'AAAA', month: 'MM', day: 'JJ' })).toBe('JJ/MM/AAAA');
    expect(patternText(datePattern('zh-CN'))).toBe('YYYY/MM/DD');
    expect(patternText(datePattern('de-DE'))).toBe('DD.MM.YYYY');
    // Arabic writes a right-to-left mark before its slashes; it is not part of what is typed.
    expect(patternText(datePattern('ar'))).toBe('DD/MM/YYYY');
  });

  it('shows a calendar date in the pattern and reads it back', () => {
    const us = datePattern('en-US');
    expect(formatDateInput('2026-03-05', us)).toBe('03/05/2026');
    expect(parseDateInput('03/05/2026', us)).toBe('2026-03-05');
    expect(parseDateInput(' 3/5/2026 ', us)).toBe('2026-03-05');
    expect(parseDateInput('3-5-2026', us)).toBe('2026-03-05');
    expect(parseDateInput('03/05/2026', datePattern('en-GB'))).toBe('2026-05-03');
    expect(parseDateInput('2026/03/05', datePattern('zh-CN'))).toBe('2026-03-05');
    expect(formatDateInput('2026-03-05', datePattern('de-DE'))).toBe('05.03.2026');
  });

  it('reads nothing that is not a real, whole date', () => {
    const us = datePattern('en-US');
    for (const typed of ['', '03/05', '03/05/26', '02/30/2026', '13/01/2026', '2026-03-05', '03/05/2026x', 'MM/DD/YYYY']) expect(parseDateInput(typed, us), typed).toBeNull();
    expect(formatDateInput('03/05', us)).toBe('03/05');
  });
});
