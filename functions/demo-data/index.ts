/**
 * demo-data: AppSync Lambda data source of the demo data set (issue 18; spec part 2 §6 DemoData:
 * the owner — and clinicianAdmin, "as owner"). Payload {field, caller, args} (resolvers/functions/
 * invokeDemoData.ts, after authorize).
 *
 * - loadDemoData: writes the generator's items (generator.ts, `demo: true` on each) into a practice
 *   that has no clients yet, and one record `P#<p>` / `DEMO#SET` listing every key written;
 *   refused when a set is loaded or the practice already has clients (ConflictError, nothing written).
 * - removeDemoData: deletes exactly the listed items that are still demo items (a conditional delete
 *   each: anything the practice wrote itself is never touched), then the record.
 * - getDemoData: whether a set is loaded, when, and its counts.
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { dynamo, table } from '../shared/aws.ts';
import { clientListPartition } from '../../domain/client.ts';
import { demoItems, demoSetRecord, type Item } from './generator.ts';
import { members } from '../supervision/store.ts';
import { isClinician } from '../../domain/permissions.ts';

export interface DemoRequest {
  field: string;
  caller: { sub: string; practiceId: string; roles: string[]; groups: string[] };
  args: Item;
}

export const DEMO_MESSAGES = {
  loaded: 'Demo data is already loaded.',
  notEmpty: 'Demo data can only be loaded into a practice that has no clients yet.',
  none: 'No demo data is loaded.',
} as const;

const setKey = (practiceId: string) => ({ PK: 'P#' + practiceId, SK: 'DEMO#SET' });

async function record(practiceId: string): Promise<Item | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: setKey(practiceId), ConsistentRead: true }));
  return (out.Item as Item | undefined) ?? null;
}

function shape(set: Item | null): Item {
  return { loaded: set !== null, loadedAt: set?.loadedAt ?? null, clients: (set?.counts as Item | undefined)?.clients ?? 0, appointments: (set?.counts as Item | undefined)?.appointments ?? 0 };
}

async function hasClients(practiceId: string): Promise<boolean> {
  for (const archived of [false, true]) {
    const out = await dynamo().send(new QueryCommand({ TableName: table('PRACTICE_TABLE'), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': clientListPartition(practiceId, archived) }, Limit: 1 }));
    if ((out.Items ?? []).length > 0) return true;
  }
  return false;
}

async function batchPut(items: Item[]): Promise<void> {
  const name = table('PRACTICE_TABLE');
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; requests.length > 0; round++) {
      if (round > 8) throw new Error('BatchWrite left items unprocessed');
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [name]: requests } }));
      requests = (out.UnprocessedItems?.[name] ?? []) as typeof requests;
    }
  }
}

async function load(request: DemoRequest, now: Date): Promise<Item> {
  const { caller } = request;
  if (await record(caller.practiceId)) throw new Refusal(DEMO_MESSAGES.loaded, 'ConflictError');
  if (await hasClients(caller.practiceId)) throw new Refusal(DEMO_MESSAGES.notEmpty, 'ConflictError');
  const team = (await members(caller.practiceId)).filter((m) => isClinician(m.roles));
  const clinicians = team.length > 0 ? team.map((m) => ({ sub: m.sub, name: m.name })) : [{ sub: caller.sub, name: '' }];
  const set = demoItems(caller.practiceId, clinicians, caller.sub, now);
  const setItem: Item = demoSetRecord(caller.practiceId, set, caller.sub, now);
  // The record first (conditionally: one set at a time), so a half-written load can still be removed.
  try {
    await dynamo().send(new PutCommand({ TableName: table('PRACTICE_TABLE'), Item: setItem, ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (err) {
    if ((err as Error)?.name === 'ConditionalCheckFailedException') throw new Refusal(DEMO_MESSAGES.loaded, 'ConflictError');
    throw err;
  }
  await batchPut(set.items);
  return shape(setItem);
}

async function remove(request: DemoRequest): Promise<Item> {
  const { caller } = request;
  const set = await record(caller.practiceId);
  if (!set) throw new Refusal(DEMO_MESSAGES.none, 'NotFound');
  const keys = (set.keys as { PK: string; SK: string }[]) ?? [];
  const name = table('PRACTICE_TABLE');
  for (let i = 0; i < keys.length; i += 10) {
    await Promise.all(keys.slice(i, i + 10).map(async (Key) => {
      try {
        await dynamo().send(new DeleteCommand({ TableName: name, Key, ConditionExpression: '#d = :t', ExpressionAttributeNames: { '#d': 'demo' }, ExpressionAttributeValues: { ':t': true } }));
      } catch (err) {
        if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
      }
    }));
  }
  await dynamo().send(new DeleteCommand({ TableName: name, Key: setKey(caller.practiceId) }));
  return shape(null);
}

export async function run(request: DemoRequest, now = new Date()): Promise<unknown> {
  if (!request.caller?.practiceId || !request.caller.sub) throw new Error('demo-data: no caller');
  switch (request.field) {
    case 'getDemoData': return shape(await record(request.caller.practiceId));
    case 'loadDemoData': return load(request, now);
    case 'removeDemoData': return remove(request);
  }
  throw new Error(`demo-data: unknown field ${request.field}`);
}

export const handler = appsyncHandler('demo-data', (event: DemoRequest) => run(event));
