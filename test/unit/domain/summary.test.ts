/**
 * The clients summary's aggregations (issue 18; domain/summary.ts): months in the practice's time
 * zone, active / new / archived over time, by clinician and payer type, sessions per client seen,
 * no-show and late-cancel rates over the sessions due, clients without a session in N days, CSV.
 */
import { describe, expect, it } from 'vitest';
import { boundedInt, monthsEnding, readFrom, summarize, summaryCsv, type SummaryInput } from '../../../domain/summary.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const TZ = 'America/New_York';
const client = (id: string, therapistId: string, createdAt: string, extra: Partial<SummaryInput['clients'][number]> = {}) => ({ id, therapistId, status: 'active', createdAt, updatedAt: createdAt, name: `Client ${id}`, ...extra });
const appt = (clientId: string, clinicianId: string, start: string, status: string) => ({ clientId, clinicianId, start, status });

function input(over: Partial<SummaryInput> = {}): SummaryInput {
  return {
    clients: [
      client('a', 'u1', '2026-08-10T15:00:00Z'),
      client('b', 'u1', '2026-10-05T15:00:00Z'),
      client('c', 'u2', '2026-09-01T15:00:00Z', { status: 'archived', updatedAt: '2026-11-02T15:00:00Z' }),
      client('d', 'u2', '2026-11-20T15:00:00Z'),
      client('e', 'u2', '2026-06-01T15:00:00Z'),
    ],
    billingTypes: { a: 'insurance', c: 'insurance', b: 'selfPay' },
    appointments: [
      appt('a', 'u1', '2026-10-01T14:00:00Z', 'ATTENDED'),
      appt('a', 'u1', '2026-10-08T14:00:00Z', 'ATTENDED'),
      appt('b', 'u1', '2026-10-09T14:00:00Z', 'NO_SHOW'),
      appt('b', 'u1', '2026-11-20T14:00:00Z', 'ATTENDED'),
      appt('a', 'u1', '2026-11-24T14:00:00Z', 'LATE_CANCELLED'),
      appt('d', 'u2', '2026-11-25T14:00:00Z', 'CANCELLED'),
      // The first of November at 01:00 UTC is still 31 October in New York.
      appt('c', 'u2', '2026-11-01T01:00:00Z', 'ATTENDED'),
      // Future: not counted.
      appt('d', 'u2', '2026-11-30T14:00:00Z', 'SCHEDULED'),
      appt('e', 'u2', '2026-12-30T14:00:00Z', 'ATTENDED'),
    ],
    clinicians: [{ id: 'u1', name: 'Olivia Owens' }, { id: 'u2', name: 'Ben Baker' }],
    months: 3,
    inactiveDays: 30,
    timezone: TZ,
    now: NOW,
    ...over,
  };
}

