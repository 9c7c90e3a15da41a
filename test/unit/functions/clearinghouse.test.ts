import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stediClearinghouse } from '../../../functions/shared/clearinghouse/stedi.ts';
import { memorySandbox, sandboxClearinghouse } from '../../../functions/shared/clearinghouse/sandbox.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { clearinghouseFromEnv } from '../../../functions/shared/clearinghouse/index.ts';
import { buildEligibilityRequest } from '../../../domain/insurance/eligibility-request.ts';
import { mapStediEligibility } from '../../../domain/insurance/eligibility.ts';
import { startStediFake, type StediFake } from '../../support/stedi-fake.ts';

const request = (memberId: string) =>
  buildEligibilityRequest({
    controlNumber: '000000042',
    payer: { id: '60054', name: 'Aetna' },
    provider: { organizationName: 'Cedar Counseling', npi: '1234567893', taxId: '12-3456789' },
    subscriber: { memberId, firstName: 'Jane', lastName: 'Doe', dateOfBirth: '04/12/1987' },
  });

const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../../fixtures/x12', name), 'utf8');

let fake: StediFake;
beforeAll(async () => {
  fake = await startStediFake();
});
afterAll(async () => {
  await fake.close();
});

const adapter = (over: Partial<Parameters<typeof stediClearinghouse>[0]> = {}) =>
  stediClearinghouse({ apiKey: async () => fake.apiKey, apiBase: fake.url, timeoutMs: 300, backoffMs: () => 1, ...over });

describe('Stedi adapter against the fake of its wire protocol', () => {
  it('posts the eligibility JSON with the key in Authorization and maps the 271', async () => {
    const before = fake.requests.length;
    const out = await adapter().checkEligibility(request('SBX100000002'));
    const sent = fake.requests[before];
    expect(sent).toMatchObject({ method: 'POST', path: '/2024-04-01/change/medicalnetwork/eligibility/v3', authorization: fake.apiKey });
    expect(sent.body).toMatchObject({ tradingPartnerServiceId: '60054', provider: { npi: '1234567893', taxId: '123456789' }, subscriber: { dateOfBirth: '19870412' } });
    const summary = mapStediEligibility(out);
    expect(summary).toMatchObject({ status: 'active', mentalHealth: { coinsurancePercent: 20, deductibleRemainingCents: 75000, priorAuthRequired: true } });
  });

  it('a payer that is down or a member not found is an answer, not a failure', async () => {
    expect(mapStediEligibility(await adapter().checkEligibility(request('SBX100000006'))).status).toBe('payerUnavailable');
    expect(mapStediEligibility(await adapter().checkEligibility(request('SBX100000005'))).status).toBe('notFound');
  });

  it('a refused key is ClearinghouseUnavailable in our words, the key dropped, nothing of Stedi\'s text passed on', async () => {
    let forgotten = 0;
    const err = await adapter({ apiKey: async () => 'wrong', onKeyRejected: () => forgotten++ }).checkEligibility(request('SBX100000001')).catch((e) => e);
    expect(err).toMatchObject({ errorType: 'ClearinghouseUnavailable' });
    expect(err.message).toContain('not reachable');
    expect(forgotten).toBe(1);
  });

  it('retries a 500 once, then gives up as unavailable; a hang is a timeout; a 400 says what to check', async () => {
    fake.failNext('error500');
    expect(mapStediEligibility(await adapter().checkEligibility(request('SBX100000001'))).status).toBe('active');
    fake.failNext('error500', 2);
    await expect(adapter().checkEligibility(request('SBX100000001'))).rejects.toMatchObject({ errorType: 'ClearinghouseUnavailable' });
    fake.failNext('hang', 2);
    await expect(adapter().checkEligibility(request('SBX100000001'))).rejects.toMatchObject({ errorType: 'ClearinghouseUnavailable', message: expect.stringContaining('did not answer in time') });
    fake.failNext('error400');
    await expect(adapter().checkEligibility(request('SBX100000001'))).rejects.toMatchObject({ errorType: 'BadRequest', message: expect.stringContaining('member id') });
  });

  it('submits a claim (JSON or raw X12) with an Idempotency-Key: a retry gets the same transaction; its 277 is fetched per transaction', async () => {
    const claim = { json: { claimInformation: { patientControlNumber: 'PCN0001', claimChargeAmount: '150.00' } } };
    const first = await adapter().submitClaim(claim, 'claim-1-v1');
    const again = await adapter().submitClaim(claim, 'claim-1-v1');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 'SUCCESS', patientControlNumber: 'PCN0001' });
    expect(fake.requests.filter((r) => r.idempotencyKey === 'claim-1-v1').map((r) => r.path)).toEqual(['/2024-04-01/change/medicalnetwork/professionalclaims/v3/submission', '/2024-04-01/change/medicalnetwork/professionalclaims/v3/submission']);
    const x12 = await adapter().submitClaim({ x12: 'ISA*00*...~' }, 'claim-2-v1');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/2024-04-01/change/medicalnetwork/professionalclaims/v3/raw-x12-submission', body: { x12: 'ISA*00*...~' } });
    expect(x12.transactionId).not.toBe(first.transactionId);
    expect(await adapter().getReport(first.transactionId!, '277')).toMatchObject({ transactionId: first.transactionId });
    await expect(adapter().getReport('unknown-transaction', '277')).rejects.toMatchObject({ errorType: 'NotFound' });
  });
});

