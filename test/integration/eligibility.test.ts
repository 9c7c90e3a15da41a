/**
 * Client insurance, eligibility checks and payers (issue 16) against the whole local runtime: the
 * eligibility Lambda through the local clearinghouse sandbox, then through the real Stedi adapter
 * against the fake of Stedi's wire protocol (key from a Secrets Manager fake); roles per spec §6
 * (biller and owner everything, clinicianBasicBilling their own clients, scheduler nothing), another
 * practice, bad input with nothing written, every check kept with its time, audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { addPractice } from '../support/practice.ts';
import { startStediFake, type StediFake } from '../support/stedi-fake.ts';
import { startSecretsManagerFake } from '../support/secrets-manager-fake.ts';
import { recheckEligibility } from '../../functions/eligibility/recheck.ts';
import { nextRecheckDay } from '../../domain/insurance/eligibility-recheck.ts';
import { SCHEDULED_JOBS } from '../../functions/appointment-reminders/jobs.ts';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../domain/tables.ts';
import { backfillEligibilityRecheckIndex } from '../../local/eligibility-recheck-backfill.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
type Body = { data?: any; errors?: Array<{ message: string; errorType?: string }> };
async function call(who: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}

const CHECK = 'id clientId clientName checkedAt checkedBy payerId payerName memberId clearinghouse status planName planBegin planEnd problems { code message } serviceCode feeCents estimate { clientCents planCents basis } raw mentalHealth { serviceTypeCode copayCents coinsurancePercent deductibleCents deductibleRemainingCents outOfPocketMaxCents outOfPocketRemainingCents visitLimit visitsRemaining priorAuthRequired telehealthCovered }';
const INSURANCE = `clientId billingType version insuranceInfo { type payerId payerName memberId groupId coPay deductible payerPhone cardOnFile primaryInsured { relationship firstName lastName dateOfBirth address { zip } } } authorizationTracking { required number startDate endDate visitsAuthorized } additionalClaimInfo { note } defaultServices { service amount default } recentChecks { ${CHECK} }`;
const GET = `query ($c: ID!) { getClientInsurance(clientId: $c) { ${INSURANCE} } }`;
const UPDATE = `mutation ($c: ID!, $v: Int!, $i: ClientInsuranceInput!) { updateClientInsurance(clientId: $c, version: $v, input: $i) { ${INSURANCE} } }`;
const CHECK_NOW = `query ($c: ID!, $fee: Int) { getNewCoverage(clientId: $c, fee: $fee) { ${CHECK} } }`;
const COVERAGE = `query ($t: String) { getCoverage(nextToken: $t) { items { id clientId status checkedAt } nextToken } }`;
const ADD_CLIENT = 'mutation ($i: ClientInput!) { addClient(input: $i) { id therapistId } }';

const insurance = (memberId: string, extra: Record<string, unknown> = {}) => ({
  billingType: 'insurance',
  insuranceInfo: { type: 'primary', payerId: '60054', memberId, groupId: 'grp-100', coPay: 3000, payerPhone: '(800) 555-0100', cardOnFile: true, primaryInsured: { relationship: 'self' } },
  defaultServices: [{ service: '90837', amount: 15000, default: true }, { service: '90834', amount: 12000 }],
  ...extra,
});
const newClient = (first: string) => ({ personalDetail: { first, last: 'Insured' }, dateOfBirth: '04/12/1987', gender: 'female', contact: { email: `${first.toLowerCase()}@example.test` }, address: { line1: '9 Elm St', city: 'Austin', state: 'TX', zip: '78704-5678' } });

let ownersClient = '';
let bellsClient = '';
let otherPractice = '';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  otherPractice = await addPractice(runtime, 'elig-other@elsewhere.practiceportal.test');
  const who = ['owner', 'biller', 'basicbilling', 'scheduler', 'basic'];
  await Promise.all([
    ...who.map(async (w) => (tokens[w] = (await signInSeeded(runtime.url, `${w}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken)),
    signInSeeded(runtime.url, 'elig-other@elsewhere.practiceportal.test', DEMO_PASSWORD).then((t) => (tokens.other = t.accessToken)),
  ]);
  const current = (await call('owner', '{ getInsuranceSetting { version } }')).data.getInsuranceSetting.version;
  const settings = await call('owner', 'mutation ($v: Int!, $i: InsuranceSettingInput!) { editInsuranceSetting(version: $v, input: $i) { version } }', { v: current, i: { providerInfo: { type: 'organization', practiceName: 'Owens Family Therapy', npi: '1234567893', taxonomyCode: '101YM0800X', address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701-1234' } } } });
  expect(settings.errors).toBeUndefined();
  const billing = await call('owner', '{ getBillingSettings { version } }');
  await call('owner', 'mutation ($v: Int!, $i: BillingSettingsInput!) { editBillingSettings(version: $v, input: $i) { version } }', { v: billing.data.getBillingSettings.version, i: { taxId: '12-3456789' } });
  ownersClient = (await call('owner', ADD_CLIENT, { i: newClient('Olga') })).data.addClient.id;
  bellsClient = (await call('basicbilling', ADD_CLIENT, { i: newClient('Bea') })).data.addClient.id;
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe('client insurance', () => {
  it('the demo practice comes seeded: four insured clients with sandbox member ids and three checks', async () => {
    const seeded = (await call('owner', '{ getCoverage { items { clientName status memberId estimate { clientCents } } } }')).data.getCoverage.items;
    expect(seeded).toEqual(expect.arrayContaining([
      expect.objectContaining({ clientName: 'Avery Lane', status: 'active', memberId: 'SBX100000001', estimate: { clientCents: 3000 } }),
      expect.objectContaining({ clientName: 'Jordan Reyes', status: 'active', memberId: 'SBX100000002' }),
      expect.objectContaining({ clientName: 'Riley Patel', status: 'inactive' }),
    ]));
  });

  it('reads as self-pay with nothing filled in before anyone saved it', async () => {
    const out = (await call('biller', GET, { c: ownersClient })).data.getClientInsurance;
    expect(out).toMatchObject({ clientId: ownersClient, billingType: 'selfPay', version: 0, recentChecks: [], defaultServices: [] });
  });

  it('refuses bad input naming the fields (never the values) and writes nothing', async () => {
    const bad = await call('biller', UPDATE, { c: ownersClient, v: 0, i: { billingType: 'insurance', insuranceInfo: { memberId: 'W1<script>', coPay: -5, payerPhone: 'call me', primaryInsured: { relationship: 'spouse', dateOfBirth: '13/45/1990' } }, authorizationTracking: { startDate: '2026-02-01', endDate: '2026-01-01' } } });
    expect(bad.errors?.[0].errorType).toBe('ValidationError');
    const message = bad.errors![0].message;
    for (const field of ['insuranceInfo.memberId', 'insuranceInfo.coPay', 'insuranceInfo.payerPhone', 'insuranceInfo.payerId (required)', 'insuranceInfo.primaryInsured.firstName (required)', 'insuranceInfo.primaryInsured.dateOfBirth', 'authorizationTracking.endDate (range)']) expect(message).toContain(field);
    expect(message).not.toContain('script');
    expect((await call('biller', GET, { c: ownersClient })).data.getClientInsurance.version).toBe(0);
  });

  it('saves every field of the spec, versioned: a stale version is a conflict', async () => {
    const saved = (await call('biller', UPDATE, { c: ownersClient, v: 0, i: insurance('sbx100000002', { authorizationTracking: { required: true, number: 'AUTH-77', startDate: '2026-01-01', endDate: '2026-06-30', visitsAuthorized: 12 }, additionalClaimInfo: { note: 'Referred by PCP' } }) })).data.updateClientInsurance;
    expect(saved).toMatchObject({ version: 1, billingType: 'insurance', insuranceInfo: { payerId: '60054', memberId: 'SBX100000002', groupId: 'GRP-100', coPay: 3000, payerPhone: '+18005550100', cardOnFile: true }, authorizationTracking: { number: 'AUTH-77', visitsAuthorized: 12 }, additionalClaimInfo: { note: 'Referred by PCP' } });
    const stale = await call('owner', UPDATE, { c: ownersClient, v: 0, i: insurance('SBX100000001') });
    expect(stale.errors?.[0].errorType).toBe('ConflictError');
    expect((await call('owner', GET, { c: ownersClient })).data.getClientInsurance.insuranceInfo.memberId).toBe('SBX100000002');
  });
});

describe('eligibility through the local sandbox', () => {
  it('refuses a check for a client without insurance, storing nothing', async () => {
    const out = await call('basicbilling', CHECK_NOW, { c: bellsClient });
    expect(out.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Add the client’s insurance (payer and member id) before checking eligibility.' });
    expect((await call('basicbilling', GET, { c: bellsClient })).data.getClientInsurance.recentChecks).toEqual([]);
  });

  it('runs a check: the summary a clinician needs, the estimate for the default service, the raw 271 one click away; kept with its time', async () => {
    const check = (await call('biller', CHECK_NOW, { c: ownersClient })).data.getNewCoverage;
    expect(check).toMatchObject({
      clientId: ownersClient, payerId: '60054', payerName: 'Aetna', memberId: 'SBX100000002', clearinghouse: 'sandbox', status: 'active', planName: 'Sandbox Choice PPO', planBegin: '2026-01-01', planEnd: '2026-12-31',
      mentalHealth: { coinsurancePercent: 20, deductibleCents: 150000, deductibleRemainingCents: 75000, outOfPocketMaxCents: 500000, outOfPocketRemainingCents: 320000, priorAuthRequired: true, telehealthCovered: true },
      serviceCode: '90837', feeCents: 15000, estimate: { clientCents: 15000, planCents: 0, basis: 'deductibleAndCoinsurance' },
    });
    expect(JSON.parse(check.raw).benefitsInformation.length).toBeGreaterThan(3);
    await call('biller', UPDATE, { c: ownersClient, v: 1, i: insurance('SBX100000006') });
    const down = (await call('owner', CHECK_NOW, { c: ownersClient, fee: 12000 })).data.getNewCoverage;
    expect(down).toMatchObject({ status: 'payerUnavailable', problems: [{ code: '42', message: 'Unable to Respond at Current Time' }], estimate: { clientCents: 12000, basis: 'notCovered' } });
    const history = (await call('owner', GET, { c: ownersClient })).data.getClientInsurance.recentChecks;
    expect(history.map((c: any) => c.id)).toEqual([down.id, check.id]);
    expect(history[0].checkedAt >= history[1].checkedAt).toBe(true);
  });

  it('lists the practice\'s checks newest first for the biller, only their clients\' for clinicianBasicBilling; scheduler and clinicianBasic are refused', async () => {
    await call('basicbilling', UPDATE, { c: bellsClient, v: 0, i: insurance('SBX100000004') });
    const mine = (await call('basicbilling', CHECK_NOW, { c: bellsClient })).data.getNewCoverage;
    expect(mine.status).toBe('inactive');
    const all = (await call('biller', COVERAGE)).data.getCoverage.items;
    expect(all[0].id).toBe(mine.id);
    expect(all.map((c: any) => c.clientId)).toEqual(expect.arrayContaining([ownersClient, bellsClient]));
    expect(all.map((c: any) => c.checkedAt)).toEqual([...all.map((c: any) => c.checkedAt)].sort().reverse());
    // Bianca Bell's: her new client's check and the seeded one of her client Riley; never the owner's clients'.
    const hers = (await call('basicbilling', COVERAGE)).data.getCoverage.items.map((c: any) => c.clientId);
    expect(hers[0]).toBe(bellsClient);
    expect(hers).not.toContain(ownersClient);
    expect(hers.length).toBeLessThan(all.length);
    for (const who of ['scheduler', 'basic']) {
      expect((await call(who, COVERAGE)).errors?.[0].errorType).toBe('Unauthorized');
      expect((await call(who, GET, { c: ownersClient })).errors?.[0].errorType).toBe('Unauthorized');
    }
    expect((await call('basicbilling', GET, { c: ownersClient })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('basicbilling', CHECK_NOW, { c: ownersClient })).errors?.[0].errorType).toBe('NotFound');
  });

  it('another practice reaches none of it', async () => {
    expect((await call('other', GET, { c: ownersClient })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('other', CHECK_NOW, { c: ownersClient })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('other', COVERAGE)).data.getCoverage.items).toEqual([]);
    expect(otherPractice).not.toBe(runtime.seed!.practiceId);
  });

  it('audits reads, writes and checks (ids only)', async () => {
    const trail = (await call('owner', '{ listAuditTrail { items { action entityType entityId field } } }')).data.listAuditTrail.items as any[];
    const actions = new Set(trail.map((e) => e.action));
    for (const a of ['insurance.read', 'insurance.update', 'eligibility.check', 'eligibility.list']) expect(actions).toContain(a);
    expect(trail.find((e) => e.action === 'eligibility.check').entityType).toBe('EligibilityCheck');
  });
});

describe('the monthly recheck (a scheduled job)', () => {
  it('checks every insured client again on the 25th as the system, once however often the job runs, and flags what changed since the check before', async () => {
    const client = (await call('owner', ADD_CLIENT, { i: newClient('Rory') })).data.addClient.id;
    let v = (await call('owner', GET, { c: client })).data.getClientInsurance.version;
    v = (await call('owner', UPDATE, { c: client, v, i: insurance('SBX100000001') })).data.updateClientInsurance.version;
    expect((await call('owner', CHECK_NOW, { c: client })).data.getNewCoverage.status).toBe('active');
    // The plan ended: the front desk saved the member id the payer now reports as inactive.
    await call('owner', UPDATE, { c: client, v, i: insurance('SBX100000004') });
    const now = new Date();
    const due = new Date(`${nextRecheckDay(now)}T12:00:00Z`);
    const quiet = await recheckEligibility(new Date(due.getTime() - 3 * 86_400_000));
    expect(quiet.checked).toBe(0);
    const run = await recheckEligibility(due);
    expect(run.checked).toBeGreaterThanOrEqual(1);
    expect(run.changed).toBeGreaterThanOrEqual(1);
    expect((await recheckEligibility(due)).considered).toBe(0);
    const checks = (await call('owner', `query ($c: ID!) { getClientInsurance(clientId: $c) { recentChecks { checkedBy checkedAt status changes } } }`, { c: client })).data.getClientInsurance.recentChecks;
    expect(checks[0]).toEqual({ checkedBy: 'system:eligibilityRecheck', checkedAt: due.toISOString(), status: 'inactive', changes: expect.arrayContaining(['status']) });
    expect(checks[1]).toMatchObject({ status: 'active', changes: [] });
    expect(SCHEDULED_JOBS.map((j) => j.name)).toContain('eligibilityRecheck');
  });

  it('Recheck now: every insured client checked again in the background by the same code, leg after leg, with its progress; what changed is flagged; refused while one runs', async () => {
    const START = 'mutation { startEligibilityRecheck { id status total done } }';
    const READ = '{ getEligibilityRecheck { id status total done checked changed failed startedBy finishedAt } }';
    // Cleo's plan is active again since her last check (inactive): the recheck must flag it.
    const cleo = (await call('owner', ADD_CLIENT, { i: newClient('Cleo') })).data.addClient.id;
    const v = (await call('owner', UPDATE, { c: cleo, v: 0, i: insurance('SBX100000004') })).data.updateClientInsurance.version;
    expect((await call('owner', CHECK_NOW, { c: cleo })).data.getNewCoverage.status).toBe('inactive');
    await call('owner', UPDATE, { c: cleo, v, i: insurance('SBX100000001') });
    process.env.ELIGIBILITY_RECHECK_LEG_MS = '1'; // each leg hands over after one client
    try {
      const started = (await call('biller', START)).data.startEligibilityRecheck;
      expect(started).toMatchObject({ status: 'running', done: 0 });
      expect(started.total).toBeGreaterThanOrEqual(5);
      let job: any = null;
      for (let i = 0; i < 300 && job?.status !== 'done'; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 50));
        job = (await call('biller', READ)).data.getEligibilityRecheck;
        expect(job.done).toBeLessThanOrEqual(job.total);
      }
      expect(job).toMatchObject({ id: started.id, status: 'done', total: started.total, done: started.total, checked: started.total, failed: 0, finishedAt: expect.any(String) });
      expect(job.changed).toBeGreaterThanOrEqual(1);
      const checks = (await call('owner', `query ($c: ID!) { getClientInsurance(clientId: $c) { recentChecks { checkedBy status changes } } }`, { c: cleo })).data.getClientInsurance.recentChecks;
      expect(checks[0]).toEqual({ checkedBy: job.startedBy, status: 'active', changes: expect.arrayContaining(['status']) });
    } finally {
      delete process.env.ELIGIBILITY_RECHECK_LEG_MS;
    }
    // One running (its leg moved a minute ago): a second start is refused and changes nothing.
    const db = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const key = { PK: `P#${runtime.seed!.practiceId}`, SK: 'EligibilityRecheck' };
    const running = { ...key, entityType: 'EligibilityRecheck', id: 'job-running', status: 'running', total: 9, done: 4, checked: 4, changed: 0, failed: 0, cursor: '', startedAt: new Date().toISOString(), startedBy: 'someone', legAt: new Date(Date.now() - 60_000).toISOString() };
    await db.send(new PutCommand({ TableName: tableName('local', 'Practice'), Item: running }));
    const refused = await call('owner', START);
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'ConflictError', message: 'A recheck is already running (4 of 9 clients checked). Wait until it finishes, then start another.' });
    expect((await call('owner', READ)).data.getEligibilityRecheck).toMatchObject({ id: 'job-running', done: 4 });
    // A job whose leg has not moved for 10 minutes is dead: a new start takes over.
    await db.send(new PutCommand({ TableName: tableName('local', 'Practice'), Item: { ...running, legAt: new Date(Date.now() - 11 * 60_000).toISOString() } }));
    const again = (await call('owner', START)).data.startEligibilityRecheck;
    expect(again.id).not.toBe('job-running');
    for (let i = 0; i < 300 && (await call('owner', READ)).data.getEligibilityRecheck.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await call('scheduler', READ)).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('basicbilling', START)).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('other', READ)).data.getEligibilityRecheck).toBeNull();
  });

  it('clients insured before the recheck existed join it: the back-fill gives their insurance its keys back, once', async () => {
    const db = DynamoDBDocumentClient.from(runtime.dynamo.client);
    const practice = tableName('local', 'Practice');
    const directory = tableName('local', 'Directory');
    const key = { PK: `P#${runtime.seed!.practiceId}`, SK: `ClientInsurance#${ownersClient}` };
    const keysOf = async () => (await db.send(new GetCommand({ TableName: practice, Key: key }))).Item!;
    const before = await keysOf();
    expect(before.GSI3PK).toMatch(/^ELIGRECHECK#\d{4}-\d{2}-25$/);
    // The seeded insured clients were given theirs at start-up (npm start's seed, then the back-fill's marker).
    expect((await db.send(new GetCommand({ TableName: directory, Key: { PK: 'SEED', SK: 'ELIGIBILITY_RECHECK_INDEX_V1' } }))).Item).toBeDefined();
    // Written as before the recheck: the keys gone, the upgrade's marker gone.
    await db.send(new UpdateCommand({ TableName: practice, Key: key, UpdateExpression: 'REMOVE GSI3PK, GSI3SK' }));
    await db.send(new DeleteCommand({ TableName: directory, Key: { PK: 'SEED', SK: 'ELIGIBILITY_RECHECK_INDEX_V1' } }));
    expect(await backfillEligibilityRecheckIndex(db, practice, directory)).toBe(1);
    expect(await keysOf()).toMatchObject({ GSI3PK: `ELIGRECHECK#${nextRecheckDay(new Date())}`, GSI3SK: `${runtime.seed!.practiceId}#${ownersClient}` });
    // Marked done: a second run reads nothing.
    expect(await backfillEligibilityRecheckIndex(db, practice, directory)).toBe(0);
  });
});

describe('payers and enrollment', () => {
  it('lists the first 20 payers with no search, finds by words or id, reads one', async () => {
    expect((await call('biller', '{ getAllPayers { payer_id names } }')).data.getAllPayers).toHaveLength(20);
    expect((await call('biller', '{ getAllPayers(search: "blue texas") { payer_id names state } }')).data.getAllPayers[0]).toEqual({ payer_id: '84980', names: ['Blue Cross Blue Shield of Texas'], state: 'TX' });
    expect((await call('basicbilling', '{ getInsurancePayer(payerId: "62308") { names } }')).data.getInsurancePayer.names).toEqual(['Cigna']);
    expect((await call('scheduler', '{ getAllPayers { payer_id } }')).errors?.[0].errorType).toBe('Unauthorized');
  });

  it('enrolls a provider with a payer for claims and ERA through the clearinghouse (submitted, requested), once; missing practice facts, bad NPI and unknown payers are refused', async () => {
    const ENROLL = 'mutation ($p: ID!, $e: ID!) { enrollProviderToPayerList(payerId: $p, eligibleId: $e) { payerId payerName eligibleId claims era claimsStatus eraStatus claimsReason eraReason requestedAt } }';
    // The payer writes to the practice about the enrollment: without its e-mail nothing is sent or stored.
    const EDIT_DETAILS = 'mutation ($v: Int!, $i: PracticeDetailsInput!) { editPracticeDetails(version: $v, input: $i) { version email } }';
    const seeded = (await call('owner', '{ getPracticeDetails { version email } }')).data.getPracticeDetails;
    expect(seeded.email).toBe('billing@owensfamilytherapy.example');
    const without = (await call('owner', EDIT_DETAILS, { v: seeded.version, i: { name: 'Owens Family Therapy', phone: { number: '+15125550100', type: 'office' } } })).data.editPracticeDetails;
    const noEmail = await call('biller', ENROLL, { p: '60054', e: '1234567893' });
    expect(noEmail.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Add the practice’s e-mail (Practice details) before requesting enrollment; the payer writes to it about the enrollment.' });
    expect((await call('owner', '{ getPayerListEnrollments { payerId } }')).data.getPayerListEnrollments).toEqual([]);
    await call('owner', EDIT_DETAILS, { v: without.version, i: { name: 'Owens Family Therapy', email: 'billing@owens.example', phone: { number: '+15125550100', type: 'office' } } });
    const first = (await call('biller', ENROLL, { p: '60054', e: '1234567893' })).data.enrollProviderToPayerList;
    expect(first).toMatchObject({ payerId: '60054', payerName: 'Aetna', eligibleId: '1234567893', claims: 'requested', era: 'requested', claimsStatus: 'STEDI_ACTION_REQUIRED', eraStatus: 'STEDI_ACTION_REQUIRED', claimsReason: null, eraReason: null });
    expect((await call('owner', ENROLL, { p: '60054', e: '1234567893' })).data.enrollProviderToPayerList.requestedAt).toBe(first.requestedAt);
    expect((await call('biller', ENROLL, { p: '60054', e: '1234567890' })).errors?.[0].errorType).toBe('ValidationError');
    expect((await call('biller', ENROLL, { p: 'NOPE1', e: '1234567893' })).errors?.[0].errorType).toBe('NotFound');
    expect((await call('basicbilling', ENROLL, { p: '62308', e: '1234567893' })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('owner', '{ getPayerListEnrollments { payerId claims era claimsStatus } }')).data.getPayerListEnrollments).toEqual([{ payerId: '60054', claims: 'requested', era: 'requested', claimsStatus: 'STEDI_ACTION_REQUIRED' }]);
    expect((await call('other', '{ getPayerListEnrollments { payerId } }')).data.getPayerListEnrollments).toEqual([]);
  });
});

describe('the same Lambda through the Stedi adapter (fake of its wire protocol)', () => {
  let fake: StediFake;
  let secrets: Awaited<ReturnType<typeof startSecretsManagerFake>>;
  const saved: Record<string, string | undefined> = {};
  const env = (values: Record<string, string>) => {
    for (const [k, v] of Object.entries(values)) {
      if (!(k in saved)) saved[k] = process.env[k];
      process.env[k] = v;
    }
  };
  beforeAll(async () => {
    fake = await startStediFake();
    secrets = await startSecretsManagerFake({ 'portal/test/stedi': JSON.stringify({ apiKey: fake.apiKey }), 'portal/test/wrong': 'not-the-key' });
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await fake.close();
    await secrets.close();
  });

  it('sends Stedi\'s JSON with the key from Secrets Manager, hyphens stripped from the zips and the tax id; maps the answer', async () => {
    env({ CLEARINGHOUSE: 'stedi', CLEARINGHOUSE_SECRET_ID: 'portal/test/stedi', SECRETS_MANAGER_ENDPOINT: secrets.url, CLEARINGHOUSE_API_BASE: fake.url });
    await call('owner', UPDATE, { c: ownersClient, v: 2, i: insurance('SBX100000001', { insuranceInfo: { payerId: '84980', memberId: 'SBX100000001', primaryInsured: { relationship: 'spouse', firstName: 'Sam', lastName: 'Insured', dateOfBirth: '01/02/1980', address: { line1: '9 Elm St', city: 'Austin', state: 'TX', zip: '78704-1111' } } } }) });
    const check = (await call('owner', CHECK_NOW, { c: ownersClient })).data.getNewCoverage;
    expect(check).toMatchObject({ clearinghouse: 'stedi', status: 'active', mentalHealth: { copayCents: 3000, visitsRemaining: 14 }, estimate: { clientCents: 3000 } });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/2024-04-01/change/medicalnetwork/eligibility/v3', authorization: fake.apiKey });
    expect(sent.body).toMatchObject({
      tradingPartnerServiceId: '84980', provider: { organizationName: 'Owens Family Therapy', npi: '1234567893', taxId: '123456789', address: { postalCode: '787011234' } },
      subscriber: { memberId: 'SBX100000001', firstName: 'Sam', dateOfBirth: '19800102', address: { postalCode: '787041111' } },
      dependents: [{ firstName: 'Olga', dateOfBirth: '19870412', individualRelationshipCode: '01', address: { postalCode: '787045678' } }],
    });
  });

  it('enrolls through Stedi\'s enrollment API: the provider once, one request per type, statuses and the rejection reason read back on view, a rejected one asked again', async () => {
    env({ CLEARINGHOUSE_SECRET_ID: 'portal/test/stedi', CLEARINGHOUSE_ENROLLMENT_BASE: fake.enrollmentsUrl });
    const ENROLL = 'mutation ($p: ID!, $e: ID!) { enrollProviderToPayerList(payerId: $p, eligibleId: $e) { payerId claims era claimsStatus eraStatus eraReason } }';
    const LIST = '{ getPayerListEnrollments { payerId claims era claimsStatus eraStatus eraReason } }';
    expect((await call('biller', ENROLL, { p: '62308', e: '1234567893' })).data.enrollProviderToPayerList).toEqual({ payerId: '62308', claims: 'requested', era: 'requested', claimsStatus: 'STEDI_ACTION_REQUIRED', eraStatus: 'STEDI_ACTION_REQUIRED', eraReason: null });
    expect(fake.providers).toEqual([expect.objectContaining({ name: 'Owens Family Therapy', npi: '1234567893', taxId: '123456789', taxIdType: 'EIN' })]);
    expect(fake.enrollments.map((e) => Object.keys(e.transactions as object)[0]).sort()).toEqual(['claimPayment', 'professionalClaimSubmission']);
    expect(fake.requests.filter((r) => r.path.startsWith('/2024-09-01/')).every((r) => r.authorization === fake.apiKey)).toBe(true);
    await call('owner', ENROLL, { p: '62308', e: '1234567893' });
    expect(fake.enrollments).toHaveLength(2);
    const era = fake.enrollments.find((e) => 'claimPayment' in (e.transactions as object))!;
    const claims = fake.enrollments.find((e) => 'professionalClaimSubmission' in (e.transactions as object))!;
    fake.setEnrollment(claims.id as string, 'LIVE');
    fake.setEnrollment(era.id as string, 'REJECTED', 'The provider is not credentialed with Cigna.');
    expect((await call('owner', LIST)).data.getPayerListEnrollments.find((e: any) => e.payerId === '62308')).toEqual({ payerId: '62308', claims: 'enrolled', era: 'rejected', claimsStatus: 'LIVE', eraStatus: 'REJECTED', eraReason: 'The provider is not credentialed with Cigna.' });
    const again = (await call('biller', ENROLL, { p: '62308', e: '1234567893' })).data.enrollProviderToPayerList;
    expect(again).toMatchObject({ claims: 'enrolled', era: 'requested', eraStatus: 'STEDI_ACTION_REQUIRED', eraReason: null });
    expect(fake.enrollments).toHaveLength(3);
    expect(fake.providers).toHaveLength(1);
  });

  it('a key Stedi refuses is ClearinghouseUnavailable in our words and no check is stored', async () => {
    env({ CLEARINGHOUSE_SECRET_ID: 'portal/test/wrong' });
    const before = (await call('owner', GET, { c: ownersClient })).data.getClientInsurance.recentChecks.length;
    const out = await call('owner', CHECK_NOW, { c: ownersClient });
    expect(out.errors?.[0]).toMatchObject({ errorType: 'ClearinghouseUnavailable', message: 'The clearinghouse is not reachable right now. Nothing was recorded; try again in a few minutes.' });
    expect((await call('owner', GET, { c: ownersClient })).data.getClientInsurance.recentChecks.length).toBe(before);
  });
});
