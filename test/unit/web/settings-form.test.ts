// Settings-like forms (Profile, Practice details, Billing and Service) show stored phones as a US
// clinician writes them, and what they show is what the API's phone reader takes back (issue 19).
import { describe, expect, it } from 'vitest';
import { flatten, nest } from '../../../web/src/settings/form';
import { readPhone } from '../../../domain/field-readers';
import type { FieldProblem } from '../../../domain/client';

describe('settings form values', () => {
  it('shows a stored US phone as (503) 555-0142 and leaves other text alone', () => {
    const values = flatten({ person: { phone: '+15035550142', first: 'Olivia' }, provider: { phone: null } }, { 'person.phone': 'text', 'person.first': 'text', 'provider.phone': 'text' });
    expect(values).toEqual({ 'person.phone': '(503) 555-0142', 'person.first': 'Olivia', 'provider.phone': '' });
    const practice = flatten({ phone: { number: '+15035550142', type: 'Office' } }, { 'phone.number': 'text', 'phone.type': 'text' });
    expect(practice).toEqual({ 'phone.number': '(503) 555-0142', 'phone.type': 'Office' });
  });

  it('sends the shown phone back as the API stores it, and an unreadable one as typed for the API to refuse', () => {
    const input = nest({ 'person.phone': '(503) 555-0142', 'phone.number': '12' }, { 'person.phone': 'text', 'phone.number': 'text' }) as { person: { phone: string }; phone: { number: string } };
    expect(input.person.phone).toBe('+15035550142');
    expect(input.phone.number).toBe('12');
    const problems: FieldProblem[] = [];
    readPhone(input.phone.number, 'phone.number', problems);
    expect(problems.map((p) => p.field)).toEqual(['phone.number']);
  });
});
