/**
 * insights: AppSync Lambda data source of /app/insights (issue 13) — `insightsChart`, one chart's
 * series. After `authorize` (the field's rule: Insights or Apps, the Insights plan feature), this
 * Lambda decides what the caller's rights and plan reach (domain/insights/charts.ts insightsReach):
 * a chart whose data they do not reach is refused; the timeline leaves out scores or homework they
 * do not reach (Basic: companion entries only). Own-only roles get their own clients' counters and
 * only their own clients (anything else is NotFound, as ClientAccess.client says it). A client's
 * entries are read only while they share the app. A few requests a call whatever the practice's
 * size (read.ts); answered `{ data, audit }` for the pipeline's `audit` step (insights.read, with
 * the client's id for a client's chart). Logs carry error names only.
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { clientScope } from '../../domain/permissions.ts';
import { localDate } from '../../domain/wall-clock.ts';
import { instrumentById } from '../../domain/assessments/instruments.ts';
import { CHARTS, INSIGHTS_MESSAGES, chartsFor, insightsReach, isChartType, monthsBetween, readRange, weeksBetween, type ChartType } from '../../domain/insights/charts.ts';
import { completionSeries, diarySeries, skillsSeries, timelineSeries, trendSeries, type Series } from '../../domain/insights/series.ts';
import { cachedPracticeTimezone, clientDisplayName, clientRecord } from '../assessments/store.ts';
import { assignments, diaryEntries, homework, monthCounters, responses } from './read.ts';

interface Caller {
  sub: string;
  practiceId: string;
  roles: string[];
  groups: string[];
  plan: string;
}
interface InsightsEvent {
  field: string;
  caller: Caller;
  args: Record<string, unknown>;
}

const invalid = (message: string, field: string): never => {
  throw new Refusal(message, 'ValidationError', [{ field, reason: 'format' }]);
};

async function chart(event: InsightsEvent, now: Date) {
  const { caller, args } = event;
  const type = args.chartType;
  if (!isChartType(type)) invalid(INSIGHTS_MESSAGES.unknownChart, 'chartType');
  const chartType = type as ChartType;
  const info = CHARTS[chartType];
  const reach = insightsReach(caller.roles, caller.plan, caller.groups);
  if (chartsFor(reach).indexOf(chartType) < 0) throw new Refusal(INSIGHTS_MESSAGES.notInPlan, 'Unauthorized');
  const instrumentId = args.instrumentId ?? null;
  if (instrumentId !== null && !instrumentById(instrumentId)) invalid(INSIGHTS_MESSAGES.instrument, 'instrumentId');
  const timezone = await cachedPracticeTimezone(caller.practiceId);
  const today = localDate(now.getTime(), timezone);
  const range = readRange(args, today, info.period);
  if ('problem' in range) return invalid(range.problem.message, range.problem.field);
  const { from, to } = range;
  const own = clientScope(caller.roles) === 'own';

  let series: Series[];
  let clientId: string | null = null;
  let clientName: string | null = null;
  if (info.scope === 'practice') {
    // Own-only roles (clinicianBasic…) see their own clients' figures, whatever they ask for.
    const clinicianId = own ? caller.sub : null;
    const months = monthsBetween(from, to);
    if (chartType === 'assessment-trends') {
      series = trendSeries(await monthCounters(caller.practiceId, clinicianId), months, instrumentId as string | null);
    } else {
      const [counters, assigned] = await Promise.all([monthCounters(caller.practiceId, clinicianId), assignments(caller.practiceId, clinicianId)]);
      series = completionSeries(assigned, counters, months, today, instrumentId as string | null);
    }
  } else {
    const id = args.clientId;
    if (typeof id !== 'string' || id.length === 0) return invalid(INSIGHTS_MESSAGES.clientRequired, 'clientId');
    if (id.length > 64 || id.includes('#')) throw new Refusal('Client not found', 'NotFound');
    const client = await clientRecord(caller.practiceId, id);
    if (!client || (own && client.therapistId !== caller.sub)) throw new Refusal('Client not found', 'NotFound');
    clientId = id;
    clientName = clientDisplayName(client);
    const weeks = weeksBetween(from, to);
    const [diary, scores, items] = await Promise.all([
      diaryEntries(caller.practiceId, id, from, to),
      chartType === 'timeline' && reach.assessments ? responses(caller.practiceId, id, from, to) : Promise.resolve(null),
      chartType === 'timeline' && reach.homework ? homework(caller.practiceId, id, from, to) : Promise.resolve(null),
    ]);
    if (chartType === 'diary') series = diarySeries(diary.entries, weeks);
    else if (chartType === 'skills') series = skillsSeries(diary.entries, weeks);
    else {
      const instrumentScores = scores && instrumentId ? scores.filter((r) => r.instrumentId === instrumentId) : scores;
      series = timelineSeries({ responses: instrumentScores, entries: diary.entries, homework: items, weeks, dayOf: (iso) => localDate(Date.parse(iso), timezone) });
    }
  }
  return {
    data: { chartType, clientId, clientName, period: info.period, from, to, instrumentId, series },
    audit: { action: 'insights.read', entityType: 'Client', entityId: clientId, entityIds: clientId ? [clientId] : [] },
  };
}

async function run(event: InsightsEvent) {
  if (!event?.caller?.sub || !event.caller.practiceId) throw new Refusal('Not Authorized', 'Unauthorized');
  if (event.field !== 'insightsChart') throw new Refusal('Unknown field', 'BadRequest');
  return chart(event, new Date());
}

/** Refusals come back as data, anything else as the logged generic error (functions/shared/refusal.ts). */
export const handler = appsyncHandler('insights', run);
