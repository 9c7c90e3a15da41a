/**
 * The client subscriptions page's API (issue 15; spec part 2 "Client subscription: plans, purchased
 * plans, assigned clients"): one app's plans and purchases with their assigned clients, and
 * assigning a client to a purchase's seat from a start date; session packages (session 8), a
 * client's package ended (session 9).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  AssignClientSubscriptionMutation,
  AssignClientSubscriptionMutationVariables,
  EndClientPackageMutation,
  EndClientPackageMutationVariables,
  GetClientPackagesQuery,
  GetClientPackagesQueryVariables,
  GetClientSubscriptionQuery,
  GetClientSubscriptionQueryVariables,
  SaveClientPackagePlanMutation,
  SaveClientPackagePlanMutationVariables,
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

/** Session packages (session 8): the practice's packages and the clients on them with this period's use; a package added or changed. */
const PACKAGES = (/* GraphQL */ `
  query GetClientPackages {
    getClientPackages {
      currency
      decimals
      plans { id name sessionsPerPeriod priceCents interval version }
      packages { clientId clientName planId planName sessionsPerPeriod startDate status periodStart periodEnd used left cardRenewal paidThrough endedOn version }
    }
  }
`) as TypedDocument<GetClientPackagesQuery, GetClientPackagesQueryVariables>;

const SAVE_PACKAGE = (/* GraphQL */ `
  mutation SaveClientPackagePlan($planId: ID, $version: Int, $name: String!, $sessionsPerPeriod: Int!, $priceCents: Int!) {
    saveClientPackagePlan(planId: $planId, version: $version, name: $name, sessionsPerPeriod: $sessionsPerPeriod, priceCents: $priceCents) { id name sessionsPerPeriod priceCents interval version }
  }
`) as TypedDocument<SaveClientPackagePlanMutation, SaveClientPackagePlanMutationVariables>;

export type ClientPackages = GetClientPackagesQuery['getClientPackages'];
export type PackagePlan = ClientPackages['plans'][number];
export const getClientPackages = () => call(PACKAGES, {}, (d) => d.getClientPackages);
export const saveClientPackagePlan = (name: string, sessionsPerPeriod: number, priceCents: number) =>
  call(SAVE_PACKAGE, { name, sessionsPerPeriod, priceCents }, (d) => d.saveClientPackagePlan);

/** A client's package ended (session 9): at the end of the period holding today, or today; the package as it now is. */
const END_PACKAGE = (/* GraphQL */ `
  mutation EndClientPackage($clientId: ID!, $version: Int!, $atPeriodEnd: Boolean!) {
    endClientPackage(clientId: $clientId, version: $version, atPeriodEnd: $atPeriodEnd) {
      clientId clientName planId planName sessionsPerPeriod startDate status periodStart periodEnd used left cardRenewal paidThrough endedOn version
    }
  }
`) as TypedDocument<EndClientPackageMutation, EndClientPackageMutationVariables>;

export type ClientOnPackage = ClientPackages['packages'][number];
export const endClientPackage = (clientId: string, version: number, atPeriodEnd: boolean) =>
  call(END_PACKAGE, { clientId, version, atPeriodEnd }, (d) => d.endClientPackage);
