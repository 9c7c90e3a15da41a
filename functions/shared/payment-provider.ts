/**
 * Payments for plan changes. `PaymentProvider` is what functions/plans calls; adapters:
 *   - local (PAYMENT_PROVIDER=local, the local runtime): records the change in the Practice table
 *     (`P#<practice>` / `PaymentChange#<time>#<id>`) and returns a local subscription id;
 *   - unset: no card processor is wired yet — every change is refused (PaymentUnavailable), so AWS
 *     never grants a paid plan without a charge. A real card-processor adapter is future work.
 * No card data passes through here; amounts come from domain/pricing.ts.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from './aws.ts';

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
  subscriptionId: string;
  /** ISO date the paid period ends (null for the free plan). */
  subscriptionDue: string | null;
  planRef: string;
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

export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  return env.PAYMENT_PROVIDER === 'local' ? localPaymentProvider() : unavailablePaymentProvider();
}
