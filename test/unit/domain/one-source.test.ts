/**
 * One source for each rule (issue 17): rules that used to be written in several places are read
 * from one module; these checks keep a second copy from coming back.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { practicePartition } from '../../../domain/tables.ts';
import * as wallClock from '../../../domain/wall-clock.ts';
import * as recurrence from '../../../domain/recurrence.ts';
import { DEFAULT_TIMEZONE as SETTINGS_DEFAULT } from '../../../domain/field-readers.ts';
import { DEFAULT_TIMEZONE as WEB_DEFAULT, practiceTimezone, utcFromWallClock, wallClock as webWallClock } from '../../../web/src/appointments/time';

const ROOT = resolve(import.meta.dirname, '../../..');

function sources(dir: string, endings = ['.ts']): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && endings.some((end) => e.name.endsWith(end)))
    .map((e) => join(e.parentPath, e.name));
}

describe('the practice partition key', () => {
  it('is P#<practiceId>', () => {
    expect(practicePartition('p-1')).toBe('P#p-1');
  });
  it('no resolver builds it inline', () => {
    const inline = sources('resolvers').filter((f) => /['"`]P#['"`$]/.test(readFileSync(f, 'utf8')));
    expect(inline.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });
});

describe('the portal home path', () => {
  it('has one name, HOME_PATH in web/src/shell/paths.ts', () => {
    const named = sources('web/src', ['.ts', '.tsx'])
      .filter((f) => /(const|let)\s+\w+\s*=\s*['"]\/app\/clients['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(ROOT.length + 1));
    expect(named).toEqual(['web/src/shell/paths.ts']);
  });
});

describe('the default time zone and the wall-clock conversion', () => {
  it('the API (recurrence, settings) and the browser read one default and one conversion', () => {
    expect(recurrence.toFloating).toBe(wallClock.toFloating);
    expect(recurrence.fromFloating).toBe(wallClock.fromFloating);
    expect(recurrence.usableTimezone).toBe(wallClock.usableTimezone);
    expect([SETTINGS_DEFAULT, WEB_DEFAULT, practiceTimezone(null), wallClock.usableTimezone('Not/AZone')]).toEqual(['US/Pacific', 'US/Pacific', 'US/Pacific', 'US/Pacific']);
  });
  it('a wall-clock time reads the same instant on both sides, across daylight-saving changes', () => {
    const cases: [string, string, string][] = [
      ['2026-03-08', '02:30', 'US/Pacific'], // does not exist: an hour later on the clock
      ['2026-11-01', '01:30', 'US/Pacific'], // happens twice: the first one
      ['2026-10-25', '02:30', 'Europe/Paris'], // happens twice: the first one
      ['2026-03-29', '02:30', 'Europe/Paris'], // does not exist
      ['2026-07-01', '10:00', 'America/Chicago'],
    ];
    expect(cases.map(([d, t, z]) => utcFromWallClock(d, t, z))).toEqual(['2026-03-08T10:30:00.000Z', '2026-11-01T08:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-07-01T15:00:00.000Z']);
    for (const [d, t, z] of cases) {
      const [y, mo, day] = d.split('-').map(Number);
      const [h, mi] = t.split(':').map(Number);
      expect(new Date(recurrence.fromFloating(Date.UTC(y, mo - 1, day, h, mi), z)).toISOString()).toBe(utcFromWallClock(d, t, z));
    }
    expect(webWallClock('2026-11-01T08:30:00.000Z', 'US/Pacific')).toEqual({ date: '2026-11-01', time: '01:30' });
  });
});

describe('the files that must obey the resolver runtime (APPSYNC_JS)', () => {
  it('are read from the resolvers\' imports, so a domain file a resolver imports is linted', async () => {
    // @ts-expect-error eslint.config.js is plain JavaScript without declarations.
    const { APPSYNC_FILES } = (await import('../../../eslint.config.js')) as { APPSYNC_FILES: string[] };
    expect(APPSYNC_FILES).toEqual(expect.arrayContaining(['resolvers/**/*.ts', 'domain/identity.ts', 'domain/permissions.ts', 'domain/human-text.ts', 'domain/npi.ts']));
    expect(APPSYNC_FILES).not.toContain('domain/recurrence.ts');
    expect(APPSYNC_FILES).not.toContain('domain/wall-clock.ts');
  });
  it('have no tsconfig of their own: lint reads them in the one root program', () => {
    expect(existsSync(join(ROOT, 'resolvers/tsconfig.json'))).toBe(false);
  });
});
