/**
 * The local sandbox's payers for claims (issue 16): what they answer to a submitted 837P, as real
 * X12 — a 277CA (005010X214) acknowledging each claim and later an 835 (005010X221A1) paying,
 * partially paying (deductible, coinsurance: the client's responsibility), denying or paying and
 * then reversing it — deterministically per member id (README "Clearinghouse sandbox"):
 *
 *   SBX100000005  277CA rejected: A3:33 subscriber and subscriber id not found
 *   SBX100000008  277CA rejected: A7:562 the billing provider's NPI (entity 85)
 *   SBX100000001  835 paid: allowed 80 % of the charge, $30 copay (PR-3)
 *   SBX100000002  835 partly paid: $50 deductible (PR-1), then 20 % coinsurance (PR-2)
 *   SBX100000003  835 paid with 10 % coinsurance (PR-2)
 *   SBX100000009  835 denied: CO-197 precertification absent, remark N54
 *   SBX100000010  835 paid, then a second 835 reversing that payment (CLP02 22) and paying the
 *                 reprocessed claim $10 more (CO-45 reduced)
 *   anything else 835 paid: allowed 80 % of the charge, no client responsibility
 */
import { el, parseX12, writeSegment, amount, type Segment } from '../../../domain/insurance/x12/segments.ts';

export interface SandboxLine {
  procedureCode: string;
  modifiers: string[];
  chargeCents: number;
  units: number;
  serviceDate: string;
  lineControlNumber?: string;
}

export interface SandboxClaim {
  patientControlNumber: string;
  chargeCents: number;
  memberId: string;
  last: string;
  first: string;
  payerId: string;
  payerName: string;
  billingNpi: string;
  billingName: string;
  frequencyCode: string;
  lines: SandboxLine[];
}

export const SANDBOX_CLAIM_MEMBERS = [
  { memberId: 'SBX100000005', what: '277CA rejected: A3:33 subscriber and subscriber id not found' },
  { memberId: 'SBX100000008', what: '277CA rejected: A7:562 billing provider NPI' },
  { memberId: 'SBX100000001', what: '835 paid: allowed 80 % of the charge, $30 copay' },
  { memberId: 'SBX100000002', what: '835 partly paid: $50 deductible, then 20 % coinsurance' },
  { memberId: 'SBX100000003', what: '835 paid with 10 % coinsurance' },
  { memberId: 'SBX100000009', what: '835 denied: CO-197 precertification absent (N54)' },
  { memberId: 'SBX100000010', what: '835 paid, then a second 835 reverses it and pays $10 more' },
];

const ymd = (iso: string) => iso.replace(/-/g, '');

/** The claims of a submitted 837P interchange, as the sandbox payer needs them. */
export function readSubmitted837(x12: string): SandboxClaim[] {
  const { separators, segments } = parseX12(x12);
  const out: SandboxClaim[] = [];
  let billingNpi = '';
  let billingName = '';
  let payerId = '';
  let payerName = '';
  let subscriber = { last: '', first: '', memberId: '' };
  let patient: { last: string; first: string } | null = null;
  let current: SandboxClaim | null = null;
  let line: SandboxLine | null = null;
  for (const s of segments) {
    if (s.id === 'NM1') {
      const who = el(s, 1);
      if (who === '85') { billingName = el(s, 3); billingNpi = el(s, 9); }
      if (who === 'IL') { subscriber = { last: el(s, 3), first: el(s, 4), memberId: el(s, 9) }; patient = null; }
      if (who === 'PR') { payerName = el(s, 3); payerId = el(s, 9); }
      if (who === 'QC') patient = { last: el(s, 3), first: el(s, 4) };
    } else if (s.id === 'CLM') {
      const who = patient ?? subscriber;
      current = {
        patientControlNumber: el(s, 1), chargeCents: Math.round(Number(el(s, 2)) * 100), memberId: subscriber.memberId, last: who.last, first: who.first,
        payerId, payerName, billingNpi, billingName, frequencyCode: el(s, 5).split(separators.component)[2] ?? '1', lines: [],
      };
      out.push(current);
    } else if (s.id === 'SV1' && current) {
      const parts = el(s, 1).split(separators.component);
      line = { procedureCode: parts[1] ?? '', modifiers: parts.slice(2).filter(Boolean), chargeCents: Math.round(Number(el(s, 2)) * 100), units: Number(el(s, 4)) || 1, serviceDate: '' };
      current.lines.push(line);
    } else if (s.id === 'DTP' && el(s, 1) === '472' && line) {
      const d = el(s, 3);
      line.serviceDate = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    } else if (s.id === 'REF' && el(s, 1) === '6R' && line) {
      line.lineControlNumber = el(s, 2);
    }
  }
  return out;
}

