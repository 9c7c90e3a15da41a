/**
 * Card-processor adapter for plan changes: Stripe's REST API over plain `fetch` (form-encoded
 * bodies, `Authorization: Bearer <secret key>`, a pinned `Stripe-Version`, an `Idempotency-Key` on
 * every POST). One plan change:
 *   1. the practice's customer: the stored customerId, else the customer whose metadata names the
 *      practice (Search API), else a new one (idempotency key per practice, so a retry or a lagging
 *      search cannot make a second one);
 *   2. the subscription (the stored one, else the customer's active one): created, or updated in place (plan price swapped, the Tele Health item's
 *      quantity = clinicians, added or removed), charged at once (`payment_behavior=
 *      error_if_incomplete`, prorations invoiced now) so a declined card fails the change; moving to
 *      the free plan without Tele Health cancels it.
 * Network failures, 429 and 5xx are retried (with the same idempotency key, so a retried POST is
 * never applied twice) and then reported as PaymentUnavailable; Stripe's card errors become a
 * PaymentError with our own message (Stripe's text is never passed on: it can quote the key).
 * The secret key comes from a loader (Secrets Manager, see stripe-secret.ts); nothing here logs it.
 */
import { createHash } from 'node:crypto';
import type { PaymentProvider, PaymentResult, PlanChange } from './payment-provider.ts';

/** The API version the adapter and its test fake are written against. */
export const STRIPE_API_VERSION = '2024-06-20';
export const STRIPE_API_BASE = 'https://api.stripe.com';

/** Price ids per plan (a missing or empty plan is free: no item) and for the Tele Health add-on, per clinician. */
export interface StripePrices {
  basic?: string;
  premium?: string;
  professional?: string;
  teleHealth: string;
}

export interface StripeOptions {
  secretKey: () => Promise<string>;
  prices: StripePrices;
  apiBase?: string;
  fetch?: typeof fetch;
  /** Attempts per request (network error, 429, 5xx); default 3. */
  attempts?: number;
  /** Wait before retry n (ms); default 200 · 2^(n-1). */
  backoffMs?: (attempt: number) => number;
  timeoutMs?: number;
  /** Called when the key was refused (401), so a rotated key is read again. */
  onKeyRejected?: () => void;
}

export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined. Use another card or contact your bank.',
  expired: 'Your card has expired. Add a current card and try again.',
  cvc: 'Your card’s security code is incorrect. Check it and try again.',
  noCard: 'Add a card for the practice before choosing a paid plan.',
  unavailable: 'Payments are not available right now. Your plan has not changed; try again later.',
  failed: 'The payment could not be completed. Your plan has not changed.',
} as const;

function paymentError(message: string, errorType: 'PaymentError' | 'PaymentUnavailable'): Error {
  return Object.assign(new Error(message), { name: errorType, errorType });
}

interface StripeErrorBody {
  error?: { type?: string; code?: string; decline_code?: string; param?: string };
}

/** Stripe's error JSON → our error; never Stripe's message (it may quote part of the key). */
export function mapStripeError(status: number, body: StripeErrorBody): Error {
  const e = body?.error ?? {};
  if (e.type === 'card_error') {
    if (e.code === 'expired_card') return paymentError(PAYMENT_MESSAGES.expired, 'PaymentError');
    if (e.code === 'incorrect_cvc' || e.code === 'invalid_cvc') return paymentError(PAYMENT_MESSAGES.cvc, 'PaymentError');
    return paymentError(PAYMENT_MESSAGES.declined, 'PaymentError');
  }
  if (status === 401 || status === 403 || e.type === 'authentication_error' || status === 429 || status >= 500) {
    return paymentError(PAYMENT_MESSAGES.unavailable, 'PaymentUnavailable');
  }
  return paymentError(PAYMENT_MESSAGES.failed, 'PaymentError');
}

