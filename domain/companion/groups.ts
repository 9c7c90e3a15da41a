/**
 * Groups (issue 14), pure: support groups and skills groups of a practice — name, kind,
 * facilitators (members of the practice who are clinicians or coordinators), members (clients) and
 * when it meets (a schedule of the one schedule module, domain/assessments/schedule.ts, plus a time
 * and a length). Who may change what: anyone holding the groups right with the practice's clients
 * in reach changes everything of a group they see; a coordinator (no client rights) manages the
 * groups they facilitate — name, kind, description, schedule, and members only among those already
 * in it (they cannot look up the practice's other clients), never the facilitators.
 */
import { dateValue, occurrencesBetween, readSchedule, type Frequency, type Schedule } from '../assessments/schedule.ts';
import type { FieldProblem } from '../client.ts';
import { readName, readText, requireValue } from '../field-readers.ts';
import { refusalSentences } from '../human-text.ts';

export const GROUP_KINDS = ['SKILLS', 'SUPPORT'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
export const GROUP_FREQUENCIES = ['WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const;
export type GroupFrequency = (typeof GROUP_FREQUENCIES)[number];
const TO_SCHEDULE: Record<GroupFrequency, Frequency> = { WEEKLY: 'weekly', BIWEEKLY: 'biweekly', MONTHLY: 'monthly' };

export const GROUP_LIMITS = { name: 100, description: 1000, facilitators: 10, members: 60, minMinutes: 15, maxMinutes: 480 } as const;

export const GROUP_MESSAGES = {
  invalid: 'Check the group',
  facilitator: 'Choose facilitators among the practice\'s clinicians and coordinators.',
  member: 'Choose members among the practice\'s clients.',
  coordinatorMembers: 'A coordinator can remove members but not add them; ask a clinician to add a client.',
  coordinatorFacilitators: 'Only a clinician can change who facilitates a group.',
  notFound: 'Group not found.',
} as const;

export interface GroupMeeting {
  frequency: GroupFrequency;
  startDate: string;
  endDate: string | null;
  /** HH:MM, the practice's zone. */
  time: string;
  minutes: number;
}

export interface GroupData {
  name: string;
  kind: GroupKind;
  description: string | null;
  facilitators: string[];
  members: string[];
  meets: GroupMeeting | null;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';
const ids = (value: unknown, field: string, max: number, problems: FieldProblem[]): string[] => {
  if (blank(value)) return [];
  if (!Array.isArray(value) || value.length > max || !value.every((v) => typeof v === 'string' && v.length > 0 && v.length <= 100 && v.indexOf('#') < 0)) {
    problems.push({ field, reason: Array.isArray(value) && value.length > max ? 'length' : 'format' });
    return [];
  }
  return Array.from(new Set(value as string[]));
};

function isTime(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 5 || value.charAt(2) !== ':') return false;
  const h = Number(value.slice(0, 2));
  const m = Number(value.slice(3));
  return '0123456789'.indexOf(value.charAt(0)) >= 0 && Number.isInteger(h) && Number.isInteger(m) && h >= 0 && h < 24 && m >= 0 && m < 60;
}

/** Reads a group's form (create or edit: the whole group); `today` is the practice's local date. */
export function readGroupInput(input: unknown, today: string): { group: GroupData } | { problems: FieldProblem[]; message: string } {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const problems: FieldProblem[] = [];
  const name = requireValue(readName(raw.name, 'name', GROUP_LIMITS.name, problems), 'name', problems);
  const kind = (GROUP_KINDS as readonly unknown[]).indexOf(raw.kind) >= 0 ? (raw.kind as GroupKind) : null;
  if (kind === null) problems.push({ field: 'kind', reason: blank(raw.kind) ? 'required' : 'unknown' });
  const description = readText(raw.description, 'description', GROUP_LIMITS.description, problems, true);
  const facilitators = ids(raw.facilitators, 'facilitators', GROUP_LIMITS.facilitators, problems);
  if (facilitators.length === 0 && !problems.some((p) => p.field === 'facilitators')) problems.push({ field: 'facilitators', reason: 'required' });
  const members = ids(raw.members, 'members', GROUP_LIMITS.members, problems);
  let meets: GroupMeeting | null = null;
  if (!blank(raw.meets)) {
    const m = (typeof raw.meets === 'object' ? raw.meets : {}) as Record<string, unknown>;
    const frequency = (GROUP_FREQUENCIES as readonly unknown[]).indexOf(m.frequency) >= 0 ? (m.frequency as GroupFrequency) : null;
    if (frequency === null) problems.push({ field: 'meets.frequency', reason: 'unknown' });
    // A group may have met for a while: a start in the past is kept (the schedule reader bounds it from `today`).
    const start = typeof m.startDate === 'string' && dateValue(m.startDate) !== null && m.startDate < today ? m.startDate : today;
    const read = frequency ? readSchedule({ frequency: TO_SCHEDULE[frequency], startDate: m.startDate, endDate: m.endDate }, start) : null;
    if (read && 'problem' in read) problems.push({ field: 'meets.' + (read.problem === 'endBeforeStart' || read.problem === 'tooLong' ? 'endDate' : read.problem), reason: 'range' });
    if (!isTime(m.time)) problems.push({ field: 'meets.time', reason: blank(m.time) ? 'required' : 'format' });
    const minutes = typeof m.minutes === 'number' && Number.isInteger(m.minutes) ? m.minutes : null;
    if (minutes === null || minutes < GROUP_LIMITS.minMinutes || minutes > GROUP_LIMITS.maxMinutes) problems.push({ field: 'meets.minutes', reason: 'range' });
    if (frequency && read && 'value' in read && isTime(m.time) && minutes !== null) {
      meets = { frequency, startDate: read.value.startDate, endDate: read.value.endDate, time: m.time, minutes };
    }
  }
  if (problems.length > 0 || name === null || kind === null) {
    const fields = problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
    return { problems, message: GROUP_MESSAGES.invalid + ': ' + fields + '.' + refusalSentences(problems) };
  }
  return { group: { name, kind, description, facilitators, members, meets } };
}

/**
 * What a coordinator may not change in an edit (null: allowed): the facilitators, and members
 * beyond those already in the group.
 */
export function coordinatorEditRefusal(before: { facilitators: string[]; members: string[] }, after: GroupData): 'coordinatorMembers' | 'coordinatorFacilitators' | null {
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.indexOf(x) >= 0);
  if (!same(before.facilitators, after.facilitators)) return 'coordinatorFacilitators';
  if (after.members.some((m) => before.members.indexOf(m) < 0)) return 'coordinatorMembers';
  return null;
}

/** The next meeting day on or after `today` (within the next ~2 months), or null. */
export function nextMeeting(meets: GroupMeeting | null, today: string): string | null {
  if (!meets) return null;
  const schedule: Schedule = { frequency: TO_SCHEDULE[meets.frequency], startDate: meets.startDate, endDate: meets.endDate };
  const until = new Date((dateValue(today) as number) + 62 * 86_400_000).toISOString().slice(0, 10);
  const next = occurrencesBetween(schedule, today, until);
  return next.length > 0 ? next[0] : null;
}

export const groupKey = (practiceId: string, groupId: string) => ({ PK: 'P#' + practiceId, SK: 'Group#' + groupId });
export const groupPrefix = 'Group#';
