/**
 * Note.load (data source: PracticeTable): the note named by `id` for editProgressNote. Only its
 * clinician edits it: a note the caller may not read (not theirs, no notes.all) is NotFound, like
 * a missing one; one they read but did not write (notes.all) is Unauthorized.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { holds, PERMISSIONS } from '../../domain/permissions.ts';
import { appointmentIdOfNote, noteKey, toNote } from '../../domain/progress-note.ts';
import type { ResolverContext } from '../shared/context.ts';
import type { MutationEditProgressNoteArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationEditProgressNoteArgs>): DynamoDBGetItemRequest {
  const appointmentId = appointmentIdOfNote(ctx.args.id);
  if (appointmentId === null) {
    util.error('Progress note not found', 'NotFound');
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(noteKey(ctx.stash.caller.practiceId, appointmentId)), consistentRead: true };
}

export function response(ctx: ResolverContext<MutationEditProgressNoteArgs>): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const note = ctx.result as Record<string, unknown> | null;
  const own = note !== null && note.clinicianId === caller.sub;
  if (!note || (!own && !holds(PERMISSIONS.notesAll, caller.roles, caller.groups))) {
    util.error('Progress note not found', 'NotFound');
  }
  if (!own) {
    util.unauthorized();
  }
  ctx.stash.note = note;
  return toNote(note);
}
