/**
 * The Lambdas' DynamoDB reads that every store wrote again: one item by key, every item of a
 * Query (following LastEvaluatedKey) and items by key 100 to a BatchGetItem (unprocessed keys
 * retried). Queries, GetItems and BatchGets only — never a Scan.
 */
import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.ts';

export type Item = Record<string, unknown>;

/** One item, read consistently; null when there is none. */
export async function getItem(tableName: string, key: Item): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

/** A Query's items page by page (following LastEvaluatedKey), for callers that stream an unbounded partition. */
export async function* queryPages(input: QueryCommandInput): AsyncGenerator<Item[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield (out.Items ?? []) as Item[];
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every item of a Query (following LastEvaluatedKey; the callers' partitions are bounded). */
export async function queryAll(input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

const BATCH = 100;
const RETRIES = 5;

/** The items of these keys (missing ones left out), 100 keys a BatchGetItem; throws if keys stay unprocessed. */
export async function batchGetAll(tableName: string, keys: Item[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH) {
    let pending: Item[] = keys.slice(i, i + BATCH);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > RETRIES) throw new Error(`BatchGet on ${tableName} left keys unprocessed`);
      const res = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ...(options.consistent ? { ConsistentRead: true } : {}) } } }));
      out.push(...((res.Responses?.[tableName] ?? []) as Item[]));
      pending = (res.UnprocessedKeys?.[tableName]?.Keys ?? []) as Item[];
    }
  }
  return out;
}
