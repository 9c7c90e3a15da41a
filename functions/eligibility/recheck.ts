/**
 * The monthly eligibility recheck (issue 16), a scheduled job (functions/appointment-reminders/jobs.ts:
 * EventBridge every 5 minutes in AWS, the local runtime's timer). A Query on the Practice table's
 * sparse GSI3 (`ELIGRECHECK#<day>`, set on the client insurance item when it is saved with a payer and
 * member id — domain/insurance/eligibility-recheck.ts) for yesterday and today — no Scan — then per
 * client: claim the recheck with a conditional update moving the keys to next month's day (at most
 * once, overlapping runs are safe), run the check as the system (functions/eligibility/coverage.ts,
 * stored with its time like any check), and flag what changed against the previous check (`changes`
 * on the new check). A clearinghouse that cannot answer stores nothing; the next month tries again.
 * Logs counts only.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { eligibilityChanges, isCheckable, nextRecheckDay, recheckKeys, RECHECK_INDEX_PREFIX } from '../../domain/insurance/eligibility-recheck.ts';
import { newCoverage } from './coverage.ts';
import { getItem, insuranceKey, recentChecks, type Item } from './store.ts';

export const RECHECK_ACTOR = 'system:eligibilityRecheck';

export interface RecheckRun {
  considered: number;
  checked: number;
  changed: number;
  failed: number;
}

export type RecheckOutcome = 'skipped' | 'checked' | 'changed' | 'failed';

/**
 * One client's recheck, the same for the monthly job and "Recheck now" (recheck-now.ts): a client
 * whose insurance is no longer checkable is skipped; otherwise the check runs as `actor`, is stored
 * with its time, and what changed against the check before is written on it. A clearinghouse that
 * cannot answer stores nothing (failed).
 */
export async function recheckClient(practiceId: string, clientId: string, actor: string, now: Date): Promise<RecheckOutcome> {
  const insurance = await getItem(insuranceKey(practiceId, clientId));
  if (!isCheckable(insurance?.data as never)) return 'skipped';
  const before = (await recentChecks(practiceId, clientId, 1))[0];
  try {
    const check = await newCoverage(practiceId, actor, clientId, {}, now);
    const stored = (await recentChecks(practiceId, clientId, 1))[0];
    const changes = eligibilityChanges(before?.summary as never, (stored?.summary ?? {}));
    if (stored && stored.id === check.id && changes.length > 0) {
      await dynamo().send(new UpdateCommand({ TableName: table('PRACTICE_TABLE'), Key: { PK: stored.PK, SK: stored.SK }, UpdateExpression: 'SET changes = :c', ExpressionAttributeValues: { ':c': changes } }));
      return 'changed';
    }
    return 'checked';
  } catch {
    return 'failed';
  }
}

export async function recheckEligibility(now = new Date()): Promise<RecheckRun> {
  const run: RecheckRun = { considered: 0, checked: 0, changed: 0, failed: 0 };
  const days = [new Date(now.getTime() - 86_400_000), now].map((d) => d.toISOString().slice(0, 10));
  for (const day of days) {
    let start: Record<string, unknown> | undefined;
    do {
      const found = await dynamo().send(new QueryCommand({
        TableName: table('PRACTICE_TABLE'), IndexName: 'GSI3', KeyConditionExpression: 'GSI3PK = :pk', ExpressionAttributeValues: { ':pk': `${RECHECK_INDEX_PREFIX}${day}` }, ExclusiveStartKey: start, Limit: 100,
      }));
      start = found.LastEvaluatedKey;
      for (const entry of (found.Items ?? []) as Item[]) {
        run.considered += 1;
        const [practiceId, clientId] = String(entry.GSI3SK).split('#');
        if (!practiceId || !clientId) continue;
        const next = recheckKeys(nextRecheckDay(now), practiceId, clientId);
        try {
          await dynamo().send(new UpdateCommand({
            TableName: table('PRACTICE_TABLE'), Key: insuranceKey(practiceId, clientId),
            UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk', ConditionExpression: 'GSI3PK = :old', ExpressionAttributeValues: { ':pk': next.GSI3PK, ':sk': next.GSI3SK, ':old': entry.GSI3PK },
          }));
        } catch (err) {
          if ((err as Error)?.name === 'ConditionalCheckFailedException') continue; // another run has it
          throw err;
        }
        const outcome = await recheckClient(practiceId, clientId, RECHECK_ACTOR, now);
        if (outcome !== 'skipped') run[outcome === 'failed' ? 'failed' : 'checked'] += 1;
        if (outcome === 'changed') run.changed += 1;
      }
    } while (start);
  }
  if (run.considered > 0) console.log(`eligibility recheck: ${JSON.stringify(run)}`);
  return run;
}
