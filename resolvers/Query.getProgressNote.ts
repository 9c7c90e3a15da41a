/**
 * Query.getProgressNote(appointmentId) (data source: PracticeTable): the note of an appointment the
 * caller sees, if it is theirs or they hold notes.all (owner, clinicianAdmin); otherwise null, like
 * a missing one. Reads and misses are audited (ids only).
 */
import { runtime, util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { holds, PERMISSIONS } from '../domain/permissions.ts';
import { noteKey, toNote } from '../domain/progress-note.ts';
import type { ResolverContext } from './shared/context.ts';
import type { QueryGetProgressNoteArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryGetProgressNoteArgs>): DynamoDBGetItemRequest {
  const appointment = ctx.stash.appointment;
  if (!appointment) {
    ctx.stash.audit = { action: 'note.read.miss', entityType: 'Appointment', entityId: ctx.args.appointmentId };
    runtime.earlyReturn(null);
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(noteKey(ctx.stash.caller.practiceId, (appointment).id as string)) };
}

export function response(ctx: ResolverContext<QueryGetProgressNoteArgs>): Record<string, unknown> | null {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const caller = ctx.stash.caller;
  const note = ctx.result as Record<string, unknown> | null;
  if (!note || (note.clinicianId !== caller.sub && !holds(PERMISSIONS.notesAll, caller.roles, caller.groups))) {
    ctx.stash.audit = { action: 'note.read.miss', entityType: 'Appointment', entityId: ctx.args.appointmentId };
    return null;
  }
  ctx.stash.audit = { action: 'note.read', entityType: 'ProgressNote', entityId: note.id as string };
  return toNote(note);
}
