/**
 * What the appointment pages say. The API's own messages (issue #7 contract) come from
 * domain/messages.ts, so a rule the browser checks reads the same as when the server refuses it.
 */
import { MESSAGES } from '../../../domain/messages.ts';
import { addEnglishSource } from '../i18n/catalog.ts';

/**
 * The pages' own messages, in English: the source of the catalog's `appointments.message.*`
 * (translated in messages/portal/<lang>.json); show them through tm().
 */
const OWN_MESSAGES = {
  clientRequired: 'Choose a client.',
  clinicianRequired: 'Choose a clinician.',
  serviceRequired: 'Choose a service.',
  requiredField: 'Required',
  dateFormat: 'Enter a real date in the format shown.',
  timeFormat: 'Enter a time as hh:mm and choose AM or PM.',
  countRange: 'Enter a number of sessions from 1 to 52.',
  notAccepted: 'The appointment could not be saved.',
  conflict: 'This appointment was changed by someone else. We reloaded it: review and try again.',
  notFound: 'The appointment was not found.',
  addendumRequired: 'Write the addendum first.',
  noteConflict: 'This note was changed by someone else. We reloaded it: review and save again.',
  // The API's words (domain/messages.ts), translated here so the page shows the server's refusal in its language.
  noteEmpty: MESSAGES.noteEmpty,
  noteCancelled: MESSAGES.noteCancelledAppointment,
} as const;
addEnglishSource('appointments.message', OWN_MESSAGES);

export const APPOINTMENT_MESSAGES = {
  ...OWN_MESSAGES,
  endAfterStart: MESSAGES.appointmentEndBeforeStart,
  unknownClient: MESSAGES.unknownClient,
  doubleBooked: MESSAGES.clinicianDoubleBooked,
  signedNote: MESSAGES.signedNoteLocked,
  tooManyOccurrences: MESSAGES.tooManyOccurrences,
  untilBeforeStart: MESSAGES.untilBeforeStart,
} as const;
