// Client card payments (issue 15): the Stripe PaymentProcessor (functions/shared/payment-processor.ts)
// against the local fake of Stripe's wire protocol (test/support/stripe-fake.ts) — the Checkout
// Session that makes the PaymentIntent, idempotent retries, refunds, outages — and the webhook
// signature (Stripe-Signature) the webhook route checks before reading anything.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_MESSAGES, LOCAL_CANCELLED_SUBSCRIPTIONS, paymentProcessorFromEnv, signWebhook, stripePaymentProcessor, verifyWebhook, type CheckoutRequest } from '../../../functions/shared/payment-processor.ts';
import { STRIPE_API_VERSION } from '../../../functions/shared/stripe.ts';
import { startStripeFake, type StripeFake } from '../../support/stripe-fake.ts';
import { startSecretsManagerFake } from '../../support/secrets-manager-fake.ts';
import { cancelSubscription, completeSubscriptionCheckout, renewSubscription } from '../../support/stripe-fake-subscriptions.ts';

let fake: StripeFake;
let n = 0;

beforeAll(async () => {
  fake = await startStripeFake({ prices: [] });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.down = false;
});

function processor(overrides: Partial<Parameters<typeof stripePaymentProcessor>[0]> = {}) {
  return stripePaymentProcessor({ secretKey: async () => fake.secretKey, webhookSecret: async () => fake.webhookSecret, apiBase: fake.url, backoffMs: () => 5, ...overrides });
}

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  n += 1;
  return { practiceId: 'practice-1', cardPaymentId: `cp-${n}-${Date.now()}`, amountCents: 14000, currency: 'USD', description: 'Invoices INV-00012', successUrl: 'https://portal.example/portal/billing?card=done', cancelUrl: 'https://portal.example/portal/billing?card=cancelled', ...overrides };
}

