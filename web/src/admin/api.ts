/**
 * Practice administration's API (issue 18): the clients summary (practice-wide or own, the server
 * decides from the caller's roles).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type { GetClientsSummaryQuery, GetClientsSummaryQueryVariables } from '../platform/operations.generated';

export type ClientsSummary = GetClientsSummaryQuery['getClientsSummary'];

const SUMMARY_DOC = (/* GraphQL */ `
  query GetClientsSummary($months: Int, $inactiveDays: Int) {
    getClientsSummary(months: $months, inactiveDays: $inactiveDays) {
      scope from to timezone inactiveDays
      totals { active new archived sessions noShows lateCancels noShowRate lateCancelRate }
      months { month clientsSeen sessionsPerClient active new archived sessions noShows lateCancels noShowRate lateCancelRate }
      byClinician { clinicianId clinicianName active new archived sessions noShows lateCancels noShowRate lateCancelRate }
      byPayer { payerType active new archived sessions noShows lateCancels noShowRate lateCancelRate }
      inactive { clientId clientName clinicianId clinicianName lastSession daysSince }
    }
  }
`) as TypedDocument<GetClientsSummaryQuery, GetClientsSummaryQueryVariables>;

export const getClientsSummary = (months: number, inactiveDays: number) => call(SUMMARY_DOC, { months, inactiveDays }, (d) => d.getClientsSummary);