/** Stripe's form encoding: nested objects and arrays as a[b][0][c]=v; null/undefined left out. */
export function formEncode(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${key}[${i}]`));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}[${k}]`);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value as string | number | boolean)}`);
  };
  for (const [k, v] of Object.entries(params)) walk(v, k);
  return pairs.join('&');
}

/** A key stable across retries of one step of one change, different for every other request. */
export function idempotencyKey(...parts: Array<string | number | boolean | null>): string {
  return `pp-${createHash('sha256').update(parts.map(String).join('|')).digest('hex').slice(0, 40)}`;
}

interface StripeList<T> {
  data: T[];
}
interface Customer {
  id: string;
  invoice_settings?: { default_payment_method?: string | null };
  default_source?: string | null;
}
interface SubscriptionItem {
  id: string;
  price: { id: string };
  quantity?: number;
}
interface Subscription {
  id: string;
  status: string;
  current_period_end?: number;
  items: StripeList<SubscriptionItem & { current_period_end?: number }>;
}

export type StripeClientOptions = Omit<StripeOptions, 'prices'>;

export interface StripeClient {
  /** One Stripe request: retried on network errors, 409, 429 and 5xx with the same idempotency key; errors mapped (mapStripeError). */
  request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params?: Record<string, unknown>, key?: string): Promise<T>;
}

/** The one Stripe HTTP client: plan changes (below) and client card payments (payment-processor.ts) both go through it. */
export function stripeClient(options: StripeClientOptions): StripeClient {
  const base = (options.apiBase ?? STRIPE_API_BASE).replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 3;
  const backoff = options.backoffMs ?? ((n: number) => 200 * 2 ** (n - 1));

  async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, unknown> = {}, key?: string): Promise<T> {
    const secret = await options.secretKey();
    const form = formEncode(params);
    const url = method === 'POST' || !form ? `${base}${path}` : `${base}${path}?${form}`;
    const headers: Record<string, string> = { authorization: `Bearer ${secret}`, 'stripe-version': STRIPE_API_VERSION };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['idempotency-key'] = key ?? idempotencyKey(method, path, form);
    } else if (method === 'DELETE' && key) {
      // Stripe treats DELETE as idempotent by itself; a caller's key is sent all the same (one shape for every write).
      headers['idempotency-key'] = key;
    }
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body: method === 'POST' ? form : undefined, signal: AbortSignal.timeout(options.timeoutMs ?? 8_000) });
      } catch {
        if (attempt < attempts) {
          await new Promise((r) => setTimeout(r, backoff(attempt)));
          continue;
        }
        throw paymentError(PAYMENT_MESSAGES.unavailable, 'PaymentUnavailable');
      }
      // 409: the same idempotency key is still being processed by a concurrent request.
      if ((response.status === 429 || response.status === 409 || response.status >= 500) && attempt < attempts) {
        await response.body?.cancel();
        await new Promise((r) => setTimeout(r, backoff(attempt)));
        continue;
      }
      const body = (await response.json().catch(() => ({}))) as T & StripeErrorBody;
      if (response.ok) return body;
      if (response.status === 401) options.onKeyRejected?.();
      throw mapStripeError(response.status, body);
    }
  }

  return { request };
}

export function stripePaymentProvider(options: StripeOptions): PaymentProvider {
  const { request } = stripeClient(options);
  const prices = options.prices;
  const planPrices = new Set([prices.basic, prices.premium, prices.professional].filter((p): p is string => !!p));

  async function customerFor(change: PlanChange): Promise<Customer> {
    if (change.customerId) return request<Customer>('GET', `/v1/customers/${encodeURIComponent(change.customerId)}`);
    const found = await request<StripeList<Customer>>('GET', '/v1/customers/search', { query: `metadata['practice_id']:'${change.practiceId}'`, limit: 1 });
    if (found.data[0]) return found.data[0];
    return request<Customer>('POST', '/v1/customers', { description: 'Practice Portal practice', metadata: { practice_id: change.practiceId } }, idempotencyKey('customer', change.practiceId));
  }

  return {
    name: 'stripe',
    async changeSubscription(change: PlanChange, now: Date): Promise<PaymentResult> {
      const planPrice = (prices as unknown as Record<string, string | undefined>)[change.planId] || null;
      if (change.monthlyAmountUsd > 0 && !planPrice) throw paymentError(PAYMENT_MESSAGES.unavailable, 'PaymentUnavailable');
      const quantity = Math.max(1, change.clinicians);
      const step = (name: string) => idempotencyKey(name, change.practiceId, now.toISOString(), change.planId, change.teleHealth, quantity, change.subscriptionId);
      const customer = await customerFor(change);
      const existing = change.subscriptionId?.startsWith('sub_')
        ? await request<Subscription>('GET', `/v1/subscriptions/${encodeURIComponent(change.subscriptionId)}`)
        : null;
      // Not recorded (e.g. the last change was charged but timed out before it was saved): the
      // customer's active subscription is changed rather than a second one created.
      const live = existing && existing.status !== 'canceled' && existing.status !== 'incomplete_expired'
        ? existing
        : ((await request<StripeList<Subscription>>('GET', '/v1/subscriptions', { customer: customer.id, status: 'active', limit: 1 })).data[0] ?? null);
      const result = (sub: Subscription | null): PaymentResult => {
        const end = sub ? (sub.current_period_end ?? sub.items.data[0]?.current_period_end) : undefined;
        return {
          subscriptionId: sub?.id ?? change.subscriptionId ?? null,
          subscriptionDue: sub && end ? new Date(end * 1000).toISOString() : null,
          planRef: [planPrice ?? 'free', change.teleHealth ? `${prices.teleHealth}x${quantity}` : null].filter(Boolean).join('+'),
          customerId: customer.id,
        };
      };

      // Nothing to charge: the free plan without Tele Health ends any subscription now.
      if (!planPrice && !change.teleHealth) {
        if (live) await request<Subscription>('DELETE', `/v1/subscriptions/${encodeURIComponent(live.id)}`);
        return result(null);
      }
      if (!customer.invoice_settings?.default_payment_method && !customer.default_source) {
        throw paymentError(PAYMENT_MESSAGES.noCard, 'PaymentError');
      }
      const common = { payment_behavior: 'error_if_incomplete', metadata: { practice_id: change.practiceId, plan: change.planId } };
      if (!live) {
        const items = [planPrice ? { price: planPrice, quantity: 1 } : null, change.teleHealth ? { price: prices.teleHealth, quantity } : null].filter(Boolean);
        return result(await request<Subscription>('POST', '/v1/subscriptions', { ...common, customer: customer.id, items }, step('subscription.create')));
      }
      const planItem = live.items.data.find((i) => planPrices.has(i.price.id));
      const teleItem = live.items.data.find((i) => i.price.id === prices.teleHealth);
      const items: Array<Record<string, unknown>> = [];
      if (planItem) items.push(planPrice ? { id: planItem.id, price: planPrice, quantity: 1 } : { id: planItem.id, deleted: true });
      else if (planPrice) items.push({ price: planPrice, quantity: 1 });
      if (teleItem) items.push(change.teleHealth ? { id: teleItem.id, quantity } : { id: teleItem.id, deleted: true });
      else if (change.teleHealth) items.push({ price: prices.teleHealth, quantity });
      const updated = await request<Subscription>('POST', `/v1/subscriptions/${encodeURIComponent(live.id)}`, { ...common, items, proration_behavior: 'always_invoice' }, step('subscription.update'));
      return result(updated);
    },
  };
}
