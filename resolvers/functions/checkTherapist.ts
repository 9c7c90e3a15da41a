/**
 * Client.checkTherapist (data source: DirectoryTable): decides whose client this is. Absent
 * therapistId: the existing one (edit) or the caller (add). Only callers with practice-wide client
 * rights may name someone else, and that someone must be a member of the caller's practice
 * (their membership, read by sub); otherwise a ValidationError on therapistId. The result goes to
 * `ctx.stash.therapistId`.
 */
import { runtime, util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { membershipKey } from '../../domain/tables.ts';
import { clientScope } from '../../domain/permissions.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationAddClientArgs, MutationEditClientArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationAddClientArgs | MutationEditClientArgs>>): DynamoDBGetItemRequest {
  const caller = ctx.stash.caller;
  const existing = ctx.stash.client as { therapistId?: string } | undefined;
  const current = existing && existing.therapistId ? existing.therapistId : caller.sub;
  const wanted = (ctx.stash.clientInput.therapistId) || current;
  if (wanted !== current && clientScope(caller.roles) === 'own') {
    util.unauthorized();
  }
  ctx.stash.therapistId = wanted;
  if (wanted === current) {
    runtime.earlyReturn(ctx.prev.result);
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(membershipKey(wanted)), consistentRead: true };
}

export function response(ctx: ResolverContext<SharedArgs<MutationAddClientArgs | MutationEditClientArgs>>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const member = ctx.result as { practiceId?: string } | null;
  if (!member || member.practiceId !== ctx.stash.caller.practiceId) {
    util.error('Invalid client input: therapistId (unknown)', 'ValidationError', null, { fields: [{ field: 'therapistId', reason: 'unknown' }] });
  }
  return ctx.prev.result;
}
