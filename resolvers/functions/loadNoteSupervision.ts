/**
 * Note.supervision (data source: PracticeTable; issue 18): the supervision record of the caller —
 * the note's clinician, the only one who writes it — into `ctx.stash.supervision` (null: not
 * supervised), so signing a supervised clinician's note writes the awaiting-co-signature index keys
 * (domain/supervision.ts cosignIndexKeys) with the assignment's reminder delay.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { supervisionKey } from '../../domain/supervision.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationCreateProgressNoteArgs, MutationEditProgressNoteArgs } from '../../domain/graphql.generated.ts';

type Ctx = ResolverContext<SharedArgs<MutationCreateProgressNoteArgs | MutationEditProgressNoteArgs>>;

export function request(ctx: Ctx): DynamoDBGetItemRequest {
  const caller = ctx.stash.caller;
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(supervisionKey(caller.practiceId, caller.sub)) };
}

export function response(ctx: Ctx): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const record = ctx.result as Record<string, unknown> | null;
  const supervisors = record ? ((record.supervisorIds || []) as string[]) : [];
  ctx.stash.supervision = supervisors.length > 0 ? record : null;
  return ctx.prev.result;
}
