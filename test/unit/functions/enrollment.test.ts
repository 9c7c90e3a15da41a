/**
 * Payer enrollment through the clearinghouse (issue 16): the Stedi adapter against the fake of Stedi's
 * Transaction Enrollment API (test/support/stedi-fake.ts), and the local sandbox's statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stediEnrollments } from '../../../functions/shared/clearinghouse/enrollment-stedi.ts';
import { sandboxEnrollments, SANDBOX_ENROLLMENT } from '../../../functions/shared/clearinghouse/enrollment-sandbox.ts';
import { stateOfStatus, type ProviderInput } from '../../../functions/shared/clearinghouse/enrollment.ts';
import { startStediFake, type StediFake } from '../../support/stedi-fake.ts';

const contact = { organizationName: 'Owens Family Therapy', streetAddress1: '410 NW 10th Ave', city: 'Portland', state: 'OR', zipCode: '97209', phone: '5035550142', email: 'billing@owens.example' };
const provider: ProviderInput = { name: 'Owens Family Therapy', npi: '1234567893', taxId: '123456789', taxIdType: 'EIN', contact };

let fake: StediFake;
beforeAll(async () => {
  fake = await startStediFake();
});
afterAll(async () => {
  await fake.close();
});
const adapter = (over: Partial<Parameters<typeof stediEnrollments>[0]> = {}) => stediEnrollments({ apiKey: async () => fake.apiKey, base: fake.enrollmentsUrl, timeoutMs: 300, ...over });

describe('Stedi enrollment adapter against the fake of its wire protocol', () => {
  it('creates the provider record once (the key in Authorization; name, NPI, tax id and contact only) and finds it again after', async () => {
    const id = await adapter().ensureProvider(provider);
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/2024-09-01/providers')!;
    expect(created).toMatchObject({ authorization: fake.apiKey, body: { name: 'Owens Family Therapy', npi: '1234567893', taxId: '123456789', taxIdType: 'EIN', contacts: [contact] } });
    expect(Object.keys(created.body as object).sort()).toEqual(['contacts', 'name', 'npi', 'taxId', 'taxIdType']);
    expect(await adapter().ensureProvider(provider)).toBe(id);
    expect(fake.providers).toHaveLength(1);
  });

  it('requests one enrollment per payer and type, submitted for processing; asking again finds it instead of asking twice', async () => {
    const providerId = await adapter().ensureProvider(provider);
    const era = await adapter().requestEnrollment({ providerId, payerId: '60054', type: 'era', contact });
    expect(era).toEqual({ id: expect.any(String), status: 'STEDI_ACTION_REQUIRED', reason: null });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/2024-09-01/enrollments');
    expect(sent.at(-1)!.body).toEqual({ provider: { id: providerId }, payer: { idOrAlias: '60054' }, transactions: { claimPayment: { enroll: true } }, primaryContact: contact, userEmail: contact.email, status: 'STEDI_ACTION_REQUIRED' });
    const claims = await adapter().requestEnrollment({ providerId, payerId: '60054', type: 'claims', contact });
    expect(claims.id).not.toBe(era.id);
    expect((await adapter().requestEnrollment({ providerId, payerId: '60054', type: 'era', contact })).id).toBe(era.id);
    expect(fake.enrollments).toHaveLength(2);
    expect(fake.enrollments.find((e) => e.id === claims.id)!.transactions).toEqual({ professionalClaimSubmission: { enroll: true } });
  });

  it('reads the status back with Stedi\'s reason; a rejected enrollment asked again is a new request', async () => {
    const providerId = await adapter().ensureProvider(provider);
    const first = await adapter().requestEnrollment({ providerId, payerId: '62308', type: 'era', contact });
    fake.setEnrollment(first.id, 'PROVISIONING', 'Waiting on the payer');
    expect(await adapter().getEnrollment(first.id)).toEqual({ id: first.id, status: 'PROVISIONING', reason: 'Waiting on the payer' });
    fake.setEnrollment(first.id, 'REJECTED', 'The provider is not credentialed with Cigna.');
    expect(await adapter().getEnrollment(first.id)).toEqual({ id: first.id, status: 'REJECTED', reason: 'The provider is not credentialed with Cigna.' });
    const again = await adapter().requestEnrollment({ providerId, payerId: '62308', type: 'era', contact });
    expect(again.id).not.toBe(first.id);
    expect(again.status).toBe('STEDI_ACTION_REQUIRED');
    await expect(adapter().getEnrollment('no-such-enrollment')).rejects.toMatchObject({ errorType: 'NotFound' });
  });

  it('Stedi\'s validation error becomes which setting to check, in our words; nothing is created', async () => {
    const providerId = await adapter().ensureProvider(provider);
    const before = fake.enrollments.length;
    const err = await adapter().requestEnrollment({ providerId, payerId: '87726', type: 'claims', contact: { ...contact, phone: '555', email: '' } }).catch((e) => e);
    expect(err).toMatchObject({ errorType: 'BadRequest' });
    expect(err.message).toBe('The clearinghouse refused the enrollment request. Check the practice’s e-mail (Practice details), the practice’s phone (Practice details) and request it again.');
    expect(err.message).not.toContain('validation error');
    expect(fake.enrollments).toHaveLength(before);
    const bad = await adapter().ensureProvider({ ...provider, npi: '1234567890', taxId: '12345' }).catch((e) => e);
    expect(bad.message).toContain('the practice’s tax id (Billing settings)');
    expect(fake.providers).toHaveLength(1);
  });

  it('a refused key is unavailable with the key dropped; a 5xx on a read is tried once more; a create is never retried', async () => {
    let forgotten = 0;
    await expect(adapter({ apiKey: async () => 'wrong', onKeyRejected: () => forgotten++ }).getEnrollment(fake.enrollments[0].id as string)).rejects.toMatchObject({ errorType: 'ClearinghouseUnavailable', message: expect.stringContaining('not reachable') });
    expect(forgotten).toBe(1);
    fake.failNext('error500');
    expect((await adapter().getEnrollment(fake.enrollments[0].id as string)).id).toBe(fake.enrollments[0].id);
    let posts = 0;
    const failingPosts: typeof fetch = async (url, init) => (init?.method === 'POST' ? (posts++, new Response('{"message":"Service Unavailable"}', { status: 503 })) : fetch(url, init));
    await expect(adapter({ fetch: failingPosts }).ensureProvider({ ...provider, npi: '1679576722' })).rejects.toMatchObject({ errorType: 'ClearinghouseUnavailable' });
    expect(posts).toBe(1);
  });
});

describe('the sandbox moves a request through Stedi\'s statuses', () => {
  it('submitted, then provisioning with its reason, then live — ERA with Humana rejected with the payer\'s reason', async () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const api = sandboxEnrollments(() => new Date(now));
    const providerId = await api.ensureProvider(provider);
    expect(await api.ensureProvider(provider)).toBe(providerId);
    const claims = await api.requestEnrollment({ providerId, payerId: '61101', type: 'claims', contact });
    const era = await api.requestEnrollment({ providerId, payerId: '61101', type: 'era', contact });
    expect(claims.status).toBe('STEDI_ACTION_REQUIRED');
    now += 90_000;
    expect(await api.getEnrollment(claims.id)).toEqual({ id: claims.id, status: 'PROVISIONING', reason: SANDBOX_ENROLLMENT.provisioningReason });
    now += 5 * 60_000;
    expect((await api.getEnrollment(claims.id)).status).toBe('LIVE');
    expect(await api.getEnrollment(era.id)).toEqual({ id: era.id, status: 'REJECTED', reason: SANDBOX_ENROLLMENT.rejectedReason });
    await expect(api.getEnrollment('sbxenr-nope')).rejects.toMatchObject({ errorType: 'NotFound' });
  });

  it('maps Stedi\'s statuses to ours', () => {
    expect(['DRAFT', 'STEDI_ACTION_REQUIRED', 'SUBMITTED', 'PROVIDER_ACTION_REQUIRED', 'PROVISIONING', 'LIVE', 'REJECTED', 'CANCELED'].map((s) => stateOfStatus(s as never)))
      .toEqual(['requested', 'requested', 'requested', 'inProgress', 'inProgress', 'enrolled', 'rejected', 'rejected']);
  });
});
