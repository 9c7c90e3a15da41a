/**
 * The demo practice's claims (issue 16), after the billing and insurance seeds: the insured demo
 * clients get diagnoses, the clinicians a provider NPI and taxonomy in their profile, and their
 * latest sessions become claims in every stage the page shows — built and scrubbed as the claims
 * Lambda does (domain/insurance/claims.ts, scrub.ts) and moved only through claim-stages.ts:
 * one left in scrub (a client without a diagnosis: the problem names the Insurance tab), prepared,
 * submitted, accepted, rejected with the 277CA's reason, and paid by a posted ERA (its insurance
 * payment on the billing list, the client's copay on the claim); an older one paid by an ERA that
 * named it by the payer's claim number only, with interest for paying late (a PLB L6 line).
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { billingIndexKeys, clientBucket } from '../domain/billing/keys.ts';
import { clientKey } from '../domain/client.ts';
import { settingsKey } from '../domain/practice.ts';
import { therapistKey } from '../domain/profile.ts';
import { getPayer } from '../domain/insurance/payers.ts';
import { moveClaim, newClaim, type Actor, type ClaimEvent, type ClaimState } from '../domain/insurance/claim-stages.ts';
import { billingProviderOf, buildClaimBundle, chargeOf, claimIdFor, claimIndexKeys, claimKey } from '../domain/insurance/claims.ts';
import { scrubClaim } from '../domain/insurance/scrub.ts';
import { localDate } from '../domain/wall-clock.ts';
import type { SeededMember } from './seed-appointments.ts';
import { seedHeldEra, type HeldEraClaim } from './seed-era-held.ts';

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Valid test NPIs (check digit) for the clinicians' profiles, in member order. */
const NPIS = ['1234567893', '1987654328', '1122334455', '1245319599', '1326046780', '1518022490', '1689677098', '1053341289', '1500079193'];
const DIAGNOSES: Record<string, string[]> = { Avery: ['F41.1'], Jordan: ['F43.23', 'Z63.0'], Riley: ['F32.1'] };

const PAID: ClaimEvent[] = ['scrubPassed', 'fileCreated', 'submitted', 'clearinghouseAccepted', 'payerAccepted', 'eraMatched', 'postedPaid'];
/** Interest the payer adds for paying the oldest claim late (PLB L6, cents). */
const LATE_INTEREST = 185;

const SYSTEM = (step: 'system:scrubber' | 'system:claimCreation' | 'system:clearinghouse' | 'system:eraPosting'): Actor => ({ kind: 'system', step });

