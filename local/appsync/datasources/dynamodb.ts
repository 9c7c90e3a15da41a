/**
 * DynamoDB data source: executes AppSync's DynamoDB request objects ({operation, key,
 * attributeValues, condition, update, query, index, limit, nextToken, filter, ...}) against one
 * table with the SDK, and shapes results and errors as AppSync does:
 *   GetItem/PutItem/UpdateItem/DeleteItem → the item (null when absent);
 *   Query/Scan → {items, nextToken, scannedCount}; BatchGetItem → {data, unprocessedKeys};
 *   TransactWriteItems → {keys, cancellationReasons}; errors → ctx.error {message, type:
 *   'DynamoDB:<ExceptionName>'} (e.g. DynamoDB:ConditionalCheckFailedException).
 * nextToken is opaque and tamper-evident (HMAC with a per-process key), like AppSync's (KMS-encrypted);
 * a token that does not verify fails as AppSync's does: DynamoDB:UserIllegalArgumentException,
 * "…InvalidPaginationTokenException: Invalid pagination token given." (seen in aws-amplify/amplify-cli#3411).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BatchGetItemCommand, BatchWriteItemCommand, DeleteItemCommand, GetItemCommand, PutItemCommand, QueryCommand, ScanCommand,
  TransactGetItemsCommand, TransactWriteItemsCommand, UpdateItemCommand, type AttributeValue, type DynamoDBClient, type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { fromWireItem, sameKey, toWireMap } from './dynamodb-wire.ts';
import type { DataSource, DataSourceOutcome } from './types.ts';

type Expr = { expression?: string; expressionNames?: Record<string, string>; expressionValues?: Record<string, unknown> } | null | undefined;
type Req = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOKEN_KEY = randomBytes(32);

export function encodeNextToken(key: Record<string, AttributeValue> | undefined): string | null {
  if (!key) return null;
  const body = Buffer.from(JSON.stringify(key)).toString('base64url');
  return `${body}.${createHmac('sha256', TOKEN_KEY).update(body).digest('base64url')}`;
}

export function decodeNextToken(token: string | null | undefined): Record<string, AttributeValue> | undefined {
  if (!token) return undefined;
  const [body, mac] = String(token).split('.');
  const expected = createHmac('sha256', TOKEN_KEY).update(body ?? '').digest();
  const given = Buffer.from(mac ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw Object.assign(new Error('com.amazonaws.deepdish.common.pagination.InvalidPaginationTokenException: Invalid pagination token given.'), { name: 'UserIllegalArgumentException' });
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
}

/** Merges several expressions' names/values into SDK parameters. */
function params(...exprs: Expr[]): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, AttributeValue> } {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const e of exprs) {
    Object.assign(names, e?.expressionNames ?? {});
    Object.assign(values, e?.expressionValues ?? {});
  }
  return {
    ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
    ExpressionAttributeValues: Object.keys(values).length ? toWireMap(values) : undefined,
  };
}

function errorOutcome(err: unknown): DataSourceOutcome {
  const e = err as { name?: string; message?: string; CancellationReasons?: { Code?: string; Message?: string }[] };
  const name = e.name && e.name !== 'Error' ? e.name : 'DynamoDbException';
  const result = e.CancellationReasons ? { keys: null, cancellationReasons: e.CancellationReasons.map((r) => ({ type: r.Code ?? 'None', message: r.Message ?? null })) } : null;
  return { result, error: { message: e.message ?? name, type: `DynamoDB:${name}` } };
}

function transactItem(item: Req, tableOf: (name: string) => string): TransactWriteItem {
  const TableName = tableOf(item.table);
  const Key = toWireMap(item.key);
  const c = item.condition as Expr;
  const condition = c?.expression ? { ConditionExpression: c.expression, ReturnValuesOnConditionCheckFailure: item.condition.returnValuesOnConditionCheckFailure ? ('ALL_OLD' as const) : undefined } : {};
  switch (item.operation) {
    case 'PutItem': return { Put: { TableName, Item: { ...toWireMap(item.attributeValues), ...Key }, ...condition, ...params(c) } };
    case 'UpdateItem': return { Update: { TableName, Key, UpdateExpression: item.update.expression, ...condition, ...params(item.update, c) } };
    case 'DeleteItem': return { Delete: { TableName, Key, ...condition, ...params(c) } };
    case 'ConditionCheck': return { ConditionCheck: { TableName, Key, ConditionExpression: c?.expression ?? '', ...params(c) } };
    default: throw Object.assign(new Error(`Unsupported transact operation ${item.operation}`), { name: 'ValidationException' });
  }
}

/**
 * @param tableName the data source's table
 * @param tableOf maps a table name written in a batch/transact request to the physical name
 *                (identity when resolvers already use physical names)
 */
