/**
 * Population outcomes without Scan (issue 13): what one scored response adds to the practice's
 * aggregates, written in the response's own transaction (functions/assessments/store.ts; the demo
 * seed adds the same deltas in memory). Pure.
 *
 *   - month counters  `AssessCount#<instrument>#<YYYY-MM>` and `AssessCount#T#<clinician>#<instrument>#<YYYY-MM>`:
 *     responses, scored, scoreSum, n_<band>, alerts (as before) and clients (first response of a
 *     client in that month), followUps (scored responses after the baseline), improved / unchanged /
 *     worse (their reliable change), responded (≥ 50 % below baseline), remitted, changeSum.
 *   - current state   `AssessState#<instrument>` and `AssessState#T#<clinician>#<instrument>`: each
 *     client's LATEST scored response counted once — clients, followed (have a follow-up), improved /
 *     unchanged / worse, responded, remitted, changeSum. A new response moves the client: its former
 *     contribution (kept on the client × instrument item, `AssessBase#…`) is taken off, the new one
 *     added, under the clinician then and now.
 */
import type { Direction, Outcome } from './outcome.ts';
import { occurrencesBetween, type Schedule } from './schedule.ts';

const P = (practiceId: string) => 'P#' + practiceId;
export const stateKey = (practiceId: string, instrumentId: string) => ({ PK: P(practiceId), SK: `AssessState#${instrumentId}` });
export const clinicianStateKey = (practiceId: string, therapistId: string, instrumentId: string) => ({ PK: P(practiceId), SK: `AssessState#T#${therapistId}#${instrumentId}` });
export const COUNTER_PREFIX = 'AssessCount#';
export const STATE_PREFIX = 'AssessState#';

/** The client's latest scored response to an instrument, as the state counts it (kept on `AssessBase#<client>#<instrument>`). */
export interface Latest {
  therapistId: string;
  month: string;
  /** Reliable change of a follow-up; null for the baseline alone or an instrument without it. */
  direction: Direction | null;
  followUp: boolean;
  response: boolean;
  remission: boolean;
  change: number;
}

export type Deltas = Record<string, number>;

export interface CounterUpdate {
  key: { PK: string; SK: string };
  /** Attributes set on every write (entity, instrument, month / clinician). */
  set: Record<string, string>;
  add: Deltas;
}

function stateOf(l: Latest): Deltas {
  const d: Deltas = { clients: 1 };
  if (l.followUp) {
    d.followed = 1;
    d.changeSum = l.change;
    if (l.response) d.responded = 1;
    if (l.direction) d[l.direction] = 1;
  }
  if (l.remission) d.remitted = 1;
  return d;
}

function sum(a: Deltas, b: Deltas, sign = 1): Deltas {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + sign * v;
  return out;
}

/** Drops zero deltas (an ADD of 0 is a wasted write of the attribute). */
const nonZero = (d: Deltas): Deltas => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== 0));

export interface ScoredResponse {
  practiceId: string;
  therapistId: string;
  instrumentId: string;
  /** YYYY-MM of the submission (UTC). */
  month: string;
  band: string;
  score: number | null;
  alert: boolean;
  /** The outcome against the baseline; `followUp` false for the baseline itself. */
  outcome: Outcome;
  followUp: boolean;
}

/**
 * The counter writes of one response, given the client's previous latest (null before their first
 * scored response), and the client's new latest (unchanged for an unscored response).
 */
