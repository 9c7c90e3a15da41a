/** Plans (schema.graphql ProviderPlan, CurrentPlan; getProviderPlans, getCurrentPlan, changePlan). */
import { call } from '../settings/graphql';

export interface ProviderPlan {
  id: string;
  name: string;
  amount: number;
  interval: string;
  videoFeatureAmount: number;
  additionalClinicianAmount: number | null;
  summary: string | null;
  includes: string[];
}

export interface CurrentPlan {
  subscriptionId: string | null;
  subscriptionDue: string | null;
  planId: string;
  planRef: string | null;
  planName: string | null;
  isOnTrial: number;
  teleHealth: boolean;
}

const PLAN_FIELDS = 'id name amount interval videoFeatureAmount additionalClinicianAmount summary includes';
const CURRENT_FIELDS = 'subscriptionId subscriptionDue planId planRef planName isOnTrial teleHealth';

export function getProviderPlans(): Promise<ProviderPlan[]> {
  return call(`query GetProviderPlans { getProviderPlans { ${PLAN_FIELDS} } }`, {}, (d) => d.getProviderPlans as ProviderPlan[]);
}

export function getCurrentPlan(): Promise<CurrentPlan> {
  return call(`query GetCurrentPlan { getCurrentPlan { ${CURRENT_FIELDS} } }`, {}, (d) => d.getCurrentPlan as CurrentPlan);
}

export function changePlan(planId: string, teleHealth: boolean): Promise<CurrentPlan> {
  return call(
    `mutation ChangePlan($planId: ID!, $teleHealth: Boolean!) { changePlan(planId: $planId, teleHealth: $teleHealth) { ${CURRENT_FIELDS} } }`,
    { planId, teleHealth },
    (d) => d.changePlan as CurrentPlan,
  );
}
