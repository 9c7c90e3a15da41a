/**
 * Appointments.invoke (data source: Lambda:appointments): createAppointment, editAppointment,
 * cancelAppointment, setAppointmentStatus. The caller (sub, practice, roles, groups) comes from the
 * authorize step, never from arguments. The Lambda answers {ok, items} or a refusal
 * {ok: false, message, errorType, fields}, raised here with its field list. The stored items are
 * shaped for this caller (readOnly) and the audit names their ids.
 */
import { util, type Context, type LambdaRequest } from '@aws-appsync/utils';
import { toAppointment } from '../../domain/appointment.ts';

const ACTIONS: Record<string, string> = {
  createAppointment: 'appointment.create',
  editAppointment: 'appointment.update',
  cancelAppointment: 'appointment.cancel',
  setAppointmentStatus: 'appointment.status',
};

export function request(ctx: Context): LambdaRequest {
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

export function response(ctx: Context): unknown {
  if (ctx.error) {
    util.error(ctx.error.message, ctx.error.type);
  }
  const result = ctx.result as { ok: boolean; items?: Record<string, unknown>[]; message?: string; errorType?: string; fields?: unknown[] };
  if (!result || !result.ok) {
    const failed = result || { message: 'Appointment write failed', errorType: 'InternalError' };
    util.error(failed.message as string, failed.errorType as string, null, failed.fields ? { fields: failed.fields } : null);
  }
  const caller = ctx.stash.caller;
  const items = (result.items || []).map((item) => toAppointment(item, caller.sub, ctx.stash.access));
  ctx.stash.audit = { action: ACTIONS[ctx.info.fieldName] || 'appointment.change', entityType: 'Appointment', entityIds: items.map((a) => a.id as string) };
  return ctx.info.fieldName === 'setAppointmentStatus' ? items[0] : items;
}
