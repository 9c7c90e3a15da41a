/**
 * 835 (005010X221A1, Health Care Claim Payment/Advice) parser (issue 16): the payment (BPR, TRN),
 * payer and payee (1000A/B), each claim payment (CLP with CAS, MOA/MIA remarks, REF*1K, patient and
 * subscriber names), its service lines (SVC with DTM*472, CAS, REF*6R, AMT*B6 allowed, LQ*HE remarks)
 * and the provider-level adjustments (PLB). Money in integer cents, signs as the payer sent them.
 */
import { cents, comp, el, parseX12, type ParsedSegment, type Separators } from './x12/segments.ts';

export type AdjustmentGroup = 'CO' | 'PR' | 'OA' | 'PI' | 'CR';

export interface Adjustment {
  group: AdjustmentGroup;
  /** Claim adjustment reason code (CARC), e.g. 45, 1 (deductible), 2 (coinsurance), 3 (copay). */
  reason: string;
  amountCents: number;
  quantity?: number;
}

export interface EraLine {
  /** Procedure as adjudicated (SVC01). */
  procedureCode: string;
  modifiers: string[];
  /** Procedure as submitted (SVC06) when the payer changed it. */
  submittedProcedureCode?: string;
  submittedModifiers?: string[];
  chargeCents: number;
  paidCents: number;
  units: number;
  serviceDate?: string;
  lineControlNumber?: string;
  allowedCents?: number;
  adjustments: Adjustment[];
  /** Remark codes (RARC) from LQ*HE. */
  remarks: string[];
}

export interface EraClaim {
  patientControlNumber: string;
  /** CLP02: 1/2/3 processed as primary/secondary/tertiary, 4 denied, 19–21 forwarded, 22 reversal of a previous payment, 23 not our claim. */
  statusCode: string;
  chargeCents: number;
  paidCents: number;
  patientResponsibilityCents: number;
  payerClaimNumber: string;
  frequencyCode?: string;
  patient?: { last: string; first: string; memberId?: string };
  adjustments: Adjustment[];
  /** Claim-level remark codes (MOA/MIA). */
  remarks: string[];
  lines: EraLine[];
}

export interface ProviderAdjustment {
  /** PLB03-1: e.g. WO overpayment recovery, FB forwarding balance, L6 interest, 72 authorized return, J1 nonreimbursable. */
  reason: string;
  /** PLB03-2: usually the claim the adjustment is about (payer claim number or patient control number). */
  reference: string;
  /** Positive reduces the payment (a takeback), negative increases it (interest, a balance forwarded). */
  amountCents: number;
}

export interface Era {
  /** BPR01: I remittance with payment, H notification only, … */
  handling: string;
  totalPaidCents: number;
  method: string;
  paymentDate?: string;
  /** TRN02: check or EFT trace number — with the payer id, the ERA's identity for idempotent posting. */
  traceNumber: string;
  payerName: string;
  payerId: string;
  payeeName: string;
  payeeNpi?: string;
  claims: EraClaim[];
  providerAdjustments: ProviderAdjustment[];
}

function isoDate(d: string): string | undefined {
  return /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : undefined;
}

function adjustmentsOf(cas: ParsedSegment): Adjustment[] {
  const group = el(cas, 1) as AdjustmentGroup;
  const out: Adjustment[] = [];
  // CAS02/03/04, then up to five more reason/amount/quantity triples.
  for (let i = 2; i <= 17; i += 3) {
    if (el(cas, i) === '') continue;
    const quantity = el(cas, i + 2);
    out.push({ group, reason: el(cas, i), amountCents: cents(el(cas, i + 1)), ...(quantity ? { quantity: Number(quantity) } : {}) });
  }
  return out;
}

function procedure(seg: ParsedSegment, n: number, seps: Separators): { code: string; modifiers: string[] } | undefined {
  if (el(seg, n) === '') return undefined;
  const parts = el(seg, n).split(seps.component);
  return { code: parts[1] ?? '', modifiers: parts.slice(2, 6).filter((m) => m !== '') };
}

