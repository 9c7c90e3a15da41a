/**
 * Mutation.editProgressNote(id, input) (data source: PracticeTable): the clinician's change to
 * their note (loaded by Note.load), if `input.version` is still the stored one. Unsigned: new
 * sections and/or sign. Signed: only an addendum, appended with its author and time — the
 * original sections are never rewritten ('A signed note cannot be changed; add an addendum.').
 * Signing waits for the session's start (the appointment, loaded by Note.appointment), needs
 * content ('A note needs some content before it is signed.') and a not-cancelled appointment.
 * The condition re-checks the version and the signed flag at write time.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { MESSAGES } from '../domain/messages.ts';
import { cancelledAppointmentProblem, noteProblemMessage, signingTooEarly, toNote, validateNoteEdit } from '../domain/progress-note.ts';
import { cosignIndexKeys, reminderDaysOf } from '../domain/supervision.ts';
import type { ResolverContext, StoredItem } from './shared/context.ts';
import type { MutationEditProgressNoteArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationEditProgressNoteArgs>): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const note = ctx.stash.note as Record<string, unknown>;
  const validation = validateNoteEdit(ctx.args.input, note);
  if (validation.problems.length > 0) {
    util.error(noteProblemMessage(validation.problems), 'ValidationError', null, { fields: validation.problems });
  }
  const data = validation.data;
  if (data.version !== note.version) {
    util.error(MESSAGES.noteChanged, 'ConflictError');
  }
  const appointment = ctx.stash.appointment;
  const signing = data.sign && note.signed !== true;
  const early = signing ? signingTooEarly(appointment ? appointment.start : null, util.time.nowEpochMilliSeconds()) : null;
  if (early !== null) {
    util.error(noteProblemMessage([early]), 'ValidationError', null, { fields: [early] });
  }
  // A draft of an appointment cancelled since is kept, but no longer signed.
  const cancelled = signing ? cancelledAppointmentProblem(appointment) : null;
  if (cancelled !== null) {
    util.error(noteProblemMessage([cancelled]), 'ValidationError', null, { fields: [cancelled] });
  }
  const nowMs = util.time.nowEpochMilliSeconds();
  const now = util.time.epochMilliSecondsToISO8601(nowMs);
  const next: Record<string, unknown> = Object.assign({}, note);
  const addenda = ((note.addenda || []) as Record<string, unknown>[]).slice();
  if (data.addendum !== null) {
    addenda.push({ id: util.autoId(), text: data.addendum, authorId: caller.sub, createdAt: now });
  }
  next.addenda = addenda;
  if (data.sections !== null) {
    next.sections = data.sections;
  }
  if (data.sign && note.signed !== true) {
    next.signed = true;
    next.signedAt = now;
    // A supervised clinician's signed note awaits co-signature: its index keys (issue 18).
    const supervision = ctx.stash.supervision;
    if (supervision) {
      Object.assign(next, cosignIndexKeys(caller.practiceId, caller.sub, note.appointmentId as string, now, nowMs + reminderDaysOf(supervision) * 86400000));
    }
  }
  next.version = data.version + 1;
  next.updatedAt = now;
  next.updatedBy = caller.sub;
  const key = { PK: next.PK, SK: next.SK };
  delete next.PK;
  delete next.SK;
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(key),
    attributeValues: util.dynamodb.toMapValues(next),
    condition: {
      expression: 'attribute_exists(PK) AND #version = :version AND #signed = :signed',
      expressionNames: { '#version': 'version', '#signed': 'signed' },
      expressionValues: util.dynamodb.toMapValues({ ':version': data.version, ':signed': note.signed === true }),
    },
  };
}

export function response(ctx: ResolverContext<MutationEditProgressNoteArgs>): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(MESSAGES.noteChanged, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  ctx.stash.audit = { action: 'note.update', entityType: 'ProgressNote', entityId: (ctx.result as StoredItem).id as string };
  return toNote(ctx.result as StoredItem);
}
