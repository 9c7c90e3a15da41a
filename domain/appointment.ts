/**
 * Appointments (issue #7, spec part 2 §6): who sees and manages which appointments, input
 * validation with field-level problems, status rules, the practice's appointment settings and
 * service catalog, item keys and the API shape. UTC ISO arithmetic is done here by hand (days from
 * the civil calendar), without Date, so the file stays APPSYNC_JS-safe: it is bundled into the
 * resolvers and used by the appointments Lambda (linted by @aws-appsync/eslint-plugin: no regex,
 * no for(;;)/while, no try, no recursion). Problems name fields and rules, never values (PHI).
 * Recurrence (occurrences in the practice timezone) is Node-only: domain/recurrence.ts.
 */
import { holds, PERMISSIONS } from './permissions.ts';
import { MESSAGES } from './messages.ts';
import { DEFAULT_TIMEZONE } from './field-readers.ts';
import { readHumanText, textFault } from './human-text.ts';
import { dayInWindow, instantInWindow } from './date-window.ts';

export const APPOINTMENT_STATUS = ['SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED', 'LATE_CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS)[number];
export const LOCATION_TYPES = ['OFFICE', 'TELEHEALTH'] as const;
export const EDIT_SCOPES = ['THIS', 'SERIES'] as const;

/** Longest appointment: listings look back this far for appointments overlapping a range's start. */
export const MAX_DURATION_MINUTES = 480;
/** Most occurrences one recurring appointment creates. */
export const MAX_OCCURRENCES = 52;
/** Items per page of listAppointments (one DynamoDB Query each). */
export const APPOINTMENT_PAGE_SIZE = 200;
/** Widest listAppointments range (a year and a bit). */
export const MAX_RANGE_DAYS = 400;
const MAX_ID = 64;

/** The roles an appointment's clinician may hold (the owner is a clinician too). */
export const CLINICIAN_ROLES = ['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic'];

export interface AppointmentProblem {
  field: string;
  reason: 'required' | 'format' | 'length' | 'unknown' | 'conflict' | 'characters' | 'markup' | 'range';
  /** The sentence a person sees, when the rule has one (MESSAGES). */
  message?: string;
}

// ---------------------------------------------------------------------------------------------
// Who sees and manages what

export type Scope = 'all' | 'own' | 'none';
export interface AppointmentAccess {
  read: Scope;
  write: Scope;
}

/**
 * Spec part 2 §6 and issue #7: clinicianBasic and clinicianBasicBilling see and manage their own
 * (appointment.own); owner, clinicianAdmin, clinicianFullClient see and manage all
 * (appointment.all); the scheduler sees all and creates and edits for any clinician (the issue's
 * reading, docs/decisions.md); supervisor and biller read all, locked (appointment.locked);
 * coordinators nothing. A member holding several roles gets the widest of each.
 */
export function appointmentAccess(roles: string[] | null | undefined, groups?: string[] | null): AppointmentAccess {
  const list = roles || [];
  const all = holds(PERMISSIONS.appointmentAll, list, groups) || list.indexOf('scheduler') >= 0;
  const own = holds(PERMISSIONS.appointmentOwn, list, groups);
  const locked = holds(PERMISSIONS.appointmentLocked, list, groups);
  const write: Scope = all ? 'all' : own ? 'own' : 'none';
  const read: Scope = all || locked ? 'all' : own ? 'own' : 'none';
  return { read: read, write: write };
}

/** Whether a caller with this access sees an appointment of `clinicianId` (another clinician's is as if missing). */
export function canSee(access: AppointmentAccess, callerSub: string, clinicianId: unknown): boolean {
  return access.read === 'all' || (access.read === 'own' && clinicianId === callerSub);
}

export function canWrite(access: AppointmentAccess, callerSub: string, clinicianId: unknown): boolean {
  return access.write === 'all' || (access.write === 'own' && clinicianId === callerSub);
}

export function isClinician(roles: string[] | null | undefined): boolean {
  return (roles || []).some((role) => CLINICIAN_ROLES.indexOf(role) >= 0);
}

// ---------------------------------------------------------------------------------------------
// UTC times without Date

const DIGITS = '0123456789';

function digitsOnly(value: string): boolean {
  return value.length > 0 && value.split('').every((ch) => DIGITS.indexOf(ch) >= 0);
}

/** Days since 1970-01-01 of a proleptic Gregorian date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month, day] of a day number (days since 1970-01-01). */
export function civilFromDays(days: number): number[] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

function two(n: number): string {
  return n < 10 ? '0' + n : '' + n;
}

function three(n: number): string {
  return n < 10 ? '00' + n : n < 100 ? '0' + n : '' + n;
}

/** YYYY-MM-DD of a real date, else null. */
export function parseDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.length !== 10 || value[4] !== '-' || value[7] !== '-') {
    return null;
  }
  const y = value.substring(0, 4);
  const m = value.substring(5, 7);
  const d = value.substring(8, 10);
  if (!digitsOnly(y + m + d)) {
    return null;
  }
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1) {
    return null;
  }
  const days = daysFromCivil(year, month, day);
  const back = civilFromDays(days);
  return back[2] === day ? days : null;
}

