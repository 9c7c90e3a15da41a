/**
 * Companion-app entries (issue 14): what each entry type holds and the one validation of it, used
 * by the companion Lambda (the apps and the client portal post through it) and by the seed. Text
 * goes through the one human-text reader (field-readers.ts); ratings are whole numbers in their
 * range; unknown keys are refused, so nothing unvalidated is stored. Problems name the field and
 * the rule, never the value. Docs for app developers: docs/companion-api.md.
 */
import { onlyKeys, readFlag, readInt, readName, readObject, readText, requireValue } from '../field-readers.ts';
import type { FieldProblem } from '../client.ts';
import { APP_ENTRY_TYPES, isCompanionApp, isEntryType, type CompanionApp, type EntryType } from './apps.ts';

export const ENTRY_LIMITS = {
  /** notes and other free text (characters). */
  note: 2000,
  /** one-line answers: a situation, a value, a part's name. */
  line: 200,
  /** a skill's or a target behaviour's name. */
  name: 80,
  /** list lengths: skills used, target behaviours. */
  list: 20,
  /** how far back an entry's day may be (days). */
  maxAgeDays: 800,
} as const;

/** DBT diary card ratings (0–5). */
export const DIARY_EMOTIONS = ['sadness', 'anger', 'fear', 'shame', 'guilt', 'joy'] as const;
export const DIARY_URGES = ['selfHarm', 'suicide', 'substanceUse', 'quitTherapy'] as const;
/** An urge at or above this is "needs attention" on the app page. */
export const HIGH_URGE = 4;

export const DBT_MODULES = ['mindfulness', 'distressTolerance', 'emotionRegulation', 'interpersonalEffectiveness'] as const;
export const DISTORTIONS = [
  'allOrNothing', 'overgeneralization', 'mentalFilter', 'discountingPositive', 'mindReading', 'fortuneTelling',
  'catastrophizing', 'emotionalReasoning', 'shouldStatements', 'labeling', 'personalization',
] as const;

export type EntryData = Record<string, unknown>;

export interface EntryInput {
  app: CompanionApp;
  type: EntryType;
  /** The day the entry is about (YYYY-MM-DD). */
  date: string;
  data: EntryData;
}

export interface EntryValidation {
  problems: FieldProblem[];
  entry: EntryInput | null;
}

export const ENTRY_MESSAGES = {
  invalid: 'The entry is not valid',
  typeForApp: 'This app does not send this type of entry.',
  date: 'Enter the day of the entry as YYYY-MM-DD, not in the future and not more than two years ago.',
  rating: 'Ratings are whole numbers within their scale (0–5, 0–10 or 0–100 as documented).',
  length: 'Notes have at most 2,000 characters; one-line answers at most 200.',
} as const;

function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10 || value[4] !== '-' || value[7] !== '-') return false;
  const t = Date.parse(value + 'T00:00:00Z');
  return !isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
}

/** The entry's day: a real date, at most one day ahead of `today` (time zones) and at most maxAgeDays back. */
export function readEntryDay(value: unknown, today: string, problems: FieldProblem[]): string | null {
  if (value === null || value === undefined) {
    problems.push({ field: 'date', reason: 'required' });
    return null;
  }
  if (!isDay(value)) {
    problems.push({ field: 'date', reason: 'format' });
    return null;
  }
  const days = (Date.parse(value + 'T00:00:00Z') - Date.parse(today + 'T00:00:00Z')) / 86400000;
  if (days > 1 || days < -ENTRY_LIMITS.maxAgeDays) {
    problems.push({ field: 'date', reason: 'range' });
    return null;
  }
  return value;
}

function ratings(data: EntryData, key: string, names: readonly string[], max: number, problems: FieldProblem[]): Record<string, number> {
  const input = readObject(data[key], key, problems);
  onlyKeys(input, names as string[], key + '.', problems);
  const out: Record<string, number> = {};
  names.forEach((name) => {
    const v = readInt(input[name], key + '.' + name, 0, max, problems);
    if (v !== null) out[name] = v;
  });
  return out;
}

function nameList(value: unknown, field: string, problems: FieldProblem[]): string[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ field, reason: 'format' });
    return [];
  }
  if (value.length > ENTRY_LIMITS.list) {
    problems.push({ field, reason: 'length' });
    return [];
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    const name = readText(item, field + '.' + i, ENTRY_LIMITS.name, problems);
    if (name !== null && out.indexOf(name) < 0) out.push(name);
  });
  return out;
}

