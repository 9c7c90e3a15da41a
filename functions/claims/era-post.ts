/**
 * Posting an ERA on the biller's confirmation (issue 16; era.ts keeps, lists and proposes them).
 * Per matched claim, one transaction: the claim's moves through the stages table (eraMatched or
 * reversed by the ERA-posting step, then paid / partially paid / denied by the biller), its
 * insurance payment line on the billing list (INSURANCE_PAYMENT bucket), and the client's share:
 *   - on a session line not invoiced yet, the line's amount becomes the client's share (the next
 *     invoice bills it);
 *   - on a session line already invoiced, an adjustment line (reason INSURANCE_ADJUSTMENT, not
 *     invoiced) carries the difference between the share and what was invoiced (negative: a credit)
 *     onto the client's next invoice; the invoice sent stays as it was.
 * Then, in the transaction that marks the ERA posted, the provider-level adjustments (PLB: takebacks,
 * interest, forwarded balances) as insurance payment lines of their own, signed from the practice's
 * side and tied to the claim they name when we know it. A retry after a failure posts only what is
 * left (an ERA already posted on a claim is held; every line's id is derived from the ERA).
 */
import { billingIndexKeys, lineKey } from '../../domain/billing/keys.ts';
import { claimKey } from '../../domain/insurance/claims.ts';
import type { ClaimPosting, LedgerEntry } from '../../domain/insurance/era-posting.ts';
import { practicePartition } from '../../domain/tables.ts';
import { lineItem } from '../billing/lines.ts';
import { practiceBilling } from '../billing/practice.ts';
import { getItem, put, transact, update } from '../billing/store.ts';
import { eraItemKey, parsed, proposalOf } from './era.ts';
import { actorOf, CLAIM_MESSAGES, conflict, invalid, isId, notFound, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { claimItem, move, readFile } from './store.ts';
import { resolutionsOf, toEra } from './view.ts';

const POSTING = { kind: 'system', step: 'system:eraPosting' } as const;
const FINAL = { paid: 'postedPaid', partiallyPaid: 'postedPartial', denied: 'postedDenied' } as const;
/** Provider-level entries (PLB) that post as lines of their own; the rest of the ledger posts with its claim. */
const PROVIDER_LEVEL = new Set<LedgerEntry['kind']>(['takeback', 'interest', 'forwardedBalance', 'providerAdjustment']);
/** Index keys of a line that belongs to no client or clinician (a PLB naming no claim of ours). */
const PRACTICE_LEVEL = 'PRACTICE';

interface Posted { eraKeys: string[]; adjudicatedLineIds: string[]; paidCents: number; patientResponsibilityCents: number }

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The client's share written where their billing reads it: the open session line, or an adjustment line after an invoice. */
async function clientShareWrites(caller: Caller, eraId: string, era: Item, claim: Item, posted: Posted, stamp: string, date: string): Promise<{ writes: Item[]; adjustedCents: number }> {
  const line = await getItem(lineKey(caller.practiceId, claim.lineId));
  const share = Math.max(0, posted.patientResponsibilityCents);
  const adjusted = (claim.clientAdjustedCents as number | undefined) ?? 0;
  if (!line) return { writes: [], adjustedCents: adjusted };
  if (line.status === 'UNINVOICED') {
    const units = (line.units as number) || 1;
    return {
      writes: [update(lineKey(caller.practiceId, claim.lineId), 'SET amountCents = :a, feeCents = :f, insurancePaidCents = :p, clientResponsibilityCents = :a, billedFeeCents = if_not_exists(billedFeeCents, :fee)',
        { ':a': share, ':f': Math.round(share / units), ':p': posted.paidCents, ':fee': line.feeCents, ':open': 'UNINVOICED' }, '#s = :open', { '#s': 'status' })],
      adjustedCents: adjusted,
    };
  }
  // Invoiced already: what the client was billed for the session, with the adjustments written since.
  const delta = share - ((line.amountCents as number) + adjusted);
  if (delta === 0) return { writes: [], adjustedCents: adjusted };
  const id = `${claim.lineId}-E${eraId.slice(0, 12)}`;
  const adjustment = {
    id, appointmentId: line.appointmentId, clientId: line.clientId, clientName: line.clientName, clinicianId: line.clinicianId, clinicianName: line.clinicianName ?? null, date,
    serviceCode: line.serviceCode, serviceName: `Insurance adjustment: ${era.payerName || 'the payer'} processed claim ${claim.id} (session of ${line.date}; share ${money(share)})`,
    units: 1, feeCents: delta, amountCents: delta, placeOfService: line.placeOfService, reason: 'INSURANCE_ADJUSTMENT', status: 'UNINVOICED', invoiceId: null, claimId: claim.id, sessionLineId: line.id,
  };
  return { writes: [put({ ...lineItem(caller.practiceId, adjustment, line.filedUnder ?? claim.filedUnder, stamp), createdAt: stamp }, 'attribute_not_exists(PK)')], adjustedCents: adjusted + delta };
}

/** Whether a claim in `stage` can take a payment (or a reversal of one). */
export function canTake(kind: ClaimPosting['kind'], stage: string): boolean {
  return kind === 'reversal' ? ['paid', 'partiallyPaid'].includes(stage) : ['accepted', 'partiallyPaid', 'denied', 'paymentReport'].includes(stage);
}

/**
 * One claim's posting: the claim's moves, its insurance payment line, the client's share — one
 * transaction, with `also` (matching by hand: the ERA's record of the held item, written once).
 */
export async function postClaim(caller: Caller, eraId: string, era: Item, key: string, c: ClaimPosting, claim: Item, stamp: string, today: string, also: Item[] = []): Promise<Item> {
  const actor = actorOf(caller);
  let next = claim;
  if (c.kind === 'reversal') next = move(next, 'reversed', POSTING, stamp, { era: key });
  else {
    if (next.stage !== 'paymentReport') next = move(next, 'eraMatched', POSTING, stamp, { era: key });
    if (c.nextStage !== 'paymentReport') next = move(next, FINAL[c.nextStage], actor, stamp, { era: key, paidCents: String(c.paidCents), clientResponsibilityCents: String(c.patientResponsibilityCents) });
  }
  const before: Posted = claim.posted ?? { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 };
  const adjudicated = new Set<string>(before.adjudicatedLineIds);
  for (const l of c.lines) {
    if (c.kind === 'reversal') adjudicated.delete(l.lineId);
    else adjudicated.add(l.lineId);
  }
  const posted: Posted = { eraKeys: [...new Set([...before.eraKeys, key])], adjudicatedLineIds: [...adjudicated], paidCents: before.paidCents + c.paidCents, patientResponsibilityCents: before.patientResponsibilityCents + c.patientResponsibilityCents };
  const date = era.paymentDate ?? today;
  const share = await clientShareWrites(caller, eraId, era, claim, posted, stamp, date);
  next = { ...next, posted, clientAdjustedCents: share.adjustedCents, payerClaimNumbers: [...new Set([...(claim.payerClaimNumbers ?? []), c.payerClaimNumber].filter(Boolean))], version: claim.version + 1, updatedAt: stamp };
  const writes: Item[] = [put(claimItem(caller.practiceId, next), '#v = :v', { ':v': claim.version }, { '#v': 'version' })];
  const id = `${eraId}-${claim.id}-${c.kind === 'reversal' ? 'R' : 'P'}`;
  if (c.paidCents !== 0) {
    writes.push(put({
      PK: practicePartition(caller.practiceId), SK: `IPAY#${id}`, ...billingIndexKeys(caller.practiceId, 'INSURANCE_PAYMENT', { clientId: claim.clientId, clinicianId: claim.filedUnder, date, id }),
      entity: 'InsurancePayment', id, clientId: claim.clientId, clientName: claim.clientName, filedUnder: claim.filedUnder, date, amountCents: c.paidCents, payerName: era.payerName,
      claimId: claim.id, eraId, kind: c.kind, createdAt: stamp, createdBy: caller.sub,
    }, 'attribute_not_exists(PK)'));
  }
  writes.push(...share.writes, ...also);
  const out = await transact(writes);
  if (!out.ok) throw conflict();
  return { claimId: claim.id, patientControlNumber: c.patientControlNumber, payerClaimNumber: c.payerClaimNumber, kind: c.kind, paidCents: c.paidCents, patientResponsibilityCents: c.patientResponsibilityCents, nextStage: c.nextStage, matchedBy: c.matchedBy, adjustments: c.adjustments, remarks: c.remarks };
}

/** The PLB entries as insurance payment lines (negative: money the payer took back). */
function providerLines(caller: Caller, eraId: string, era: Item, entries: LedgerEntry[], claims: Map<string, Item>, stamp: string, date: string): Item[] {
  return entries.map((e, i) => {
    const claim = e.claimId ? claims.get(e.claimId) : undefined;
    const id = `${eraId}-PLB${i + 1}`;
    const clientId = claim?.clientId ?? PRACTICE_LEVEL;
    const filedUnder = claim?.filedUnder ?? PRACTICE_LEVEL;
    return put({
      PK: practicePartition(caller.practiceId), SK: `IPAY#${id}`, ...billingIndexKeys(caller.practiceId, 'INSURANCE_PAYMENT', { clientId, clinicianId: filedUnder, date, id }),
      entity: 'InsurancePayment', id, clientId: claim?.clientId ?? null, clientName: claim?.clientName ?? '', filedUnder, date, amountCents: e.amountCents, payerName: era.payerName,
      claimId: claim?.id ?? e.note ?? '', eraId, kind: e.kind, note: e.note ?? null, createdAt: stamp, createdBy: caller.sub,
    }, 'attribute_not_exists(PK)');
  });
}

export async function postEra(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const item = isId(args.id) ? await getItem(eraItemKey(caller.practiceId, args.id)) : null;
  if (!item || item.entity !== 'Era') throw notFound(CLAIM_MESSAGES.eraNotFound);
  if (item.status === 'posted') throw invalid(CLAIM_MESSAGES.eraPosted, [{ field: 'id', reason: 'status' }]);
  const raw = await readFile(item.fileKey);
  if (!raw) throw new Error('era file missing');
  const era = parsed(raw);
  const resolutions = resolutionsOf(item);
  const { proposal, claims } = await proposalOf(caller.practiceId, era, new Set(resolutions.keys()));
  const stamp = now.toISOString();
  const { today } = await practiceBilling(caller.practiceId, now);
  const postedClaims: Item[] = [];
  const held = [...proposal.held];
  const current = new Map(claims);
  for (const c of proposal.claims) {
    const claim = current.get(c.claimId)!;
    if (!canTake(c.kind, claim.stage)) {
      held.push({ kind: 'claim', item: c.item, why: 'notPayable', reference: c.patientControlNumber, amountCents: c.paidCents, reason: CLAIM_MESSAGES.cannotTake(claim.id, claim.stage) });
      continue;
    }
    postedClaims.push(await postClaim(caller, item.id, item, proposal.eraKey, c, claim, stamp, today));
    const fresh = await getItem(claimKey(caller.practiceId, claim.id));
    if (fresh) current.set(claim.id, fresh);
  }
  const provider = proposal.ledger.filter((e) => PROVIDER_LEVEL.has(e.kind));
  // An ERA whose every claim payment is held posts nothing (its PLB waits with them); one of PLB only posts those,
  // as does one whose payments were all matched by hand (era-held.ts) or marked not ours, if one was posted.
  const byHand = [...resolutions.values()].some((r) => r.status === 'posted');
  if (postedClaims.length === 0 && !byHand && (era.claims.length > 0 || provider.length === 0)) throw invalid(CLAIM_MESSAGES.noEraToPost, [{ field: 'id', reason: 'held' }]);
  const done = { ...item, status: 'posted', postedAt: stamp, postedBy: caller.sub, balanced: proposal.balanced, postedClaims, postedHeld: held, postedProvider: provider };
  // Conditioned on no held item being resolved by hand since it was read (this Put carries the item's resolutions).
  const hand = typeof item.handCount === 'number' ? item.handCount : null;
  const guard = hand === null ? put(done, '#s = :proposed AND attribute_not_exists(handCount)', { ':proposed': 'proposed' }, { '#s': 'status' }) : put(done, '#s = :proposed AND handCount = :h', { ':proposed': 'proposed', ':h': hand }, { '#s': 'status' });
  const out = await transact([guard, ...providerLines(caller, item.id, item, provider, current, stamp, item.paymentDate ?? today)]);
  if (!out.ok) throw conflict();
  return { data: toEra(done, null), audit: { action: 'era.post', entityType: 'Era', entityId: item.id } };
}
