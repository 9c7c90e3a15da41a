/**
 * Client subscriptions (issue 15, spec part 2: "Client subscription: plans, purchased plans,
 * assigned clients"; getClientSubscription(appId), assignClientSubscription(purchaseId, clientId,
 * startDate)). Read from the spec's wording: access to one of the practice's therapy apps (ACT, DBT,
 * IFS, CBT, COACH, MI) that the practice buys for its clients — a plan (per app, monthly or yearly,
 * per seat), a purchase (seats of one plan for a period) and the clients assigned to a purchase's
 * seats from a start date. Pure rules here; storage in functions/billing/subscriptions.ts.
 *
 *   purchase  SK = CSUB#<appId>#<purchaseId>   (one Query per app lists the app's purchases)
 */
import { APPS } from '../practice.ts';

export interface ClientPlan {
  id: string;
  appId: string;
  name: string;
  interval: 'month' | 'year';
  /** Per seat and interval, in cents. */
  priceCents: number;
}

/** The plans of each app: app access for one client, monthly or yearly. */
export function plansOf(appId: string): ClientPlan[] {
  if (APPS.indexOf(appId) < 0) return [];
  return [
    { id: `${appId}-MONTH`, appId, name: `${appId} app access, monthly`, interval: 'month', priceCents: 1500 },
    { id: `${appId}-YEAR`, appId, name: `${appId} app access, yearly`, interval: 'year', priceCents: 15000 },
  ];
}

export const subscriptionPurchaseKey = (practiceId: string, appId: string, purchaseId: string) => ({ PK: 'P#' + practiceId, SK: `CSUB#${appId}#${purchaseId}` });
export const subscriptionPrefix = (appId: string) => `CSUB#${appId}#`;

/** The app a purchase id belongs to: ids are `<appId>_<suffix>`, so an assignment finds its item with one GetItem. */
export function appOfPurchase(purchaseId: string): string | null {
  const app = purchaseId.split('_')[0];
  return APPS.indexOf(app) >= 0 ? app : null;
}

export interface Assignment {
  clientId: string;
  clientName: string;
  startDate: string;
  assignedAt: string;
  assignedBy: string;
}

export interface Purchase {
  id: string;
  appId: string;
  planId: string;
  seats: number;
  periodStart: string;
  renewsOn: string;
  status: 'ACTIVE' | 'ENDED';
  assigned: Assignment[];
  version: number;
}

export const SUBSCRIPTION_MESSAGES = {
  app: 'Choose one of the practice\'s apps.',
  notFound: 'Subscription purchase not found',
  ended: 'This purchase has ended. Renew it before assigning clients.',
  full: 'Every seat of this purchase is taken.',
  startDate: 'Choose a start date within the purchase\'s period (YYYY-MM-DD).',
  elsewhere: 'This client already has this app through another purchase.',
} as const;

/**
 * The purchase with the client assigned from `startDate` (assigning the same client again moves
 * their start date), or the refusal's message. `others`: the app's other purchases.
 */
export function assign(purchase: Purchase, others: Purchase[], a: Assignment): { purchase: Purchase } | { refusal: keyof typeof SUBSCRIPTION_MESSAGES } {
  if (purchase.status !== 'ACTIVE') return { refusal: 'ended' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(a.startDate) || Number.isNaN(Date.parse(`${a.startDate}T00:00:00Z`)) || a.startDate < purchase.periodStart || a.startDate >= purchase.renewsOn) return { refusal: 'startDate' };
  if (others.some((p) => p.id !== purchase.id && p.status === 'ACTIVE' && p.assigned.some((x) => x.clientId === a.clientId))) return { refusal: 'elsewhere' };
  const rest = purchase.assigned.filter((x) => x.clientId !== a.clientId);
  if (rest.length >= purchase.seats) return { refusal: 'full' };
  return { purchase: { ...purchase, assigned: [...rest, a], version: purchase.version + 1 } };
}
