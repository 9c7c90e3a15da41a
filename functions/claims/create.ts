/**
 * Creating and scrubbing claims (issue 16). One claim per session (the SessionLine of one attended
 * appointment): its id is derived from the line's, so creating it again finds the first. The claim
 * is built from what is on file now (client, insurance, insurance setting, billing settings, payer,
 * the rendering clinician's profile), scrubbed (domain/insurance/scrub.ts) and stored at scrub with
 * its problems, or moved on to prepared by the scrubber when none is an error. Scrubbing again
 * rebuilds it from the record (after the biller fixed what the problems named); a correction (7)
 * or void (8) of an adjudicated claim goes back through scrub the same way.
 */
import { clinicianBucket, lineKey, practiceBucket } from '../../domain/billing/keys.ts';
import { clientKey } from '../../domain/client.ts';
import { settingsKey } from '../../domain/practice.ts';
import { therapistKey } from '../../domain/profile.ts';
import { getPayer } from '../../domain/insurance/payers.ts';
import { buildClaimBundle, billingProviderOf, chargeOf, claimIdFor, claimKey, clientClaimsPartition } from '../../domain/insurance/claims.ts';
import { scrubClaim, scrubPasses, type ClaimOnFile } from '../../domain/insurance/scrub.ts';
import { payerSettingKey, requiresSupervising, supervisingProviderOf, supervisorOn } from '../../domain/insurance/supervising.ts';
import { supervisionKey } from '../../domain/supervision.ts';
import type { ClaimEvent } from '../../domain/insurance/claim-stages.ts';
import { getItem, getItems, queryAll, queryBucket } from '../billing/store.ts';
import { nameOf, practiceBilling } from '../billing/practice.ts';
import { actorOf, claimScope, CLAIM_MESSAGES, idList, invalid, notFound, type Caller, type ClaimsAnswer, type Item } from './request.ts';
import { canMove, loadClaim, move, saveClaim } from './store.ts';
import { toClaim } from './view.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SCRUBBER = { kind: 'system', step: 'system:scrubber' } as const;

function insuredPlan(insurance: Item | null): Item | null {
  const data = (insurance?.data ?? null) as Item | null;
  if (!data || data.billingType !== 'insurance' || !data.insuranceInfo?.payerId || !data.insuranceInfo?.memberId) return null;
  return data;
}

/** The claim built from what is on file for its session now, with its scrub problems. */
async function build(caller: Caller, claim: Item, line: Item, today: string): Promise<Item> {
  const pid = caller.practiceId;
  const [client, insurance, setting, billing, clinician, onFile] = await Promise.all([
    getItem(clientKey(pid, line.clientId)),
    getItem({ PK: `P#${pid}`, SK: `ClientInsurance#${line.clientId}` }),
    getItem(settingsKey(pid, 'InsuranceSetting')),
    getItem(settingsKey(pid, 'BillingSettings')),
    getItem(therapistKey(pid, line.clinicianId)),
    queryAll('GSI1', clientClaimsPartition(pid, line.clientId), 200),
  ]);
  const plan = insuredPlan(insurance);
  if (!client || !plan) throw invalid(CLAIM_MESSAGES.noInsurance(line.clientName ?? 'The client'), [{ field: 'sessionLineIds', reason: 'insurance' }]);
  const info = plan.insuranceInfo as Item;
  const payerName = getPayer(info.payerId)?.names[0] ?? info.payerName ?? info.payerId;
  const supervising = await supervisingOf(pid, info.payerId, line);
  const bundle = buildClaimBundle({
    claimId: claim.id, line, client, insurance: plan, payerName, clinician, insuranceSetting: (setting?.data ?? null) as Item | null,
    frequencyCode: claim.frequencyCode, originalClaimNumber: claim.frequencyCode === '1' ? undefined : (claim.payerClaimNumber ?? undefined),
    ...(supervising ? { supervising } : {}),
  });
  const billingProvider = billingProviderOf((setting?.data ?? null) as Item | null, (billing?.data ?? null) as Item | null);
  const claimsOnFile: ClaimOnFile[] = onFile.filter((c) => c.id !== claim.id).map((c) => ({
    patientControlNumber: c.id, memberId: c.memberId ?? '', payerId: c.payerId ?? '', stage: c.stage, lines: (c.bundle?.claim?.lines ?? []).map((l: Item) => ({ serviceDate: l.serviceDate, procedureCode: l.procedureCode })),
  }));
  const authorization = plan.authorizationTracking as Item | undefined;
  const problems = scrubClaim(bundle, {
    today, billing: billingProvider, claimsOnFile,
    authorizations: authorization?.number && authorization.startDate && authorization.endDate ? [{ number: authorization.number, procedureCodes: [line.serviceCode], from: authorization.startDate, to: authorization.endDate }] : [],
  });
  return {
    ...claim, bundle, billing: billingProvider, problems, payerId: info.payerId, payerName, memberId: bundle.subscriber.memberId, chargeCents: chargeOf(bundle),
    clientName: nameOf(client) || line.clientName, clinicianName: line.clinicianName ?? null,
  };
}