function envelope(kind: '277' | '835', control: number, at: Date, body: Segment[]): string {
  const stamp = at.toISOString();
  const date = ymd(stamp.slice(0, 10));
  const time = stamp.slice(11, 16).replace(':', '');
  const ctl = String(control).padStart(9, '0');
  const guide = kind === '277' ? '005010X214' : '005010X221A1';
  const st: Segment = kind === '277' ? ['ST', '277', '0001', guide] : ['ST', '835', '0001'];
  const segs: Segment[] = [
    ['ISA', '00', '          ', '00', '          ', 'ZZ', 'SANDBOX        ', 'ZZ', 'PRACTICEPORTAL ', date.slice(2), time, '^', '00501', ctl, '0', 'T', ':'],
    ['GS', kind === '277' ? 'HN' : 'HP', 'SANDBOX', 'PRACTICEPORTAL', date, time, String(control), 'X', guide],
    st, ...body,
  ];
  const count = body.length + 2;
  segs.push(['SE', String(count), '0001'], ['GE', '1', String(control)], ['IEA', '1', ctl]);
  return segs.map((s) => writeSegment(s)).join('');
}

/** The 277CA reason a documented member id is rejected with, or null (accepted). */
export function sandboxRejection(memberId: string): { category: string; code: string; entity: string } | null {
  if (memberId === 'SBX100000005') return { category: 'A3', code: '33', entity: 'IL' };
  if (memberId === 'SBX100000008') return { category: 'A7', code: '562', entity: '85' };
  return null;
}

/** A 277CA for the claims of one submission. */
export function sandbox277(claims: SandboxClaim[], control: number, at: Date): string {
  const date = ymd(at.toISOString().slice(0, 10));
  const first = claims[0];
  const total = claims.reduce((s, c) => s + c.chargeCents, 0);
  const body: Segment[] = [
    ['BHT', '0085', '08', `277CA${control}`, date, at.toISOString().slice(11, 16).replace(':', ''), 'TH'],
    ['HL', '1', '', '20', '1'], ['NM1', 'PR', '2', first?.payerName || 'SANDBOX PAYER', '', '', '', '', 'PI', first?.payerId || 'SBX'], ['TRN', '1', `277CA${control}`], ['DTP', '050', 'D8', date], ['DTP', '009', 'D8', date],
    ['HL', '2', '1', '21', '1'], ['NM1', '41', '2', 'PRACTICE PORTAL', '', '', '', '', '46', 'PRACTICEPORTAL'], ['TRN', '2', String(control)], ['STC', ['A1', '19', 'PR'], date, 'WQ', amount(total)],
    ['HL', '3', '2', '19', '1'], ['NM1', '85', '2', first?.billingName || 'PRACTICE', '', '', '', '', 'XX', first?.billingNpi || ''], ['TRN', '1', '0'], ['STC', ['A1', '19', 'PR'], '', 'WQ', amount(total)],
  ];
  claims.forEach((c, i) => {
    const rejected = sandboxRejection(c.memberId);
    body.push(['HL', String(4 + i), '3', 'PT'], ['NM1', 'QC', '1', c.last, c.first, '', '', '', 'MI', c.memberId], ['TRN', '2', c.patientControlNumber]);
    body.push(rejected ? ['STC', [rejected.category, rejected.code, rejected.entity], date, 'U', amount(c.chargeCents)] : ['STC', ['A2', '20', 'PR'], date, 'WQ', amount(c.chargeCents)]);
    if (!rejected) body.push(['REF', '1K', `SBX${c.patientControlNumber.slice(-12)}`]);
  });
  return envelope('277', control, at, body);
}

interface Adj { group: string; reason: string; cents: number }

function outcome(c: SandboxClaim, line: SandboxLine): { paid: number; adjustments: Adj[]; status: string; remark?: string } {
  const allowed = Math.round(line.chargeCents * 0.8);
  const contractual = { group: 'CO', reason: '45', cents: line.chargeCents - allowed };
  switch (c.memberId) {
    case 'SBX100000001': {
      const copay = Math.min(3000, allowed);
      return { paid: allowed - copay, adjustments: [contractual, { group: 'PR', reason: '3', cents: copay }], status: '1' };
    }
    case 'SBX100000002': {
      const deductible = Math.min(5000, allowed);
      const coinsurance = Math.round((allowed - deductible) * 0.2);
      return { paid: allowed - deductible - coinsurance, adjustments: [contractual, { group: 'PR', reason: '1', cents: deductible }, { group: 'PR', reason: '2', cents: coinsurance }], status: '1' };
    }
    case 'SBX100000003': {
      const coinsurance = Math.round(allowed * 0.1);
      return { paid: allowed - coinsurance, adjustments: [contractual, { group: 'PR', reason: '2', cents: coinsurance }], status: '1' };
    }
    case 'SBX100000009':
      return { paid: 0, adjustments: [{ group: 'CO', reason: '197', cents: line.chargeCents }], status: '4', remark: 'N54' };
    default:
      return { paid: allowed, adjustments: [contractual], status: '1' };
  }
}

