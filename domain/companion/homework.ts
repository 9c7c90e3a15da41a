/**
 * Homework (issue 14), pure: what a clinician assigns (an exercise or worksheet from an app's
 * library, or a free-text task) to a client or a group, once or on a schedule, with a due date; the
 * occurrences a schedule makes; each occurrence's state; the keys it is stored under.
 *
 * Schedules are the assessments' (domain/assessments/schedule.ts: one schedule module): once,
 * weekly, every 2 weeks or monthly from a start date, local dates in the practice's zone. The due
 * date given is the first occurrence's; every later occurrence is due the same number of days after
 * it opens. A recurring assignment needs an end date and makes at most MAX_OCCURRENCES items, each
 * stored on its own (so the list pages by due date and the client marks each one done).
 *
 * States: an item is `assigned` until the client marks it `done` (final; an entry of theirs may be
 * linked). Read at a given day it shows ASSIGNED, DONE or OVERDUE (assigned and past its due date).
 */
import { dateValue, nthDate, readSchedule, type Frequency, type Schedule } from '../assessments/schedule.ts';
import type { FieldProblem } from '../client.ts';
import { readText, requireValue } from '../field-readers.ts';
import { refusalSentences } from '../human-text.ts';
import { libraryItem, type LibraryItem } from './homework-library.ts';

export const HOMEWORK_FREQUENCIES = ['ONCE', 'WEEKLY', 'BIWEEKLY', 'MONTHLY'] as const;
export type HomeworkFrequency = (typeof HOMEWORK_FREQUENCIES)[number];
const TO_SCHEDULE: Record<HomeworkFrequency, Frequency> = { ONCE: 'once', WEEKLY: 'weekly', BIWEEKLY: 'biweekly', MONTHLY: 'monthly' };

export const HOMEWORK_LIMITS = { title: 120, instructions: 2000, note: 500, maxOccurrences: 52, maxDueDays: 60 } as const;
export const MAX_OCCURRENCES = HOMEWORK_LIMITS.maxOccurrences;
const DAY = 86_400_000;

export const HOMEWORK_MESSAGES = {
  invalid: 'Check the homework',
  target: 'Choose either a client or a group.',
  source: 'Choose an exercise or worksheet from the library, or write a task with a title.',
  endRequired: 'A schedule needs an end date.',
  tooMany: `A schedule makes at most ${HOMEWORK_LIMITS.maxOccurrences} assignments; choose an earlier end date.`,
  due: `The due date is on or after the start date, at most ${HOMEWORK_LIMITS.maxDueDays} days after it.`,
  notFound: 'Homework not found.',
  alreadyDone: 'This homework is already marked done.',
  notOpen: 'This homework is not open yet.',
  entryNotFound: 'The linked entry was not found among your entries.',
  groupEmpty: 'This group has no members to assign homework to.',
} as const;

export type StoredState = 'assigned' | 'done';
export type HomeworkState = 'ASSIGNED' | 'DONE' | 'OVERDUE';
export const HOMEWORK_STATES: HomeworkState[] = ['ASSIGNED', 'DONE', 'OVERDUE'];

export interface HomeworkPlan {
  target: { clientId: string } | { groupId: string };
  /** From the library, or null for a free-text task. */
  library: LibraryItem | null;
  title: string;
  instructions: string | null;
  schedule: Schedule;
  frequency: HomeworkFrequency;
  /** Days from each occurrence's opening to its due date. */
  dueDays: number;
}

