/**
 * One-time upgrade of a database from before the clinician's homework index (issue 14 session 7;
 * GSI3, domain/companion/homework.ts homeworkClinicianIndex): gives every homework item with a
 * clinician but without GSI3 keys its `P#<practice>#U#<clinician>#Homework` / `Homework#<id>` entry,
 * then a marker so later starts skip it. A maintenance Scan at start-up (local) or run once against a
 * deployed environment (`npx tsx local/homework-clinician-index-backfill.ts <Practice table> <Directory
 * table>` with its credentials), never on a request path. Without it, an own-only clinician's list
 * misses homework assigned before the index (docs/decisions.md, Companion apps).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillOnce } from './backfill-once.ts';
import { clinicianHomeworkPartition, homeworkPrefix } from '../domain/companion/homework.ts';

const MARKER = { PK: 'SEED', SK: 'HOMEWORK_CLINICIAN_INDEX_V1' };

export function backfillHomeworkClinicianIndex(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string): Promise<number> {
  return backfillOnce(db, directoryTable, MARKER, {
    TableName: practiceTable,
    FilterExpression: 'entity = :homework AND attribute_not_exists(GSI3PK) AND attribute_type(therapistId, :s)',
    ExpressionAttributeValues: { ':homework': 'Homework', ':s': 'S' },
    ProjectionExpression: 'PK, SK, therapistId, id',
  }, (item) => {
    const pk = String(item.PK);
    if (!pk.startsWith('P#') || typeof item.id !== 'string' || typeof item.therapistId !== 'string') return null;
    return {
      Key: { PK: pk, SK: String(item.SK) },
      UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
      ExpressionAttributeValues: { ':pk': clinicianHomeworkPartition(pk.slice(2), item.therapistId), ':sk': homeworkPrefix + item.id },
    };
  });
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const [practiceTable, directoryTable] = process.argv.slice(2);
  if (!practiceTable || !directoryTable) throw new Error('usage: homework-clinician-index-backfill.ts <Practice table> <Directory table>');
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  void backfillHomeworkClinicianIndex(db, practiceTable, directoryTable).then((n) => console.log(`homework items indexed by clinician: ${n}`));
}
