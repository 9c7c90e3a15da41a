/**
 * An AppointmentInput validated with field-level problems (issue #7, spec part 2 §6): required
 * fields on create, the stored values kept on edit, the recurrence rule, durations and the date
 * window. Checks needing data (client, clinician, service, double-booking) are the Lambda's.
 * APPSYNC_JS-safe (bundled into the resolvers and used by the appointments Lambda).
 */
import { MESSAGES } from '../messages.ts';
import { readHumanText, textFault } from '../human-text.ts';
import { dayInWindow, instantInWindow } from '../date-window.ts';
import { parseDate, parseDateTime } from './calendar.ts';
import { present, type AppointmentProblem } from './problems.ts';

/** Longest appointment: listings look back this far for appointments overlapping a range's start. */
export const MAX_DURATION_MINUTES = 480;
/** Most occurrences one recurring appointment creates. */
export const MAX_OCCURRENCES = 52;
const MAX_ID = 64;

export interface RecurrenceData {
  frequency: 'WEEKLY';
  interval: number;
  until: string | null;
  count: number | null;
}

/** A whole appointment's fields after validation (create), or the existing one with the input's changes (edit). */
export interface AppointmentData {
  clientId: string;
  clinicianId: string | null;
  serviceCode: string;
  locationType: string;
  locationName: string | null;
  startMs: number;
  durationMinutes: number;
  recurrence: RecurrenceData | null;
  sendEmailReminder: boolean;
}

export interface AppointmentValidation {
  problems: AppointmentProblem[];
  data: AppointmentData;
  /** Which input fields were given (edit: only those change). */
  given: string[];
}

const INPUT_FIELDS = ['clientId', 'clinicianId', 'serviceCode', 'locationType', 'locationName', 'start', 'durationMinutes', 'recurrence', 'sendEmailReminder'];

function readId(value: unknown, field: string, max: number, problems: AppointmentProblem[]): string | null {
  if (!present(value)) {
    return null;
  }
  if (typeof value !== 'string') {
    problems.push({ field: field, reason: 'format' });
    return null;
  }
  const trimmed = value.trim();
  if (trimmed.length === 0) {
    return null;
  }
  if (trimmed.length > max || trimmed.split('').some((ch) => ch <= ' ' || ch === '\u007f') || textFault(trimmed, 'line') !== null) {
    problems.push({ field: field, reason: trimmed.length > max ? 'length' : 'format' });
    return null;
  }
  return trimmed;
}

/** A location name through the one reader (human-text.ts): refused characters are a 'characters' problem. */
function readName(value: unknown, field: string, problems: AppointmentProblem[]): string | null {
  const reading = readHumanText(value, 'line', 100);
  if (reading.problem !== null) {
    problems.push({ field: field, reason: reading.problem, message: reading.problem === 'characters' ? MESSAGES.textCharacters : undefined });
  }
  return reading.value;
}

function readRecurrence(value: unknown, problems: AppointmentProblem[], nowMs?: number): RecurrenceData | null {
  if (!present(value)) {
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field: 'recurrence', reason: 'format' });
    return null;
  }
  const rec = value as Record<string, unknown>;
  const before = problems.length;
  Object.keys(rec).forEach((key) => {
    if (['frequency', 'interval', 'until', 'count'].indexOf(key) < 0) {
      problems.push({ field: 'recurrence.' + key, reason: 'unknown' });
    }
  });
  if (rec.frequency !== 'WEEKLY') {
    problems.push({ field: 'recurrence.frequency', reason: 'format' });
  }
  if (rec.interval !== 1 && rec.interval !== 2) {
    problems.push({ field: 'recurrence.interval', reason: 'format' });
  }
  const hasUntil = present(rec.until);
  const hasCount = present(rec.count);
  if (hasUntil === hasCount) {
    problems.push({ field: 'recurrence', reason: 'format', message: MESSAGES.recurrenceEnd });
  }
  const untilDay = hasUntil ? parseDate(rec.until) : null;
  if (hasUntil && untilDay === null) {
    problems.push({ field: 'recurrence.until', reason: 'format' });
  } else if (untilDay !== null && nowMs !== undefined && !dayInWindow(untilDay, nowMs)) {
    problems.push({ field: 'recurrence.until', reason: 'range', message: MESSAGES.appointmentDateRange });
  }
  if (hasCount && (typeof rec.count !== 'number' || Math.floor(rec.count) !== rec.count || rec.count < 1 || rec.count > MAX_OCCURRENCES)) {
    problems.push({ field: 'recurrence.count', reason: 'format', message: typeof rec.count === 'number' && rec.count > MAX_OCCURRENCES ? MESSAGES.tooManyOccurrences : undefined });
  }
  if (problems.length > before) {
    return null;
  }
  return { frequency: 'WEEKLY', interval: rec.interval as number, until: hasUntil ? (rec.until as string) : null, count: hasCount ? (rec.count as number) : null };
}

