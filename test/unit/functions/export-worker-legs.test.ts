// The export worker's legs (issue 18, session 8) with a mocked DynamoDB and Lambda and the local
// object store in a temporary folder: a budget of 0 makes every unit a leg of its own; the zip of
// the legs equals a one-pass export's; a crash between a piece and its state, retried with the same
// event, doubles nothing; a late duplicate of a leg does nothing; the audit entry is written once;
// a leg failing three times marks the export FAILED.
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { unzipSync } from 'fflate';
import { runLeg, type ExportEvent } from '../../../functions/export-worker/index.ts';

type Item = Record<string, any>;
const root = mkdtempSync(join(tmpdir(), 'export-legs-'));
Object.assign(process.env, { PRACTICE_TABLE: 'Practice', AUDIT_TABLE: 'Audit', DIRECTORY_TABLE: 'Directory', BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9/unused', LOCAL_S3_ROOT: root, EXPORT_WORKER: 'export-worker' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dynamo = mockClient(DynamoDBDocumentClient);
const lambda = mockClient(LambdaClient);
const P = 'p1';
let items: Item[];
let records: Map<string, Item>;
let invoked: ExportEvent[];
let audits: number;
/** Throws on the next checkpoint (the state saved after a piece) this many times. */
let failCheckpoints: number;

function holds(item: Item, clause: string, names: Record<string, string>, values: Item): boolean {
  const name = (n: string) => (n.startsWith('#') ? names[n] : n);
  return clause.replace(/^\(|\)$/g, '').split(' OR ').some((atom) => {
    const missing = /^attribute_not_exists\((.+)\)$/.exec(atom);
    if (missing) return item[name(missing[1])] === undefined;
    const [l, r] = atom.split(' = ');
    return item[name(l)] === values[r];
  });
}

beforeEach(() => {
  dynamo.reset();
  lambda.reset();
  items = [
    ...[1, 2, 3, 4, 5].map((n) => ({ PK: `P#${P}`, SK: `Client#c${n}`, GSI1PK: 'x', id: `c${n}`, status: 'active', personalDetail: { first: `F${n}`, last: `L${n}` } })),
    ...[1, 2, 3, 4].map((n) => ({ PK: `P#${P}`, SK: `APPT#a${n}`, id: `a${n}`, clientId: `c${n}`, status: 'ATTENDED' })),
    { PK: `P#${P}`, SK: 'ClientName#f1', id: 'c1' },
    { PK: `P#${P}`, SK: 'Settings#practice', name: 'Calm Practice' },
  ];
  const audit = [1, 2, 3].map((n) => ({ PK: `P#${P}`, SK: `2026-11-0${n}#${n}`, action: 'client.read', entityId: `c${n}` }));
  records = new Map();
  invoked = [];
  audits = 0;
  failCheckpoints = 0;
  dynamo.on(QueryCommand).callsFake((input) => {
    if (input.IndexName) return { Items: [] };
    const pk = input.ExpressionAttributeValues[':pk'];
    const prefix = input.ExpressionAttributeValues[':p'] ?? '';
    const all = (input.TableName === 'Audit' ? audit : items).filter((i) => i.PK === pk && i.SK.startsWith(prefix)).sort((a, b) => a.SK.localeCompare(b.SK));
    const from = input.ExclusiveStartKey ? all.findIndex((i) => i.SK === input.ExclusiveStartKey.SK) + 1 : 0;
    const page = all.slice(from, from + (input.Limit ?? 3));
    return { Items: structuredClone(page), LastEvaluatedKey: from + page.length < all.length ? { PK: pk, SK: page[page.length - 1].SK } : undefined };
  });
  dynamo.on(GetCommand).callsFake((input) => ({ Item: structuredClone(records.get(input.Key.SK)) }));
  dynamo.on(UpdateCommand).callsFake((input) => {
    const record = records.get(input.Key.SK);
    const ok = record && input.ConditionExpression.split(' AND ').every((c: string) => holds(record, c, input.ExpressionAttributeNames, input.ExpressionAttributeValues));
    if (!ok) throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    if ('state' in Object.fromEntries(Object.entries(input.ExpressionAttributeNames).map(([, v]) => [v, 1])) && failCheckpoints > 0) {
      failCheckpoints--;
      throw Object.assign(new Error('network'), { name: 'TimeoutError' });
    }
    for (const [k, v] of Object.entries(input.ExpressionAttributeNames as Record<string, string>)) {
      const value = input.ExpressionAttributeValues[k.replace('#f', ':v')];
      if (k.startsWith('#f')) record[v] = value;
    }
    return { Attributes: structuredClone(record) };
  });
  dynamo.on(BatchWriteCommand).callsFake(() => {
    audits++;
    return { UnprocessedItems: {} };
  });
  lambda.on(InvokeCommand).callsFake((input) => {
    invoked.push(JSON.parse(new TextDecoder().decode(input.Payload)));
    return { StatusCode: 202 };
  });
});

function queued(id: string): ExportEvent {
  records.set(`EXPORT#${id}`, { PK: `P#${P}`, SK: `EXPORT#${id}`, id, status: 'QUEUED', records: 0 });
  return { practiceId: P, exportId: id, requestedBy: P, clientId: null, leg: 0 };
}

/** Runs the first leg and every leg it hands over to (Lambda's retry: the same event again, twice). */
async function runAll(first: ExportEvent): Promise<string[]> {
  const outcomes: string[] = [];
  const queue = [first];
  while (queue.length) {
    const event = queue.shift()!;
    const before = invoked.length;
    for (let attempt = 1; ; attempt++) {
      try {
        outcomes.push(await runLeg(event));
        break;
      } catch (err) {
        outcomes.push(`threw ${(err as Error).name}`);
        if (attempt === 3) break;
      }
    }
    queue.push(...invoked.slice(before));
  }
  return outcomes;
}

function zipOf(id: string): Record<string, string> {
  const files = unzipSync(new Uint8Array(readFileSync(join(root, 'media', 'exports', P, `${id}.zip`))));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, k === 'manifest.json' ? JSON.stringify(JSON.parse(new TextDecoder().decode(v)).counts) : new TextDecoder().decode(v)]));
}

