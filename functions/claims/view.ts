/** Stored claims and ERAs → the API's shapes (schema.graphql "Insurance claims"). */
import { lineModifiers } from '../../domain/insurance/x12/claim-837p.ts';
import type { ClaimBundle } from '../../domain/insurance/x12/claim-input.ts';
import type { Item } from './request.ts';

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

export function toEra(item: Item, proposal: Item | null): Item {
  return {
    id: item.id, payerName: item.payerName, payerId: item.payerId, traceNumber: item.traceNumber, paymentDate: item.paymentDate ?? null, totalPaidCents: item.totalPaidCents,
    status: item.status, source: item.source, receivedAt: item.receivedAt, postedAt: item.postedAt ?? null,
    balanced: proposal ? proposal.balanced : item.balanced ?? true,
    claims: (proposal?.claims ?? item.postedClaims ?? []).map((c: Item) => ({
      claimId: c.claimId, patientControlNumber: c.patientControlNumber, payerClaimNumber: c.payerClaimNumber, kind: c.kind, paidCents: c.paidCents,
      clientResponsibilityCents: c.patientResponsibilityCents, nextStage: c.nextStage, matchedBy: c.matchedBy,
      adjustments: (c.adjustments ?? []).map((a: Item) => ({ group: a.group, reason: a.reason, amountCents: a.amountCents })), remarks: c.remarks ?? [],
    })),
    held: (proposal?.held ?? item.postedHeld ?? []).map((h: Item) => ({ reference: h.reference, amountCents: h.amountCents, reason: h.reason })),
    // Provider-level adjustments (PLB): takebacks, interest, forwarded balances — signed from the practice's side.
    providerAdjustments: (proposal ? (proposal.ledger as Item[]).filter((e) => !['insurancePayment', 'insuranceReversal', 'clientResponsibility'].includes(e.kind)) : (item.postedProvider ?? [])).map((e: Item) => ({
      kind: e.kind, amountCents: e.amountCents, note: e.note ?? '', claimId: e.claimId ?? null,
    })),
  };
}
