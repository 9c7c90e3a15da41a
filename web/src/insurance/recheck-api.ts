/**
 * "Recheck now" on /app/coverage (issue 16): start a recheck of every insured client and read its
 * progress. Documents typed from schema.graphql (platform/operations.generated.ts).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type { GetEligibilityRecheckQuery, GetEligibilityRecheckQueryVariables, StartEligibilityRecheckMutation, StartEligibilityRecheckMutationVariables } from '../platform/operations.generated';

export type EligibilityRecheck = StartEligibilityRecheckMutation['startEligibilityRecheck'];

const READ = (/* GraphQL */ `
  query GetEligibilityRecheck {
    getEligibilityRecheck { id status total done checked changed failed startedAt finishedAt }
  }
`) as TypedDocument<GetEligibilityRecheckQuery, GetEligibilityRecheckQueryVariables>;

const START = (/* GraphQL */ `
  mutation StartEligibilityRecheck {
    startEligibilityRecheck { id status total done checked changed failed startedAt finishedAt }
  }
`) as TypedDocument<StartEligibilityRecheckMutation, StartEligibilityRecheckMutationVariables>;

export const getEligibilityRecheck = () => call(READ, {}, (d) => d.getEligibilityRecheck);
export const startEligibilityRecheck = () => call(START, {}, (d) => d.startEligibilityRecheck);