describe('the export worker\'s legs', () => {
  it('at a budget of 0 takes a leg a unit, and its zip equals the one-pass export\'s; the audit entry is written once', async () => {
    const onePass = await runAll(queued('1-once'));
    expect(onePass).toEqual(['done']);
    expect(audits).toBe(1);
    process.env.EXPORT_BUDGET_SECONDS = '0';
    let legs: string[] = [];
    try {
      legs = await runAll(queued('2-legs'));
      expect(legs.length).toBeGreaterThanOrEqual(3);
      expect(legs.slice(0, -1).every((o) => o === 'handed-over')).toBe(true);
      expect(legs.at(-1)).toBe('done');
      expect(invoked.map((e) => e.leg)).toEqual(legs.slice(1).map((_, i) => i + 1));
    } finally {
      delete process.env.EXPORT_BUDGET_SECONDS;
    }
    expect(audits).toBe(2);
    const [a, b] = [zipOf('1-once'), zipOf('2-legs')];
    expect(b).toEqual(a);
    expect(a['clients.jsonl'].trim().split('\n').map((l) => JSON.parse(l).id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(a['clients.csv'].trim().split('\r\n')).toHaveLength(6);
    expect(a['audit.jsonl'].trim().split('\n')).toHaveLength(3);
    expect(JSON.parse(a['manifest.json'])).toMatchObject({ appointments: 4, clients: 5, settings: 1, audit: 3, notePdfs: 0 });
    const done = records.get('EXPORT#2-legs')!;
    expect([done.status, done.records, done.leg]).toEqual(['DONE', 4 + 5 + 1 + 3, legs.length - 1]);
    // The pieces are gone once the zip is written.
    expect(existsSync(join(root, 'media', 'exports', P, '2-legs'))).toBe(false);
  });

  it('a crash between a piece and its state, retried with the same event, doubles nothing; a late duplicate of a leg does nothing', async () => {
    process.env.EXPORT_BUDGET_SECONDS = '0';
    try {
      const event = queued('3-crash');
      failCheckpoints = 1;
      // The first leg writes piece 0 and fails saving its state: Lambda runs the same event again.
      await expect(runLeg(event)).rejects.toThrow('network');
      expect(existsSync(join(root, 'media', 'exports', P, '3-crash', 'piece-000000'))).toBe(true);
      expect(records.get('EXPORT#3-crash')).toMatchObject({ status: 'RUNNING', leg: 0, attempt: 1 });
      const outcomes = await runAll(event);
      expect(outcomes.at(-1)).toBe('done');
      expect(records.get('EXPORT#3-crash')!.invocations).toBe(outcomes.length + 1);
      // Delivered again after it finished: nothing runs, nothing is written or sent again.
      expect(await runLeg({ ...event, leg: 1 })).toBe('not-mine');
      expect(await runLeg(event)).toBe('not-mine');
    } finally {
      delete process.env.EXPORT_BUDGET_SECONDS;
    }
    expect(audits).toBe(1);
    const zip = zipOf('3-crash');
    expect(zip['clients.jsonl'].trim().split('\n')).toHaveLength(5);
    expect(zip['appointments.jsonl'].trim().split('\n')).toHaveLength(4);
    expect(JSON.parse(zip['manifest.json'])).toMatchObject({ clients: 5, appointments: 4, audit: 3 });
  });

  it('a leg failing on each of its three attempts marks the export FAILED and leaves no pieces', async () => {
    failCheckpoints = 3;
    const outcomes = await runAll(queued('4-fails'));
    expect(outcomes).toEqual(['threw TimeoutError', 'threw TimeoutError', 'failed']);
    expect(records.get('EXPORT#4-fails')).toMatchObject({ status: 'FAILED', attempt: 3 });
    expect(existsSync(join(root, 'media', 'exports', P, '4-fails'))).toBe(false);
    expect(audits).toBe(0);
  });
});
