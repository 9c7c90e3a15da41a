import { describe, expect, it } from 'vitest';
import { combineFlags, flagsOfApp, hiddenSectionOf, readHideFlagsInput, withoutHidden, NO_FLAGS } from '../../../domain/companion/app-flags.ts';
import { validateEntry } from '../../../domain/companion/entries.ts';
import { toAppsUsed } from '../../../domain/practice.ts';

const TODAY = '2026-11-26';

describe('the health sections of a mood entry (food, physical activity)', () => {
  it('accepts a food line and whole activity minutes; refuses a day longer than 1,440 minutes or a long food line', () => {
    expect(validateEntry({ app: 'DBT_COACH', type: 'MOOD_SLEEP', date: TODAY, data: { mood: 6, food: ' Oatmeal ', activityMinutes: 45 } }, TODAY).entry?.data).toEqual({ mood: 6, food: 'Oatmeal', activityMinutes: 45 });
    expect(validateEntry({ app: 'DBT_COACH', type: 'MOOD_SLEEP', date: TODAY, data: { mood: 6, activityMinutes: 1441 } }, TODAY).problems).toEqual([{ field: 'activityMinutes', reason: 'format' }]);
    expect(validateEntry({ app: 'DBT_COACH', type: 'MOOD_SLEEP', date: TODAY, data: { mood: 6, food: 'x'.repeat(201) } }, TODAY).problems).toEqual([{ field: 'food', reason: 'length' }]);
  });
});

describe('per-app hide flags', () => {
  const record = { hideCommunities: { DBT: true }, hideHealthNutrition: { DBT: { food: true, physical_activity: false }, CBT: { physical_activity: true } } };

  it('reads an app by its app-list key (DBT Coach and DBT Daily are DBT); nothing stored hides nothing', () => {
    expect(flagsOfApp(record, 'DBT_DAILY')).toEqual({ hideCommunities: true, food: true, physicalActivity: false });
    expect(flagsOfApp(record, 'CBT_COMPANION')).toEqual({ hideCommunities: false, food: false, physicalActivity: true });
    expect(flagsOfApp(null, 'ACT_COACH')).toEqual(NO_FLAGS);
  });

  it('hidden where any practice the client shares with hides it', () => {
    expect(combineFlags([NO_FLAGS, { hideCommunities: false, food: true, physicalActivity: false }])).toEqual({ hideCommunities: false, food: true, physicalActivity: false });
    expect(combineFlags([])).toEqual(NO_FLAGS);
  });

  it('a post filling a hidden section is named; reads leave hidden sections out', () => {
    const flags = { hideCommunities: false, food: false, physicalActivity: true };
    expect(hiddenSectionOf({ mood: 5, food: 'Soup' }, flags)).toBeNull();
    expect(hiddenSectionOf({ mood: 5, activityMinutes: 0 }, flags)).toBe('physicalActivity');
    expect(withoutHidden({ mood: 5, food: 'Soup', activityMinutes: 30 }, flags)).toEqual({ mood: 5, food: 'Soup' });
  });

  it('the input: an app-list key and three booleans', () => {
    expect(readHideFlagsInput({ app: 'MI', hideCommunities: true, food: false, physicalActivity: false })).toEqual({ key: 'MI', flags: { hideCommunities: true, food: false, physicalActivity: false } });
    expect(readHideFlagsInput({ app: 'MI_COACH', hideCommunities: true, food: false, physicalActivity: false })).toMatchObject({ problems: [{ field: 'app', reason: 'format' }] });
    expect(readHideFlagsInput({ app: 'MI', hideCommunities: 'yes', food: false })).toMatchObject({ problems: [{ field: 'hideCommunities', reason: 'format' }, { field: 'physicalActivity', reason: 'format' }] });
  });

  it('a record holding only flags still uses every app', () => {
    expect(toAppsUsed({ hideCommunities: { DBT: true } }).apps).toEqual({ ACT: true, DBT: true, IFS: true, CBT: true, COACH: true, MI: true });
  });
});