/** 2310D (issue 18): the clinician's supervisor at the date of service, when the practice's setting for the payer requires it. */
async function supervisingOf(practiceId: string, payerId: string, line: Item) {
  const [payerSetting, supervision] = await Promise.all([getItem(payerSettingKey(practiceId, payerId)), getItem(supervisionKey(practiceId, line.clinicianId))]);
  if (!requiresSupervising(payerSetting)) return undefined;
  const supervisorId = supervisorOn(supervision, line.date);
  return supervisorId ? supervisingProviderOf(await getItem(therapistKey(practiceId, supervisorId))) : undefined;
}

/** Scrub once more; pass → prepared (the scrubber's move). */
function scrubbed(claim: Item, stamp: string): Item {
  if (claim.stage === 'scrub' && scrubPasses(claim.problems)) {
    const warnings = (claim.problems as Item[]).filter((p) => p.severity === 'warning').length;
    return move(claim, 'scrubPassed', SCRUBBER, stamp, warnings ? { warnings: String(warnings) } : {});
  }
  return claim;
}

async function lineOf(caller: Caller, lineId: string): Promise<Item> {
  const line = await getItem(lineKey(caller.practiceId, lineId));
  if (!line || line.entity !== 'SessionLine' || line.reason !== 'SESSION' || (claimScope(caller.roles) === 'own' && line.filedUnder !== caller.sub)) {
    throw notFound(CLAIM_MESSAGES.noSession);
  }
  return line;
}

/** Sessions in [from, to] not yet claimed, of clients billed to insurance (the week the biller chose). */
export async function claimableSessions(caller: Caller, args: Item): Promise<ClaimsAnswer> {
  const { from, to } = args;
  if (typeof from !== 'string' || typeof to !== 'string' || !DATE.test(from) || !DATE.test(to) || from > to || (Date.parse(to) - Date.parse(from)) / 86_400_000 > 31) {
    throw invalid(CLAIM_MESSAGES.week, [{ field: 'from', reason: 'range' }]);
  }
  const pid = caller.practiceId;
  const own = claimScope(caller.roles) === 'own';
  const partition = (b: 'SESSION_OPEN' | 'SESSION_INVOICED') => (own ? clinicianBucket(pid, caller.sub, b) : practiceBucket(pid, b));
  const index = own ? 'GSI2' : 'GSI3';
  const lines = (await Promise.all((['SESSION_OPEN', 'SESSION_INVOICED'] as const).map(async (b) => (await queryBucket(index, partition(b), { from, to, limit: 500 })).items))).flat()
    .filter((l) => l.reason === 'SESSION');
  const claims = await getItems(lines.map((l) => claimKey(pid, claimIdFor(l.id))));
  const claimed = new Set(claims.map((c) => c.id));
  const open = lines.filter((l) => !claimed.has(claimIdFor(l.id)));
  const insurances = await getItems([...new Set(open.map((l) => l.clientId as string))].map((c) => ({ PK: `P#${pid}`, SK: `ClientInsurance#${c}` })));
  const plans = new Map(insurances.map((i) => [i.clientId as string, insuredPlan(i)]));
  const items = open.filter((l) => plans.get(l.clientId)).sort((a, b) => (a.date === b.date ? String(a.clientName).localeCompare(String(b.clientName)) : a.date.localeCompare(b.date))).map((l) => {
    const info = plans.get(l.clientId)!.insuranceInfo as Item;
    return {
      id: l.id, clientId: l.clientId, clientName: l.clientName, clinicianId: l.clinicianId, clinicianName: l.clinicianName ?? null, date: l.date, serviceCode: l.serviceCode,
      amountCents: l.amountCents, placeOfService: l.placeOfService, payerName: getPayer(info.payerId)?.names[0] ?? info.payerName ?? info.payerId,
    };
  });
  return { data: items, audit: { action: 'claims.sessions', entityType: 'Client', entityIds: [...new Set(items.map((i) => i.clientId as string))] } };
}

