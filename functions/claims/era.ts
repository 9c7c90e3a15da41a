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
import { billingProviderOf, claimKey, stagePartition } from '../../domain/insurance/claims.ts';
import { settingsKey } from '../../domain/practice.ts';
import { parse835, type Era } from '../../domain/insurance/era.ts';
import { eraKey, proposePosting, type ClaimForPosting, type PostingProposal } from '../../domain/insurance/era-posting.ts';
import { lineModifiers } from '../../domain/insurance/x12/claim-837p.ts';
import type { ClaimBundle } from '../../domain/insurance/x12/claim-input.ts';
import { clearinghouseFromEnv } from '../shared/clearinghouse/index.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { getItem, getItems, practiceTable, put, queryAll, queryBucket, transact } from '../billing/store.ts';
import { practicePartition } from '../../domain/tables.ts';
import { CLAIM_MESSAGES, invalid, isId, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { fileKey, readFile, writeFile } from './store.ts';
import { resolutionsOf, toEra } from './view.ts';

export const eraItemKey = (practiceId: string, id: string) => ({ PK: practicePartition(practiceId), SK: `ERA#${id}` });

export function parsed(raw: string): Era {
  try {
    const era = parse835(raw);
    if (!era.traceNumber) throw new Error('no trace');
    return era;
  } catch {
    throw invalid(CLAIM_MESSAGES.notAnEra, [{ field: 'x12', reason: 'format' }]);
  }
}

export function forPosting(claim: Item): ClaimForPosting {
  const bundle = claim.bundle as ClaimBundle;
  return {
    claimId: claim.id, clientId: claim.clientId, patientControlNumber: claim.id, payerClaimNumbers: claim.payerClaimNumbers ?? [], memberId: claim.memberId ?? '', chargeCents: claim.chargeCents ?? 0,
    lines: bundle.claim.lines.map((l) => ({ lineId: l.lineControlNumber ?? '', lineControlNumber: l.lineControlNumber, procedureCode: l.procedureCode, modifiers: lineModifiers(bundle, l), serviceDate: l.serviceDate, chargeCents: l.chargeCents })),
    posted: claim.posted ?? { eraKeys: [], adjudicatedLineIds: [], paidCents: 0, patientResponsibilityCents: 0 },
  };
}

/** The stages a payment (or a takeback) can name: the fallbacks look among these claims only. */
const PAYABLE_STAGES = ['accepted', 'paymentReport', 'partiallyPaid', 'paid', 'denied'] as const;
/** At most this many claims per stage are read for the fallbacks (one Query page of 100 at a time). */
const FALLBACK_PER_STAGE = 1000;

/**
 * The proposal of a stored ERA against our claims now. Claims are found by the patient control
 * number (a GetItem each); when a CLP names none of ours, or the ERA carries provider-level
 * adjustments, the claims that can take a payment (PAYABLE_STAGES) are read too, so the payer's
 * claim number and the member id + service dates and codes can find them (era-posting.ts decides).
 */
export async function proposalOf(practiceId: string, era: Era, resolved: ReadonlySet<number> = new Set()): Promise<{ proposal: PostingProposal; claims: Map<string, Item> }> {
  const ids = [...new Set(era.claims.map((c) => c.patientControlNumber.toUpperCase()).filter(isId))];
  const found = (await getItems(ids.map((id) => claimKey(practiceId, id)))).filter((c) => c.entity === 'Claim');
  const byId = new Map(found.map((c) => [c.id as string, c]));
  const missing = era.claims.some((c) => !byId.has(c.patientControlNumber.toUpperCase()));
  if (missing || era.providerAdjustments.length > 0) {
    for (const c of await payableClaims(practiceId)) if (!byId.has(c.id)) byId.set(c.id, c);
  }
  return { proposal: proposePosting(era, [...byId.values()].map(forPosting), resolved), claims: byId };
}

/** The practice's claims that can take a payment or a takeback (PAYABLE_STAGES; GSI3, bounded per stage). */
export async function payableClaims(practiceId: string): Promise<Item[]> {
  const more = await Promise.all(PAYABLE_STAGES.map((s) => queryAll('GSI3', stagePartition(practiceId, s), FALLBACK_PER_STAGE)));
  return more.flat().filter((c) => c.entity === 'Claim');
}

/** Keeps an 835 once (payer/trace/date): a second copy answers the first. */
async function store(caller: Caller, raw: string, source: 'clearinghouse' | 'upload', now: Date, transactionId?: string): Promise<Item> {
  const era = parsed(raw);
  const id = createHash('sha256').update(`${caller.practiceId}|${eraKey(era)}`).digest('hex').slice(0, 24);
  const existing = await getItem(eraItemKey(caller.practiceId, id));
  if (existing) return existing;
  const key = fileKey(caller.practiceId, 'eras', `${id}.x12`);
  await writeFile(key, raw);
  const item = {
    ...eraItemKey(caller.practiceId, id), entity: 'Era', id, payerName: era.payerName, payerId: era.payerId, traceNumber: era.traceNumber, paymentDate: era.paymentDate ?? null,
    totalPaidCents: era.totalPaidCents, status: 'proposed', source, fileKey: key, receivedAt: now.toISOString(), receivedBy: caller.sub, ...(transactionId ? { clearinghouseTransactionId: transactionId } : {}),
  };
  const out = await transact([put(item, 'attribute_not_exists(PK)')]);
  return out.ok ? item : ((await getItem(eraItemKey(caller.practiceId, id))) ?? item);
}

/** An ERA as the API shows it: its proposal now (or what was posted) and its held items with what the 835 says of them. */
export async function view(caller: Caller, item: Item): Promise<Item> {
  const resolutions = resolutionsOf(item);
  if (item.status === 'posted' && (item.postedHeld ?? []).length === 0 && resolutions.size === 0) return toEra(item, null);
  const raw = await readFile(item.fileKey);
  const era = raw ? parsed(raw) : null;
  if (item.status === 'posted') return toEra(item, null, era);
  return toEra(item, era ? (await proposalOf(caller.practiceId, era, new Set(resolutions.keys()))).proposal : null, era);
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

/** Where the practice's first poll of the clearinghouse's ERAs starts. */
const FIRST_POLL_DAYS = 90;
const pollKey = (practiceId: string) => ({ PK: practicePartition(practiceId), SK: 'ERAPOLL' });

/**
 * Whether an ERA is this practice's: paid to its billing NPI (N1*PE XX), or, when the payee is named
 * otherwise, paying a claim of ours by its patient control number. One clearinghouse account serves
 * every practice of an environment, so another practice's ERAs are passed over (and stay for its own poll).
 */
async function isOurs(practiceId: string, era: Era, npis: Set<string>): Promise<boolean> {
  if (era.payeeNpi && npis.size > 0) return npis.has(era.payeeNpi);
  const ids = [...new Set(era.claims.map((c) => c.patientControlNumber.toUpperCase()).filter(isId))];
  return (await getItems(ids.map((id) => claimKey(practiceId, id)))).some((c) => c.entity === 'Claim');
}

/**
 * The ERAs the clearinghouse received since the practice's last poll (Stedi: the account's inbound
 * 835 transactions from the stored cursor; the sandbox: the 835s of our accepted claims' transactions),
 * each kept once as the payer sent it. The cursor is saved only after every ERA of the batch is kept.
 */
export async function retrieveEras(caller: Caller, now = new Date()): Promise<ClaimsAnswer> {
  const clearinghouse = clearinghouseFromEnv();
  const [claims, poll, setting, billing] = await Promise.all([
    Promise.all((['accepted', 'partiallyPaid', 'paid'] as const).map(async (s) => (await queryBucket('GSI3', stagePartition(caller.practiceId, s), { limit: 50 })).items)).then((l) => l.flat()),
    getItem(pollKey(caller.practiceId)),
    getItem(settingsKey(caller.practiceId, 'InsuranceSetting')),
    getItem(settingsKey(caller.practiceId, 'BillingSettings')),
  ]);
  const npi = billingProviderOf((setting?.data ?? null) as Item | null, (billing?.data ?? null) as Item | null).npi;
  const npis = new Set(npi ? [npi] : []);
  const batch = await clearinghouse.listEras({
    cursor: typeof poll?.cursor === 'string' ? poll.cursor : null,
    since: new Date(now.getTime() - FIRST_POLL_DAYS * 86_400_000),
    transactionIds: claims.map((c) => c.transactionId).filter((t): t is string => typeof t === 'string' && t !== ''),
  });
  const stored: Item[] = [];
  let unreadable = 0;
  for (const { transactionId, x12 } of batch.eras) {
    let era: Era;
    try {
      era = parsed(x12);
    } catch {
      unreadable++;
      continue;
    }
    if (!(await isOurs(caller.practiceId, era, npis))) continue;
    const item = await store(caller, x12, 'clearinghouse', now, transactionId);
    if (!stored.some((s) => s.id === item.id)) stored.push(item);
  }
  if (unreadable > 0) console.error(`era retrieval: ${unreadable} unreadable 835(s) skipped`);
  if (batch.cursor !== (poll?.cursor ?? null)) await transact([put({ ...pollKey(caller.practiceId), cursor: batch.cursor, polledAt: now.toISOString() })]);
  return { data: await Promise.all(stored.map((i) => view(caller, i))), audit: { action: 'era.retrieve', entityType: 'Era', entityIds: stored.map((s) => s.id) } };
}

