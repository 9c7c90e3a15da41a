/**
 * Insights series (issue 13), pure: each chart's lines and bars from what the insights Lambda read —
 * the assessments' month counters and schedules, a client's responses, diary cards, skills and
 * homework. Every point is on the chart's axis (a week's Monday or a YYYY-MM); a period without data
 * is null (a gap), never a made-up zero. The web draws each series and shows the same numbers as a table.
 */
import { DIARY_EMOTIONS, DIARY_URGES, highestUrge } from '../companion/entries.ts';
import type { StoredEntry } from '../companion/stats.ts';
import { occurrencesBetween, type Schedule } from '../assessments/schedule.ts';
import { monthEnd, weekOf } from './charts.ts';

export interface Point {
  x: string;
  y: number | null;
}

/** key: what the series is (`mean:PHQ9`, `urge:selfHarm`, `rate`…); group: how the web labels and draws it. */
export interface Series {
  key: string;
  group: string;
  points: Point[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: number[]) => (values.length === 0 ? null : round1(values.reduce((a, b) => a + b, 0) / values.length));

/** A month counter row as the assessments keep it (AssessCount#…). */
export interface CounterRow {
  instrumentId: string;
  month: string;
  clients?: number;
  responses?: number;
  scored?: number;
  scoreSum?: number;
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/** Per instrument: the mean score of the month's scored responses, and the clients measured that month. */
export function trendSeries(counters: CounterRow[], months: string[], instrumentId: string | null): Series[] {
  const rows = counters.filter((c) => (instrumentId === null || c.instrumentId === instrumentId) && months.indexOf(c.month) >= 0);
  const instruments = Array.from(new Set(rows.map((r) => r.instrumentId))).sort();
  const out: Series[] = [];
  for (const id of instruments) {
    const of = (month: string) => rows.filter((r) => r.instrumentId === id && r.month === month);
    out.push({
      key: 'mean:' + id, group: 'mean',
      points: months.map((x) => {
        const scored = of(x).reduce((a, r) => a + num(r.scored), 0);
        return { x, y: scored > 0 ? round1(of(x).reduce((a, r) => a + num(r.scoreSum), 0) / scored) : null };
      }),
    });
    out.push({ key: 'clients:' + id, group: 'clients', points: months.map((x) => ({ x, y: of(x).reduce((a, r) => a + num(r.clients), 0) })) });
  }
  return out;
}

/** An assignment as the completion chart needs it: its schedule and when it was stopped (ISO), if it was. */
export interface AssignmentRow {
  instrumentId: string;
  schedule: Schedule;
  stoppedAt?: string | null;
}

/**
 * Measures due per month (each assignment's occurrences up to today, none after it was stopped)
 * against the responses received that month; the rate is completed ÷ due, at most 100 %. Responses
 * are counted per month, not per occurrence: one answered late counts in the month it arrived.
 */
export function completionSeries(assignments: AssignmentRow[], counters: CounterRow[], months: string[], today: string, instrumentId: string | null): Series[] {
  const mine = (id: string) => instrumentId === null || id === instrumentId;
  const due = months.map((month) => {
    const last = monthEnd(month) < today ? monthEnd(month) : today;
    if (month + '-01' > last) return 0;
    return assignments.filter((a) => mine(a.instrumentId)).reduce((sum, a) => {
      const stopped = a.stoppedAt ? a.stoppedAt.slice(0, 10) : null;
      const end = stopped && (!a.schedule.endDate || stopped < a.schedule.endDate) ? stopped : a.schedule.endDate;
      return sum + occurrencesBetween({ ...a.schedule, endDate: end }, month + '-01', last).length;
    }, 0);
  });
  const done = months.map((month) => counters.filter((c) => mine(c.instrumentId) && c.month === month).reduce((a, c) => a + num(c.responses), 0));
  return [
    { key: 'due', group: 'count', points: months.map((x, i) => ({ x, y: due[i] })) },
    { key: 'completed', group: 'count', points: months.map((x, i) => ({ x, y: done[i] })) },
    { key: 'rate', group: 'percent', points: months.map((x, i) => ({ x, y: due[i] > 0 ? Math.round((Math.min(done[i], due[i]) / due[i]) * 100) : null })) },
  ];
}

/** Each day's last diary card (a client may send a correction later the same day). */
function lastCardPerDay(entries: StoredEntry[]): StoredEntry[] {
  const byDay = new Map<string, StoredEntry>();
  [...entries]
    .filter((e) => e.type === 'DIARY_CARD')
    .sort((a, b) => (a.date + a.recordedAt < b.date + b.recordedAt ? -1 : 1))
    .forEach((e) => byDay.set(e.date, e));
  return Array.from(byDay.values());
}

const ratingOf = (e: StoredEntry, group: 'urges' | 'emotions', name: string): number | null => {
  const v = ((e.data[group] ?? {}) as Record<string, unknown>)[name];
  return typeof v === 'number' ? v : null;
};

/** Weekly means (0–5) of each urge and emotion over the week's diary cards, and the cards counted. */
export function diarySeries(entries: StoredEntry[], weeks: string[]): Series[] {
  const cards = lastCardPerDay(entries);
  const inWeek = (w: string) => cards.filter((c) => weekOf(c.date) === w);
  const line = (group: 'urges' | 'emotions', name: string): Series => ({
    key: (group === 'urges' ? 'urge:' : 'emotion:') + name,
    group: group === 'urges' ? 'urge' : 'emotion',
    points: weeks.map((x) => ({ x, y: mean(inWeek(x).map((c) => ratingOf(c, group, name)).filter((v): v is number => v !== null)) })),
  });
  return [
    ...DIARY_URGES.map((n) => line('urges', n)),
    ...DIARY_EMOTIONS.map((n) => line('emotions', n)),
    { key: 'cards', group: 'count', points: weeks.map((x) => ({ x, y: inWeek(x).length })) },
  ];
}

/** Every skill use: those ticked on diary cards and each skill-practice entry, with its day. */
function skillUses(entries: StoredEntry[]): { date: string; skill: string }[] {
  const uses: { date: string; skill: string }[] = [];
  lastCardPerDay(entries).forEach((c) => ((c.data.skillsUsed ?? []) as unknown[]).forEach((s) => typeof s === 'string' && uses.push({ date: c.date, skill: s })));
  entries.filter((e) => e.type === 'SKILL_PRACTICE' && typeof e.data.skill === 'string').forEach((e) => uses.push({ date: e.date, skill: e.data.skill as string }));
  return uses;
}

/** Skills used per week, and per skill over the range (x: the skill's name, most used first). */
export function skillsSeries(entries: StoredEntry[], weeks: string[]): Series[] {
  const uses = skillUses(entries).filter((u) => weeks.indexOf(weekOf(u.date)) >= 0);
  const counts = new Map<string, number>();
  uses.forEach((u) => counts.set(u.skill, (counts.get(u.skill) ?? 0) + 1));
  return [
    { key: 'skills', group: 'count', points: weeks.map((x) => ({ x, y: uses.filter((u) => weekOf(u.date) === x).length })) },
    {
      key: 'bySkill', group: 'bySkill',
      points: Array.from(counts.entries()).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([x, y]) => ({ x, y })),
    },
  ];
}

/** A response as the timeline needs it. */
export interface ResponseRow {
  instrumentId: string;
  submittedAt: string;
  score: number | null;
}

/** A homework item as the timeline needs it. */
export interface HomeworkRow {
  dueDate: string;
  state: string;
}

/**
 * One client's weeks: each instrument's last score of the week, the week's mean of each day's
 * highest urge, skills used, and homework due that week and done. `responses` and `homework` are
 * empty when the caller's plan or role does not reach them (the series are then left out).
 */
export function timelineSeries(input: { responses: ResponseRow[] | null; entries: StoredEntry[]; homework: HomeworkRow[] | null; weeks: string[]; dayOf: (iso: string) => string }): Series[] {
  const { weeks, entries } = input;
  const out: Series[] = [];
  if (input.responses) {
    const scored = input.responses.filter((r) => typeof r.score === 'number').sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : 1));
    for (const id of Array.from(new Set(scored.map((r) => r.instrumentId))).sort()) {
      out.push({
        key: 'score:' + id, group: 'score',
        points: weeks.map((x) => {
          const week = scored.filter((r) => r.instrumentId === id && weekOf(input.dayOf(r.submittedAt)) === x);
          return { x, y: week.length > 0 ? week[week.length - 1].score : null };
        }),
      });
    }
  }
  const cards = lastCardPerDay(entries);
  out.push({
    key: 'urge:highest', group: 'urge',
    points: weeks.map((x) => ({ x, y: mean(cards.filter((c) => weekOf(c.date) === x).map((c) => highestUrge(c.type, c.data)).filter((v): v is number => v !== null)) })),
  });
  out.push({ ...skillsSeries(entries, weeks)[0] });
  if (input.homework) {
    const items = input.homework;
    out.push({ key: 'homeworkDue', group: 'count', points: weeks.map((x) => ({ x, y: items.filter((h) => weekOf(h.dueDate) === x).length })) });
    out.push({ key: 'homeworkDone', group: 'count', points: weeks.map((x) => ({ x, y: items.filter((h) => weekOf(h.dueDate) === x && h.state === 'done').length })) });
  }
  return out;
}
