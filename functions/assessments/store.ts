/**
 * What both of the assessments Lambdas share (the AppSync one, functions/assessments, and the public
 * link's, functions/assessment-link): reading a client, an assignment and its open occurrence, the
 * practice's zone, and submitting a response — the response, its done mark, the baseline, the
 * population counters and any risk alert in ONE transaction — then the clinician's no-PHI notice.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { Refusal } from '../shared/refusal.ts';
import { publishMutation } from '../shared/appsync-publish.ts';
import { clientKey } from '../../domain/client.ts';
import { membershipKey } from '../../domain/tables.ts';
import { settingsKey } from '../../domain/practice.ts';
import { usableTimezone } from '../../domain/wall-clock.ts';
import { instrumentById } from '../../domain/assessments/instruments.ts';
import type { Instrument } from '../../domain/assessments/questionnaire.ts';
import { answerProblems, scoreResponse, type Answers } from '../../domain/assessments/scoring.ts';
import { outcomeOf } from '../../domain/assessments/outcome.ts';
import { latestOf, populationUpdates, worsenedKeys, type CounterUpdate } from '../../domain/assessments/population.ts';
import type { Occurrence, Schedule } from '../../domain/assessments/schedule.ts';
import { openOccurrenceOf } from './occurrences.ts';
import {
  ALERT_NOTICE, ASSESSMENT_MESSAGES, CRISIS_TEXT, alertKey, assignmentKey, baselineKey, doneKey, draftKey, responseKey,
  type AssessmentRefusal,
} from '../../domain/assessments/items.ts';

export type Item = Record<string, unknown>;

export const refuse = (key: AssessmentRefusal, type = 'ValidationError', field?: string): never => {
  throw new Refusal(ASSESSMENT_MESSAGES[key], type, field ? [{ field, reason: key }] : undefined);
};

export async function getItem(key: { PK: string; SK: string }, tableName: 'PRACTICE_TABLE' | 'DIRECTORY_TABLE' = 'PRACTICE_TABLE'): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table(tableName), Key: key, ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

/**
 * The practice's zone for the read-only pages (population, dashboard), kept a minute per warm
 * Lambda: it changes rarely, and the pages then send one request fewer. Writes read it fresh.
 */
const zones = new Map<string, { zone: string; until: number }>();
export async function cachedPracticeTimezone(practiceId: string, nowMs = Date.now()): Promise<string> {
  const hit = zones.get(practiceId);
  if (hit && hit.until > nowMs) return hit.zone;
  const zone = await practiceTimezone(practiceId);
  if (zones.size > 1000) zones.clear();
  zones.set(practiceId, { zone, until: nowMs + 60_000 });
  return zone;
}

export async function practiceTimezone(practiceId: string): Promise<string> {
  const details = await getItem(settingsKey(practiceId, 'PracticeDetails'));
  return usableTimezone(((details?.data ?? {}) as Item).timezone);
}

export async function clientRecord(practiceId: string, clientId: string): Promise<Item | null> {
  return getItem(clientKey(practiceId, clientId));
}

export function clientDisplayName(client: Item | null): string | null {
  const p = (client?.personalDetail ?? {}) as { first?: string; last?: string };
  const name = [p.first, p.last].filter(Boolean).join(' ');
  return name || null;
}

export const scheduleOf = (assignment: Item): Schedule => assignment.schedule as Schedule;

export const newId = (nowMs: number) => `${nowMs}-${randomBytes(4).toString('hex')}`;

export interface OpenAssessment {
  practiceId: string;
  clientId: string;
  assignment: Item;
  instrument: Instrument;
  occurrence: Occurrence;
}

/** The assignment's occurrence open now and not yet answered, or a refusal. */
export async function openAssessment(practiceId: string, clientId: string, assignmentId: unknown, now: Date): Promise<OpenAssessment> {
  if (typeof assignmentId !== 'string' || assignmentId.length > 64) return refuse('assignmentNotFound', 'NotFound', 'assignmentId');
  const assignment = await getItem(assignmentKey(practiceId, clientId, assignmentId));
  const instrument = assignment ? instrumentById(assignment.instrumentId) : null;
  if (!assignment || !instrument) return refuse('assignmentNotFound', 'NotFound', 'assignmentId');
  if (assignment.stoppedAt) refuse('stopped', 'ValidationError', 'assignmentId');
  const occurrence = await openOccurrenceOf(practiceId, assignment, await practiceTimezone(practiceId), now);
  if (!occurrence) return refuse('notOpen', 'ValidationError', 'assignmentId');
  if (await getItem(doneKey(practiceId, clientId, assignmentId, occurrence.key))) refuse('alreadySubmitted', 'ValidationError', 'assignmentId');
  return { practiceId, clientId, assignment, instrument, occurrence };
}

