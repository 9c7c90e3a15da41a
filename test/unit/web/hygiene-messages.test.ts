/**
 * The portal's forms put the one reader's refusals (issue 11 §6) under the field in words: a
 * refused character, markup in a name, a date of birth out of range — not 'Not accepted (…)'.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { validateClientInput } from '../../../domain/client';
import { validateTherapistInput } from '../../../domain/profile';
import { errorsByField as clientErrors } from '../../../web/src/clients/client-fields';
import { errorsByField as settingsErrors } from '../../../web/src/settings/form';
import { reasonText } from '../../../web/src/settings/graphql';

describe('refusals in the forms', () => {
  it('client form: a control character, markup in a name, a date of birth out of range', () => {
    const { problems } = validateClientInput({ personalDetail: { first: '<b>Ana</b>', last: 'Lo\u0000pez' }, dateOfBirth: '01/01/1899' }, '2026-11-25');
    expect(clientErrors(problems)).toEqual({ 'personalDetail.first': MESSAGES.nameMarkup, 'personalDetail.last': MESSAGES.textCharacters, dateOfBirth: MESSAGES.dateOfBirthRange });
  });

  it('profile, settings and team forms', () => {
    const { problems } = validateTherapistInput({ person: { first: 'A\u202e', last: '<i>', gender: 'F', dob: '01/01/1800', phone: '5555550100' }, address: { line1: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } }, '2026-11-25');
    expect(settingsErrors(problems)).toEqual({ 'person.first': MESSAGES.textCharacters, 'person.last': MESSAGES.nameMarkup, 'person.dob': MESSAGES.dateOfBirthRange });
    expect(reasonText('characters')).toBe(MESSAGES.textCharacters);
  });
});
