/**
 * The companion Lambda's table access (issue 14): entries and the client's share copies in the
 * Directory table (keyed by the client's sub), the practice's shares in the Practice table
 * (domain/companion/sharing.ts layout). Queries and GetItems only — never a Scan.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { batchGetAll, getItem, queryAll, type Item } from '../shared/dynamo-read.ts';
import { clientKey } from '../../domain/client.ts';
import type { CompanionApp } from '../../domain/companion/apps.ts';
import { companionPartition, practiceShareKey, practiceSharePrefix, type ShareState } from '../../domain/companion/sharing.ts';
import type { StoredEntry } from '../../domain/companion/stats.ts';

export { getItem, queryAll, type Item };

export const PRACTICE = () => table('PRACTICE_TABLE');
export const DIRECTORY = () => table('DIRECTORY_TABLE');

export interface PracticeShare {
  practiceId: string;
  clientId: string;
  app: CompanionApp;
  state: ShareState;
  clientSub?: string | null;
  invitedAt?: string | null;
  sharedAt?: string | null;
  stoppedAt?: string | null;
  codeHash?: string | null;
  lastEntryDate?: string | null;
  lastHighUrgeDate?: string | null;
  entryCount?: number;
}

export async function practiceShare(practiceId: string, app: CompanionApp, clientId: string): Promise<PracticeShare | null> {
  return (await getItem(PRACTICE(), practiceShareKey(practiceId, app, clientId))) as PracticeShare | null;
}

/** A client's shares with the practice, every app: one Query on the client-scoped index. */
export async function sharesOfClient(practiceId: string, clientId: string): Promise<PracticeShare[]> {
  return (await queryAll({
    TableName: PRACTICE(), IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :sk)',
    ExpressionAttributeValues: { ':pk': 'P#' + practiceId + '#C#' + clientId, ':sk': 'CompanionShare#' },
  })) as unknown as PracticeShare[];
}

/** The practice's shares of an app (every client): one Query (a few pages for thousands). */
export async function sharesOfApp(practiceId: string, app: CompanionApp): Promise<PracticeShare[]> {
  return (await queryAll({
    TableName: PRACTICE(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': 'P#' + practiceId, ':sk': practiceSharePrefix(app) },
  })) as unknown as PracticeShare[];
}

/** Client records by id, 100 keys a BatchGetItem (names and clinician for the app page). */
export async function clientRecords(practiceId: string, ids: string[]): Promise<Map<string, Item>> {
  const records = await batchGetAll(PRACTICE(), ids.map((id) => clientKey(practiceId, id)), { consistent: true });
  return new Map(records.map((item) => [item.id as string, item]));
}

/** The client's copies of their shares (every practice and app): one Query on their partition. */
export async function clientShares(sub: string): Promise<Item[]> {
  return queryAll({
    TableName: DIRECTORY(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': companionPartition(sub), ':sk': 'SHARE#' },
    ConsistentRead: true,
  });
}

export interface EntryQuery {
  sub: string;
  app: CompanionApp;
  type?: string | null;
  from?: string | null;
  to?: string | null;
  /** Where the previous page ended: the sort key of its last entry (never a whole key from outside). */
  after?: string | null;
  limit?: number;
}

/** Entries of one app, newest day first: by app and day on the table, or by type on GSI1. */
export async function queryEntries(q: EntryQuery): Promise<{ items: StoredEntry[]; last: string | null }> {
  const from = q.from ?? '0000-00-00';
  const to = (q.to ?? '9999-99-99') + '#~';
  const byType = !!q.type;
  const input: QueryCommandInput = byType
    ? {
        TableName: DIRECTORY(), IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': 'COMPANIONTYPE#' + q.sub + '#' + q.app + '#' + q.type, ':from': from, ':to': to },
      }
    : {
        TableName: DIRECTORY(), ConsistentRead: true,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': companionPartition(q.sub), ':from': 'ENTRY#' + q.app + '#' + from, ':to': 'ENTRY#' + q.app + '#' + to },
      };
  input.ScanIndexForward = false;
  if (q.limit) input.Limit = q.limit;
  if (q.after) {
    const start = byType ? { GSI1PK: 'COMPANIONTYPE#' + q.sub + '#' + q.app + '#' + q.type, GSI1SK: q.after.split('|')[0], PK: companionPartition(q.sub), SK: q.after.split('|')[1] } : { PK: companionPartition(q.sub), SK: q.after };
    input.ExclusiveStartKey = start;
  }
  if (!q.limit) {
    return { items: (await queryAll(input)).map(toStored), last: null };
  }
  const out = await dynamo().send(new QueryCommand(input));
  const items = ((out.Items ?? []) as Item[]).map(toStored);
  const lek = out.LastEvaluatedKey as Item | undefined;
  const last = lek ? (byType ? `${lek.GSI1SK as string}|${lek.SK as string}` : (lek.SK as string)) : null;
  return { items, last };
}

function toStored(item: Item): StoredEntry {
  return { id: item.id as string, app: item.app as string, type: item.type as string, date: item.date as string, recordedAt: item.recordedAt as string, data: (item.data ?? {}) as Record<string, unknown> };
}
