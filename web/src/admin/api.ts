/**
 * Practice administration's API (issue 18): the clients summary (practice-wide or own, the server
 * decides from the caller's roles); the data export (start, follow, download; owner and clinicianAdmin).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  GetClientsSummaryQuery,
  GetClientsSummaryQueryVariables,
  GetDataExportQuery,
  GetDemoDataQuery,
  GetDemoDataQueryVariables,
  LoadDemoDataMutation,
  LoadDemoDataMutationVariables,
  RemoveDemoDataMutation,
  RemoveDemoDataMutationVariables,
  GetDataExportQueryVariables,
  ListDataExportsQuery,
  ListDataExportsQueryVariables,
  StartDataExportMutation,
  StartDataExportMutationVariables,
} from '../platform/operations.generated';

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

export type DataExport = GetDataExportQuery['getDataExport'];

const START_EXPORT = (/* GraphQL */ `
  mutation StartDataExport($clientId: ID) {
    startDataExport(clientId: $clientId) { id status clientId requestedBy createdAt finishedAt records current bytes counts { entity count } downloadUrl expiresAt }
  }
`) as TypedDocument<StartDataExportMutation, StartDataExportMutationVariables>;

const GET_EXPORT = (/* GraphQL */ `
  query GetDataExport($id: ID!) {
    getDataExport(id: $id) { id status clientId requestedBy createdAt finishedAt records current bytes counts { entity count } downloadUrl expiresAt }
  }
`) as TypedDocument<GetDataExportQuery, GetDataExportQueryVariables>;

const LIST_EXPORTS = (/* GraphQL */ `
  query ListDataExports {
    listDataExports { id status clientId requestedBy createdAt finishedAt records current bytes counts { entity count } downloadUrl expiresAt }
  }
`) as TypedDocument<ListDataExportsQuery, ListDataExportsQueryVariables>;

export const startDataExport = (clientId: string | null) => call(START_EXPORT, { clientId }, (d) => d.startDataExport);
export const getDataExport = (id: string) => call(GET_EXPORT, { id }, (d) => d.getDataExport);
export const listDataExports = () => call(LIST_EXPORTS, {}, (d) => d.listDataExports);

const DEMO_STATE = (/* GraphQL */ `
  query GetDemoData {
    getDemoData { loaded loadedAt clients appointments }
  }
`) as TypedDocument<GetDemoDataQuery, GetDemoDataQueryVariables>;

const LOAD_DEMO = (/* GraphQL */ `
  mutation LoadDemoData {
    loadDemoData { loaded loadedAt clients appointments }
  }
`) as TypedDocument<LoadDemoDataMutation, LoadDemoDataMutationVariables>;

const REMOVE_DEMO = (/* GraphQL */ `
  mutation RemoveDemoData {
    removeDemoData { loaded loadedAt clients appointments }
  }
`) as TypedDocument<RemoveDemoDataMutation, RemoveDemoDataMutationVariables>;

export type DemoData = GetDemoDataQuery['getDemoData'];
export const getDemoData = () => call(DEMO_STATE, {}, (d) => d.getDemoData);
export const loadDemoData = () => call(LOAD_DEMO, {}, (d) => d.loadDemoData);
export const removeDemoData = () => call(REMOVE_DEMO, {}, (d) => d.removeDemoData);