/**
 * Epoch milliseconds of an ISO 8601 date-time with an offset (YYYY-MM-DDThh:mm[:ss[.fff]](Z|±hh:mm)),
 * else null.
 */
export function parseDateTime(value: unknown): number | null {
  if (typeof value !== 'string' || value.length < 17 || value.length > 35 || value[10] !== 'T') {
    return null;
  }
  const days = parseDate(value.substring(0, 10));
  const rest = value.substring(11);
  if (days === null || rest[2] !== ':') {
    return null;
  }
  const last = rest[rest.length - 1];
  let offsetMinutes = 0;
  let clock = rest;
  if (last === 'Z' || last === 'z') {
    clock = rest.substring(0, rest.length - 1);
  } else {
    const zone = rest.substring(rest.length - 6);
    const sign = zone[0] === '+' ? 1 : zone[0] === '-' ? -1 : 0;
    if (sign === 0 || zone[3] !== ':' || !digitsOnly(zone.substring(1, 3) + zone.substring(4, 6))) {
      return null;
    }
    offsetMinutes = sign * (Number(zone.substring(1, 3)) * 60 + Number(zone.substring(4, 6)));
    clock = rest.substring(0, rest.length - 6);
  }
  const hh = clock.substring(0, 2);
  const mm = clock.substring(3, 5);
  let seconds = 0;
  let millis = 0;
  if (clock.length > 5) {
    const ss = clock.substring(6, 8);
    if (clock[5] !== ':' || !digitsOnly(ss)) {
      return null;
    }
    seconds = Number(ss);
    if (clock.length > 8) {
      const fraction = clock.substring(9);
      if (clock[8] !== '.' || !digitsOnly(fraction) || fraction.length > 9) {
        return null;
      }
      millis = Math.floor(Number('0.' + fraction) * 1000);
    }
  }
  if (clock.length !== 5 && clock.length < 8) {
    return null;
  }
  if (!digitsOnly(hh + mm) || Number(hh) > 23 || Number(mm) > 59 || seconds > 59) {
    return null;
  }
  return ((days * 24 + Number(hh)) * 60 + Number(mm) - offsetMinutes) * 60000 + seconds * 1000 + millis;
}

/** YYYY-MM-DDThh:mm:ss.fffZ (as Date.prototype.toISOString) of epoch milliseconds. */
export function formatDateTime(ms: number): string {
  const days = Math.floor(ms / 86400000);
  const inDay = ms - days * 86400000;
  const date = civilFromDays(days);
  const hours = Math.floor(inDay / 3600000);
  const minutes = Math.floor((inDay - hours * 3600000) / 60000);
  const seconds = Math.floor((inDay - hours * 3600000 - minutes * 60000) / 1000);
  const millis = inDay - hours * 3600000 - minutes * 60000 - seconds * 1000;
  return date[0] + '-' + two(date[1]) + '-' + two(date[2]) + 'T' + two(hours) + ':' + two(minutes) + ':' + two(seconds) + '.' + three(millis) + 'Z';
}

export function formatDate(days: number): string {
  const date = civilFromDays(days);
  return date[0] + '-' + two(date[1]) + '-' + two(date[2]);
}

// ---------------------------------------------------------------------------------------------
// Input

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

function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

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

  const keepString = (value: string | null, field: string): string | null => (value !== null ? value : old && typeof old[field] === 'string' ? (old[field] as string) : null);
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

/** The ValidationError message: the first problem's sentence if it has one, else the fields and rules. */
export function appointmentProblemMessage(problems: AppointmentProblem[]): string {
  const spoken = problems.filter((p) => typeof p.message === 'string');
  if (spoken.length > 0) {
    return spoken[0].message as string;
  }
  return 'Invalid appointment input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
}

/** End of an appointment, epoch ms. */
export function endOf(startMs: number, durationMinutes: number): number {
  return startMs + durationMinutes * 60000;
}

