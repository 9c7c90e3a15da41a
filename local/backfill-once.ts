/**
 * The shape every one-time index back-fill of a database shares (local/*-backfill.ts): skip when its
 * marker is in the Directory table; otherwise Scan the Practice table for the items that lack the
 * keys (a maintenance Scan at start-up or run once against a deployed environment, never on a
 * request path), give each its keys with a conditional update, then write the marker so later
 * starts skip it. Returns how many items were updated.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient, type ScanCommandInput, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';

export async function backfillOnce(
  db: DynamoDBDocumentClient,
  directoryTable: string,
  marker: { PK: string; SK: string },
  scan: Omit<ScanCommandInput, 'ExclusiveStartKey'>,
  /** The item's update (Key and expression), or null to leave it. */
  updateOf: (item: Record<string, unknown>) => Omit<UpdateCommandInput, 'TableName'> | null,
): Promise<number> {
  if ((await db.send(new GetCommand({ TableName: directoryTable, Key: marker }))).Item) return 0;
  let updated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ ...scan, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const update = updateOf(item);
      if (!update) continue;
      await db.send(new UpdateCommand({ TableName: scan.TableName, ConditionExpression: 'attribute_exists(PK)', ...update }));
      updated++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  await db.send(new PutCommand({ TableName: directoryTable, Item: { ...marker, updated, at: new Date().toISOString() } }));
  return updated;
}
