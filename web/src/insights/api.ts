/**
 * Insights (issue 13) for the console: one chart's series (insightsChart — the server decides what
 * the caller's rights and plan reach and keeps own-only roles to their own clients). Documents typed
 * from schema.graphql (platform/operations.generated.ts).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type { InsightsChartQuery, InsightsChartQueryVariables } from '../platform/operations.generated';

export type InsightsChart = InsightsChartQuery['insightsChart'];
export type InsightsSeries = InsightsChart['series'][number];

const CHART = (/* GraphQL */ `
  query InsightsChart($chartType: String!, $clientId: ID, $from: String, $to: String, $instrumentId: ID) {
    insightsChart(chartType: $chartType, clientId: $clientId, from: $from, to: $to, instrumentId: $instrumentId) {
      chartType clientId clientName period from to instrumentId
      series { key group points { x y } }
    }
  }
`) as TypedDocument<InsightsChartQuery, InsightsChartQueryVariables>;

export const insightsChart = (v: InsightsChartQueryVariables) => call(CHART, v, (d) => d.insightsChart);
