/**
 * The homework Lambda's table access (issue 14): homework items, assignments and groups in the
 * Practice table (domain/companion/homework.ts, groups.ts keys), practice members from the Directory
 * (GSI1 P#<practice>), the client's links and companion shares from their own Directory partitions.
 * GetItem, BatchGetItem and Query only — never a Scan.
 */
import { table } from '../shared/aws.ts';
import { batchGetAll, getItem, queryAll, type Item } from '../shared/dynamo-read.ts';
import { Refusal } from '../shared/refusal.ts';
import { clientKey } from '../../domain/client.ts';
import { settingsKey } from '../../domain/practice.ts';
import { usableTimezone, localDate } from '../../domain/wall-clock.ts';
import { practicePartition } from '../../domain/tables.ts';
import { groupKey, groupPrefix } from '../../domain/companion/groups.ts';

export type { Item };

export const PRACTICE = () => table('PRACTICE_TABLE');
export const DIRECTORY = () => table('DIRECTORY_TABLE');

export const refuse = (message: string, type = 'ValidationError', field?: string, reason = 'format'): never => {
  throw new Refusal(message, type, field ? [{ field, reason }] : undefined);
};

export { getItem, queryAll };

/** Records by key from one table, consistently (functions/shared/dynamo-read.ts). */
export function batchGet(tableName: string, keys: { PK: string; SK: string }[]): Promise<Item[]> {
  return batchGetAll(tableName, keys, { consistent: true });
}

export async function practiceToday(practiceId: string, now: Date): Promise<string> {
  const details = await getItem(PRACTICE(), settingsKey(practiceId, 'PracticeDetails'));
  return localDate(now.getTime(), usableTimezone(((details?.data ?? {}) as Item).timezone));
}

export function clientName(client: Item | null | undefined): string {
  const p = (client?.personalDetail ?? {}) as { first?: string; last?: string };
  return [p.first, p.last].filter(Boolean).join(' ') || 'Client';
}

/** Active client records of the practice by id (archived and missing ones left out). */
export async function clientsById(practiceId: string, ids: string[]): Promise<Map<string, Item>> {
  const unique = Array.from(new Set(ids));
  const found = await batchGet(PRACTICE(), unique.map((id) => clientKey(practiceId, id)));
  const out = new Map<string, Item>();
  for (const c of found) if (c.status !== 'archived') out.set(c.id as string, c);
  return out;
}

export async function groupsOfPractice(practiceId: string): Promise<Item[]> {
  return queryAll({
    TableName: PRACTICE(), ConsistentRead: true,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':sk': groupPrefix },
  });
}

export async function group(practiceId: string, groupId: string): Promise<Item | null> {
  return getItem(PRACTICE(), groupKey(practiceId, groupId));
}

export interface PracticeMember {
  sub: string;
  name: string;
  roles: string[];
  groups: string[];
}

/** The practice's members (memberships on the Directory's GSI1). */
export async function practiceMembers(practiceId: string): Promise<PracticeMember[]> {
  const items = await queryAll({
    TableName: DIRECTORY(), IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': practicePartition(practiceId) },
  });
  return items.filter((i) => i.SK === 'MEMBERSHIP').map((i) => {
    const sub = (i.PK as string).slice('USER#'.length);
    const name = [i.firstName, i.lastName].filter((p) => typeof p === 'string' && p.length > 0).join(' ');
    return { sub, name: name || (i.email as string) || sub, roles: (i.roles as string[]) ?? [], groups: (i.groups as string[]) ?? [] };
  });
}
