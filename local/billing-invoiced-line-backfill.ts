/**
 * One-time repair of a database from before session 8's `lineItem` fix (docs/decisions.md, Client
 * billing): a session line invoiced by the monthly run or createInvoice kept its open bucket's index
 * keys, so it still listed under UnInvoicedSession and later monthly runs retried it. Gives every
 * invoiced session line that is not in the invoiced bucket that bucket's keys (domain/billing/keys.ts
 * billingIndexKeys), then a marker so later starts skip it. A maintenance Scan at start-up (local) or
 * run once against a deployed environment (`npx tsx local/billing-invoiced-line-backfill.ts
 * <Practice table> <Directory table>` with its credentials), never on a request path.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillOnce } from './backfill-once.ts';
import { billingIndexKeys } from '../domain/billing/keys.ts';

const MARKER = { PK: 'SEED', SK: 'BILLING_INVOICED_LINE_INDEX_V1' };
const INVOICED = 'SESSION_INVOICED';

export function backfillInvoicedLineIndex(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string): Promise<number> {
  return backfillOnce(db, directoryTable, MARKER, {
    TableName: practiceTable,
    FilterExpression: 'entity = :line AND #status = :invoiced AND (attribute_not_exists(#bucket) OR #bucket <> :bucket)',
    ExpressionAttributeNames: { '#status': 'status', '#bucket': 'bucket', '#date': 'date' },
    ExpressionAttributeValues: { ':line': 'SessionLine', ':invoiced': 'INVOICED', ':bucket': INVOICED },
    ProjectionExpression: 'PK, SK, id, practiceId, clientId, filedUnder, #date',
  }, (item) => {
    const { practiceId, clientId, filedUnder, date, id } = item as Record<string, string>;
    if (![practiceId, clientId, filedUnder, date, id].every((v) => typeof v === 'string' && v.length > 0)) return null;
    const keys = billingIndexKeys(practiceId, INVOICED, { clientId, clinicianId: filedUnder, date, id });
    const names = Object.keys(keys);
    return {
      Key: { PK: String(item.PK), SK: String(item.SK) },
      UpdateExpression: `SET ${names.map((k, i) => `#k${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((k, i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(names.map((k, i) => [`:v${i}`, keys[k]])),
    };
  });
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const [practiceTable, directoryTable] = process.argv.slice(2);
  if (!practiceTable || !directoryTable) throw new Error('usage: billing-invoiced-line-backfill.ts <Practice table> <Directory table>');
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  void backfillInvoicedLineIndex(db, practiceTable, directoryTable).then((n) => console.log(`invoiced session lines moved to the invoiced bucket: ${n}`));
}
