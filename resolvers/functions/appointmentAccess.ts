/**
 * Appointment.access (data source: NONE): second step of every appointment and appointment-
 * settings field. `authorize` has checked the field's plan feature (FIELD_RULES); this step
 * checks the caller's appointment rights (domain/appointment/access.ts appointmentAccess: own, all,
 * locked, the scheduler) and stashes them: queries need read access, the appointment writes need
 * write access. Coordinators and roles without appointment rights are Unauthorized here.
 */
import { util, type Context, type NONERequest } from '@aws-appsync/utils';
import { appointmentAccess } from '../../domain/appointment/access.ts';

const WRITES = ['createAppointment', 'editAppointment', 'cancelAppointment', 'setAppointmentStatus'];

export function request(ctx: Context): NONERequest {
  const caller = ctx.stash.caller;
  const access = appointmentAccess(caller.roles, caller.groups);
  const write = ctx.info.parentTypeName === 'Mutation' && WRITES.indexOf(ctx.info.fieldName) >= 0;
  if ((write && access.write === 'none') || access.read === 'none') {
    util.unauthorized();
  }
  ctx.stash.access = access;
  return { payload: null };
}

export function response(ctx: Context): unknown {
  return ctx.prev.result;
}
