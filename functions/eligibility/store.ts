/**
 * The eligibility Lambda's items in the Practice table (issue 16):
 *   ClientInsurance#<clientId>                        the client's insurance (versioned)
 *   Eligibility#<checkedAt>#<id>                      every check with its time; GSI1 (client) and
 *                                                     GSI2 (the client's clinician) carry the same
 *                                                     sort key, so each list is newest first
 *   PayerEnrollment#<payerId>#<eligibleId>            enrollment of a provider with a payer
 * No PHI in logs; values never appear in errors.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { practicePartition } from '../../domain/tables.ts';
import { CHECK_PREFIX, clientChecksPartition } from '../../domain/insurance/eligibility-check.ts';
import { emptyClientInsurance, type ClientInsuranceData } from '../../domain/insurance/eligibility-client-insurance.ts';
import { isCheckable, nextRecheckDay, recheckKeys } from '../../domain/insurance/eligibility-recheck.ts';

export type Item = Record<string, unknown>;

export const insuranceKey = (practiceId: string, clientId: string) => ({ PK: practicePartition(practiceId), SK: `ClientInsurance#${clientId}` });

export async function getItem(key: { PK: string; SK: string }): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: key, ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

export interface StoredInsurance {
  data: ClientInsuranceData;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export async function readInsurance(practiceId: string, clientId: string): Promise<StoredInsurance> {
  const item = await getItem(insuranceKey(practiceId, clientId));
  if (!item) return { data: emptyClientInsurance(), version: 0, updatedAt: null, updatedBy: null };
  return { data: item.data as ClientInsuranceData, version: item.version as number, updatedAt: item.updatedAt as string, updatedBy: item.updatedBy as string };
}

/** Writes version+1 only if the stored version is still `version` (0: none stored yet). */
export async function writeInsurance(practiceId: string, clientId: string, version: number, data: ClientInsuranceData, by: string, at: string): Promise<StoredInsurance> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table('PRACTICE_TABLE'),
        // Complete insurance is rechecked monthly (recheck.ts): sparse GSI3 keys for its next recheck day.
        Item: { ...insuranceKey(practiceId, clientId), entityType: 'ClientInsurance', clientId, data, version: version + 1, updatedAt: at, updatedBy: by, ...(isCheckable(data) ? recheckKeys(nextRecheckDay(new Date(at)), practiceId, clientId) : {}) },
        ConditionExpression: version === 0 ? 'attribute_not_exists(PK)' : '#v = :v',
        ...(version === 0 ? {} : { ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': version } }),
      }),
    );
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error)?.name === 'ConditionalCheckFailedException') {
      throw new Refusal('The client’s insurance was changed by someone else. Reload it and make your change again.', 'ConflictError');
    }
    throw err;
  }
  return { data, version: version + 1, updatedAt: at, updatedBy: by };
}

export async function putItem(item: Item): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table('PRACTICE_TABLE'), Item: item }));
}

/** The client's latest checks, newest first. */
export async function recentChecks(practiceId: string, clientId: string, limit: number): Promise<Item[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table('PRACTICE_TABLE'),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': clientChecksPartition(practiceId, clientId), ':prefix': CHECK_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items as Item[] | undefined) ?? [];
}

export async function queryPrefix(practiceId: string, prefix: string): Promise<Item[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: table('PRACTICE_TABLE'),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':prefix': prefix },
      Limit: 200,
    }),
  );
  return (out.Items as Item[] | undefined) ?? [];
}