/** Cancelling now: LATE_CANCELLED when less than lateCancelHours before the start (or after it), else CANCELLED. */
export function cancelStatus(startMs: number, nowMs: number, lateCancelHours: number): AppointmentStatus {
  return nowMs > startMs - lateCancelHours * 3600000 ? 'LATE_CANCELLED' : 'CANCELLED';
}

export function isCancelled(status: unknown): boolean {
  return status === 'CANCELLED' || status === 'LATE_CANCELLED';
}

// ---------------------------------------------------------------------------------------------
// Settings and services

export interface AppointmentSettingsData {
  lateCancelHours: number;
  reminderLeadMinutes: number;
  reminderChannel: string;
  allowDoubleBooking: boolean;
  reminderIncludesClinician: boolean;
  reminderIncludesLocation: boolean;
}

export const DEFAULT_APPOINTMENT_SETTINGS: AppointmentSettingsData = {
  lateCancelHours: 24,
  reminderLeadMinutes: 1440,
  reminderChannel: 'EMAIL',
  allowDoubleBooking: false,
  reminderIncludesClinician: true,
  reminderIncludesLocation: true,
};

export const REMINDER_CHANNELS = ['EMAIL', 'SMS'];

/** The stored settings (or the defaults) with the input's fields changed; problems by field. */
export function validateAppointmentSettings(input: unknown, current: AppointmentSettingsData): { problems: AppointmentProblem[]; data: AppointmentSettingsData } {
  const problems: AppointmentProblem[] = [];
  const root = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (root !== input) {
    problems.push({ field: 'input', reason: 'format' });
  }
  const keys = Object.keys(DEFAULT_APPOINTMENT_SETTINGS);
  Object.keys(root).forEach((key) => {
    if (keys.indexOf(key) < 0) {
      problems.push({ field: key, reason: 'unknown' });
    }
  });
  const int = (field: string, min: number, max: number, fallback: number): number => {
    const value = root[field];
    if (!present(value)) {
      return fallback;
    }
    if (typeof value !== 'number' || Math.floor(value) !== value || value < min || value > max) {
      problems.push({ field: field, reason: 'format' });
      return fallback;
    }
    return value;
  };
  const flag = (field: string, fallback: boolean): boolean => {
    const value = root[field];
    if (!present(value)) {
      return fallback;
    }
    if (typeof value !== 'boolean') {
      problems.push({ field: field, reason: 'format' });
      return fallback;
    }
    return value;
  };
  let channel = current.reminderChannel;
  if (present(root.reminderChannel)) {
    if (typeof root.reminderChannel === 'string' && REMINDER_CHANNELS.indexOf(root.reminderChannel.toUpperCase()) >= 0) {
      channel = root.reminderChannel.toUpperCase();
    } else {
      problems.push({ field: 'reminderChannel', reason: 'format' });
    }
  }
  return {
    problems: problems,
    data: {
      lateCancelHours: int('lateCancelHours', 0, 168, current.lateCancelHours),
      reminderLeadMinutes: int('reminderLeadMinutes', 15, 10080, current.reminderLeadMinutes),
      reminderChannel: channel,
      allowDoubleBooking: flag('allowDoubleBooking', current.allowDoubleBooking),
      reminderIncludesClinician: flag('reminderIncludesClinician', current.reminderIncludesClinician),
      reminderIncludesLocation: flag('reminderIncludesLocation', current.reminderIncludesLocation),
    },
  };
}

/** The stored settings data, or the defaults (and any field missing from an older item). */
export function appointmentSettingsOf(item: Record<string, unknown> | null | undefined): AppointmentSettingsData {
  const stored = item && item.data ? (item.data as Record<string, unknown>) : {};
  return validateAppointmentSettings(stored, DEFAULT_APPOINTMENT_SETTINGS).data;
}

/** getAppointmentSettings: the settings, version (0: never saved) and the practice's timezone and location names. */
export function toAppointmentSettings(item: Record<string, unknown> | null | undefined, practiceDetails: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = Object.assign({} as Record<string, unknown>, appointmentSettingsOf(item));
  const details = practiceDetails && practiceDetails.data ? (practiceDetails.data as Record<string, unknown>) : {};
  out.timezone = typeof details.timezone === 'string' && details.timezone.length > 0 ? details.timezone : DEFAULT_TIMEZONE;
  const locations = Array.isArray(details.locations) ? (details.locations as Record<string, unknown>[]) : [];
  out.locations = locations.filter((loc) => loc && typeof loc.name === 'string' && (loc.name as string).length > 0).map((loc) => loc.name as string);
  out.version = item && typeof item.version === 'number' ? item.version : 0;
  return out;
}

export interface Service {
  code: string;
  description: string;
  defaultMinutes: number;
}

