/**
 * The appointment form's model: its flat values (in the practice's wall-clock time), the
 * AppointmentInput they become (UTC), and the message shown under a field for a problem found
 * here or returned by the API. The API enforces every rule checked here.
 */
import type { Appointment, AppointmentInput, LocationType } from './api.ts';
import { APPOINTMENT_MESSAGES } from './messages.ts';
import { isIsoDate, isTime, utcFromWallClock, wallClock } from './time.ts';

/** Most occurrences one booking creates (the API's limit). */
export const MAX_OCCURRENCES = 52;

export type RepeatChoice = 'NONE' | 'WEEKLY' | 'BIWEEKLY';
export type EndsChoice = 'COUNT' | 'UNTIL';

export interface AppointmentFormValues {
  clientId: string;
  /** 'first last' of the chosen client, for the select's label only. */
  clientLabel: string;
  /** '' = the caller. */
  clinicianId: string;
  serviceCode: string;
  locationType: LocationType;
  locationName: string;
  /** Practice time zone: YYYY-MM-DD and HH:mm. */
  date: string;
  time: string;
  durationMinutes: string;
  repeat: RepeatChoice;
  ends: EndsChoice;
  until: string;
  count: string;
  sendEmailReminder: boolean;
}

export function emptyForm(date: string, time = '09:00'): AppointmentFormValues {
  return {
    clientId: '', clientLabel: '', clinicianId: '', serviceCode: '', locationType: 'OFFICE', locationName: '', date, time,
    durationMinutes: '50', repeat: 'NONE', ends: 'COUNT', until: '', count: '6', sendEmailReminder: true,
  };
}

/** The form for editing an existing appointment (recurrence is not edited: the series stays as booked). */
export function formValuesOf(appointment: Appointment, zone: string): AppointmentFormValues {
  const { date, time } = wallClock(appointment.start, zone);
  const recurrence = appointment.recurrence;
  return {
    clientId: appointment.clientId,
    clientLabel: appointment.clientName,
    clinicianId: appointment.clinicianId,
    serviceCode: appointment.serviceCode,
    locationType: appointment.locationType,
    locationName: appointment.locationName ?? '',
    date,
    time,
    durationMinutes: String(appointment.durationMinutes),
    repeat: !recurrence ? 'NONE' : recurrence.interval === 2 ? 'BIWEEKLY' : 'WEEKLY',
    ends: recurrence?.until ? 'UNTIL' : 'COUNT',
    until: recurrence?.until ?? '',
    count: recurrence?.count ? String(recurrence.count) : '6',
    sendEmailReminder: appointment.sendEmailReminder,
  };
}

/** A problem with one input field: the API's path for it and the words to show. */
export interface FormProblem {
  field: string;
  message: string;
}

const WHOLE = /^\d+$/;

/** What the browser can tell is wrong before sending (the same rules the API applies). */
export function validateForm(values: AppointmentFormValues, options: { withRecurrence: boolean; clinicianRequired?: boolean }): FormProblem[] {
  const problems: FormProblem[] = [];
  if (!values.clientId) problems.push({ field: 'clientId', message: APPOINTMENT_MESSAGES.clientRequired });
  if (options.clinicianRequired && !values.clinicianId) problems.push({ field: 'clinicianId', message: APPOINTMENT_MESSAGES.clinicianRequired });
  if (!values.serviceCode) problems.push({ field: 'serviceCode', message: APPOINTMENT_MESSAGES.serviceRequired });
  if (!isIsoDate(values.date)) problems.push({ field: 'start', message: APPOINTMENT_MESSAGES.dateFormat });
  else if (!isTime(values.time)) problems.push({ field: 'start', message: APPOINTMENT_MESSAGES.timeFormat });
  const duration = values.durationMinutes.trim();
  if (!WHOLE.test(duration) || Number(duration) <= 0) problems.push({ field: 'durationMinutes', message: APPOINTMENT_MESSAGES.endAfterStart });
  if (options.withRecurrence && values.repeat !== 'NONE') {
    if (values.ends === 'COUNT') {
      const count = values.count.trim();
      if (!WHOLE.test(count) || Number(count) < 1) problems.push({ field: 'recurrence.count', message: APPOINTMENT_MESSAGES.countRange });
      else if (Number(count) > MAX_OCCURRENCES) problems.push({ field: 'recurrence.count', message: APPOINTMENT_MESSAGES.tooManyOccurrences });
    } else if (!isIsoDate(values.until)) {
      problems.push({ field: 'recurrence.until', message: APPOINTMENT_MESSAGES.dateFormat });
    } else if (isIsoDate(values.date) && values.until < values.date) {
      problems.push({ field: 'recurrence.until', message: APPOINTMENT_MESSAGES.untilBeforeStart });
    }
  }
  return problems;
}

/**
 * The input to send (call validateForm first). `start` is the practice's wall-clock date and time
 * converted to UTC; `clinicianId` is left out when the caller books for themselves.
 */