export interface Occurrence {
  /** The day it opens (the schedule's local date). */
  opensOn: string;
  dueDate: string;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const id = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 100 && value.indexOf('#') < 0 ? value : null);
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** Reads the Assign form; `today` is the practice's local date. */
export function readHomeworkInput(input: unknown, today: string): { plan: HomeworkPlan } | { problems: FieldProblem[]; message: string } {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const problems: FieldProblem[] = [];
  const said: string[] = [];
  const clientId = id(raw.clientId);
  const groupId = id(raw.groupId);
  if ((clientId === null) === (groupId === null) || (!blank(raw.clientId) && clientId === null) || (!blank(raw.groupId) && groupId === null)) {
    problems.push({ field: clientId === null && groupId === null ? 'clientId' : 'groupId', reason: 'required' });
    said.push(HOMEWORK_MESSAGES.target);
  }
  let library: LibraryItem | null = null;
  let title: string | null = null;
  let instructions: string | null = null;
  if (!blank(raw.libraryId)) {
    library = libraryItem(raw.libraryId);
    if (!library) problems.push({ field: 'libraryId', reason: 'unknown' });
    title = library ? library.title : null;
    instructions = readText(raw.instructions, 'instructions', HOMEWORK_LIMITS.instructions, problems, true) ?? (library ? library.instructions : null);
  } else {
    title = readText(raw.title, 'title', HOMEWORK_LIMITS.title, problems);
    instructions = readText(raw.instructions, 'instructions', HOMEWORK_LIMITS.instructions, problems, true);
    if (title === null && !problems.some((p) => p.field === 'title')) {
      requireValue(title, 'title', problems);
      said.push(HOMEWORK_MESSAGES.source);
    }
  }
  const frequency = (HOMEWORK_FREQUENCIES as readonly unknown[]).indexOf(raw.frequency) >= 0 ? (raw.frequency as HomeworkFrequency) : null;
  let schedule: Schedule | null = null;
  if (frequency === null) {
    problems.push({ field: 'frequency', reason: blank(raw.frequency) ? 'required' : 'unknown' });
  } else {
    const read = readSchedule({ frequency: TO_SCHEDULE[frequency], startDate: raw.startDate, endDate: raw.endDate }, today);
    if ('problem' in read) {
      problems.push({ field: read.problem === 'endBeforeStart' || read.problem === 'tooLong' ? 'endDate' : read.problem === 'frequency' ? 'frequency' : read.problem, reason: 'range' });
    } else {
      schedule = read.value;
      if (frequency !== 'ONCE' && !schedule.endDate) {
        problems.push({ field: 'endDate', reason: 'required' });
        said.push(HOMEWORK_MESSAGES.endRequired);
      } else if (frequency !== 'ONCE' && occurrencesOf(schedule, 0).length > MAX_OCCURRENCES) {
        problems.push({ field: 'endDate', reason: 'range' });
        said.push(HOMEWORK_MESSAGES.tooMany);
      }
    }
  }
  let dueDays = 0;
  const due = dateValue(raw.dueDate);
  if (blank(raw.dueDate)) {
    problems.push({ field: 'dueDate', reason: 'required' });
  } else if (due === null) {
    problems.push({ field: 'dueDate', reason: 'format' });
  } else if (schedule) {
    dueDays = Math.round((due - (dateValue(schedule.startDate) as number)) / DAY);
    if (dueDays < 0 || dueDays > HOMEWORK_LIMITS.maxDueDays) {
      problems.push({ field: 'dueDate', reason: 'range' });
      said.push(HOMEWORK_MESSAGES.due);
    }
  }
  if (problems.length > 0 || !schedule || !frequency || title === null) {
    const fields = problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
    return { problems, message: HOMEWORK_MESSAGES.invalid + ': ' + fields + '.' + (said.length > 0 ? ' ' + said.join(' ') : '') + refusalSentences(problems) };
  }
  return {
    plan: { target: clientId !== null ? { clientId } : { groupId: groupId as string }, library, title, instructions, schedule, frequency, dueDays },
  };
}