/** Parse an 835 interchange (one transaction set: one payment). */
export function parse835(raw: string): Era {
  const { separators: seps, segments } = parseX12(raw);
  const st = segments.find((s) => s.id === 'ST');
  if (!st || el(st, 1) !== '835') throw new Error('not an 835 payment advice');
  const era: Era = { handling: '', totalPaidCents: 0, method: '', traceNumber: '', payerName: '', payerId: '', payeeName: '', claims: [], providerAdjustments: [] };
  let party = '';
  let claim: EraClaim | undefined;
  let line: EraLine | undefined;
  for (const s of segments) {
    switch (s.id) {
      case 'BPR':
        era.handling = el(s, 1);
        era.totalPaidCents = cents(el(s, 2));
        era.method = el(s, 4);
        era.paymentDate = isoDate(el(s, 16));
        break;
      case 'TRN':
        era.traceNumber = el(s, 2);
        era.payerId ||= el(s, 3);
        break;
      case 'N1':
        party = el(s, 1);
        if (party === 'PR') era.payerName = el(s, 2);
        if (party === 'PE') {
          era.payeeName = el(s, 2);
          if (el(s, 3) === 'XX') era.payeeNpi = el(s, 4);
        }
        break;
      case 'REF':
        if (line && el(s, 1) === '6R') line.lineControlNumber = el(s, 2);
        else if (!claim && party === 'PR' && el(s, 1) === '2U') era.payerId = el(s, 2);
        break;
      case 'CLP':
        line = undefined;
        claim = {
          patientControlNumber: el(s, 1),
          statusCode: el(s, 2),
          chargeCents: cents(el(s, 3) || '0'),
          paidCents: cents(el(s, 4) || '0'),
          patientResponsibilityCents: el(s, 5) ? cents(el(s, 5)) : 0,
          payerClaimNumber: el(s, 7),
          ...(el(s, 9) ? { frequencyCode: el(s, 9) } : {}),
          adjustments: [],
          remarks: [],
          lines: [],
        };
        era.claims.push(claim);
        break;
      case 'CAS':
        if (line) line.adjustments.push(...adjustmentsOf(s));
        else if (claim) claim.adjustments.push(...adjustmentsOf(s));
        break;
      case 'NM1':
        if (claim && !line && el(s, 1) === 'QC') claim.patient = { last: el(s, 3), first: el(s, 4), ...(el(s, 9) ? { memberId: el(s, 9) } : {}) };
        break;
      case 'MOA':
      case 'MIA':
        if (claim) claim.remarks.push(...s.elements.slice(1).filter((e) => /^[A-Z]{1,2}\d+$/.test(e)));
        break;
      case 'SVC': {
        if (!claim) break;
        const adjudicated = procedure(s, 1, seps) ?? { code: '', modifiers: [] };
        const submitted = procedure(s, 6, seps);
        line = {
          procedureCode: adjudicated.code,
          modifiers: adjudicated.modifiers,
          ...(submitted ? { submittedProcedureCode: submitted.code, submittedModifiers: submitted.modifiers } : {}),
          chargeCents: cents(el(s, 2) || '0'),
          paidCents: cents(el(s, 3) || '0'),
          units: Number(el(s, 5) || '1'),
          adjustments: [],
          remarks: [],
        };
        claim.lines.push(line);
        break;
      }
      case 'DTM':
        if (line && ['472', '150'].includes(el(s, 1))) line.serviceDate ??= isoDate(el(s, 2));
        break;
      case 'AMT':
        if (line && el(s, 1) === 'B6') line.allowedCents = cents(el(s, 2));
        break;
      case 'LQ':
        if (line && el(s, 1) === 'HE') line.remarks.push(el(s, 2));
        break;
      case 'PLB':
        // Six adjustment pairs at most: PLB03/04 … PLB13/14.
        for (let i = 3; i <= 13; i += 2) {
          if (el(s, i) === '') continue;
          era.providerAdjustments.push({ reason: comp(s, i, 1, seps), reference: comp(s, i, 2, seps), amountCents: cents(el(s, i + 1)) });
        }
        claim = undefined;
        line = undefined;
        break;
      case 'SE':
        claim = undefined;
        line = undefined;
        break;
    }
  }
  return era;
}

/** BPR02 must equal the claim payments less the provider adjustments; the difference when it does not. */
export function eraImbalanceCents(era: Era): number {
  const claims = era.claims.reduce((s, c) => s + c.paidCents, 0);
  const plb = era.providerAdjustments.reduce((s, p) => s + p.amountCents, 0);
  return claims - plb - era.totalPaidCents;
}
