/**
 * A local fake of the parts of Stripe's REST API the payment adapter uses (functions/shared/
 * stripe.ts), speaking the same wire protocol: form-encoded bodies with a[b][0][c] nesting,
 * `Authorization: Bearer <key>`, `Idempotency-Key` on POST (a repeat with the same parameters
 * replays the first response with `Idempotent-Replayed: true`; with other parameters it is a 400
 * idempotency_error), and Stripe's error JSON ({error: {type, code, decline_code, message}}).
 *   GET  /v1/customers/search?query=metadata['practice_id']:'<id>'   GET /v1/customers/:id
 *   POST /v1/customers    GET|POST /v1/subscriptions (list by customer and status | create)    GET|POST|DELETE /v1/subscriptions/:id
 * Cards are Stripe's test payment methods: pm_card_visa pays, pm_card_chargeDeclined is declined
 * (card_declined), pm_card_chargeDeclinedExpiredCard is expired_card. failNext() injects a 503 or a
 * dropped connection (before or after the request is processed), for retries and outages.
 *
 * Client card payments (issue 15): POST /v1/checkout/sessions (mode=payment), GET /v1/payment_intents/:id,
 * POST /v1/refunds; completeCheckout() plays the client on the hosted page (a PaymentIntent with the
 * session's payment_intent_data.metadata, succeeded or declined) and returns the webhook event Stripe
 * would send, signed with the fake's webhook secret (Stripe-Signature t=…,v1=HMAC-SHA256); a refund
 * makes a charge.refunded event (fake.events holds every event made, newest last).
 *
 * Also: startSecretsManagerFake, the GetSecretValue call of AWS Secrets Manager (awsJson1_1), so the
 * adapter's key loader runs unchanged against a secret held here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';

export type TestCard = 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_card_chargeDeclinedExpiredCard';

interface Customer {
  id: string;
  object: 'customer';
  description: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  default_source: null;
}
interface Item {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price' };
  quantity: number;
}
interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'canceled';
  current_period_end: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Item[] };
  /** Set by POST /v1/subscriptions/:id cancel_at_period_end=true: Stripe deletes it when the period ends. */
  cancel_at_period_end?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  params: Record<string, unknown>;
  replayed: boolean;
  status: number;
}

type Failure = 'unavailable' | 'drop' | 'drop-after-processing';

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  intent_metadata: Record<string, string>;
  /** mode=subscription: subscription_data.metadata, and the subscription once paid (stripe-fake-subscriptions.ts). */
  subscription_metadata?: Record<string, string>;
  subscription?: string | null;
}
export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded' | 'requires_payment_method';
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string } | null;
  latest_charge: string | null;
}
export interface SignedEvent {
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
  payload: string;
  signature: string;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, CheckoutSession>;
  intents: Map<string, PaymentIntent>;
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  events: SignedEvent[];
  /** The client on the hosted page pays with a test card: the webhook event Stripe would send. */
  completeCheckout(sessionId: string, card: TestCard): SignedEvent;
  /** Any event signed with the webhook secret (at: its time, seconds). */
  signedEvent(type: string, object: Record<string, unknown>, at?: number): SignedEvent;
  customers: Map<string, Customer>;
  subscriptions: Map<string, Subscription>;
  requests: RecordedRequest[];
  /** A customer whose metadata names the practice, with a card (or none). */
  addCustomer(practiceId: string, card: TestCard | null): Customer;
  setCard(customerId: string, card: TestCard | null): void;
  /** The next `count` requests (matching `only`, when given) fail this way. */
  failNext(count: number, how: Failure, only?: { method?: string; path?: string }): void;
  /** Every request answers 503 while true. */
  down: boolean;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Stripe's form encoding back into objects; a[0]… keys become arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((p) => p.replace(/\]$/, ''))];
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length && entries.every(([k]) => /^\d+$/.test(k)) ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x) : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** A request's body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (text += d));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

class StripeError extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) {
    super(String(body.message));
  }
}
const fail = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => new StripeError(status, { type, message, ...extra });

