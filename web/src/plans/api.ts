/**
 * Plans (schema.graphql ProviderPlan, CurrentPlan; getProviderPlans, getCurrentPlan, changePlan).
 * The documents are typed from the generated operation types (platform/typed-document.ts).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

export type ProviderPlan = Op.ProviderPlanFieldsFragment;
export type CurrentPlan = Op.CurrentPlanFieldsFragment;

const PLAN_FIELDS = /* GraphQL */ `
  fragment ProviderPlanFields on ProviderPlan {
    id name amount interval videoFeatureAmount additionalClinicianAmount summary includes
  }
`;
const CURRENT_FIELDS = /* GraphQL */ `
  fragment CurrentPlanFields on CurrentPlan {
    subscriptionId subscriptionDue planId planRef planName isOnTrial teleHealth
  }
`;

const GET_PROVIDER_PLANS = (/* GraphQL */ `
  query GetProviderPlans {
    getProviderPlans { ...ProviderPlanFields }
  }
  ${PLAN_FIELDS}
`) as TypedDocument<Op.GetProviderPlansQuery, Op.GetProviderPlansQueryVariables>;

const GET_CURRENT_PLAN = (/* GraphQL */ `
  query GetCurrentPlan {
    getCurrentPlan { ...CurrentPlanFields }
  }
  ${CURRENT_FIELDS}
`) as TypedDocument<Op.GetCurrentPlanQuery, Op.GetCurrentPlanQueryVariables>;

const CHANGE_PLAN = (/* GraphQL */ `
  mutation ChangePlan($planId: ID!, $teleHealth: Boolean!) {
    changePlan(planId: $planId, teleHealth: $teleHealth) { ...CurrentPlanFields }
  }
  ${CURRENT_FIELDS}
`) as TypedDocument<Op.ChangePlanMutation, Op.ChangePlanMutationVariables>;

export function getProviderPlans(): Promise<ProviderPlan[]> {
  return call(GET_PROVIDER_PLANS, {}, (d) => d.getProviderPlans);
}

export function getCurrentPlan(): Promise<CurrentPlan> {
  return call(GET_CURRENT_PLAN, {}, (d) => d.getCurrentPlan);
}

export function changePlan(planId: string, teleHealth: boolean): Promise<CurrentPlan> {
  return call(CHANGE_PLAN, { planId, teleHealth }, (d) => d.changePlan);
}
