/**
 * What a booking checks against the practice: its timezone, locations, cancellation and
 * double-booking rules and service catalog; the client (bookable by this caller) and the
 * clinician (a clinician of the practice) with the names stored on the appointment.
 */
import { isClinician } from '../../domain/permissions.ts';
import type { AppointmentData } from '../../domain/appointment/input.ts';
import { appointmentSettingsKey, servicesKey } from '../../domain/appointment/keys.ts';
import type { AppointmentProblem } from '../../domain/appointment/problems.ts';
import { servicesOf } from '../../domain/appointment/services.ts';
import { appointmentSettingsOf } from '../../domain/appointment/settings.ts';
import { clientKey } from '../../domain/client.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { clientScope } from '../../domain/permissions.ts';
import { settingsKey } from '../../domain/practice.ts';
import { usableTimezone } from '../../domain/recurrence.ts';
import { getMembership } from '../shared/membership.ts';
import { invalid, type AppointmentsRequest, type Item } from './request.ts';
import { getItem } from './store.ts';

export interface PracticeContext {
  timezone: string;
  locations: string[];
  lateCancelHours: number;
  allowDoubleBooking: boolean;
  serviceCodes: string[];
}

export async function practiceContext(practiceId: string): Promise<PracticeContext> {
  const [details, settings, services] = await Promise.all([
    getItem(settingsKey(practiceId, 'PracticeDetails')),
    getItem(appointmentSettingsKey(practiceId)),
    getItem(servicesKey(practiceId)),
  ]);
  const data = (details?.data ?? {}) as Item;
  const rules = appointmentSettingsOf(settings);
  return {
    timezone: usableTimezone(data.timezone),
    locations: Array.isArray(data.locations) ? data.locations.map((l: Item) => l?.name).filter((n: unknown): n is string => typeof n === 'string') : [],
    lateCancelHours: rules.lateCancelHours,
    allowDoubleBooking: rules.allowDoubleBooking,
    serviceCodes: servicesOf(services).map((s) => s.code),
  };
}

/** The client if the caller may book it: active, in the practice, and theirs for an own-clients caller. */
export async function bookableClient(practiceId: string, clientId: string, caller: AppointmentsRequest['caller']): Promise<Item> {
  const client = await getItem(clientKey(practiceId, clientId));
  const ok = client && client.status !== 'archived' && (clientScope(caller.roles) === 'all' || client.therapistId === caller.sub);
  if (!ok) throw invalid([{ field: 'clientId', reason: 'unknown', message: MESSAGES.unknownClient }]);
  return client;
}

/** The clinician's membership if they are a clinician of the practice. */
export async function practiceClinician(practiceId: string, clinicianId: string): Promise<Item> {
  const member = (await getMembership(clinicianId)) as Item | null;
  if (!member || member.practiceId !== practiceId || !isClinician(member.roles)) {
    throw invalid([{ field: 'clinicianId', reason: 'unknown', message: MESSAGES.unknownClinician }]);
  }
  return member;
}

export function clientName(client: Item): string {
  const person = (client.personalDetail ?? {}) as Item;
  return [person.first, person.last].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
}

export function clinicianName(member: Item): string | null {
  const name = [member.firstName, member.lastName].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
  return name.length > 0 ? name : null;
}

export function checkCatalog(data: AppointmentData, context: PracticeContext, given: string[] | null): void {
  const problems: AppointmentProblem[] = [];
  if ((given === null || given.includes('serviceCode')) && !context.serviceCodes.includes(data.serviceCode)) {
    problems.push({ field: 'serviceCode', reason: 'unknown', message: MESSAGES.unknownService });
  }
  if ((given === null || given.includes('locationName')) && data.locationName !== null && context.locations.length > 0 && !context.locations.includes(data.locationName)) {
    problems.push({ field: 'locationName', reason: 'unknown', message: MESSAGES.unknownLocation });
  }
  if (problems.length > 0) throw invalid(problems);
}