export function populationUpdates(r: ScoredResponse, previous: Latest | null): { updates: CounterUpdate[]; latest: Latest | null } {
  const scored = r.score !== null;
  const month: Deltas = { responses: 1, [`n_${r.band}`]: 1 };
  if (r.alert) month.alerts = 1;
  const latest: Latest | null = scored
    ? { therapistId: r.therapistId, month: r.month, direction: r.followUp ? r.outcome.reliable : null, followUp: r.followUp, response: r.followUp && r.outcome.response, remission: r.outcome.remission, change: r.followUp ? (r.outcome.change ?? 0) : 0 }
    : previous;
  if (scored) {
    month.scored = 1;
    month.scoreSum = r.score as number;
    if (r.outcome.remission) month.remitted = 1;
    if (r.followUp) {
      month.followUps = 1;
      month.changeSum = r.outcome.change ?? 0;
      if (r.outcome.response) month.responded = 1;
      if (r.outcome.reliable) month[r.outcome.reliable] = 1;
    }
  }
  const newInMonth = !previous || previous.month !== r.month;
  const practiceMonth = { ...month, ...(newInMonth && scored ? { clients: 1 } : {}) };
  const clinicianMonth = { ...month, ...((newInMonth || previous?.therapistId !== r.therapistId) && scored ? { clients: 1 } : {}) };
  const set = (extra: Record<string, string>) => ({ entity: 'AssessmentCounter', instrumentId: r.instrumentId, ...extra });
  const updates: CounterUpdate[] = [
    { key: { PK: P(r.practiceId), SK: `AssessCount#${r.instrumentId}#${r.month}` }, set: set({ month: r.month }), add: nonZero(practiceMonth) },
    { key: { PK: P(r.practiceId), SK: `AssessCount#T#${r.therapistId}#${r.instrumentId}#${r.month}` }, set: set({ month: r.month, therapistId: r.therapistId }), add: nonZero(clinicianMonth) },
  ];
  if (!scored || !latest) return { updates, latest };
  const before = previous ? stateOf(previous) : {};
  const after = stateOf(latest);
  const stateSet = set({});
  const practiceState = nonZero(sum(after, before, -1));
  if (Object.keys(practiceState).length) updates.push({ key: stateKey(r.practiceId, r.instrumentId), set: stateSet, add: practiceState });
  if (previous && previous.therapistId !== r.therapistId) {
    updates.push({ key: clinicianStateKey(r.practiceId, previous.therapistId, r.instrumentId), set: { ...stateSet, therapistId: previous.therapistId }, add: nonZero(sum({}, before, -1)) });
    updates.push({ key: clinicianStateKey(r.practiceId, r.therapistId, r.instrumentId), set: { ...stateSet, therapistId: r.therapistId }, add: after });
  } else if (Object.keys(practiceState).length) {
    updates.push({ key: clinicianStateKey(r.practiceId, r.therapistId, r.instrumentId), set: { ...stateSet, therapistId: r.therapistId }, add: practiceState });
  }
  return { updates, latest };
}

/**
 * The sparse GSI3 keys of a client × instrument item whose latest scored response is reliably worse
 * than the baseline (the dashboard's list, newest first): written with the item, absent otherwise.
 */
export const WORSENED_INDEX = (practiceId: string) => `P#${practiceId}#ASSESSWORSE`;
export function worsenedKeys(practiceId: string, clientId: string, instrumentId: string, at: string): { GSI3PK: string; GSI3SK: string } {
  return { GSI3PK: WORSENED_INDEX(practiceId), GSI3SK: `${at}#${clientId}#${instrumentId}` };
}

/** Adds counter updates into items held in memory (the demo seed; tests). */
export function applyUpdates(items: Map<string, Record<string, unknown>>, updates: CounterUpdate[]): void {
  for (const u of updates) {
    const item = items.get(u.key.SK) ?? { ...u.key };
    Object.assign(item, u.set);
    for (const [k, v] of Object.entries(u.add)) item[k] = ((item[k] as number | undefined) ?? 0) + v;
    items.set(u.key.SK, item);
  }
}

/** The previous latest from the client × instrument item (null when absent or written before session 6). */
export function latestOf(item: Record<string, unknown> | null): Latest | null {
  const l = item?.latest as Latest | undefined;
  return l && typeof l.therapistId === 'string' && typeof l.month === 'string' ? l : null;
}


/** An occurrence is overdue this many days after it opened, and looked for this far back. */
export const OVERDUE_AFTER_DAYS = 3;
export const OVERDUE_WINDOW_DAYS = 35;
const DAY = 86_400_000;
const minusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);

/**
 * The occurrence an active date-based schedule is overdue on (its local date), or null: the latest
 * occurrence that opened at least OVERDUE_AFTER_DAYS ago (and at most OVERDUE_WINDOW_DAYS ago),
 * when neither it nor a later one was answered (`lastDone`: the assignment's last answered
 * occurrence). Before-appointment schedules open no date-based occurrence: never overdue here.
 */
export function overdueOccurrence(schedule: Schedule, lastDone: string | null, today: string): string | null {
  const dates = occurrencesBetween(schedule, minusDays(today, OVERDUE_WINDOW_DAYS), minusDays(today, OVERDUE_AFTER_DAYS));
  const last = dates[dates.length - 1];
  if (!last) return null;
  return lastDone && lastDone >= last ? null : last;
}

/** YYYY-MM, and the month `n` months before it. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}
