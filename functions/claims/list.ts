/**
 * Reading claims (issue 16): the claims in one stage, 20 a page, newest date of service first — one
 * Query on the stage's partition (GSI3 for the practice, GSI2 for an own-records caller), never a
 * Scan; the cursor holds only sort-key values (validated), its partition is rebuilt from the caller
 * every time and the resolver seals it to the caller and the stage. One claim with its history; its
 * 837P as kept, or its CMS-1500 (02/12) for paper payers.
 */
import { CLAIM_STAGES, type ClaimStage } from '../../domain/insurance/claim-stages.ts';
import { CLAIM_PAGE_SIZE, CLAIM_PREFIX, ownStagePartition, stagePartition } from '../../domain/insurance/claims.ts';
import { practicePartition } from '../../domain/tables.ts';
import { renderCms1500 } from '../shared/pdf/cms1500.ts';
import { practiceBilling } from '../billing/practice.ts';
import { queryBucket } from '../billing/store.ts';
import { claimScope, invalid, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { loadClaim, readFile } from './store.ts';
import { toClaim } from './view.ts';

const badToken = () => invalid('Invalid page token', [{ field: 'nextToken', reason: 'format' }]);

function readCursor(text: unknown): { s: string; k: string } | null {
  if (typeof text !== 'string' || text === '') {
    if (text === null || text === undefined || text === '') return null;
    throw badToken();
  }
  let parsed: Item;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badToken();
  }
  const ok = parsed && typeof parsed.s === 'string' && parsed.s.length < 100 && /^\d{4}-\d{2}-\d{2}#C[A-Z0-9]{1,19}$/.test(parsed.s) && typeof parsed.k === 'string' && parsed.k.startsWith(CLAIM_PREFIX) && parsed.k.length < 100;
  if (!ok) throw badToken();
  return { s: parsed.s, k: parsed.k };
}

export async function listClaims(caller: Caller, args: Item, cursorText: string | null | undefined): Promise<ClaimsAnswer> {
  const stage = args.stage as ClaimStage;
  if (!CLAIM_STAGES.includes(stage)) throw invalid('Unknown claim stage.', [{ field: 'stage', reason: 'format' }]);
  const own = claimScope(caller.roles) === 'own';
  const index = own ? 'GSI2' : 'GSI3';
  const partition = own ? ownStagePartition(caller.practiceId, caller.sub, stage) : stagePartition(caller.practiceId, stage);
  const at = readCursor(cursorText);
  if (at && at.k !== `${CLAIM_PREFIX}${at.s.split('#')[1]}`) throw badToken();
  const start = at ? { PK: practicePartition(caller.practiceId), SK: at.k, [`${index}PK`]: partition, [`${index}SK`]: at.s } : null;
  const page = await queryBucket(index, partition, { limit: CLAIM_PAGE_SIZE, start });
  const items = page.items.map(toClaim);
  const last = page.last ? page.items[page.items.length - 1] : null;
  return {
    data: { items },
    nextToken: last ? Buffer.from(JSON.stringify({ s: last[`${index}SK`], k: last.SK })).toString('base64url') : null,
    audit: { action: 'claims.list', entityType: 'Client', entityIds: [...new Set(items.map((c) => c.clientId as string))] },
  };
}

export async function getClaim(caller: Caller, args: Item): Promise<ClaimsAnswer> {
  const claim = await loadClaim(caller, args.id);
  return { data: toClaim(claim), audit: { action: 'claim.read', entityType: 'Claim', entityId: claim.id } };
}

/** The claim's 837P as sent (X12) or its CMS-1500 (CMS1500); file names carry the claim id only. */
export async function claimFile(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const claim = await loadClaim(caller, args.id);
  if (args.format === 'X12') {
    const text = claim.fileKey ? await readFile(claim.fileKey) : null;
    if (!text) throw invalid('This claim has no 837P file yet: submit it first.', [{ field: 'format', reason: 'stage' }]);
    return { data: { fileName: `claim-${claim.id}.x12`, contentType: 'application/edi-x12', base64: Buffer.from(text).toString('base64') }, audit: { action: 'claim.file', entityType: 'Claim', entityId: claim.id } };
  }
  if (args.format !== 'CMS1500') throw invalid('Choose X12 or CMS1500.', [{ field: 'format', reason: 'format' }]);
  const { today } = await practiceBilling(caller.practiceId, now);
  const bytes = await renderCms1500(claim.billing, claim.bundle, { signedOn: today });
  return { data: { fileName: `claim-${claim.id}.pdf`, contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64') }, audit: { action: 'claim.pdf', entityType: 'Claim', entityId: claim.id } };
}
