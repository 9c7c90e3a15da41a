/**
 * Homework and groups (issue 14), pure: reading Assign or Schedule (target, library or task, the one
 * schedule module's frequencies, the due date), the occurrences a schedule makes, each item's state
 * and the client's "done" transition; a group's form and what a coordinator may change; a group's
 * homework when members join (what is still to come) or leave (what has not opened goes).
 */
import { describe, expect, it } from 'vitest';
import { HOMEWORK_LIBRARY, libraryItem } from '../../../domain/companion/homework-library.ts';
import { completeHomework, homeworkState, isItemId, newItemId, occurrencesOf, readHomeworkInput, type HomeworkPlan } from '../../../domain/companion/homework.ts';
import { coordinatorEditRefusal, nextMeeting, readGroupInput, type GroupData } from '../../../domain/companion/groups.ts';
import { APP_ENTRY_TYPES } from '../../../domain/companion/apps.ts';
import { EMDR_HANDOFF_SECONDS, handoffState, handoffUrl, isHandoffCode } from '../../../domain/companion/emdr.ts';
import { itemsToStop, occurrencesForNewMember, type GroupItem } from '../../../domain/companion/group-homework.ts';

const TODAY = '2026-11-26';
const plan = (input: Record<string, unknown>): HomeworkPlan => {
  const read = readHomeworkInput(input, TODAY);
  if (!('plan' in read)) throw new Error(read.message);
  return read.plan;
};
const message = (input: Record<string, unknown>): string => {
  const read = readHomeworkInput(input, TODAY);
  if ('plan' in read) throw new Error('accepted');
  return read.message;
};

describe('the homework library', () => {
  it('every item names an entry type its app records (or none), with unique ids', () => {
    expect(new Set(HOMEWORK_LIBRARY.map((i) => i.id)).size).toBe(HOMEWORK_LIBRARY.length);
    for (const item of HOMEWORK_LIBRARY) if (item.entryType) expect(APP_ENTRY_TYPES[item.app]).toContain(item.entryType);
    expect(libraryItem('cbt-thought-record')?.app).toBe('CBT_COMPANION');
    expect(libraryItem('constructor')).toBeNull();
  });
});

