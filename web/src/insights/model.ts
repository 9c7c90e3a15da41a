/**
 * What the insights pages draw for each chart type (issue 13): its panels (which series go in which
 * Cloudscape chart) and the table view that holds the same numbers, one row per week or month (or
 * per skill). Pure: unit-tested with the page (test/unit/web/insights-page.test.tsx).
 */
import type { ChartType } from '../../../domain/insights/charts';
import type { InsightsChart, InsightsSeries } from './api';

export interface Panel {
  id: string;
  /** line: a line per series; bar: grouped bars; byName: bars per name (x is a name, not a period). */
  kind: 'line' | 'bar' | 'byName';
  /** The series this panel draws. */
  pick: (s: InsightsSeries) => boolean;
  yDomain?: [number, number];
}

const group = (...groups: string[]) => (s: InsightsSeries) => groups.indexOf(s.group) >= 0;
const key = (...keys: string[]) => (s: InsightsSeries) => keys.indexOf(s.key) >= 0;

export const PANELS: Record<ChartType, Panel[]> = {
  'assessment-trends': [{ id: 'scores', kind: 'line', pick: group('mean') }, { id: 'clients', kind: 'bar', pick: group('clients') }],
  completion: [{ id: 'counts', kind: 'bar', pick: key('due', 'completed') }, { id: 'rate', kind: 'line', pick: key('rate'), yDomain: [0, 100] }],
  diary: [{ id: 'urges', kind: 'line', pick: group('urge'), yDomain: [0, 5] }, { id: 'emotions', kind: 'line', pick: group('emotion'), yDomain: [0, 5] }],
  skills: [{ id: 'skillsWeek', kind: 'bar', pick: key('skills') }, { id: 'bySkill', kind: 'byName', pick: key('bySkill') }],
  // One weekly axis in three panels (a score's scale is not an urge's or a count's); the table joins them.
  timeline: [
    { id: 'scores', kind: 'line', pick: group('score') },
    { id: 'urges', kind: 'line', pick: group('urge'), yDomain: [0, 5] },
    { id: 'activity', kind: 'bar', pick: group('count') },
  ],
};

/** The table view: one row per period of the axis, a column per series (null: no data that period). */
export function axisTable(chart: InsightsChart): { columns: InsightsSeries[]; rows: { x: string; values: (number | null)[] }[] } {
  const columns = chart.series.filter((s) => s.group !== 'bySkill');
  const xs = columns.length > 0 ? columns[0].points.map((p) => p.x) : [];
  return { columns, rows: xs.map((x, i) => ({ x, values: columns.map((c) => c.points[i]?.y ?? null) })) };
}

/** A series' label key and its values (instrument, name) for the catalog. */
export function labelOf(s: InsightsSeries): { key: string; values: Record<string, string> } {
  const [kind, rest] = s.key.split(':');
  if (kind === 'mean' || kind === 'clients' || kind === 'score') return { key: `insights.series.${kind}`, values: { instrument: rest } };
  if (kind === 'urge') return { key: rest === 'highest' ? 'insights.series.urgeHighest' : `insights.urge.${rest}`, values: {} };
  if (kind === 'emotion') return { key: `insights.emotion.${rest}`, values: {} };
  return { key: `insights.series.${kind}`, values: {} };
}

/** The overview's completion figure: the latest month of the range that had measures due, and its rate. */
export function latestRate(chart: InsightsChart): { month: string; rate: number | null } | null {
  const rate = chart.series.find((s) => s.key === 'rate');
  if (!rate || rate.points.length === 0) return null;
  const due = rate.points.filter((p) => p.y !== null);
  const last = due.length > 0 ? due[due.length - 1] : rate.points[rate.points.length - 1];
  return { month: last.x, rate: last.y };
}

/** A client sharing a DBT app with the practice, as the app pages list them (listCompanionClients). */
export interface SharingClient {
  clientId: string;
  clientName: string | null;
  state: string;
  lastHighUrgeDate?: string | null;
}

/**
 * The overview's figure for a client's charts: the clients sharing DBT diary cards (either DBT app,
 * once each), those with a high urge since `since` first (latest first), then by name.
 */
export function sharingClients(lists: SharingClient[][], since: string): { clients: SharingClient[]; highUrge: number } {
  const byId = new Map<string, SharingClient>();
  for (const c of lists.flat()) {
    if (c.state !== 'SHARING') continue;
    const prior = byId.get(c.clientId);
    if (!prior || (c.lastHighUrgeDate ?? '') > (prior.lastHighUrgeDate ?? '')) byId.set(c.clientId, c);
  }
  const high = (c: SharingClient) => (c.lastHighUrgeDate && c.lastHighUrgeDate >= since ? c.lastHighUrgeDate : '');
  const clients = [...byId.values()].sort((a, b) => high(b).localeCompare(high(a)) || (a.clientName ?? '').localeCompare(b.clientName ?? ''));
  return { clients, highUrge: clients.filter((c) => high(c) !== '').length };
}
