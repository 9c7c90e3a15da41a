/**
 * The client's side of assessments (issue 13), after CLIENT_AUTHORIZE: their open assessments
 * across their practices, answers saved as they go, and submitting (immutable; the crisis-line
 * text comes back when the answers raised an alert). Every id is checked against the caller's
 * links; each practice touched is audited here.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import type { Notifier } from '../shared/notifier.ts';
import { practiceName } from '../shared/practice-name.ts';
import { linkOf, type LinkRef } from '../../domain/client-link.ts';
import { instrumentById } from '../../domain/assessments/instruments.ts';
import { assignmentPrefix, doneKey, draftKey } from '../../domain/assessments/items.ts';
import { getItem, openAssessment, practiceTimezone, readAnswers, refuse, saveDraft, submit, type Item, type OpenAssessment } from './store.ts';
import { openOccurrenceOf } from './occurrences.ts';
import { instrumentView } from './member.ts';

export interface ClientEvent {
  field: string;
  caller: { sub: string };
  links: LinkRef[];
  args: Record<string, unknown>;
}

export function clientAssessmentView(open: OpenAssessment, name: string | null, answers: unknown) {
  return {
    practiceId: open.practiceId, practiceName: name, assignmentId: open.assignment.id, instrument: instrumentView(open.instrument), occurrence: open.occurrence.key,
    expiresAt: open.occurrence.expiresAt, answers: answers ? JSON.stringify(answers) : null,
  };
}

export async function openAssessments(event: ClientEvent, now: Date) {
  const out: unknown[] = [];
  for (const link of event.links) {
    const res = await dynamo().send(new QueryCommand({
      TableName: table('PRACTICE_TABLE'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `P#${link.practiceId}`, ':p': assignmentPrefix(link.clientId) }, Limit: 200,
    }));
    const assignments = ((res.Items ?? []) as Item[]).filter((a) => !a.stoppedAt && instrumentById(a.instrumentId));
    if (assignments.length === 0) continue;
    const timezone = await practiceTimezone(link.practiceId);
    const name = await practiceName(link.practiceId);
    const ids: string[] = [];
    for (const a of assignments) {
      const occurrence = await openOccurrenceOf(link.practiceId, a, timezone, now);
      if (!occurrence || (await getItem(doneKey(link.practiceId, link.clientId, a.id as string, occurrence.key)))) continue;
      const draft = await getItem(draftKey(link.practiceId, link.clientId, a.id as string, occurrence.key));
      out.push(clientAssessmentView({ practiceId: link.practiceId, clientId: link.clientId, assignment: a, instrument: instrumentById(a.instrumentId)!, occurrence }, name, draft?.answers ?? null));
      ids.push(a.id as string);
    }
    if (ids.length) await writeAudit(event.caller.sub, 'Query.clientOpenAssessments', [{ practiceId: link.practiceId, action: 'assessment.open', entityType: 'Client', entityId: link.clientId, entityIds: ids }], now.toISOString());
  }
  return out;
}

function linkFor(event: ClientEvent): LinkRef {
  const link = linkOf(event.links, event.args.practiceId);
  if (!link) return refuse('assignmentNotFound', 'Unauthorized');
  return link;
}

export async function saveAnswers(event: ClientEvent, now: Date) {
  const link = linkFor(event);
  const open = await openAssessment(link.practiceId, link.clientId, event.args.assignmentId, now);
  const answers = readAnswers(open.instrument, event.args.answers);
  await saveDraft(open, answers, now);
  await writeAudit(event.caller.sub, 'Mutation.saveClientAssessmentAnswers', [{ practiceId: link.practiceId, action: 'assessment.save', entityType: 'Client', entityId: link.clientId, entityIds: [open.assignment.id as string] }], now.toISOString());
  return clientAssessmentView(open, await practiceName(link.practiceId), answers);
}

export async function submitAnswers(event: ClientEvent, now: Date, send?: Notifier) {
  const link = linkFor(event);
  const open = await openAssessment(link.practiceId, link.clientId, event.args.assignmentId, now);
  const answers = readAnswers(open.instrument, event.args.answers);
  const done = await submit(open, answers, event.caller.sub, now, [], send);
  await writeAudit(event.caller.sub, 'Mutation.submitClientAssessment', submissionAudit(link.practiceId, link.clientId, done), now.toISOString());
  return { responseId: done.responseId, status: done.status, crisisText: done.crisisText };
}

/** The response's audit entries, and the raised alert's (issue 13: both the alert and its resolution are audited). */
export function submissionAudit(practiceId: string, clientId: string, done: { responseId: string; alertId: string | null }) {
  const facts = [{ practiceId, action: 'assessment.submit', entityType: 'Client', entityId: clientId, entityIds: [done.responseId] }];
  if (done.alertId) facts.push({ practiceId, action: 'riskAlert.raise', entityType: 'Client', entityId: clientId, entityIds: [done.alertId] });
  return facts;
}
