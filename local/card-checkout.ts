/**
 * The local card processor's checkout page (issue 15), standing in for Stripe's hosted page on
 * `npm start`: /_local/pay/<practiceId>/<cardPaymentId>. It has no card field at all — only
 * Stripe's test cards as buttons — so no card number can ever be typed into it. Choosing one posts
 * an event shaped like Stripe's (payment_intent.succeeded or .payment_failed, with the metadata
 * our checkout set), signed with the runtime's per-run webhook secret, to the public webhook route
 * (/api/paymentWebhook) exactly as Stripe would; then the client goes back to /portal/billing.
 * A session package's start (kind PACKAGE) gets its subscription's events instead (package-checkout.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cardPaymentKey } from '../domain/billing/keys.ts';
import { formatMoney } from '../domain/billing/money.ts';
import { getItem } from '../functions/billing/store.ts';
import { isId } from '../functions/billing/request.ts';
import { signWebhook } from '../functions/shared/payment-processor.ts';
import { readBody, sendJson, type RequestHandler } from './http.ts';
import { packageActions, packageEvent, packagePage, PACKAGE_ACTIONS, type PackageAction } from './package-checkout.ts';

export const TEST_CARDS = {
  visa: { label: 'Visa test card ending 4242 — succeeds', outcome: 'succeeded' },
  declined: { label: 'Test card ending 0002 — declined', outcome: 'declined' },
} as const;

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test card payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}.note{color:#555}</style></head><body>${body}</body></html>`);
}

async function post(origin: string, secret: string, event: Record<string, unknown>): Promise<number> {
  const payload = JSON.stringify(event);
  const res = await fetch(`${origin}/api/paymentWebhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, secret) }, body: payload });
  await res.body?.cancel();
  return res.status;
}

/** A session package's start (kind PACKAGE, package-checkout.ts): its subscription's events instead of a payment intent's. */
async function packageCheckout(req: IncomingMessage, res: ServerResponse, practiceId: string, cp: Record<string, unknown>, back: string, options: { origin: string; secret: string }): Promise<void> {
  let declined = false;
  if (req.method === 'POST') {
    const action = new URLSearchParams((await readBody(req, 4096)).toString('utf8')).get('card') ?? '';
    if (!(action in PACKAGE_ACTIONS) || !packageActions(cp).includes(action as PackageAction)) return sendJson(res, 400, { message: 'Choose a test card' });
    const event = await packageEvent(practiceId, cp, action as PackageAction);
    declined = event === null;
    if (event && (await post(options.origin, options.secret, event)) !== 200) return page(res, 502, '<h1>Payment not completed</h1><p>The test payment could not be recorded. Try again.</p>');
    if (event) {
      res.writeHead(303, { location: `${back}done`, 'cache-control': 'no-store' });
      return void res.end();
    }
  }
  return page(res, 200, packagePage(cp, back, declined));
}

export function createCardCheckout(options: { origin: string; secret: string }): { handle: RequestHandler } {
  const handle: RequestHandler = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const [, practiceId, id] = path.split('/');
    if (!isId(practiceId) || !isId(id)) return sendJson(res, 404, { message: 'Not Found' });
    const cp = await getItem(cardPaymentKey(practiceId, id));
    if (!cp) return sendJson(res, 404, { message: 'Not Found' });
    const amount = formatMoney(cp.amountCents as number, { currency: cp.currency as string, decimals: 2 });
    const back = `${options.origin}/portal/billing?card=`;
    if (cp.kind === 'PACKAGE') return packageCheckout(req, res, practiceId, cp, back, options);
    if (cp.status === 'SUCCEEDED') return page(res, 200, `<h1>Already paid</h1><p><a href="${back}done">Back to billing</a></p>`);
    if (req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req, 4096)).toString('utf8'));
      const card = form.get('card');
      if (card !== 'visa' && card !== 'declined') return sendJson(res, 400, { message: 'Choose a test card' });
      const intent = `pi_local_${id.replaceAll('-', '')}`;
      const metadata = { practice_id: practiceId, card_payment_id: id };
      const object = card === 'visa'
        ? { id: intent, object: 'payment_intent', amount: cp.amountCents, amount_received: cp.amountCents, currency: String(cp.currency).toLowerCase(), status: 'succeeded', metadata }
        : { id: intent, object: 'payment_intent', amount: cp.amountCents, currency: String(cp.currency).toLowerCase(), status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' }, metadata };
      const status = await post(options.origin, options.secret, { id: `evt_local_${randomBytes(12).toString('hex')}`, object: 'event', type: card === 'visa' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', created: Math.floor(Date.now() / 1000), data: { object } });
      if (status !== 200) return page(res, 502, '<h1>Payment not completed</h1><p>The test payment could not be recorded. Try again.</p>');
      if (card === 'visa') {
        res.writeHead(303, { location: `${back}done`, 'cache-control': 'no-store' });
        return void res.end();
      }
    }
    const declined = req.method === 'POST' ? '<p role="alert">Your card was declined. Use another card or contact your bank.</p>' : '';
    const buttons = Object.entries(TEST_CARDS).map(([value, c]) => `<button type="submit" name="card" value="${value}">${c.label}</button>`).join('');
    return page(res, 200, `<h1>Pay ${amount}</h1><p class="note">Local test payment page: it stands in for the card processor's hosted page on this machine. No real card is used or accepted here.</p>${declined}<form method="post">${buttons}</form><p><a href="${back}cancelled">Cancel and go back</a></p>`);
  };
  return { handle };
}