export async function createClaims(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const ids = idList(args.sessionLineIds, 'sessionLineIds');
  actorOf(caller);
  const lines = await Promise.all(ids.map((id) => lineOf(caller, id)));
  const { today } = await practiceBilling(caller.practiceId, now);
  const stamp = now.toISOString();
  // Build every claim first: a session whose client has no insurance refuses the whole call, nothing written.
  const built: { claim: Item; fresh: boolean }[] = [];
  for (const line of lines) {
    const id = claimIdFor(line.id);
    const existing = await getItem(claimKey(caller.practiceId, id));
    if (existing && !['scrub', 'prepared'].includes(existing.stage)) { built.push({ claim: existing, fresh: false }); continue; }
    const base = existing ?? {
      id, lineId: line.id, appointmentId: line.appointmentId, clientId: line.clientId, clinicianId: line.clinicianId, filedUnder: line.filedUnder ?? line.clinicianId,
      serviceDate: line.date, stage: 'scrub', frequencyCode: '1', history: [], version: 0, createdAt: stamp, createdBy: caller.sub,
    };
    built.push({ claim: await build(caller, base.stage === 'prepared' ? move(base, 'edited', actorOf(caller), stamp, { reason: 'scrubbed again' }) : base, line, today), fresh: true });
  }
  const out: Item[] = [];
  for (const b of built) out.push(b.fresh ? await saveClaim(caller.practiceId, scrubbed(b.claim, stamp), stamp) : b.claim);
  return { data: out.map(toClaim), audit: { action: 'claim.create', entityType: 'Claim', entityIds: out.map((c) => c.id) } };
}

/** Scrub again from the record (scrub, prepared, or rejected — the rejected claim goes back to scrub as edited). */
export async function rescrubClaim(caller: Caller, args: Item, now = new Date()): Promise<ClaimsAnswer> {
  const claim = await loadClaim(caller, args.id);
  const actor = actorOf(caller);
  const stamp = now.toISOString();
  let next = claim;
  if (claim.stage === 'prepared' || claim.stage === 'rejected') next = move(claim, 'edited', actor, stamp, { reason: 'scrubbed again' });
  else if (claim.stage !== 'scrub') throw invalid(CLAIM_MESSAGES.notRescrubbable(claim.id, claim.stage), [{ field: 'id', reason: 'stage' }]);
  const line = await lineOf(caller, claim.lineId);
  const { today } = await practiceBilling(caller.practiceId, now);
  const saved = await saveClaim(caller.practiceId, scrubbed(await build(caller, next, line, today), stamp), stamp);
  return { data: toClaim(saved), audit: { action: 'claim.scrub', entityType: 'Claim', entityId: saved.id } };
}

/** A corrected (frequency 7) or void (8) claim of an adjudicated one: back to scrub, rebuilt, scrubbed. */
export async function resubmitClaim(caller: Caller, args: Item, kind: 'correct' | 'void', now = new Date()): Promise<ClaimsAnswer> {
  const claim = await loadClaim(caller, args.id);
  const actor = actorOf(caller);
  const event: ClaimEvent = kind === 'correct' ? 'resubmitCorrected' : 'resubmitVoid';
  if (!canMove(claim, event, actor)) throw invalid(CLAIM_MESSAGES.notCorrectable(claim.id, claim.stage), [{ field: 'id', reason: 'stage' }]);
  const stamp = now.toISOString();
  const moved = move(claim, event, actor, stamp, { payerClaimNumber: claim.payerClaimNumber ?? '' });
  const line = await lineOf(caller, claim.lineId);
  const { today } = await practiceBilling(caller.practiceId, now);
  const saved = await saveClaim(caller.practiceId, scrubbed(await build(caller, { ...moved, ackReason: null }, line, today), stamp), stamp);
  return { data: toClaim(saved), audit: { action: kind === 'correct' ? 'claim.correct' : 'claim.void', entityType: 'Claim', entityId: saved.id } };
}
