/**
 * Insurance (issue 16) for the console: a client's insurance and eligibility checks, the practice's
 * checks (Coverage), payers (cache-first: the payer list is data that changes only with a release)
 * and enrollments. Documents typed from schema.graphql (platform/operations.generated.ts).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  ClientInsuranceFieldsFragment,
  ClientInsuranceInput,
  EligibilityCheckFieldsFragment,
  EnrollProviderToPayerListMutation,
  EnrollProviderToPayerListMutationVariables,
  GetAllPayersQuery,
  GetAllPayersQueryVariables,
  GetClientInsuranceQuery,
  GetClientInsuranceQueryVariables,
  GetCoverageQuery,
  GetCoverageQueryVariables,
  GetNewCoverageQuery,
  GetNewCoverageQueryVariables,
  GetPayerListEnrollmentsQuery,
  GetPayerListEnrollmentsQueryVariables,
  UpdateClientInsuranceMutation,
  UpdateClientInsuranceMutationVariables,
} from '../platform/operations.generated';

export type ClientInsurance = ClientInsuranceFieldsFragment;
export type EligibilityCheck = EligibilityCheckFieldsFragment;
export type Payer = GetAllPayersQuery['getAllPayers'][number];
export type PayerEnrollment = GetPayerListEnrollmentsQuery['getPayerListEnrollments'][number];
export type CoverageRow = GetCoverageQuery['getCoverage']['items'][number];
export type { ClientInsuranceInput };

const CHECK_FIELDS = /* GraphQL */ `
  fragment EligibilityCheckFields on EligibilityCheck {
    id clientId clientName checkedAt payerId payerName memberId clearinghouse status planName groupNumber planBegin planEnd
    mentalHealth { serviceTypeCode copayCents coinsurancePercent deductibleCents deductibleRemainingCents outOfPocketMaxCents outOfPocketRemainingCents visitLimit visitsRemaining priorAuthRequired telehealthCovered }
    problems { code message }
    serviceCode feeCents estimate { clientCents planCents basis } raw changes
  }
`;

const INSURANCE_FIELDS = /* GraphQL */ `
  fragment ClientInsuranceFields on ClientInsurance {
    clientId billingType autoGenerateBillingDocuments version updatedAt
    insuranceInfo {
      type payerId payerName memberId planId groupId coPay deductible payerPhone payerFax employerOrSchool cardOnFile
      primaryInsured { relationship firstName lastName dateOfBirth gender address { line1 city state zip } }
    }
    authorizationTracking { required number startDate endDate visitsAuthorized visitsUsed }
    additionalClaimInfo { note relatedToEmployment relatedToAccident diagnoses }
    defaultServices { service amount default }
    recentChecks { ...EligibilityCheckFields }
  }
`;

const GET_INSURANCE = (/* GraphQL */ `
  query GetClientInsurance($clientId: ID!) {
    getClientInsurance(clientId: $clientId) { ...ClientInsuranceFields }
  }
  ${INSURANCE_FIELDS}
  ${CHECK_FIELDS}
`) as TypedDocument<GetClientInsuranceQuery, GetClientInsuranceQueryVariables>;

const UPDATE_INSURANCE = (/* GraphQL */ `
  mutation UpdateClientInsurance($clientId: ID!, $version: Int!, $input: ClientInsuranceInput!) {
    updateClientInsurance(clientId: $clientId, version: $version, input: $input) { ...ClientInsuranceFields }
  }
  ${INSURANCE_FIELDS}
  ${CHECK_FIELDS}
`) as TypedDocument<UpdateClientInsuranceMutation, UpdateClientInsuranceMutationVariables>;

const NEW_COVERAGE = (/* GraphQL */ `
  query GetNewCoverage($clientId: ID!, $fee: Int) {
    getNewCoverage(clientId: $clientId, fee: $fee) { ...EligibilityCheckFields }
  }
  ${CHECK_FIELDS}
`) as TypedDocument<GetNewCoverageQuery, GetNewCoverageQueryVariables>;

const COVERAGE = (/* GraphQL */ `
  query GetCoverage($nextToken: String) {
    getCoverage(nextToken: $nextToken) {
      items { id clientId clientName checkedAt payerName memberId status changes mentalHealth { copayCents coinsurancePercent deductibleRemainingCents } estimate { clientCents } }
      nextToken
    }
  }
`) as TypedDocument<GetCoverageQuery, GetCoverageQueryVariables>;

const PAYERS = (/* GraphQL */ `
  query GetAllPayers($search: String) {
    getAllPayers(search: $search) { payer_id names state }
  }
`) as TypedDocument<GetAllPayersQuery, GetAllPayersQueryVariables>;

const ENROLLMENTS = (/* GraphQL */ `
  query GetPayerListEnrollments {
    getPayerListEnrollments { payerId payerName eligibleId claims era claimsReason eraReason requestedAt updatedAt }
  }
`) as TypedDocument<GetPayerListEnrollmentsQuery, GetPayerListEnrollmentsQueryVariables>;

const ENROLL = (/* GraphQL */ `
  mutation EnrollProviderToPayerList($payerId: ID!, $eligibleId: ID!) {
    enrollProviderToPayerList(payerId: $payerId, eligibleId: $eligibleId) { payerId payerName eligibleId claims era claimsReason eraReason requestedAt updatedAt }
  }
`) as TypedDocument<EnrollProviderToPayerListMutation, EnrollProviderToPayerListMutationVariables>;

export const getClientInsurance = (clientId: string) => call(GET_INSURANCE, { clientId }, (d) => d.getClientInsurance);
export const updateClientInsurance = (clientId: string, version: number, input: ClientInsuranceInput) => call(UPDATE_INSURANCE, { clientId, version, input }, (d) => d.updateClientInsurance);
export const checkEligibility = (clientId: string, fee?: number | null) => call(NEW_COVERAGE, { clientId, fee: fee ?? null }, (d) => d.getNewCoverage);
export const getCoverage = (nextToken: string | null) => call(COVERAGE, { nextToken }, (d) => d.getCoverage);
export const getPayerListEnrollments = () => call(ENROLLMENTS, {}, (d) => d.getPayerListEnrollments);
export const enrollProviderToPayerList = (payerId: string, eligibleId: string) => call(ENROLL, { payerId, eligibleId }, (d) => d.enrollProviderToPayerList);

/** getAllPayers is cache-first (spec §7): one answer per search text for the page's life. */
const payerCache = new Map<string, Promise<Payer[]>>();
export function getAllPayers(search: string): Promise<Payer[]> {
  const key = search.trim().toLowerCase();
  let hit = payerCache.get(key);
  if (!hit) {
    hit = call(PAYERS, { search: key || null }, (d) => d.getAllPayers);
    payerCache.set(key, hit);
    hit.catch(() => payerCache.delete(key));
  }
  return hit;
}

/** Cents as dollars for display ($1,234.56); null stays empty. */
export function money(cents: number | null | undefined, format: (n: number) => string): string {
  return cents === null || cents === undefined ? '' : format(cents / 100);
}
