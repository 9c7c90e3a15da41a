/**
 * The clinician's side of homework (issue 14): the library, Assign or Schedule (a client or a
 * group; once or on a schedule; every occurrence stored as its own item), and the homework list
 * (assigned / done / overdue, filters by client, group, state and due dates; 20 a page; the cursor
 * is the last item's id, sealed to the caller and the filters by the resolver). Reach: reach.ts.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientKey } from '../../domain/client.ts';
import { dateValue } from '../../domain/assessments/schedule.ts';
import { HOMEWORK_LIBRARY } from '../../domain/companion/homework-library.ts';
import { groupKey } from '../../domain/companion/groups.ts';
import {
  HOMEWORK_MESSAGES, HOMEWORK_STATES, assignmentKey, homeworkClientIndex, homeworkGroupIndex, homeworkItemKey, homeworkPrefix, homeworkState, groupPartition,
  isItemId, newItemId, occurrencesOf, readHomeworkInput, type HomeworkState,
} from '../../domain/companion/homework.ts';
import { INVALID_PAGE_TOKEN } from '../../resolvers/shared/page-token.ts';
import { writeAll } from './group-members.ts';
import { reachOf, reachesClient, reachesItem, type MemberCaller } from './reach.ts';
import { PRACTICE, batchGet, clientName, clientsById, getItem, practiceToday, refuse, type Item } from './store.ts';

export const PAGE = 20;
/** Items a list request examines at most before it answers with what it found and a cursor. */
const EXAMINE = 400;

export function libraryView(): Item[] {
  return HOMEWORK_LIBRARY.map((i) => ({ id: i.id, app: i.app, kind: i.kind, title: i.title, instructions: i.instructions, entryType: i.entryType }));
}

export function itemView(item: Item, today: string, names: { clients?: Map<string, Item>; groups?: Map<string, Item> } = {}): Item {
  return {
    id: item.id, clientId: item.clientId, clientName: names.clients ? clientName(names.clients.get(item.clientId as string)) : null,
    groupId: item.groupId ?? null, groupName: item.groupId && names.groups ? ((names.groups.get(item.groupId as string)?.name) ?? null) : null,
    app: item.app ?? null, libraryId: item.libraryId ?? null, kind: item.kind, title: item.title, instructions: item.instructions ?? null,
    opensOn: item.opensOn, dueDate: item.dueDate, state: homeworkState(item as { state: 'assigned' | 'done'; dueDate: string }, today),
    doneAt: item.doneAt ?? null, entryId: item.entryId ?? null, assignedAt: item.assignedAt,
  };
}

