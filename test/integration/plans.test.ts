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

let runtime: Runtime;
const tokens: Record<string, string> = {};
async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body as { data?: any; errors?: Array<{ message: string; errorType?: string }> };
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
      { id: 'basic', name: 'Basic', amount: 0, interval: 'month', videoFeatureAmount: 8, additionalClinicianAmount: null },
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
