/**
 * Eligibility (issue 16): what a clinician needs to know before the first session, read from a
 * payer's 271 — active or not, plan dates, the mental-health outpatient benefits in network
 * (copay, coinsurance, deductible and remaining, out-of-pocket maximum and remaining, visit limits,
 * prior authorization, telehealth) — and the estimated client responsibility for a session's fee.
 *
 * The 271 arrives as Stedi's JSON (Change Healthcare / Optum eligibility v3 shape): mapStediEligibility
 * maps it here; a raw X12 271 parser may map to the same EligibilitySummary. Money in integer cents.
 * The request side (the 270 / JSON payload and the spec's hyphen rule) is eligibility-request.ts.
 */

/** Service type codes for mental health (X12 EB03): 30 plan coverage, MH, A4–A8 psychiatric, CF/CE providers. */
export const MENTAL_HEALTH_SERVICE_TYPES = ['30', 'MH', 'A4', 'A5', 'A6', 'A7', 'A8', 'CF'] as const;

/** The outpatient codes, most specific first: a benefit for CF outranks one for A8, …, then 30. */
const OUTPATIENT_PREFERENCE = ['CF', 'A8', 'A6', 'MH', 'A4', '30'];

export type EligibilityStatus = 'active' | 'inactive' | 'notFound' | 'payerUnavailable' | 'rejected';

export interface EligibilityProblem {
  /** The payer's AAA reject reason code (e.g. 75 Subscriber/Insured Not Found, 42 Unable to Respond). */
  code: string;
  message: string;
}

export interface MentalHealthBenefits {
  /** The service type the figures were read from (CF, A8, A6, MH, A4 or 30). */
  serviceTypeCode: string | null;
  copayCents: number | null;
  /** Whole percent the client pays after the deductible (20 = 20 %). */
  coinsurancePercent: number | null;
  deductibleCents: number | null;
  deductibleRemainingCents: number | null;
  outOfPocketMaxCents: number | null;
  outOfPocketRemainingCents: number | null;
  visitLimit: number | null;
  visitsRemaining: number | null;
  /** true: the payer requires prior authorization; null: the payer did not say. */
  priorAuthRequired: boolean | null;
  /** true/false when the payer answered for place of service 02/10 (telehealth); null when it did not. */
  telehealthCovered: boolean | null;
}

export interface EligibilitySummary {
  status: EligibilityStatus;
  payerName: string | null;
  memberId: string | null;
  planName: string | null;
  groupNumber: string | null;
  /** ISO dates (YYYY-MM-DD). */
  planBegin: string | null;
  planEnd: string | null;
  mentalHealth: MentalHealthBenefits;
  problems: EligibilityProblem[];
}

/** The parts of Stedi's 271 JSON read here (every field optional: payers leave out what they like). */
export interface StediBenefit {
  code?: string;
  name?: string;
  serviceTypeCodes?: string[];
  coverageLevelCode?: string;
  insuranceTypeCode?: string;
  planCoverage?: string;
  timeQualifierCode?: string;
  benefitAmount?: string;
  benefitPercent?: string;
  quantityQualifierCode?: string;
  benefitQuantity?: string;
  authOrCertIndicator?: string;
  inPlanNetworkIndicatorCode?: string;
  eligibilityAdditionalInformationList?: { codeListQualifierCode?: string; industryCode?: string }[];
  eligibilityAdditionalInformation?: { codeListQualifierCode?: string; industryCode?: string };
  benefitsDateInformation?: { plan?: string; planBegin?: string; planEnd?: string };
}

export interface StediEligibilityResponse {
  controlNumber?: string;
  tradingPartnerServiceId?: string;
  payer?: { name?: string; payorIdentification?: string };
  subscriber?: { memberId?: string; firstName?: string; lastName?: string; dateOfBirth?: string };
  planInformation?: { groupNumber?: string; groupDescription?: string; planNumber?: string; planDescription?: string };
  planDateInformation?: { plan?: string; planBegin?: string; planEnd?: string; eligibility?: string; eligibilityBegin?: string };
  planStatus?: { statusCode?: string; status?: string; planDetails?: string; serviceTypeCodes?: string[] }[];
  benefitsInformation?: StediBenefit[];
  errors?: { code?: string; description?: string; followupAction?: string }[];
}

/** AAA reject reasons that mean "we could not find this person" (not a technical failure). */
const NOT_FOUND_CODES = ['67', '72', '73', '75', '76', '58', '64', '65', '71'];
/** AAA reject reasons that mean "the payer could not answer now" (try again later). */
const UNAVAILABLE_CODES = ['42', '79', '80', 'T4'];

