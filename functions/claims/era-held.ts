/**
 * Held ERA payments matched by hand (issue 16, session 8). A CLP the automatic matching could not
 * place (era-posting.ts: no claim of ours, several, a line that matches none, a claim that cannot take
 * it) is held with its position in the ERA (`item`). A biller (the billing suite) reads its candidate
 * claims (domain/insurance/era-candidates.ts over the practice's claims that can take a payment),
 * then either posts it on the claim they choose — the same posting as an automatic match
 * (era-post.ts postClaim: the claim's moves, the insurance payment line, the client's share), with
 * matchedBy byHand — or marks it "not ours": kept on the ERA, never posted.
 *
 * Once: the resolution is written on the ERA item as `held<n>`, conditioned on its absence, in the
 * transaction that writes the claim (conditioned on its version); a second resolution is refused in
 * words and writes nothing. The ERA's `handCount` moves with each, and the ERA's own posting is
 * conditioned on it, so posting the ERA cannot overwrite a resolution made meanwhile. A claim of
 * another practice (or none) is "Claim not found": claims are read in the caller's practice only.
 */
import { candidateClaims } from '../../domain/insurance/era-candidates.ts';
import { eraKey, handPosting, type HeldItem } from '../../domain/insurance/era-posting.ts';
import type { Era } from '../../domain/insurance/era.ts';
import { practiceBilling } from '../billing/practice.ts';
import { getItem, transact, update } from '../billing/store.ts';
import { canTake, postClaim } from './era-post.ts';
import { eraItemKey, forPosting, parsed, payableClaims, proposalOf, view } from './era.ts';
import { CLAIM_MESSAGES, conflict, invalid, isId, notFound, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { loadClaim, readFile } from './store.ts';
import { HELD_ATTRIBUTE, resolutionsOf } from './view.ts';

interface Held {
  item: Item;
  era: Era;
  index: number;
  held: HeldItem;
}

/** The ERA and its held payment `args.item`, or a refusal: no such ERA, no such held payment, resolved already. */
async function loadHeld(caller: Caller, args: Item): Promise<Held> {
  const item = isId(args.eraId) ? await getItem(eraItemKey(caller.practiceId, args.eraId)) : null;
  if (!item || item.entity !== 'Era') throw notFound(CLAIM_MESSAGES.eraNotFound);
  const index = args.item;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 100_000) throw invalid(CLAIM_MESSAGES.notHeld, [{ field: 'item', reason: 'format' }]);
  const done = resolutionsOf(item).get(index);
  if (done) throw invalid(done.status === 'posted' ? CLAIM_MESSAGES.heldPosted(done.claimId) : CLAIM_MESSAGES.heldNotOurs, [{ field: 'item', reason: 'status' }]);
  const raw = await readFile(item.fileKey);
  if (!raw) throw new Error('era file missing');
  const era = parsed(raw);
  const open: HeldItem[] = item.status === 'posted'
    ? (item.postedHeld ?? []).map((h: HeldItem) => ({ ...h, item: h.item ?? (h.kind === 'providerAdjustment' ? undefined : era.claims.findIndex((c) => c.patientControlNumber === h.reference)) }))
    : (await proposalOf(caller.practiceId, era, new Set(resolutionsOf(item).keys()))).proposal.held;
  const held = open.find((h) => h.kind === 'claim' && h.item === index);
  if (!held || !era.claims[index]) throw invalid(CLAIM_MESSAGES.notHeld, [{ field: 'item', reason: 'status' }]);
  return { item, era, index, held };
}

/** The ERA item's record of the resolution, written once (and its handCount moved on). */
function resolutionWrite(caller: Caller, h: Held, record: Item): Item {
  return update(
    eraItemKey(caller.practiceId, h.item.id),
    'SET #h = :r ADD handCount :one',
    { ':r': { ...record, held: { kind: 'claim', why: h.held.why, reference: h.held.reference, amountCents: h.held.amountCents, reason: h.held.reason } }, ':one': 1, ':era': 'Era' },
    'attribute_not_exists(#h) AND entity = :era',
    { '#h': `${HELD_ATTRIBUTE}${h.index}` },
  );
}

/** The claims a held payment could be for, the likeliest first, with why each is offered. */
export async function eraCandidates(caller: Caller, args: Item): Promise<ClaimsAnswer> {
  const h = await loadHeld(caller, args);
  const clp = h.era.claims[h.index];
  const kind = clp.statusCode === '22' ? 'reversal' : 'payment';
  const claims = (await payableClaims(caller.practiceId)).filter((c) => canTake(kind, c.stage));
  const byId = new Map(claims.map((c) => [c.id as string, c]));
  const found = candidateClaims(clp, claims.map(forPosting), eraKey(h.era));
  const data = found.map((f) => {
    const c = byId.get(f.claimId)!;
    return { claimId: c.id, clientName: c.clientName ?? '', memberId: c.memberId ?? '', serviceDate: c.serviceDate, chargeCents: c.chargeCents ?? 0, stage: c.stage, payerName: c.payerName ?? '', reasons: f.reasons, daysApart: f.daysApart };
  });
  return { data, audit: { action: 'era.candidates', entityType: 'Claim', entityIds: data.map((d) => d.claimId) } };
}

/** Posts the held payment on the claim the biller chose: the automatic match's posting, once. */
export async function matchEraItem(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const h = await loadHeld(caller, args);
  const claim = await loadClaim(caller, args.claimId);
  const clp = h.era.claims[h.index];
  const kind = clp.statusCode === '22' ? 'reversal' : 'payment';
  if (!canTake(kind, claim.stage)) throw invalid(CLAIM_MESSAGES.cannotTake(claim.id, claim.stage), [{ field: 'claimId', reason: 'status' }]);
  const out = handPosting(h.era, h.index, forPosting(claim));
  if ('refusal' in out) throw invalid(out.refusal, [{ field: 'claimId', reason: 'mismatch' }]);
  const stamp = now.toISOString();
  const { today } = await practiceBilling(caller.practiceId, now);
  const record = { status: 'posted', claimId: claim.id, at: stamp, by: caller.sub };
  await postClaim(caller, h.item.id, h.item, eraKey(h.era), out.posting, claim, stamp, today, [resolutionWrite(caller, h, record)]);
  const fresh = (await getItem(eraItemKey(caller.practiceId, h.item.id)))!;
  return { data: await view(caller, fresh), audit: { action: 'era.matchByHand', entityType: 'Era', entityIds: [h.item.id, claim.id] } };
}

/** Marks the held payment not ours: kept on the ERA with who and when, never posted. */
export async function markEraItemNotOurs(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const h = await loadHeld(caller, args);
  const out = await transact([resolutionWrite(caller, h, { status: 'notOurs', at: now.toISOString(), by: caller.sub })]);
  if (!out.ok) throw conflict(CLAIM_MESSAGES.heldChanged);
  const fresh = (await getItem(eraItemKey(caller.practiceId, h.item.id)))!;
  return { data: await view(caller, fresh), audit: { action: 'era.notOurs', entityType: 'Era', entityId: h.item.id } };
}
