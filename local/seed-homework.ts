/**
 * Demo homework and groups (issue 14), seeded with the companion entries (local/seed-companion.ts):
 * a Tuesday DBT skills group (the owner and the coordinator facilitate; Taylor, Avery, Jordan and
 * Morgan) and a Thursday support group (the coordinator and the full-client clinician; Casey and
 * Riley); Taylor's weekly diary card (past weeks done, one overdue, this week open), the skills
 * group's STOP practice (some done, some overdue), Avery's "Check the facts" overdue, Morgan's
 * pleasant activity done. Items as the homework Lambda writes them (domain/companion/homework.ts).
 */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { libraryItem } from '../domain/companion/homework-library.ts';
import { assignmentKey, homeworkIndexes, homeworkItemKey, newItemId, occurrencesOf } from '../domain/companion/homework.ts';
import { groupKey } from '../domain/companion/groups.ts';
import { DEFAULT_TIMEZONE } from '../domain/timezone.ts';
import { localDate } from '../domain/wall-clock.ts';
import { practicePartition } from '../domain/tables.ts';

const DAY = 86_400_000;
type Item = Record<string, unknown>;

export async function seedDemoHomework(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string, practiceId: string, now = new Date()): Promise<void> {
  const members = ((await db.send(new QueryCommand({ TableName: directoryTable, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': practicePartition(practiceId) } }))).Items ?? []) as Item[];
  const subOf = (email: string) => (members.find((m) => m.email === email)?.PK as string | undefined)?.slice('USER#'.length);
  const owner = practiceId;
  const coordinator = subOf('coordinator@demo.practiceportal.test');
  const fullClient = subOf('fullclient@demo.practiceportal.test');
  const clients = ((await db.send(new QueryCommand({ TableName: practiceTable, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)', ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':c': 'Client#' } }))).Items ?? []) as Item[];
  const client = (first: string) => clients.find((c) => (c.personalDetail as { first?: string } | undefined)?.first === first);
  const today = localDate(now.getTime(), DEFAULT_TIMEZONE);
  const dayAt = (offset: number) => new Date(Date.parse(today) + offset * DAY).toISOString().slice(0, 10);
  const stamp = now.toISOString();

  // Groups: the skills group has met on Tuesdays for ten weeks; the support group on Thursdays every other week.
  const weekday = (target: number, weeksBack: number) => dayAt(-(((new Date(Date.parse(today)).getUTCDay() - target + 7) % 7) + weeksBack * 7));
  const skills = { id: 'demo-skills-group', name: 'Tuesday DBT skills group', kind: 'SKILLS', description: 'Twelve-week DBT skills training: mindfulness, distress tolerance, emotion regulation and interpersonal effectiveness.', facilitators: [owner, coordinator].filter(Boolean), members: ['Taylor', 'Avery', 'Jordan', 'Morgan'].map((f) => client(f)?.id).filter(Boolean), meets: { frequency: 'WEEKLY', startDate: weekday(2, 10), endDate: null, time: '18:00', minutes: 90 } };
  const support = { id: 'demo-support-group', name: 'Thursday support group', kind: 'SUPPORT', description: 'An open peer support group for anxiety and low mood.', facilitators: [coordinator, fullClient].filter(Boolean), members: ['Casey', 'Riley'].map((f) => client(f)?.id).filter(Boolean), meets: { frequency: 'BIWEEKLY', startDate: weekday(4, 6), endDate: null, time: '12:00', minutes: 60 } };
  for (const g of [skills, support]) {
    await db.send(new PutCommand({ TableName: practiceTable, Item: { ...groupKey(practiceId, g.id), entity: 'Group', ...g, version: 1, createdBy: owner, createdAt: stamp, updatedAt: stamp } }));
  }

  const items: Item[] = [];
  /** An assignment as the Lambda stores it; `done(opensOn, i)` says which occurrences the client has done. */
  const assign = async (clientIds: string[], groupId: string | null, source: { libraryId?: string; title?: string; instructions?: string }, schedule: { frequency: 'once' | 'weekly'; startDate: string; endDate: string | null }, dueDays: number, done: (opensOn: string, clientIndex: number) => boolean) => {
    const lib = source.libraryId ? libraryItem(source.libraryId) : null;
    const id = randomBytes(8).toString('hex');
    const occurrences = occurrencesOf(schedule, dueDays);
    clientIds.forEach((clientId, ci) => {
      const record = clients.find((c) => c.id === clientId);
      for (const o of occurrences) {
        const itemId = newItemId(o.dueDate, randomBytes(6).toString('hex'));
        const isDone = o.opensOn <= today && done(o.opensOn, ci);
        items.push({
          ...homeworkItemKey(practiceId, itemId), ...homeworkIndexes(practiceId, itemId, clientId, (record?.therapistId as string | undefined) ?? null, groupId),
          entity: 'Homework', id: itemId, assignmentId: id, clientId, therapistId: record?.therapistId ?? null, groupId,
          app: lib?.app ?? null, libraryId: lib?.id ?? null, kind: lib?.kind ?? 'TASK', entryType: lib?.entryType ?? null,
          title: lib?.title ?? source.title, instructions: source.instructions ?? lib?.instructions ?? null, opensOn: o.opensOn, dueDate: o.dueDate,
          state: isDone ? 'done' : 'assigned', // Done half a day before it was due, or an hour ago when it is due later (never in the future).
          ...(isDone ? { doneAt: new Date(Math.min(Date.parse(o.dueDate) - 12 * 3600000, now.getTime() - 3600000)).toISOString() } : {}),
          assignedBy: owner, assignedAt: new Date(Date.parse(schedule.startDate) - DAY).toISOString(),
        });
      }
    });
    await db.send(new PutCommand({ TableName: practiceTable, Item: { ...assignmentKey(practiceId, id), entity: 'HomeworkAssignment', id, groupId, clientIds, libraryId: lib?.id ?? null, title: lib?.title ?? source.title, frequency: schedule.frequency.toUpperCase(), schedule, dueDays, count: occurrences.length * clientIds.length, assignedBy: owner, assignedAt: stamp } }));
  };

  const taylor = client('Taylor')?.id as string | undefined;
  const avery = client('Avery')?.id as string | undefined;
  const morgan = client('Morgan')?.id as string | undefined;
  // Taylor: the weekly diary card from five weeks ago to three weeks ahead — done each week but two weeks ago.
  if (taylor) await assign([taylor], null, { libraryId: 'dbt-diary-card' }, { frequency: 'weekly', startDate: dayAt(-35), endDate: dayAt(21) }, 6, (opensOn) => opensOn !== dayAt(-14) && opensOn < dayAt(-1));
  // The skills group: STOP practice last week (due two days ago: half done, half overdue) and "Check the facts" this week.
  const groupMembers = skills.members as string[];
  await assign(groupMembers, skills.id, { libraryId: 'dbt-stop-skill' }, { frequency: 'once', startDate: dayAt(-7), endDate: null }, 5, (_o, i) => i % 2 === 0);
  await assign(groupMembers, skills.id, { libraryId: 'dbt-check-facts' }, { frequency: 'once', startDate: dayAt(-1), endDate: null }, 6, (_o, i) => i === 0);
  // Avery: a free-text task overdue; Morgan: a pleasant activity, done.
  if (avery) await assign([avery], null, { title: 'Write a crisis plan card', instructions: 'List three warning signs, two people to call and the crisis line; keep it in your wallet.' }, { frequency: 'once', startDate: dayAt(-10), endDate: null }, 7, () => false);
  if (morgan) await assign([morgan], null, { libraryId: 'cbt-behavioural-activation' }, { frequency: 'once', startDate: dayAt(-6), endDate: null }, 4, () => true);
  for (let i = 0; i < items.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [practiceTable]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}
