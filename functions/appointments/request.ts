/**
 * The appointments Lambda's payload (after `authorize` and `Appointment.access`: the practice and
 * roles come from the membership, never from arguments), the caller's appointment access, and the
 * refusals every operation shares.
 */
import { appointmentAccess, type AppointmentAccess } from '../../domain/appointment/access.ts';
import { appointmentProblemMessage, type AppointmentProblem } from '../../domain/appointment/problems.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { Refusal, type RefusalPayload } from '../shared/refusal.ts';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';

export interface AppointmentsRequest {
  field: 'createAppointment' | 'editAppointment' | 'cancelAppointment' | 'setAppointmentStatus';
  caller: { sub: string; practiceId: string; roles: string[]; groups?: string[] };
  args: { id?: unknown; version?: unknown; scope?: unknown; status?: unknown; input?: unknown };
}

export type Item = Record<string, NativeAttributeValue>;
export type AppointmentsResult = Item[] | RefusalPayload;

export const NOT_FOUND = 'Appointment not found';
export const invalid = (fields: AppointmentProblem[]) => new Refusal(appointmentProblemMessage(fields), 'ValidationError', fields);
export const conflict = () => new Refusal(MESSAGES.appointmentChanged, 'ConflictError');

export function accessOf(caller: AppointmentsRequest['caller']): AppointmentAccess {
  return appointmentAccess(caller.roles, caller.groups ?? []);
}
