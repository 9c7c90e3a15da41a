// The DynamoDB data source against DynamoDB Local: AppSync request objects in, AppSync-shaped
// results and errors out (numbers converted for the wire, conditional failures typed like AppSync).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables, startDynamoDb, type LocalDynamoDb } from '../../local/dynamodb.ts';
import { dynamoDbDataSource } from '../../local/appsync/datasources/dynamodb.ts';
import type { DataSource } from '../../local/appsync/datasources/types.ts';
import { get, operations, put, query, remove, transactWrite, update, util } from '../../local/appsync/runtime/index.ts';
import { resolverEnvironment } from '../../local/appsync/index.ts';

let db: LocalDynamoDb;
let practice: DataSource;
const env = resolverEnvironment('local');
const ctx = { arguments: {}, identity: null, source: null, request: {}, info: {}, prev: { result: null }, stash: {} };
const call = (req: unknown) => practice(req, ctx);

beforeAll(async () => {
  db = await startDynamoDb(null);
  await createTables(db.client);
  practice = dynamoDbDataSource(db.client, env.PracticeTable, (n) => env[n] ?? n);
});
afterAll(async () => {
  await db?.stop();
});

describe('DynamoDB data source', () => {
  it('PutItem / GetItem with numbers, lists, maps, sets and nulls', async () => {
    const item = { name: 'A', version: 1, score: 2.5, tags: ['x'], meta: { n: 3 }, gone: null };
    const putOut = await call({ operation: 'PutItem', key: util.dynamodb.toMapValues({ PK: 'P#1', SK: 'Client#1' }), attributeValues: { ...util.dynamodb.toMapValues(item), roles: util.dynamodb.toStringSet(['a', 'b']), nums: util.dynamodb.toNumberSet([1, 2]) } });
    expect(putOut.error).toBeUndefined();
    const got = await call(get({ key: { PK: 'P#1', SK: 'Client#1' }, consistentRead: true }));
    expect(got.result).toEqual({ PK: 'P#1', SK: 'Client#1', ...item, roles: ['a', 'b'], nums: [1, 2] });
    expect((await call(get({ key: { PK: 'P#1', SK: 'missing' } }))).result).toBeNull();
  });

  it('conditional write failure → DynamoDB:ConditionalCheckFailedException', async () => {
    const req = put({ key: { PK: 'P#1', SK: 'Client#2' }, item: { version: 1 }, condition: { PK: { attributeExists: false } } });
    expect((await call(req)).error).toBeUndefined();
    const again = await call(req);
    expect(again.error?.type).toBe('DynamoDB:ConditionalCheckFailedException');
    expect(again.result).toBeNull();
  });

  it('UpdateItem with optimistic version, returns the new item; DeleteItem returns the old one', async () => {
    const up = await call(update({ key: { PK: 'P#1', SK: 'Client#2' }, update: { version: operations.increment(1), name: 'B' }, condition: { version: { eq: 1 } } }));
    expect(up.result).toEqual({ PK: 'P#1', SK: 'Client#2', version: 2, name: 'B' });
    const stale = await call(update({ key: { PK: 'P#1', SK: 'Client#2' }, update: { name: 'C' }, condition: { version: { eq: 1 } } }));
    expect(stale.error?.type).toBe('DynamoDB:ConditionalCheckFailedException');
    const del = await call(remove({ key: { PK: 'P#1', SK: 'Client#2' } }));
    expect(del.result).toMatchObject({ name: 'B', version: 2 });
  });

  it('Query pages with limit and an opaque nextToken', async () => {
    for (let i = 0; i < 5; i += 1) await call(put({ key: { PK: 'P#Q', SK: `Item#${i}` }, item: { i } }));
    const first = await call(query({ query: { PK: { eq: 'P#Q' }, SK: { beginsWith: 'Item#' } }, limit: 3 }));
    const page1 = first.result as { items: { i: number }[]; nextToken: string; scannedCount: number };
    expect(page1.items.map((x) => x.i)).toEqual([0, 1, 2]);
    expect(page1.nextToken).toBeTruthy();
    const page2 = (await call(query({ query: { PK: { eq: 'P#Q' } }, limit: 3, nextToken: page1.nextToken }))).result as typeof page1;
    expect(page2.items.map((x) => x.i)).toEqual([3, 4]);
    expect(page2.nextToken).toBeNull();
    const tampered = await call(query({ query: { PK: { eq: 'P#Q' } }, nextToken: page1.nextToken.slice(0, -2) + 'xx' }));
    // As AppSync answers a nextToken it cannot decrypt (aws-amplify/amplify-cli#3411).
    expect(tampered.error).toEqual({ type: 'DynamoDB:UserIllegalArgumentException', message: 'com.amazonaws.deepdish.common.pagination.InvalidPaginationTokenException: Invalid pagination token given.' });
  });

  it('BatchGetItem returns items in key order with null for missing keys', async () => {
    const out = await call({ operation: 'BatchGetItem', tables: { PracticeTable: { keys: [util.dynamodb.toMapValues({ PK: 'P#Q', SK: 'Item#4' }), util.dynamodb.toMapValues({ PK: 'P#Q', SK: 'nope' }), util.dynamodb.toMapValues({ PK: 'P#Q', SK: 'Item#1' })] } } });
    expect(out.result).toEqual({ data: { PracticeTable: [{ PK: 'P#Q', SK: 'Item#4', i: 4 }, null, { PK: 'P#Q', SK: 'Item#1', i: 1 }] }, unprocessedKeys: { PracticeTable: [] } });
  });

  it('TransactWriteItems is all-or-nothing and reports cancellation reasons', async () => {
    const ok = await call(transactWrite({ items: [
      { putItem: { table: env.PracticeTable, key: { PK: 'P#T', SK: 'A' }, item: { v: 1 }, condition: { PK: { attributeExists: false } } } },
      { putItem: { table: 'PracticeTable', key: { PK: 'P#T', SK: 'B' }, item: { v: 1 } } },
    ] }));
    expect(ok.result).toEqual({ keys: [{ PK: 'P#T', SK: 'A' }, { PK: 'P#T', SK: 'B' }], cancellationReasons: null });
    const failed = await call(transactWrite({ items: [
      { putItem: { table: 'PracticeTable', key: { PK: 'P#T', SK: 'C' }, item: { v: 1 } } },
      { putItem: { table: 'PracticeTable', key: { PK: 'P#T', SK: 'A' }, item: { v: 2 }, condition: { PK: { attributeExists: false } } } },
    ] }));
    expect(failed.error?.type).toBe('DynamoDB:TransactionCanceledException');
    expect((failed.result as { cancellationReasons: { type: string }[] }).cancellationReasons.map((r) => r.type)).toEqual(['None', 'ConditionalCheckFailed']);
    expect((await call(get({ key: { PK: 'P#T', SK: 'C' } }))).result).toBeNull();
  });
});
