/**
 * Appointment.access (data source: NONE): second step of every appointment and appointment-
 * settings field. `authorize` has checked the field's rights and plan feature (FIELD_RULES:
 * any appointment right to read, own or all to write); this step stashes how far the caller's
 * rights reach (domain/appointment/access.ts appointmentAccess: own, all, locked, the scheduler)
 * for the next steps. A caller with no reach is refused (fail closed; FIELD_RULES lets none through).
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import { appointmentAccess } from '../../domain/appointment/access.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { QueryListAppointmentsArgs, QueryGetAppointmentArgs, MutationCreateAppointmentArgs, MutationEditAppointmentArgs, MutationCancelAppointmentArgs, MutationSetAppointmentStatusArgs, QueryGetProgressNoteArgs, MutationCreateProgressNoteArgs, MutationEditProgressNoteArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<QueryListAppointmentsArgs | QueryGetAppointmentArgs | MutationCreateAppointmentArgs | MutationEditAppointmentArgs | MutationCancelAppointmentArgs | MutationSetAppointmentStatusArgs | QueryGetProgressNoteArgs | MutationCreateProgressNoteArgs | MutationEditProgressNoteArgs>>): NONERequest {
  const caller = ctx.stash.caller;
  const access = appointmentAccess(caller.roles, caller.groups);
  if (access.read === 'none') {
    util.unauthorized();
  }
  ctx.stash.access = access;
  return { payload: null };
}

export function response(ctx: ResolverContext<SharedArgs<QueryListAppointmentsArgs | QueryGetAppointmentArgs | MutationCreateAppointmentArgs | MutationEditAppointmentArgs | MutationCancelAppointmentArgs | MutationSetAppointmentStatusArgs | QueryGetProgressNoteArgs | MutationCreateProgressNoteArgs | MutationEditProgressNoteArgs>>): unknown {
  return ctx.prev.result;
}