/** Stedi's and X12's CCYYMMDD (or CCYYMMDD-CCYYMMDD range) as ISO dates. */
export function x12DateToIso(value: string | undefined | null): string | null {
  if (!value) return null;
  const d = value.trim().slice(0, 8);
  if (d.length !== 8 || !/^\d{8}$/.test(d)) return null;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

function planDates(plan: StediEligibilityResponse['planDateInformation']): { begin: string | null; end: string | null } {
  if (!plan) return { begin: null, end: null };
  const range = plan.plan ?? plan.eligibility;
  if (range && range.includes('-')) {
    const [from, to] = range.split('-');
    return { begin: x12DateToIso(from), end: x12DateToIso(to) };
  }
  return { begin: x12DateToIso(plan.planBegin ?? plan.eligibilityBegin ?? range), end: x12DateToIso(plan.planEnd) };
}

/** Dollars as the payer writes them ("30", "1500.00", "12.5") to integer cents; null when not a number. */
export function dollarsToCents(value: string | undefined | null): number | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/** Stedi sends benefitPercent as a fraction ("0.2" = 20 %); whole percent, two decimals kept. */
export function percentOf(value: string | undefined | null): number | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) return null;
  return Math.round(n * 10000) / 100;
}

function mentalHealthRank(benefit: StediBenefit): number {
  const codes = benefit.serviceTypeCodes ?? [];
  const ranks = codes.map((c) => OUTPATIENT_PREFERENCE.indexOf(c)).filter((i) => i >= 0);
  return ranks.length ? Math.min(...ranks) : -1;
}

/** In network first (Y), then "applies to both" (W) or unstated; out of network (N) never. */
function networkRank(benefit: StediBenefit): number {
  const code = benefit.inPlanNetworkIndicatorCode;
  if (code === 'Y') return 0;
  if (code === 'W' || code === undefined || code === '') return 1;
  return -1;
}

/** Individual before family (the client's own figures), then unstated. */
function levelRank(benefit: StediBenefit): number {
  const level = benefit.coverageLevelCode;
  if (level === 'IND' || level === 'EMP') return 0;
  if (level === undefined || level === '') return 1;
  return 2;
}

const REMAINING = '29';
const PER_PERIOD = ['', '21', '22', '23', '24', '25', '27', '32', '33', '34'];

/** The best in-network mental-health benefit of a kind: most specific service type, individual level. */
function pick(benefits: StediBenefit[], code: string, time?: 'total' | 'remaining'): StediBenefit | null {
  const candidates = benefits.filter((b) => {
    if (b.code !== code || mentalHealthRank(b) < 0 || networkRank(b) < 0) return false;
    if (time === 'remaining') return b.timeQualifierCode === REMAINING;
    if (time === 'total') return PER_PERIOD.includes(b.timeQualifierCode ?? '') && b.timeQualifierCode !== '32';
    return true;
  });
  candidates.sort((a, b) => networkRank(a) - networkRank(b) || mentalHealthRank(a) - mentalHealthRank(b) || levelRank(a) - levelRank(b));
  return candidates[0] ?? null;
}

function placeOfServiceCodes(b: StediBenefit): string[] {
  const list = b.eligibilityAdditionalInformationList ?? (b.eligibilityAdditionalInformation ? [b.eligibilityAdditionalInformation] : []);
  return list.filter((i) => i.codeListQualifierCode === 'ZZ' || i.codeListQualifierCode === undefined).map((i) => i.industryCode ?? '');
}

function telehealthOf(benefits: StediBenefit[]): boolean | null {
  const tele = benefits.filter((b) => mentalHealthRank(b) >= 0 && placeOfServiceCodes(b).some((c) => c === '02' || c === '10'));
  if (tele.some((b) => b.code === 'I')) return false;
  if (tele.length > 0) return true;
  return null;
}

function priorAuthOf(benefits: StediBenefit[]): boolean | null {
  const mh = benefits.filter((b) => mentalHealthRank(b) >= 0 && networkRank(b) >= 0 && b.authOrCertIndicator);
  if (mh.some((b) => b.authOrCertIndicator === 'Y')) return true;
  if (mh.some((b) => b.authOrCertIndicator === 'N')) return false;
  return null;
}

