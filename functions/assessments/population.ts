/**
 * The population page's one call (issue 13, /app/assessments/population): the practice's — or an
 * own-only clinician's — measured clients now (the current-state counters), the months of the range
 * (month counters), per clinician, and the overdue assessments, with filters clinician, instrument
 * and a month range. Queries only, whatever the practice's size (domain/assessments/population.ts):
 * the counters (one partition range, a few hundred small items), the state (one range), the active
 * assignments (one range, filtered), the practice's zone (GetItem) and the overdue clients' names
 * (one BatchGet of at most 100). Audited: the overdue list names clients.
 */
import { BatchGetCommand, QueryCommand, type BatchGetCommandOutput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { clientScope } from '../../domain/permissions.ts';
import { clientKey } from '../../domain/client.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { instrumentById } from '../../domain/assessments/instruments.ts';
import { COUNTER_PREFIX, MONTH, STATE_PREFIX, monthsBefore, overdueOccurrence } from '../../domain/assessments/population.ts';
import type { Schedule } from '../../domain/assessments/schedule.ts';
import { Refusal } from '../shared/refusal.ts';
import { cachedPracticeTimezone, clientDisplayName, type Item } from './store.ts';
import type { Answer, MemberEvent } from './member.ts';

/** The most months one page shows, and the most overdue rows it names. */
export const MAX_MONTHS = 36;
export const MAX_OVERDUE_ROWS = 100;

const FIELDS = ['clients', 'responses', 'scored', 'scoreSum', 'followUps', 'improved', 'unchanged', 'worse', 'responded', 'remitted', 'changeSum', 'alerts'] as const;
type Row = { instrumentId: string; month: string | null; clinicianId: string | null } & Record<(typeof FIELDS)[number], number>;

const bad = (message: string, field: string): never => {
  throw new Refusal(message, 'ValidationError', [{ field, reason: 'format' }]);
};

/** Every page of one Query (the counters and the assignments stay a few pages: small items). */
async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: table('PRACTICE_TABLE'), ...input, ...(start ? { ExclusiveStartKey: start } : {}) }));
    out.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

const range = (practiceId: string, prefix: string) => ({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':p': prefix } });

function rowOf(item: Item, month: string | null, clinicianId: string | null): Row {
  const row = { instrumentId: item.instrumentId as string, month, clinicianId } as Row;
  for (const f of FIELDS) row[f] = 0;
  return addInto(row, item, item.followed);
}

function addInto(row: Row, item: Item, followed?: unknown): Row {
  for (const f of FIELDS) row[f] += typeof item[f] === 'number' ? item[f] : 0;
  if (typeof followed === 'number') row.followUps += followed;
  return row;
}

/** The practice's (or a clinician's) active assignments: one Query range, stopped ones filtered out, projected. */
export function activeAssignments(practiceId: string, clinicianId: string | null): Promise<Item[]> {
  return queryAll({
    ...range(practiceId, 'Assess#'),
    FilterExpression: clinicianId ? 'attribute_not_exists(stoppedAt) AND therapistId = :c' : 'attribute_not_exists(stoppedAt)',
    ExpressionAttributeValues: { ...range(practiceId, 'Assess#').ExpressionAttributeValues, ...(clinicianId ? { ':c': clinicianId } : {}) },
    ProjectionExpression: 'id, clientId, therapistId, instrumentId, schedule, lastDoneOccurrence',
  });
}

/** The overdue ones, oldest first: the first `limit` and how many in all. */
export function overdueOf(assignments: Item[], instrumentOk: (id: unknown) => boolean, today: string, limit: number) {
  const all = assignments
    .filter((a) => instrumentOk(a.instrumentId))
    .map((a) => ({ a, dueSince: overdueOccurrence(a.schedule as Schedule, (a.lastDoneOccurrence as string | undefined) ?? null, today) }))
    .filter((x): x is { a: Item; dueSince: string } => x.dueSince !== null)
    .sort((x, y) => x.dueSince.localeCompare(y.dueSince));
  return { shown: all.slice(0, limit), total: all.length };
}