/**
 * Validates an AppointmentInput. Without `existing` (create) clientId, serviceCode, locationType,
 * start and durationMinutes are required; with it (edit) absent fields keep the stored values.
 * durationMinutes <= 0 is 'End must be after start.'; at most MAX_DURATION_MINUTES.
 * clinicianId absent: the existing clinician (edit) or null (create: the caller, decided by the
 * caller of this function). Checks needing data (client, clinician, service, double-booking) are the Lambda's.
 * With `nowMs`, a given start and the series' last date must lie within DATE_WINDOW_YEARS of it (date-window.ts).
 */
export function validateAppointmentInput(input: unknown, existing?: Record<string, unknown> | null, nowMs?: number): AppointmentValidation {
  const problems: AppointmentProblem[] = [];
  const root = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (root !== input) {
    problems.push({ field: 'input', reason: 'format' });
  }
  const given = Object.keys(root).filter((key) => present(root[key]));
  Object.keys(root).forEach((key) => {
    if (INPUT_FIELDS.indexOf(key) < 0) {
      problems.push({ field: key, reason: 'unknown' });
    }
  });
  const old = existing || null;
  const clientId = readId(root.clientId, 'clientId', MAX_ID, problems);
  const clinicianId = readId(root.clinicianId, 'clinicianId', MAX_ID, problems);
  const serviceCode = readId(root.serviceCode, 'serviceCode', 10, problems);
  let locationType: string | null = null;
  if (present(root.locationType)) {
    locationType = typeof root.locationType === 'string' && ['OFFICE', 'TELEHEALTH'].indexOf(root.locationType) >= 0 ? root.locationType : null;
    if (locationType === null) {
      problems.push({ field: 'locationType', reason: 'format' });
    }
  }
  const locationName = readName(root.locationName, 'locationName', problems);
  let startMs: number | null = null;
  if (present(root.start)) {
    startMs = parseDateTime(root.start);
    if (startMs === null) {
      problems.push({ field: 'start', reason: 'format' });
    } else if (nowMs !== undefined && !instantInWindow(startMs, nowMs)) {
      problems.push({ field: 'start', reason: 'range', message: MESSAGES.appointmentDateRange });
      startMs = null;
    }
  }
  let duration: number | null = null;
  if (present(root.durationMinutes)) {
    const value = root.durationMinutes;
    if (typeof value !== 'number' || Math.floor(value) !== value) {
      problems.push({ field: 'durationMinutes', reason: 'format' });
    } else if (value <= 0) {
      problems.push({ field: 'durationMinutes', reason: 'format', message: MESSAGES.appointmentEndBeforeStart });
    } else if (value > MAX_DURATION_MINUTES) {
      problems.push({ field: 'durationMinutes', reason: 'length', message: MESSAGES.appointmentTooLong });
    } else {
      duration = value;
    }
  }
  const recurrence = readRecurrence(root.recurrence, problems, nowMs);
  let reminder: boolean | null = null;
  if (present(root.sendEmailReminder)) {
    if (typeof root.sendEmailReminder !== 'boolean') {
      problems.push({ field: 'sendEmailReminder', reason: 'format' });
    } else {
      reminder = root.sendEmailReminder;
    }
  }

  const keepString = (value: string | null, field: string): string | null => (value !== null ? value : old && typeof old[field] === 'string' ? (old[field]) : null);
  const data: AppointmentData = {
    clientId: keepString(clientId, 'clientId') || '',
    clinicianId: keepString(clinicianId, 'clinicianId'),
    serviceCode: keepString(serviceCode, 'serviceCode') || '',
    locationType: keepString(locationType, 'locationType') || '',
    locationName: null,
    startMs: startMs !== null ? startMs : old ? (parseDateTime(old.start) as number) : 0,
    durationMinutes: duration !== null ? duration : old && typeof old.durationMinutes === 'number' ? old.durationMinutes : 0,
    recurrence: recurrence,
    sendEmailReminder: reminder !== null ? reminder : old ? old.sendEmailReminder === true : false,
  };
  // A location name belongs to office appointments only.
  data.locationName = data.locationType === 'OFFICE' ? (locationName !== null ? locationName : given.indexOf('locationType') >= 0 ? null : keepString(null, 'locationName')) : null;

  const has = (field: string) => problems.some((p) => p.field === field);
  const requireField = (field: string, ok: boolean) => {
    if (!ok && !has(field)) {
      problems.push({ field: field, reason: 'required' });
    }
  };
  requireField('clientId', data.clientId !== '');
  requireField('serviceCode', data.serviceCode !== '');
  requireField('locationType', data.locationType !== '');
  requireField('start', old !== null || startMs !== null);
  requireField('durationMinutes', data.durationMinutes > 0);
  return { problems: problems, data: data, given: given };
}

/** End of an appointment, epoch ms. */
export function endOf(startMs: number, durationMinutes: number): number {
  return startMs + durationMinutes * 60000;
}
