/**
 * A month's statements in the background (issue 15, session 8): start the run of a month and read
 * its progress (done / total, ms per statement) for /app/billings/documents.
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

export type StatementRun = NonNullable<Op.GetStatementRunQuery['getStatementRun']>;


const START = (/* GraphQL */ `
  mutation StartStatementRun($month: String!) { startStatementRun(month: $month) { month status total done percent statements msPerStatement startedAt startedByName finishedAt } }
`) as TypedDocument<Op.StartStatementRunMutation, Op.StartStatementRunMutationVariables>;

const GET = (/* GraphQL */ `
  query GetStatementRun($month: String!) { getStatementRun(month: $month) { month status total done percent statements msPerStatement startedAt startedByName finishedAt } }
`) as TypedDocument<Op.GetStatementRunQuery, Op.GetStatementRunQueryVariables>;

export function startStatementRun(month: string): Promise<StatementRun> {
  return call(START, { month }, (d) => d.startStatementRun);
}
export function getStatementRun(month: string): Promise<StatementRun | null> {
  return call(GET, { month }, (d) => d.getStatementRun ?? null);
}
