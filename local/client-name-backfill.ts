/**
 * One-time upgrade of a local database kept in `.data/` from before the last-name search: writes the
 * name-search entries (domain/client.ts clientNameEntry) of every active client that has none, then
 * a marker so later starts skip it. A maintenance Scan at start-up, never on a request path; a new
 * database (seeded with the entries) just gets the marker.
 */
import { GetCommand, PutCommand, ScanCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CLIENT_NAME_ENTRIES, CLIENT_STATUS, clientNameEntry, clientNameEntryKey } from '../domain/client.ts';

const MARKER = { PK: 'SEED', SK: 'CLIENT_NAME_ENTRIES_V1' };

export async function backfillClientNameEntries(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string): Promise<number> {
  if ((await db.send(new GetCommand({ TableName: directoryTable, Key: MARKER }))).Item) return 0;
  const entries: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({
      TableName: practiceTable,
      FilterExpression: 'entity = :client AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':client': 'Client', ':active': CLIENT_STATUS.active },
      ExclusiveStartKey: start,
    }));
    for (const item of page.Items ?? []) {
      const { PK: _pk, SK: _sk, ...client } = item;
      for (const which of CLIENT_NAME_ENTRIES) entries.push({ ...clientNameEntry(client, which), ...clientNameEntryKey(String(client.practiceId), String(client.id), which) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  for (let i = 0; i < entries.length; i += 25) {
    let pending: Record<string, unknown>[] = entries.slice(i, i + 25);
    while (pending.length) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [practiceTable]: pending.map((Item) => ({ PutRequest: { Item } })) } }));
      pending = (out.UnprocessedItems?.[practiceTable] ?? []).map((w) => w.PutRequest!.Item as Record<string, unknown>);
    }
  }
  await db.send(new PutCommand({ TableName: directoryTable, Item: { ...MARKER, entries: entries.length, at: new Date().toISOString() } }));
  return entries.length / CLIENT_NAME_ENTRIES.length;
}