describe('the Stripe processor for client card payments', () => {
  it('opens a Checkout Session in payment mode for the amount owed, its PaymentIntent carrying our ids; a retry of the same card payment gets the same session', async () => {
    const req = checkout();
    const from = fake.requests.length;
    const first = await processor().startCheckout(req);
    fake.failNext(1, 'drop-after-processing', { method: 'POST', path: '/v1/checkout/sessions' });
    const again = await processor().startCheckout(req);
    expect(again).toEqual(first);
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = fake.requests.slice(from);
    expect(sent.map((r) => [r.path, r.replayed])).toEqual([['/v1/checkout/sessions', false], ['/v1/checkout/sessions', true], ['/v1/checkout/sessions', true]]);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(sent[0].stripeVersion).toBe(STRIPE_API_VERSION);
    expect(sent[0].params).toMatchObject({
      mode: 'payment', payment_method_types: ['card'], client_reference_id: req.cardPaymentId, success_url: req.successUrl, cancel_url: req.cancelUrl,
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '14000', product_data: { name: 'Invoices INV-00012' } } }],
      payment_intent_data: { metadata: { practice_id: 'practice-1', card_payment_id: req.cardPaymentId } },
    });
    expect([...fake.sessions.values()].filter((s) => s.metadata.card_payment_id === req.cardPaymentId)).toHaveLength(1);
    // Another card payment is another session.
    expect((await processor().startCheckout(checkout())).sessionId).not.toBe(first.sessionId);
  });

  it('the paid session’s event names our card payment; a refund goes to Stripe once, even when its answer is lost', async () => {
    const req = checkout();
    const { sessionId } = await processor().startCheckout(req);
    const paid = fake.completeCheckout(sessionId, 'pm_card_visa');
    expect(paid.event.type).toBe('payment_intent.succeeded');
    const intent = paid.event.data.object as { id: string; amount_received: number; metadata: Record<string, string> };
    expect(intent).toMatchObject({ amount_received: 14000, metadata: { practice_id: 'practice-1', card_payment_id: req.cardPaymentId } });
    expect(await processor().intentMetadata(intent.id)).toEqual({ practice_id: 'practice-1', card_payment_id: req.cardPaymentId });
    fake.failNext(1, 'drop-after-processing', { method: 'POST', path: '/v1/refunds' });
    const refund = await processor().refund({ paymentIntentId: intent.id, amountCents: 4000, idempotencyKey: 'pay-1|0|4000', practiceId: 'practice-1', paymentId: 'pay-1' });
    expect(refund.refundId).toMatch(/^re_/);
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id).map((r) => r.amount)).toEqual([4000]);
    expect((fake.events.at(-1)!.event.data.object as { amount_refunded: number }).amount_refunded).toBe(4000);
  });

  it('a declined card on the hosted page is a payment_failed event with the decline code; nothing is charged', async () => {
    const { sessionId } = await processor().startCheckout(checkout());
    const declined = fake.completeCheckout(sessionId, 'pm_card_chargeDeclined');
    expect(declined.event.type).toBe('payment_intent.payment_failed');
    expect(declined.event.data.object).toMatchObject({ amount_received: 0, last_payment_error: { code: 'card_declined' } });
  });

  it('an outage or a refused key is PaymentUnavailable with our own message; the key never shows', async () => {
    fake.down = true;
    await expect(processor({ attempts: 2 }).startCheckout(checkout())).rejects.toMatchObject({ errorType: 'PaymentUnavailable', message: CARD_MESSAGES.unavailable });
    await expect(processor({ attempts: 1 }).refund({ paymentIntentId: 'pi_x', amountCents: 100, idempotencyKey: 'k', practiceId: 'p', paymentId: 'q' })).rejects.toMatchObject({ message: CARD_MESSAGES.refundUnavailable });
    fake.down = false;
    const forget = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await processor({ secretKey: async () => 'sk_test_wrong_9876', onKeyRejected: forget }).startCheckout(checkout()).catch((e) => e);
    errors.mockRestore();
    expect(error).toMatchObject({ errorType: 'PaymentUnavailable' });
    expect(JSON.stringify({ m: error.message, s: error.stack })).not.toContain('9876');
    expect(forget).toHaveBeenCalledOnce();
  });

  it('refuses an amount Stripe refuses (a refund above what is left) as unavailable, without a second refund', async () => {
    const { sessionId } = await processor().startCheckout(checkout({ amountCents: 5000 }));
    const intent = fake.completeCheckout(sessionId, 'pm_card_visa').event.data.object as { id: string };
    await processor().refund({ paymentIntentId: intent.id, amountCents: 5000, idempotencyKey: 'a', practiceId: 'p', paymentId: 'q' });
    await expect(processor().refund({ paymentIntentId: intent.id, amountCents: 1, idempotencyKey: 'b', practiceId: 'p', paymentId: 'q' })).rejects.toMatchObject({ errorType: 'PaymentUnavailable' });
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});

describe('the webhook signature', () => {
  const now = 1_790_000_000;
  it('accepts Stripe’s signature of the exact body within five minutes, and nothing else', () => {
    const { payload, signature } = fake.signedEvent('payment_intent.succeeded', { id: 'pi_1' }, now);
    expect(verifyWebhook(payload, signature, fake.webhookSecret, now + 10)).toBe(true);
    expect(verifyWebhook(payload.replace('pi_1', 'pi_2'), signature, fake.webhookSecret, now)).toBe(false);
    expect(verifyWebhook(payload, signature, 'whsec_other', now)).toBe(false);
    expect(verifyWebhook(payload, signature, fake.webhookSecret, now + 301)).toBe(false);
    expect(verifyWebhook(payload, undefined, fake.webhookSecret, now)).toBe(false);
    expect(verifyWebhook(payload, `t=${now}`, fake.webhookSecret, now)).toBe(false);
    // Several v1 signatures (a secret being rolled): any one matching is enough.
    expect(verifyWebhook(payload, `t=${now},v1=00ff,${signature.split(',')[1]}`, fake.webhookSecret, now)).toBe(true);
    // Our signer (the local test-card page) signs exactly as Stripe does.
    expect(signWebhook(payload, fake.webhookSecret, now)).toBe(signature);
  });
});

