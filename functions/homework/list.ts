/**
 * The homework list (issue 14): assigned / done / overdue in the caller's reach, latest due first,
 * filters by client, group, state and due dates, 20 a page. Every page is full unless the list ends:
 * the items are read from indexes already scoped to the reach — the practice's partition (client.all),
 * one client (GSI1), one group (GSI2), or for a caller who reaches part of the practice the union of
 * their own clients' items (GSI3 by clinician), the groups they facilitate (GSI2) and those groups'
 * members (GSI1) — merged newest first; only the state filter is applied after reading, so the merge
 * keeps reading until 20 or the end, within a bound on requests (then a shorter page and a token).
 * The cursor is the last item's id, sealed to the caller, the field and the filters by the resolver.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientKey } from '../../domain/client.ts';
import { dateValue } from '../../domain/assessments/schedule.ts';
import { groupKey } from '../../domain/companion/groups.ts';
import { clinicianHomeworkPartition, groupPartition, HOMEWORK_STATES, homeworkPrefix, homeworkState, isItemId, type HomeworkState } from '../../domain/companion/homework.ts';
import { INVALID_PAGE_TOKEN } from '../../resolvers/shared/page-token.ts';
import { itemView } from './assign.ts';
import { reachOf, reachesClient, reachesItem, type MemberCaller, type Reach } from './reach.ts';
import { PRACTICE, batchGet, clientsById, getItem, practiceToday, refuse, type Item } from './store.ts';

export const PAGE = 20;
/** Requests a page may make beyond one per source before it answers with what it found. */
const EXTRA_REQUESTS = 40;

/** One index partition's homework, newest first, read a page at a time. */
class Source {
  private buffer: Item[] = [];
  private start: Item | undefined;
  done = false;
  constructor(private readonly input: QueryCommandInput) {}

  /** The next item without taking it (reads a page when the buffer is empty); null at the end. */
  async peek(budget: { requests: number }): Promise<Item | null> {
    while (this.buffer.length === 0 && !this.done) {
      if (budget.requests <= 0) return null;
      budget.requests -= 1;
      const out = await dynamo().send(new QueryCommand({ ...this.input, ExclusiveStartKey: this.start }));
      this.buffer = (out.Items ?? []) as Item[];
      this.start = out.LastEvaluatedKey as Item | undefined;
      if (!this.start) this.done = true;
    }
    return this.buffer[0] ?? null;
  }

  take(): Item {
    return this.buffer.shift() as Item;
  }

  get exhausted(): boolean {
    return this.done && this.buffer.length === 0;
  }
}

function source(index: 'table' | 'GSI1' | 'GSI2' | 'GSI3', pk: string, from: string, to: string): Source {
  const names: Record<string, [string, string]> = { table: ['PK', 'SK'], GSI1: ['GSI1PK', 'GSI1SK'], GSI2: ['GSI2PK', 'GSI2SK'], GSI3: ['GSI3PK', 'GSI3SK'] };
  const [p, s] = names[index];
  return new Source({
    TableName: PRACTICE(), ...(index === 'table' ? { ConsistentRead: true } : { IndexName: index }), ScanIndexForward: false, Limit: 50,
    KeyConditionExpression: `${p} = :pk AND ${s} BETWEEN :from AND :to`,
    ExpressionAttributeValues: { ':pk': pk, ':from': homeworkPrefix + from, ':to': homeworkPrefix + to },
  });
}

/** The partitions that hold exactly a partial reach: own clients' items, facilitated groups' items, their members' items. */
function reachSources(caller: MemberCaller, reach: Reach, from: string, to: string): Source[] {
  const p = caller.practiceId;
  return [
    ...(reach.clients ? [source('GSI3', clinicianHomeworkPartition(p, caller.sub), from, to)] : []),
    ...reach.groups.map((g) => source('GSI2', groupPartition(p, g.id as string), from, to)),
    ...Array.from(reach.groupMembers).map((c) => source('GSI1', p + '#C#' + c, from, to)),
  ];
}

