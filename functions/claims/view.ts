/** Stored claims and ERAs → the API's shapes (schema.graphql "Insurance claims"). */
import { lineModifiers } from '../../domain/insurance/x12/claim-837p.ts';
import type { ClaimBundle } from '../../domain/insurance/x12/claim-input.ts';
import type { Era } from '../../domain/insurance/era.ts';
import { paymentServices } from '../../domain/insurance/era-candidates.ts';
import type { Item } from './request.ts';

/** The held items a biller resolved by hand (era-held.ts), stored on the ERA item as `held<n>` (n: the CLP's position). */
export const HELD_ATTRIBUTE = 'held';
export function resolutionsOf(item: Item): Map<number, Item> {
  const out = new Map<number, Item>();
  for (const [name, value] of Object.entries(item)) {
    const n = name.startsWith(HELD_ATTRIBUTE) ? Number(name.slice(HELD_ATTRIBUTE.length)) : NaN;
    if (Number.isInteger(n) && n >= 0 && value && typeof value === 'object') out.set(n, value as Item);
  }
  return out;
}

/** A held item with what the 835 says of it (payer claim number, patient as named, service dates, billed) and what a biller did with it. */
function heldView(h: Item, era: Era | null | undefined, resolution: Item | undefined): Item {
  const index = typeof h.item === 'number' ? h.item : h.kind === 'providerAdjustment' || !era ? -1 : era.claims.findIndex((c) => c.patientControlNumber === h.reference);
  const c = index >= 0 ? era?.claims[index] : undefined;
  return {
    reference: h.reference, amountCents: h.amountCents, reason: h.reason, item: index >= 0 ? index : null, why: h.why ?? (h.kind === 'providerAdjustment' ? 'takeback' : 'noMatch'),
    payerClaimNumber: c?.payerClaimNumber || null, patientName: c?.patient ? `${c.patient.first} ${c.patient.last}`.trim() : null, memberId: c?.patient?.memberId ?? null,
    serviceDates: c ? paymentServices(c).dates : [], chargeCents: c?.chargeCents ?? null,
    resolution: resolution?.status ?? null, resolvedClaimId: resolution?.claimId ?? null, resolvedAt: resolution?.at ?? null,
  };
}

function heldOf(item: Item, proposal: Item | null, era: Era | null | undefined): Item[] {
  const resolutions = resolutionsOf(item);
  const open: Item[] = proposal?.held ?? item.postedHeld ?? [];
  const views = open.map((h) => heldView(h, era, typeof h.item === 'number' ? resolutions.get(h.item) : undefined));
  // Resolved by hand before the ERA was posted: no longer in the proposal, still shown with what was done.
  for (const [n, r] of resolutions) if (!views.some((v) => v.item === n)) views.push(heldView({ ...r.held, item: n }, era, r));
  return views.sort((a, b) => (a.item ?? 1e9) - (b.item ?? 1e9));
}

function actorText(actor: Item): { actor: string; role: string | null } {
  if (actor?.kind === 'user') return { actor: actor.userId, role: actor.role };
  return { actor: actor?.step ?? 'system', role: null };
}

export function toClaim(item: Item): Item {
  const bundle = item.bundle as ClaimBundle | undefined;
  return {
    id: item.id, sessionLineId: item.lineId, clientId: item.clientId, clientName: item.clientName ?? '', clinicianId: item.clinicianId, clinicianName: item.clinicianName ?? null,
    serviceDate: item.serviceDate, payerId: item.payerId ?? '', payerName: item.payerName ?? '', memberId: item.memberId ?? '', stage: item.stage, frequencyCode: item.frequencyCode,
    chargeCents: item.chargeCents ?? 0, diagnoses: bundle?.claim.diagnoses ?? [],
    lines: (bundle?.claim.lines ?? []).map((l) => ({
      lineControlNumber: l.lineControlNumber ?? '', serviceDate: l.serviceDate, procedureCode: l.procedureCode, modifiers: bundle ? lineModifiers(bundle, l) : [], units: l.units, chargeCents: l.chargeCents,
      placeOfService: l.placeOfService ?? bundle?.claim.placeOfService ?? '',
    })),
    problems: item.problems ?? [],
    rejectionReason: item.ackReason ?? null, payerClaimNumber: item.payerClaimNumber ?? null,
    paidCents: item.posted?.paidCents ?? null, clientResponsibilityCents: item.posted?.patientResponsibilityCents ?? null,
    hasFile: !!item.fileKey,
    history: (item.history ?? []).map((h: Item) => ({ from: h.from, to: h.to, event: h.event, ...actorText(h.actor), at: h.at, detail: JSON.stringify(h.detail ?? {}) })),
    version: item.version, createdAt: item.createdAt, updatedAt: item.updatedAt ?? item.createdAt,
  };
}

export function toEra(item: Item, proposal: Item | null, era?: Era | null): Item {
  return {
    id: item.id, payerName: item.payerName, payerId: item.payerId, traceNumber: item.traceNumber, paymentDate: item.paymentDate ?? null, totalPaidCents: item.totalPaidCents,
    status: item.status, source: item.source, receivedAt: item.receivedAt, postedAt: item.postedAt ?? null,
    balanced: proposal ? proposal.balanced : item.balanced ?? true,
    claims: (proposal?.claims ?? item.postedClaims ?? []).map((c: Item) => ({
      claimId: c.claimId, patientControlNumber: c.patientControlNumber, payerClaimNumber: c.payerClaimNumber, kind: c.kind, paidCents: c.paidCents,
      clientResponsibilityCents: c.patientResponsibilityCents, nextStage: c.nextStage, matchedBy: c.matchedBy,
      adjustments: (c.adjustments ?? []).map((a: Item) => ({ group: a.group, reason: a.reason, amountCents: a.amountCents })), remarks: c.remarks ?? [],
    })),
    held: heldOf(item, proposal, era),
    // Provider-level adjustments (PLB): takebacks, interest, forwarded balances — signed from the practice's side.
    providerAdjustments: (proposal ? (proposal.ledger as Item[]).filter((e) => !['insurancePayment', 'insuranceReversal', 'clientResponsibility'].includes(e.kind)) : (item.postedProvider ?? [])).map((e: Item) => ({
      kind: e.kind, amountCents: e.amountCents, note: e.note ?? '', claimId: e.claimId ?? null,
    })),
  };
}
