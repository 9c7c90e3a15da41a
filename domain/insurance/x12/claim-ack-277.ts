/**
 * 277CA (005010X214, Health Care Claim Acknowledgment) parser (issue 16): per claim (HL level PT),
 * the patient control number (TRN02), the payer's claim control number (REF*1K), accepted or rejected
 * from the STC status category (A1/A2 accepted; A3/A4/A6/A7/A8 rejected) with every STC reason, and
 * line-level STC under SVC. Matching to our claims is on the patient control number.
 */
import { cents, comp, el, parseX12, type ParsedSegment, type Separators } from './segments.ts';

export type AckStatus = 'accepted' | 'rejected' | 'pending';

export interface AckReason {
  /** Claim status category code (X12 code list 507), e.g. A7. */
  category: string;
  /** Claim status code (X12 code list 508), e.g. 562. */
  code: string;
  /** Entity identifier the status is about (e.g. 85 billing provider, IL subscriber), may be ''. */
  entity: string;
  /** Our words for the biller. */
  text: string;
  /** Service line (procedure code) the reason is about, when given at line level. */
  procedureCode?: string;
}

export interface ClaimAck {
  patientControlNumber: string;
  status: AckStatus;
  payerClaimNumber?: string;
  clearinghouseTrace?: string;
  chargeCents?: number;
  reasons: AckReason[];
  /** Status date (STC02), CCYY-MM-DD. */
  date?: string;
}

const ACCEPTED = ['A1', 'A2'];
const REJECTED = ['A3', 'A4', 'A6', 'A7', 'A8'];

const CATEGORY_TEXT: Record<string, string> = {
  A1: 'Received by the payer',
  A2: 'Accepted into adjudication',
  A3: 'Returned as unprocessable',
  A4: 'Not found',
  A6: 'Rejected for missing information',
  A7: 'Rejected for invalid information',
  A8: 'Rejected for relational field in error',
};

/** The claim status codes a mental-health biller meets most; others are named by number. */
const STATUS_TEXT: Record<string, string> = {
  '19': 'entity acknowledges receipt of the claim',
  '20': 'accepted for processing',
  '21': 'missing or invalid information',
  '33': 'subscriber and subscriber id not found',
  '35': 'claim or encounter not found',
  '97': 'patient eligibility not found with entity',
  '145': "entity's contact name",
  '164': "entity's contract or member number",
  '187': 'date(s) of service',
  '247': 'line information',
  '254': 'principal diagnosis code',
  '255': 'diagnosis code',
  '454': 'procedure code for services rendered',
  '453': 'procedure code modifier(s) for services rendered',
  '484': 'business application currently not available',
  '496': 'submitter not approved for electronic claim submissions on behalf of this entity',
  '562': "entity's National Provider Identifier (NPI)",
  '673': 'patient control number',
  '732': 'information submitted inconsistent with billing guidelines',
  '78': 'duplicate of an existing claim or line, already adjudicated',
  '116': 'claim submitted to the incorrect payer',
  '128': "entity's tax id",
  '153': "entity's id number",
  '158': "entity's date of birth",
  '171': 'other insurance coverage information (health, liability, auto, etc.)',
  '226': 'information was not in an acceptable format',
};

const ENTITY_TEXT: Record<string, string> = {
  '85': 'billing provider',
  '82': 'rendering provider',
  IL: 'subscriber',
  QC: 'patient',
  PR: 'payer',
  '41': 'submitter',
  '40': 'receiver',
  '77': 'service location',
  DQ: 'supervising provider',
};

function reasonOf(stc: ParsedSegment, seps: Separators, procedureCode?: string): AckReason[] {
  // STC01 is the first status; STC10 and STC11 may carry two more.
  return [1, 10, 11]
    .map((n) => ({ category: comp(stc, n, 1, seps), code: comp(stc, n, 2, seps), entity: comp(stc, n, 3, seps) }))
    .filter((r) => r.category !== '')
    .map((r) => {
      const entity = ENTITY_TEXT[r.entity] ? ` (${ENTITY_TEXT[r.entity]})` : '';
      const status = STATUS_TEXT[r.code] ?? `status code ${r.code}`;
      return { ...r, text: `${CATEGORY_TEXT[r.category] ?? `Category ${r.category}`}: ${status}${entity}`, ...(procedureCode ? { procedureCode } : {}) };
    });
}

function isoDate(d: string): string | undefined {
  return /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : undefined;
}

/** Every claim acknowledged in a 277CA interchange. */
export function parse277CA(raw: string): ClaimAck[] {
  const { separators: seps, segments } = parseX12(raw);
  const st = segments.find((s) => s.id === 'ST');
  if (!st || el(st, 1) !== '277') throw new Error('not a 277 claim acknowledgment');
  const acks: ClaimAck[] = [];
  let current: ClaimAck | undefined;
  let level = '';
  let line: string | undefined;
  for (const s of segments) {
    if (s.id === 'HL') {
      level = el(s, 3);
      line = undefined;
      current = undefined;
      continue;
    }
    if (level !== 'PT') continue;
    if (s.id === 'TRN' && el(s, 1) === '2') {
      current = { patientControlNumber: el(s, 2), status: 'pending', reasons: [] };
      acks.push(current);
    } else if (current && s.id === 'STC') {
      const category = comp(s, 1, 1, seps);
      const reasons = reasonOf(s, seps, line);
      current.reasons.push(...reasons);
      if (REJECTED.includes(category) || reasons.some((r) => REJECTED.includes(r.category))) current.status = 'rejected';
      else if (!line && ACCEPTED.includes(category) && current.status === 'pending') current.status = 'accepted';
      if (!line) {
        current.date ??= isoDate(el(s, 2));
        if (el(s, 4) !== '') current.chargeCents = cents(el(s, 4));
      }
    } else if (current && s.id === 'REF' && el(s, 1) === '1K') current.payerClaimNumber = el(s, 2);
    else if (current && s.id === 'REF' && el(s, 1) === 'D9') current.clearinghouseTrace = el(s, 2);
    else if (current && s.id === 'SVC') line = comp(s, 1, 2, seps);
  }
  return acks;
}

export interface AckMatch<C> {
  matched: Array<{ claim: C; ack: ClaimAck }>;
  /** Acknowledgements naming no claim of ours: kept for a person to look at, nothing moved. */
  unmatched: ClaimAck[];
}

/** Pair acknowledgements with our claims on the patient control number. */
export function matchAcks<C extends { patientControlNumber: string }>(acks: ClaimAck[], claims: C[]): AckMatch<C> {
  const byPcn = new Map(claims.map((c) => [c.patientControlNumber.toUpperCase(), c]));
  const matched: Array<{ claim: C; ack: ClaimAck }> = [];
  const unmatched: ClaimAck[] = [];
  for (const ack of acks) {
    const claim = byPcn.get(ack.patientControlNumber.toUpperCase());
    if (claim) matched.push({ claim, ack });
    else unmatched.push(ack);
  }
  return { matched, unmatched };
}
