/**
 * The client's side of homework (issue 14; docs/companion-api.md): my homework across practices and
 * marking one done, optionally linking one of my companion entries. The client is known by the sub
 * of the verified token only; the practice records they are (portal links `CLIENTUSER#<sub>` and the
 * records whose app sharing they accepted `COMPANION#<sub>`/`SHARE#…`) are read from their own
 * partitions, so a practice that is not the Client Portal's (premium) still reaches its clients'
 * apps. An id outside those records is "not found"; nothing is written. Audited in each practice's trail.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { writeAudit } from '../shared/audit-write.ts';
import { practiceName } from '../shared/practice-name.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientLinksPartition } from '../../domain/client-link.ts';
import { COMPANION_APPS, type CompanionApp } from '../../domain/companion/apps.ts';
import { companionPartition } from '../../domain/companion/sharing.ts';
import { HOMEWORK_MESSAGES, completeHomework, homeworkItemKey, homeworkPrefix, homeworkState, isItemId, isOpen } from '../../domain/companion/homework.ts';
import { DIRECTORY, PRACTICE, getItem, practiceToday, queryAll, refuse, type Item } from './store.ts';

/** Done homework stays in the client's list this long after its due date; open homework until done. */
const KEEP_DONE_DAYS = 30;
const DAY = 86_400_000;

interface Record_ { practiceId: string; clientId: string }

