/**
 * A stored eligibility check as the API returns it (schema.graphql EligibilityCheck), and the keys
 * of the checks' lists (issue 16). Used by the eligibility Lambda and by the Query.getCoverage
 * resolver, so APPSYNC_JS-safe: no regex, no spread of unknown shapes, no classes, no try.
 *   PK P#<practice>            SK     Eligibility#<checkedAt>#<id>   the practice's checks
 *   GSI1PK P#<practice>#C#<client>  GSI1SK the same                 one client's checks
 *   GSI2PK P#<practice>#U#<clinician> GSI2SK the same               a clinician's clients' checks
 */
export const CHECK_PREFIX = 'Eligibility#';

export function clientChecksPartition(practiceId: string, clientId: string): string {
  return 'P#' + practiceId + '#C#' + clientId;
}

export function clinicianChecksPartition(practiceId: string, therapistId: string): string {
  return 'P#' + practiceId + '#U#' + therapistId;
}

function orNull(value: unknown): unknown {
  return value === undefined ? null : value;
}

export function toEligibilityCheck(item: Record<string, unknown>): Record<string, unknown> {
  const summary = (item.summary || {}) as Record<string, unknown>;
  return {
    id: item.id,
    clientId: item.clientId,
    clientName: orNull(item.clientName),
    checkedAt: item.checkedAt,
    checkedBy: item.checkedBy,
    payerId: item.payerId,
    payerName: orNull(item.payerName || summary.payerName),
    memberId: orNull(item.memberId || summary.memberId),
    clearinghouse: item.clearinghouse,
    status: summary.status,
    planName: orNull(summary.planName),
    groupNumber: orNull(summary.groupNumber),
    planBegin: orNull(summary.planBegin),
    planEnd: orNull(summary.planEnd),
    mentalHealth: summary.mentalHealth || {},
    problems: summary.problems || [],
    serviceCode: orNull(item.serviceCode),
    feeCents: orNull(item.feeCents),
    estimate: orNull(item.estimate),
    raw: orNull(item.raw),
    // The monthly recheck's flags: what changed since the check before (status, planEnd, benefits).
    changes: item.changes || [],
  };
}