describe('PAYMENT_PROVIDER for client card payments', () => {
  it('stripe with the secret (key and webhook secret read from Secrets Manager), local on npm start, otherwise unavailable', async () => {
    const secrets = await startSecretsManagerFake({ 'portal/test/stripe': JSON.stringify({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret }) });
    try {
      const stripe = paymentProcessorFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_ID: 'portal/test/stripe', STRIPE_API_BASE: fake.url, SECRETS_MANAGER_ENDPOINT: secrets.url });
      expect(stripe.name).toBe('stripe');
      expect(await stripe.webhookSecret()).toBe(fake.webhookSecret);
      expect((await stripe.startCheckout(checkout())).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const local = paymentProcessorFromEnv({ PAYMENT_PROVIDER: 'local', PORTAL_ORIGIN: 'http://localhost:4321', PAYMENT_WEBHOOK_SECRET: 'whsec_local' });
      expect((await local.startCheckout(checkout({ cardPaymentId: 'abc' }))).url).toBe('http://localhost:4321/_local/pay/practice-1/abc');
      const none = paymentProcessorFromEnv({});
      expect(none.name).toBe('none');
      await expect(none.startCheckout(checkout())).rejects.toMatchObject({ errorType: 'PaymentUnavailable' });
      await expect(none.webhookSecret()).rejects.toMatchObject({ errorType: 'PaymentUnavailable' });
    } finally {
      await secrets.close();
    }
  });
});

describe('the Stripe processor for session packages (subscription mode)', () => {
  it('opens a Checkout Session in subscription mode, monthly at the package price, our ids in the subscription metadata; a retry gets the same session; its invoices carry them', async () => {
    const req = { practiceId: 'practice-1', checkoutId: `pkg-${Date.now()}`, clientId: 'client-1', amountCents: 44000, currency: 'USD', description: '4 sessions a month', successUrl: 'https://portal.example/portal/billing?card=done', cancelUrl: 'https://portal.example/portal/billing?card=cancelled' };
    const from = fake.requests.length;
    const first = await processor().startSubscriptionCheckout(req);
    fake.failNext(1, 'drop-after-processing', { method: 'POST', path: '/v1/checkout/sessions' });
    expect(await processor().startSubscriptionCheckout(req)).toEqual(first);
    const sent = fake.requests.slice(from);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
    const metadata = { practice_id: 'practice-1', card_payment_id: req.checkoutId, client_id: 'client-1', kind: 'package' };
    expect(sent[0].params).toMatchObject({
      mode: 'subscription', client_reference_id: req.checkoutId,
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '44000', recurring: { interval: 'month' }, product_data: { name: '4 sessions a month' } } }],
      subscription_data: { metadata },
    });
    const at = Math.floor(Date.now() / 1000);
    const { subscriptionId, event } = completeSubscriptionCheckout(fake, first.sessionId, at);
    expect(verifyWebhook(event.payload, event.signature, fake.webhookSecret)).toBe(true);
    expect(event.event).toMatchObject({ type: 'invoice.paid', data: { object: { subscription: subscriptionId, amount_paid: 44000, subscription_details: { metadata }, lines: { data: [{ period: { start: at } }] } } } });
    const next = renewSubscription(fake, subscriptionId, true).event.data.object as { lines: { data: { period: { start: number } }[] } };
    expect(next.lines.data[0].period.start).toBe(at + 30 * 86_400);
    expect(renewSubscription(fake, subscriptionId, false).event).toMatchObject({ type: 'invoice.payment_failed', data: { object: { amount_paid: 0, subscription_details: { metadata } } } });
    expect(cancelSubscription(fake, subscriptionId).event).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, status: 'canceled', metadata } } });
  });

  it('without a processor a package cannot be started', async () => {
    await expect(paymentProcessorFromEnv({}).startSubscriptionCheckout({ practiceId: 'p', checkoutId: 'c', clientId: 'x', amountCents: 100, currency: 'USD', description: 'd', successUrl: 'https://a/', cancelUrl: 'https://a/' })).rejects.toMatchObject({ message: CARD_MESSAGES.unavailable });
  });
});