export async function seedDemoClaims(db: DynamoDBDocumentClient, table: string, practiceId: string, members: SeededMember[], now = new Date(), options: { heldEra?: boolean } = {}): Promise<void> {
  let heldFor: HeldEraClaim | null = null;
  const owner = members.find((m) => m.roles.includes('owner'))!;
  const biller = members.find((m) => m.roles.includes('biller')) ?? owner;
  const person: Actor = { kind: 'user', role: biller === owner ? 'owner' : 'biller', userId: biller.sub };
  const get = async (key: { PK: string; SK: string }) => ((await db.send(new GetCommand({ TableName: table, Key: key }))).Item as Item | undefined) ?? null;
  const put = (item: Item) => db.send(new PutCommand({ TableName: table, Item: item }));
  const stamp = now.toISOString();
  const today = localDate(now.getTime(), 'US/Pacific');

  // The rendering clinicians' profiles: a provider NPI and taxonomy (kept when already there).
  for (const [i, m] of members.entries()) {
    const profile = (await get(therapistKey(practiceId, m.sub))) ?? { ...therapistKey(practiceId, m.sub), version: 1 };
    if (profile.provider?.npi) continue;
    await put({ ...profile, provider: { ...(profile.provider ?? {}), firstName: m.givenName, lastName: m.familyName, npi: NPIS[i % NPIS.length], taxonomyCode: '101YP2500X' } });
  }
  const [setting, billing] = await Promise.all([get(settingsKey(practiceId, 'InsuranceSetting')), get(settingsKey(practiceId, 'BillingSettings'))]);
  const billingProvider = billingProviderOf((setting?.data ?? null) as Item | null, (billing?.data ?? null) as Item | null);
  const insured = ((await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':sk': 'ClientInsurance#' } }))).Items ?? []) as Item[];
  const plan: { first: string; stages: ClaimEvent[][] }[] = [
    // Avery: last session paid by a posted ERA, the one before accepted, the one before that prepared, and the oldest paid
    // late by an ERA that named the claim by the payer's claim number only (its patient control number cut short) with interest (PLB L6).
    { first: 'Avery', stages: [PAID, ['scrubPassed', 'fileCreated', 'submitted', 'clearinghouseAccepted', 'payerAccepted'], ['scrubPassed'], PAID] },
    // Jordan: submitted, waiting for the 277CA; Riley: rejected (coverage ended); Casey: no diagnosis yet (scrub).
    { first: 'Jordan', stages: [['scrubPassed', 'fileCreated', 'submitted']] },
    { first: 'Riley', stages: [['scrubPassed', 'fileCreated', 'submitted', 'clearinghouseRejected']] },
    { first: 'Casey', stages: [[]] },
  ];
  for (const row of plan) {
    for (const ins of insured) {
      const client = await get(clientKey(practiceId, ins.clientId));
      if (client?.personalDetail?.first !== row.first) continue;
      // A claim names the patient's and the subscriber's address and sex: the demo clients get them.
      const address = { line1: `${120 + row.first.length * 7} NW Everett St`, line2: null, city: 'Portland', state: 'OR', zip: '97209-3401' };
      if (!client.address?.line1) await put({ ...client, address, gender: client.gender ?? (row.first === 'Jordan' ? 'male' : 'female') });
      const insured = ins.data.insuranceInfo.primaryInsured ?? {};
      const info = { ...ins.data.insuranceInfo, primaryInsured: insured.relationship && insured.relationship !== 'self' ? { ...insured, gender: insured.gender ?? 'female', address: insured.address?.line1 ? insured.address : address } : insured };
      const data = { ...ins.data, insuranceInfo: info, additionalClaimInfo: { ...(ins.data.additionalClaimInfo ?? {}), diagnoses: DIAGNOSES[row.first] ?? [] } };
      await put({ ...ins, data });
      const lines = ((await db.send(new QueryCommand({ TableName: table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': clientBucket(practiceId, client.id, 'SESSION_INVOICED') }, ScanIndexForward: false, Limit: 10 }))).Items ?? []) as Item[];
      const sessions = lines.filter((l) => l.reason === 'SESSION');
      for (const [n, events] of row.stages.entries()) {
        const line = sessions[n];
        if (!line) break;
        const id = claimIdFor(line.id);
        const payerName = getPayer(data.insuranceInfo.payerId)?.names[0] ?? data.insuranceInfo.payerId;
        const clinician = await get(therapistKey(practiceId, line.clinicianId));
        const bundle = buildClaimBundle({ claimId: id, line, client: { ...client, address: client.address?.line1 ? client.address : address, gender: client.gender ?? 'female' }, insurance: data, payerName, clinician, insuranceSetting: (setting?.data ?? null) as Item | null, frequencyCode: '1' });
        const problems = scrubClaim(bundle, { today, billing: billingProvider, claimsOnFile: [], authorizations: [] }).filter((p) => events.length === 0 || p.severity !== 'error');
        let state: ClaimState = newClaim();
        const extra: Item = {};
        let minutes = 0;
        for (const event of events) {
          const actor = event === 'scrubPassed' ? SYSTEM('system:scrubber') : event === 'fileCreated' ? SYSTEM('system:claimCreation') : event.startsWith('clearinghouse') || event === 'payerAccepted' ? SYSTEM('system:clearinghouse') : event === 'eraMatched' ? SYSTEM('system:eraPosting') : person;
          const detail: Record<string, string> = event === 'clearinghouseRejected' ? { reasons: 'Subscriber and subscriber id not found (A3:33:IL)' } : {};
          const out = moveClaim(state, event, actor, new Date(now.getTime() - (60 - minutes) * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'), detail);
          minutes += 5;
          if (!out.ok) throw new Error(`seed claim move refused: ${out.reason}`);
          state = out.claim;
        }
        if (events.includes('clearinghouseRejected')) extra.ackReason = 'Subscriber and subscriber id not found (A3:33:IL)';
        if (events.includes('payerAccepted')) Object.assign(extra, { payerClaimNumber: `SBX${id.slice(-12)}`, payerClaimNumbers: [`SBX${id.slice(-12)}`] });
        if (events.includes('submitted')) extra.transactionId = `sbx-seed-${id}`;
        const charge = chargeOf(bundle);
        if (events.includes('postedPaid')) {
          const allowed = Math.round(charge * 0.8);
          const paid = allowed - 3000;
          const late = n > 0;
          const payerNumber = `SBX${id.slice(-12)}`;
          const eraId = createHash('sha256').update(`${practiceId}|seed-era|${id}`).digest('hex').slice(0, 24);
          const filedUnder = line.filedUnder ?? line.clinicianId;
          extra.posted = { eraKeys: [`60054/SBXEFTSEED${id.slice(-6)}/${line.date}`], adjudicatedLineIds: [`${id}L1`], paidCents: paid, patientResponsibilityCents: 3000 };
          const payId = `${eraId}-${id}-P`;
          const ipay = (entryId: string, amountCents: number, kind: string, more: Item = {}) => put({
            PK: `P#${practiceId}`, SK: `IPAY#${entryId}`, ...billingIndexKeys(practiceId, 'INSURANCE_PAYMENT', { clientId: client.id, clinicianId: filedUnder, date: line.date, id: entryId }),
            entity: 'InsurancePayment', id: entryId, clientId: client.id, clientName: line.clientName, filedUnder, date: line.date, amountCents, payerName, claimId: id, eraId, kind, createdAt: stamp, createdBy: biller.sub, ...more,
          });
          await ipay(payId, paid, 'payment');
          const provider = late ? [{ kind: 'interest', amountCents: LATE_INTEREST, note: `L6 ${payerNumber}`, claimId: id }] : [];
          if (late) await ipay(`${eraId}-PLB1`, LATE_INTEREST, 'interest', { note: `L6 ${payerNumber}` });
          await put({
            PK: `P#${practiceId}`, SK: `ERA#${eraId}`, entity: 'Era', id: eraId, payerName, payerId: data.insuranceInfo.payerId, traceNumber: `SBXEFTSEED${id.slice(-6)}`, paymentDate: line.date, totalPaidCents: paid + (late ? LATE_INTEREST : 0), status: 'posted', source: 'clearinghouse',
            fileKey: `claims/${practiceId}/eras/${eraId}.x12`, receivedAt: stamp, receivedBy: biller.sub, postedAt: stamp, postedBy: biller.sub, balanced: true, postedHeld: [], postedProvider: provider,
            postedClaims: [{
              claimId: id, patientControlNumber: late ? id.slice(1) : id, payerClaimNumber: payerNumber, kind: 'payment', paidCents: paid, patientResponsibilityCents: 3000, nextStage: 'paid', matchedBy: late ? 'payerClaimNumber' : 'patientControlNumber',
              adjustments: [{ group: 'CO', reason: '45', amountCents: charge - allowed }, { group: 'PR', reason: '3', amountCents: 3000 }], remarks: [],
            }],
          });
        }
        const claim = {
          id, lineId: line.id, appointmentId: line.appointmentId, clientId: client.id, clientName: line.clientName, clinicianId: line.clinicianId, clinicianName: line.clinicianName ?? null, filedUnder: line.filedUnder ?? line.clinicianId,
          serviceDate: line.date, stage: state.stage, frequencyCode: state.frequencyCode, history: state.history, bundle, billing: billingProvider, problems, payerId: data.insuranceInfo.payerId, payerName, memberId: bundle.subscriber.memberId,
          chargeCents: charge, version: 1, createdAt: stamp, createdBy: biller.sub, updatedAt: stamp, ...extra,
        };
        await put({ ...claim, ...claimKey(practiceId, id), ...claimIndexKeys(practiceId, claim), entity: 'Claim' });
        if (state.stage === 'accepted' && !heldFor) {
          heldFor = { id, chargeCents: charge, serviceDate: line.date, procedureCode: bundle.claim.lines[0].procedureCode, memberId: bundle.subscriber.memberId, patient: { first: client.personalDetail.first, last: client.personalDetail.last }, payerId: data.insuranceInfo.payerId, payerName };
        }
      }
    }
  }
  // `npm start` only (its 835 is a file in the bucket): an ERA paying the accepted claim held for manual matching.
  if (options.heldEra && heldFor) await seedHeldEra(db, table, practiceId, heldFor, biller.sub, now);
}