describe('Assign or Schedule', () => {
  it('a library item once: its title and instructions, due the given day', () => {
    const p = plan({ clientId: 'c1', libraryId: 'act-values-compass', frequency: 'ONCE', dueDate: '2026-11-30' });
    expect(p).toMatchObject({ target: { clientId: 'c1' }, title: 'Values compass', frequency: 'ONCE', dueDays: 4, schedule: { frequency: 'once', startDate: TODAY, endDate: null } });
    expect(p.instructions).toContain('committed action');
    expect(occurrencesOf(p.schedule, p.dueDays)).toEqual([{ opensOn: TODAY, dueDate: '2026-11-30' }]);
  });

  it('a weekly task: every week to the end date, each due as far after it opens as the first', () => {
    const p = plan({ groupId: 'g1', title: '  Walk  outside ', frequency: 'WEEKLY', startDate: '2026-11-27', endDate: '2026-12-18', dueDate: '2026-11-29' });
    expect(p.title).toBe('Walk outside');
    expect(occurrencesOf(p.schedule, p.dueDays)).toEqual([
      { opensOn: '2026-11-27', dueDate: '2026-11-29' }, { opensOn: '2026-12-04', dueDate: '2026-12-06' },
      { opensOn: '2026-12-11', dueDate: '2026-12-13' }, { opensOn: '2026-12-18', dueDate: '2026-12-20' },
    ]);
  });

  it('monthly keeps the day of month, on the last day of shorter months (the assessments\' schedule)', () => {
    const p = plan({ clientId: 'c', title: 'Review goals', frequency: 'MONTHLY', startDate: '2027-01-31', endDate: '2027-04-30', dueDate: '2027-01-31' });
    expect(occurrencesOf(p.schedule, p.dueDays).map((o) => o.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('refuses what cannot be assigned, naming the fields', () => {
    expect(message({ clientId: 'c', groupId: 'g', title: 't', frequency: 'ONCE', dueDate: TODAY })).toContain('Choose either a client or a group.');
    expect(message({ title: 't', frequency: 'ONCE', dueDate: TODAY })).toContain('clientId (required)');
    expect(message({ clientId: 'c', frequency: 'ONCE', dueDate: TODAY })).toContain('write a task with a title');
    expect(message({ clientId: 'c', title: 'a\u0000b', frequency: 'ONCE', dueDate: TODAY })).toContain('title (characters)');
    expect(message({ clientId: 'c', title: 't', frequency: 'DAILY', dueDate: TODAY })).toContain('frequency (unknown)');
    expect(message({ clientId: 'c', title: 't', frequency: 'BIWEEKLY', dueDate: TODAY })).toContain('A schedule needs an end date.');
    expect(message({ clientId: 'c', title: 't', frequency: 'WEEKLY', endDate: '2028-01-01', dueDate: TODAY })).toContain('at most 52 assignments');
    expect(message({ clientId: 'c', title: 't', frequency: 'ONCE', startDate: '2026-11-20', dueDate: TODAY })).toContain('startDate (range)');
    expect(message({ clientId: 'c', title: 't', frequency: 'ONCE', dueDate: '2026-11-25' })).toContain('The due date is on or after the start date');
    expect(message({ clientId: 'c', title: 't', frequency: 'ONCE', dueDate: '2027-02-01' })).toContain('dueDate (range)');
    expect(message({ clientId: 'c', title: 't', frequency: 'ONCE', dueDate: '2026-02-30' })).toContain('dueDate (format)');
    expect(message({ clientId: 'a#b', title: 't', frequency: 'ONCE', dueDate: TODAY })).toContain('Choose either a client or a group.');
  });
});

describe('homework states', () => {
  it('assigned until done; overdue once past its due day; done whatever the day', () => {
    expect(homeworkState({ state: 'assigned', dueDate: TODAY }, TODAY)).toBe('ASSIGNED');
    expect(homeworkState({ state: 'assigned', dueDate: '2026-11-25' }, TODAY)).toBe('OVERDUE');
    expect(homeworkState({ state: 'done', dueDate: '2026-11-01' }, TODAY)).toBe('DONE');
  });

  it('the client marks it done once, and only once it has opened (late is still done)', () => {
    expect(completeHomework({ state: 'assigned', opensOn: '2026-11-01' }, TODAY)).toEqual({ state: 'done' });
    expect(completeHomework({ state: 'done', opensOn: '2026-11-01' }, TODAY)).toEqual({ refusal: 'alreadyDone' });
    expect(completeHomework({ state: 'assigned', opensOn: '2026-11-27' }, TODAY)).toEqual({ refusal: 'notOpen' });
  });

  it('item ids start with the due date and are checked before a key is built', () => {
    const id = newItemId('2026-12-01', 'a1b2c3d4e5f6');
    expect(isItemId(id)).toBe(true);
    expect(isItemId('2026-12-01.A1B2#x')).toBe(false);
    expect(isItemId('2026-13-01.a1b2c3d4e5f6')).toBe(false);
    expect(isItemId(42)).toBe(false);
  });
});

describe('groups', () => {
  const input = { name: 'Tuesday DBT skills', kind: 'SKILLS', facilitators: ['u1', 'u1'], members: ['c1', 'c2'], meets: { frequency: 'WEEKLY', startDate: '2026-09-01', time: '18:00', minutes: 90 } };
  const group = (over: Partial<GroupData>): GroupData => {
    const read = readGroupInput({ ...input, ...over }, TODAY);
    if (!('group' in read)) throw new Error(read.message);
    return read.group;
  };

  it('reads a group (a start in the past is kept) and finds its next meeting', () => {
    const g = group({});
    expect(g).toMatchObject({ facilitators: ['u1'], members: ['c1', 'c2'], meets: { frequency: 'WEEKLY', startDate: '2026-09-01', endDate: null, time: '18:00', minutes: 90 } });
    expect(nextMeeting(g.meets, TODAY)).toBe('2026-12-01');
    expect(nextMeeting(null, TODAY)).toBeNull();
  });

  it('refuses a group without a name, kind or facilitator, or with a bad meeting time', () => {
    const read = readGroupInput({ name: '<b>', kind: 'CLUB', facilitators: [], meets: { frequency: 'WEEKLY', time: '25:00', minutes: 5 } }, TODAY);
    expect('message' in read && read.message).toContain('name (markup), kind (unknown), facilitators (required), meets.time (format), meets.minutes (range)');
  });

  it('a coordinator may remove members but not add them, and never change the facilitators', () => {
    const before = { facilitators: ['u1'], members: ['c1', 'c2'] };
    expect(coordinatorEditRefusal(before, group({ facilitators: ['u1'], members: ['c1'] }))).toBeNull();
    expect(coordinatorEditRefusal(before, group({ facilitators: ['u1'], members: ['c1', 'c3'] }))).toBe('coordinatorMembers');
    expect(coordinatorEditRefusal(before, group({ facilitators: ['u1', 'u2'], members: ['c1'] }))).toBe('coordinatorFacilitators');
  });
});

describe('the EMDR hand-off code', () => {
  it('opens once, for 60 seconds; the code rides in the fragment of the app\'s address', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(handoffState({ state: 'open', validUntil: '2026-11-26T10:00:59Z' }, now)).toBe('open');
    expect(handoffState({ state: 'open', validUntil: '2026-11-26T10:00:00Z' }, now)).toBe('expired');
    expect(handoffState({ state: 'used', validUntil: '2026-11-26T10:00:59Z' }, now)).toBe('used');
    expect(handoffState(null, now)).toBe('unknown');
    expect(EMDR_HANDOFF_SECONDS).toBe(60);
    expect(handoffUrl('https://emdr.example.test/start#old', 'c'.repeat(43))).toBe('https://emdr.example.test/start#handoff=' + 'c'.repeat(43));
    expect(isHandoffCode('a'.repeat(43))).toBe(true);
    expect(isHandoffCode('a'.repeat(42) + '#')).toBe(false);
    expect(isHandoffCode(undefined)).toBe(false);
  });
});

describe("a group's homework when members change", () => {
  const TODAY = '2026-11-26';
  const item = (clientId: string, assignmentId: string, opensOn: string, dueDate: string, state: 'assigned' | 'done' = 'assigned'): GroupItem =>
    ({ id: dueDate + '.' + clientId + assignmentId, clientId, assignmentId, opensOn, dueDate, state, groupId: 'g1', title: 'Practise STOP', kind: 'EXERCISE', app: 'DBT_COACH', libraryId: 'dbt-stop-skill', entryType: 'SKILL_PRACTICE', instructions: 'x', assignedBy: 'u1' });
  const items = [
    item('c1', 'a1', '2026-11-12', '2026-11-14', 'done'), item('c2', 'a1', '2026-11-12', '2026-11-14'), // past due: not given
    item('c1', 'a1', '2026-11-26', '2026-11-28'), item('c2', 'a1', '2026-11-26', '2026-11-28', 'done'), // open now, due later
    item('c1', 'a1', '2026-12-03', '2026-12-05'), item('c2', 'a1', '2026-12-03', '2026-12-05'), // not yet open
    item('c1', 'a2', '2026-11-20', '2026-11-26'), // due today: still to come
  ];

  it('a new member gets one copy of each occurrence not yet due, with none of another member\'s state', () => {
    const given = occurrencesForNewMember(items, TODAY);
    expect(given.map((o) => `${String(o.assignmentId)}@${String(o.dueDate)}`)).toEqual(['a2@2026-11-26', 'a1@2026-11-28', 'a1@2026-12-05']);
    expect(given[1]).toEqual({ assignmentId: 'a1', groupId: 'g1', app: 'DBT_COACH', libraryId: 'dbt-stop-skill', kind: 'EXERCISE', entryType: 'SKILL_PRACTICE', title: 'Practise STOP', instructions: 'x', opensOn: '2026-11-26', dueDate: '2026-11-28', assignedBy: 'u1' });
  });

  it('a leaving member loses only what has not opened', () => {
    expect(itemsToStop(items, ['c2'], TODAY).map((i) => i.dueDate)).toEqual(['2026-12-05']);
    expect(itemsToStop(items, [], TODAY)).toEqual([]);
  });
});
