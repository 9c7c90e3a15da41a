/**
 * One-time upgrade of a local database kept in `.data/` from before the per-client appointment
 * index (GSI4, domain/appointment/keys.ts): gives every appointment without GSI4 keys its
 * `P#<practice>#C#<client>#APPTS` / `<start>#<id>` entry, then a marker so later starts skip it.
 * A maintenance Scan at start-up, never on a request path; a new database (its appointments written
 * with the keys) just gets the marker. A deployed environment holding appointments needs the same
 * one-off (docs/decisions.md, Client identity: the per-client appointment index).
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clientAppointmentsPartition } from '../domain/appointment/keys.ts';

const MARKER = { PK: 'SEED', SK: 'APPOINTMENT_CLIENT_INDEX_V1' };

export async function backfillAppointmentClientIndex(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string): Promise<number> {
  if ((await db.send(new GetCommand({ TableName: directoryTable, Key: MARKER }))).Item) return 0;
  let updated = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({
      TableName: practiceTable,
      FilterExpression: 'entity = :appointment AND attribute_not_exists(GSI4PK)',
      ExpressionAttributeValues: { ':appointment': 'Appointment' },
      ProjectionExpression: 'PK, SK, practiceId, clientId, #start, id',
      ExpressionAttributeNames: { '#start': 'start' },
      ExclusiveStartKey: start,
    }));
    for (const item of page.Items ?? []) {
      if (typeof item.practiceId !== 'string' || typeof item.clientId !== 'string' || typeof item.start !== 'string' || typeof item.id !== 'string') continue;
      await db.send(new UpdateCommand({
        TableName: practiceTable,
        Key: { PK: String(item.PK), SK: String(item.SK) },
        UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':pk': clientAppointmentsPartition(item.practiceId, item.clientId), ':sk': `${item.start}#${item.id}` },
      }));
      updated++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  await db.send(new PutCommand({ TableName: directoryTable, Item: { ...MARKER, updated, at: new Date().toISOString() } }));
  return updated;
}