export function dynamoDbDataSource(client: DynamoDBClient, tableName: string, tableOf: (name: string) => string = (n) => n): DataSource {
  const run = async (req: Req): Promise<unknown> => {
    const TableName = tableName;
    const cond = req.condition as Expr;
    const condition = cond?.expression ? { ConditionExpression: cond.expression } : {};
    const projection = req.projection?.expression ? { ProjectionExpression: req.projection.expression } : {};
    switch (req.operation) {
      case 'GetItem': {
        const out = await client.send(new GetItemCommand({ TableName, Key: toWireMap(req.key), ConsistentRead: req.consistentRead ?? false, ...projection, ...params(req.projection) }));
        return fromWireItem(out.Item);
      }
      case 'PutItem': {
        const Item = { ...toWireMap(req.attributeValues), ...toWireMap(req.key) };
        await client.send(new PutItemCommand({ TableName, Item, ...condition, ...params(cond) }));
        return fromWireItem(Item);
      }
      case 'UpdateItem': {
        const out = await client.send(new UpdateItemCommand({ TableName, Key: toWireMap(req.key), UpdateExpression: req.update?.expression, ReturnValues: 'ALL_NEW', ...condition, ...params(req.update, cond) }));
        return fromWireItem(out.Attributes);
      }
      case 'DeleteItem': {
        const out = await client.send(new DeleteItemCommand({ TableName, Key: toWireMap(req.key), ReturnValues: 'ALL_OLD', ...condition, ...params(cond) }));
        return fromWireItem(out.Attributes);
      }
      case 'Query':
      case 'Scan': {
        const filter = req.filter?.expression ? { FilterExpression: req.filter.expression } : {};
        const common = { TableName, IndexName: req.index ?? undefined, Limit: req.limit ?? undefined, ExclusiveStartKey: decodeNextToken(req.nextToken), ConsistentRead: req.consistentRead ?? undefined, ...filter, ...projection };
        const out = req.operation === 'Query'
          ? await client.send(new QueryCommand({ ...common, KeyConditionExpression: req.query?.expression, ScanIndexForward: req.scanIndexForward ?? true, Select: req.select ?? undefined, ...params(req.query, req.filter, req.projection) }))
          : await client.send(new ScanCommand({ ...common, Segment: req.segment, TotalSegments: req.totalSegments, ...params(req.filter, req.projection) }));
        return { items: (out.Items ?? []).map(fromWireItem), nextToken: encodeNextToken(out.LastEvaluatedKey), scannedCount: out.ScannedCount ?? 0 };
      }
      case 'BatchGetItem': {
        const RequestItems = Object.fromEntries(Object.entries(req.tables as Record<string, Req>).map(([t, s]) => [tableOf(t), { Keys: s.keys.map(toWireMap), ConsistentRead: s.consistentRead, ...(s.projection?.expression ? { ProjectionExpression: s.projection.expression, ExpressionAttributeNames: s.projection.expressionNames } : {}) }]));
        const out = await client.send(new BatchGetItemCommand({ RequestItems }));
        const data: Record<string, unknown[]> = {};
        const unprocessedKeys: Record<string, unknown[]> = {};
        for (const [t, s] of Object.entries(req.tables as Record<string, Req>)) {
          const found = out.Responses?.[tableOf(t)] ?? [];
          data[t] = (s.keys as Record<string, unknown>[]).map((k) => fromWireItem(found.find((item) => sameKey(item, toWireMap(k)))) ?? null);
          unprocessedKeys[t] = (out.UnprocessedKeys?.[tableOf(t)]?.Keys ?? []).map(fromWireItem);
        }
        return { data, unprocessedKeys };
      }
      case 'BatchPutItem':
      case 'BatchDeleteItem': {
        const put = req.operation === 'BatchPutItem';
        const RequestItems = Object.fromEntries(Object.entries(req.tables as Record<string, Record<string, unknown>[]>).map(([t, list]) => [tableOf(t), list.map((x) => (put ? { PutRequest: { Item: toWireMap(x) } } : { DeleteRequest: { Key: toWireMap(x) } }))]));
        const out = await client.send(new BatchWriteItemCommand({ RequestItems }));
        const data = Object.fromEntries(Object.entries(req.tables as Record<string, Record<string, unknown>[]>).map(([t, list]) => [t, list.map((x) => fromWireItem(toWireMap(x)))]));
        const unprocessed = Object.fromEntries(Object.keys(req.tables).map((t) => [t, (out.UnprocessedItems?.[tableOf(t)] ?? []).map((w) => fromWireItem(w.PutRequest?.Item ?? w.DeleteRequest?.Key))]));
        return put ? { data, unprocessedItems: unprocessed } : { data, unprocessedKeys: unprocessed };
      }
      case 'TransactGetItems': {
        const out = await client.send(new TransactGetItemsCommand({ TransactItems: (req.transactItems as Req[]).map((i) => ({ Get: { TableName: tableOf(i.table), Key: toWireMap(i.key) } })) }));
        return { items: (out.Responses ?? []).map((r) => fromWireItem(r.Item)), cancellationReasons: null };
      }
      case 'TransactWriteItems': {
        await client.send(new TransactWriteItemsCommand({ TransactItems: (req.transactItems as Req[]).map((i) => transactItem(i, tableOf)) }));
        return { keys: (req.transactItems as Req[]).map((i) => fromWireItem(toWireMap(i.key))), cancellationReasons: null };
      }
      default:
        throw Object.assign(new Error(`Unsupported DynamoDB operation: ${String(req.operation)}`), { name: 'ValidationException' });
    }
  };
  return async (request) => {
    try {
      return { result: await run((request ?? {})) };
    } catch (err) {
      return errorOutcome(err);
    }
  };
}