describe('cancelling a package\'s card subscription (the biller ends the package, session 9)', () => {
  const subscribed = async () => {
    const req = { practiceId: 'practice-1', checkoutId: `pkg-end-${Date.now()}-${(n += 1)}`, clientId: 'client-1', amountCents: 44000, currency: 'USD', description: '4 sessions a month', successUrl: 'https://a/', cancelUrl: 'https://a/' };
    return completeSubscriptionCheckout(fake, (await processor().startSubscriptionCheckout(req)).sessionId).subscriptionId;
  };

  it('at the period\'s end: cancel_at_period_end=true, the subscription still active until then; a retry whose answer was lost is not sent twice', async () => {
    const id = await subscribed();
    const from = fake.requests.length;
    fake.failNext(1, 'drop-after-processing', { method: 'POST', path: `/v1/subscriptions/${id}` });
    await processor().cancelSubscription({ subscriptionId: id, atPeriodEnd: true, idempotencyKey: 'client-1:3' });
    const sent = fake.requests.slice(from);
    expect(sent.map((r) => [r.method, r.path, r.replayed])).toEqual([['POST', `/v1/subscriptions/${id}`, false], ['POST', `/v1/subscriptions/${id}`, true]]);
    expect(sent[0].params).toEqual({ cancel_at_period_end: 'true' });
    expect(sent[0].idempotencyKey).toBeTruthy();
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
    expect(fake.subscriptions.get(id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('now: DELETE with the idempotency key, the subscription canceled; cancelling one already canceled succeeds without a second change', async () => {
    const id = await subscribed();
    const from = fake.requests.length;
    await processor().cancelSubscription({ subscriptionId: id, atPeriodEnd: false, idempotencyKey: 'client-1:4' });
    expect(fake.subscriptions.get(id)?.status).toBe('canceled');
    const [sent] = fake.requests.slice(from);
    expect(sent).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${id}`, stripeVersion: STRIPE_API_VERSION });
    expect(sent.idempotencyKey).toBeTruthy();
    // Ended again at the period's end (a stale screen): Stripe refuses to change a canceled subscription; it is canceled, so nothing is left to do.
    await expect(processor().cancelSubscription({ subscriptionId: id, atPeriodEnd: true, idempotencyKey: 'client-1:5' })).resolves.toBeUndefined();
    expect(fake.subscriptions.get(id)).toMatchObject({ status: 'canceled' });
  });

  it('an outage or an unknown subscription is PaymentUnavailable with our message; local remembers it; without a processor it is refused', async () => {
    const id = await subscribed();
    fake.down = true;
    await expect(processor().cancelSubscription({ subscriptionId: id, atPeriodEnd: false, idempotencyKey: 'k' })).rejects.toMatchObject({ errorType: 'PaymentUnavailable', message: CARD_MESSAGES.cancelUnavailable });
    fake.down = false;
    expect(fake.subscriptions.get(id)?.status).toBe('active');
    await expect(processor().cancelSubscription({ subscriptionId: 'sub_missing', atPeriodEnd: true, idempotencyKey: 'k' })).rejects.toMatchObject({ message: CARD_MESSAGES.cancelUnavailable });
    const local = paymentProcessorFromEnv({ PAYMENT_PROVIDER: 'local', PORTAL_ORIGIN: 'http://localhost:4321', PAYMENT_WEBHOOK_SECRET: 'whsec_local' });
    await local.cancelSubscription({ subscriptionId: 'sub_local_abc', atPeriodEnd: true, idempotencyKey: 'k' });
    expect(LOCAL_CANCELLED_SUBSCRIPTIONS.get('sub_local_abc')).toEqual({ atPeriodEnd: true });
    await expect(paymentProcessorFromEnv({}).cancelSubscription({ subscriptionId: id, atPeriodEnd: false, idempotencyKey: 'k' })).rejects.toMatchObject({ errorType: 'PaymentUnavailable', message: CARD_MESSAGES.cancelUnavailable });
  });
});
