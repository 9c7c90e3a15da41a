/**
 * Note.link (data source: PracticeTable): after createProgressNote, records the note's id on its
 * appointment (progressNoteId, shown in the calendar). The appointment's version is not bumped:
 * its own fields did not change. Passes the note through.
 */
import { util, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { appointmentKey } from '../../domain/appointment/keys.ts';
import type { ResolverContext } from '../shared/context.ts';
import type { MutationCreateProgressNoteArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationCreateProgressNoteArgs>): DynamoDBUpdateItemRequest {
  const note = ctx.prev.result as Record<string, unknown>;
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(appointmentKey(ctx.stash.caller.practiceId, note.appointmentId as string)),
    update: { expression: 'SET #note = :note', expressionNames: { '#note': 'progressNoteId' }, expressionValues: util.dynamodb.toMapValues({ ':note': note.id }) },
    condition: { expression: 'attribute_exists(PK)' },
  };
}

export function response(ctx: ResolverContext<MutationCreateProgressNoteArgs>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  return ctx.prev.result;
}