describe('ERAs from Stedi: the account\'s inbound 835s polled from a cursor, each downloaded as the payer sent it', () => {
  const era = (n: number) => fixture('835-aetna-paid-partial-denied-unknown.x12').replace('EFT2026120100017', `EFT20261201${String(n).padStart(5, '0')}`);
  const core = () => adapter({ coreBase: fake.coreUrl });

  it('reads only inbound 835s (not 277s, not our own 837s), raw, from the presigned URL without our key; the cursor resumes after them', async () => {
    const first = fake.addInbound(era(1));
    fake.addInbound(fixture('277ca-accepted-and-rejected.x12'), '277');
    await core().submitClaim({ x12: fixture('837p-self-subscriber.x12') }, 'era-poll-claim-1');
    const second = fake.addInbound(era(2));
    const batch = await core().listEras({ cursor: null, since: new Date('2026-10-01T00:00:00Z'), transactionIds: [] });
    expect(batch.eras).toEqual([{ transactionId: first, x12: era(1) }, { transactionId: second, x12: era(2) }]);
    expect(batch.cursor).toBeTruthy();
    const polls = fake.requests.filter((r) => r.path === '/2023-08-01/polling/transactions');
    expect(polls.every((r) => r.authorization === fake.apiKey)).toBe(true);
    expect(fake.requests.filter((r) => r.path.startsWith('/_artifacts/')).map((r) => r.authorization)).toEqual([null, null]);
    const third = fake.addInbound(era(3));
    const next = await core().listEras({ cursor: batch.cursor, since: new Date('2026-10-01T00:00:00Z'), transactionIds: [] });
    expect(next.eras.map((e) => e.transactionId)).toEqual([third]);
    expect((await core().listEras({ cursor: next.cursor, since: new Date(), transactionIds: [] })).eras).toEqual([]);
  });

  it('a failure while polling is ClearinghouseUnavailable and the same cursor gets the ERA next time: nothing is skipped', async () => {
    const start = await core().listEras({ cursor: null, since: new Date('2026-10-01T00:00:00Z'), transactionIds: [] });
    const waiting = fake.addInbound(era(4));
    fake.failNext('error500', 2);
    await expect(core().listEras({ cursor: start.cursor, since: new Date(), transactionIds: [] })).rejects.toMatchObject({ errorType: 'ClearinghouseUnavailable' });
    expect((await core().listEras({ cursor: start.cursor, since: new Date(), transactionIds: [] })).eras.map((e) => e.transactionId)).toEqual([waiting]);
  });
});

describe('the sandbox keeps its transactions in a store', () => {
  it('a claim submitted before a restart still gets its 277CA and 835 from a new sandbox on the same store; idempotent across it', async () => {
    const store = memorySandbox();
    const before = await sandboxClearinghouse(store).submitClaim({ x12: fixture('837p-self-subscriber.x12') }, 'practice-claim-000000001');
    const after = sandboxClearinghouse(store);
    expect(await after.submitClaim({ x12: fixture('837p-self-subscriber.x12') }, 'practice-claim-000000001')).toEqual(before);
    const ack = await after.getReport(before.transactionId!, '277');
    expect((ack.x12 as string[])[0]).toContain(`TRN*2*${before.patientControlNumber}~`);
    const eras = await after.listEras({ cursor: null, since: new Date(), transactionIds: [before.transactionId!, 'sbx-000000000000000000000000'] });
    expect(eras.eras).toHaveLength(1);
    expect(eras.eras[0].x12).toContain(`CLP*${before.patientControlNumber}*1*`);
    await expect(sandboxClearinghouse(memorySandbox()).getReport(before.transactionId!, '277')).rejects.toMatchObject({ errorType: 'NotFound' });
  });
});

describe('the clearinghouse chosen by configuration', () => {
  it('is the sandbox on CLEARINGHOUSE=sandbox, Stedi when a secret is named, and refuses when none is configured', async () => {
    expect(clearinghouseFromEnv({ CLEARINGHOUSE: 'sandbox' }).name).toBe('sandbox');
    expect(clearinghouseFromEnv({ CLEARINGHOUSE: 'stedi', CLEARINGHOUSE_SECRET_ID: 'portal/dev/stedi' }).name).toBe('stedi');
    await expect(clearinghouseFromEnv({}).checkEligibility(request('SBX100000001'))).rejects.toMatchObject({ errorType: 'ClearinghouseUnavailable' });
  });
  it('the sandbox answers each documented member id the same way every time', async () => {
    const sandbox = sandboxClearinghouse();
    const statuses = [];
    for (const id of ['SBX100000001', 'SBX100000003', 'SBX100000004', 'SBX100000005', 'SBX100000006', 'SBX100000007']) statuses.push(mapStediEligibility(await sandbox.checkEligibility(request(id))).status);
    expect(statuses).toEqual(['active', 'active', 'inactive', 'notFound', 'payerUnavailable', 'active']);
    const a = mapStediEligibility(await sandbox.checkEligibility(request('ANY-OTHER-1')));
    const b = mapStediEligibility(await sandbox.checkEligibility(request('ANY-OTHER-1')));
    expect(a).toEqual(b);
    expect(a.mentalHealth.copayCents).toBeGreaterThanOrEqual(2000);
    expect(mapStediEligibility(await sandbox.checkEligibility(request('SBX100000003'))).mentalHealth).toMatchObject({ telehealthCovered: false, visitsRemaining: 12 });
  });
});
