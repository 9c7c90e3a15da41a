/**
 * The clinician's side of homework (issue 14): the library and Assign or Schedule (a client or a
 * group; once or on a schedule; every occurrence stored as its own item, on its client's, group's
 * and clinician's indexes). The list: list.ts. Reach: reach.ts.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { Refusal } from '../shared/refusal.ts';
import { dynamo } from '../shared/aws.ts';
import { clientKey } from '../../domain/client.ts';
import { HOMEWORK_LIBRARY } from '../../domain/companion/homework-library.ts';
import { HOMEWORK_MESSAGES, assignmentKey, homeworkIndexes, homeworkItemKey, homeworkState, newItemId, occurrencesOf, readHomeworkInput } from '../../domain/companion/homework.ts';
import { writeAll } from './group-members.ts';
import { reachOf, reachesClient, type MemberCaller } from './reach.ts';
import { PRACTICE, clientName, clientsById, getItem, practiceToday, refuse, type Item } from './store.ts';

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
        ...homeworkItemKey(caller.practiceId, id), ...homeworkIndexes(caller.practiceId, id, client.id as string, (client.therapistId as string | undefined) ?? null, groupId),
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
