/**
 * Double submit (issue 15): a money mutation carries the browser's requestId; the record
 * BREQ#<requestId> is written in the same transaction as the change, so a repeat finds it and
 * answers the first result instead of storing anything twice. Kept 7 days (TTL).
 */
import { requestKey } from '../../domain/billing/keys.ts';
import { BILLING_MESSAGES, invalid, isId, type Item } from './request.ts';
import { getItem, put } from './store.ts';

export function requestIdOf(value: unknown): string {
  if (!isId(value)) throw invalid('Missing or malformed request id.', [{ field: 'requestId', reason: 'format' }]);
  return value;
}

/** The first result's id when this request was already carried out (same operation), else null. */
export async function priorResult(practiceId: string, requestId: string, op: string): Promise<string | null> {
  const prior = await getItem(requestKey(practiceId, requestId));
  if (!prior) return null;
  if (prior.op !== op) throw invalid(BILLING_MESSAGES.requestReused, [{ field: 'requestId', reason: 'duplicate' }]);
  return prior.resultId as string;
}

export function requestRecord(practiceId: string, requestId: string, op: string, resultId: string, now: Date): Item {
  return put({ ...requestKey(practiceId, requestId), entity: 'BillingRequest', op, resultId, createdAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 7 * 86400 }, 'attribute_not_exists(PK)');
}
