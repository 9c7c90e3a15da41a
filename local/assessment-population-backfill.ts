/**
 * Rebuilds one practice's population aggregates (issue 13) from its stored responses: the month
 * counters (`AssessCount#…`), the current state (`AssessState#…`) and each client × instrument
 * item's baseline and latest (`AssessBase#…`, with the dashboard's "worsened" index keys) — for
 * responses stored before the counters existed (or before the current state did). It replays every
 * response, per client and instrument in submission order, through the same pure rules the
 * response's transaction uses (domain/assessments/population.ts), so the result is what the live
 * path would have written; then it writes the items whole and deletes aggregate items no response
 * accounts for. Idempotent: a second run writes the same items. Reads are Queries on the practice's
 * partition (no Scan). Run it while the practice submits no responses (a response arriving during
 * the run may be missed or counted twice; running it again afterwards corrects that).
 *
 *   AWS:   AWS_PROFILE=… AWS_REGION=… npx tsx local/assessment-population-backfill.ts --table <Practice table> --practice <practiceId> [--dry-run]
 *   local: npx tsx local/assessment-population-backfill.ts --table portal-local-Practice --practice <id> --endpoint http://127.0.0.1:<port>
 */
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { instrumentById } from '../domain/assessments/instruments.ts';
import { outcomeOf } from '../domain/assessments/outcome.ts';
import { COUNTER_PREFIX, STATE_PREFIX, applyUpdates, populationUpdates, worsenedKeys, type Latest } from '../domain/assessments/population.ts';
import { baselineKey } from '../domain/assessments/items.ts';

type Item = Record<string, unknown>;

export interface BackfillResult {
  responses: number;
  /** Counter and state items written. */
  aggregates: number;
  /** Client × instrument items updated. */
  baselines: number;
  /** Aggregate items no response accounts for, deleted. */
  removed: number;
}

async function queryAll(db: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    out.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

const prefixed = (table: string, practiceId: string, prefix: string, extra: Partial<QueryCommandInput> = {}): QueryCommandInput => ({
  TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':p': prefix }, ConsistentRead: true, ...extra,
});

interface Chain {
  clientId: string;
  instrumentId: string;
  therapistId: string;
  baseline: { score: number; responseId: string; at: string } | null;
  latest: Latest | null;
  latestScore: number | null;
  latestAt: string | null;
}

/** The aggregates the practice's responses add up to (pure replay; exported for tests). */
export function replay(practiceId: string, responses: Item[]): { aggregates: Map<string, Item>; chains: Chain[] } {
  const order = (r: Item) => [r.clientId, r.instrumentId, r.submittedAt, r.id].map(String).join('#');
  // Code-unit order (not locale collation): submission times within a client × instrument.
  const sorted = [...responses].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const aggregates = new Map<string, Item>();
  const chains = new Map<string, Chain>();
  for (const r of sorted) {
    const instrument = instrumentById(r.instrumentId);
    if (!instrument || typeof r.submittedAt !== 'string' || typeof r.clientId !== 'string') continue;
    const key = `${r.clientId}#${instrument.id}`;
    const chain = chains.get(key) ?? { clientId: r.clientId, instrumentId: instrument.id, therapistId: String(r.therapistId), baseline: null, latest: null, latestScore: null, latestAt: null };
    chains.set(key, chain);
    const score = typeof r.score === 'number' ? r.score : null;
    const outcome = outcomeOf(instrument, chain.baseline?.score ?? score, score);
    const moved = populationUpdates({
      practiceId, therapistId: String(r.therapistId), instrumentId: instrument.id, month: r.submittedAt.slice(0, 7), band: typeof r.band === 'string' ? r.band : 'incomplete',
      score, alert: !!r.alertId, outcome, followUp: chain.baseline !== null,
    }, chain.latest);
    applyUpdates(aggregates, moved.updates);
    if (score === null) continue;
    chain.baseline ??= { score, responseId: String(r.id), at: r.submittedAt };
    chain.latest = moved.latest;
    chain.latestScore = score;
    chain.latestAt = r.submittedAt;
    chain.therapistId = String(r.therapistId);
  }
  return { aggregates, chains: [...chains.values()].filter((c) => c.baseline !== null) };
}

