/**
 * Submitting claims and reading their acknowledgements (issue 16). Submit: the 837P is written by
 * domain/insurance/x12/claim-837p.ts (one interchange per claim, control numbers from the
 * practice's counter), checked by check-837p.ts, kept in the bucket, and the claim moves prepared →
 * created (the claim-creation step); then it is sent through the Clearinghouse with an idempotency
 * key fixed per file, and moves created → submitted. A claim left at created (the clearinghouse did
 * not answer) is sent again with the same file and key: the clearinghouse answers it once; a claim
 * already submitted is returned as it is. Status: the 277CA of each submitted claim's transaction
 * moves it to received then accepted (or voided, for a void), or to rejected with the reasons.
 */
import { build837P, nextControlNumbers } from '../../domain/insurance/x12/claim-837p.ts';
import { check837P } from '../../domain/insurance/x12/check-837p.ts';
import { parse277CA, type ClaimAck } from '../../domain/insurance/x12/claim-ack-277.ts';
import { ownStagePartition, stagePartition } from '../../domain/insurance/claims.ts';
import { settingsKey } from '../../domain/practice.ts';
import { clearinghouseFromEnv, type Clearinghouse } from '../shared/clearinghouse/index.ts';
import { getItem, nextNumber, queryBucket } from '../billing/store.ts';
import { actorOf, claimScope, CLAIM_MESSAGES, idList, invalid, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { fileKey, loadClaim, move, readFile, saveClaim, writeFile } from './store.ts';
import { toClaim } from './view.ts';

const CREATION = { kind: 'system', step: 'system:claimCreation' } as const;
const CLEARING = { kind: 'system', step: 'system:clearinghouse' } as const;

async function submitter(caller: Caller, billingNpi: string): Promise<{ name: string; id: string; contactName: string; phone: string }> {
  const details = ((await getItem(settingsKey(caller.practiceId, 'PracticeDetails')))?.data ?? {}) as Item;
  const phone = String(details.phone?.number ?? '').replace(/\D/g, '').slice(-10);
  if (phone.length !== 10) throw invalid(CLAIM_MESSAGES.noPhone, [{ field: 'phone', reason: 'required' }]);
  const name = String(details.name ?? 'PRACTICE');
  return { name, id: billingNpi || 'PRACTICEPORTAL', contactName: 'BILLING OFFICE', phone };
}

/** prepared → created: the 837P written, checked and kept. */
async function createFile(caller: Caller, claim: Item, clearinghouse: Clearinghouse, now: Date): Promise<Item> {
  const seq = await nextNumber({ PK: `P#${caller.practiceId}`, SK: 'CLAIMCTRL' });
  const control = nextControlNumbers(seq > 1 ? { interchange: ((seq - 2) % 999_999_999) + 1, group: 0, transaction: 0 } : undefined);
  const sandbox = clearinghouse.name === 'sandbox';
  const x12 = build837P({
    submitter: await submitter(caller, claim.billing?.npi ?? ''), receiver: sandbox ? { name: 'SANDBOX', id: 'SANDBOX' } : { name: 'STEDI', id: 'STEDI' },
    billing: claim.billing, claims: [claim.bundle], control, createdAt: now, usage: sandbox ? 'T' : 'P',
  });
  const problems = check837P(x12);
  if (problems.length > 0) throw invalid(`The claim file of ${claim.id} did not pass the 837P check: ${problems[0]}`, [{ field: 'ids', reason: 'file' }]);
  const key = fileKey(caller.practiceId, claim.id, `837p-${control.interchange}.x12`);
  await writeFile(key, x12);
  const stamp = now.toISOString();
  return saveClaim(caller.practiceId, { ...move(claim, 'fileCreated', CREATION, stamp, { interchange: String(control.interchange), fileKey: key }), fileKey: key, interchange: control.interchange }, stamp);
}

export async function submitClaims(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const ids = idList(args.ids, 'ids');
  const actor = actorOf(caller);
  const claims = await Promise.all(ids.map((id) => loadClaim(caller, id)));
  for (const c of claims) {
    if (!['prepared', 'created', 'submitted'].includes(c.stage)) throw invalid(CLAIM_MESSAGES.notPrepared(c.id, c.stage), [{ field: 'ids', reason: 'stage' }]);
  }
  const clearinghouse = clearinghouseFromEnv();
  const out: Item[] = [];
  for (let claim of claims) {
    if (claim.stage === 'submitted') { out.push(claim); continue; }
    if (claim.stage === 'prepared') claim = await createFile(caller, claim, clearinghouse, now);
    const x12 = await readFile(claim.fileKey);
    if (!x12) throw new Error('claim file missing');
    // One key per file: a retry of this file is answered once; a corrected claim's new file gets a new key.
    const idempotencyKey = `${caller.practiceId}-${claim.id}-${claim.interchange}`.slice(0, 255);
    const answer = await clearinghouse.submitClaim({ x12 }, idempotencyKey);
    const stamp = new Date().toISOString();
    const submitted = move(claim, 'submitted', actor, stamp, { transactionId: answer.transactionId ?? '', idempotencyKey, clearinghouse: clearinghouse.name });
    out.push(await saveClaim(caller.practiceId, { ...submitted, transactionId: answer.transactionId, submittedAt: stamp }, stamp));
  }
  return { data: out.map(toClaim), audit: { action: 'claim.submit', entityType: 'Claim', entityIds: out.map((c) => c.id) } };
}

/** The acknowledgements in a 277 report: raw X12 (`x12`, the sandbox and raw reports) or Stedi's JSON claimStatus list. */
function acksOf(report: Record<string, unknown>): ClaimAck[] {
  if (Array.isArray(report.x12)) return (report.x12 as string[]).flatMap((x) => parse277CA(x));
  const claims = Array.isArray(report.claims) ? (report.claims as Item[]) : [];
  return claims.map((c) => {
    const s = (c.claimStatus ?? {}) as Item;
    const category = String(s.statusCategoryCode ?? '');
    const accepted = category === 'A1' || category === 'A2';
    return {
      patientControlNumber: String(s.patientAccountNumber ?? ''), status: accepted ? 'accepted' : category ? 'rejected' : 'pending', payerClaimNumber: s.tradingPartnerClaimNumber ?? undefined,
      reasons: accepted ? [] : [{ category, code: String(s.statusCode ?? ''), entity: String(s.entityIdentifierCode ?? ''), text: `Rejected (${category}:${String(s.statusCode ?? '')})` }],
    };
  });
}

export async function refreshClaimStatus(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  actorOf(caller);
  let claims: Item[];
  if (args.ids === null || args.ids === undefined) {
    const own = claimScope(caller.roles) === 'own';
    claims = (await queryBucket(own ? 'GSI2' : 'GSI3', own ? ownStagePartition(caller.practiceId, caller.sub, 'submitted') : stagePartition(caller.practiceId, 'submitted'), { limit: 50 })).items;
  } else {
    claims = (await Promise.all(idList(args.ids, 'ids').map((id) => loadClaim(caller, id)))).filter((c) => c.stage === 'submitted');
  }
  const clearinghouse = clearinghouseFromEnv();
  const out: Item[] = [];
  for (const claim of claims) {
    if (!claim.transactionId) continue;
    let report: Record<string, unknown>;
    try {
      report = await clearinghouse.getReport(claim.transactionId, '277');
    } catch (err) {
      if ((err as { errorType?: string }).errorType === 'NotFound') continue;
      throw err;
    }
    const ack = acksOf(report).find((a) => a.patientControlNumber.toUpperCase() === claim.id.toUpperCase());
    if (!ack || ack.status === 'pending') continue;
    const stamp = now.toISOString();
    const key = fileKey(caller.practiceId, claim.id, `277ca-${claim.interchange ?? 0}.x12`);
    if (Array.isArray(report.x12)) await writeFile(key, (report.x12 as string[]).join('\n'));
    else await writeFile(key, JSON.stringify(report), 'application/json');
    let next: Item;
    if (ack.status === 'accepted') {
      const received = move(claim, 'clearinghouseAccepted', CLEARING, stamp, { ackFileKey: key });
      const final = claim.frequencyCode === '8' ? 'voidAccepted' : 'payerAccepted';
      next = move(received, final, CLEARING, stamp, { ackFileKey: key, payerClaimNumber: ack.payerClaimNumber ?? '' });
      next = { ...next, payerClaimNumber: ack.payerClaimNumber ?? claim.payerClaimNumber ?? null, payerClaimNumbers: [...new Set([...(claim.payerClaimNumbers ?? []), ...(ack.payerClaimNumber ? [ack.payerClaimNumber] : [])])], ackReason: null };
    } else {
      const reason = ack.reasons.map((r) => `${r.text} (${r.category}:${r.code}${r.entity ? `:${r.entity}` : ''})`).join('; ') || 'Rejected by the payer';
      next = { ...move(claim, 'clearinghouseRejected', CLEARING, stamp, { ackFileKey: key, reasons: reason }), ackReason: reason };
    }
    out.push(await saveClaim(caller.practiceId, { ...next, ackFileKey: key }, stamp));
  }
  return { data: out.map(toClaim), audit: { action: 'claim.status', entityType: 'Claim', entityIds: out.map((c) => c.id) } };
}