describe('clients summary aggregations', () => {
  it('months end with the current one in the practice time zone', () => {
    expect(monthsEnding(NOW, 3, TZ)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(monthsEnding(Date.parse('2027-01-01T03:00:00Z'), 2, TZ)).toEqual(['2026-11', '2026-12']);
    expect(readFrom(NOW, 3, 30, TZ) <= '2026-09-01').toBe(true);
    expect(readFrom(NOW, 1, 90, TZ) <= new Date(NOW - 90 * 86400000).toISOString()).toBe(true);
  });

  it('active, new and archived per month and in total', () => {
    const s = summarize(input());
    expect(s.from).toBe('2026-09-01');
    expect(s.to).toBe('2026-11-26');
    expect(s.months.map((m) => [m.month, m.active, m.new, m.archived])).toEqual([
      ['2026-09', 3, 1, 0], // a, e, c (created in September)
      ['2026-10', 4, 1, 0], // + b
      ['2026-11', 4, 1, 1], // + d, − c (archived 2 Nov)
    ]);
    expect([s.totals.active, s.totals.new, s.totals.archived]).toEqual([4, 3, 1]);
  });

  it('sessions per client seen, no-show and late-cancel rates over the sessions due', () => {
    const s = summarize(input());
    const oct = s.months.find((m) => m.month === '2026-10')!;
    // a twice, c once (31 Oct local); b no-show.
    expect([oct.sessions, oct.clientsSeen, oct.sessionsPerClient, oct.noShows, oct.noShowRate]).toEqual([3, 2, 1.5, 1, 0.25]);
    const nov = s.months.find((m) => m.month === '2026-11')!;
    // b attended, a late-cancelled, d cancelled in time (not due), the future ones not counted.
    expect([nov.sessions, nov.lateCancels, nov.lateCancelRate, nov.noShowRate]).toEqual([1, 1, 0.5, 0]);
    expect([s.totals.sessions, s.totals.noShows, s.totals.lateCancels, s.totals.noShowRate, s.totals.lateCancelRate]).toEqual([4, 1, 1, 0.167, 0.167]);
  });

  it('by clinician (the client\'s therapist; sessions by the appointment\'s clinician) and by payer type', () => {
    const s = summarize(input());
    expect(s.byClinician.map((c) => [c.clinicianName, c.active, c.new, c.archived, c.sessions, c.noShows])).toEqual([
      ['Ben Baker', 2, 2, 1, 1, 0],
      ['Olivia Owens', 2, 1, 0, 3, 1],
    ]);
    expect(s.byPayer.map((p) => [p.payerType, p.active, p.new, p.archived, p.sessions])).toEqual([
      ['SELF_PAY', 3, 2, 0, 1], // b, d, e (no insurance record: self-pay)
      ['INSURANCE', 1, 1, 1, 3],
    ]);
  });

  it('active clients without an attended session in N days, longest first; new and archived ones left out', () => {
    const s = summarize(input());
    // a: last attended 8 Oct (48 whole days); e: none in the period; b attended 20 Nov; d created 6 days ago; c archived.
    expect(s.inactive.map((r) => [r.clientId, r.lastSession, r.daysSince, r.clinicianName])).toEqual([
      ['e', null, null, 'Ben Baker'],
      ['a', '2026-10-08T14:00:00Z', 48, 'Olivia Owens'],
    ]);
    expect(summarize(input({ inactiveDays: 60 })).inactive.map((r) => r.clientId)).toEqual(['e']);
  });

  it('an empty practice gives zeros, not NaN', () => {
    const s = summarize(input({ clients: [], appointments: [] }));
    expect(s.totals).toEqual({ active: 0, new: 0, archived: 0, sessions: 0, noShows: 0, lateCancels: 0, noShowRate: 0, lateCancelRate: 0 });
    expect(s.months.every((m) => m.sessionsPerClient === 0)).toBe(true);
  });

  it('bounded arguments: default when absent, null (refused) out of range or not whole', () => {
    expect(boundedInt(undefined, 1, 24, 12)).toBe(12);
    expect(boundedInt(null, 1, 24, 12)).toBe(12);
    expect(boundedInt(25, 1, 24, 12)).toBeNull();
    expect(boundedInt(1.5, 1, 24, 12)).toBeNull();
    expect(boundedInt(24, 1, 24, 12)).toBe(24);
  });

  it('CSV: every table under its title, quoted where needed, formulas neutralised', () => {
    const data = summarize(input({ clients: [client('x', 'u1', '2026-01-01T00:00:00Z', { name: '=HYPERLINK("x"), Jr' })], appointments: [] }));
    const csv = summaryCsv(data, { months: 'By month', clinicians: 'By clinician', payers: 'By payer type', inactive: 'Without a session' });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('By month');
    expect(lines[1]).toBe('month,active,new,archived,sessions,noShows,lateCancels,noShowRate,lateCancelRate,clientsSeen,sessionsPerClient');
    expect(lines[2]).toBe('2026-09,1,0,0,0,0,0,0,0,0,0');
    expect(csv).toContain('\r\nBy payer type\r\npayerType,');
    expect(csv).toContain(`"'=HYPERLINK(""x""), Jr",Olivia Owens,,`);
  });
});