function oneOf(value: unknown, field: string, allowed: readonly string[], problems: FieldProblem[]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || allowed.indexOf(value) < 0) {
    problems.push({ field, reason: 'format' });
    return null;
  }
  return value;
}

const note = (data: EntryData, problems: FieldProblem[], field = 'notes') => readText(data[field], field, ENTRY_LIMITS.note, problems, true);
const line = (data: EntryData, field: string, problems: FieldProblem[]) => readText(data[field], field, ENTRY_LIMITS.line, problems);
const must = <T>(value: T | null, field: string, problems: FieldProblem[]) => requireValue(value, field, problems);

/** Drops absent (null) values so stored entries hold only what was said. */
function present(data: Record<string, unknown>): EntryData {
  const out: EntryData = {};
  Object.keys(data).forEach((k) => {
    const v = data[k];
    if (v !== null && v !== undefined) out[k] = v;
  });
  return out;
}

type Reader = (data: EntryData, problems: FieldProblem[]) => EntryData;

const READERS: Record<EntryType, { keys: string[]; read: Reader }> = {
  DIARY_CARD: {
    keys: ['emotions', 'urges', 'targets', 'skillsUsed', 'notes'],
    read: (d, p) => {
      const emotions = ratings(d, 'emotions', DIARY_EMOTIONS, 5, p);
      const urges = ratings(d, 'urges', DIARY_URGES, 5, p);
      if (Object.keys(emotions).length === 0 && Object.keys(urges).length === 0 && !p.some((x) => x.field.indexOf('emotions') === 0 || x.field.indexOf('urges') === 0)) {
        p.push({ field: 'emotions', reason: 'required' });
      }
      return present({ emotions, urges, targets: nameList(d.targets, 'targets', p), skillsUsed: nameList(d.skillsUsed, 'skillsUsed', p), notes: note(d, p) });
    },
  },
  THOUGHT_RECORD: {
    keys: ['situation', 'automaticThought', 'emotion', 'intensityBefore', 'intensityAfter', 'distortion', 'balancedThought'],
    read: (d, p) => present({
      situation: must(line(d, 'situation', p), 'situation', p),
      automaticThought: must(readText(d.automaticThought, 'automaticThought', ENTRY_LIMITS.note, p, true), 'automaticThought', p),
      emotion: must(readName(d.emotion, 'emotion', ENTRY_LIMITS.name, p), 'emotion', p),
      intensityBefore: must(readInt(d.intensityBefore, 'intensityBefore', 0, 100, p), 'intensityBefore', p),
      intensityAfter: readInt(d.intensityAfter, 'intensityAfter', 0, 100, p),
      distortion: oneOf(d.distortion, 'distortion', DISTORTIONS, p),
      balancedThought: readText(d.balancedThought, 'balancedThought', ENTRY_LIMITS.note, p, true),
    }),
  },
  VALUES_ACTION: {
    keys: ['value', 'committedAction', 'done', 'willingness', 'notes'],
    read: (d, p) => present({
      value: must(line(d, 'value', p), 'value', p),
      committedAction: must(line(d, 'committedAction', p), 'committedAction', p),
      done: readFlag(d.done, 'done', false, p),
      willingness: readInt(d.willingness, 'willingness', 0, 10, p),
      notes: note(d, p),
    }),
  },
  READINESS_RULER: {
    keys: ['behaviour', 'importance', 'confidence', 'readiness', 'changeTalk'],
    read: (d, p) => present({
      behaviour: must(line(d, 'behaviour', p), 'behaviour', p),
      importance: must(readInt(d.importance, 'importance', 0, 10, p), 'importance', p),
      confidence: must(readInt(d.confidence, 'confidence', 0, 10, p), 'confidence', p),
      readiness: must(readInt(d.readiness, 'readiness', 0, 10, p), 'readiness', p),
      changeTalk: note(d, p, 'changeTalk'),
    }),
  },
  PARTS_CHECKIN: {
    keys: ['part', 'feeling', 'intensity', 'selfEnergy', 'needs', 'notes'],
    read: (d, p) => present({
      part: must(line(d, 'part', p), 'part', p),
      feeling: readText(d.feeling, 'feeling', ENTRY_LIMITS.name, p),
      intensity: must(readInt(d.intensity, 'intensity', 0, 10, p), 'intensity', p),
      selfEnergy: readInt(d.selfEnergy, 'selfEnergy', 0, 10, p),
      needs: line(d, 'needs', p),
      notes: note(d, p),
    }),
  },
  SKILL_PRACTICE: {
    keys: ['skill', 'module', 'effectiveness', 'minutes', 'notes'],
    read: (d, p) => present({
      skill: must(readText(d.skill, 'skill', ENTRY_LIMITS.name, p), 'skill', p),
      module: oneOf(d.module, 'module', DBT_MODULES, p),
      effectiveness: must(readInt(d.effectiveness, 'effectiveness', 0, 5, p), 'effectiveness', p),
      minutes: readInt(d.minutes, 'minutes', 0, 600, p),
      notes: note(d, p),
    }),
  },
  MOOD_SLEEP: {
    // food and activityMinutes: the app's health sections (a practice may hide them: app-flags.ts).
    keys: ['mood', 'sleepHours', 'sleepQuality', 'food', 'activityMinutes', 'notes'],
    read: (d, p) => {
      let sleepHours: number | null = null;
      if (d.sleepHours !== null && d.sleepHours !== undefined) {
        const h = d.sleepHours;
        if (typeof h !== 'number' || h < 0 || h > 24 || Math.round(h * 4) !== h * 4) p.push({ field: 'sleepHours', reason: 'format' });
        else sleepHours = h;
      }
      return present({
        mood: must(readInt(d.mood, 'mood', 0, 10, p), 'mood', p), sleepHours, sleepQuality: readInt(d.sleepQuality, 'sleepQuality', 0, 5, p),
        food: line(d, 'food', p), activityMinutes: readInt(d.activityMinutes, 'activityMinutes', 0, 1440, p), notes: note(d, p),
      });
    },
  },
};

