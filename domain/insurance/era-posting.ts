/**
 * ERA posting proposal (issue 16): match each CLP of a parsed 835 to our claim (patient control
 * number, then the payer's claim number, then member id with the lines' dates and codes) and each SVC
 * to our service line (REF*6R line control number, then code + modifiers + date, then code + date
 * without modifiers — payers drop modifiers, OpenEMR bug #7293), and propose what posting writes:
 * insurance payment lines, reversals, provider-level takebacks and interest, the client's
 * responsibility, and each claim's next stage. Pure: nothing is written until a biller confirms.
 *
 * Nothing is posted wrongly: a CLP naming no claim of ours, a claim with a line we cannot match, an
 * ERA already posted, or a takeback naming no claim is held for manual matching with the reason.
 */
import { eraImbalanceCents, type Adjustment, type Era, type EraClaim, type EraLine } from './era.ts';

export interface ClaimLineOnFile {
  lineId: string;
  lineControlNumber?: string;
  procedureCode: string;
  modifiers: string[];
  serviceDate: string;
  chargeCents: number;
}

export interface ClaimForPosting {
  claimId: string;
  clientId: string;
  patientControlNumber: string;
  /** The payer's claim control numbers learned so far (277CA REF*1K, earlier ERAs' CLP07). */
  payerClaimNumbers: string[];
  memberId: string;
  chargeCents: number;
  lines: ClaimLineOnFile[];
  /** What earlier ERAs posted on this claim. */
  posted: { eraKeys: string[]; adjudicatedLineIds: string[]; paidCents: number; patientResponsibilityCents: number };
}

/** byHand: a biller chose the claim of a held payment (era-held.ts). */
export type ClaimMatch = 'patientControlNumber' | 'payerClaimNumber' | 'memberAndServices' | 'byHand';
/** byHand: the biller's claim has as many lines as the payment but they differ; paired in order. */
export type LineMatch = 'lineControlNumber' | 'procedureModifiersAndDate' | 'procedureAndDateWithoutModifiers' | 'byHand';

export interface LinePosting {
  lineId: string;
  matchedBy: LineMatch;
  paidCents: number;
  allowedCents?: number;
  patientResponsibilityCents: number;
  adjustments: Adjustment[];
  remarks: string[];
}

export interface ClaimPosting {
  /** The CLP's position in the ERA. */
  item?: number;
  claimId: string;
  clientId: string;
  patientControlNumber: string;
  payerClaimNumber: string;
  matchedBy: ClaimMatch;
  kind: 'payment' | 'reversal';
  paidCents: number;
  patientResponsibilityCents: number;
  /** Adjustments summed by group and reason (claim and line level together). */
  adjustments: Adjustment[];
  remarks: string[];
  lines: LinePosting[];
  /** The stage the claim takes when this posting is confirmed. */
  nextStage: 'paid' | 'partiallyPaid' | 'denied' | 'paymentReport';
}

export type LedgerKind = 'insurancePayment' | 'insuranceReversal' | 'takeback' | 'interest' | 'forwardedBalance' | 'providerAdjustment' | 'clientResponsibility';

export interface LedgerEntry {
  kind: LedgerKind;
  /** Signed from the practice's side: money received is positive, money taken back negative. */
  amountCents: number;
  claimId?: string;
  clientId?: string;
  /** The CARC/PLB reason or reference behind the entry. */
  note?: string;
}

/**
 * Why an item was held: no claim of ours matches, several do, a line matches no line of the claim,
 * the ERA is already posted on it, the claim's stage cannot take it, or a takeback names no claim.
 */
export type HeldWhy = 'noMatch' | 'severalCandidates' | 'lineUnmatched' | 'alreadyPosted' | 'notPayable' | 'takeback';

export interface HeldItem {
  kind: 'claim' | 'providerAdjustment';
  /** The CLP's position in the ERA (claim payments only): the held item's identity for matching by hand. */
  item?: number;
  why: HeldWhy;
  reference: string;
  amountCents: number;
  reason: string;
}

export interface PostingProposal {
  eraKey: string;
  balanced: boolean;
  imbalanceCents: number;
  claims: ClaimPosting[];
  ledger: LedgerEntry[];
  held: HeldItem[];
}

