/**
 * Mutation.createProgressNote(appointmentId, date, input) (data source: PracticeTable): the note of
 * an appointment, written by its clinician only (own notes; an appointment the caller does not see
 * is NotFound, another clinician's Unauthorized). One note per appointment: the key is the
 * appointment's, so a second one is refused at write time. sign: true locks it at once, once the
 * session has started (a draft may be written ahead) and when the note has content. A cancelled
 * appointment takes no note.
 */
import { util, type DynamoDBPutItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { MESSAGES } from '../domain/messages.ts';
import { cancelledAppointmentProblem, noteIdOf, noteKey, noteProblemMessage, signingTooEarly, toNote, validateNoteCreate } from '../domain/progress-note.ts';
import { cosignIndexKeys, reminderDaysOf } from '../domain/supervision.ts';
import type { ResolverContext, StoredItem } from './shared/context.ts';
import type { MutationCreateProgressNoteArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<MutationCreateProgressNoteArgs>): DynamoDBPutItemRequest {
  const caller = ctx.stash.caller;
  const appointment = ctx.stash.appointment;
  if (!appointment) {
    util.error('Appointment not found', 'NotFound');
  }
  const appt = appointment;
  if (appt.clinicianId !== caller.sub) {
    util.unauthorized();
  }
  // A cancelled appointment takes no note (a no-show does); signing needs content (validateNoteCreate).
  const cancelled = cancelledAppointmentProblem(appt);
  if (cancelled !== null) {
    util.error(noteProblemMessage([cancelled]), 'ValidationError', null, { fields: [cancelled] });
  }
  const validation = validateNoteCreate(ctx.args.date, ctx.args.input, util.time.nowEpochMilliSeconds());
  if (validation.problems.length > 0) {
    util.error(noteProblemMessage(validation.problems), 'ValidationError', null, { fields: validation.problems });
  }
  const data = validation.data;
  const early = data.sign ? signingTooEarly(appt.start, util.time.nowEpochMilliSeconds()) : null;
  if (early !== null) {
    util.error(noteProblemMessage([early]), 'ValidationError', null, { fields: [early] });
  }
  const nowMs = util.time.nowEpochMilliSeconds();
  const now = util.time.epochMilliSecondsToISO8601(nowMs);
  const id = noteIdOf(appt.id as string);
  // A supervised clinician's signed note awaits co-signature: its index keys (issue 18).
  const supervision = ctx.stash.supervision;
  const awaiting = data.sign && supervision ? cosignIndexKeys(caller.practiceId, caller.sub, appt.id as string, now, nowMs + reminderDaysOf(supervision) * 86400000) : {};
  return {
    operation: 'PutItem',
    key: util.dynamodb.toMapValues(noteKey(caller.practiceId, appt.id as string)),
    attributeValues: util.dynamodb.toMapValues({
      ...awaiting,
      entity: 'ProgressNote',
      id: id,
      practiceId: caller.practiceId,
      appointmentId: appt.id,
      clientId: appt.clientId,
      clinicianId: caller.sub,
      date: data.date,
      template: data.template,
      sections: data.sections,
      signed: data.sign,
      signedAt: data.sign ? now : null,
      addenda: [],
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.sub,
      updatedBy: caller.sub,
    }),
    condition: { expression: 'attribute_not_exists(PK)' },
  };
}

export function response(ctx: ResolverContext<MutationCreateProgressNoteArgs>): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(MESSAGES.noteExists, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  ctx.stash.audit = { action: 'note.create', entityType: 'ProgressNote', entityId: (ctx.result as StoredItem).id as string };
  return toNote(ctx.result as StoredItem);
}
