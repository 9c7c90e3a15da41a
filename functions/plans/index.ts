/**
 * plans: AppSync Lambda data source for changePlan(planId, teleHealth) (after `authorize`: owner
 * and clinicianAdmin, "UpgradePlan"). Charges through the PaymentProvider (functions/shared/
 * payment-provider.ts), then moves the practice to the plan: the owner's membership (the
 * practice's record: subscription, plan ref, Tele Health) and every member's copy of `plan`, which
 * the authorize step reads, in TransactWriteItems of up to 100 memberships. Logs carry error names only.
 * A refused payment (PaymentError: declined card, no card) or an unreachable processor
 * (PaymentUnavailable) fails the change before anything is written.
 */
import { QueryCommand, TransactWriteCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { membershipKey } from '../../domain/tables.ts';
import { PLAN_OFFERS, TELE_HEALTH_ADD_ON } from '../../domain/pricing.ts';
import { PLAN_NAMES, isPlan, toCurrentPlan } from '../../domain/plan.ts';
import { isClinician } from '../../domain/permissions.ts';
import { dynamo, table } from '../shared/aws.ts';
import { getMembership } from '../shared/membership.ts';
import { paymentProviderFromEnv, type PaymentProvider } from '../shared/payment-provider.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';

export interface PlansRequest {
  field: 'changePlan';
  caller: { sub: string; practiceId: string };
  args: { planId?: unknown; teleHealth?: unknown };
}

async function practiceMembers(practiceId: string): Promise<Array<Record<string, NativeAttributeValue>>> {
  const members: Array<Record<string, NativeAttributeValue>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: table('DIRECTORY_TABLE'), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `P#${practiceId}` }, ExclusiveStartKey: start,
    }));
    members.push(...(out.Items ?? []).filter((i) => i.SK === 'MEMBERSHIP'));
    start = out.LastEvaluatedKey;
  } while (start);
  return members;
}

export async function changePlan(request: PlansRequest, provider: PaymentProvider = paymentProviderFromEnv(), now = new Date()) {
  const { caller, args } = request;
  const planId = args.planId;
  if (typeof planId !== 'string' || !isPlan(planId)) {
    throw new Refusal('Invalid plan: planId (format)', 'ValidationError');
  }
  const teleHealth = args.teleHealth === true;
  const owner = await getMembership(caller.practiceId);
  if (!owner) throw new Refusal('Practice not found', 'NotFound');
  const members = await practiceMembers(caller.practiceId);
  const offer = PLAN_OFFERS.find((o) => o.id === planId)!;
  const o = owner as unknown as Record<string, NativeAttributeValue>;
  const paid = await provider.changeSubscription(
    {
      practiceId: caller.practiceId,
      customerId: o.customerId ?? null,
      subscriptionId: o.subscriptionId ?? null,
      planId,
      teleHealth,
      monthlyAmountUsd: offer.monthlyPriceUsd,
      teleHealthAmountUsd: TELE_HEALTH_ADD_ON.monthlyPriceUsdPerClinician,
      clinicians: Math.max(1, members.filter((m) => isClinician(m.roles)).length),
    },
    now,
  );
  const planName = PLAN_NAMES[planId];
  // The processor's customer for the practice (the ID token's custom:customerId), once it has one.
  const customer = paid.customerId ? ', customerId = :cid' : '';
  const ownerUpdate = {
    Update: {
      TableName: table('DIRECTORY_TABLE'),
      Key: membershipKey(caller.practiceId),
      UpdateExpression: `SET #plan = :plan, planName = :planName, subscriptionId = :sid, subscriptionDue = :due, planRef = :ref, teleHealth = :tele, isOnTrial = :trial, planChangedAt = :now, planChangedBy = :by${customer}`,
      ConditionExpression: 'practiceId = :practiceId',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: {
        ':plan': planId, ':planName': planName, ':sid': paid.subscriptionId, ':due': paid.subscriptionDue, ':ref': paid.planRef, ':tele': teleHealth, ':trial': 0,
        ':now': now.toISOString(), ':by': caller.sub, ':practiceId': caller.practiceId,
        ...(paid.customerId ? { ':cid': paid.customerId } : {}),
      },
    },
  };
  const memberUpdates = members
    .filter((m) => m.PK !== `USER#${caller.practiceId}`)
    .map((m) => ({
      Update: {
        TableName: table('DIRECTORY_TABLE'),
        Key: { PK: m.PK, SK: 'MEMBERSHIP' },
        UpdateExpression: 'SET #plan = :plan, planName = :planName, subscriptionDue = :due, isOnTrial = :trial',
        ConditionExpression: 'practiceId = :practiceId',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':plan': planId, ':planName': planName, ':due': paid.subscriptionDue, ':trial': 0, ':practiceId': caller.practiceId },
      },
    }));
  const all = [ownerUpdate, ...memberUpdates];
  for (let i = 0; i < all.length; i += 100) {
    await dynamo().send(new TransactWriteCommand({ TransactItems: all.slice(i, i + 100) }));
  }
  return toCurrentPlan({ ...o, plan: planId, planName, subscriptionId: paid.subscriptionId, subscriptionDue: paid.subscriptionDue, planRef: paid.planRef, teleHealth, isOnTrial: 0 });
}

/** Refusals (and the card processor's PaymentError/PaymentUnavailable) come back as data; see functions/shared/refusal.ts. */
export const handler = appsyncHandler('plans', async (event: PlansRequest) => {
  if (!event?.caller?.sub || !event.caller.practiceId) throw new Refusal('Not Authorized', 'Unauthorized');
  if (event.field === 'changePlan') return changePlan(event);
  throw new Refusal('Unknown field', 'BadRequest');
});
