/**
 * Card payments by clients (issue 15). `PaymentProcessor` is what functions/billing calls to take
 * a client's card payment and to refund one; the card itself is never seen by our servers:
 *   - stripe (PAYMENT_PROVIDER=stripe with STRIPE_SECRET_ID, the same secret as plan changes): a
 *     Stripe Checkout Session in payment mode — Stripe's hosted page collects the card and makes
 *     the PaymentIntent, whose metadata names our practice and card payment; created with an
 *     idempotency key per card payment, so a retried submit opens the same session. Refunds are
 *     POST /v1/refunds with the caller's request id as idempotency key. A package's subscription is
 *     cancelled at its period's end (POST /v1/subscriptions/:id cancel_at_period_end=true) or now
 *     (DELETE /v1/subscriptions/:id). Through the one Stripe HTTP client of stripe.ts.
 *   - local (PAYMENT_PROVIDER=local, the local runtime): the checkout URL is the runtime's own
 *     test-card page (/_local/pay/…, local/card-checkout.ts), which offers Stripe's test cards as
 *     buttons (no card field at all) and posts a signed webhook like Stripe's; refunds succeed.
 *   - none: card payments are refused (PaymentUnavailable).
 * Webhooks are verified here (Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">, 5 minutes'
 * tolerance); the secret is the secret's `webhookSecret` field in AWS, PAYMENT_WEBHOOK_SECRET locally.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { cachedSecretKey, type SecretLoader } from './secret-key.ts';
import { idempotencyKey, stripeClient, type StripeClientOptions } from './stripe.ts';

export const CARD_MESSAGES = {
  unavailable: 'Card payments are not available right now. Nothing was charged; try again later.',
  refundUnavailable: 'The refund could not be made through the card processor. Nothing was refunded; try again later.',
  cancelUnavailable: 'The card subscription could not be cancelled through the card processor. The package has not changed; try again later.',
} as const;

export interface CheckoutRequest {
  practiceId: string;
  cardPaymentId: string;
  amountCents: number;
  currency: string;
  /** What the card statement and hosted page show: invoice numbers only, never PHI. */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

/** A session package paid by card every month (Checkout in subscription mode; Stripe renews it). */
export interface SubscriptionCheckoutRequest {
  practiceId: string;
  /** Our record of this start (CPAY#<id>, kind PACKAGE): named in the subscription's metadata. */
  checkoutId: string;
  clientId: string;
  amountCents: number;
  currency: string;
  /** The package's name only, never PHI. */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  sessionId: string;
  url: string;
}

export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** Stable across retries of one refund (the biller's request id). */
  idempotencyKey: string;
  practiceId: string;
  paymentId: string;
}

/** A package's card subscription cancelled (the biller ended the package): at its period's end, or now. */
export interface CancelSubscriptionRequest {
  subscriptionId: string;
  atPeriodEnd: boolean;
  /** Stable across retries of one ending (the package and its version). */
  idempotencyKey: string;
}

export interface PaymentProcessor {
  readonly name: 'stripe' | 'local' | 'none';
  startCheckout(request: CheckoutRequest): Promise<Checkout>;
  startSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<Checkout>;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  cancelSubscription(request: CancelSubscriptionRequest): Promise<void>;
  /** The metadata of a PaymentIntent (a refund's event may name only the intent). */
  intentMetadata(paymentIntentId: string): Promise<Record<string, string>>;
  /** The webhook signing secret. */
  webhookSecret(): Promise<string>;
}

const unavailable = (message: string = CARD_MESSAGES.unavailable) => Object.assign(new Error(message), { name: 'PaymentUnavailable', errorType: 'PaymentUnavailable' });

/** Stripe's errors here are never the client's card (the hosted page takes it): every failure is "not available now". */
async function mapped<T>(work: () => Promise<T>, message: string = CARD_MESSAGES.unavailable): Promise<T> {
  try {
    return await work();
  } catch (err) {
    console.error('card processor request failed', (err as Error)?.name ?? 'Error');
    throw unavailable(message);
  }
}