/** Reads answers (AWSJSON string or object) checked against the instrument. */
export function readAnswers(instrument: Instrument, raw: unknown): Answers {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > 20_000) refuse('answers', 'ValidationError', 'answers');
    try {
      value = JSON.parse(raw);
    } catch {
      refuse('answers', 'ValidationError', 'answers');
    }
  }
  if (answerProblems(instrument, value).length > 0) refuse('answers', 'ValidationError', 'answers');
  return value as Answers;
}

export async function saveDraft(open: OpenAssessment, answers: Answers, now: Date): Promise<void> {
  const a = open.assignment;
  await dynamo().send(new PutCommand({
    TableName: table('PRACTICE_TABLE'),
    Item: { ...draftKey(open.practiceId, open.clientId, a.id as string, open.occurrence.key), entity: 'AssessmentDraft', answers, updatedAt: now.toISOString(), expiresAt: Math.floor(Date.parse(open.occurrence.expiresAt) / 1000) + 30 * 86400 },
  }));
}

export async function savedDraft(open: OpenAssessment): Promise<Answers | null> {
  const draft = await getItem(draftKey(open.practiceId, open.clientId, open.assignment.id as string, open.occurrence.key));
  return (draft?.answers as Answers | undefined) ?? null;
}

export interface Submitted {
  responseId: string;
  status: string;
  alertId: string | null;
  crisisText: string | null;
}

/**
 * Scores and stores a response: in one transaction the immutable response, the occurrence's done
 * mark (a second submit fails), the baseline (first scored response), the practice's and the
 * clinician's counters for the month and band, and the risk alert. Then the clinician is told
 * (e-mail, no PHI). `extra` adds writes to the transaction (the link's spending).
 */