export function toAppointmentInput(values: AppointmentFormValues, zone: string, options: { withRecurrence: boolean }): AppointmentInput {
  const input: AppointmentInput = {
    clientId: values.clientId,
    serviceCode: values.serviceCode,
    locationType: values.locationType,
    locationName: values.locationType === 'OFFICE' && values.locationName ? values.locationName : null,
    start: utcFromWallClock(values.date, values.time, zone),
    durationMinutes: Number(values.durationMinutes.trim()),
    sendEmailReminder: values.sendEmailReminder,
  };
  if (values.clinicianId) input.clinicianId = values.clinicianId;
  if (options.withRecurrence && values.repeat !== 'NONE') {
    input.recurrence = {
      frequency: 'WEEKLY',
      interval: values.repeat === 'BIWEEKLY' ? 2 : 1,
      ...(values.ends === 'COUNT' ? { count: Number(values.count.trim()) } : { until: values.until }),
    };
  }
  return input;
}

/** Where a server message belongs when the API names no field. */
const MESSAGE_FIELD: Record<string, string> = {
  [APPOINTMENT_MESSAGES.endAfterStart]: 'durationMinutes',
  [APPOINTMENT_MESSAGES.unknownClient]: 'clientId',
  [APPOINTMENT_MESSAGES.doubleBooked]: 'start',
};

/** The words for a field problem the API returns ({field, reason}); its own message when it is one of the contract's. */
function serverProblemMessage(field: string, reason: string, message: string): string {
  if (MESSAGE_FIELD[message] === field) return message;
  if (field === 'durationMinutes' || field === 'end') return APPOINTMENT_MESSAGES.endAfterStart;
  if (field === 'clientId' && reason !== 'required') return APPOINTMENT_MESSAGES.unknownClient;
  if (reason === 'required') return APPOINTMENT_MESSAGES.requiredField;
  if (field === 'recurrence.count') return APPOINTMENT_MESSAGES.countRange;
  return message || APPOINTMENT_MESSAGES.notAccepted;
}

/**
 * An API failure as field messages (keyed by input path) plus, when it names no field this form
 * shows, one message for the whole form. `shownFields` are the paths the form has a place for.
 */
export function errorsFromApi(
  error: { errorType: string; message: string; fields: { field: string; reason: string; message?: string }[] },
  shownFields: readonly string[],
): { fields: Record<string, string>; form: string | null } {
  const fields: Record<string, string> = {};
  const place = (field: string) =>
    shownFields.includes(field) ? field : field === 'end' ? 'durationMinutes' : field.startsWith('recurrence.') ? 'recurrence' : null;
  for (const problem of error.fields) {
    const target = place(problem.field);
    if (target) fields[target] ??= problem.message || serverProblemMessage(problem.field, problem.reason, error.message);
  }
  const byMessage = MESSAGE_FIELD[error.message];
  if (byMessage && !fields[byMessage]) fields[byMessage] = error.message;
  const placed = Object.keys(fields).length > 0;
  return { fields, form: placed ? null : error.message || APPOINTMENT_MESSAGES.notAccepted };
}

/** The fields the form shows, by input path. */
export const FORM_FIELDS = [
  'clientId', 'clinicianId', 'serviceCode', 'locationType', 'locationName', 'start', 'durationMinutes',
  'recurrence', 'recurrence.count', 'recurrence.until', 'sendEmailReminder',
] as const;

/** The error slots (input paths) each form value feeds. */
const VALUE_FIELDS: Record<keyof AppointmentFormValues, readonly string[]> = {
  clientId: ['clientId'],
  clientLabel: ['clientId'],
  clinicianId: ['clinicianId'],
  serviceCode: ['serviceCode'],
  locationType: ['locationType'],
  locationName: ['locationName'],
  date: ['start', 'recurrence.until'],
  time: ['start'],
  durationMinutes: ['durationMinutes'],
  repeat: ['recurrence', 'recurrence.count', 'recurrence.until'],
  ends: ['recurrence', 'recurrence.count', 'recurrence.until'],
  until: ['recurrence', 'recurrence.until'],
  count: ['recurrence', 'recurrence.count'],
  sendEmailReminder: ['sendEmailReminder'],
};

/**
 * The field errors after some values changed: an error on a changed field goes as soon as the
 * field is right (or is replaced by what is still wrong with it); other fields keep theirs.
 */
export function errorsAfterChange(
  errors: Record<string, string>,
  changed: readonly (keyof AppointmentFormValues)[],
  values: AppointmentFormValues,
  options: { withRecurrence: boolean; clinicianRequired?: boolean },
): Record<string, string> {
  const touched = new Set(changed.flatMap((key) => VALUE_FIELDS[key]));
  if (![...touched].some((field) => errors[field])) return errors;
  const next = { ...errors };
  for (const field of touched) delete next[field];
  for (const problem of validateForm(values, options)) {
    if (touched.has(problem.field) && errors[problem.field]) next[problem.field] ??= problem.message;
  }
  return next;
}