export async function assign(caller: MemberCaller, input: unknown, now: Date): Promise<{ data: Item; audit: Item }> {
  const today = await practiceToday(caller.practiceId, now);
  const read = readHomeworkInput(input, today);
  if ('problems' in read) throw new Refusal(read.message, 'ValidationError', read.problems.map((p) => ({ field: p.field, reason: p.reason })));
  const plan = read.plan;
  const reach = await reachOf(caller);
  let clients: Item[];
  let groupId: string | null = null;
  if ('clientId' in plan.target) {
    const client = await getItem(PRACTICE(), clientKey(caller.practiceId, plan.target.clientId));
    if (!reachesClient(reach, caller, client)) refuse('Client not found', 'NotFound', 'clientId', 'unknown');
    clients = [client as Item];
  } else {
    groupId = plan.target.groupId;
    const group = reach.groups.find((g) => g.id === groupId);
    if (!group) refuse('Group not found.', 'NotFound', 'groupId', 'unknown');
    clients = Array.from((await clientsById(caller.practiceId, ((group as Item).members as string[]) ?? [])).values());
    if (clients.length === 0) refuse(HOMEWORK_MESSAGES.groupEmpty, 'ValidationError', 'groupId');
  }
  const assignmentId = randomBytes(8).toString('hex');
  const at = now.toISOString();
  const occurrences = occurrencesOf(plan.schedule, plan.dueDays);
  const items: Item[] = [];
  for (const client of clients) {
    for (const o of occurrences) {
      const id = newItemId(o.dueDate, randomBytes(6).toString('hex'));
      items.push({
        ...homeworkItemKey(caller.practiceId, id), ...homeworkClientIndex(caller.practiceId, client.id as string, id),
        ...(groupId ? homeworkGroupIndex(caller.practiceId, groupId, id) : {}),
        entity: 'Homework', id, assignmentId, clientId: client.id, therapistId: client.therapistId ?? null, groupId,
        app: plan.library?.app ?? null, libraryId: plan.library?.id ?? null, kind: plan.library?.kind ?? 'TASK', entryType: plan.library?.entryType ?? null,
        title: plan.title, instructions: plan.instructions, opensOn: o.opensOn, dueDate: o.dueDate, state: 'assigned', assignedBy: caller.sub, assignedAt: at,
      });
    }
  }
  await dynamo().send(new PutCommand({
    TableName: PRACTICE(),
    Item: {
      ...assignmentKey(caller.practiceId, assignmentId), entity: 'HomeworkAssignment', id: assignmentId, groupId, clientIds: clients.map((c) => c.id),
      libraryId: plan.library?.id ?? null, title: plan.title, frequency: plan.frequency, schedule: plan.schedule, dueDays: plan.dueDays, count: items.length, assignedBy: caller.sub, assignedAt: at,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
  await writeAll(items.map((Item) => ({ PutRequest: { Item } })));
  const dues = occurrences.map((o) => o.dueDate);
  return {
    data: { id: assignmentId, count: items.length, clientIds: clients.map((c) => c.id), groupId, title: plan.title, firstDue: dues[0], lastDue: dues[dues.length - 1] },
    audit: { action: 'homework.assign', entityType: groupId ? 'Group' : 'Client', entityId: groupId ?? (clients[0].id), entityIds: items.map((i) => i.id as string) },
  };
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
  const to = optionalDay(args.to, 'to') ?? '9999-99-99';
  if (cursor !== null && !isItemId(cursor)) throw new Refusal(INVALID_PAGE_TOKEN, 'ValidationError', [{ field: 'nextToken', reason: 'format' }]);
  const reach = await reachOf(caller);
  const today = await practiceToday(caller.practiceId, now);
  const pk = 'P#' + caller.practiceId;
  const input: QueryCommandInput = { TableName: PRACTICE(), ScanIndexForward: false, Limit: 100 };
  const range = { ':from': homeworkPrefix + from, ':to': homeworkPrefix + to + '~' };
  let startOf: (id: string) => Item;
  if (clientId) {
    if (!reachesClient(reach, caller, await getItem(PRACTICE(), clientKey(caller.practiceId, clientId)))) refuse('Client not found', 'NotFound', 'clientId', 'unknown');
    Object.assign(input, { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk + '#C#' + clientId, ...range } });
    startOf = (id) => ({ ...homeworkItemKey(caller.practiceId, id), ...homeworkClientIndex(caller.practiceId, clientId, id) });
  } else if (groupId) {
    if (!reach.groups.some((g) => g.id === groupId)) refuse('Group not found.', 'NotFound', 'groupId', 'unknown');
    Object.assign(input, { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': groupPartition(caller.practiceId, groupId), ...range } });
    startOf = (id) => ({ ...homeworkItemKey(caller.practiceId, id), ...homeworkGroupIndex(caller.practiceId, groupId, id) });
  } else {
    Object.assign(input, { ConsistentRead: true, KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': pk, ...range } });
    startOf = (id) => homeworkItemKey(caller.practiceId, id);
  }
  const found: Item[] = [];
  let start: Item | undefined = cursor ? startOf(cursor) : undefined;
  let examined = 0;
  let next: string | null = null;
  while (found.length < PAGE) {
    const out = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    for (const item of (out.Items ?? []) as Item[]) {
      examined += 1;
      if (reachesItem(reach, caller, item) && (state === null || homeworkState(item as never, today) === state)) found.push(item);
      if (found.length === PAGE || examined >= EXAMINE) { next = item.id as string; break; }
    }
    if (next !== null || !out.LastEvaluatedKey) break;
    start = out.LastEvaluatedKey as Item;
  }
  if (next !== null && found.length === PAGE && examined < EXAMINE) {
    // A full page: is there anything after it? (the cursor is only handed out when the Query goes on)
    const more = await dynamo().send(new QueryCommand({ ...input, Limit: 1, ExclusiveStartKey: startOf(next) }));
    if ((more.Items ?? []).length === 0) next = null;
  }
  const clients = await clientsById(caller.practiceId, found.map((i) => i.clientId as string));
  const groupIds = Array.from(new Set(found.map((i) => i.groupId as string).filter(Boolean)));
  const groups = new Map((await batchGet(PRACTICE(), groupIds.map((g) => groupKey(caller.practiceId, g)))).map((g) => [g.id as string, g]));
  return {
    data: { items: found.map((i) => itemView(i, today, { clients, groups })), nextToken: next },
    audit: { action: 'homework.list', entityType: clientId ? 'Client' : groupId ? 'Group' : 'Homework', entityId: clientId ?? groupId ?? null, entityIds: found.map((i) => i.id as string) },
  };
}