/** Clients' display names: one BatchGet (at most 100 ids), unprocessed keys tried up to three times. */
export async function clientNames(practiceId: string, clientIds: string[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  let keys: Record<string, unknown>[] | undefined = clientIds.slice(0, 100).map((id) => clientKey(practiceId, id));
  for (let attempt = 0; attempt < 3 && keys?.length; attempt += 1) {
    const out: BatchGetCommandOutput = await dynamo().send(new BatchGetCommand({ RequestItems: { [table('PRACTICE_TABLE')]: { Keys: keys, ProjectionExpression: 'SK, personalDetail' } } }));
    for (const c of (out.Responses?.[table('PRACTICE_TABLE')] ?? []) as Item[]) names.set((c.SK as string).slice('Client#'.length), clientDisplayName(c));
    keys = out.UnprocessedKeys?.[table('PRACTICE_TABLE')]?.Keys;
  }
  return names;
}

export function readFilters(args: Record<string, unknown>, thisMonth: string) {
  const to = args.to ?? thisMonth;
  if (typeof to !== 'string' || !MONTH.test(to)) bad('Enter the last month as YYYY-MM.', 'to');
  const from = args.from ?? monthsBefore(to as string, 11);
  if (typeof from !== 'string' || !MONTH.test(from)) bad('Enter the first month as YYYY-MM.', 'from');
  if ((from as string) > (to as string)) bad('The first month must be on or before the last month.', 'from');
  if (monthsBefore(to as string, MAX_MONTHS - 1) > (from as string)) bad(`Choose at most ${MAX_MONTHS} months.`, 'from');
  const instrumentId = args.instrumentId ?? null;
  if (instrumentId !== null && !instrumentById(instrumentId)) bad('That assessment is not available.', 'instrumentId');
  const clinicianId = args.clinicianId ?? null;
  if (clinicianId !== null && (typeof clinicianId !== 'string' || clinicianId.length === 0 || clinicianId.length > 64 || clinicianId.includes('#'))) bad('Choose a clinician from the list.', 'clinicianId');
  return { from: from as string, to: to as string, instrumentId: instrumentId as string | null, clinicianId: clinicianId as string | null };
}

export async function population(event: MemberEvent, now: Date): Promise<Answer> {
  const { practiceId, sub, roles } = event.caller;
  const timezone = await cachedPracticeTimezone(practiceId);
  const today = localDate(now.getTime(), timezone);
  const filters = readFilters(event.args, today.slice(0, 7));
  // Own-only roles (clinicianBasic…) see their own clients' figures whatever they ask for.
  const clinicianId = clientScope(roles) === 'own' ? sub : filters.clinicianId;
  const instrumentOk = (id: unknown) => filters.instrumentId === null || id === filters.instrumentId;
  const inRange = (month: unknown) => typeof month === 'string' && month >= filters.from && month <= filters.to;

  const [counters, states, assignments] = await Promise.all([
    queryAll({ ...range(practiceId, clinicianId ? `${COUNTER_PREFIX}T#${clinicianId}#` : COUNTER_PREFIX) }),
    queryAll({ ...range(practiceId, clinicianId ? `${STATE_PREFIX}T#${clinicianId}#` : STATE_PREFIX) }),
    activeAssignments(practiceId, clinicianId),
  ]);

  const isClinicianItem = (item: Item) => typeof item.therapistId === 'string' && (item.SK as string).includes('#T#');
  const current: Row[] = [];
  for (const s of states) {
    if (!instrumentOk(s.instrumentId)) continue;
    // The practice's rows (or, filtered, the clinician's as the headline) and one row per clinician.
    if (!clinicianId && !isClinicianItem(s)) current.push(rowOf(s, null, null));
    if (isClinicianItem(s)) current.push(rowOf(s, null, s.therapistId as string));
  }
  const months: Row[] = [];
  const byClinician = new Map<string, Row>();
  for (const c of counters) {
    if (!instrumentOk(c.instrumentId) || !inRange(c.month)) continue;
    if (isClinicianItem(c)) {
      const key = `${c.therapistId as string}#${c.instrumentId as string}`;
      const row = byClinician.get(key);
      // Clients per month are distinct in that month only: over a range they are not summed.
      if (row) addInto(row, { ...c, clients: 0 });
      else byClinician.set(key, rowOf({ ...c, clients: 0 }, null, c.therapistId as string));
      if (clinicianId) months.push(rowOf(c, c.month as string, c.therapistId as string));
    } else if (!clinicianId) months.push(rowOf(c, c.month as string, null));
  }
  months.sort((a, b) => (a.month as string).localeCompare(b.month as string) || a.instrumentId.localeCompare(b.instrumentId));

  const { shown, total } = overdueOf(assignments, instrumentOk, today, MAX_OVERDUE_ROWS);
  const clientIds = [...new Set(shown.map((x) => x.a.clientId as string))];
  const names = await clientNames(practiceId, clientIds);
  const overdue = shown.map(({ a, dueSince }) => ({ clientId: a.clientId, clientName: names.get(a.clientId as string) ?? null, therapistId: a.therapistId, instrumentId: a.instrumentId, assignmentId: a.id, dueSince }));
  return {
    data: { from: filters.from, to: filters.to, clinicianId, instrumentId: filters.instrumentId, current, months, clinicians: [...byClinician.values()], overdue, overdueTotal: total },
    audit: { action: 'assessment.population', entityType: 'Client', entityId: null, entityIds: clientIds },
  };
}
