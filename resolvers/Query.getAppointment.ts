/**
 * Query.getAppointment(id) (data source: PracticeTable): one appointment of the caller's practice,
 * or null — also for another practice's id and, for an own-only caller, another clinician's
 * appointment (indistinguishable from a missing one). The read (or the miss) is audited.
 */
import { runtime, util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { canSee } from '../domain/appointment/access.ts';
import { toAppointment } from '../domain/appointment/api.ts';
import { appointmentKey } from '../domain/appointment/keys.ts';
import type { ResolverContext } from './shared/context.ts';
import type { QueryGetAppointmentArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryGetAppointmentArgs>): DynamoDBGetItemRequest {
  const id = ctx.args.id;
  ctx.stash.audit = { action: 'appointment.read', entityType: 'Appointment', entityId: id };
  if (!id || id.length > 64) {
    ctx.stash.audit = null;
    runtime.earlyReturn(null);
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(appointmentKey(ctx.stash.caller.practiceId, id)) };
}

export function response(ctx: ResolverContext<QueryGetAppointmentArgs>): Record<string, unknown> | null {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const item = ctx.result as Record<string, unknown> | null;
  if (!item || !canSee(ctx.stash.access, caller.sub, item.clinicianId)) {
    ctx.stash.audit = { action: 'appointment.read.miss', entityType: 'Appointment', entityId: ctx.args.id };
    return null;
  }
  return toAppointment(item, caller.sub, ctx.stash.access);
}
