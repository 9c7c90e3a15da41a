/**
 * Plans against the whole local runtime: the offers, the practice's current plan, a change through
 * the local payment adapter that every member's next request sees (plan gating follows), and who may change it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { startStripeFake, type StripeFake } from '../support/stripe-fake.ts';
import { startSecretsManagerFake } from '../support/secrets-manager-fake.ts';
import { PAYMENT_MESSAGES } from '../../functions/shared/stripe.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}
const CURRENT = 'subscriptionId subscriptionDue planId planRef planName isOnTrial teleHealth';
const CHANGE = `mutation ($p: ID!, $t: Boolean!) { changePlan(planId: $p, teleHealth: $t) { ${CURRENT} } }`;

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  for (const who of ['owner', 'admin', 'biller', 'coordinator']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await runtime?.stop();
});

describe('plans', () => {
  it('lists the three plans with the Tele Health price', async () => {
    const out = await call('coordinator', '{ getProviderPlans { id name amount interval videoFeatureAmount additionalClinicianAmount } }');
    expect(out.errors).toBeUndefined();
    expect(out.data.getProviderPlans).toEqual([
      { id: 'basic', name: 'Essentials', amount: 0, interval: 'month', videoFeatureAmount: 8, additionalClinicianAmount: null },
      { id: 'premium', name: 'Premium', amount: 20, interval: 'month', videoFeatureAmount: 8, additionalClinicianAmount: null },
      { id: 'professional', name: 'Professional', amount: 40, interval: 'month', videoFeatureAmount: 8, additionalClinicianAmount: null },
    ]);
  });

  it('reads the practice’s plan, the same for every member', async () => {
    const owner = (await call('owner', `{ getCurrentPlan { ${CURRENT} } hasEnterpriseSubscription }`)).data;
    expect(owner.getCurrentPlan).toMatchObject({ planId: 'professional', planName: 'PROFESSIONAL', teleHealth: false });
    expect(owner.hasEnterpriseSubscription).toBe(false);
    expect((await call('biller', `{ getCurrentPlan { ${CURRENT} } }`)).data.getCurrentPlan).toEqual(owner.getCurrentPlan);
  });

  it('only owner and admin change it; a change applies to every member on their next request', async () => {
    expect((await call('biller', CHANGE, { p: 'premium', t: false })).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('owner', CHANGE, { p: 'gold', t: false })).errors?.[0].errorType).toBe('ValidationError');
    expect((await call('admin', '{ getPracticeDetails { version } }')).errors).toBeUndefined();
    const changed = await call('owner', CHANGE, { p: 'premium', t: true });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.changePlan).toMatchObject({ planId: 'premium', planName: 'PREMIUM', teleHealth: true, isOnTrial: 0, subscriptionId: expect.stringMatching(/^local-sub-/) });
    expect((await call('biller', '{ me { plan } }')).data.me.plan).toBe('premium');
    // Practice details are a settings page: professional only.
    expect((await call('admin', '{ getPracticeDetails { version } }')).errors?.[0].errorType).toBe('Unauthorized');
    expect((await call('admin', `{ getCurrentPlan { ${CURRENT} } }`)).data.getCurrentPlan).toMatchObject({ planId: 'premium', teleHealth: true });
    const records = await runtime.dynamo.client.send(new QueryCommand({
      TableName: tableName('local', 'Practice'), KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: marshall({ ':pk': `P#${runtime.seed!.practiceId}`, ':sk': 'PaymentChange#' }),
    }));
    expect((records.Items ?? []).map((i) => unmarshall(i))).toEqual([expect.objectContaining({ planId: 'premium', teleHealth: true })]);
    const back = await call('admin', CHANGE, { p: 'professional', t: false });
    expect(back.data.changePlan.planId).toBe('professional');
    expect(back.data.changePlan.subscriptionId).toBe(changed.data.changePlan.subscriptionId);
    expect((await call('admin', '{ getPracticeDetails { version } }')).errors).toBeUndefined();
  });
});

describe('apps used', () => {
  it('the demo practice uses every app; another practice’s owner id is missing', async () => {
    const out = await call('owner', 'query ($o: ID!) { getAppsUsed { apps { ACT DBT IFS CBT COACH MI } defaultApp } getAppsUsedByTeamOwner(teamOwnerId: $o) { apps { MI } } getHideCommunitiesForApps(teamOwnerId: $o) { app hide } getHideHealthNutritionForApps { app food physicalActivity } }', { o: runtime.seed!.practiceId });
    expect(out.errors).toBeUndefined();
    expect(out.data.getAppsUsed.apps).toEqual({ ACT: true, DBT: true, IFS: true, CBT: true, COACH: true, MI: true });
    expect(out.data.getHideCommunitiesForApps).toHaveLength(6);
    expect(out.data.getHideHealthNutritionForApps.every((f: { food: boolean }) => f.food === false)).toBe(true);
    const other = await call('owner', 'query { getAppsUsedByTeamOwner(teamOwnerId: "someone-else") { apps { MI } } }');
    expect(other.errors?.[0].errorType).toBe('NotFound');
    expect((await call('biller', '{ getAppsUsed { defaultApp } }')).errors?.[0].errorType).toBe('Unauthorized');
  });
});

// The same change through the Stripe adapter (PAYMENT_PROVIDER=stripe, as the Api stack sets it when
// the environment names the secret), against the local fake of Stripe's wire protocol, with the key
// read from a Secrets Manager stand-in. A refused card or an outage changes nothing.
describe('plans with the Stripe adapter', () => {
  const PRICES = { premium: 'price_premium', professional: 'price_professional', teleHealth: 'price_telehealth' };
  let stripe: StripeFake;
  let secrets: Awaited<ReturnType<typeof startSecretsManagerFake>>;
  const saved: Record<string, string | undefined> = {};
  const current = async () => (await call('owner', `{ getCurrentPlan { ${CURRENT} } }`)).data.getCurrentPlan;

  beforeAll(async () => {
    stripe = await startStripeFake({ prices: Object.values(PRICES) });
    secrets = await startSecretsManagerFake({ 'portal/local/stripe': stripe.secretKey });
    const env = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_ID: 'portal/local/stripe', STRIPE_PRICES: JSON.stringify(PRICES), STRIPE_API_BASE: stripe.url, SECRETS_MANAGER_ENDPOINT: secrets.url };
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await stripe?.close();
    await secrets?.close();
  });

  it('charges the practice’s card: subscription with the plan and Tele Health for each clinician, stored with the customer', async () => {
    const customer = stripe.addCustomer(runtime.seed!.practiceId, 'pm_card_visa');
    const out = await call('owner', CHANGE, { p: 'professional', t: true });
    expect(out.errors).toBeUndefined();
    const plan = out.data.changePlan;
    expect(plan).toMatchObject({ planId: 'professional', teleHealth: true, subscriptionId: expect.stringMatching(/^sub_/) });
    expect(Date.parse(plan.subscriptionDue)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const sub = stripe.subscriptions.get(plan.subscriptionId)!;
    expect(sub.customer).toBe(customer.id);
    // The demo practice has five clinicians (owner, admin and three clinician roles).
    expect(sub.items.data.map((i) => [i.price.id, i.quantity])).toEqual([['price_professional', 1], ['price_telehealth', 5]]);
    expect(stripe.requests.filter((r) => r.method === 'POST').every((r) => r.idempotencyKey)).toBe(true);
    expect(await current()).toMatchObject({ planId: 'professional', teleHealth: true, subscriptionId: plan.subscriptionId });
    // The next change updates the same subscription.
    const premium = await call('admin', CHANGE, { p: 'premium', t: false });
    expect(premium.data.changePlan.subscriptionId).toBe(plan.subscriptionId);
    expect(sub.items.data.map((i) => i.price.id)).toEqual(['price_premium']);
    expect(secrets.reads).toEqual(['portal/local/stripe']);
  });

  it('a declined card fails the change with a clear message and leaves the plan as it was', async () => {
    const before = await current();
    const customer = [...stripe.customers.values()].find((c) => c.metadata.practice_id === runtime.seed!.practiceId)!;
    stripe.setCard(customer.id, 'pm_card_chargeDeclined');
    const out = await call('owner', CHANGE, { p: 'professional', t: true });
    expect(out.errors?.[0]).toMatchObject({ errorType: 'PaymentError', message: PAYMENT_MESSAGES.declined });
    expect(await current()).toEqual(before);
    expect((await call('biller', '{ me { plan } }')).data.me.plan).toBe('premium');
    stripe.setCard(customer.id, 'pm_card_visa');
  });

  it('an unreachable processor is PaymentUnavailable, and nothing changes', async () => {
    const before = await current();
    stripe.down = true;
    try {
      const out = await call('owner', CHANGE, { p: 'professional', t: false });
      expect(out.errors?.[0]).toMatchObject({ errorType: 'PaymentUnavailable', message: PAYMENT_MESSAGES.unavailable });
    } finally {
      stripe.down = false;
    }
    expect(await current()).toEqual(before);
  });
});