/** The catalog a practice that never listed its services offers: the common psychotherapy CPT codes. */
export const DEFAULT_SERVICES: Service[] = [
  { code: '90791', description: 'Psychiatric diagnostic evaluation (intake)', defaultMinutes: 60 },
  { code: '90832', description: 'Psychotherapy, 30 minutes', defaultMinutes: 30 },
  { code: '90834', description: 'Psychotherapy, 45 minutes', defaultMinutes: 45 },
  { code: '90837', description: 'Psychotherapy, 60 minutes', defaultMinutes: 60 },
  { code: '90846', description: 'Family psychotherapy without the client', defaultMinutes: 50 },
  { code: '90847', description: 'Family psychotherapy with the client', defaultMinutes: 50 },
  { code: '90853', description: 'Group psychotherapy', defaultMinutes: 60 },
];

/** The practice's services (the Settings#ServicesOffered item), or the default catalog. */
export function servicesOf(item: Record<string, unknown> | null | undefined): Service[] {
  const stored = item && Array.isArray(item.services) ? (item.services as Record<string, unknown>[]) : [];
  const valid = stored.filter((s) => s && typeof s.code === 'string' && typeof s.description === 'string' && typeof s.defaultMinutes === 'number');
  if (valid.length === 0) {
    return DEFAULT_SERVICES;
  }
  return valid.map((s) => ({ code: s.code as string, description: s.description as string, defaultMinutes: s.defaultMinutes as number }));
}

// ---------------------------------------------------------------------------------------------
// Items (Practice table)

export function appointmentKey(practiceId: string, id: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'APPT#' + id };
}

export function appointmentSeriesKey(practiceId: string, seriesId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'APPTSERIES#' + seriesId };
}

/** Serialises writes that could double-book a clinician: every such write bumps this item conditionally. */
export function clinicianScheduleKey(practiceId: string, clinicianId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'APPTLOCK#' + clinicianId };
}

export function appointmentSettingsKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Settings#AppointmentSettings' };
}

export function servicesKey(practiceId: string): { PK: string; SK: string } {
  return { PK: 'P#' + practiceId, SK: 'Settings#ServicesOffered' };
}

/** GSI1: the practice's appointments by start; GSI2: one clinician's by start (beside their clients' Client#… keys). */
export function appointmentsPartition(practiceId: string): string {
  return 'P#' + practiceId + '#APPTS';
}

export function clinicianPartition(practiceId: string, clinicianId: string): string {
  return 'P#' + practiceId + '#U#' + clinicianId;
}

export function appointmentIndexKeys(practiceId: string, id: string, clinicianId: string, start: string): Record<string, string> {
  return {
    GSI1PK: appointmentsPartition(practiceId),
    GSI1SK: start + '#' + id,
    GSI2PK: clinicianPartition(practiceId, clinicianId),
    GSI2SK: 'APPT#' + start + '#' + id,
  };
}

/** The video path a client opens for a telehealth appointment. */
export function clientVideoPath(videoRoomId: unknown, clinicianId: unknown): string | null {
  return typeof videoRoomId === 'string' && videoRoomId.length > 0 ? '/public/video/' + videoRoomId + '/' + clinicianId : null;
}

/** An appointment as the API returns it to this caller (readOnly from their rights). */
export function toAppointment(item: Record<string, unknown>, callerSub: string, access: AppointmentAccess): Record<string, unknown> {
  return {
    id: item.id,
    seriesId: item.seriesId || null,
    clientId: item.clientId,
    clientName: item.clientName || '',
    clinicianId: item.clinicianId,
    clinicianName: item.clinicianName || null,
    serviceCode: item.serviceCode,
    locationType: item.locationType,
    locationName: item.locationName || null,
    start: item.start,
    end: item.end,
    durationMinutes: item.durationMinutes,
    recurrence: item.recurrence || null,
    status: item.status,
    sendEmailReminder: item.sendEmailReminder === true,
    videoRoomId: item.videoRoomId || null,
    clientVideoPath: clientVideoPath(item.videoRoomId, item.clinicianId),
    readOnly: !canWrite(access, callerSub, item.clinicianId),
    progressNoteId: item.progressNoteId || null,
    version: item.version,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * The GSI key range of listAppointments(from, to): starts from `from` minus the longest
 * appointment up to (not including) `to`; overlapping is then end > from.
 */
export function listRange(fromMs: number, toMs: number): { lower: string; upper: string; from: string } {
  return { lower: formatDateTime(fromMs - MAX_DURATION_MINUTES * 60000), upper: formatDateTime(toMs), from: formatDateTime(fromMs) };
}