const optionalId = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 100 || value.indexOf('#') >= 0) refuse(field === 'clientId' ? 'Client not found' : 'Group not found.', 'NotFound', field, 'unknown');
  return value as string;
};
const optionalDay = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (dateValue(value) === null) refuse('Choose a valid date.', 'ValidationError', field);
  return value as string;
};

export async function list(caller: MemberCaller, args: Item, cursor: string | null, now: Date): Promise<{ data: Item; audit: Item }> {
  const clientId = optionalId(args.clientId, 'clientId');
  const groupId = optionalId(args.groupId, 'groupId');
  const state = args.state === undefined || args.state === null ? null : (args.state as HomeworkState);
  if (state !== null && HOMEWORK_STATES.indexOf(state) < 0) refuse('Choose assigned, done or overdue.', 'ValidationError', 'state');
  const from = optionalDay(args.from, 'from') ?? '0000-00-00';
  const last = (optionalDay(args.to, 'to') ?? '9999-99-99') + '~';
  if (cursor !== null && !isItemId(cursor)) throw new Refusal(INVALID_PAGE_TOKEN, 'ValidationError', [{ field: 'nextToken', reason: 'format' }]);
  // After a cursor, every source starts at it (inclusive: the item itself is skipped below).
  const to = cursor !== null && cursor < last ? cursor : last;
  const reach = await reachOf(caller);
  const today = await practiceToday(caller.practiceId, now);
  let sources: Source[];
  if (clientId) {
    if (!reachesClient(reach, caller, await getItem(PRACTICE(), clientKey(caller.practiceId, clientId)))) refuse('Client not found', 'NotFound', 'clientId', 'unknown');
    sources = [source('GSI1', 'P#' + caller.practiceId + '#C#' + clientId, from, to)];
  } else if (groupId) {
    if (!reach.groups.some((g) => g.id === groupId)) refuse('Group not found.', 'NotFound', 'groupId', 'unknown');
    sources = [source('GSI2', groupPartition(caller.practiceId, groupId), from, to)];
  } else {
    sources = reach.all ? [source('table', 'P#' + caller.practiceId, from, to)] : reachSources(caller, reach, from, to);
  }
  const budget = { requests: sources.length + EXTRA_REQUESTS };
  const found: Item[] = [];
  const seen = new Set<string>();
  let next: string | null = null;
  let lastExamined: string | null = null;
  for (;;) {
    // The newest head among the sources (ids sort by due date, then random hex).
    let best: Source | null = null;
    let bestId = '';
    let starved = false;
    for (const s of sources) {
      const head = await s.peek(budget);
      if (head === null) {
        if (!s.exhausted) starved = true;
        continue;
      }
      if (best === null || (head.id as string) > bestId) { best = s; bestId = head.id as string; }
    }
    if (starved) { next = lastExamined; break; } // the request bound: answer what was found, go on from here
    if (best === null) break; // every source is at its end
    const item = best.take();
    const id = item.id as string;
    if (seen.has(id) || (cursor !== null && id >= cursor)) continue;
    seen.add(id);
    if (!reachesItem(reach, caller, item) || (state !== null && homeworkState(item as never, today) !== state)) { lastExamined = id; continue; }
    if (found.length === PAGE) { next = found[PAGE - 1].id as string; break; } // one more exists: the page is full and the list goes on
    found.push(item);
    lastExamined = id;
  }
  const clients = await clientsById(caller.practiceId, found.map((i) => i.clientId as string));
  const groupIds = Array.from(new Set(found.map((i) => i.groupId as string).filter(Boolean)));
  const groups = new Map((await batchGet(PRACTICE(), groupIds.map((g) => groupKey(caller.practiceId, g)))).map((g) => [g.id as string, g]));
  return {
    data: { items: found.map((i) => itemView(i, today, { clients, groups })), nextToken: next },
    audit: { action: 'homework.list', entityType: clientId ? 'Client' : groupId ? 'Group' : 'Homework', entityId: clientId ?? groupId ?? null, entityIds: found.map((i) => i.id as string) },
  };
}