/**
 * Validates one entry as an app sends it: app, type (one the app sends), day and the type's data.
 * `today` is the server's UTC day (YYYY-MM-DD).
 */
export function validateEntry(input: { app?: unknown; type?: unknown; date?: unknown; data?: unknown }, today: string): EntryValidation {
  const problems: FieldProblem[] = [];
  if (!isCompanionApp(input.app)) problems.push({ field: 'app', reason: input.app === undefined || input.app === null ? 'required' : 'format' });
  if (!isEntryType(input.type)) problems.push({ field: 'type', reason: input.type === undefined || input.type === null ? 'required' : 'format' });
  const date = readEntryDay(input.date, today, problems);
  if (problems.some((p) => p.field === 'app' || p.field === 'type')) return { problems, entry: null };
  const app = input.app as CompanionApp;
  const type = input.type as EntryType;
  if (APP_ENTRY_TYPES[app].indexOf(type) < 0) {
    problems.push({ field: 'type', reason: 'unknown' });
    return { problems, entry: null };
  }
  const raw = readObject(input.data, 'data', problems);
  const reader = READERS[type];
  onlyKeys(raw, reader.keys, '', problems);
  const data = reader.read(raw, problems);
  return { problems, entry: problems.length === 0 && date !== null ? { app, type, date, data } : null };
}

/** The one sentence a caller reads for an entry's problems: what kind of fault, then the fields (names only). */
export function entryProblemMessage(problems: FieldProblem[]): string {
  const has = (reason: string) => problems.some((p) => p.reason === reason);
  const said: string[] = [];
  if (problems.some((p) => p.field === 'type' && p.reason === 'unknown')) said.push(ENTRY_MESSAGES.typeForApp);
  if (problems.some((p) => p.field === 'date' && p.reason !== 'required')) said.push(ENTRY_MESSAGES.date);
  if (problems.some((p) => p.reason === 'format' && p.field !== 'date' && p.field !== 'app' && p.field !== 'type')) said.push(ENTRY_MESSAGES.rating);
  if (has('length')) said.push(ENTRY_MESSAGES.length);
  const fields = problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
  return ENTRY_MESSAGES.invalid + ': ' + fields + '.' + (said.length > 0 ? ' ' + said.join(' ') : '');
}

/** Highest urge of a diary card (null for other types): "needs attention" at HIGH_URGE or more. */
export function highestUrge(type: string, data: EntryData): number | null {
  if (type !== 'DIARY_CARD') return null;
  const urges = (data.urges ?? {}) as Record<string, unknown>;
  const values = Object.keys(urges).map((k) => urges[k]).filter((v): v is number => typeof v === 'number');
  return values.length > 0 ? Math.max(...values) : null;
}