export async function submit(open: OpenAssessment, answers: Answers, submittedBy: string, now: Date, extra: object[] = [], send: Notifier = defaultNotifier()): Promise<Submitted> {
  const { practiceId, clientId, assignment, instrument, occurrence } = open;
  if (Object.keys(answers).length === 0) refuse('noAnswers', 'ValidationError', 'answers');
  const result = scoreResponse(instrument, answers);
  const at = now.toISOString();
  const id = newId(now.getTime());
  const client = await clientRecord(practiceId, clientId);
  const therapistId = (client?.therapistId as string) || (assignment.therapistId as string) || 'none';
  const baselineItem = await getItem(baselineKey(practiceId, clientId, instrument.id));
  const baseline = typeof baselineItem?.score === 'number' ? (baselineItem.score) : null;
  const outcome = outcomeOf(instrument, baseline ?? result.score, result.score);
  const month = at.slice(0, 7);
  const Practice = table('PRACTICE_TABLE');
  const alertId = result.alerts.length > 0 ? newId(now.getTime()) : null;
  const band = result.band?.code ?? 'incomplete';
  // The practice's aggregates (domain/assessments/population.ts): the month's counters, and the
  // client's latest moved in the current state, conditioned on the client × instrument item read.
  const previous = latestOf(baselineItem);
  const { updates, latest } = populationUpdates({ practiceId, therapistId, instrumentId: instrument.id, month, band, score: result.score, alert: !!alertId, outcome, followUp: baselineItem !== null }, previous);
  const counterUpdate = (u: CounterUpdate) => {
    const names = [...Object.keys(u.set), ...Object.keys(u.add)];
    const alias = (k: string) => `#a${names.indexOf(k)}`;
    return {
      Update: {
        TableName: Practice,
        Key: u.key,
        UpdateExpression: `SET ${Object.keys(u.set).map((k) => `${alias(k)} = :v${names.indexOf(k)}`).join(', ')} ADD ${Object.keys(u.add).map((k) => `${alias(k)} :v${names.indexOf(k)}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((k) => [alias(k), k])),
        ExpressionAttributeValues: Object.fromEntries(names.map((k, i) => [`:v${i}`, k in u.add ? u.add[k] : u.set[k]])),
      },
    };
  };
  const items: object[] = [
    { Put: { TableName: Practice, Item: { ...doneKey(practiceId, clientId, assignment.id as string, occurrence.key), entity: 'AssessmentDone', responseId: id, at }, ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: Practice,
        ConditionExpression: 'attribute_not_exists(PK)',
        Item: {
          ...responseKey(practiceId, clientId, at, id), entity: 'AssessmentResponse', id, practiceId, clientId, therapistId, instrumentId: instrument.id, assignmentId: assignment.id,
          occurrence: occurrence.key, submittedAt: at, submittedBy, answers, status: result.status, score: result.score, band: result.band?.code ?? null, alerts: result.alerts,
          baseline: baseline ?? result.score, change: outcome.change, response: outcome.response, remission: outcome.remission, reliableChange: outcome.reliable, alertId,
        },
      },
    },
    // The assignment's last answered occurrence: the population page's overdue list reads it.
    { Update: { TableName: Practice, Key: assignmentKey(practiceId, clientId, assignment.id as string), UpdateExpression: 'SET lastDoneOccurrence = :o, lastDoneAt = :at', ExpressionAttributeValues: { ':o': occurrence.key, ':at': at } } },
    ...updates.map(counterUpdate),
    ...extra,
  ];
  if (result.score !== null && latest) {
    // The client × instrument item: the baseline (first scored response) and the latest as counted.
    const version = typeof baselineItem?.version === 'number' ? baselineItem.version : 0;
    items.push({
      Put: {
        TableName: Practice,
        Item: {
          ...baselineKey(practiceId, clientId, instrument.id), entity: 'AssessmentBaseline', clientId, instrumentId: instrument.id, therapistId,
          score: baselineItem ? baselineItem.score : result.score, responseId: baselineItem ? baselineItem.responseId : id, at: baselineItem ? baselineItem.at : at,
          latest, latestScore: result.score, latestAt: at, version: version + 1,
          // The dashboard's "scores worsened": a sparse index of the clients whose latest is reliably worse (gone once it is not).
          ...(latest.direction === 'worse' ? worsenedKeys(practiceId, clientId, instrument.id, at) : {}),
        },
        ...(baselineItem === null ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: version ? 'version = :v' : 'attribute_not_exists(version)', ...(version ? { ExpressionAttributeValues: { ':v': version } } : {}) }),
      },
    });
  }
  if (alertId) {
    items.push({
      Put: {
        TableName: Practice,
        Item: { ...alertKey(practiceId, alertId), entity: 'RiskAlert', id: alertId, practiceId, clientId, therapistId, instrumentId: instrument.id, responseId: id, reasons: result.alerts, raisedAt: at, state: 'open' },
      },
    });
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') refuse('alreadySubmitted', 'ValidationError', 'assignmentId');
    throw error;
  }
  await dynamo().send(new DeleteCommand({ TableName: Practice, Key: draftKey(practiceId, clientId, assignment.id as string, occurrence.key) }));
  if (alertId) {
    await notifyClinician(practiceId, therapistId, send);
    // The live event (onRiskAlert): the clinician's console shows the alert without a reload.
    await publishMutation(PUBLISH_ALERT, { p: practiceId, t: therapistId, a: alertId, r: at }, 'assessments');
  }
  return { responseId: id, status: result.status, alertId, crisisText: alertId ? CRISIS_TEXT : null };
}

/** The IAM-only mutation behind onRiskAlert: every field the subscription filters on is selected (AppSync publishes the selection). */
const PUBLISH_ALERT = 'mutation PublishRiskAlert($p: ID!, $t: ID!, $a: ID!, $r: AWSDateTime!) { publishRiskAlert(practiceId: $p, therapistId: $t, alertId: $a, raisedAt: $r) { practiceId therapistId alertId raisedAt } }';

/** The client's clinician (their membership's e-mail, Directory `U#<sub>`): "A client response needs your review". */
async function notifyClinician(practiceId: string, therapistId: string, send: Notifier): Promise<void> {
  const member = await getItem(membershipKey(therapistId), 'DIRECTORY_TABLE');
  const email = typeof member?.email === 'string' ? member.email : null;
  if (email && member?.practiceId === practiceId) await send.sendEmail(email, ALERT_NOTICE.subject, ALERT_NOTICE.body);
}
