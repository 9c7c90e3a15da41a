/**
 * Groups on the clinician's side (issue 14): the groups a caller sees (with the practice's
 * clinicians and coordinators who may facilitate), create, editGroup(groupId, input) — the whole
 * group, guarded by its version; members added get the group's homework still to come, members who
 * left lose what has not opened (group-members.ts) — and a group's entries overview (per member: the apps they share
 * with the practice, last entry, last high urge, entry count; homework done / overdue / assigned to
 * the group). Who may change what: domain/companion/groups.ts; reach: reach.ts.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { isClinician } from '../../domain/permissions.ts';
import { GROUP_MESSAGES, coordinatorEditRefusal, groupKey, nextMeeting, readGroupInput, type GroupData } from '../../domain/companion/groups.ts';
import { groupPartition, homeworkPrefix, homeworkState } from '../../domain/companion/homework.ts';
import { followMembers } from './group-members.ts';
import { facilitates, reachOf, reachesClient, type MemberCaller, type Reach } from './reach.ts';
import { PRACTICE, clientName, clientsById, group as readGroup, practiceMembers, practiceToday, queryAll, refuse, type Item, type PracticeMember } from './store.ts';

const canFacilitate = (m: PracticeMember) => isClinician(m.roles) || m.groups.indexOf('coordinators') >= 0;

function canEdit(reach: Reach, caller: MemberCaller, g: Item): boolean {
  return reach.all || facilitates(g, caller.sub);
}

async function views(caller: MemberCaller, reach: Reach, groups: Item[], today: string, members?: PracticeMember[]): Promise<Item[]> {
  const people = members ?? (await practiceMembers(caller.practiceId));
  const clients = await clientsById(caller.practiceId, groups.flatMap((g) => (g.members as string[]) ?? []));
  return groups.map((g) => ({
    id: g.id, name: g.name, kind: g.kind, description: g.description ?? null,
    facilitators: ((g.facilitators as string[]) ?? []).map((sub) => ({ id: sub, name: people.find((p) => p.sub === sub)?.name ?? 'Former member' })),
    members: ((g.members as string[]) ?? []).filter((id) => clients.has(id)).map((id) => ({ id, name: clientName(clients.get(id)) })),
    meets: g.meets ?? null, nextMeeting: nextMeeting((g.meets as GroupData['meets']) ?? null, today), canEdit: canEdit(reach, caller, g), updatedAt: g.updatedAt,
  })).sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

export async function listGroups(caller: MemberCaller, now: Date): Promise<{ data: Item; audit: Item }> {
  const reach = await reachOf(caller);
  const people = await practiceMembers(caller.practiceId);
  const today = await practiceToday(caller.practiceId, now);
  const items = await views(caller, reach, reach.groups, today, people);
  return {
    data: { items, facilitatorOptions: people.filter(canFacilitate).map((p) => ({ id: p.sub, name: p.name })).sort((a, b) => a.name.localeCompare(b.name)) },
    audit: { action: 'group.list', entityType: 'Group', entityIds: items.map((g) => g.id as string) },
  };
}

/** Checks a group's data against who may be in it and what this caller may change. */
async function checkGroup(caller: MemberCaller, reach: Reach, data: GroupData, before: { facilitators: string[]; members: string[] }): Promise<void> {
  const people = await practiceMembers(caller.practiceId);
  if (data.facilitators.some((sub) => !people.some((p) => p.sub === sub && canFacilitate(p)))) refuse(GROUP_MESSAGES.facilitator, 'ValidationError', 'facilitators', 'unknown');
  if (!reach.clients) {
    const why = coordinatorEditRefusal(before, data);
    if (why) refuse(GROUP_MESSAGES[why], 'ValidationError', why === 'coordinatorMembers' ? 'members' : 'facilitators', 'unknown');
    return;
  }
  const added = data.members.filter((m) => before.members.indexOf(m) < 0);
  const clients = await clientsById(caller.practiceId, added);
  if (added.some((id) => !reachesClient(reach, caller, clients.get(id)))) refuse(GROUP_MESSAGES.member, 'ValidationError', 'members', 'unknown');
  // Someone who sees only the groups they facilitate keeps facilitating what they save.
  if (!reach.all && data.facilitators.indexOf(caller.sub) < 0) refuse(GROUP_MESSAGES.coordinatorFacilitators, 'ValidationError', 'facilitators', 'unknown');
}

function readInput(input: unknown, today: string): GroupData {
  const read = readGroupInput(input, today);
  if ('problems' in read) throw new Refusal(read.message, 'ValidationError', read.problems.map((p) => ({ field: p.field, reason: p.reason })));
  return read.group;
}

