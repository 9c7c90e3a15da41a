/**
 * Insurance claims and ERA posting (issue 16) against the whole local runtime: the claims Lambda
 * through the local clearinghouse sandbox. Sessions become claims once (scrubbed: a missing
 * diagnosis is named, fixed in the client's insurance and scrubbed again), prepared claims are
 * submitted as 837P (idempotent: a second submit sends nothing new), the sandbox's 277CA accepts or
 * rejects them with the reason, its 835 is proposed and posted to the cent (claim paid, insurance
 * payment on the billing list, the client's share on their session line), roles per spec §6
 * (biller and owner all, clinicianBasicBilling their own, scheduler none), another practice sees
 * nothing, the list's page token is bound to the caller and the stage. Supervision (issue 18): a
 * payer that requires it gets the supervised clinician's supervisor on the claim (2310D).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';
import { amount, writeSegment, type Segment } from '../../domain/insurance/x12/segments.ts';
import { claimKey } from '../../domain/insurance/claims.ts';
import { objectStoreSandbox, sandboxClearinghouse } from '../../functions/shared/clearinghouse/sandbox.ts';
import { readSubmitted837, sandbox835 } from '../../functions/shared/clearinghouse/sandbox-claims.ts';
import { s3ObjectStore } from '../../functions/shared/object-store.ts';
import { startStediFake } from '../support/stedi-fake.ts';
import { startSecretsManagerFake } from '../support/secrets-manager-fake.ts';
import { heldEraCases } from './claims-held.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
type Body = { data?: any; errors?: Array<{ message: string; errorType?: string }> };
const call = async (who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> => (await graphql(`${runtime.url}/graphql`, tokens[who], query, variables)).body;
const data = async (who: string, query: string, variables: Record<string, unknown> = {}) => {
  const out = await call(who, query, variables);
  expect(out.errors, JSON.stringify(out.errors)).toBeUndefined();
  return out.data;
};

const CLAIM = 'id sessionLineId clientId clientName stage frequencyCode chargeCents payerName memberId diagnoses problems { rule severity field message } rejectionReason payerClaimNumber paidCents clientResponsibilityCents hasFile lines { procedureCode modifiers chargeCents placeOfService serviceDate } history { from to event actor role at } version';
const SESSIONS = 'query ($f: AWSDate!, $t: AWSDate!) { listClaimableSessions(from: $f, to: $t) { id clientId clientName date serviceCode amountCents payerName } }';
const CREATE = `mutation ($l: [ID!]!) { createClaims(sessionLineIds: $l) { ${CLAIM} } }`;
const RESCRUB = `mutation ($id: ID!) { rescrubClaim(id: $id) { ${CLAIM} } }`;
const SUBMIT = `mutation ($ids: [ID!]!) { submitClaims(ids: $ids) { ${CLAIM} } }`;
const STATUS = `mutation ($ids: [ID!]) { refreshClaimStatus(ids: $ids) { ${CLAIM} } }`;
const GET = `query ($id: ID!) { getClaim(id: $id) { ${CLAIM} } }`;
const LIST = 'query ($s: ClaimStage!, $t: String) { listClaims(stage: $s, nextToken: $t) { items { id stage clientId } nextToken } }';
const FILE = 'query ($id: ID!, $f: ClaimFileFormat!) { getClaimFile(id: $id, format: $f) { fileName contentType base64 } }';
const ERA = 'id status payerName totalPaidCents balanced claims { claimId kind paidCents clientResponsibilityCents nextStage adjustments { group reason amountCents } } held { reference reason }';
const APPT = 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id version status } }';
const APPT_STATUS = 'mutation ($id: ID!, $v: Int!, $s: AppointmentStatus!) { setAppointmentStatus(id: $id, version: $v, status: $s) { id version status } }';
const INSURANCE_GET = 'query ($c: ID!) { getClientInsurance(clientId: $c) { version } }';
const INSURANCE_SET = 'mutation ($c: ID!, $v: Int!, $i: ClientInsuranceInput!) { updateClientInsurance(clientId: $c, version: $v, input: $i) { version additionalClaimInfo { diagnoses } } }';

const clients: Record<string, string> = {};
const lines: Record<string, string> = {};
let from = '';
let to = '';

async function insure(who: string, clientId: string, memberId: string, diagnoses: string[] | null): Promise<void> {
  const v = (await data(who, INSURANCE_GET, { c: clientId })).getClientInsurance.version;
  await data(who, INSURANCE_SET, { c: clientId, v, i: { billingType: 'insurance', insuranceInfo: { type: 'primary', payerId: '60054', memberId, primaryInsured: { relationship: 'self' } }, ...(diagnoses ? { additionalClaimInfo: { diagnoses } } : {}) } });
}

/** An attended 90834 session of the client, `daysAgo` days ago at 07:00 Pacific (before the demo calendar's day). */
async function attended(who: string, clientId: string, daysAgo: number): Promise<string> {
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const appt = (await data(who, APPT, { input: { clientId, serviceCode: '90834', locationType: 'OFFICE', start: start.toISOString(), durationMinutes: 45 } })).createAppointment[0];
  await data(who, APPT_STATUS, { id: appt.id, v: appt.version, s: 'ATTENDED' });
  return appt.id;
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  await addPractice(runtime, 'claims-other@elsewhere.practiceportal.test');
  await Promise.all([
    ...['owner', 'biller', 'scheduler', 'basicbilling'].map(async (w) => (tokens[w] = (await signInSeeded(runtime.url, `${w}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken)),
    signInSeeded(runtime.url, 'claims-other@elsewhere.practiceportal.test', DEMO_PASSWORD).then((t) => (tokens.other = t.accessToken)),
  ]);
  const me = (await data('owner', '{ me { id practiceId } }')).me;
  const basic = (await data('basicbilling', '{ me { id } }')).me;
  // The rendering clinicians' profiles (Profile → provider): NPI and taxonomy.
  for (const [sub, npi] of [[me.id, '1234567893'], [basic.id, '1987654328']]) {
    await runtime.dynamo.client.send(new PutItemCommand({ TableName: tableName('local', 'Practice'), Item: marshall({ PK: `P#${me.practiceId}`, SK: `Therapist#${sub}`, provider: { firstName: 'Olivia', lastName: 'Owens', npi, taxonomyCode: '101YP2500X' }, version: 1 }) }));
  }
  const details = (await data('owner', '{ getPracticeDetails { version } }')).getPracticeDetails;
  await data('owner', 'mutation ($v: Int!, $i: PracticeDetailsInput!) { editPracticeDetails(version: $v, input: $i) { version } }', { v: details.version, i: { name: 'Owens Family Therapy', phone: { number: '+15035550100', type: 'office' } } });
  const billing = (await data('owner', '{ getBillingSettings { version } }')).getBillingSettings;
  await data('owner', 'mutation ($v: Int!, $i: BillingSettingsInput!) { editBillingSettings(version: $v, input: $i) { version } }', { v: billing.version, i: { taxId: '12-3456789' } });
  const add = async (who: string, first: string) => (await data(who, 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }', { i: { personalDetail: { first, last: 'Claimant' }, dateOfBirth: '04/12/1987', gender: 'female', address: { line1: '9 Elm St', city: 'Portland', state: 'OR', zip: '97209-1234' } } })).addClient.id;
  clients.paid = await add('owner', 'Paula');
  clients.fix = await add('owner', 'Felix');
  clients.rejected = await add('owner', 'Rhea');
  clients.partial = await add('owner', 'Petra');
  clients.own = await add('basicbilling', 'Bodhi');
  await insure('owner', clients.paid, 'SBX100000001', ['F41.1']);
  await insure('owner', clients.fix, 'SBX100000003', null);
  await insure('owner', clients.rejected, 'SBX100000008', ['F32.1']);
  await insure('owner', clients.partial, 'SBX100000002', ['F43.23', 'Z63.0']);
  await insure('basicbilling', clients.own, 'SBX100000001', ['F41.1']);
  for (const [i, [k, c]] of Object.entries(clients).entries()) lines[k] = await attended(k === 'own' ? 'basicbilling' : 'owner', c, 7 + i);
  const day = (d: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific' }).format(new Date(Date.now() - d * 86_400_000));
  from = day(12);
  to = day(6);
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('claims', () => {
  const claims: Record<string, any> = {};

  it('the demo practice comes seeded with claims in every stage: one rejected with its reason, one paid by a posted ERA', async () => {
    const inStage = async (s: string) => (await data('biller', `query ($s: ClaimStage!) { listClaims(stage: $s) { items { ${CLAIM} } } }`, { s })).listClaims.items;
    for (const s of ['scrub', 'prepared', 'submitted', 'accepted']) expect((await inStage(s)).length, s).toBeGreaterThan(0);
    expect((await inStage('scrub'))[0].problems[0]).toMatchObject({ rule: 'missingDiagnosis', field: 'claim.diagnoses' });
    expect((await inStage('rejected'))[0]).toMatchObject({ clientName: 'Riley Patel', rejectionReason: 'Subscriber and subscriber id not found (A3:33:IL)' });
    expect((await inStage('paid'))[0]).toMatchObject({ clientName: 'Avery Lane', clientResponsibilityCents: 3000 });
    const eras = (await data('biller', `{ listEras { ${ERA} providerAdjustments { kind amountCents claimId } } }`)).listEras;
    expect(eras).toHaveLength(2);
    for (const era of eras) expect(era).toMatchObject({ status: 'posted', claims: [expect.objectContaining({ kind: 'payment', nextStage: 'paid', clientResponsibilityCents: 3000 })] });
    // The older one named the claim by the payer's claim number only and added interest for paying late (PLB L6).
    const late = (await data('biller', '{ listEras { id claims { claimId matchedBy } } }')).listEras.find((e: any) => e.claims[0].matchedBy === 'payerClaimNumber');
    expect(eras.find((e: any) => e.id === late.id).providerAdjustments).toEqual([{ kind: 'interest', amountCents: 185, claimId: late.claims[0].claimId }]);
    const payments = (await data('biller', '{ listBilling(filter: InsurancePayment) { items { kind clientName amountCents } } }')).listBilling.items;
    expect(payments).toHaveLength(3);
    expect(payments.every((p: any) => p.kind === 'INSURANCE_PAYMENT' && p.clientName === 'Avery Lane')).toBe(true);
    expect(payments.map((p: any) => p.amountCents)).toContain(185);
  });

  it("lists the week's insured sessions without claims; one claim per session, scrubbed; a second create answers the same claim", async () => {
    const sessions = (await data('biller', SESSIONS, { f: from, t: to })).listClaimableSessions;
    expect(sessions.map((s: any) => s.id)).toEqual(expect.arrayContaining(Object.values(lines)));
    expect(sessions.find((s: any) => s.id === lines.paid)).toMatchObject({ serviceCode: '90834', payerName: 'Aetna' });
    const created = (await data('biller', CREATE, { l: [lines.paid, lines.fix, lines.rejected, lines.partial] })).createClaims;
    for (const c of created) claims[Object.keys(lines).find((k) => lines[k] === c.sessionLineId)!] = c;
    expect(claims.paid).toMatchObject({ stage: 'prepared', frequencyCode: '1', memberId: 'SBX100000001', diagnoses: ['F41.1'], problems: [], hasFile: false });
    expect(claims.paid.history).toEqual([expect.objectContaining({ from: 'scrub', to: 'prepared', event: 'scrubPassed', actor: 'system:scrubber', role: null })]);
    expect(claims.fix.stage).toBe('scrub');
    expect(claims.fix.problems).toEqual([expect.objectContaining({ rule: 'missingDiagnosis', severity: 'error', field: 'claim.diagnoses', message: expect.stringContaining('add the ICD-10-CM code') })]);
    const again = (await data('biller', CREATE, { l: [lines.paid] })).createClaims;
    expect(again[0].id).toBe(claims.paid.id);
    const after = (await data('biller', SESSIONS, { f: from, t: to })).listClaimableSessions.map((s: any) => s.id);
    expect(after).not.toContain(lines.paid);
  });

  it('a session of a client without insurance is refused by name and nothing is written', async () => {
    const plain = (await data('owner', 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }', { i: { personalDetail: { first: 'Nora', last: 'Nocover' }, dateOfBirth: '01/01/1990' } })).addClient.id;
    const line = await attended('owner', plain, 13);
    const out = await call('biller', CREATE, { l: [line, lines.own] });
    expect(out.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Nora Nocover has no insurance on file: add the payer and member id in the client’s Insurance tab, then create the claim.' });
    expect((await data('owner', LIST, { s: 'scrub' })).listClaims.items.map((c: any) => c.id)).not.toContain(claims.paid.id.replace(/.$/, 'X'));
  });

  it('fixing the scrub error in the client insurance and scrubbing again prepares the claim', async () => {
    const submitEarly = await call('biller', SUBMIT, { ids: [claims.fix.id] });
    expect(submitEarly.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining('only a prepared claim is submitted') });
    const v = (await data('biller', INSURANCE_GET, { c: clients.fix })).getClientInsurance.version;
    const bad = await call('biller', INSURANCE_SET, { c: clients.fix, v, i: { billingType: 'insurance', insuranceInfo: { payerId: '60054', memberId: 'SBX100000003', primaryInsured: { relationship: 'self' } }, additionalClaimInfo: { diagnoses: ['anxiety'] } } });
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining('additionalClaimInfo.diagnoses[0] (format)') });
    await insure('biller', clients.fix, 'SBX100000003', ['f41.1']);
    const fixed = (await data('biller', RESCRUB, { id: claims.fix.id })).rescrubClaim;
    expect(fixed).toMatchObject({ stage: 'prepared', diagnoses: ['F41.1'], problems: [] });
    claims.fix = fixed;
  });

  it('submits the 837P once (a second submit sends nothing new), then the 277CA accepts or rejects with the reason', async () => {
    const ids = [claims.paid.id, claims.fix.id, claims.rejected.id, claims.partial.id];
    const sent = (await data('biller', SUBMIT, { ids })).submitClaims;
    expect(sent.map((c: any) => c.stage)).toEqual(['submitted', 'submitted', 'submitted', 'submitted']);
    expect(sent[0].history.slice(-2)).toEqual([
      expect.objectContaining({ from: 'prepared', to: 'created', event: 'fileCreated', actor: 'system:claimCreation' }),
      expect.objectContaining({ from: 'created', to: 'submitted', event: 'submitted', role: 'biller' }),
    ]);
    const again = (await data('biller', SUBMIT, { ids })).submitClaims;
    expect(again.map((c: any) => [c.version, c.history.length])).toEqual(sent.map((c: any) => [c.version, c.history.length]));
    const file = (await data('biller', FILE, { id: claims.paid.id, f: 'X12' })).getClaimFile;
    const x12 = Buffer.from(file.base64, 'base64').toString('utf8');
    expect(x12).toContain('005010X222A1');
    expect(x12).toContain(`CLM*${claims.paid.id}*${claims.paid.chargeCents / 100}***11:B:1`);
    const pdf = (await data('biller', FILE, { id: claims.paid.id, f: 'CMS1500' })).getClaimFile;
    expect(pdf).toMatchObject({ fileName: `claim-${claims.paid.id}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const moved = (await data('biller', STATUS, { ids })).refreshClaimStatus;
    const byId = Object.fromEntries(moved.map((c: any) => [c.id, c]));
    expect(byId[claims.paid.id]).toMatchObject({ stage: 'accepted', rejectionReason: null, payerClaimNumber: expect.stringMatching(/^SBX/) });
    expect(byId[claims.rejected.id]).toMatchObject({ stage: 'rejected', rejectionReason: expect.stringContaining('(A7:562:85)') });
    expect((await data('biller', LIST, { s: 'rejected' })).listClaims.items.map((c: any) => c.id)).toContain(claims.rejected.id);
  });

  it('posts the ERA to the cent: paid and partly paid claims, the insurance payments on the billing list, the client share on the session', async () => {
    const eras = (await data('biller', `mutation { retrieveEras { ${ERA} } }`)).retrieveEras;
    const forPaid = eras.find((e: any) => e.claims.some((c: any) => c.claimId === claims.paid.id));
    // The sandbox allows 80 % of the charge and the client owes a $30 copay: the payer pays the rest.
    const charge = claims.paid.chargeCents;
    const allowed = Math.round(charge * 0.8);
    expect(forPaid).toMatchObject({ status: 'proposed', balanced: true, totalPaidCents: allowed - 3000, held: [] });
    expect(forPaid.claims[0]).toMatchObject({ kind: 'payment', paidCents: allowed - 3000, clientResponsibilityCents: 3000, nextStage: 'paid' });
    expect(forPaid.claims[0].adjustments).toEqual(expect.arrayContaining([{ group: 'CO', reason: '45', amountCents: charge - allowed }, { group: 'PR', reason: '3', amountCents: 3000 }]));
    const posted = (await data('biller', `mutation ($id: ID!) { postEra(id: $id) { ${ERA} } }`, { id: forPaid.id })).postEra;
    expect(posted.status).toBe('posted');
    expect((await call('biller', `mutation ($id: ID!) { postEra(id: $id) { id } }`, { id: forPaid.id })).errors?.[0].message).toBe('This ERA is already posted.');
    const paid = (await data('biller', GET, { id: claims.paid.id })).getClaim;
    expect(paid).toMatchObject({ stage: 'paid', paidCents: allowed - 3000, clientResponsibilityCents: 3000 });
    expect(paid.history.slice(-2)).toEqual([
      expect.objectContaining({ from: 'accepted', to: 'paymentReport', event: 'eraMatched', actor: 'system:eraPosting' }),
      expect.objectContaining({ from: 'paymentReport', to: 'paid', event: 'postedPaid', role: 'biller' }),
    ]);
    // Allowed 80 %, a $50 deductible, then 20 % coinsurance of the rest: the client owes both.
    const coinsurance = Math.round((allowed - 5000) * 0.2);
    const share = 5000 + coinsurance;
    const forPartial = eras.find((e: any) => e.claims.some((c: any) => c.claimId === claims.partial.id));
    await data('biller', `mutation ($id: ID!) { postEra(id: $id) { id } }`, { id: forPartial.id });
    expect((await data('biller', GET, { id: claims.partial.id })).getClaim).toMatchObject({ stage: 'paid', paidCents: allowed - share, clientResponsibilityCents: share });
    const list = (await data('biller', 'query ($c: ID) { listBilling(filter: InsurancePayment, clientId: $c) { items { kind amountCents clientId } } }', { c: clients.partial })).listBilling.items;
    expect(list).toEqual([expect.objectContaining({ kind: 'INSURANCE_PAYMENT', amountCents: allowed - share, clientId: clients.partial })]);
    const billing = (await data('biller', 'query ($c: ID!) { getClientBilling(clientId: $c) { balance { uninvoicedCents } lines { id amountCents } } }', { c: clients.partial })).getClientBilling;
    expect(billing.lines.find((l: any) => l.id === lines.partial).amountCents).toBe(share);
    expect(billing.balance.uninvoicedCents).toBe(share);
  });

  it('an ERA naming the claim by the payer’s claim number only is matched; its PLB takeback and interest post as lines of their own; the share of an invoiced session goes onto the next invoice', async () => {
    const clientId = (await data('owner', 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }', { i: { personalDetail: { first: 'Ines', last: 'Invoiced' }, dateOfBirth: '04/12/1987', gender: 'female', address: { line1: '9 Elm St', city: 'Portland', state: 'OR', zip: '97209-1234' } } })).addClient.id;
    await insure('owner', clientId, 'SBX100000003', ['F41.1']);
    const lineId = await attended('owner', clientId, 15);
    const created = (await data('biller', CREATE, { l: [lineId] })).createClaims[0];
    await data('biller', SUBMIT, { ids: [created.id] });
    const claim = (await data('biller', STATUS, { ids: [created.id] })).refreshClaimStatus[0];
    expect(claim.stage).toBe('accepted');
    // The session is invoiced before the payer pays: the invoice holds the whole fee.
    const invoice = (await data('biller', 'mutation ($c: ID!, $l: [ID!]!, $r: ID!) { createInvoice(clientId: $c, lineIds: $l, requestId: $r) { totalCents } }', { c: clientId, l: [lineId], r: `req-${lineId}` })).createInvoice;
    expect(invoice.totalCents).toBe(claim.chargeCents);
    const partial = (await data('biller', GET, { id: claims.partial.id })).getClaim;
    // The payer's 835: CLP01 mangled (the claim is known by CLP07 only), a $15 takeback on the partly paid claim, $2.15 interest.
    const allowed = Math.round(claim.chargeCents * 0.8);
    const share = Math.round(allowed * 0.1);
    const paid = allowed - share;
    const total = paid - 1500 + 215;
    const date = claim.lines[0].serviceDate.replace(/-/g, '');
    const body: Segment[] = [
      ['BPR', 'I', amount(total), 'C', 'ACH', 'CCP', '01', '999999992', 'DA', '123456', '1512345678', '', '01', '999988880', 'DA', '98765', '20261201'], ['TRN', '1', `EFT${created.id.slice(-9)}`, '1512345678'], ['DTM', '405', '20261201'],
      ['N1', 'PR', 'AETNA'], ['N3', 'PO BOX 981106'], ['N4', 'EL PASO', 'TX', '799981106'], ['REF', '2U', '60054'], ['PER', 'BL', 'EDI', 'TE', '8006242384'], ['N1', 'PE', 'OWENS FAMILY THERAPY', 'XX', '1234567893'], ['LX', '1'],
      ['CLP', `${created.id}X9`, '1', amount(claim.chargeCents), amount(paid), amount(share), '12', claim.payerClaimNumber, '11', '1'], ['NM1', 'QC', '1', 'INVOICED', 'INES', '', '', '', 'MI', 'SBX100000003'],
      ['SVC', ['HC', '90834'], amount(claim.chargeCents), amount(paid), '', '1'], ['DTM', '472', date], ['CAS', 'CO', '45', amount(claim.chargeCents - allowed)], ['CAS', 'PR', '2', amount(share)], ['AMT', 'B6', amount(allowed)],
      ['PLB', '1234567893', '20261231', ['WO', partial.payerClaimNumber], '15', ['L6', claim.payerClaimNumber], '-2.15'],
    ];
    const x12 = [
      ['ISA', '00', '          ', '00', '          ', 'ZZ', 'AETNA          ', 'ZZ', 'PRACTICEPORTAL ', '261201', '1200', '^', '00501', '000004242', '0', 'T', ':'], ['GS', 'HP', 'AETNA', 'PRACTICEPORTAL', '20261201', '1200', '4242', 'X', '005010X221A1'], ['ST', '835', '0001'],
      ...body, ['SE', String(body.length + 2), '0001'], ['GE', '1', '4242'], ['IEA', '1', '000004242'],
    ].map((seg) => writeSegment(seg as Segment)).join('');
    const era = (await data('biller', `mutation ($x: String!) { uploadEra(x12: $x) { ${ERA} providerAdjustments { kind amountCents claimId } } }`, { x: x12 })).uploadEra;
    expect(era).toMatchObject({ balanced: true, held: [], claims: [expect.objectContaining({ claimId: created.id, paidCents: paid, clientResponsibilityCents: share, nextStage: 'paid' })] });
    expect(era.providerAdjustments).toEqual([{ kind: 'takeback', amountCents: -1500, claimId: partial.id }, { kind: 'interest', amountCents: 215, claimId: created.id }]);
    const matched = (await data('biller', 'query { listEras { id claims { claimId matchedBy } } }')).listEras.find((e: any) => e.id === era.id);
    expect(matched.claims).toEqual([{ claimId: created.id, matchedBy: 'payerClaimNumber' }]);
    await data('biller', `mutation ($id: ID!) { postEra(id: $id) { id } }`, { id: era.id });
    expect((await data('biller', GET, { id: created.id })).getClaim).toMatchObject({ stage: 'paid', paidCents: paid, clientResponsibilityCents: share });
    const takeback = (await data('biller', 'query ($c: ID) { listBilling(filter: InsurancePayment, clientId: $c) { items { amountCents } } }', { c: clients.partial })).listBilling.items;
    expect(takeback.map((i: any) => i.amountCents)).toContain(-1500);
    const mine = (await data('biller', 'query ($c: ID) { listBilling(filter: InsurancePayment, clientId: $c) { items { amountCents } } }', { c: clientId })).listBilling.items;
    expect(mine.map((i: any) => i.amountCents).sort((a: number, b: number) => a - b)).toEqual([215, paid]);
    // The invoice billed the whole fee; the client owes the coinsurance: the difference is a credit on the next invoice.
    const billing = (await data('biller', 'query ($c: ID!) { getClientBilling(clientId: $c) { balance { uninvoicedCents } lines { id reason status amountCents } } }', { c: clientId })).getClientBilling;
    expect(billing.lines.find((l: any) => l.id === lineId)).toMatchObject({ status: 'INVOICED', amountCents: claim.chargeCents });
    expect(billing.lines.filter((l: any) => l.reason === 'INSURANCE_ADJUSTMENT')).toEqual([expect.objectContaining({ status: 'UNINVOICED', amountCents: share - claim.chargeCents })]);
    expect(billing.balance.uninvoicedCents).toBe(share - claim.chargeCents);
  });

  it('an ERA for a claim we do not have is held and posts nothing', async () => {
    const raw = (await import('node:fs')).readFileSync('test/fixtures/x12/835-aetna-reversal.x12', 'utf8');
    const era = (await data('biller', `mutation ($x: String!) { uploadEra(x12: $x) { ${ERA} } }`, { x: raw })).uploadEra;
    expect(era.claims).toEqual([]);
    expect(era.held.length).toBeGreaterThan(0);
    expect((await call('biller', `mutation ($id: ID!) { postEra(id: $id) { id } }`, { id: era.id })).errors?.[0].message).toBe('This ERA has nothing to post: every payment in it is held for manual matching.');
    expect((await call('biller', 'mutation { uploadEra(x12: "not an era") { id } }')).errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
  });

  heldEraCases({ runtime: () => runtime, data, call, insure, attended });

  it('a rejected claim is corrected in the record and scrubbed again; an accepted one is voided (frequency 8)', async () => {
    const again = (await data('biller', RESCRUB, { id: claims.rejected.id })).rescrubClaim;
    expect(again).toMatchObject({ stage: 'prepared', frequencyCode: '1' });
    expect(again.history.find((h: any) => h.event === 'edited')).toMatchObject({ from: 'rejected', to: 'scrub', role: 'biller' });
    const fix = (await data('biller', GET, { id: claims.fix.id })).getClaim;
    expect(fix.stage).toBe('accepted');
    const voided = (await data('owner', `mutation ($id: ID!) { voidClaim(id: $id) { ${CLAIM} } }`, { id: claims.fix.id })).voidClaim;
    expect(voided).toMatchObject({ stage: 'prepared', frequencyCode: '8' });
    expect((await call('owner', `mutation ($id: ID!) { correctClaim(id: $id) { id } }`, { id: claims.rejected.id })).errors?.[0].message).toContain('only an accepted, paid, partially paid or denied claim');
  });

  it('roles and practices: clinicianBasicBilling their own claims only, scheduler none, another practice nothing; page tokens bound', async () => {
    const own = (await data('basicbilling', CREATE, { l: [lines.own] })).createClaims[0];
    expect(own.stage).toBe('prepared');
    expect((await call('basicbilling', GET, { id: claims.paid.id })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Claim not found' });
    expect((await call('basicbilling', CREATE, { l: [lines.paid] })).errors?.[0].errorType).toBe('NotFound');
    const mine = (await data('basicbilling', LIST, { s: 'prepared' })).listClaims.items.map((c: any) => c.id);
    expect(mine).toContain(own.id);
    expect(mine).not.toContain(claims.rejected.id);
    expect((await call('basicbilling', 'mutation { retrieveEras { id } }')).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('scheduler', LIST, { s: 'prepared' })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('other', GET, { id: claims.paid.id })).errors?.[0]).toMatchObject({ errorType: 'NotFound' });
    expect((await data('other', LIST, { s: 'paid' })).listClaims.items).toEqual([]);
    // 21 more claims in scrub for the owner's practice: two pages; the token is the biller's, for this stage.
    const many: string[] = [];
    for (let i = 0; i < 21; i++) {
      const c = (await data('owner', 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }', { i: { personalDetail: { first: `Page${i}`, last: 'Claimant' }, dateOfBirth: '04/12/1987' } })).addClient.id;
      await insure('owner', c, `SBX2000000${String(i).padStart(2, '0')}`, null);
      many.push(await attended('owner', c, 20 + i));
    }
    for (let i = 0; i < many.length; i += 10) await data('biller', CREATE, { l: many.slice(i, i + 10) });
    const first = (await data('biller', LIST, { s: 'scrub' })).listClaims;
    expect(first.items).toHaveLength(20);
    expect(first.nextToken).toBeTruthy();
    const second = (await data('biller', LIST, { s: 'scrub', t: first.nextToken })).listClaims;
    expect(second.items.length).toBeGreaterThan(0);
    expect(new Set([...first.items, ...second.items].map((c: any) => c.id)).size).toBe(first.items.length + second.items.length);
    expect((await call('owner', LIST, { s: 'scrub', t: first.nextToken })).errors?.[0].message).toBe('Invalid page token');
    expect((await call('biller', LIST, { s: 'prepared', t: first.nextToken })).errors?.[0].message).toBe('Invalid page token');
  });
  it('a supervised clinician’s claim to a payer that requires it names the supervisor (2310D NM1*DQ, their NPI); not without the setting or for an unsupervised clinician; a supervisor without an NPI stops it at scrub', async () => {
    const team = (await data('owner', '{ listTeamMembers { items { id email } } }')).listTeamMembers.items as { id: string; email: string }[];
    const subOf = (who: string) => team.find((m) => m.email === `${who}@demo.practiceportal.test`)!.id;
    const [sara, bianca] = [subOf('supervisor'), subOf('basicbilling')];
    const practiceId = (await data('owner', '{ me { practiceId } }')).me.practiceId;
    const saraProfile = (npi: string | null) => runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Practice'), Item: marshall({ PK: `P#${practiceId}`, SK: `Therapist#${sara}`, provider: { firstName: 'Sara', lastName: 'Stone', ...(npi ? { npi } : {}) }, version: 1 }),
    }));
    const SETTING = 'mutation ($p: ID!, $r: Boolean!) { setPayerClaimSetting(payerId: $p, requiresSupervisingProvider: $r) { payerId payerName requiresSupervisingProvider } }';
    const x12Of = async (id: string) => Buffer.from((await data('biller', FILE, { id, f: 'X12' })).getClaimFile.base64, 'base64').toString('utf8');

    // The per-payer setting: an unknown payer is refused and nothing is stored; the biller sets Aetna's.
    expect((await call('biller', SETTING, { p: 'NOPAYER', r: true })).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Payer not found' });
    // The demo practice comes with one payer set (Regence BCBS of Oregon); the refused one is not stored.
    expect((await data('biller', '{ getPayerClaimSettings { payerId requiresSupervisingProvider } }')).getPayerClaimSettings).toEqual([{ payerId: '00851', requiresSupervisingProvider: true }]);
    expect((await data('biller', SETTING, { p: '60054', r: true })).setPayerClaimSetting).toEqual({ payerId: '60054', payerName: 'Aetna', requiresSupervisingProvider: true });
    await saraProfile(null);
    await data('owner', 'mutation ($c: ID!, $s: [ID!]!) { setSupervisors(clinicianId: $c, supervisorIds: $s) { clinicianId } }', { c: bianca, s: [sara] });

    const client = (await data('basicbilling', 'mutation ($i: ClientInput!) { addClient(input: $i) { id } }', { i: { personalDetail: { first: 'Sunny', last: 'Supervised' }, dateOfBirth: '05/06/1992', gender: 'female', address: { line1: '9 Elm St', city: 'Portland', state: 'OR', zip: '97209-1234' } } })).addClient.id;
    await insure('basicbilling', client, 'SBX100000001', ['F41.1']);
    const supervisedLine = await attended('basicbilling', client, 16);
    const ownersLine = await attended('owner', clients.paid, 17);
    const [supervised, owners] = (await data('biller', CREATE, { l: [supervisedLine, ownersLine] })).createClaims;
    expect(supervised.stage).toBe('scrub');
    expect(supervised.problems).toEqual([expect.objectContaining({
      rule: 'invalidNpi', severity: 'error', field: 'supervising.npi',
      message: expect.stringMatching(/^Aetna requires the supervising provider on claims, and Sara Stone \(who supervises .+\) has no NPI: add it as Provider NPI in Sara Stone’s profile, then scrub again\.$/),
    })]);
    expect(owners).toMatchObject({ stage: 'prepared', problems: [] });

    await saraProfile('1502000007');
    expect((await data('biller', RESCRUB, { id: supervised.id })).rescrubClaim).toMatchObject({ stage: 'prepared', problems: [] });
    // Not required by the payer: a later session of the same supervised clinician goes without 2310D.
    await data('biller', SETTING, { p: '60054', r: false });
    const laterLine = await attended('basicbilling', client, 18);
    const [later] = (await data('biller', CREATE, { l: [laterLine] })).createClaims;
    expect(later).toMatchObject({ stage: 'prepared', problems: [] });
    // Submitted (the 837P passes the X12 checks the submit runs), the stored files differ only where they should.
    expect((await data('biller', SUBMIT, { ids: [supervised.id, owners.id, later.id] })).submitClaims.map((c: any) => c.stage)).toEqual(['submitted', 'submitted', 'submitted']);
    expect(await x12Of(supervised.id)).toMatch(/^NM1\*DQ\*1\*STONE\*SARA\*+XX\*1502000007~$/m);
    expect(await x12Of(owners.id)).not.toContain('NM1*DQ');
    expect(await x12Of(later.id)).not.toContain('NM1*DQ');
  });

  it('the sandbox’s transactions outlive a restart of the runtime: a new sandbox on the same bucket answers the 277CA and the 835 of a claim submitted before', async () => {
    const { practiceId } = (await data('owner', '{ me { practiceId } }')).me;
    const stored = await runtime.dynamo.client.send(new GetItemCommand({ TableName: tableName('local', 'Practice'), Key: marshall(claimKey(practiceId, claims.paid.id)) }));
    const transactionId = unmarshall(stored.Item!).transactionId as string;
    const restarted = sandboxClearinghouse(objectStoreSandbox(s3ObjectStore()));
    expect(((await restarted.getReport(transactionId, '277')).x12 as string[])[0]).toContain(`TRN*2*${claims.paid.id}~`);
    expect((await restarted.listEras({ cursor: null, since: new Date(), transactionIds: [transactionId] })).eras[0].x12).toContain(`CLP*${claims.paid.id}*1*`);
  });

  it('in AWS the ERAs come from Stedi’s poll of the account: only those paid to this practice’s billing NPI are kept, the cursor is saved, a second retrieval finds nothing new', async () => {
    const fake = await startStediFake();
    const secrets = await startSecretsManagerFake({ 'portal/test/stedi-claims': JSON.stringify({ apiKey: fake.apiKey }) });
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { CLEARINGHOUSE: 'stedi', CLEARINGHOUSE_SECRET_ID: 'portal/test/stedi-claims', SECRETS_MANAGER_ENDPOINT: secrets.url, CLEARINGHOUSE_API_BASE: fake.url, CLEARINGHOUSE_CORE_BASE: fake.coreUrl });
      const file = (await data('biller', FILE, { id: claims.partial.id, f: 'X12' })).getClaimFile;
      const submitted = readSubmitted837(Buffer.from(file.base64, 'base64').toString('utf8'))[0];
      const ours = sandbox835(submitted, 777001, new Date('2026-12-02T10:00:00Z'))[0];
      const theirs = sandbox835({ ...submitted, billingNpi: '1679576722', patientControlNumber: 'C0THERPRACTICE1' }, 777002, new Date('2026-12-02T10:00:00Z'))[0];
      fake.addInbound(theirs);
      fake.addInbound(ours);
      const eras = (await data('biller', `mutation { retrieveEras { ${ERA} } }`)).retrieveEras;
      expect(eras.map((e: any) => e.claims.map((c: any) => c.claimId))).toEqual([[claims.partial.id]]);
      expect(eras[0]).toMatchObject({ status: 'proposed', balanced: true });
      expect(fake.requests.filter((r) => r.path.startsWith('/_artifacts/')).every((r) => r.authorization === null)).toBe(true);
      expect((await data('biller', 'mutation { retrieveEras { id } }')).retrieveEras).toEqual([]);
      expect(fake.requests.filter((r) => r.path === '/2023-08-01/polling/transactions').length).toBeGreaterThanOrEqual(2);
    } finally {
      for (const k of ['CLEARINGHOUSE', 'CLEARINGHOUSE_SECRET_ID', 'SECRETS_MANAGER_ENDPOINT', 'CLEARINGHOUSE_API_BASE', 'CLEARINGHOUSE_CORE_BASE']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      await fake.close();
      await secrets.close();
    }
  });
});
