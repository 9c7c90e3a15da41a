/**
 * The settings forms' own messages in English (field errors, the stale-save notice): the source of
 * the catalog's `settings.message.*` (translated in messages/portal/<lang>.json). They are kept in
 * English in the forms' state and shown through tm() (TextField, SelectField, FlagField do it).
 */
import { addEnglishSource } from '../i18n/catalog';
import '../i18n/features/settings';

export const SETTINGS_MESSAGES = {
  wholeNumber: 'Enter a whole number in the range shown',
  dateOfBirth: 'Enter a real date of birth as MM/DD/YYYY',
  npi: 'Enter a valid 10-digit NPI',
  zip: 'Enter a valid ZIP or postal code',
  taxId: 'Enter a 9-digit tax id',
  timezone: 'Choose a valid time zone',
  conflict: 'Someone saved these details while you were editing. The latest version is loaded; make your changes again and save.',
  required: 'Required',
  format: 'Not in the expected format',
  tooLong: 'Too long',
  range: 'Out of the allowed range',
  notAccepted: 'This value is not accepted',
} as const;
addEnglishSource('settings.message', SETTINGS_MESSAGES);
