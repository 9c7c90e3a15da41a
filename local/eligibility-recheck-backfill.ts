/**
 * One-time upgrade of a database from before the monthly eligibility recheck (issue 16 session 7;
 * GSI3 `ELIGRECHECK#<day>`, domain/insurance/eligibility-recheck.ts): gives every client insurance
 * item that is complete enough to check (billing type insurance, payer and member id) but has no
 * GSI3 keys its next recheck day (`ELIGRECHECK#<next 25th>` / `<practice>#<client>`), then a marker
 * so later starts skip it. A maintenance Scan at start-up (local) or run once against a deployed
 * environment (`npx tsx local/eligibility-recheck-backfill.ts <Practice table> <Directory table>`
 * with its credentials), never on a request path. Without it, clients insured before the recheck
 * existed join it only when their insurance is next saved (docs/decisions.md, Insurance).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillOnce } from './backfill-once.ts';
import { isCheckable, nextRecheckDay, recheckKeys } from '../domain/insurance/eligibility-recheck.ts';

const MARKER = { PK: 'SEED', SK: 'ELIGIBILITY_RECHECK_INDEX_V1' };

export function backfillEligibilityRecheckIndex(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string, now = new Date()): Promise<number> {
  const day = nextRecheckDay(now);
  return backfillOnce(db, directoryTable, MARKER, {
    TableName: practiceTable,
    FilterExpression: 'entityType = :insurance AND attribute_not_exists(GSI3PK)',
    ExpressionAttributeValues: { ':insurance': 'ClientInsurance' },
    ProjectionExpression: 'PK, SK, clientId, #d',
    ExpressionAttributeNames: { '#d': 'data' },
  }, (item) => {
    const pk = String(item.PK);
    if (!pk.startsWith('P#') || typeof item.clientId !== 'string' || !isCheckable(item.data as never)) return null;
    const keys = recheckKeys(day, pk.slice(2), item.clientId);
    return {
      Key: { PK: pk, SK: String(item.SK) },
      UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
      ExpressionAttributeValues: { ':pk': keys.GSI3PK, ':sk': keys.GSI3SK },
    };
  });
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const [practiceTable, directoryTable] = process.argv.slice(2);
  if (!practiceTable || !directoryTable) throw new Error('usage: eligibility-recheck-backfill.ts <Practice table> <Directory table>');
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  void backfillEligibilityRecheckIndex(db, practiceTable, directoryTable).then((n) => console.log(`client insurance joined the monthly recheck: ${n}`));
}