function quantity(b: StediBenefit | null): number | null {
  if (!b || b.benefitQuantity === undefined) return null;
  const n = Number(b.benefitQuantity);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** A visit limit: EB01 F (limitations) with quantity qualifier VS (visits). */
function visits(benefits: StediBenefit[], time: 'total' | 'remaining'): number | null {
  return quantity(pick(benefits.filter((b) => b.quantityQualifierCode === 'VS'), 'F', time));
}

function statusOf(response: StediEligibilityResponse, problems: EligibilityProblem[]): EligibilityStatus {
  if (problems.length > 0) {
    if (problems.some((p) => UNAVAILABLE_CODES.includes(p.code))) return 'payerUnavailable';
    if (problems.some((p) => NOT_FOUND_CODES.includes(p.code))) return 'notFound';
    return 'rejected';
  }
  const statuses = (response.planStatus ?? []).map((s) => s.statusCode);
  const codes = (response.benefitsInformation ?? []).map((b) => b.code);
  if (statuses.includes('1') || codes.some((c) => c === '1' || c === '2' || c === '3' || c === '4' || c === '5')) return 'active';
  return 'inactive';
}

const EMPTY_BENEFITS: MentalHealthBenefits = {
  serviceTypeCode: null, copayCents: null, coinsurancePercent: null, deductibleCents: null, deductibleRemainingCents: null,
  outOfPocketMaxCents: null, outOfPocketRemainingCents: null, visitLimit: null, visitsRemaining: null, priorAuthRequired: null, telehealthCovered: null,
};

/** Stedi's 271 JSON → what the clinician reads. Never throws on a payer's omissions; unknown is null. */
export function mapStediEligibility(response: StediEligibilityResponse): EligibilitySummary {
  const problems: EligibilityProblem[] = (response.errors ?? []).map((e) => ({ code: String(e.code ?? ''), message: String(e.description ?? 'The payer refused the request') }));
  const status = statusOf(response, problems);
  const dates = planDates(response.planDateInformation);
  const benefits = (response.benefitsInformation ?? []).filter((b) => b && typeof b === 'object');
  const copay = pick(benefits, 'B');
  const coinsurance = pick(benefits, 'A');
  const deductible = pick(benefits, 'C', 'total');
  const deductibleLeft = pick(benefits, 'C', 'remaining');
  const oop = pick(benefits, 'G', 'total');
  const oopLeft = pick(benefits, 'G', 'remaining');
  const chosen = [copay, coinsurance, deductible].find((b) => b !== null);
  const chosenCode = chosen ? OUTPATIENT_PREFERENCE[mentalHealthRank(chosen)] ?? null : null;
  const active = status === 'active';
  const planName = response.planInformation?.planDescription ?? benefits.find((b) => b.code === '1' && b.planCoverage)?.planCoverage ?? response.planInformation?.groupDescription ?? null;
  return {
    status,
    payerName: response.payer?.name ?? null,
    memberId: response.subscriber?.memberId ?? null,
    planName,
    groupNumber: response.planInformation?.groupNumber ?? null,
    planBegin: dates.begin,
    planEnd: dates.end,
    mentalHealth: active
      ? {
          serviceTypeCode: chosenCode,
          copayCents: dollarsToCents(copay?.benefitAmount),
          coinsurancePercent: percentOf(coinsurance?.benefitPercent),
          deductibleCents: dollarsToCents(deductible?.benefitAmount),
          deductibleRemainingCents: dollarsToCents(deductibleLeft?.benefitAmount),
          outOfPocketMaxCents: dollarsToCents(oop?.benefitAmount),
          outOfPocketRemainingCents: dollarsToCents(oopLeft?.benefitAmount),
          visitLimit: visits(benefits, 'total'),
          visitsRemaining: visits(benefits, 'remaining'),
          priorAuthRequired: priorAuthOf(benefits),
          telehealthCovered: telehealthOf(benefits),
        }
      : { ...EMPTY_BENEFITS },
    problems,
  };
}

export interface ResponsibilityEstimate {
  /** What the client is expected to pay for this session, in cents. */
  clientCents: number;
  /** What the plan is expected to pay, in cents. */
  planCents: number;
  /** How it was reached: notCovered, copay, deductible+coinsurance, coinsurance, deductible, unknown. */
  basis: 'notCovered' | 'copay' | 'deductibleAndCoinsurance' | 'coinsurance' | 'deductible' | 'unknown';
}

/**
 * The client's estimated share of one session's fee (cents). The usual outpatient rule: a copay
 * plan charges the copay (capped at the fee); otherwise the fee goes toward the remaining deductible
 * first, then coinsurance applies to the rest. Both capped at the out-of-pocket remaining when known.
 * An inactive or unknown plan leaves the whole fee to the client (basis says which).
 */
export function estimateResponsibility(summary: EligibilitySummary, feeCents: number): ResponsibilityEstimate {
  const fee = Math.max(0, Math.round(feeCents));
  if (summary.status !== 'active') return { clientCents: fee, planCents: 0, basis: 'notCovered' };
  const mh = summary.mentalHealth;
  const cap = (cents: number) => (mh.outOfPocketRemainingCents === null ? cents : Math.min(cents, mh.outOfPocketRemainingCents));
  if (mh.copayCents !== null) {
    const client = cap(Math.min(fee, mh.copayCents));
    return { clientCents: client, planCents: fee - client, basis: 'copay' };
  }
  const deductibleLeft = mh.deductibleRemainingCents ?? 0;
  const towardDeductible = Math.min(fee, deductibleLeft);
  const rest = fee - towardDeductible;
  if (mh.coinsurancePercent !== null) {
    const client = cap(towardDeductible + Math.round((rest * mh.coinsurancePercent) / 100));
    return { clientCents: client, planCents: fee - client, basis: towardDeductible > 0 ? 'deductibleAndCoinsurance' : 'coinsurance' };
  }
  if (mh.deductibleRemainingCents !== null) {
    const client = cap(towardDeductible);
    return { clientCents: client, planCents: fee - client, basis: 'deductible' };
  }
  return { clientCents: fee, planCents: 0, basis: 'unknown' };
}