async function writeAll(db: DynamoDBDocumentClient, table: string, requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 8) throw new Error('BatchWrite kept leaving items unprocessed');
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = out.UnprocessedItems?.[table] ?? [];
      if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

export async function backfillPopulation(db: DynamoDBDocumentClient, practiceTable: string, practiceId: string, options: { dryRun?: boolean } = {}): Promise<BackfillResult> {
  const responses = await queryAll(db, prefixed(practiceTable, practiceId, 'AssessResp#', {
    ProjectionExpression: 'id, clientId, therapistId, instrumentId, submittedAt, score, band, alertId',
  }));
  const { aggregates, chains } = replay(practiceId, responses);
  const existing = [
    ...(await queryAll(db, prefixed(practiceTable, practiceId, COUNTER_PREFIX, { ProjectionExpression: 'PK, SK' }))),
    ...(await queryAll(db, prefixed(practiceTable, practiceId, STATE_PREFIX, { ProjectionExpression: 'PK, SK' }))),
  ];
  const stale = existing.filter((e) => !aggregates.has(e.SK as string));
  const result: BackfillResult = { responses: responses.length, aggregates: aggregates.size, baselines: chains.length, removed: stale.length };
  if (options.dryRun) return result;
  await writeAll(db, practiceTable, [
    ...[...aggregates.values()].map((Item) => ({ PutRequest: { Item } })),
    ...stale.map((e) => ({ DeleteRequest: { Key: { PK: e.PK, SK: e.SK } } })),
  ]);
  for (const c of chains) {
    const worse = c.latest?.direction === 'worse' && c.latestAt ? worsenedKeys(practiceId, c.clientId, c.instrumentId, c.latestAt) : null;
    // The version moves on: a response's transaction that read the item before this write is refused
    // (nothing written; the client submits again) rather than moving the client from a stale latest.
    await db.send(new UpdateCommand({
      TableName: practiceTable, Key: baselineKey(practiceId, c.clientId, c.instrumentId),
      UpdateExpression: `SET entity = :e, clientId = :c, instrumentId = :i, therapistId = :t, score = :s, responseId = :r, #at = :at, latest = :l, latestScore = :ls, latestAt = :la${worse ? ', GSI3PK = :gpk, GSI3SK = :gsk' : ''} ADD version :one${worse ? '' : ' REMOVE GSI3PK, GSI3SK'}`,
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: {
        ':e': 'AssessmentBaseline', ':c': c.clientId, ':i': c.instrumentId, ':t': c.therapistId, ':s': c.baseline!.score, ':r': c.baseline!.responseId, ':at': c.baseline!.at,
        ':l': c.latest, ':ls': c.latestScore, ':la': c.latestAt, ':one': 1, ...(worse ? { ':gpk': worse.GSI3PK, ':gsk': worse.GSI3SK } : {}),
      },
    }));
  }
  return result;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = arg('table');
  const practiceId = arg('practice');
  if (!table || !practiceId) {
    console.error('Usage: npx tsx local/assessment-population-backfill.ts --table <Practice table> --practice <practiceId> [--endpoint <url>] [--dry-run]');
    process.exit(2);
  }
  const endpoint = arg('endpoint');
  const db = DynamoDBDocumentClient.from(new DynamoDBClient(endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}), { marshallOptions: { removeUndefinedValues: true } });
  backfillPopulation(db, table, practiceId, { dryRun: process.argv.includes('--dry-run') })
    .then((r) => console.log(JSON.stringify(r)))
    .catch((error: Error) => {
      console.error(error.name, error.message);
      process.exit(1);
    });
}
