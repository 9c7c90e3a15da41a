/**
 * The population page's figures from assessmentPopulation's counts (pure, unit-tested): shares,
 * rates and averages, rows per instrument, month and clinician, and the CSV export.
 */
import { csvLine } from '../../../domain/csv';
import type { Population, PopulationRow } from './api';

export interface Figures {
  instrumentId: string;
  month: string | null;
  clinicianId: string | null;
  clients: number;
  followUps: number;
  responses: number;
  /** Shares of the followed clients (current) or follow-up responses (a range), 0–1; null without any. */
  improved: number | null;
  unchanged: number | null;
  worse: number | null;
  responseRate: number | null;
  remissionRate: number | null;
  averageChange: number | null;
  averageScore: number | null;
  alerts: number;
}

const ratio = (n: number, d: number) => (d > 0 ? n / d : null);

/** Current rows: among the clients measured (remission) and those with a follow-up (the rest). */
export function currentFigures(r: PopulationRow): Figures {
  return {
    instrumentId: r.instrumentId, month: null, clinicianId: r.clinicianId, clients: r.clients, followUps: r.followUps, responses: r.responses,
    improved: ratio(r.improved, r.followUps), unchanged: ratio(r.unchanged, r.followUps), worse: ratio(r.worse, r.followUps),
    responseRate: ratio(r.responded, r.followUps), remissionRate: ratio(r.remitted, r.clients), averageChange: ratio(r.changeSum, r.followUps), averageScore: null, alerts: r.alerts,
  };
}

/** Month and clinician rows: among the range's scored responses (remission) and follow-ups (the rest). */
export function rangeFigures(r: PopulationRow): Figures {
  return {
    instrumentId: r.instrumentId, month: r.month, clinicianId: r.clinicianId, clients: r.clients, followUps: r.followUps, responses: r.responses,
    improved: ratio(r.improved, r.followUps), unchanged: ratio(r.unchanged, r.followUps), worse: ratio(r.worse, r.followUps),
    responseRate: ratio(r.responded, r.followUps), remissionRate: ratio(r.remitted, r.scored), averageChange: ratio(r.changeSum, r.followUps), averageScore: ratio(r.scoreSum, r.scored), alerts: r.alerts,
  };
}

/** The headline rows: the practice's (or, filtered to a clinician, that clinician's). */
export const headline = (p: Population): PopulationRow[] => p.current.filter((r) => r.clinicianId === (p.clinicianId ?? null));
/** One row per clinician and instrument: now (current) beside the range's responses. */
export function clinicianRows(p: Population): { now: Figures; range: Figures | null }[] {
  return p.current
    .filter((r) => r.clinicianId !== null)
    .map((r) => {
      const range = p.clinicians.find((c) => c.clinicianId === r.clinicianId && c.instrumentId === r.instrumentId);
      return { now: currentFigures(r), range: range ? rangeFigures(range) : null };
    });
}

export const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
export const decimal = (value: number | null) => (value === null ? '—' : (Math.round(value * 10) / 10).toString());

/** The export: one CSV of the page's tables (the filters first), each under a title line. */
export function populationCsv(p: Population, names: { instrument: (id: string) => string; clinician: (id: string | null) => string }, titles: { current: string; months: string; clinicians: string; overdue: string }): string {
  const figures = (f: Figures) => [f.clients, f.followUps, f.responses, percent(f.improved), percent(f.unchanged), percent(f.worse), percent(f.responseRate), percent(f.remissionRate), decimal(f.averageChange)];
  const head = ['clients', 'followUps', 'responses', 'improved', 'unchanged', 'worse', 'responseRate', 'remissionRate', 'averageChange'];
  const lines = [
    csvLine(['from', p.from, 'to', p.to, 'clinician', p.clinicianId ? names.clinician(p.clinicianId) : '', 'instrument', p.instrumentId ? names.instrument(p.instrumentId) : '']),
    '', csvLine([titles.current]), csvLine(['instrument', ...head]),
    ...headline(p).map((r) => csvLine([names.instrument(r.instrumentId), ...figures(currentFigures(r))])),
    '', csvLine([titles.months]), csvLine(['month', 'instrument', ...head, 'averageScore', 'alerts']),
    ...p.months.map((r) => { const f = rangeFigures(r); return csvLine([r.month, names.instrument(r.instrumentId), ...figures(f), decimal(f.averageScore), f.alerts]); }),
    '', csvLine([titles.clinicians]), csvLine(['clinician', 'instrument', ...head.map((h) => `now.${h}`), 'range.responses', 'range.responseRate', 'range.remissionRate']),
    ...clinicianRows(p).map(({ now, range }) => csvLine([names.clinician(now.clinicianId), names.instrument(now.instrumentId), ...figures(now), range?.responses ?? 0, percent(range?.responseRate ?? null), percent(range?.remissionRate ?? null)])),
    '', csvLine([titles.overdue]), csvLine(['client', 'instrument', 'dueSince', 'clinician']),
    ...p.overdue.map((o) => csvLine([o.clientName ?? '', names.instrument(o.instrumentId), o.dueSince, names.clinician(o.therapistId)])),
  ];
  return lines.join('\r\n') + '\r\n';
}
