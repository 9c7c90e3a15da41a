/**
 * "Recheck now" on /app/coverage (issue 16): every insured client of the practice checked again, in
 * the background, by the same code as the monthly job (recheck.ts recheckClient). One job record per
 * practice (`EligibilityRecheck` in its partition) with done of total and the counts; a second start
 * while one runs is refused (a job whose leg has not moved for 10 minutes is taken as dead, so a lost
 * leg never blocks the button). The work is done in legs of the eligibility Lambda invoked
 * asynchronously (hand-over.ts): each leg rechecks clients in id order after the job's cursor until its
 * budget (15 s of the Lambda's 25) is spent, then starts the next leg and returns. The cursor and counts
 * move after each client, conditioned on the job id, so a retried leg resumes where it stopped. Counts
 * only, never names, in the record and the log.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { dynamo, table } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { practicePartition } from '../../domain/tables.ts';
import { isCheckable } from '../../domain/insurance/eligibility-recheck.ts';
import { recheckClient } from './recheck.ts';
import { handOver } from './hand-over.ts';
import { getItem, type Item } from './store.ts';

export const RECHECK_JOB_SK = 'EligibilityRecheck';
const STALE_MS = 10 * 60_000;
const legBudgetMs = () => Number(process.env.ELIGIBILITY_RECHECK_LEG_MS) || 15_000;

export interface RecheckLeg {
  field: 'eligibilityRecheckLeg';
  practiceId: string;
  jobId: string;
}

const jobKey = (practiceId: string) => ({ PK: practicePartition(practiceId), SK: RECHECK_JOB_SK });

function toJob(item: Item | null): Item | null {
  if (!item) return null;
  return {
    id: item.id, status: item.status, total: item.total, done: item.done, checked: item.checked, changed: item.changed, failed: item.failed,
    startedAt: item.startedAt, startedBy: item.startedBy, finishedAt: item.finishedAt ?? null,
  };
}

export async function recheckJob(practiceId: string): Promise<Item | null> {
  return toJob(await getItem(jobKey(practiceId)));
}

/** The practice's insured clients (checkable insurance), in id order: one Query of its partition's ClientInsurance items, paged. */
async function insuredClients(practiceId: string): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({
      TableName: table('PRACTICE_TABLE'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': practicePartition(practiceId), ':p': 'ClientInsurance#' },
      ProjectionExpression: 'clientId, #d', ExpressionAttributeNames: { '#d': 'data' }, ExclusiveStartKey: start,
    }));
    for (const item of (page.Items ?? []) as Item[]) if (typeof item.clientId === 'string' && isCheckable(item.data as never)) ids.push(item.clientId);
    start = page.LastEvaluatedKey;
  } while (start);
  return ids.sort();
}

export async function startRecheck(practiceId: string, caller: string, now = new Date()): Promise<Item> {
  const total = (await insuredClients(practiceId)).length;
  const at = now.toISOString();
  const job: Item = { ...jobKey(practiceId), entityType: 'EligibilityRecheck', id: randomUUID(), status: total === 0 ? 'done' : 'running', total, done: 0, checked: 0, changed: 0, failed: 0, cursor: '', startedAt: at, startedBy: caller, legAt: at, ...(total === 0 ? { finishedAt: at } : {}) };
  try {
    await dynamo().send(new PutCommand({
      TableName: table('PRACTICE_TABLE'), Item: job,
      ConditionExpression: 'attribute_not_exists(PK) OR #s <> :running OR legAt < :stale',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':running': 'running', ':stale': new Date(now.getTime() - STALE_MS).toISOString() },
    }));
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error)?.name === 'ConditionalCheckFailedException') {
      const running = await recheckJob(practiceId);
      throw new Refusal(`A recheck is already running (${Number(running?.done ?? 0)} of ${Number(running?.total ?? 0)} clients checked). Wait until it finishes, then start another.`, 'ConflictError');
    }
    throw err;
  }
  if (total > 0) await handOver({ field: 'eligibilityRecheckLeg', practiceId, jobId: String(job.id) });
  return toJob(job)!;
}

/** One leg: clients after the cursor until the budget is spent, then the next leg (or done). */
export async function runRecheckLeg(leg: RecheckLeg, clock: () => Date = () => new Date()): Promise<void> {
  const started = Date.now();
  const job = await getItem(jobKey(leg.practiceId));
  if (!job || job.id !== leg.jobId || job.status !== 'running') return; // finished, replaced, or another's
  const pending = (await insuredClients(leg.practiceId)).filter((id) => id > (typeof job.cursor === 'string' ? job.cursor : ''));
  let gone = 0;
  for (const clientId of pending) {
    // At least one client a leg, so a slow clearinghouse still moves the job on.
    if (gone > 0 && Date.now() - started >= legBudgetMs()) {
      await dynamo().send(new UpdateCommand({ TableName: table('PRACTICE_TABLE'), Key: jobKey(leg.practiceId), UpdateExpression: 'SET legAt = :at', ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':at': clock().toISOString(), ':id': leg.jobId } }));
      await handOver(leg);
      return;
    }
    gone += 1;
    const outcome = await recheckClient(leg.practiceId, clientId, String(job.startedBy), clock());
    const counts = outcome === 'skipped' ? [] : outcome === 'failed' ? ['failed'] : outcome === 'changed' ? ['checked', 'changed'] : ['checked'];
    await dynamo().send(new UpdateCommand({
      TableName: table('PRACTICE_TABLE'), Key: jobKey(leg.practiceId),
      UpdateExpression: `SET #cursor = :c, legAt = :at ADD #done :one${counts.map((c) => `, #${c} :one`).join('')}`,
      ConditionExpression: 'id = :id', ExpressionAttributeNames: { '#cursor': 'cursor', '#done': 'done', ...Object.fromEntries(counts.map((c) => [`#${c}`, c])) }, ExpressionAttributeValues: { ':c': clientId, ':at': clock().toISOString(), ':one': 1, ':id': leg.jobId },
    }));
  }
  const at = clock().toISOString();
  // done is the clients gone through; a client insured after the start may make it more than total: total follows.
  await dynamo().send(new UpdateCommand({
    TableName: table('PRACTICE_TABLE'), Key: jobKey(leg.practiceId), UpdateExpression: 'SET #s = :done, finishedAt = :at, legAt = :at, #total = #done',
    ConditionExpression: 'id = :id', ExpressionAttributeNames: { '#s': 'status', '#total': 'total', '#done': 'done' }, ExpressionAttributeValues: { ':done': 'done', ':at': at, ':id': leg.jobId},
  }));
  const final = await getItem(jobKey(leg.practiceId));
  console.log(`eligibility recheck now: ${JSON.stringify({ total: final?.total, checked: final?.checked, changed: final?.changed, failed: final?.failed })}`);
}