export function stripePaymentProcessor(options: StripeClientOptions & { webhookSecret: () => Promise<string> }): PaymentProcessor {
  const { request } = stripeClient(options);
  return {
    name: 'stripe',
    async startCheckout(r) {
      const metadata = { practice_id: r.practiceId, card_payment_id: r.cardPaymentId };
      const session = await mapped(() => request<{ id: string; url: string }>('POST', '/v1/checkout/sessions', {
        mode: 'payment',
        payment_method_types: ['card'],
        client_reference_id: r.cardPaymentId,
        line_items: [{ quantity: 1, price_data: { currency: r.currency.toLowerCase(), unit_amount: r.amountCents, product_data: { name: r.description } } }],
        payment_intent_data: { metadata, description: r.description },
        metadata,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      }, idempotencyKey('checkout', r.practiceId, r.cardPaymentId, r.amountCents)));
      return { sessionId: session.id, url: session.url };
    },
    async startSubscriptionCheckout(r) {
      // The subscription's metadata is copied onto each of its invoices (subscription_details.metadata): the webhook finds the package by it.
      const metadata = { practice_id: r.practiceId, card_payment_id: r.checkoutId, client_id: r.clientId, kind: 'package' };
      const session = await mapped(() => request<{ id: string; url: string }>('POST', '/v1/checkout/sessions', {
        mode: 'subscription',
        payment_method_types: ['card'],
        client_reference_id: r.checkoutId,
        line_items: [{ quantity: 1, price_data: { currency: r.currency.toLowerCase(), unit_amount: r.amountCents, recurring: { interval: 'month' }, product_data: { name: r.description } } }],
        subscription_data: { metadata, description: r.description },
        metadata,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      }, idempotencyKey('subscribe', r.practiceId, r.checkoutId, r.amountCents)));
      return { sessionId: session.id, url: session.url };
    },
    async refund(r) {
      const refund = await mapped(() => request<{ id: string }>('POST', '/v1/refunds', {
        payment_intent: r.paymentIntentId, amount: r.amountCents, metadata: { practice_id: r.practiceId, payment_id: r.paymentId },
      }, idempotencyKey('refund', r.practiceId, r.idempotencyKey)), CARD_MESSAGES.refundUnavailable);
      return { refundId: refund.id };
    },
    async cancelSubscription(r) {
      const path = `/v1/subscriptions/${encodeURIComponent(r.subscriptionId)}`;
      const key = idempotencyKey('cancel-subscription', r.subscriptionId, r.atPeriodEnd, r.idempotencyKey);
      await mapped(async () => {
        try {
          // At the period's end: Stripe charges no more and deletes it then; now: deleted at once (no proration, no refund).
          if (r.atPeriodEnd) await request('POST', path, { cancel_at_period_end: true }, key);
          else await request('DELETE', path, {}, key);
        } catch (err) {
          // Cancelled already (a retry whose write did not land, or cancelled in Stripe's dashboard): nothing left to cancel.
          const sub = await request<{ status?: string }>('GET', path).catch(() => null);
          if (sub?.status !== 'canceled') throw err;
        }
      }, CARD_MESSAGES.cancelUnavailable);
    },
    async intentMetadata(id) {
      const intent = await mapped(() => request<{ metadata?: Record<string, string> }>('GET', `/v1/payment_intents/${encodeURIComponent(id)}`));
      return intent.metadata ?? {};
    },
    webhookSecret: options.webhookSecret,
  };
}

/** The local processor's cancelled subscriptions (sub_local_…), for this run: what Stripe would know. */
export const LOCAL_CANCELLED_SUBSCRIPTIONS = new Map<string, { atPeriodEnd: boolean }>();

/** The local runtime's processor: its own test-card page, refunds that succeed, a per-run webhook secret. */
export function localPaymentProcessor(env: NodeJS.ProcessEnv = process.env): PaymentProcessor {
  return {
    name: 'local',
    async startCheckout(r) {
      const origin = env.PORTAL_ORIGIN ?? '';
      return { sessionId: `cs_local_${r.cardPaymentId}`, url: `${origin}/_local/pay/${encodeURIComponent(r.practiceId)}/${encodeURIComponent(r.cardPaymentId)}` };
    },
    async startSubscriptionCheckout(r) {
      const origin = env.PORTAL_ORIGIN ?? '';
      return { sessionId: `cs_local_${r.checkoutId}`, url: `${origin}/_local/pay/${encodeURIComponent(r.practiceId)}/${encodeURIComponent(r.checkoutId)}` };
    },
    async refund() {
      return { refundId: `re_local_${randomUUID().replaceAll('-', '')}` };
    },
    async cancelSubscription(r) {
      // The local stand-in remembers it: its test-card page (local/package-checkout.ts) then offers no renewal, only the deletion event.
      LOCAL_CANCELLED_SUBSCRIPTIONS.set(r.subscriptionId, { atPeriodEnd: r.atPeriodEnd });
    },
    async intentMetadata() {
      return {};
    },
    async webhookSecret() {
      if (!env.PAYMENT_WEBHOOK_SECRET) throw unavailable();
      return env.PAYMENT_WEBHOOK_SECRET;
    },
  };
}

export function unavailablePaymentProcessor(): PaymentProcessor {
  return {
    name: 'none',
    startCheckout: async () => { throw unavailable(); },
    startSubscriptionCheckout: async () => { throw unavailable(); },
    refund: async () => { throw unavailable(CARD_MESSAGES.refundUnavailable); },
    cancelSubscription: async () => { throw unavailable(CARD_MESSAGES.cancelUnavailable); },
    intentMetadata: async () => { throw unavailable(); },
    webhookSecret: async () => { throw unavailable(); },
  };
}

const loaders = new Map<string, SecretLoader>();
function loader(secretId: string, field: string, env: NodeJS.ProcessEnv): SecretLoader {
  const key = `${secretId}|${field}|${env.SECRETS_MANAGER_ENDPOINT ?? ''}`;
  let found = loaders.get(key);
  if (!found) {
    found = cachedSecretKey(secretId, { field, label: 'payment', refuse: () => unavailable() }, env);
    loaders.set(key, found);
  }
  return found;
}

export function paymentProcessorFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProcessor {
  if (env.PAYMENT_PROVIDER === 'local') return localPaymentProcessor(env);
  if (env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_ID) {
    const secretKey = loader(env.STRIPE_SECRET_ID, 'secretKey', env);
    return stripePaymentProcessor({ secretKey, webhookSecret: loader(env.STRIPE_SECRET_ID, 'webhookSecret', env), apiBase: env.STRIPE_API_BASE || undefined, onKeyRejected: secretKey.forget });
  }
  return unavailablePaymentProcessor();
}

/** Stripe-Signature for a payload (the local test-card page and tests sign like Stripe does). */
export function signWebhook(payload: string, secret: string, at: number = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`, 'utf8').digest('hex')}`;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** True when a v1 signature of the header matches the payload and its time is within the tolerance. */
export function verifyWebhook(payload: string, header: string | undefined, secret: string, nowSeconds: number = Math.floor(Date.now() / 1000)): boolean {
  if (!header || !secret) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const at = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(at) || Math.abs(nowSeconds - at) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${payload}`, 'utf8').digest('hex'), 'utf8');
  return parts.filter(([k]) => k === 'v1').some(([, v]) => {
    const given = Buffer.from(v ?? '', 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