function clp(c: SandboxClaim, status: string, sign: 1 | -1, paidDelta: number, payerClaim: string): Segment[] {
  const lines = c.lines.map((l) => ({ l, o: outcome(c, l) }));
  const paid = sign * (lines.reduce((s, x) => s + x.o.paid, 0) + paidDelta);
  const pr = sign * lines.reduce((s, x) => s + x.o.adjustments.filter((a) => a.group === 'PR').reduce((t, a) => t + a.cents, 0), 0);
  const out: Segment[] = [
    ['CLP', c.patientControlNumber, status, amount(sign * c.chargeCents), amount(paid), amount(pr), '12', payerClaim, '11', '1'],
    ['NM1', 'QC', '1', c.last, c.first, '', '', '', 'MI', c.memberId],
  ];
  for (const { l, o } of lines) {
    const linePaid = sign * (o.paid + paidDelta);
    out.push(['SVC', ['HC', l.procedureCode, ...l.modifiers], amount(sign * l.chargeCents), amount(linePaid), '', String(sign * l.units)], ['DTM', '472', ymd(l.serviceDate)]);
    const adjustments = paidDelta ? o.adjustments.map((a) => (a.group === 'CO' && a.reason === '45' ? { ...a, cents: a.cents - paidDelta } : a)) : o.adjustments;
    for (const a of adjustments) out.push(['CAS', a.group, a.reason, amount(sign * a.cents)]);
    if (l.lineControlNumber) out.push(['REF', '6R', l.lineControlNumber]);
    if (o.status !== '4') out.push(['AMT', 'B6', amount(sign * (o.paid + paidDelta + o.adjustments.filter((a) => a.group === 'PR').reduce((t, a) => t + a.cents, 0)))]);
    if (o.remark) out.push(['LQ', 'HE', o.remark]);
  }
  return out;
}

function era(c: SandboxClaim, control: number, at: Date, claimSegments: Segment[], paidTotal: number): string {
  const date = ymd(at.toISOString().slice(0, 10));
  const trace = `SBXEFT${String(control).padStart(9, '0')}`;
  const body: Segment[] = [
    paidTotal > 0 ? ['BPR', 'I', amount(paidTotal), 'C', 'ACH', 'CCP', '01', '999999992', 'DA', '123456', '1512345678', '', '01', '999988880', 'DA', '98765', date] : ['BPR', 'H', amount(paidTotal), 'C', 'NON', '', '', '', '', '', '', '', '', '', '', '', date],
    ['TRN', '1', trace, '1512345678'], ['DTM', '405', date],
    ['N1', 'PR', c.payerName || 'SANDBOX PAYER'], ['N3', 'PO BOX 1000'], ['N4', 'SANDBOX', 'OR', '972090000'], ['REF', '2U', c.payerId || 'SBX'], ['PER', 'BL', 'SANDBOX EDI', 'TE', '8005550100'],
    ['N1', 'PE', c.billingName || 'PRACTICE', 'XX', c.billingNpi],
    ['LX', '1'], ...claimSegments,
  ];
  return envelope('835', control, at, body);
}

/** The 835s a submitted claim brings, oldest first (two for SBX100000010: a payment, then its reversal and a new payment). */
export function sandbox835(c: SandboxClaim, control: number, at: Date): string[] {
  if (sandboxRejection(c.memberId)) return [];
  const payerClaim = `SBX${c.patientControlNumber.slice(-12)}`;
  const paidOf = (delta: number) => c.lines.reduce((s, l) => s + outcome(c, l).paid, 0) + delta;
  const first = era(c, control, at, clp(c, outcome(c, c.lines[0]).status, 1, 0, payerClaim), paidOf(0));
  if (c.memberId !== 'SBX100000010') return [first];
  const later = at;
  // The reversal takes the first payment back; the reprocessed claim pays $10 more (less contractual write-off).
  const second = era(c, control + 1, later, [...clp(c, '22', -1, 0, payerClaim), ...clp(c, '1', 1, 1000, `${payerClaim}R`)], paidOf(1000) - paidOf(0));
  return [first, second];
}
