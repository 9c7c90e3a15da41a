/**
 * Appointments.invoke (data source: Lambda:appointments): createAppointment, editAppointment,
 * cancelAppointment, setAppointmentStatus. The caller (sub, practice, roles, groups) comes from the
 * authorize step, never from arguments. The Lambda answers the stored items or a refusal
 * {refusal: {message, errorType, fields}}, raised here with its field list. The stored items are
 * shaped for this caller (readOnly) and the audit names their ids.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { toAppointment } from '../../domain/appointment/api.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationCreateAppointmentArgs, MutationEditAppointmentArgs, MutationCancelAppointmentArgs, MutationSetAppointmentStatusArgs } from '../../domain/graphql.generated.ts';

const ACTIONS: Record<string, string> = {
  createAppointment: 'appointment.create',
  editAppointment: 'appointment.update',
  cancelAppointment: 'appointment.cancel',
  setAppointmentStatus: 'appointment.status',
};

export function request(ctx: ResolverContext<SharedArgs<MutationCreateAppointmentArgs | MutationEditAppointmentArgs | MutationCancelAppointmentArgs | MutationSetAppointmentStatusArgs>>): LambdaRequest {
  const caller = ctx.stash.caller;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId, roles: caller.roles, groups: caller.groups },
      args: { id: ctx.args.id, version: ctx.args.version, scope: ctx.args.scope, status: ctx.args.status, input: ctx.args.input },
    },
  };
}

export function response(ctx: ResolverContext<SharedArgs<MutationCreateAppointmentArgs | MutationEditAppointmentArgs | MutationCancelAppointmentArgs | MutationSetAppointmentStatusArgs>>): unknown {
  const stored = lambdaResult(ctx) as Record<string, unknown>[];
  const caller = ctx.stash.caller;
  const items = (stored || []).map((item) => toAppointment(item, caller.sub, ctx.stash.access));
  ctx.stash.audit = { action: ACTIONS[ctx.info.fieldName] || 'appointment.change', entityType: 'Appointment', entityIds: items.map((a) => a.id as string) };
  return ctx.info.fieldName === 'setAppointmentStatus' ? items[0] : items;
}