export async function createGroup(caller: MemberCaller, input: unknown, now: Date): Promise<{ data: Item; audit: Item }> {
  const today = await practiceToday(caller.practiceId, now);
  const data = readInput(input, today);
  const reach = await reachOf(caller);
  await checkGroup(caller, reach, data, { facilitators: reach.clients ? [] : [caller.sub], members: [] });
  const id = randomBytes(8).toString('hex');
  const at = now.toISOString();
  const item = { ...groupKey(caller.practiceId, id), entity: 'Group', id, ...data, version: 1, createdBy: caller.sub, createdAt: at, updatedAt: at };
  await dynamo().send(new PutCommand({ TableName: PRACTICE(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  const [view] = await views(caller, { ...reach, groups: [...reach.groups, item] }, [item], today);
  return { data: view, audit: { action: 'group.create', entityType: 'Group', entityId: id, entityIds: data.members } };
}

export async function editGroup(caller: MemberCaller, groupId: unknown, input: unknown, now: Date): Promise<{ data: Item; audit: Item }> {
  const today = await practiceToday(caller.practiceId, now);
  const data = readInput(input, today);
  const reach = await reachOf(caller);
  const id = typeof groupId === 'string' && groupId.length <= 100 && groupId.indexOf('#') < 0 ? groupId : '';
  const stored = id ? await readGroup(caller.practiceId, id) : null;
  if (!stored || !reach.groups.some((g) => g.id === id) || !canEdit(reach, caller, stored)) refuse(GROUP_MESSAGES.notFound, 'NotFound', 'groupId', 'unknown');
  const before = stored as Item;
  await checkGroup(caller, reach, data, { facilitators: (before.facilitators as string[]) ?? [], members: (before.members as string[]) ?? [] });
  const item = { ...before, ...data, version: (before.version as number) + 1, updatedAt: now.toISOString(), updatedBy: caller.sub };
  await dynamo().send(new PutCommand({ TableName: PRACTICE(), Item: item, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } }))
    .catch((err: Error) => {
      if (err.name === 'ConditionalCheckFailedException') throw new Refusal('This group was changed meanwhile; reload it and try again.', 'ConflictError');
      throw err;
    });
  // A member added gets the group's homework still to come; one who left loses what has not opened.
  const beforeMembers = (before.members as string[]) ?? [];
  const added = Array.from((await clientsById(caller.practiceId, data.members.filter((m) => beforeMembers.indexOf(m) < 0))).values());
  const homework = await followMembers(caller.practiceId, id, added, beforeMembers.filter((m) => data.members.indexOf(m) < 0), today, now);
  const [view] = await views(caller, reach, [item], today);
  return { data: view, audit: { action: 'group.edit', entityType: 'Group', entityId: id, entityIds: [...data.members, ...homework.given, ...homework.stopped] } };
}

export async function groupOverview(caller: MemberCaller, groupId: unknown, now: Date): Promise<{ data: Item; audit: Item }> {
  const reach = await reachOf(caller);
  const found = reach.groups.find((g) => g.id === groupId);
  if (!found) refuse(GROUP_MESSAGES.notFound, 'NotFound', 'groupId', 'unknown');
  const g = found as Item;
  const today = await practiceToday(caller.practiceId, now);
  const clients = await clientsById(caller.practiceId, (g.members as string[]) ?? []);
  const homework = await queryAll({
    TableName: PRACTICE(), IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :sk)', ExpressionAttributeValues: { ':pk': groupPartition(caller.practiceId, g.id as string), ':sk': homeworkPrefix },
  });
  const members: Item[] = [];
  for (const [clientId, client] of clients) {
    const shares = ((await dynamo().send(new QueryCommand({
      TableName: PRACTICE(), IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :sk)', ExpressionAttributeValues: { ':pk': 'P#' + caller.practiceId + '#C#' + clientId, ':sk': 'CompanionShare#' },
    }))).Items ?? []).filter((s) => s.state === 'sharing');
    const latest = (key: string) => shares.map((s) => s[key] as string | undefined).filter(Boolean).sort().pop() ?? null;
    const mine = homework.filter((h) => h.clientId === clientId && (h.opensOn as string) <= today);
    const count = (s: string) => mine.filter((h) => homeworkState(h as never, today) === s).length;
    members.push({
      clientId, name: clientName(client), apps: shares.map((s) => s.app), lastEntryDate: latest('lastEntryDate'), lastHighUrgeDate: latest('lastHighUrgeDate'),
      entryCount: shares.reduce((n, s) => n + ((s.entryCount as number) ?? 0), 0), homeworkDone: count('DONE'), homeworkOverdue: count('OVERDUE'), homeworkAssigned: count('ASSIGNED'),
    });
  }
  members.sort((a, b) => String(a.name).localeCompare(String(b.name)));
  return { data: { groupId: g.id, members }, audit: { action: 'group.overview', entityType: 'Group', entityId: g.id, entityIds: members.map((m) => m.clientId as string) } };
}