/** The practice client records this person is (portal links, active; accepted app sharing). */
export async function myRecords(sub: string): Promise<Record_[]> {
  const links = await queryAll({ TableName: DIRECTORY(), ConsistentRead: true, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': clientLinksPartition(sub), ':sk': 'LINK#' } });
  const shares = await queryAll({ TableName: DIRECTORY(), ConsistentRead: true, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': companionPartition(sub), ':sk': 'SHARE#' } });
  const out: Record_[] = [];
  for (const r of [...links.filter((l) => l.state === 'active'), ...shares]) {
    const pair = { practiceId: r.practiceId as string, clientId: r.clientId as string };
    if (pair.practiceId && pair.clientId && !out.some((o) => o.practiceId === pair.practiceId && o.clientId === pair.clientId)) out.push(pair);
  }
  return out;
}

function view(item: Item, practiceId: string, name: string, today: string): Item {
  return {
    id: item.id, practiceId, practiceName: name, app: item.app ?? null, libraryId: item.libraryId ?? null, kind: item.kind, title: item.title, instructions: item.instructions ?? null,
    opensOn: item.opensOn, dueDate: item.dueDate, state: homeworkState(item as never, today), doneAt: item.doneAt ?? null, entryId: item.entryId ?? null, entryType: item.entryType ?? null,
  };
}

export async function myHomework(sub: string, now: Date): Promise<Item[]> {
  const out: Item[] = [];
  const facts = new Map<string, string[]>();
  for (const r of await myRecords(sub)) {
    const today = await practiceToday(r.practiceId, now);
    const items = await queryAll({
      TableName: PRACTICE(), IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :sk)', ExpressionAttributeValues: { ':pk': 'P#' + r.practiceId + '#C#' + r.clientId, ':sk': homeworkPrefix },
    });
    const keepFrom = new Date(Date.parse(today) - KEEP_DONE_DAYS * DAY).toISOString().slice(0, 10);
    const shown = items.filter((i) => isOpen(i as never, today) && (i.state !== 'done' || (i.dueDate as string) >= keepFrom));
    if (shown.length === 0) continue;
    const name = (await practiceName(r.practiceId)) ?? 'Your practice';
    shown.forEach((i) => out.push(view(i, r.practiceId, name, today)));
    facts.set(r.practiceId + '#' + r.clientId, shown.map((i) => i.id as string));
  }
  await writeAudit(sub, 'Query.myHomework', Array.from(facts.entries()).map(([k, ids]) => ({ practiceId: k.split('#')[0], action: 'homework.client.read', entityType: 'Client', entityId: k.split('#')[1], entityIds: ids })), now.toISOString());
  // Open first (soonest due first), then done (latest first).
  return out.sort((a, b) => (a.state === 'DONE' ? 1 : 0) - (b.state === 'DONE' ? 1 : 0) || (a.state === 'DONE' ? String(b.dueDate).localeCompare(String(a.dueDate)) : String(a.dueDate).localeCompare(String(b.dueDate))));
}

/** One of my entries of these apps, dated from `from` to `to`, by id (a Query per app over those days). */
async function findEntry(sub: string, apps: CompanionApp[], entryId: string, from: string, to: string): Promise<Item | null> {
  for (const app of apps) {
    const out = await queryAll({
      TableName: DIRECTORY(), ConsistentRead: true,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to', FilterExpression: 'id = :id',
      ExpressionAttributeValues: { ':pk': companionPartition(sub), ':from': 'ENTRY#' + app + '#' + from, ':to': 'ENTRY#' + app + '#' + to + '#~', ':id': entryId },
    });
    if (out.length > 0) return out[0];
  }
  return null;
}

export async function complete(sub: string, args: Item, now: Date): Promise<Item> {
  const practiceId = typeof args.practiceId === 'string' ? args.practiceId : '';
  const homeworkId = args.homeworkId;
  const mine = (await myRecords(sub)).filter((r) => r.practiceId === practiceId);
  if (mine.length === 0 || !isItemId(homeworkId)) refuse(HOMEWORK_MESSAGES.notFound, 'NotFound', 'homeworkId', 'unknown');
  const item = await getItem(PRACTICE(), homeworkItemKey(practiceId, homeworkId as string));
  if (!item || !mine.some((r) => r.clientId === item.clientId)) refuse(HOMEWORK_MESSAGES.notFound, 'NotFound', 'homeworkId', 'unknown');
  const hw = item as Item;
  const today = await practiceToday(practiceId, now);
  const next = completeHomework(hw as never, today);
  if ('refusal' in next) refuse(HOMEWORK_MESSAGES[next.refusal], 'ValidationError', 'homeworkId');
  let entry: Item | null = null;
  if (args.entryId !== undefined && args.entryId !== null && args.entryId !== '') {
    const entryId = args.entryId;
    if (typeof entryId !== 'string' || entryId.length > 60 || entryId.indexOf('#') >= 0) refuse(HOMEWORK_MESSAGES.entryNotFound, 'ValidationError', 'entryId', 'unknown');
    const apps = hw.app ? [hw.app as CompanionApp] : [...COMPANION_APPS];
    // Entries of the days since the homework opened (a day ahead allowed, as entries are).
    const to = new Date(Date.parse(today) + DAY).toISOString().slice(0, 10);
    entry = await findEntry(sub, apps, entryId as string, hw.opensOn as string, to);
    if (!entry) refuse(HOMEWORK_MESSAGES.entryNotFound, 'ValidationError', 'entryId', 'unknown');
  }
  const at = now.toISOString();
  const out = await dynamo().send(new UpdateCommand({
    TableName: PRACTICE(), Key: homeworkItemKey(practiceId, hw.id as string),
    UpdateExpression: 'SET #s = :done, doneAt = :at, entryId = :e, entryApp = :a, entryDate = :d',
    ConditionExpression: '#s = :assigned AND clientId = :c',
    ExpressionAttributeNames: { '#s': 'state' },
    ExpressionAttributeValues: { ':done': 'done', ':assigned': 'assigned', ':at': at, ':e': entry?.id ?? null, ':a': entry?.app ?? null, ':d': entry?.date ?? null, ':c': hw.clientId },
    ReturnValues: 'ALL_NEW',
  })).catch((err: Error) => {
    if (err.name === 'ConditionalCheckFailedException') throw new Refusal(HOMEWORK_MESSAGES.alreadyDone, 'ValidationError', [{ field: 'homeworkId', reason: 'format' }]);
    throw err;
  });
  await writeAudit(sub, 'Mutation.completeHomework', [{ practiceId, action: 'homework.complete', entityType: 'Client', entityId: hw.clientId as string, entityIds: [hw.id as string] }], at);
  return view(out.Attributes as Item, practiceId, (await practiceName(practiceId)) ?? 'Your practice', today);
}

