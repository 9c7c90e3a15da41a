/**
 * The monthly eligibility recheck (issue 16: "recheck in bulk before the week's sessions, flag
 * changes"): every client whose insurance is on file (billing type insurance, payer and member id)
 * is checked again on the 25th of each month (UTC), before the next month's sessions. The client
 * insurance item carries sparse GSI3 keys for its next recheck day; the scheduled job
 * (functions/eligibility/recheck.ts) reads that day's entries, moves each to the next month before
 * checking (at most once), and flags what changed against the previous check.
 */
export const RECHECK_DAY_OF_MONTH = 25;
export const RECHECK_INDEX_PREFIX = 'ELIGRECHECK#';

/** The next recheck day strictly after `now`'s UTC day (YYYY-MM-DD). */
export function nextRecheckDay(now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const target = now.getUTCDate() < RECHECK_DAY_OF_MONTH ? new Date(Date.UTC(y, m, RECHECK_DAY_OF_MONTH)) : new Date(Date.UTC(y, m + 1, RECHECK_DAY_OF_MONTH));
  return target.toISOString().slice(0, 10);
}

/** The sparse GSI3 keys of a client insurance item due for its recheck on `day`. */
export function recheckKeys(day: string, practiceId: string, clientId: string): { GSI3PK: string; GSI3SK: string } {
  return { GSI3PK: `${RECHECK_INDEX_PREFIX}${day}`, GSI3SK: `${practiceId}#${clientId}` };
}

/** Whether a client's insurance is complete enough to be checked. */
export function isCheckable(data: { billingType?: string; insuranceInfo?: { payerId?: string | null; memberId?: string | null } } | null | undefined): boolean {
  return data?.billingType === 'insurance' && !!data.insuranceInfo?.payerId && !!data.insuranceInfo?.memberId;
}

interface SummaryLike {
  status?: string;
  planBegin?: string | null;
  planEnd?: string | null;
  mentalHealth?: Record<string, unknown> | null;
}

const WATCHED = ['copayCents', 'coinsurancePercent', 'deductibleRemainingCents', 'outOfPocketRemainingCents', 'visitsRemaining', 'priorAuthRequired', 'telehealthCovered'] as const;

/** What changed between two checks' summaries, by name: status, planEnd, and the mental-health benefits a front desk quotes. */
export function eligibilityChanges(before: SummaryLike | null | undefined, after: SummaryLike): string[] {
  if (!before) return [];
  const out: string[] = [];
  if (before.status !== after.status) out.push('status');
  if ((before.planEnd ?? null) !== (after.planEnd ?? null)) out.push('planEnd');
  for (const key of WATCHED) {
    if ((before.mentalHealth?.[key] ?? null) !== (after.mentalHealth?.[key] ?? null)) out.push(key);
  }
  return out;
}
