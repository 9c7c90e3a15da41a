/**
 * Insights (issue 13), pure: which charts a caller's rights and plan reach, the range a chart covers,
 * and each chart's series from counters, schedules, responses, diary cards, skills and homework.
 */
import { describe, expect, it } from 'vitest';
import { chartsFor, insightsReach, isChartType, monthsBetween, readRange, weekOf, weeksBetween } from '../../../domain/insights/charts.ts';
import { completionSeries, diarySeries, skillsSeries, timelineSeries, trendSeries, type Series } from '../../../domain/insights/series.ts';
import type { StoredEntry } from '../../../domain/companion/stats.ts';

const ys = (series: Series[], key: string) => series.find((s) => s.key === key)?.points.map((p) => p.y);
const card = (date: string, urges: Record<string, number>, emotions: Record<string, number>, skillsUsed: string[] = [], at = 'T20:00:00Z'): StoredEntry =>
  ({ id: date + at, app: 'DBT_COACH', type: 'DIARY_CARD', date, recordedAt: date + at, data: { urges, emotions, skillsUsed } });

describe('who sees which chart', () => {
  it('professional: the owner and every clinician role see all five; premium none; basic the companion charts only', () => {
    const all = ['assessment-trends', 'completion', 'diary', 'skills', 'timeline'];
    for (const role of ['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic']) {
      expect(chartsFor(insightsReach([role], 'professional'))).toEqual(all);
      expect(chartsFor(insightsReach([role], 'premium'))).toEqual([]);
      expect(chartsFor(insightsReach([role], 'basic'))).toEqual(['diary', 'skills', 'timeline']);
    }
    expect(insightsReach(['clinicianBasic'], 'basic')).toEqual({ assessments: false, homework: false, companion: true });
  });

  it('biller, scheduler, supervisor and coordinators see none, on any plan', () => {
    for (const plan of ['basic', 'premium', 'professional']) {
      for (const role of ['biller', 'scheduler', 'supervisor']) expect(chartsFor(insightsReach([role], plan))).toEqual([]);
      expect(chartsFor(insightsReach([], plan, ['coordinators']))).toEqual([]);
    }
  });

  it('knows its chart types and nothing else', () => {
    expect(isChartType('diary')).toBe(true);
    expect(isChartType('mood')).toBe(false);
    expect(isChartType('constructor')).toBe(false);
  });
});

