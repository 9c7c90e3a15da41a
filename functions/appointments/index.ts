/**
 * appointments: AppSync Lambda data source for createAppointment, editAppointment,
 * cancelAppointment and setAppointmentStatus (after `authorize` and `Appointment.access`).
 * Payload: {field, caller: {sub, practiceId, roles, groups}, args}; the practice and roles come
 * from the membership read by `authorize`, never from arguments.
 *
 * One file per operation (create.ts, edit.ts, cancel.ts, set-status.ts); this one dispatches.
 * Every occurrence is its own item (occurrence.ts, domain/appointment/keys.ts); a recurring appointment also has
 * a series item listing its occurrences, so a SERIES edit or cancel reaches this and the later
 * ones with one BatchGet. Writes are one TransactWriteItems: each occurrence conditioned on its
 * version, and — when the practice forbids double-booking — the clinician's schedule lock bumped
 * on the value read before the overlap check, so two concurrent bookings cannot both pass it.
 *
 * Expected refusals come back as data, {refusal: {message, errorType, fields}} (functions/shared/
 * refusal.ts: AppSync passes no errorType or errorInfo from a Lambda error); the result of a write
 * is the stored items (the resolver shapes them for the caller). Unexpected failures are logged
 * under a correlation id, without PHI, and reach the caller as the generic internal error.
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { cancelAppointment } from './cancel.ts';
import { createAppointment } from './create.ts';
import { editAppointment } from './edit.ts';
import type { AppointmentsRequest, AppointmentsResult, Item } from './request.ts';
import { setAppointmentStatus } from './set-status.ts';

export type { AppointmentsRequest, AppointmentsResult } from './request.ts';

export const handler: (event: AppointmentsRequest) => Promise<AppointmentsResult> = appsyncHandler('appointments', async (event: AppointmentsRequest): Promise<Item[]> => {
  if (!event?.caller?.sub || !event.caller.practiceId || !Array.isArray(event.caller.roles)) throw new Refusal('Not Authorized', 'Unauthorized');
  switch (event.field) {
    case 'createAppointment':
      return createAppointment(event);
    case 'editAppointment':
      return editAppointment(event);
    case 'cancelAppointment':
      return cancelAppointment(event);
    case 'setAppointmentStatus':
      return setAppointmentStatus(event);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
});
