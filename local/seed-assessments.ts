/**
 * Demo measurement-based care (issue 13), seeded once with the practice (local/seed.ts): weekly
 * PHQ-9 and GAD-7 for several demo clients over the last 16 weeks — Avery and Casey improving,
 * Jordan steady (their GAD-7 left unanswered these two weeks: overdue), Morgan worsening, Riley
 * improving since 8 weeks — scored by the domain's own scoring, with their baselines and latest,
 * the practice's and clinicians' monthly counters and current state (domain/assessments/population.ts),
 * one open risk alert (Morgan's latest PHQ-9, item 9 = 1) and each assignment's reminder clock. Items have the shapes the
 * assessments Lambda writes (functions/assessments/store.ts).
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GAD7, PHQ9 } from '../domain/assessments/instruments.ts';
import type { Instrument } from '../domain/assessments/questionnaire.ts';
import { scoreResponse, type Answers } from '../domain/assessments/scoring.ts';
import { outcomeOf } from '../domain/assessments/outcome.ts';
import { nthDate } from '../domain/assessments/schedule.ts';
import { alertKey, assignmentKey, baselineKey, doneKey, responseKey } from '../domain/assessments/items.ts';
import { applyUpdates, populationUpdates, worsenedKeys, type Latest } from '../domain/assessments/population.ts';
import { reminderClockKey, reminderDueKeys } from '../domain/assessments/reminders.ts';

const WEEKS = 16;
const DAY = 86_400_000;

/** Total score per week, first to last, for each client (PHQ-9 then GAD-7). */
const TRAJECTORIES: { first: string; weeks?: number; gad7Unanswered?: number; phq9: (w: number) => number; gad7: (w: number) => number }[] = [
  { first: 'Avery', phq9: (w) => Math.max(3, 18 - w), gad7: (w) => Math.max(2, 14 - Math.floor(w * 0.8)) },
  { first: 'Casey', phq9: (w) => Math.max(6, 15 - Math.floor(w / 2)), gad7: (w) => Math.max(4, 12 - Math.floor(w / 2)) },
  { first: 'Jordan', gad7Unanswered: 2, phq9: (w) => 8 + (w % 3), gad7: (w) => 6 + (w % 2) },
  { first: 'Morgan', phq9: (w) => Math.min(22, 7 + w), gad7: (w) => Math.min(19, 6 + Math.floor(w * 0.8)) },
  { first: 'Riley', weeks: 8, phq9: (w) => Math.max(4, 13 - w), gad7: (w) => Math.max(3, 11 - w) },
];

/** Answers reaching `total` on the instrument's scored items, item 9 (PHQ-9) kept at `item9`. */
function answersFor(instrument: Instrument, total: number, item9 = 0): Answers {
  const out: Answers = {};
  let left = total - item9;
  for (const item of instrument.item.filter((i) => i.scored)) {
    if (instrument.id === 'PHQ9' && item.linkId === '9') continue;
    const v = Math.min(3, Math.max(0, left));
    out[item.linkId] = v;
    left -= v;
  }
  if (instrument.id === 'PHQ9') out['9'] = item9;
  return out;
}

