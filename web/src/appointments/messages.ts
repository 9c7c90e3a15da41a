/**
 * What the appointment pages say. The API's own messages (issue #7 contract) come from
 * domain/messages.ts, so a rule the browser checks reads the same as when the server refuses it.
 */
import { MESSAGES } from '../../../domain/messages.ts';

export const APPOINTMENT_MESSAGES = {
  endAfterStart: MESSAGES.appointmentEndBeforeStart,
  unknownClient: MESSAGES.unknownClient,
  doubleBooked: MESSAGES.clinicianDoubleBooked,
  signedNote: MESSAGES.signedNoteLocked,
  tooManyOccurrences: MESSAGES.tooManyOccurrences,
  clientRequired: 'Choose a client.',
  clinicianRequired: 'Choose a clinician.',
  serviceRequired: 'Choose a service.',
  requiredField: 'Required',
  dateFormat: 'Enter a date as YYYY/MM/DD.',
  timeFormat: 'Enter a time as hh:mm and choose AM or PM.',
  countRange: 'Enter a number of sessions from 1 to 52.',
  untilBeforeStart: MESSAGES.untilBeforeStart,
  notAccepted: 'The appointment could not be saved.',
  conflict: 'This appointment was changed by someone else. We reloaded it: review and try again.',
  notFound: 'The appointment was not found.',
  addendumRequired: 'Write the addendum first.',
  noteConflict: 'This note was changed by someone else. We reloaded it: review and save again.',
} as const;
