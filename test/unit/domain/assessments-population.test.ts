// Population aggregates (issue 13): what one response adds to the month counters and moves in the
// current state, and when a schedule is overdue.
import { describe, expect, it } from 'vitest';
import { applyUpdates, monthsBefore, overdueOccurrence, populationUpdates, type Latest } from '../../../domain/assessments/population.ts';

const base = { practiceId: 'p', instrumentId: 'PHQ9', band: 'mild', alert: false };
const state = (items: Map<string, Record<string, unknown>>, sk: string) => items.get(sk) ?? {};

describe('populationUpdates', () => {
  it('counts a baseline as a measured client without a direction, then moves them to improved on a reliable follow-up', () => {
    const items = new Map<string, Record<string, unknown>>();
    const first = populationUpdates({ ...base, therapistId: 't1', month: '2026-01', score: 18, outcome: { change: 0, response: false, remission: false, reliable: 'unchanged' }, followUp: false }, null);
    applyUpdates(items, first.updates);
    expect(state(items, 'AssessState#PHQ9')).toMatchObject({ clients: 1 });
    expect(state(items, 'AssessState#PHQ9').unchanged).toBeUndefined();
    const second = populationUpdates({ ...base, therapistId: 't1', month: '2026-01', score: 4, outcome: { change: -14, response: true, remission: true, reliable: 'improved' }, followUp: true }, first.latest);
    applyUpdates(items, second.updates);
    expect(state(items, 'AssessState#PHQ9')).toMatchObject({ clients: 1, followed: 1, improved: 1, responded: 1, remitted: 1, changeSum: -14 });
    // The same month: one client in the month's count, two responses.
    expect(state(items, 'AssessCount#PHQ9#2026-01')).toMatchObject({ clients: 1, responses: 2, scored: 2, followUps: 1, improved: 1, responded: 1, remitted: 1 });
  });

  it('moves the client between clinicians and months, never counting them twice in the state', () => {
    const items = new Map<string, Record<string, unknown>>();
    const previous: Latest = { therapistId: 't1', month: '2026-01', direction: 'worse', followUp: true, response: false, remission: false, change: 7 };
    applyUpdates(items, [{ key: { PK: 'P#p', SK: 'AssessState#T#t1#PHQ9' }, set: {}, add: { clients: 1, followed: 1, worse: 1, changeSum: 7 } }]);
    const moved = populationUpdates({ ...base, therapistId: 't2', month: '2026-02', score: 9, outcome: { change: 1, response: false, remission: false, reliable: 'unchanged' }, followUp: true }, previous);
    applyUpdates(items, moved.updates);
    expect(state(items, 'AssessState#T#t1#PHQ9')).toMatchObject({ clients: 0, followed: 0, worse: 0, changeSum: 0 });
    expect(state(items, 'AssessState#T#t2#PHQ9')).toMatchObject({ clients: 1, followed: 1, unchanged: 1, changeSum: 1 });
    expect(state(items, 'AssessState#PHQ9')).toMatchObject({ worse: -1, unchanged: 1, changeSum: -6 });
    expect(state(items, 'AssessState#PHQ9').clients).toBeUndefined();
    expect(state(items, 'AssessCount#T#t2#PHQ9#2026-02')).toMatchObject({ clients: 1, therapistId: 't2', month: '2026-02' });
  });

  it('leaves the state alone for an unscored (incomplete) response', () => {
    const out = populationUpdates({ ...base, band: 'incomplete', therapistId: 't1', month: '2026-01', score: null, outcome: { change: null, response: false, remission: false, reliable: null }, followUp: true }, null);
    expect(out.updates.map((u) => u.key.SK)).toEqual(['AssessCount#PHQ9#2026-01', 'AssessCount#T#t1#PHQ9#2026-01']);
    expect(out.updates[0].add).toEqual({ responses: 1, n_incomplete: 1 });
  });
});

describe('overdueOccurrence', () => {
  const weekly = { frequency: 'weekly' as const, startDate: '2026-01-05', endDate: null };
  it('is the latest occurrence opened at least 3 days ago when nothing since was answered', () => {
    expect(overdueOccurrence(weekly, '2026-01-12', '2026-01-21')).toBeNull();
    expect(overdueOccurrence(weekly, '2026-01-12', '2026-01-22')).toBe('2026-01-19');
    expect(overdueOccurrence(weekly, '2026-01-19', '2026-01-22')).toBeNull();
    expect(overdueOccurrence(weekly, null, '2026-01-07')).toBeNull();
    expect(overdueOccurrence(weekly, null, '2026-01-08')).toBe('2026-01-05');
  });
  it('forgets an occurrence after 35 days and never flags appointment-based schedules', () => {
    const once = { frequency: 'once' as const, startDate: '2026-01-05', endDate: null };
    expect(overdueOccurrence(once, null, '2026-02-09')).toBe('2026-01-05');
    expect(overdueOccurrence(once, null, '2026-02-10')).toBeNull();
    expect(overdueOccurrence({ frequency: 'beforeAppointment', startDate: '2026-01-05', endDate: null }, null, '2026-01-20')).toBeNull();
  });
  it('counts months back across a year', () => {
    expect(monthsBefore('2026-02', 11)).toBe('2025-03');
  });
});
