/**
 * Note.appointment (data source: PracticeTable): the appointment named by `appointmentId`, into
 * `ctx.stash.appointment` if the caller sees it (Appointment.access), else null — for
 * getProgressNote and createProgressNote, which decide what a miss means, and for editProgressNote
 * (the note's appointment, by the note id: signing waits for its start).
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { canSee } from '../../domain/appointment/access.ts';
import { appointmentKey } from '../../domain/appointment/keys.ts';
import { appointmentIdOfNote } from '../../domain/progress-note.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { QueryGetProgressNoteArgs, MutationCreateProgressNoteArgs, MutationEditProgressNoteArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<QueryGetProgressNoteArgs | MutationCreateProgressNoteArgs | MutationEditProgressNoteArgs>>): DynamoDBGetItemRequest {
  const id = ctx.args.appointmentId !== undefined ? ctx.args.appointmentId : appointmentIdOfNote(ctx.args.id);
  const valid = typeof id === 'string' && id.length > 0 && id.length <= 64;
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(appointmentKey(ctx.stash.caller.practiceId, valid ? id : '-')), consistentRead: true };
}

export function response(ctx: ResolverContext<SharedArgs<QueryGetProgressNoteArgs | MutationCreateProgressNoteArgs | MutationEditProgressNoteArgs>>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const item = ctx.result as Record<string, unknown> | null;
  ctx.stash.appointment = item && canSee(ctx.stash.access, ctx.stash.caller.sub, item.clinicianId) ? item : null;
  return ctx.prev.result;
}