/** Every occurrence of a (bounded) schedule, each due `dueDays` after it opens; at most MAX_OCCURRENCES + 1. */
export function occurrencesOf(schedule: Schedule, dueDays: number): Occurrence[] {
  const out: Occurrence[] = [];
  for (let n = 0; n <= MAX_OCCURRENCES; n += 1) {
    const date = nthDate(schedule, n);
    if (schedule.endDate && date > schedule.endDate) break;
    out.push({ opensOn: date, dueDate: iso((dateValue(date) as number) + dueDays * DAY) });
    if (schedule.frequency === 'once' || !schedule.endDate) break;
  }
  return out;
}

/** What an item shows on a day (YYYY-MM-DD, the practice's zone). */
export function homeworkState(item: { state: StoredState; dueDate: string }, today: string): HomeworkState {
  if (item.state === 'done') return 'DONE';
  return item.dueDate < today ? 'OVERDUE' : 'ASSIGNED';
}

/** The client marks an item done: from assigned only, and only once it has opened. */
export function completeHomework(item: { state: StoredState; opensOn: string }, today: string): { state: 'done' } | { refusal: 'alreadyDone' | 'notOpen' } {
  if (item.state === 'done') return { refusal: 'alreadyDone' };
  if (item.opensOn > today) return { refusal: 'notOpen' };
  return { state: 'done' };
}

/** Whether the client sees an item yet (it has opened). */
export function isOpen(item: { opensOn: string }, today: string): boolean {
  return item.opensOn <= today;
}

/** An item's id: its due date first (the list sorts by it), then random hex. */
export function newItemId(dueDate: string, randomHex: string): string {
  return dueDate + '.' + randomHex;
}

/** Whether a string can be an item id (checked before any key is built from it). */
export function isItemId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 12 || value.length > 40 || dateValue(value.slice(0, 10)) === null || value.charAt(10) !== '.') return false;
  return value.slice(11).split('').every((c) => '0123456789abcdef'.indexOf(c) >= 0);
}

// Keys (Practice table, domain/tables.ts): items by due date in the practice partition; by client
// on GSI1 (P#<practice>#C#<client>); a group's items on GSI2 (P#<practice>#G#<group>).
export const homeworkPrefix = 'Homework#';
export const homeworkItemKey = (practiceId: string, itemId: string) => ({ PK: 'P#' + practiceId, SK: homeworkPrefix + itemId });
export const homeworkClientIndex = (practiceId: string, clientId: string, itemId: string) => ({ GSI1PK: 'P#' + practiceId + '#C#' + clientId, GSI1SK: homeworkPrefix + itemId });
export const homeworkGroupIndex = (practiceId: string, groupId: string, itemId: string) => ({ GSI2PK: groupPartition(practiceId, groupId), GSI2SK: homeworkPrefix + itemId });
export const groupPartition = (practiceId: string, groupId: string) => 'P#' + practiceId + '#G#' + groupId;
/** The clinician's homework (the client's clinician when assigned) on GSI3: an own-only clinician's list reads it. */
export const clinicianHomeworkPartition = (practiceId: string, therapistId: string) => 'P#' + practiceId + '#U#' + therapistId + '#Homework';
export const homeworkClinicianIndex = (practiceId: string, therapistId: string, itemId: string) => ({ GSI3PK: clinicianHomeworkPartition(practiceId, therapistId), GSI3SK: homeworkPrefix + itemId });
/** Every index an item is on: its client's (GSI1), its group's (GSI2, if any), its clinician's (GSI3, if any). */
export function homeworkIndexes(practiceId: string, itemId: string, clientId: string, therapistId: string | null, groupId: string | null): Record<string, string> {
  return {
    ...homeworkClientIndex(practiceId, clientId, itemId),
    ...(groupId ? homeworkGroupIndex(practiceId, groupId, itemId) : {}),
    ...(therapistId ? homeworkClinicianIndex(practiceId, therapistId, itemId) : {}),
  };
}
export const assignmentKey = (practiceId: string, assignmentId: string) => ({ PK: 'P#' + practiceId, SK: 'HomeworkAssignment#' + assignmentId });
