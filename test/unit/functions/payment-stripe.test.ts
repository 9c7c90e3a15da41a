// The Stripe adapter (functions/shared/stripe.ts) against a local fake of Stripe's wire protocol
// (test/support/stripe-fake.ts): customer find-or-create, subscription create/update with the Tele
// Health quantity, idempotency keys and retries, card errors, outages, and the key from Secrets Manager.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formEncode, PAYMENT_MESSAGES, STRIPE_API_VERSION, stripePaymentProvider, type StripePrices } from '../../../functions/shared/stripe.ts';
import { secretsManagerKey } from '../../../functions/shared/stripe-secret.ts';
import { paymentProviderFromEnv, type PlanChange } from '../../../functions/shared/payment-provider.ts';
import { parseForm, startStripeFake, type StripeFake } from '../../support/stripe-fake.ts';
import { startSecretsManagerFake } from '../../support/secrets-manager-fake.ts';

const PRICES: StripePrices = { premium: 'price_premium', professional: 'price_professional', teleHealth: 'price_telehealth' };
const NOW = new Date('2026-11-22T08:00:00.000Z');
let fake: StripeFake;
let practice = 0;

beforeAll(async () => {
  fake = await startStripeFake({ prices: Object.values(PRICES) as string[] });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.down = false;
});

function provider(overrides: Partial<Parameters<typeof stripePaymentProvider>[0]> = {}) {
  return stripePaymentProvider({ secretKey: async () => fake.secretKey, prices: PRICES, apiBase: fake.url, backoffMs: () => 5, ...overrides });
}

function change(practiceId: string, overrides: Partial<PlanChange> = {}): PlanChange {
  return { practiceId, customerId: null, subscriptionId: null, planId: 'premium', teleHealth: false, monthlyAmountUsd: 20, teleHealthAmountUsd: 8, clinicians: 1, ...overrides };
}

const newPractice = () => `practice-${++practice}-${Date.now()}`;
const requestsFor = (from: number) => fake.requests.slice(from);
const items = (subscriptionId: string) => fake.subscriptions.get(subscriptionId)!.items.data.map((i) => [i.price.id, i.quantity]);