export async function startStripeFake(options: { prices: string[]; secretKey?: string }): Promise<StripeFake> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const prices = new Set(options.prices);
  const customers = new Map<string, Customer>();
  const subscriptions = new Map<string, Subscription>();
  const cards = new Map<string, TestCard | null>();
  const idempotent = new Map<string, { signature: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, CheckoutSession>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: StripeFake['refunds'] = [];
  const charges = new Map<string, { id: string; object: 'charge'; payment_intent: string; amount: number; amount_refunded: number; metadata: Record<string, string> }>();
  const events: SignedEvent[] = [];
  const signedEvent = (type: string, object: Record<string, unknown>, at = Math.floor(Date.now() / 1000)): SignedEvent => {
    const event = { id: id('evt'), object: 'event', type, created: at, data: { object } };
    const payload = JSON.stringify(event);
    const signature = `t=${at},v1=${createHmac('sha256', webhookSecret).update(`${at}.${payload}`).digest('hex')}`;
    const signed = { event, payload, signature };
    events.push(signed);
    return signed;
  };
  const failures: Array<{ how: Failure; method?: string; path?: string }> = [];

  const charge = (customerId: string) => {
    const card = cards.get(customerId) ?? null;
    if (!card) throw fail(400, 'invalid_request_error', 'This customer has no attached payment source or default payment method.', { code: 'resource_missing' });
    if (card === 'pm_card_chargeDeclined') throw fail(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline' });
    if (card === 'pm_card_chargeDeclinedExpiredCard') throw fail(402, 'card_error', 'Your card has expired.', { code: 'expired_card' });
  };
  const price = (p: unknown) => {
    if (typeof p !== 'string' || !prices.has(p)) throw fail(400, 'invalid_request_error', `No such price: '${String(p)}'`, { code: 'resource_missing', param: 'price' });
    return { id: p, object: 'price' as const };
  };
  const quantity = (q: unknown) => {
    const n = q === undefined ? 1 : Number(q);
    if (!Number.isInteger(n) || n < 0) throw fail(400, 'invalid_request_error', 'Invalid integer', { param: 'quantity' });
    return n;
  };
  const subscription = (subId: string) => {
    const sub = subscriptions.get(subId);
    if (!sub) throw fail(404, 'invalid_request_error', `No such subscription: '${subId}'`, { code: 'resource_missing' });
    return sub;
  };

  function handle(method: string, path: string, query: URLSearchParams, params: Record<string, any>): unknown {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/customers/search') {
      const wanted = /^metadata\['practice_id'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      if (!wanted) throw fail(400, 'invalid_request_error', 'Invalid search query', { param: 'query' });
      return { object: 'search_result', data: [...customers.values()].filter((c) => c.metadata.practice_id === wanted[1]).slice(0, Number(query.get('limit') ?? 10)), has_more: false };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([\w-]+)$/.exec(path))) {
      const c = customers.get(m[1]);
      if (!c) throw fail(404, 'invalid_request_error', `No such customer: '${m[1]}'`, { code: 'resource_missing' });
      return c;
    }
    if (method === 'POST' && path === '/v1/customers') {
      const c: Customer = { id: id('cus'), object: 'customer', description: params.description ?? null, metadata: params.metadata ?? {}, invoice_settings: { default_payment_method: null }, default_source: null };
      customers.set(c.id, c);
      return c;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(params.customer)) throw fail(400, 'invalid_request_error', 'No such customer', { code: 'resource_missing', param: 'customer' });
      const items = ((params.items ?? []) as Array<Record<string, unknown>>).map((i) => ({ id: id('si'), object: 'subscription_item' as const, price: price(i.price), quantity: quantity(i.quantity) }));
      if (!items.length) throw fail(400, 'invalid_request_error', 'Missing required param: items.', { param: 'items' });
      if (params.payment_behavior === 'error_if_incomplete') charge(params.customer);
      const sub: Subscription = { id: id('sub'), object: 'subscription', customer: params.customer, status: 'active', current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400, metadata: params.metadata ?? {}, items: { object: 'list', data: items } };
      subscriptions.set(sub.id, sub);
      return sub;
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...subscriptions.values()].filter((x) => (!query.get('customer') || x.customer === query.get('customer')) && (!query.get('status') || x.status === query.get('status')));
      return { object: 'list', data: data.slice(0, Number(query.get('limit') ?? 10)), has_more: data.length > Number(query.get('limit') ?? 10) };
    }
    if ((m = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path))) {
      const sub = subscription(m[1]);
      if (method === 'GET') return sub;
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return sub;
      }
      if (method === 'POST') {
        if (sub.status === 'canceled') throw fail(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
        if (params.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
          if (params.items === undefined) return sub;
        }
        const next = sub.items.data.map((i) => ({ ...i }));
        for (const change of (params.items ?? []) as Array<Record<string, unknown>>) {
          const existing = change.id ? next.find((i) => i.id === change.id) : undefined;
          if (change.id && !existing) throw fail(400, 'invalid_request_error', `No such subscription item: '${change.id as string}'`, { code: 'resource_missing' });
          if (existing && change.deleted === 'true') next.splice(next.indexOf(existing), 1);
          else if (existing) Object.assign(existing, change.price ? { price: price(change.price) } : {}, change.quantity !== undefined ? { quantity: quantity(change.quantity) } : {});
          else next.push({ id: id('si'), object: 'subscription_item', price: price(change.price), quantity: quantity(change.quantity) });
        }
        if (!next.length) throw fail(400, 'invalid_request_error', 'A subscription must have at least one item.');
        if (params.payment_behavior === 'error_if_incomplete' && params.proration_behavior === 'always_invoice') charge(sub.customer);
        sub.items.data = next;
        sub.metadata = { ...sub.metadata, ...(params.metadata ?? {}) };
        return sub;
      }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const line = ((params.line_items ?? []) as Array<Record<string, any>>)[0];
      const amount = Number(line?.price_data?.unit_amount);
      const recurring = params.mode === 'subscription' && line?.price_data?.recurring?.interval === 'month';
      if ((params.mode !== 'payment' && !recurring) || !line || !Number.isInteger(amount) || amount < 50) throw fail(400, 'invalid_request_error', 'Invalid line_items or mode.', { param: 'line_items' });
      for (const u of ['success_url', 'cancel_url']) if (!/^https?:\/\/[^/]/.test(String(params[u] ?? ''))) throw fail(400, 'invalid_request_error', 'Not a valid URL', { param: u });
      const sid = id('cs_test');
      const session: CheckoutSession = {
        id: sid, object: 'checkout.session', mode: params.mode, url: `https://checkout.stripe.test/c/pay/${sid}`, status: 'open', amount_total: amount, currency: String(line.price_data.currency),
        metadata: params.metadata ?? {}, payment_intent: null, success_url: params.success_url, cancel_url: params.cancel_url, intent_metadata: params.payment_intent_data?.metadata ?? {},
        ...(recurring ? { subscription_metadata: params.subscription_data?.metadata ?? {}, subscription: null } : {}),
      };
      sessions.set(sid, session);
      return session;
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path))) {
      const pi = intents.get(m[1]);
      if (!pi) throw fail(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
      return pi;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(params.payment_intent);
      if (!pi || pi.status !== 'succeeded') throw fail(400, 'invalid_request_error', 'No such payment_intent', { code: 'resource_missing', param: 'payment_intent' });
      const charge = charges.get(pi.latest_charge!)!;
      const amount = params.amount === undefined ? charge.amount - charge.amount_refunded : Number(params.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded) throw fail(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount on charge', { code: 'amount_too_large', param: 'amount' });
      charge.amount_refunded += amount;
      const refund = { id: id('re'), object: 'refund', payment_intent: pi.id, amount, status: 'succeeded', metadata: params.metadata ?? {} };
      refunds.push(refund);
      signedEvent('charge.refunded', { ...charge });
      return refund;
    }
    throw fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => void (async () => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const text = await readBody(req);
    const at = failures.findIndex((f) => (!f.method || f.method === req.method) && (!f.path || f.path === url.pathname));
    const failure = at >= 0 ? failures.splice(at, 1)[0].how : undefined;
    if (failure === 'drop') return void req.socket.destroy();
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (failure === 'drop-after-processing') return void req.socket.destroy();
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      res.end(JSON.stringify(body));
    };
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, stripeVersion: (req.headers['stripe-version'] as string | undefined) ?? null, params: {}, replayed: false, status: 0 };
    requests.push(record);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      send(status, body, headers);
    };
    if (failure === 'unavailable' || fake.down) return answer(503, { error: { type: 'api_error', message: 'The service is temporarily unavailable.' } });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      return answer(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}` } });
    }
    const params = req.method === 'POST' ? parseForm(text) : {};
    record.params = params;
    const signature = `${req.method} ${url.pathname} ${JSON.stringify(params)}`;
    if (req.method === 'POST' && key) {
      const seen = idempotent.get(key);
      if (seen && seen.signature !== signature) {
        return answer(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
      }
      if (seen) {
        record.replayed = true;
        return answer(seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
    }
    let status = 200;
    let body: unknown;
    try {
      body = handle(req.method ?? 'GET', url.pathname, url.searchParams, params);
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      status = err.status;
      body = { error: err.body };
    }
    if (req.method === 'POST' && key) idempotent.set(key, { signature, status, body: structuredClone(body) });
    answer(status, body);
  })());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  const fake: StripeFake = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    sessions,
    intents,
    refunds,
    events,
    signedEvent,
    completeCheckout(sessionId, card) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`no open session ${sessionId}`);
      const ok = card === 'pm_card_visa';
      const pi: PaymentIntent = {
        id: session.payment_intent ?? id('pi'), object: 'payment_intent', amount: session.amount_total, amount_received: ok ? session.amount_total : 0, currency: session.currency,
        status: ok ? 'succeeded' : 'requires_payment_method', metadata: session.intent_metadata,
        last_payment_error: ok ? null : card === 'pm_card_chargeDeclined' ? { code: 'card_declined', decline_code: 'generic_decline' } : { code: 'expired_card' }, latest_charge: null,
      };
      session.payment_intent = pi.id;
      if (ok) {
        const charge = { id: id('ch'), object: 'charge' as const, payment_intent: pi.id, amount: pi.amount, amount_refunded: 0, metadata: { ...session.intent_metadata } };
        charges.set(charge.id, charge);
        pi.latest_charge = charge.id;
        session.status = 'complete';
      }
      intents.set(pi.id, pi);
      return signedEvent(ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', { ...pi });
    },
    customers,
    subscriptions,
    requests,
    down: false,
    addCustomer(practiceId, card) {
      const c: Customer = { id: id('cus'), object: 'customer', description: null, metadata: { practice_id: practiceId }, invoice_settings: { default_payment_method: card }, default_source: null };
      customers.set(c.id, c);
      cards.set(c.id, card);
      return c;
    },
    setCard(customerId, card) {
      cards.set(customerId, card);
      const c = customers.get(customerId);
      if (c) c.invoice_settings.default_payment_method = card;
    },
    failNext(count, how, only = {}) {
      for (let i = 0; i < count; i++) failures.push({ how, ...only });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return fake;
}