/** The ERA's identity for idempotent posting: payer, trace (check/EFT) number and payment date. */
export function eraKey(era: Era): string {
  return `${era.payerId}/${era.traceNumber}/${era.paymentDate ?? ''}`;
}

function sameModifiers(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((m, i) => m.toUpperCase() === b[i].toUpperCase());
}

/** Match every SVC of a CLP to a distinct claim line; undefined when any one cannot be matched. */
export function matchLines(claim: ClaimForPosting, era: EraClaim): Array<{ line: ClaimLineOnFile; svc: EraLine; matchedBy: LineMatch }> | undefined {
  const used = new Set<string>();
  const out: Array<{ line: ClaimLineOnFile; svc: EraLine; matchedBy: LineMatch }> = [];
  const free = () => claim.lines.filter((l) => !used.has(l.lineId));
  for (const svc of era.lines) {
    const code = svc.submittedProcedureCode ?? svc.procedureCode;
    const mods = svc.submittedModifiers ?? svc.modifiers;
    const onDate = (l: ClaimLineOnFile) => l.procedureCode === code && (!svc.serviceDate || l.serviceDate === svc.serviceDate);
    const candidates: Array<[LineMatch, ClaimLineOnFile[]]> = [
      ['lineControlNumber', svc.lineControlNumber ? free().filter((l) => l.lineControlNumber === svc.lineControlNumber) : []],
      ['procedureModifiersAndDate', free().filter((l) => onDate(l) && sameModifiers(l.modifiers, mods))],
      ['procedureAndDateWithoutModifiers', free().filter(onDate)],
    ];
    const hit = candidates.find(([, ls]) => ls.length === 1);
    if (!hit) return undefined;
    used.add(hit[1][0].lineId);
    out.push({ line: hit[1][0], svc, matchedBy: hit[0] });
  }
  return out;
}

interface ClaimIndex {
  all: ClaimForPosting[];
  byPcn: Map<string, ClaimForPosting[]>;
  byPayerNumber: Map<string, ClaimForPosting[]>;
}

function indexClaims(claims: ClaimForPosting[]): ClaimIndex {
  const byPcn = new Map<string, ClaimForPosting[]>();
  const byPayerNumber = new Map<string, ClaimForPosting[]>();
  const add = (map: Map<string, ClaimForPosting[]>, key: string, c: ClaimForPosting) => map.set(key, [...(map.get(key) ?? []), c]);
  for (const c of claims) {
    add(byPcn, c.patientControlNumber.toUpperCase(), c);
    for (const n of c.payerClaimNumbers) add(byPayerNumber, n, c);
  }
  return { all: claims, byPcn, byPayerNumber };
}

type Found = { claim: ClaimForPosting; matchedBy: ClaimMatch } | { why: 'noMatch' | 'severalCandidates' };

function findClaim(c: EraClaim, index: ClaimIndex): Found {
  const pcn = index.byPcn.get(c.patientControlNumber.toUpperCase()) ?? [];
  if (pcn.length === 1) return { claim: pcn[0], matchedBy: 'patientControlNumber' };
  const byPayer = c.payerClaimNumber === '' ? [] : (index.byPayerNumber.get(c.payerClaimNumber) ?? []);
  if (byPayer.length === 1) return { claim: byPayer[0], matchedBy: 'payerClaimNumber' };
  const memberId = c.patient?.memberId?.toUpperCase();
  const byMember = !memberId || c.lines.length === 0 ? [] : index.all.filter(
    (k) => k.memberId.toUpperCase() === memberId && c.lines.every((svc) => k.lines.some((l) => l.serviceDate === svc.serviceDate && l.procedureCode === (svc.submittedProcedureCode ?? svc.procedureCode))),
  );
  if (byMember.length === 1) return { claim: byMember[0], matchedBy: 'memberAndServices' };
  return { why: pcn.length > 1 || byPayer.length > 1 || byMember.length > 1 ? 'severalCandidates' : 'noMatch' };
}

function sumAdjustments(list: Adjustment[]): Adjustment[] {
  const sums = new Map<string, Adjustment>();
  for (const a of list) {
    const key = `${a.group}-${a.reason}`;
    const prev = sums.get(key);
    sums.set(key, prev ? { ...prev, amountCents: prev.amountCents + a.amountCents } : { group: a.group, reason: a.reason, amountCents: a.amountCents });
  }
  return [...sums.values()];
}

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