describe('Stripe adapter', () => {
  it('subscribes a practice with a card: its customer, the plan price and Tele Health × clinicians, charged now', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_visa');
    const from = fake.requests.length;
    const paid = await provider().changeSubscription(change(id, { teleHealth: true, clinicians: 3 }), NOW);
    expect(paid).toMatchObject({ subscriptionId: expect.stringMatching(/^sub_/), customerId: customer.id, planRef: 'price_premium+price_telehealthx3' });
    expect(Date.parse(paid.subscriptionDue!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(items(paid.subscriptionId!)).toEqual([['price_premium', 1], ['price_telehealth', 3]]);
    const sent = requestsFor(from);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers/search', 'GET /v1/subscriptions', 'POST /v1/subscriptions']);
    expect(sent.every((r) => r.stripeVersion === STRIPE_API_VERSION && r.status === 200)).toBe(true);
    expect(sent[0].idempotencyKey).toBeNull();
    expect(sent[2].idempotencyKey).toMatch(/^pp-[0-9a-f]{40}$/);
    expect(sent[2].params).toMatchObject({ customer: customer.id, payment_behavior: 'error_if_incomplete', metadata: { practice_id: id, plan: 'premium' } });
  });

  it('changes an existing subscription in place: plan price swapped, Tele Health added, its quantity updated, then removed', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_visa');
    const first = await provider().changeSubscription(change(id, { customerId: customer.id }), NOW);
    const sub = first.subscriptionId!;
    const step = async (c: Partial<PlanChange>, at: string) => provider().changeSubscription(change(id, { customerId: customer.id, subscriptionId: sub, ...c }), new Date(at));
    expect((await step({ planId: 'professional', monthlyAmountUsd: 40, teleHealth: true, clinicians: 2 }, '2026-11-22T09:00:00Z')).subscriptionId).toBe(sub);
    expect(items(sub)).toEqual([['price_professional', 1], ['price_telehealth', 2]]);
    await step({ planId: 'professional', monthlyAmountUsd: 40, teleHealth: true, clinicians: 5 }, '2026-11-22T10:00:00Z');
    expect(items(sub)).toEqual([['price_professional', 1], ['price_telehealth', 5]]);
    await step({ planId: 'premium', teleHealth: false }, '2026-11-22T11:00:00Z');
    expect(items(sub)).toEqual([['price_premium', 1]]);
    expect([...fake.subscriptions.values()].filter((s) => s.customer === customer.id)).toHaveLength(1);
  });

  it('changes the customer’s active subscription when none was recorded (a charged change that was never saved), not a second one', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_visa');
    const lost = await provider().changeSubscription(change(id), NOW);
    const again = await provider().changeSubscription(change(id, { planId: 'professional', monthlyAmountUsd: 40 }), new Date(NOW.getTime() + 60_000));
    expect(again.subscriptionId).toBe(lost.subscriptionId);
    expect([...fake.subscriptions.values()].filter((s) => s.customer === customer.id).map((s) => s.id)).toEqual([lost.subscriptionId]);
    expect(items(lost.subscriptionId!)).toEqual([['price_professional', 1]]);
  });

  it('moving to the free plan without Tele Health cancels the subscription; nothing is due', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_visa');
    const { subscriptionId } = await provider().changeSubscription(change(id), NOW);
    const free = await provider().changeSubscription(change(id, { customerId: customer.id, subscriptionId, planId: 'basic', monthlyAmountUsd: 0 }), NOW);
    expect(free).toMatchObject({ subscriptionId, subscriptionDue: null, planRef: 'free' });
    expect(fake.subscriptions.get(subscriptionId!)!.status).toBe('canceled');
  });

  it('refuses a declined or expired card with a clear PaymentError, and subscribes nothing', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_chargeDeclined');
    const before = fake.subscriptions.size;
    await expect(provider().changeSubscription(change(id), NOW)).rejects.toMatchObject({ errorType: 'PaymentError', message: PAYMENT_MESSAGES.declined });
    fake.setCard(customer.id, 'pm_card_chargeDeclinedExpiredCard');
    await expect(provider().changeSubscription(change(id), new Date(NOW.getTime() + 1000))).rejects.toMatchObject({ errorType: 'PaymentError', message: PAYMENT_MESSAGES.expired });
    expect(fake.subscriptions.size).toBe(before);
    expect(PAYMENT_MESSAGES.declined).not.toContain(fake.secretKey);
  });

  it('creates the customer once for a practice without one, and asks for a card before a paid plan', async () => {
    const id = newPractice();
    await expect(provider().changeSubscription(change(id), NOW)).rejects.toMatchObject({ errorType: 'PaymentError', message: PAYMENT_MESSAGES.noCard });
    await expect(provider().changeSubscription(change(id), new Date(NOW.getTime() + 5000))).rejects.toMatchObject({ message: PAYMENT_MESSAGES.noCard });
    const mine = [...fake.customers.values()].filter((c) => c.metadata.practice_id === id);
    expect(mine).toHaveLength(1);
    // Once the practice has a card, the same customer is subscribed.
    fake.setCard(mine[0].id, 'pm_card_visa');
    expect((await provider().changeSubscription(change(id), new Date(NOW.getTime() + 9000))).customerId).toBe(mine[0].id);
  });

  it('retries a POST whose answer was lost with the same idempotency key: Stripe replays it, one subscription results', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_visa');
    const from = fake.requests.length;
    fake.failNext(1, 'drop-after-processing', { method: 'POST', path: '/v1/subscriptions' });
    const paid = await provider().changeSubscription(change(id, { customerId: customer.id, teleHealth: true, clinicians: 2 }), NOW);
    const posts = requestsFor(from).filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.replayed])).toEqual([['/v1/subscriptions', false], ['/v1/subscriptions', true]]);
    expect(posts[1].idempotencyKey).toBe(posts[0].idempotencyKey);
    const subs = [...fake.subscriptions.values()].filter((s) => s.customer === customer.id);
    expect(subs.map((s) => s.id)).toEqual([paid.subscriptionId]);
  });

  it('retries a 503 and succeeds; a new change gets a new key, and a reused key with other parameters is refused by Stripe', async () => {
    const id = newPractice();
    const customer = fake.addCustomer(id, 'pm_card_visa');
    const from = fake.requests.length;
    fake.failNext(1, 'unavailable', { method: 'POST' });
    const first = await provider().changeSubscription(change(id, { customerId: customer.id }), NOW);
    const posts = requestsFor(from).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.status)).toEqual([503, 200]);
    expect(posts[0].idempotencyKey).toBe(posts[1].idempotencyKey);
    const again = await provider().changeSubscription(change(id, { customerId: customer.id, subscriptionId: first.subscriptionId, planId: 'professional', monthlyAmountUsd: 40 }), new Date(NOW.getTime() + 60_000));
    const update = fake.requests.at(-1)!;
    expect(update.idempotencyKey).not.toBe(posts[0].idempotencyKey);
    expect(again.subscriptionId).toBe(first.subscriptionId);
    // The fake holds Stripe's rule: same key, different parameters → idempotency_error (400).
    const reuse = await fetch(`${fake.url}/v1/customers`, { method: 'POST', headers: { authorization: `Bearer ${fake.secretKey}`, 'idempotency-key': update.idempotencyKey!, 'content-type': 'application/x-www-form-urlencoded' }, body: 'description=x' });
    expect([reuse.status, ((await reuse.json()) as { error: { type: string } }).error.type]).toEqual([400, 'idempotency_error']);
  });

  it('reports an unreachable or failing processor as PaymentUnavailable after its retries', async () => {
    const id = newPractice();
    fake.addCustomer(id, 'pm_card_visa');
    fake.down = true;
    const from = fake.requests.length;
    await expect(provider({ attempts: 3 }).changeSubscription(change(id), NOW)).rejects.toMatchObject({ errorType: 'PaymentUnavailable', message: PAYMENT_MESSAGES.unavailable });
    expect(requestsFor(from).map((r) => r.status)).toEqual([503, 503, 503]);
    fake.down = false;
    await expect(provider({ apiBase: 'http://127.0.0.1:9', attempts: 2 }).changeSubscription(change(id), NOW)).rejects.toMatchObject({ errorType: 'PaymentUnavailable' });
  });

  it('treats a refused key as PaymentUnavailable, forgets it, and never shows it', async () => {
    const id = newPractice();
    fake.addCustomer(id, 'pm_card_visa');
    const forget = vi.fn();
    const wrong = 'sk_test_wrong_key_1234567890';
    const error = await provider({ secretKey: async () => wrong, onKeyRejected: forget }).changeSubscription(change(id), NOW).catch((e) => e);
    expect(error).toMatchObject({ errorType: 'PaymentUnavailable', message: PAYMENT_MESSAGES.unavailable });
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain('7890');
    expect(forget).toHaveBeenCalledOnce();
  });

  it('refuses a paid plan that has no price configured instead of granting it free', async () => {
    const id = newPractice();
    fake.addCustomer(id, 'pm_card_visa');
    await expect(provider({ prices: { teleHealth: 'price_telehealth', premium: 'price_premium' } }).changeSubscription(change(id, { planId: 'professional', monthlyAmountUsd: 40 }), NOW))
      .rejects.toMatchObject({ errorType: 'PaymentUnavailable' });
  });

  it('encodes nested parameters as Stripe reads them', () => {
    const params = { customer: 'cus_1', items: [{ price: 'price_a', quantity: 1 }, { id: 'si_2', deleted: true }], metadata: { practice_id: 'p 1&2' }, none: null };
    const text = formEncode(params);
    expect(text).toContain('items%5B1%5D%5Bdeleted%5D=true');
    expect(parseForm(text)).toEqual({ customer: 'cus_1', items: [{ price: 'price_a', quantity: '1' }, { id: 'si_2', deleted: 'true' }], metadata: { practice_id: 'p 1&2' } });
  });
});

