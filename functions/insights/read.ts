/**
 * The insights Lambda's reads (issue 13): Queries and GetItems through the existing domains' own
 * data access — the assessments' month counters and schedules (Practice table, one range each), a
 * client's responses (one range), their shares and DBT entries (functions/companion/store.ts: one
 * Query for the shares, one per sharing DBT app), their homework (GSI1, one range). Never a Scan.
 */
import { queryAll, type Item } from '../shared/dynamo-read.ts';
import { table } from '../shared/aws.ts';
import { queryEntries, sharesOfClient } from '../companion/store.ts';
import { canPracticeRead } from '../../domain/companion/sharing.ts';
import type { CompanionApp } from '../../domain/companion/apps.ts';
import type { StoredEntry } from '../../domain/companion/stats.ts';
import { COUNTER_PREFIX } from '../../domain/assessments/population.ts';
import { responsePrefix } from '../../domain/assessments/items.ts';
import { homeworkPrefix } from '../../domain/companion/homework.ts';
import type { AssignmentRow, CounterRow, HomeworkRow, ResponseRow } from '../../domain/insights/series.ts';

const PRACTICE = () => table('PRACTICE_TABLE');
const partition = (practiceId: string) => 'P#' + practiceId;

/** The apps whose diary cards and skills the insights draw (the ones that record urges). */
export const DIARY_APPS: CompanionApp[] = ['DBT_COACH', 'DBT_DAILY'];

/** The month counters: the practice's (clinicianId null) or one clinician's — one Query range. */
export async function monthCounters(practiceId: string, clinicianId: string | null): Promise<CounterRow[]> {
  const items = await queryAll({
    TableName: PRACTICE(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': partition(practiceId), ':p': clinicianId ? `${COUNTER_PREFIX}T#${clinicianId}#` : COUNTER_PREFIX },
    ProjectionExpression: 'SK, instrumentId, #month, clients, responses, scored, scoreSum',
    ExpressionAttributeNames: { '#month': 'month' },
  });
  // The practice's range also holds every clinician's rows (AssessCount#T#…): those are left out.
  return items.filter((i) => clinicianId !== null || !(i.SK as string).startsWith(COUNTER_PREFIX + 'T#')) as unknown as CounterRow[];
}

/** Every assignment (stopped ones too: their past occurrences were due) — one Query range, projected. */
export async function assignments(practiceId: string, clinicianId: string | null): Promise<AssignmentRow[]> {
  return (await queryAll({
    TableName: PRACTICE(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': partition(practiceId), ':p': 'Assess#', ...(clinicianId ? { ':c': clinicianId } : {}) },
    ...(clinicianId ? { FilterExpression: 'therapistId = :c' } : {}),
    ProjectionExpression: 'instrumentId, schedule, stoppedAt',
  })) as unknown as AssignmentRow[];
}

/** A client's responses submitted from `from` to `to` (days, inclusive) — one Query range. */
export async function responses(practiceId: string, clientId: string, from: string, to: string): Promise<ResponseRow[]> {
  const prefix = responsePrefix(clientId);
  return (await queryAll({
    TableName: PRACTICE(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partition(practiceId), ':from': prefix + from, ':to': prefix + to + '~' },
    ProjectionExpression: 'instrumentId, submittedAt, score',
  })) as unknown as ResponseRow[];
}

/** A client's homework items due from `from` to `to` — one Query on the client index. */
export async function homework(practiceId: string, clientId: string, from: string, to: string): Promise<HomeworkRow[]> {
  return (await queryAll({
    TableName: PRACTICE(), IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partition(practiceId) + '#C#' + clientId, ':from': homeworkPrefix + from, ':to': homeworkPrefix + to + '~' },
  })).map((i: Item) => ({ dueDate: i.dueDate as string, state: i.state as string }));
}

/**
 * A client's diary cards and skills from the DBT apps they share with the practice now (a stopped
 * share reads nothing): the shares (one Query), then one range per sharing app.
 */
export async function diaryEntries(practiceId: string, clientId: string, from: string, to: string): Promise<{ entries: StoredEntry[]; apps: CompanionApp[] }> {
  const shares = (await sharesOfClient(practiceId, clientId)).filter((s) => DIARY_APPS.indexOf(s.app) >= 0 && canPracticeRead(s.state) && !!s.clientSub);
  const pages = await Promise.all(shares.map((s) => queryEntries({ sub: s.clientSub as string, app: s.app, from, to })));
  return { entries: pages.flatMap((p) => p.items), apps: shares.map((s) => s.app) };
}
