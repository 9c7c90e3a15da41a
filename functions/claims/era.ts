/**
 * ERA posting (issue 16; /app/billings/insurance_payments/new). An 835 comes from the clearinghouse
 * (the reports of accepted claims' transactions) or is uploaded; it is parsed (domain/insurance/
 * era.ts), kept in the bucket and stored once per payer/trace/date (`ERA#<hash>`), and its posting
 * proposal (era-posting.ts) is computed against our claims whenever it is read. Posting, on the
 * biller's confirmation, takes each matched claim through the stages table (eraMatched or reversed
 * by the ERA-posting step, then paid / partially paid / denied by the biller), writes the insurance
 * payment line on the billing list (INSURANCE_PAYMENT bucket) and the client's responsibility onto
 * their session line (what an invoice of that session bills) — one transaction per claim, so a
 * retry after a failure posts only what is left (an ERA already posted on a claim is held). Held
 * items (unknown claims, unmatched lines, takebacks naming no claim) post nothing.
 */
import { createHash } from 'node:crypto';
import { billingIndexKeys, lineKey } from '../../domain/billing/keys.ts';
import { claimKey, stagePartition } from '../../domain/insurance/claims.ts';
import { parse835, type Era } from '../../domain/insurance/era.ts';
import { eraKey, proposePosting, type ClaimForPosting, type ClaimPosting, type PostingProposal } from '../../domain/insurance/era-posting.ts';
import { lineModifiers } from '../../domain/insurance/x12/claim-837p.ts';
import type { ClaimBundle } from '../../domain/insurance/x12/claim-input.ts';
import { clearinghouseFromEnv } from '../shared/clearinghouse/index.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { getItem, getItems, practiceTable, put, queryBucket, transact, update } from '../billing/store.ts';
import { practiceBilling } from '../billing/practice.ts';
import { practicePartition } from '../../domain/tables.ts';
import { actorOf, CLAIM_MESSAGES, conflict, invalid, isId, notFound, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { claimItem, fileKey, move, readFile, writeFile } from './store.ts';
import { toEra } from './view.ts';

const POSTING = { kind: 'system', step: 'system:eraPosting' } as const;
const eraItemKey = (practiceId: string, id: string) => ({ PK: practicePartition(practiceId), SK: `ERA#${id}` });

function parsed(raw: string): Era {
  try {
    const era = parse835(raw);
    if (!era.traceNumber) throw new Error('no trace');
    return era;
  } catch {
    throw invalid(CLAIM_MESSAGES.notAnEra, [{ field: 'x12', reason: 'format' }]);
  }
}

function forPosting(claim: Item): ClaimForPosting {
  const bundle = claim.bundle as ClaimBundle;
  return {
    claimId: claim.id, clientId: claim.clientId, patientControlNumber: claim.id, payerClaimNumbers: claim.payerClaimNumbers ?? [], memberId: claim.memberId ?? '', chargeCents: claim.chargeCents ?? 0,
    lines: bundle.claim.lines.map((l) => ({ lineId: l.lineControlNumber ?? '', lineControlNumber: l.lineControlNumber, procedureCode: l.procedureCode, modifiers: lineModifiers(bundle, l), serviceDate: l.serviceDate, chargeCents: l.chargeCents })),
    posted: claim.posted ?? { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 },
  };
}

/** The proposal of a stored ERA against our claims now (claims found by the patient control number). */
async function proposalOf(practiceId: string, era: Era): Promise<{ proposal: PostingProposal; claims: Map<string, Item> }> {
  const ids = [...new Set(era.claims.map((c) => c.patientControlNumber.toUpperCase()).filter(isId))];
  const found = (await getItems(ids.map((id) => claimKey(practiceId, id)))).filter((c) => c.entity === 'Claim');
  return { proposal: proposePosting(era, found.map(forPosting)), claims: new Map(found.map((c) => [c.id as string, c])) };
}

/** Keeps an 835 once (payer/trace/date): a second copy answers the first. */
async function store(caller: Caller, raw: string, source: 'clearinghouse' | 'upload', now: Date): Promise<Item> {
  const era = parsed(raw);
  const id = createHash('sha256').update(`${caller.practiceId}|${eraKey(era)}`).digest('hex').slice(0, 24);
  const existing = await getItem(eraItemKey(caller.practiceId, id));
  if (existing) return existing;
  const key = fileKey(caller.practiceId, 'eras', `${id}.x12`);
  await writeFile(key, raw);
  const item = {
    ...eraItemKey(caller.practiceId, id), entity: 'Era', id, payerName: era.payerName, payerId: era.payerId, traceNumber: era.traceNumber, paymentDate: era.paymentDate ?? null,
    totalPaidCents: era.totalPaidCents, status: 'proposed', source, fileKey: key, receivedAt: now.toISOString(), receivedBy: caller.sub,
  };
  const out = await transact([put(item, 'attribute_not_exists(PK)')]);
  return out.ok ? item : ((await getItem(eraItemKey(caller.practiceId, id))) ?? item);
}

async function view(caller: Caller, item: Item): Promise<Item> {
  if (item.status === 'posted') return toEra(item, null);
  const raw = await readFile(item.fileKey);
  return toEra(item, raw ? (await proposalOf(caller.practiceId, parsed(raw))).proposal : null);
}

/** The ERAs received, newest first (the practice's latest 20; at most 100 read, one Query). */
export async function listEras(caller: Caller): Promise<ClaimsAnswer> {
  const items = ((await dynamo().send(new QueryCommand({ TableName: practiceTable(), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :era)', ExpressionAttributeValues: { ':pk': practicePartition(caller.practiceId), ':era': 'ERA#' }, Limit: 100 }))).Items ?? []) as Item[];
  items.sort((a, b) => String(b.receivedAt).localeCompare(String(a.receivedAt)));
  return { data: await Promise.all(items.slice(0, 20).map((i) => view(caller, i))), audit: { action: 'era.list', entityType: 'Era', entityIds: items.slice(0, 20).map((i) => i.id) } };
}

export async function uploadEra(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  if (typeof args.x12 !== 'string' || args.x12.length < 106 || args.x12.length > 5_000_000) throw invalid(CLAIM_MESSAGES.notAnEra, [{ field: 'x12', reason: 'format' }]);
  const item = await store(caller, args.x12, 'upload', now);
  return { data: await view(caller, item), audit: { action: 'era.upload', entityType: 'Era', entityId: item.id } };
}

/** The 835s of accepted (and partly paid) claims' transactions, from the clearinghouse. */
export async function retrieveEras(caller: Caller, now = new Date()): Promise<ClaimsAnswer> {
  const clearinghouse = clearinghouseFromEnv();
  const claims = (await Promise.all((['accepted', 'partiallyPaid', 'paid'] as const).map(async (s) => (await queryBucket('GSI3', stagePartition(caller.practiceId, s), { limit: 50 })).items))).flat();
  const stored: Item[] = [];
  for (const claim of claims) {
    if (!claim.transactionId) continue;
    let report: Record<string, unknown>;
    try {
      report = await clearinghouse.getReport(claim.transactionId, '835');
    } catch (err) {
      if ((err as { errorType?: string }).errorType === 'NotFound') continue;
      throw err;
    }
    for (const raw of Array.isArray(report.x12) ? (report.x12 as string[]) : []) {
      const item = await store(caller, raw, 'clearinghouse', now);
      if (!stored.some((s) => s.id === item.id)) stored.push(item);
    }
  }
  return { data: await Promise.all(stored.map((i) => view(caller, i))), audit: { action: 'era.retrieve', entityType: 'Era', entityIds: stored.map((s) => s.id) } };
}

const FINAL = { paid: 'postedPaid', partiallyPaid: 'postedPartial', denied: 'postedDenied' } as const;

/** One claim's posting: the claim's moves, its insurance payment line, the client's share on the session line. */
async function postClaim(caller: Caller, eraId: string, era: Item, key: string, c: ClaimPosting, claim: Item, stamp: string, today: string): Promise<Item> {
  const actor = actorOf(caller);
  let next = claim;
  if (c.kind === 'reversal') next = move(next, 'reversed', POSTING, stamp, { era: key });
  else {
    if (next.stage !== 'paymentReport') next = move(next, 'eraMatched', POSTING, stamp, { era: key });
    if (c.nextStage !== 'paymentReport') next = move(next, FINAL[c.nextStage], actor, stamp, { era: key, paidCents: String(c.paidCents), clientResponsibilityCents: String(c.patientResponsibilityCents) });
  }
  const before = claim.posted ?? { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 };
  const adjudicated = new Set<string>(before.adjudicatedLineIds);
  for (const l of c.lines) {
    if (c.kind === 'reversal') adjudicated.delete(l.lineId);
    else adjudicated.add(l.lineId);
  }
  const posted = { eraKeys: [...new Set([...before.eraKeys, key])], adjudicatedLineIds: [...adjudicated], paidCents: before.paidCents + c.paidCents, patientResponsibilityCents: before.patientResponsibilityCents + c.patientResponsibilityCents };
  next = { ...next, posted, payerClaimNumbers: [...new Set([...(claim.payerClaimNumbers ?? []), c.payerClaimNumber].filter(Boolean))], version: claim.version + 1, updatedAt: stamp };
  const writes: Item[] = [put(claimItem(caller.practiceId, next), '#v = :v', { ':v': claim.version }, { '#v': 'version' })];
  const date = era.paymentDate ?? today;
  const id = `${eraId}-${claim.id}-${c.kind === 'reversal' ? 'R' : 'P'}`;
  if (c.paidCents !== 0) {
    writes.push(put({
      PK: practicePartition(caller.practiceId), SK: `IPAY#${id}`, ...billingIndexKeys(caller.practiceId, 'INSURANCE_PAYMENT', { clientId: claim.clientId, clinicianId: claim.filedUnder, date, id }),
      entity: 'InsurancePayment', id, clientId: claim.clientId, clientName: claim.clientName, filedUnder: claim.filedUnder, date, amountCents: c.paidCents, payerName: era.payerName,
      claimId: claim.id, eraId, kind: c.kind, createdAt: stamp, createdBy: caller.sub,
    }, 'attribute_not_exists(PK)'));
  }
  const line = await getItem(lineKey(caller.practiceId, claim.lineId));
  if (line && line.status === 'UNINVOICED') {
    const share = Math.max(0, posted.patientResponsibilityCents);
    const units = (line.units as number) || 1;
    writes.push(update(lineKey(caller.practiceId, claim.lineId), 'SET amountCents = :a, feeCents = :f, insurancePaidCents = :p, clientResponsibilityCents = :a, billedFeeCents = if_not_exists(billedFeeCents, :fee)',
      { ':a': share, ':f': Math.round(share / units), ':p': posted.paidCents, ':fee': line.feeCents, ':open': 'UNINVOICED' }, '#s = :open', { '#s': 'status' }));
  }
  const out = await transact(writes);
  if (!out.ok) throw conflict();
  return { claimId: claim.id, patientControlNumber: c.patientControlNumber, payerClaimNumber: c.payerClaimNumber, kind: c.kind, paidCents: c.paidCents, patientResponsibilityCents: c.patientResponsibilityCents, nextStage: c.nextStage, matchedBy: c.matchedBy, adjustments: c.adjustments, remarks: c.remarks };
}

export async function postEra(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const item = isId(args.id) ? await getItem(eraItemKey(caller.practiceId, args.id)) : null;
  if (!item || item.entity !== 'Era') throw notFound(CLAIM_MESSAGES.eraNotFound);
  if (item.status === 'posted') throw invalid(CLAIM_MESSAGES.eraPosted, [{ field: 'id', reason: 'status' }]);
  const raw = await readFile(item.fileKey);
  if (!raw) throw new Error('era file missing');
  const era = parsed(raw);
  const { proposal, claims } = await proposalOf(caller.practiceId, era);
  const stamp = now.toISOString();
  const { today } = await practiceBilling(caller.practiceId, now);
  const postedClaims: Item[] = [];
  const held = [...proposal.held];
  const current = new Map(claims);
  for (const c of proposal.claims) {
    const claim = current.get(c.claimId)!;
    const allowed = c.kind === 'reversal' ? ['paid', 'partiallyPaid'].includes(claim.stage) : ['accepted', 'partiallyPaid', 'denied', 'paymentReport'].includes(claim.stage);
    if (!allowed) {
      held.push({ kind: 'claim', reference: c.patientControlNumber, amountCents: c.paidCents, reason: `Claim ${claim.id} is in stage ${claim.stage}: it cannot take this payment; nothing was posted for it.` });
      continue;
    }
    postedClaims.push(await postClaim(caller, item.id, item, proposal.eraKey, c, claim, stamp, today));
    const fresh = await getItem(claimKey(caller.practiceId, claim.id));
    if (fresh) current.set(claim.id, fresh);
  }
  if (postedClaims.length === 0) throw invalid(CLAIM_MESSAGES.noEraToPost, [{ field: 'id', reason: 'held' }]);
  const done = { ...item, status: 'posted', postedAt: stamp, postedBy: caller.sub, balanced: proposal.balanced, postedClaims, postedHeld: held };
  const out = await transact([put(done, '#s = :proposed', { ':proposed': 'proposed' }, { '#s': 'status' })]);
  if (!out.ok) throw conflict();
  return { data: toEra(done, null), audit: { action: 'era.post', entityType: 'Era', entityId: item.id } };
}