interface Running {
  adjudicated: Set<string>;
  paidCents: number;
  patientResponsibilityCents: number;
}

const emptyRunning = (claim: ClaimForPosting): Running => ({
  adjudicated: new Set(claim.posted.adjudicatedLineIds),
  paidCents: claim.posted.paidCents,
  patientResponsibilityCents: claim.posted.patientResponsibilityCents,
});

type MatchedLines = Array<{ line: ClaimLineOnFile; svc: EraLine; matchedBy: LineMatch }>;

/** One CLP's posting on `claim` (its lines matched), moving `state` on: what posting writes and the stage the claim takes. */
function claimPostingOf(c: EraClaim, claim: ClaimForPosting, matchedBy: ClaimMatch, lines: MatchedLines, state: Running, allLinesIfNone = false): ClaimPosting {
  const reversal = c.statusCode === '22';
  const linePostings: LinePosting[] = lines.map(({ line, svc, matchedBy: how }) => ({
    lineId: line.lineId,
    matchedBy: how,
    paidCents: svc.paidCents,
    ...(svc.allowedCents !== undefined ? { allowedCents: svc.allowedCents } : {}),
    patientResponsibilityCents: svc.adjustments.filter((a) => a.group === 'PR').reduce((s, a) => s + a.amountCents, 0),
    adjustments: svc.adjustments,
    remarks: svc.remarks,
  }));
  // A claim-level payment without service lines (matched by hand) adjudicates the whole claim.
  const touched = allLinesIfNone && linePostings.length === 0 ? claim.lines.map((l) => l.lineId) : linePostings.map((l) => l.lineId);
  for (const id of touched) {
    if (reversal) state.adjudicated.delete(id);
    else state.adjudicated.add(id);
  }
  state.paidCents += c.paidCents;
  state.patientResponsibilityCents += c.patientResponsibilityCents;
  const allLines = claim.lines.every((l) => state.adjudicated.has(l.lineId));
  const nextStage: ClaimPosting['nextStage'] = reversal
    ? 'paymentReport'
    : c.statusCode === '4' || (state.paidCents === 0 && state.patientResponsibilityCents === 0)
      ? 'denied'
      : allLines
        ? 'paid'
        : 'partiallyPaid';
  return {
    claimId: claim.claimId,
    clientId: claim.clientId,
    patientControlNumber: claim.patientControlNumber,
    payerClaimNumber: c.payerClaimNumber,
    matchedBy,
    kind: reversal ? 'reversal' : 'payment',
    paidCents: c.paidCents,
    patientResponsibilityCents: c.patientResponsibilityCents,
    adjustments: sumAdjustments([...c.adjustments, ...c.lines.flatMap((l) => l.adjustments)]),
    remarks: [...c.remarks, ...c.lines.flatMap((l) => l.remarks)],
    lines: linePostings,
    nextStage,
  };
}

/**
 * The posting of the ERA's held payment `item` on the claim a biller chose (era-held.ts): the same
 * posting as an automatic match (matchedBy byHand). Lines are matched as automatically; when they
 * are not but the payment has as many lines as the claim, they are paired in order (the biller
 * vouched for the claim); a payment without service lines adjudicates the whole claim. Otherwise,
 * or when the ERA is already posted on that claim, a refusal in words.
 */
export function handPosting(era: Era, item: number, claim: ClaimForPosting): { posting: ClaimPosting } | { refusal: string } {
  const c = era.claims[item];
  if (!c) return { refusal: 'This ERA has no such payment.' };
  if (claim.posted.eraKeys.includes(eraKey(era))) return { refusal: `This ERA is already posted on claim ${claim.patientControlNumber}: nothing was posted again.` };
  const lines: MatchedLines | undefined = matchLines(claim, c)
    ?? (c.lines.length === claim.lines.length ? c.lines.map((svc, i) => ({ line: claim.lines[i], svc, matchedBy: 'byHand' as const })) : undefined);
  if (!lines) return { refusal: `The payment has ${c.lines.length} service line(s) and claim ${claim.patientControlNumber} has ${claim.lines.length}: choose the claim this payment is for.` };
  return { posting: claimPostingOf(c, claim, 'byHand', lines, emptyRunning(claim), true) };
}

