/**
 * Candidate claims for a held ERA payment (issue 16, session 8): the practice's claims a biller may
 * choose when matching a held CLP by hand. A claim is a candidate when it can take the payment (the
 * caller passes only claims in a payable stage) and either has the same member id, or was billed the
 * same amount for a service date near the payment's (within NEAR_DAYS days). Each candidate says
 * why (sameMember, sameCharge, nearDate, sameCode) so the biller reads the evidence; the closest come
 * first: the same member, then the most reasons, then the nearest date. A claim on which this ERA
 * is already posted is no candidate. Pure.
 */
import type { EraClaim } from './era.ts';
import type { ClaimForPosting } from './era-posting.ts';

export type CandidateReason = 'sameMember' | 'sameCharge' | 'nearDate' | 'sameCode';

export interface Candidate {
  claimId: string;
  reasons: CandidateReason[];
  /** Days between the nearest service dates of the payment and the claim; null when the payment names none. */
  daysApart: number | null;
}

/** How far apart (days) a payment's and a claim's service dates may be for the amount alone to make it a candidate. */
export const NEAR_DAYS = 7;
/** At most this many candidates are offered. */
export const MAX_CANDIDATES = 10;

const normal = (id: string | undefined) => (id ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
const dayOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** The service dates and codes the payment names (its SVC lines). */
export function paymentServices(clp: EraClaim): { dates: string[]; codes: string[] } {
  const dates = [...new Set(clp.lines.map((l) => l.serviceDate).filter((d): d is string => !!d))].sort();
  const codes = [...new Set(clp.lines.map((l) => l.submittedProcedureCode ?? l.procedureCode))];
  return { dates, codes };
}

function daysApart(dates: string[], claim: ClaimForPosting): number | null {
  if (dates.length === 0 || claim.lines.length === 0) return null;
  let best = Infinity;
  for (const d of dates) for (const l of claim.lines) best = Math.min(best, Math.abs(dayOf(d) - dayOf(l.serviceDate)));
  return best;
}

export function candidateClaims(clp: EraClaim, claims: ClaimForPosting[], eraKey: string): Candidate[] {
  const member = normal(clp.patient?.memberId);
  const { dates, codes } = paymentServices(clp);
  const out: Candidate[] = [];
  for (const claim of claims) {
    if (claim.posted.eraKeys.includes(eraKey)) continue;
    const apart = daysApart(dates, claim);
    const reasons: CandidateReason[] = [];
    if (member !== '' && normal(claim.memberId) === member) reasons.push('sameMember');
    if (claim.chargeCents === clp.chargeCents) reasons.push('sameCharge');
    if (apart !== null && apart <= NEAR_DAYS) reasons.push('nearDate');
    if (claim.lines.some((l) => codes.includes(l.procedureCode))) reasons.push('sameCode');
    const candidate = reasons.includes('sameMember') || (reasons.includes('sameCharge') && reasons.includes('nearDate'));
    if (candidate) out.push({ claimId: claim.claimId, reasons, daysApart: apart });
  }
  const rank = (c: Candidate) => [c.reasons.includes('sameMember') ? 0 : 1, -c.reasons.length, c.daysApart ?? Infinity];
  return out
    .sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a.claimId.localeCompare(b.claimId);
    })
    .slice(0, MAX_CANDIDATES);
}
