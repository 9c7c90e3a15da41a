/**
 * POST /paymentWebhook: the card processor's webhook (issue 15; Stripe's event shape, also posted
 * by the local test-card page). The Stripe-Signature header is verified against the raw body
 * before anything is read (bad or stale: 400, nothing written). Events handled, by the metadata
 * our checkout put on the PaymentIntent (practice_id, card_payment_id):
 *   payment_intent.succeeded       → the card payment applied to invoices (functions/billing/card.ts)
 *   payment_intent.payment_failed  → noted on the card payment
 *   charge.refunded                → a refund made in the processor's dashboard recorded
 * and a session package's subscription (metadata kind=package, functions/billing/package-renewal.ts):
 *   invoice.paid                   → the package renewed for the invoice's period, paid invoice recorded
 *   invoice.payment_failed         → the package past due
 *   customer.subscription.deleted  → the package ended
 * Each event id is recorded once handled (PEVT#<id>): a replay is answered 200 and does nothing
 * more; handling is itself idempotent, so an event handled but not yet recorded is harmless too.
 * Any other event, or one without our metadata, is acknowledged and ignored. An internal failure
 * answers 500 so the processor retries. Logs carry event types and error names, never bodies.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { processorEventKey } from '../../domain/billing/keys.ts';
import { applyCardPayment, failCardPayment, recordProcessorRefund } from '../billing/card.ts';
import { packageLapsed, renewPackage } from '../billing/package-renewal.ts';
import { isId } from '../billing/request.ts';
import { getItem, put, transact } from '../billing/store.ts';
import { json, type PublicHandler } from '../shared/http.ts';
import { paymentProcessorFromEnv, verifyWebhook, type PaymentProcessor } from '../shared/payment-processor.ts';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EVENT_ID = /^evt_[A-Za-z0-9_]{1,100}$/;
const INTENT_ID = /^pi_[A-Za-z0-9_]{1,100}$/;

function rawBody(event: APIGatewayProxyEventV2): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const found = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name);
  return found?.[1];
}

async function handle(evt: Obj, processor: PaymentProcessor, now: Date): Promise<{ replayed: boolean } | null> {
  const object = (evt.data?.object ?? {}) as Obj;
  // A subscription's invoice carries the subscription's metadata (subscription_details.metadata).
  let metadata = (PACKAGE_EVENTS.includes(evt.type) && evt.type.startsWith('invoice.') ? object.subscription_details?.metadata ?? {} : object.metadata ?? {}) as Record<string, string>;
  if (evt.type === 'charge.refunded' && !metadata.card_payment_id && typeof object.payment_intent === 'string' && INTENT_ID.test(object.payment_intent)) {
    metadata = await processor.intentMetadata(object.payment_intent);
  }
  const practiceId = metadata.practice_id;
  const cardPaymentId = metadata.card_payment_id;
  if (!isId(practiceId) || !isId(cardPaymentId)) return null;
  if (await getItem(processorEventKey(practiceId, evt.id))) return { replayed: true };
  if (PACKAGE_EVENTS.includes(evt.type)) {
    if (metadata.kind !== 'package' || !await packageEvent(evt.type, object, practiceId, cardPaymentId, now)) return null;
  } else if (evt.type === 'payment_intent.succeeded') {
    const amount = Number(object.amount_received ?? object.amount);
    if (!INTENT_ID.test(String(object.id)) || !Number.isInteger(amount) || amount <= 0) return null;
    await applyCardPayment(practiceId, cardPaymentId, { paymentIntentId: object.id, amountCents: amount }, now);
  } else if (evt.type === 'payment_intent.payment_failed') {
    const e = (object.last_payment_error ?? {}) as Obj;
    await failCardPayment(practiceId, cardPaymentId, String(e.decline_code ?? e.code ?? 'failed'), now);
  } else if (evt.type === 'charge.refunded') {
    const refunded = Number(object.amount_refunded);
    if (!Number.isInteger(refunded) || refunded < 0) return null;
    await recordProcessorRefund(practiceId, cardPaymentId, refunded, now);
  } else {
    return null;
  }
  await transact([put({ ...processorEventKey(practiceId, evt.id), entity: 'ProcessorEvent', type: evt.type, at: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + 30 * 86400 }, 'attribute_not_exists(PK)')]);
  return { replayed: false };
}

const PACKAGE_EVENTS = ['invoice.paid', 'invoice.payment_failed', 'customer.subscription.deleted'];
const SUB_ID = /^sub_[A-Za-z0-9_]{1,100}$/;
const INVOICE_ID = /^in_[A-Za-z0-9_]{1,100}$/;

/** A session package's subscription event (functions/billing/package-renewal.ts); false when malformed. */
async function packageEvent(type: string, object: Obj, practiceId: string, checkoutId: string, now: Date): Promise<boolean> {
  const subscriptionId = String(type === 'customer.subscription.deleted' ? object.id : object.subscription);
  if (!SUB_ID.test(subscriptionId)) return false;
  if (type === 'invoice.paid') {
    const period = (object.lines?.data?.[0]?.period ?? {}) as Obj;
    const amount = Number(object.amount_paid);
    const reference = String(object.payment_intent ?? object.charge ?? object.id);
    if (!INVOICE_ID.test(String(object.id)) || !Number.isInteger(amount) || amount < 0 || !Number.isInteger(period.start) || !Number.isInteger(period.end) || period.end <= period.start) return false;
    await renewPackage(practiceId, checkoutId, { invoiceId: object.id, subscriptionId, amountCents: amount, periodStart: period.start, periodEnd: period.end, reference: reference.slice(0, 100) }, now);
  } else {
    await packageLapsed(practiceId, checkoutId, subscriptionId, type === 'invoice.payment_failed' ? 'PAST_DUE' : 'ENDED', now);
  }
  return true;
}

export function webhookHandler(processor: () => PaymentProcessor = () => paymentProcessorFromEnv(), clock: () => Date = () => new Date()): PublicHandler {
  return async (event) => {
    const body = rawBody(event);
    let secret: string;
    try {
      secret = await processor().webhookSecret();
    } catch (err) {
      console.error('payment webhook: no secret', (err as Error)?.name ?? 'Error');
      return json(503, { message: 'Service Unavailable' });
    }
    const now = clock();
    if (!verifyWebhook(body, header(event, 'stripe-signature'), secret, Math.floor(now.getTime() / 1000))) return json(400, { message: 'Invalid signature' });
    let evt: Obj;
    try {
      evt = JSON.parse(body) as Obj;
    } catch {
      return json(400, { message: 'Malformed event' });
    }
    if (!evt || typeof evt.id !== 'string' || !EVENT_ID.test(evt.id) || typeof evt.type !== 'string') return json(400, { message: 'Malformed event' });
    try {
      const handled = await handle(evt, processor(), now);
      return json(200, { received: true, handled: handled !== null, replayed: handled?.replayed === true });
    } catch (err) {
      console.error('payment webhook failed', evt.type, (err as Error)?.name ?? 'Error');
      return json(500, { message: 'Internal Server Error' });
    }
  };
}

export const handler: PublicHandler = webhookHandler();