describe('the range', () => {
  it('defaults to 16 weeks of Mondays, or 12 months from the first of the month', () => {
    expect(readRange({}, '2026-11-26', 'week')).toEqual({ from: '2026-08-10', to: '2026-11-26' });
    expect(weeksBetween('2026-08-10', '2026-11-26')).toHaveLength(16);
    expect(readRange({}, '2026-11-26', 'month')).toEqual({ from: '2025-12-01', to: '2026-11-26' });
    expect(monthsBetween('2025-12-01', '2026-11-26')).toHaveLength(12);
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('refuses a bad day, a reversed range and more than two years, naming the field', () => {
    expect(readRange({ from: '2026-02-30' }, '2026-11-26', 'week')).toEqual({ problem: { field: 'from', message: 'Enter the first day as YYYY-MM-DD.' } });
    expect(readRange({ to: 'tomorrow' }, '2026-11-26', 'week')).toEqual({ problem: { field: 'to', message: 'Enter the last day as YYYY-MM-DD.' } });
    expect(readRange({ from: '2026-11-27', to: '2026-11-26' }, '2026-11-26', 'week')).toEqual({ problem: { field: 'from', message: 'The first day must be on or before the last day.' } });
    expect(readRange({ from: '2024-01-01', to: '2026-11-26' }, '2026-11-26', 'month')).toEqual({ problem: { field: 'from', message: 'Choose at most two years.' } });
  });
});

describe('series', () => {
  const counters = [
    { instrumentId: 'PHQ9', month: '2026-09', clients: 3, responses: 4, scored: 4, scoreSum: 50 },
    { instrumentId: 'PHQ9', month: '2026-10', clients: 2, responses: 2, scored: 2, scoreSum: 17 },
    { instrumentId: 'GAD7', month: '2026-10', clients: 1, responses: 1, scored: 0, scoreSum: 0 },
  ];

  it('assessment trends: the mean score and the clients per month; a month without scores is a gap', () => {
    const s = trendSeries(counters, ['2026-08', '2026-09', '2026-10'], null);
    expect(s.map((x) => x.key)).toEqual(['mean:GAD7', 'clients:GAD7', 'mean:PHQ9', 'clients:PHQ9']);
    expect(ys(s, 'mean:PHQ9')).toEqual([null, 12.5, 8.5]);
    expect(ys(s, 'clients:PHQ9')).toEqual([0, 3, 2]);
    expect(ys(s, 'mean:GAD7')).toEqual([null, null, null]);
    expect(trendSeries(counters, ['2026-10'], 'GAD7').map((x) => x.key)).toEqual(['mean:GAD7', 'clients:GAD7']);
  });

  it('completion: weekly occurrences due up to today (none after a stop) against responses, at most 100 %', () => {
    const weekly = { frequency: 'weekly' as const, startDate: '2026-09-07', endDate: null };
    const assignments = [
      { instrumentId: 'PHQ9', schedule: weekly },
      { instrumentId: 'PHQ9', schedule: weekly, stoppedAt: '2026-09-20T10:00:00Z' },
    ];
    const s = completionSeries(assignments, counters, ['2026-08', '2026-09', '2026-10', '2026-11'], '2026-10-15', 'PHQ9');
    // September: 4 Mondays (7, 14, 21, 28) + the stopped one's 7 and 14; October to the 15th: 5 and 12.
    expect(ys(s, 'due')).toEqual([0, 6, 2, 0]);
    expect(ys(s, 'completed')).toEqual([0, 4, 2, 0]);
    expect(ys(s, 'rate')).toEqual([null, 67, 100, null]);
  });

  it('diary: weekly means of each urge and emotion over each day’s last card', () => {
    const entries = [
      card('2026-11-02', { selfHarm: 5 }, { sadness: 4 }, [], 'T08:00:00Z'),
      card('2026-11-02', { selfHarm: 1 }, { sadness: 2 }), // the day's correction wins
      card('2026-11-04', { selfHarm: 2 }, { sadness: 3 }),
      card('2026-11-10', { selfHarm: 4 }, {}),
    ];
    const s = diarySeries(entries, ['2026-10-26', '2026-11-02', '2026-11-09']);
    expect(ys(s, 'urge:selfHarm')).toEqual([null, 1.5, 4]);
    expect(ys(s, 'emotion:sadness')).toEqual([null, 2.5, null]);
    expect(ys(s, 'cards')).toEqual([0, 2, 1]);
  });

  it('skills: uses per week and per skill, most used first', () => {
    const entries: StoredEntry[] = [
      card('2026-11-02', {}, {}, ['TIPP', 'Wise mind']),
      card('2026-11-10', {}, {}, ['TIPP']),
      { id: 'x', app: 'DBT_COACH', type: 'SKILL_PRACTICE', date: '2026-11-11', recordedAt: '2026-11-11T09:00:00Z', data: { skill: 'Observe' } },
    ];
    const s = skillsSeries(entries, ['2026-11-02', '2026-11-09']);
    expect(ys(s, 'skills')).toEqual([2, 2]);
    expect(s.find((x) => x.key === 'bySkill')?.points).toEqual([{ x: 'TIPP', y: 2 }, { x: 'Observe', y: 1 }, { x: 'Wise mind', y: 1 }]);
  });

  it('timeline: the week’s last score, highest urge, skills and homework on one axis; parts the caller does not reach are left out', () => {
    const weeks = ['2026-11-02', '2026-11-09'];
    const entries = [card('2026-11-03', { selfHarm: 1, suicide: 3 }, {}, ['TIPP']), card('2026-11-05', { selfHarm: 5 }, {})];
    const responses = [
      { instrumentId: 'PHQ9', submittedAt: '2026-11-03T10:00:00Z', score: 14 },
      { instrumentId: 'PHQ9', submittedAt: '2026-11-06T10:00:00Z', score: 11 },
      { instrumentId: 'PHQ9', submittedAt: '2026-11-10T10:00:00Z', score: null },
    ];
    const homework = [{ dueDate: '2026-11-04', state: 'done' }, { dueDate: '2026-11-06', state: 'assigned' }, { dueDate: '2026-11-12', state: 'done' }];
    const s = timelineSeries({ responses, entries, homework, weeks, dayOf: (iso) => iso.slice(0, 10) });
    expect(s.map((x) => x.key)).toEqual(['score:PHQ9', 'urge:highest', 'skills', 'homeworkDue', 'homeworkDone']);
    expect(ys(s, 'score:PHQ9')).toEqual([11, null]);
    expect(ys(s, 'urge:highest')).toEqual([4, null]);
    expect(ys(s, 'skills')).toEqual([1, 0]);
    expect(ys(s, 'homeworkDue')).toEqual([2, 1]);
    expect(ys(s, 'homeworkDone')).toEqual([1, 1]);
    expect(timelineSeries({ responses: null, entries, homework: null, weeks, dayOf: (iso) => iso.slice(0, 10) }).map((x) => x.key)).toEqual(['urge:highest', 'skills']);
  });
});
