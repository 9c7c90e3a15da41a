/**
 * The client subscriptions page's API (issue 15; spec part 2 "Client subscription: plans, purchased
 * plans, assigned clients"): one app's plans and purchases with their assigned clients, and
 * assigning a client to a purchase's seat from a start date.
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  AssignClientSubscriptionMutation,
  AssignClientSubscriptionMutationVariables,
  GetClientSubscriptionQuery,
  GetClientSubscriptionQueryVariables,
} from '../platform/operations.generated';

export type ClientSubscription = GetClientSubscriptionQuery['getClientSubscription'];
export type Purchase = ClientSubscription['purchases'][number];

const GET = (/* GraphQL */ `
  query GetClientSubscription($appId: String!) {
    getClientSubscription(appId: $appId) {
      appId currency
      plans { id appId name interval priceCents }
      purchases { id appId planId planName seats used periodStart renewsOn status assigned { clientId clientName startDate assignedAt } version }
    }
  }
`) as TypedDocument<GetClientSubscriptionQuery, GetClientSubscriptionQueryVariables>;

const ASSIGN = (/* GraphQL */ `
  mutation AssignClientSubscription($purchaseId: ID!, $clientId: ID!, $startDate: AWSDate!) {
    assignClientSubscription(purchaseId: $purchaseId, clientId: $clientId, startDate: $startDate) {
      id appId planId planName seats used periodStart renewsOn status assigned { clientId clientName startDate assignedAt } version
    }
  }
`) as TypedDocument<AssignClientSubscriptionMutation, AssignClientSubscriptionMutationVariables>;

export const getClientSubscription = (appId: string) => call(GET, { appId }, (d) => d.getClientSubscription);
export const assignClientSubscription = (purchaseId: string, clientId: string, startDate: string) =>
  call(ASSIGN, { purchaseId, clientId, startDate }, (d) => d.assignClientSubscription);