export async function seedDemoAssessments(db: DynamoDBDocumentClient, practiceTable: string, practiceId: string, now = new Date()): Promise<void> {
  const out = await db.send(new QueryCommand({ TableName: practiceTable, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :client)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':client': 'Client#' } }));
  const clients = (out.Items ?? []) as { id: string; therapistId: string; personalDetail: { first: string } }[];
  const counters = new Map<string, Record<string, unknown>>();
  const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: practiceTable, Item }));
  let n = 0;
  for (const trajectory of TRAJECTORIES) {
    const client = clients.find((c) => c.personalDetail?.first === trajectory.first);
    if (!client) continue;
    const weeks = trajectory.weeks ?? WEEKS;
    const startDate = new Date(now.getTime() - (weeks - 1) * 7 * DAY).toISOString().slice(0, 10);
    for (const instrument of [PHQ9, GAD7]) {
      n += 1;
      const assignmentId = `${Date.parse(startDate)}-${n.toString(16).padStart(8, '0')}`;
      const schedule = { frequency: 'weekly' as const, startDate, endDate: null };
      const answered = weeks - (instrument === GAD7 ? (trajectory.gad7Unanswered ?? 0) : 0);
      let baseline: number | null = null;
      let latest: Latest | null = null;
      let lastDone: { occurrence: string; at: string } | null = null;
      let first: { score: number; responseId: string; at: string } | null = null;
      for (let w = 0; w < answered; w += 1) {
        const occurrence = nthDate(schedule, w);
        // The latest week answered an hour ago at the latest.
        const at = new Date(Math.min(Date.parse(`${occurrence}T18:00:00.000Z`), now.getTime() - 3_600_000));
        const total = instrument === PHQ9 ? trajectory.phq9(w) : trajectory.gad7(w);
        const alerting = instrument === PHQ9 && trajectory.first === 'Morgan' && w === weeks - 1;
        const answers = answersFor(instrument, total, alerting ? 1 : 0);
        const result = scoreResponse(instrument, answers);
        const score = result.score as number;
        const followUp = baseline !== null;
        baseline ??= score;
        const outcome = outcomeOf(instrument, baseline, score);
        const submittedAt = at.toISOString();
        const id = `${at.getTime()}-${(n * 100 + w).toString(16).padStart(8, '0')}`;
        const alertId = alerting ? id : null;
        await put({
          ...responseKey(practiceId, client.id, submittedAt, id), entity: 'AssessmentResponse', id, practiceId, clientId: client.id, therapistId: client.therapistId, instrumentId: instrument.id, assignmentId,
          occurrence, submittedAt, submittedBy: 'assessment-link', answers, status: result.status, score, band: result.band?.code ?? null, alerts: result.alerts,
          baseline, change: outcome.change, response: outcome.response, remission: outcome.remission, reliableChange: outcome.reliable, alertId,
        });
        await put({ ...doneKey(practiceId, client.id, assignmentId, occurrence), entity: 'AssessmentDone', responseId: id, at: submittedAt });
        if (alertId) {
          await put({ ...alertKey(practiceId, alertId), entity: 'RiskAlert', id: alertId, practiceId, clientId: client.id, therapistId: client.therapistId, instrumentId: instrument.id, responseId: id, reasons: result.alerts, raisedAt: submittedAt, state: 'open' });
        }
        const month = submittedAt.slice(0, 7);
        const band = result.band?.code ?? 'incomplete';
        const moved = populationUpdates({ practiceId, therapistId: client.therapistId, instrumentId: instrument.id, month, band, score, alert: !!alertId, outcome, followUp }, latest);
        applyUpdates(counters, moved.updates);
        latest = moved.latest;
        if (w === 0) first = { score, responseId: id, at: submittedAt };
        lastDone = { occurrence, at: submittedAt };
      }
      const latestScore = first && latest ? first.score + latest.change : null;
      await put({
        ...baselineKey(practiceId, client.id, instrument.id), entity: 'AssessmentBaseline', clientId: client.id, instrumentId: instrument.id, therapistId: client.therapistId, ...first,
        latest, latestScore, latestAt: lastDone?.at, version: answered, ...(latest?.direction === 'worse' && lastDone ? worsenedKeys(practiceId, client.id, instrument.id, lastDone.at) : {}),
      });
      await put({
        ...assignmentKey(practiceId, client.id, assignmentId), entity: 'AssessmentAssignment', id: assignmentId, practiceId, clientId: client.id, therapistId: client.therapistId, instrumentId: instrument.id, schedule, delivery: 'link',
        createdAt: `${startDate}T09:00:00.000Z`, createdBy: practiceId, version: 1, lastDoneOccurrence: lastDone?.occurrence, lastDoneAt: lastDone?.at,
      });
      // Its reminder clock, looked at on the scheduled job's first run (Jordan's unanswered GAD-7 gets its reminder).
      await put({ ...reminderClockKey(practiceId, client.id, assignmentId), entity: 'AssessmentReminderClock', practiceId, clientId: client.id, assignmentId, reminded: null, ...reminderDueKeys(now.toISOString(), practiceId, client.id, assignmentId) });
    }
  }
  for (const item of counters.values()) await put(item);
}
