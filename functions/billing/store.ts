/** The billing Lambda's reads and writes of the Practice table. */
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import type { Item } from './request.ts';

export function practiceTable(): string {
  return table('PRACTICE_TABLE');
}

export async function getItem(key: { PK: string; SK: string }): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: practiceTable(), Key: key, ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

export async function getItems(keys: { PK: string; SK: string }[]): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0 && attempt < 6; attempt++) {
      const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [practiceTable()]: { Keys: pending, ConsistentRead: true } } }));
      found.push(...((out.Responses?.[practiceTable()] as Item[] | undefined) ?? []));
      pending = out.UnprocessedKeys?.[practiceTable()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** One Query on an index partition, newest first, within an optional date range. */
export async function queryBucket(index: 'GSI1' | 'GSI2' | 'GSI3', partition: string, opts: { from?: string | null; to?: string | null; limit: number; start?: Item | null }): Promise<{ items: Item[]; last: Item | null }> {
  const pk = `${index}PK`;
  const sk = `${index}SK`;
  const names: Record<string, string> = { '#pk': pk };
  const values: Record<string, unknown> = { ':pk': partition };
  let condition = '#pk = :pk';
  if (opts.from || opts.to) {
    names['#sk'] = sk;
    values[':from'] = opts.from ?? '0000-00-00';
    values[':to'] = `${opts.to ?? '9999-99-99'}#~`;
    condition += ' AND #sk BETWEEN :from AND :to';
  }
  const input: QueryCommandInput = {
    TableName: practiceTable(),
    IndexName: index,
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
    Limit: opts.limit,
    ExclusiveStartKey: opts.start ?? undefined,
  };
  const out = await dynamo().send(new QueryCommand(input));
  return { items: (out.Items as Item[] | undefined) ?? [], last: (out.LastEvaluatedKey as Item | undefined) ?? null };
}

/** Every item of an index partition (a client's own records: a few hundred at most). */
export async function queryAll(index: 'GSI1' | 'GSI2' | 'GSI3', partition: string, max = 500): Promise<Item[]> {
  const all: Item[] = [];
  let start: Item | null = null;
  do {
    const page = await queryBucket(index, partition, { limit: 100, start });
    all.push(...page.items);
    start = page.last;
  } while (start && all.length < max);
  return all;
}

export async function nextNumber(key: { PK: string; SK: string }): Promise<number> {
  const out = await dynamo().send(new UpdateCommand({
    TableName: practiceTable(), Key: key, UpdateExpression: 'ADD #seq :one', ExpressionAttributeNames: { '#seq': 'seq' }, ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW',
  }));
  return (out.Attributes?.seq as number) ?? 1;
}

/** TransactWriteItems; a cancelled transaction → the index of each failed condition. */
export async function transact(items: Item[]): Promise<{ ok: true } | { ok: false; failed: number[] }> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (err) {
    if ((err as Error)?.name !== 'TransactionCanceledException') throw err;
    const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
    return { ok: false, failed: reasons.map((c, i) => (c === 'ConditionalCheckFailed' ? i : -1)).filter((i) => i >= 0) };
  }
}

export function put(item: Item, condition?: string, values?: Item, names?: Record<string, string>): Item {
  return { Put: { TableName: practiceTable(), Item: item, ...(condition ? { ConditionExpression: condition } : {}), ...(values ? { ExpressionAttributeValues: values } : {}), ...(names ? { ExpressionAttributeNames: names } : {}) } };
}

export function update(key: { PK: string; SK: string }, expression: string, values: Item, condition?: string, names?: Record<string, string>): Item {
  return { Update: { TableName: practiceTable(), Key: key, UpdateExpression: expression, ExpressionAttributeValues: values, ...(condition ? { ConditionExpression: condition } : {}), ...(names ? { ExpressionAttributeNames: names } : {}) } };
}
