import { describe, expect, it } from 'vitest';
import { runScheduledJobs, SCHEDULED_JOBS } from '../../../functions/appointment-reminders/jobs.ts';

describe('the scheduled jobs', () => {
  it('runs every job at the given time; one that throws is reported by its error name and the next still runs', async () => {
    const seen: string[] = [];
    const at = new Date('2026-11-26T12:00:00Z');
    const result = await runScheduledJobs(at, [
      { name: 'first', run: async (now) => { seen.push(`first ${now.toISOString()}`); throw new TypeError('detail that must not be logged'); } },
      { name: 'second', run: async (now) => { seen.push(`second ${now.toISOString()}`); return { sent: 2 }; } },
    ]);
    expect(seen).toEqual(['first 2026-11-26T12:00:00.000Z', 'second 2026-11-26T12:00:00.000Z']);
    expect(result).toEqual({ first: { failed: 'TypeError' }, second: { sent: 2 } });
  });

  it('lists the appointment reminders and the assessment links, each once', () => {
    const names = SCHEDULED_JOBS.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(['reminders', 'assessmentLinks']));
    expect(new Set(names).size).toBe(names.length);
  });
});
