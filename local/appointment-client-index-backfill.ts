/**
 * One-time upgrade of a local database kept in `.data/` from before the per-client appointment
 * index (GSI4, domain/appointment/keys.ts): gives every appointment without GSI4 keys its
 * `P#<practice>#C#<client>#APPTS` / `<start>#<id>` entry, then a marker so later starts skip it.
 * A maintenance Scan at start-up, never on a request path; a new database (its appointments written
 * with the keys) just gets the marker. A deployed environment holding appointments needs the same
 * one-off (docs/decisions.md, Client identity: the per-client appointment index).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillOnce } from './backfill-once.ts';
import { clientAppointmentsPartition } from '../domain/appointment/keys.ts';

const MARKER = { PK: 'SEED', SK: 'APPOINTMENT_CLIENT_INDEX_V1' };

export function backfillAppointmentClientIndex(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string): Promise<number> {
  return backfillOnce(db, directoryTable, MARKER, {
    TableName: practiceTable,
    FilterExpression: 'entity = :appointment AND attribute_not_exists(GSI4PK)',
    ExpressionAttributeValues: { ':appointment': 'Appointment' },
    ProjectionExpression: 'PK, SK, practiceId, clientId, #start, id',
    ExpressionAttributeNames: { '#start': 'start' },
  }, (item) => {
    if (typeof item.practiceId !== 'string' || typeof item.clientId !== 'string' || typeof item.start !== 'string' || typeof item.id !== 'string') return null;
    return {
      Key: { PK: String(item.PK), SK: String(item.SK) },
      UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk',
      ExpressionAttributeValues: { ':pk': clientAppointmentsPartition(item.practiceId, item.clientId), ':sk': `${item.start}#${item.id}` },
    };
  });
}
