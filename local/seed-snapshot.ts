/**
 * The demo seed made once and copied into many runtimes. A test run seeds one runtime the usual way
 * (seedDemoPractice, in a child process: test/support/seed-snapshot-main.ts, started in the
 * background by the run's global setup test/support/shared-services.ts), dumps what the seed left —
 * every item of every table and the local pool's users and groups — into one JSON file, and names it
 * in the environment (SEED_SNAPSHOT_ENV). Every in-memory runtime of that run started once the file
 * exists writes the snapshot into its own tables and its own pool instead of running the seed again
 * (local/runtime.ts); one started before that seeds itself. Each runtime still has its own database
 * and pool; what the seed writes (rows others add to local/seed-*.ts included) is picked up because
 * the snapshot is made by the seed itself, in the same run (so "today" is the same day). `npm start`
 * never reads it (local/start.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BatchWriteItemCommand, ListTablesCommand, ScanCommand, type AttributeValue, type DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { LOCAL_USER_POOL_ID } from '../domain/identity.ts';
import type { SeedResult } from './seed.ts';

/** The path of the run's seed snapshot (a JSON file); unset, each runtime seeds itself. */
export const SEED_SNAPSHOT_ENV = 'PORTAL_SEED_SNAPSHOT';

type Item = Record<string, AttributeValue>;

export interface SeedSnapshot {
  practiceId: string;
  /** Every item of every table, by table name, as DynamoDB returns them. */
  tables: Record<string, Item[]>;
  /** The local pool's file (cognito-local's JSON: users, groups, options). */
  pool: string;
}

/** Where the local pool keeps its users, under the folder given to startLocalCognito (local/cognito/index.ts). */
export function poolFile(cognitoDataDir: string): string {
  return join(cognitoDataDir, 'db', `${LOCAL_USER_POOL_ID}.json`);
}

/** Everything a freshly seeded runtime holds: its tables' items and its pool's file. */
export async function takeSeedSnapshot(practiceId: string, dynamo: DynamoDBClient, cognitoDataDir: string): Promise<SeedSnapshot> {
  const tables: Record<string, Item[]> = {};
  for (const TableName of (await dynamo.send(new ListTablesCommand({}))).TableNames ?? []) {
    const items: Item[] = [];
    let ExclusiveStartKey: Item | undefined;
    do {
      const page = await dynamo.send(new ScanCommand({ TableName, ExclusiveStartKey, ConsistentRead: true }));
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    tables[TableName] = items;
  }
  return { practiceId, tables, pool: readFileSync(poolFile(cognitoDataDir), 'utf8') };
}

let cached: { file: string; snapshot: SeedSnapshot } | null = null;

/**
 * The snapshot SEED_SNAPSHOT_ENV names (read once per process), or null when it names none or its
 * file is not written yet (it is made in the background while a run's first files start).
 */
export function seedSnapshotFromEnv(): SeedSnapshot | null {
  const file = process.env[SEED_SNAPSHOT_ENV];
  if (!file || (cached?.file !== file && !existsSync(file))) return null;
  if (cached?.file !== file) cached = { file, snapshot: JSON.parse(readFileSync(file, 'utf8')) as SeedSnapshot };
  return cached.snapshot;
}

/** Puts the snapshot's pool file where startLocalCognito will read it: call before starting the pool. */
export function restorePool(snapshot: SeedSnapshot, cognitoDataDir: string): void {
  mkdirSync(join(cognitoDataDir, 'db'), { recursive: true });
  writeFileSync(poolFile(cognitoDataDir), snapshot.pool);
}

/** Writes the snapshot's items into the (new, empty) tables: 25 a request, four requests at a time. */
export async function restoreTables(snapshot: SeedSnapshot, dynamo: DynamoDBClient): Promise<SeedResult> {
  const batches: Array<Record<string, WriteRequest[]>> = [];
  for (const [table, items] of Object.entries(snapshot.tables)) {
    for (let i = 0; i < items.length; i += 25) batches.push({ [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) });
  }
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let requests: Record<string, WriteRequest[]> | undefined = batches[next++];
      while (requests && Object.keys(requests).length > 0) requests = (await dynamo.send(new BatchWriteItemCommand({ RequestItems: requests }))).UnprocessedItems;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { created: true, practiceId: snapshot.practiceId };
}
