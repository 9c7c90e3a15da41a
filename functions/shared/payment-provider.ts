/**
 * Payments for plan changes. `PaymentProvider` is what functions/plans calls; adapters:
 *   - local (PAYMENT_PROVIDER=local, the local runtime): records the change in the Practice table
 *     (`P#<practice>` / `PaymentChange#<time>#<id>`) and returns a local subscription id;
 *   - stripe (PAYMENT_PROVIDER=stripe, set by the Api stack when the environment's config names the
 *     secret — docs/operations.md): Stripe (stripe.ts), key from Secrets Manager (STRIPE_SECRET_ID),
 *     price ids per plan from STRIPE_PRICES (JSON), API base STRIPE_API_BASE (tests only);
 *   - unset: no card processor configured — every change is refused (PaymentUnavailable), so AWS
 *     never grants a paid plan without a charge.
 * No card data passes through here; amounts come from domain/pricing.ts, prices from configuration.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from './aws.ts';
import { stripePaymentProvider, type StripePrices } from './stripe.ts';
import { secretsManagerKey, type SecretLoader } from './stripe-secret.ts';

export interface PlanChange {
  practiceId: string;
  customerId: string | null;
  subscriptionId: string | null;
  planId: string;
  teleHealth: boolean;
  /** Whole US dollars a month for the plan, and for Tele Health per clinician. */
  monthlyAmountUsd: number;
  teleHealthAmountUsd: number;
  clinicians: number;
}

export interface PaymentResult {
  /** null: nothing to bill (the free plan without a subscription). */
  subscriptionId: string | null;
  /** ISO date the paid period ends (null for the free plan). */
  subscriptionDue: string | null;
  planRef: string;
  /** The processor's customer for the practice, when it has one (stored with the plan). */
  customerId?: string;
}

export interface PaymentProvider {
  readonly name: string;
  changeSubscription(change: PlanChange, now: Date): Promise<PaymentResult>;
}

export function localPaymentProvider(): PaymentProvider {
  return {
    name: 'local',
    async changeSubscription(change, now) {
      const subscriptionId = change.subscriptionId ?? `local-sub-${randomUUID()}`;
      const due = change.monthlyAmountUsd > 0 || change.teleHealth ? new Date(now.getTime() + 30 * 86_400_000).toISOString() : null;
      const planRef = `local-${change.planId}${change.teleHealth ? '-telehealth' : ''}`;
      await dynamo().send(
        new PutCommand({
          TableName: table('PRACTICE_TABLE'),
          Item: {
            PK: `P#${change.practiceId}`,
            SK: `PaymentChange#${now.toISOString()}#${randomUUID()}`,
            entityType: 'PaymentChange',
            subscriptionId, planId: change.planId, teleHealth: change.teleHealth, planRef,
            monthlyAmountUsd: change.monthlyAmountUsd + (change.teleHealth ? change.teleHealthAmountUsd * change.clinicians : 0),
            at: now.toISOString(),
          },
        }),
      );
      return { subscriptionId, subscriptionDue: due, planRef };
    },
  };
}

export function unavailablePaymentProvider(): PaymentProvider {
  return {
    name: 'none',
    async changeSubscription() {
      throw Object.assign(new Error('Plan changes are not available yet'), { name: 'PaymentUnavailable', errorType: 'PaymentUnavailable' });
    },
  };
}

/** Price ids from STRIPE_PRICES: JSON {basic?, premium, professional, teleHealth}. */
export function stripePricesFromEnv(text: string | undefined): StripePrices | null {
  try {
    const raw = JSON.parse(text ?? '') as Record<string, unknown>;
    const ok = (v: unknown) => v === undefined || (typeof v === 'string' && /^price_\w+$/.test(v));
    if (typeof raw.teleHealth !== 'string' || !['basic', 'premium', 'professional', 'teleHealth'].every((k) => ok(raw[k]))) return null;
    return raw as unknown as StripePrices;
  } catch {
    return null;
  }
}

// One secret loader per secret id and Lambda instance, so the key is cached between invocations.
const loaders = new Map<string, SecretLoader>();

export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'local') return localPaymentProvider();
  if (env.PAYMENT_PROVIDER === 'stripe') {
    const prices = stripePricesFromEnv(env.STRIPE_PRICES);
    const secretId = env.STRIPE_SECRET_ID;
    if (!prices || !secretId) {
      console.error('payment provider misconfigured', prices ? 'STRIPE_SECRET_ID' : 'STRIPE_PRICES');
      return unavailablePaymentProvider();
    }
    const cacheKey = `${secretId}|${env.SECRETS_MANAGER_ENDPOINT ?? ''}`;
    let secretKey = loaders.get(cacheKey);
    if (!secretKey) {
      secretKey = secretsManagerKey(secretId, env);
      loaders.set(cacheKey, secretKey);
    }
    return stripePaymentProvider({ secretKey, prices, apiBase: env.STRIPE_API_BASE || undefined, onKeyRejected: secretKey.forget });
  }
  return unavailablePaymentProvider();
}
