/**
 * Companion apps (issue 14): the apps whose entries clients share with practices, the entry types
 * each app sends, and how they map to the console (routes) and to the practice's app list
 * (schema.graphql AppsEnabled keys, domain/practice.ts APPS). Pure; shared by the companion Lambda,
 * the seed and the web.
 */

export const COMPANION_APPS = ['DBT_COACH', 'CBT_COMPANION', 'ACT_COACH', 'MI_COACH', 'DBT_DAILY', 'IFS_COMPANION'] as const;
export type CompanionApp = (typeof COMPANION_APPS)[number];

export const ENTRY_TYPES = ['DIARY_CARD', 'THOUGHT_RECORD', 'VALUES_ACTION', 'READINESS_RULER', 'PARTS_CHECKIN', 'SKILL_PRACTICE', 'MOOD_SLEEP'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Which entry types each app sends (mood and sleep: every app). */
export const APP_ENTRY_TYPES: Record<CompanionApp, EntryType[]> = {
  DBT_COACH: ['DIARY_CARD', 'SKILL_PRACTICE', 'MOOD_SLEEP'],
  DBT_DAILY: ['DIARY_CARD', 'SKILL_PRACTICE', 'MOOD_SLEEP'],
  CBT_COMPANION: ['THOUGHT_RECORD', 'MOOD_SLEEP'],
  ACT_COACH: ['VALUES_ACTION', 'MOOD_SLEEP'],
  MI_COACH: ['READINESS_RULER', 'MOOD_SLEEP'],
  IFS_COMPANION: ['PARTS_CHECKIN', 'MOOD_SLEEP'],
};

/** The console route of each app's page (spec part 2 §2.1). */
export const APP_ROUTES: Record<CompanionApp, string> = {
  DBT_COACH: '/app/dbt-coach',
  CBT_COMPANION: '/app/cbt-companion',
  ACT_COACH: '/app/act-coach',
  MI_COACH: '/app/mi-coach',
  DBT_DAILY: '/app/dbt-daily',
  IFS_COMPANION: '/app/ifs-companion',
};

/** The practice's app-list key (AppsEnabled) each companion app counts under; DBT Daily is the DBT app's daily diary. */
export const APP_LIST_KEY: Record<CompanionApp, string> = {
  DBT_COACH: 'DBT',
  DBT_DAILY: 'DBT',
  CBT_COMPANION: 'CBT',
  ACT_COACH: 'ACT',
  MI_COACH: 'MI',
  IFS_COMPANION: 'IFS',
};

export function isCompanionApp(value: unknown): value is CompanionApp {
  return typeof value === 'string' && (COMPANION_APPS as readonly string[]).indexOf(value) >= 0;
}

export function isEntryType(value: unknown): value is EntryType {
  return typeof value === 'string' && (ENTRY_TYPES as readonly string[]).indexOf(value) >= 0;
}

export function appForRoute(route: string): CompanionApp | null {
  const found = COMPANION_APPS.filter((app) => APP_ROUTES[app] === route);
  return found.length > 0 ? found[0] : null;
}