describe('the key from Secrets Manager, and PAYMENT_PROVIDER=stripe', () => {
  it('reads the secret once (cached), accepts JSON {secretKey}, and makes an unreadable secret PaymentUnavailable', async () => {
    const secrets = await startSecretsManagerFake({ 'portal/dev/stripe': 'sk_test_plain', 'portal/dev/stripe-json': JSON.stringify({ secretKey: 'sk_test_json' }) });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const env = { SECRETS_MANAGER_ENDPOINT: secrets.url, AWS_REGION: 'us-east-1' };
      const plain = secretsManagerKey('portal/dev/stripe', env);
      expect([await plain(), await plain()]).toEqual(['sk_test_plain', 'sk_test_plain']);
      expect(secrets.reads).toEqual(['portal/dev/stripe']);
      plain.forget();
      await plain();
      expect(secrets.reads).toHaveLength(2);
      expect(await secretsManagerKey('portal/dev/stripe-json', env)()).toBe('sk_test_json');
      await expect(secretsManagerKey('portal/dev/missing', env)()).rejects.toMatchObject({ errorType: 'PaymentUnavailable' });
      expect(JSON.stringify(errors.mock.calls)).not.toContain('sk_test');
    } finally {
      errors.mockRestore();
      await secrets.close();
    }
  });

  it('selects the adapter by configuration: stripe with secret and prices, otherwise unavailable', async () => {
    const secrets = await startSecretsManagerFake({ 'portal/test/stripe': fake.secretKey });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const env = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_ID: 'portal/test/stripe', STRIPE_PRICES: JSON.stringify(PRICES), STRIPE_API_BASE: fake.url, SECRETS_MANAGER_ENDPOINT: secrets.url };
      const stripe = paymentProviderFromEnv(env);
      expect(stripe.name).toBe('stripe');
      const id = newPractice();
      fake.addCustomer(id, 'pm_card_visa');
      expect((await stripe.changeSubscription(change(id), NOW)).subscriptionId).toMatch(/^sub_/);
      expect(paymentProviderFromEnv({ ...env, STRIPE_SECRET_ID: '' }).name).toBe('none');
      expect(paymentProviderFromEnv({ ...env, STRIPE_PRICES: '{"premium":"sk_live_oops"}' }).name).toBe('none');
      expect(paymentProviderFromEnv({}).name).toBe('none');
      expect(paymentProviderFromEnv({ PAYMENT_PROVIDER: 'local' }).name).toBe('local');
    } finally {
      errors.mockRestore();
      await secrets.close();
    }
  });
});
