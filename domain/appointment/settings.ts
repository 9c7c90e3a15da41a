/**
 * The practice's appointment settings (late-cancel notice, reminders, double-booking): defaults,
 * validation of an edit with field problems, and the getAppointmentSettings shape. APPSYNC_JS-safe.
 */
import { DEFAULT_TIMEZONE } from '../field-readers.ts';
import { present, type AppointmentProblem } from './problems.ts';

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
  out.locations = locations.filter((loc) => loc && typeof loc.name === 'string' && (loc.name).length > 0).map((loc) => loc.name as string);
  out.version = item && typeof item.version === 'number' ? item.version : 0;
  return out;
}
