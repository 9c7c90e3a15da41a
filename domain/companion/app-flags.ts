/**
 * The practice's per-app flags (issue 14; spec part 2 §3 "Apps used": hide-communities per app, hide
 * food and physical_activity per app). Set by the practice's owner and admins (setAppHideFlags),
 * kept on the practice's app-list record (domain/practice.ts appsUsedKey: `hideCommunities.<KEY>`,
 * `hideHealthNutrition.<KEY>.food|physical_activity`, KEY the app-list key: ACT, DBT, IFS, CBT,
 * COACH, MI) and honoured on the server: an app asks myAppSettings which sections to hide for its
 * user (hidden when any practice the client shares the app with hides it); an entry carrying a
 * hidden section's fields is refused and nothing is stored; a practice that hides a section does
 * not receive those fields of entries sent before. Pure; shared by the companion Lambda and tests.
 */
import type { FieldProblem } from '../client.ts';
import { APPS } from '../practice.ts';
import { APP_LIST_KEY, type CompanionApp } from './apps.ts';

export interface AppHideFlags {
  hideCommunities: boolean;
  food: boolean;
  physicalActivity: boolean;
}

export const NO_FLAGS: AppHideFlags = { hideCommunities: false, food: false, physicalActivity: false };

/** The entry fields each health section holds (MOOD_SLEEP: `food`, `activityMinutes`). */
export const HEALTH_FIELDS = { food: 'food', physicalActivity: 'activityMinutes' } as const;

export const APP_FLAG_MESSAGES = {
  app: 'Choose one of the apps: ACT, DBT, IFS, CBT, COACH or MI.',
  flags: 'Say for each section whether it is hidden (true or false).',
  food: 'Food logging is turned off in this app by a practice you share it with; the entry was not saved.',
  physicalActivity: 'Activity logging is turned off in this app by a practice you share it with; the entry was not saved.',
} as const;

/** The flags of one app-list key from the practice's stored record (null: nothing hidden). */
export function flagsOfKey(item: Record<string, unknown> | null | undefined, key: string): AppHideFlags {
  const communities = ((item && item.hideCommunities) || {}) as Record<string, unknown>;
  const health = ((((item && item.hideHealthNutrition) || {}) as Record<string, unknown>)[key] || {}) as Record<string, unknown>;
  return { hideCommunities: communities[key] === true, food: health.food === true, physicalActivity: health.physical_activity === true };
}

export function flagsOfApp(item: Record<string, unknown> | null | undefined, app: CompanionApp): AppHideFlags {
  return flagsOfKey(item, APP_LIST_KEY[app]);
}

/** Hidden where any of the practices hides it. */
export function combineFlags(all: AppHideFlags[]): AppHideFlags {
  return {
    hideCommunities: all.some((f) => f.hideCommunities),
    food: all.some((f) => f.food),
    physicalActivity: all.some((f) => f.physicalActivity),
  };
}

/** setAppHideFlags(input): an app-list key and the three flags, each a boolean. */
export function readHideFlagsInput(input: unknown): { key: string; flags: AppHideFlags } | { problems: FieldProblem[]; message: string } {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  if (typeof raw.app !== 'string' || APPS.indexOf(raw.app) < 0) return { problems: [{ field: 'app', reason: 'format' }], message: APP_FLAG_MESSAGES.app };
  const bad = ['hideCommunities', 'food', 'physicalActivity'].filter((k) => typeof raw[k] !== 'boolean');
  if (bad.length > 0) return { problems: bad.map((field) => ({ field, reason: 'format' })), message: APP_FLAG_MESSAGES.flags };
  return { key: raw.app, flags: { hideCommunities: raw.hideCommunities === true, food: raw.food === true, physicalActivity: raw.physicalActivity === true } };
}

/** The hidden section an entry's data would fill (null: none) — its post is refused. */
export function hiddenSectionOf(data: Record<string, unknown>, flags: AppHideFlags): 'food' | 'physicalActivity' | null {
  if (flags.food && data[HEALTH_FIELDS.food] !== undefined) return 'food';
  if (flags.physicalActivity && data[HEALTH_FIELDS.physicalActivity] !== undefined) return 'physicalActivity';
  return null;
}

/** An entry's data without the sections a practice hides (entries sent before it hid them). */
export function withoutHidden(data: Record<string, unknown>, flags: AppHideFlags): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  Object.keys(data).forEach((k) => {
    if ((flags.food && k === HEALTH_FIELDS.food) || (flags.physicalActivity && k === HEALTH_FIELDS.physicalActivity)) return;
    out[k] = data[k];
  });
  return out;
}
