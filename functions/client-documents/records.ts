/**
 * What functions/client-documents reads from the Practice table for one client of one practice:
 * the practice's consent documents (heads and a version's snapshot), its intake form settings,
 * the client's signatures, intake answers and shared documents. Queries on the practice's
 * partition by key prefix — never a Scan.
 */
import { GetCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { consentKey, consentListPartition, consentVersionKey } from '../../domain/documents/consent.ts';
import { chosenForms, intakeSettingsKey, type ChosenForm } from '../../domain/documents/intake.ts';
import { sharePrefix, signaturePrefix, submissionPrefix } from '../../domain/documents/client-documents.ts';
import { dynamo, table } from '../shared/aws.ts';

export type Item = Record<string, NativeAttributeValue>;

/** A practice has a handful of consent documents; a bound keeps one request's reads finite. */
const MAX_ITEMS = 500;

async function queryAll(input: { KeyConditionExpression: string; ExpressionAttributeValues: Item; IndexName?: string }): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ TableName: table('PRACTICE_TABLE'), ConsistentRead: input.IndexName ? undefined : true, ExclusiveStartKey: start, ...input }));
    items.push(...((out.Items as Item[]) ?? []));
    start = out.LastEvaluatedKey as Item | undefined;
  } while (start && items.length < MAX_ITEMS);
  return items;
}

function byPrefix(practiceId: string, prefix: string): Promise<Item[]> {
  return queryAll({ KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':prefix': prefix } });
}

export async function getItem(key: { PK: string; SK: string }): Promise<Item | null> {
  return ((await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: key, ConsistentRead: true }))).Item as Item | undefined) ?? null;
}

export const consentHead = (practiceId: string, id: string) => getItem(consentKey(practiceId, id));
export const consentVersion = (practiceId: string, id: string, version: number) => getItem(consentVersionKey(practiceId, id, version));

/** The practice's active consent documents (the GSI list). */
export function activeConsents(practiceId: string): Promise<Item[]> {
  return queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': consentListPartition(practiceId, false) } });
}

export async function intakeForms(practiceId: string): Promise<ChosenForm[]> {
  return chosenForms(await getItem(intakeSettingsKey(practiceId)));
}

export interface ClientFiles {
  signatures: Item[];
  submissions: Item[];
  shares: Item[];
}

export async function clientFiles(practiceId: string, clientId: string): Promise<ClientFiles> {
  const [signatures, submissions, shares] = await Promise.all([
    byPrefix(practiceId, signaturePrefix(clientId)),
    byPrefix(practiceId, submissionPrefix(clientId)),
    byPrefix(practiceId, sharePrefix(clientId)),
  ]);
  return { signatures, submissions, shares };
}
