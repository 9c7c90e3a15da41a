/**
 * What the appointment pages say. The first four are the API's own messages (issue #7 contract),
 * word for word, so a rule the browser checks reads the same as when the server refuses it.
 */
export const APPOINTMENT_MESSAGES = {
  endAfterStart: 'End must be after start.',
  unknownClient: 'Unknown client.',
  doubleBooked: 'This clinician already has an appointment at that time.',
  signedNote: 'A signed note cannot be changed; add an addendum.',
  clientRequired: 'Choose a client.',
  serviceRequired: 'Choose a service.',
  requiredField: 'Required',
  dateFormat: 'Enter a date as YYYY/MM/DD.',
  timeFormat: 'Enter a time as HH:MM (24-hour).',
  countRange: 'Enter a number of sessions from 1 to 52.',
  untilBeforeStart: 'The last date must be on or after the first appointment.',
  notAccepted: 'The appointment could not be saved.',
  conflict: 'This appointment was changed by someone else. We reloaded it: review and try again.',
  notFound: 'The appointment was not found.',
  addendumRequired: 'Write the addendum first.',
  noteConflict: 'This note was changed by someone else. We reloaded it: review and save again.',
} as const;
