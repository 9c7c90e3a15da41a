/**
 * A month's statements in the background (issue 15, session 8): the job record's rules — which
 * months may run, a second start refused while one runs, the cursor and progress after each batch
 * (done never passes the total; the last batch finishes the job at total / total), the lease two
 * scheduled runs share, and what the page shows (percent, ms per statement).
 */
import { describe, expect, it } from 'vitest';
import { STATEMENT_RUN_MESSAGES, advance, canStart, checkStatementMonth, leaseFree, newStatementRun, progressOf, statementRunKey } from '../../../domain/billing/statement-run.ts';
import { dueDays } from '../../../domain/billing/run.ts';

const by = { id: 'u1', name: 'Bill Byrne' };

describe('statements run: the month', () => {
  it('takes a month that has begun in the practice\'s zone, refuses the rest with the message', () => {
    expect(checkStatementMonth('2026-10', '2026-11-26')).toEqual({ month: '2026-10' });
    expect(checkStatementMonth('2026-11', '2026-11-26')).toEqual({ month: '2026-11' });
    for (const bad of ['2026-12', '2026-13', '2026-00', '26-10', '2026/10', '2026-1', 202610, null, '1999-12'])
      expect(checkStatementMonth(bad, '2026-11-26')).toEqual({ error: STATEMENT_RUN_MESSAGES.month });
  });

  it('is one job per practice and month', () => {
    expect(statementRunKey('p1', '2026-10')).toEqual({ PK: 'P#p1', SK: 'BSRUN#2026-10' });
  });
});

describe('statements run: start, cursor and progress', () => {
  it('refuses a second start while one runs; a finished month may run again', () => {
    const job = newStatementRun('2026-10', 25, by, '2026-11-26T10:00:00Z');
    expect(canStart(null)).toBe(true);
    expect(canStart(job)).toBe(false);
    expect(canStart({ ...job, status: 'DONE' })).toBe(true);
  });

  it('moves the cursor and the progress a batch at a time, finishing at total / total after three hand-overs', () => {
    let job = newStatementRun('2026-10', 25, by, '2026-11-26T10:00:00Z');
    expect(progressOf(job)).toEqual({ done: 0, total: 25, percent: 0, msPerStatement: null });
    job = advance(job, { clients: 10, written: 9, after: 'CLEDGER#c10', more: true, ms: 900 }, 't1');
    expect(job).toMatchObject({ status: 'RUNNING', done: 10, statements: 9, after: 'CLEDGER#c10', finishedAt: null });
    expect(progressOf(job)).toEqual({ done: 10, total: 25, percent: 40, msPerStatement: 100 });
    job = advance(job, { clients: 10, written: 10, after: 'CLEDGER#c20', more: true, ms: 1000 }, 't2');
    // An empty last page (the previous Query's LastEvaluatedKey ended exactly there) keeps the cursor and finishes.
    job = advance(job, { clients: 5, written: 5, after: 'CLEDGER#c25', more: true, ms: 500 }, 't3');
    job = advance(job, { clients: 0, written: 0, after: null, more: false, ms: 10 }, 't4');
    expect(job).toMatchObject({ status: 'DONE', done: 25, total: 25, statements: 24, after: 'CLEDGER#c25', finishedAt: 't4', leaseUntil: null });
    expect(progressOf(job).percent).toBe(100);
  });

  it('raises the total when clients were added after the start, never shows more done than total', () => {
    let job = newStatementRun('2026-10', 2, by, 't0');
    job = advance(job, { clients: 3, written: 3, after: 'CLEDGER#c3', more: true, ms: 30 }, 't1');
    expect(progressOf(job)).toMatchObject({ done: 3, total: 3, percent: 100 });
    expect(progressOf(newStatementRun('2026-10', 0, by, 't0')).percent).toBe(100);
  });

  it('lets a slice take a running job without a lease or with an ended one, never a finished job', () => {
    const job = newStatementRun('2026-10', 5, by, 't0');
    expect(leaseFree(job, '2026-11-26T10:00:00Z')).toBe(true);
    expect(leaseFree({ ...job, leaseUntil: '2026-11-26T10:01:00Z' }, '2026-11-26T10:00:00Z')).toBe(false);
    expect(leaseFree({ ...job, leaseUntil: '2026-11-26T09:59:00Z' }, '2026-11-26T10:00:00Z')).toBe(true);
    expect(leaseFree({ ...job, status: 'DONE' }, '2026-11-26T10:00:00Z')).toBe(false);
  });
});

describe('monthly run: a missed run day', () => {
  it('reads every day of the month so far (a day passed while the job was down is found), all 28 on the UTC 1st', () => {
    expect(dueDays(new Date('2026-11-09T12:00:00Z'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(dueDays(new Date('2026-11-28T12:00:00Z'))).toHaveLength(28);
    expect(dueDays(new Date('2026-12-01T03:00:00Z'))).toHaveLength(28);
    expect(dueDays(new Date('2026-12-02T03:00:00Z'))).toEqual([1, 2, 3]);
  });
});
