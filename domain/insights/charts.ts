/**
 * Insights (issue 13, /app/insights and /app/insights/{chartType}): the chart types, who may see
 * which, and the date range a chart covers. Pure; shared by the insights Lambda (the real gate) and
 * the web console (which types the overview shows). The series themselves: series.ts.
 *
 *   - assessment-trends (practice, or an own-only clinician's clients): the mean score and the
 *     clients measured per instrument and month, from the assessments' month counters.
 *   - completion (the same scope): measures due per month (the schedules' occurrences) against
 *     the responses received, as a rate.
 *   - diary, skills (one client): diary-card urges and emotions, skills used, week by week.
 *   - timeline (one client): scores, the highest urge, skills used and homework done on one weekly axis.
 *
 * Plans and rights (spec §6): the field needs Insights or Apps (the clinicians hold Apps); each part of
 * a chart needs its own right and plan feature — assessments (Premium and Professional; with Insights:
 * Professional), homework (the same), companion entries (every plan). Basic has Insights without
 * Assessments: it sees the companion charts only.
 */
import { FEATURES, planHas } from '../plan.ts';
import { holds, PERMISSIONS } from '../permissions.ts';

export const CHART_TYPES = ['assessment-trends', 'completion', 'diary', 'skills', 'timeline'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartInfo {
  /** practice: the caller's clients together (no client picked); client: one client. */
  scope: 'practice' | 'client';
  /** What the chart cannot be drawn without. */
  needs: 'assessments' | 'companion';
  /** Weeks or months on the x axis. */
  period: 'week' | 'month';
}

export const CHARTS: Record<ChartType, ChartInfo> = {
  'assessment-trends': { scope: 'practice', needs: 'assessments', period: 'month' },
  completion: { scope: 'practice', needs: 'assessments', period: 'month' },
  diary: { scope: 'client', needs: 'companion', period: 'week' },
  skills: { scope: 'client', needs: 'companion', period: 'week' },
  timeline: { scope: 'client', needs: 'companion', period: 'week' },
};

export function isChartType(value: unknown): value is ChartType {
  return typeof value === 'string' && (CHART_TYPES as readonly string[]).indexOf(value) >= 0;
}

/** Which kinds of data a caller's rights and plan reach on the insights pages. */
export interface InsightsReach {
  assessments: boolean;
  homework: boolean;
  companion: boolean;
}

export function insightsReach(roles: string[] | null | undefined, plan: string | null | undefined, groups?: string[] | null): InsightsReach {
  const p = plan || '';
  const insights = planHas(p, FEATURES.insights) && (holds(PERMISSIONS.insights, roles, groups) || holds(PERMISSIONS.apps, roles, groups));
  return {
    assessments: insights && holds(PERMISSIONS.assessments, roles, groups) && planHas(p, FEATURES.assessments),
    homework: insights && holds(PERMISSIONS.homework, roles, groups) && planHas(p, FEATURES.homework),
    companion: insights && holds(PERMISSIONS.apps, roles, groups) && planHas(p, FEATURES.coachApps),
  };
}

/** The chart types a caller may open, in the overview's order. */
export function chartsFor(reach: InsightsReach): ChartType[] {
  return CHART_TYPES.filter((type) => reach[CHARTS[type].needs]);
}

// ---- Dates -------------------------------------------------------------------------------------

const DAY = 86_400_000;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Epoch ms of a real YYYY-MM-DD (UTC midnight), or null. */
export function dayValue(date: unknown): number | null {
  if (typeof date !== 'string' || !DATE.test(date)) return null;
  const ms = Date.parse(date + 'T00:00:00Z');
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? null : ms;
}

export const addDays = (date: string, n: number) => new Date(Date.parse(date + 'T00:00:00Z') + n * DAY).toISOString().slice(0, 10);

/** The Monday of a date's week (weeks start on Monday, ISO 8601). */
export function weekOf(date: string): string {
  const dow = new Date(date + 'T00:00:00Z').getUTCDay();
  return addDays(date, -((dow + 6) % 7));
}

/** The Mondays of every week from `from`'s to `to`'s. */
export function weeksBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let w = weekOf(from); w <= to; w = addDays(w, 7)) out.push(w);
  return out;
}

/** Every YYYY-MM from `from`'s month to `to`'s. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const last = to.slice(0, 7);
  for (let [y, m] = from.slice(0, 7).split('-').map(Number); ; ) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    out.push(month);
    m += 1;
    if (m > 12) { m = 1; y += 1; }
  }
  return out;
}

/** The last day of a YYYY-MM. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The first day of the month `n` months before a date's month. */
export function monthStartBefore(date: string, n: number): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10);
}

export const INSIGHTS_MESSAGES = {
  unknownChart: 'There is no such chart.',
  notInPlan: 'This chart is not part of your plan or your role.',
  clientRequired: 'Choose a client for this chart.',
  from: 'Enter the first day as YYYY-MM-DD.',
  to: 'Enter the last day as YYYY-MM-DD.',
  order: 'The first day must be on or before the last day.',
  tooLong: 'Choose at most two years.',
  instrument: 'That assessment is not available.',
} as const;

/** The longest range a chart covers (two years and a day). */
export const MAX_RANGE_DAYS = 731;
/** Default ranges: 16 weeks for a client's weeks, 12 months for the practice's months. */
export const DEFAULT_WEEKS = 16;
export const DEFAULT_MONTHS = 12;

export type RangeProblem = { field: 'from' | 'to'; message: string };

/**
 * The range a chart covers, from the arguments (YYYY-MM-DD, both optional): `to` defaults to today,
 * `from` to 16 weeks (week charts) or 12 months (month charts, from the first of the month) before it.
 */
export function readRange(args: { from?: unknown; to?: unknown }, today: string, period: 'week' | 'month'): { from: string; to: string } | { problem: RangeProblem } {
  const to = args.to === undefined || args.to === null ? today : args.to;
  if (dayValue(to) === null) return { problem: { field: 'to', message: INSIGHTS_MESSAGES.to } };
  const fallback = period === 'week' ? addDays(weekOf(to as string), -7 * (DEFAULT_WEEKS - 1)) : monthStartBefore(to as string, DEFAULT_MONTHS - 1);
  const from = args.from === undefined || args.from === null ? fallback : args.from;
  if (dayValue(from) === null) return { problem: { field: 'from', message: INSIGHTS_MESSAGES.from } };
  if ((from as string) > (to as string)) return { problem: { field: 'from', message: INSIGHTS_MESSAGES.order } };
  if ((dayValue(to) as number) - (dayValue(from) as number) > MAX_RANGE_DAYS * DAY) return { problem: { field: 'from', message: INSIGHTS_MESSAGES.tooLong } };
  return { from: from as string, to: to as string };
}