/**
 * The posting an ERA proposes against our claims on file. `resolved`: the CLPs a biller already
 * matched by hand or marked not ours (era-held.ts) — neither proposed nor held again.
 */
export function proposePosting(era: Era, claims: ClaimForPosting[], resolved: ReadonlySet<number> = new Set()): PostingProposal {
  const key = eraKey(era);
  const imbalanceCents = eraImbalanceCents(era);
  const proposal: PostingProposal = { eraKey: key, balanced: imbalanceCents === 0, imbalanceCents, claims: [], ledger: [], held: [] };
  const running = new Map<string, Running>();
  const learned = new Map<string, ClaimForPosting>();
  const index = indexClaims(claims);
  for (const [item, c] of era.claims.entries()) {
    if (resolved.has(item)) continue;
    const hold = (why: HeldWhy, reason: string) => proposal.held.push({ kind: 'claim', item, why, reference: c.patientControlNumber, amountCents: c.paidCents, reason });
    const found = findClaim(c, index);
    if (!('claim' in found)) {
      hold(found.why, found.why === 'severalCandidates'
        ? `More than one claim of ours could be ${c.patientControlNumber} (payer claim number ${c.payerClaimNumber || '(none)'}): match it by hand; nothing was posted.`
        : `No claim of ours has patient control number ${c.patientControlNumber} or payer claim number ${c.payerClaimNumber || '(none)'}: match it by hand; nothing was posted.`);
      continue;
    }
    const { claim, matchedBy } = found;
    if (claim.posted.eraKeys.includes(key)) {
      hold('alreadyPosted', `This ERA (${key}) is already posted on claim ${claim.patientControlNumber}: nothing was posted again.`);
      continue;
    }
    const lines = matchLines(claim, c);
    if (!lines) {
      hold('lineUnmatched', `A service line of ${c.patientControlNumber} in the ERA matches no line of claim ${claim.patientControlNumber} (or more than one): match it by hand; nothing was posted.`);
      continue;
    }
    learned.set(c.payerClaimNumber, claim);
    learned.set(claim.patientControlNumber.toUpperCase(), claim);
    const state = running.get(claim.claimId) ?? emptyRunning(claim);
    running.set(claim.claimId, state);
    const posting = { item, ...claimPostingOf(c, claim, matchedBy, lines, state) };
    proposal.claims.push(posting);
    const reversal = posting.kind === 'reversal';
    if (c.paidCents !== 0) {
      proposal.ledger.push({ kind: reversal ? 'insuranceReversal' : 'insurancePayment', amountCents: c.paidCents, claimId: claim.claimId, clientId: claim.clientId, note: c.payerClaimNumber });
    }
    if (c.patientResponsibilityCents !== 0) {
      proposal.ledger.push({ kind: 'clientResponsibility', amountCents: c.patientResponsibilityCents, claimId: claim.claimId, clientId: claim.clientId });
    }
  }
  for (const p of era.providerAdjustments) {
    const known = [...(index.byPayerNumber.get(p.reference) ?? []), ...(index.byPcn.get(p.reference.toUpperCase()) ?? [])];
    const claim = learned.get(p.reference) ?? learned.get(p.reference.toUpperCase()) ?? (known.length === 1 ? known[0] : undefined);
    const kind: LedgerKind = p.reason === 'WO' || p.reason === '72' || p.reason === 'J1' ? 'takeback' : p.reason === 'L6' ? 'interest' : p.reason === 'FB' ? 'forwardedBalance' : 'providerAdjustment';
    if (kind === 'takeback' && !claim) {
      proposal.held.push({ kind: 'providerAdjustment', why: 'takeback', reference: p.reference, amountCents: -p.amountCents, reason: `The payer takes back ${money(p.amountCents)} (${p.reason}) for ${p.reference}, which names no claim of ours: find the overpaid claim and post the takeback on it by hand.` });
      continue;
    }
    proposal.ledger.push({ kind, amountCents: -p.amountCents, note: `${p.reason} ${p.reference}`.trim(), ...(claim ? { claimId: claim.claimId, clientId: claim.clientId } : {}) });
  }
  return proposal;
}
