/**
 * Homework and groups for the console (issue 14): the library, Assign or Schedule, the homework list
 * (20 a page), groups (list, create, editGroup, the entries overview). The shapes are schema.graphql's
 * (HomeworkLibraryItem, Homework, Group, GroupOverview); the server keeps each caller to their reach.
 */
import { ApiError, call } from '../settings/graphql';

export type HomeworkState = 'ASSIGNED' | 'DONE' | 'OVERDUE';
export type HomeworkFrequency = 'ONCE' | 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY';
export interface LibraryItem { id: string; app: string; kind: string; title: string; instructions: string; entryType: string | null }
export interface Homework {
  id: string; clientId: string; clientName: string | null; groupId: string | null; groupName: string | null; app: string | null; kind: string;
  title: string; instructions: string | null; opensOn: string; dueDate: string; state: HomeworkState; doneAt: string | null; entryId: string | null;
}
export interface HomeworkPage { items: Homework[]; nextToken: string | null }
export interface HomeworkInput {
  clientId?: string | null; groupId?: string | null; libraryId?: string | null; title?: string | null; instructions?: string | null;
  frequency: HomeworkFrequency; startDate?: string | null; endDate?: string | null; dueDate: string;
}
export interface Assigned { id: string; count: number; firstDue: string; lastDue: string }
export interface Person { id: string; name: string }
export interface GroupMeeting { frequency: 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY'; startDate: string; endDate: string | null; time: string; minutes: number }
export interface Group {
  id: string; name: string; kind: 'SKILLS' | 'SUPPORT'; description: string | null; facilitators: Person[]; members: Person[];
  meets: GroupMeeting | null; nextMeeting: string | null; canEdit: boolean;
}
export interface GroupList { items: Group[]; facilitatorOptions: Person[] }
export interface GroupInput { name: string; kind: string; description: string | null; facilitators: string[]; members: string[]; meets: GroupMeeting | null }
export interface MemberOverview {
  clientId: string; name: string; apps: string[]; lastEntryDate: string | null; lastHighUrgeDate: string | null; entryCount: number;
  homeworkDone: number; homeworkOverdue: number; homeworkAssigned: number;
}

const ITEM = 'id clientId clientName groupId groupName app kind title instructions opensOn dueDate state doneAt entryId';
const GROUP = 'id name kind description facilitators { id name } members { id name } meets { frequency startDate endDate time minutes } nextMeeting canEdit';

export const homeworkLibrary = () => call<LibraryItem[]>('query HomeworkLibrary { getHomeworkLibrary { id app kind title instructions entryType } }', {}, (d) => d.getHomeworkLibrary as LibraryItem[]);
export const assignHomework = (input: HomeworkInput) =>
  call<Assigned>('mutation AssignHomework($i: HomeworkInput!) { assignHomework(input: $i) { id count firstDue lastDue } }', { i: input }, (d) => d.assignHomework as Assigned);
export const listHomework = (filters: { clientId?: string | null; groupId?: string | null; state?: HomeworkState | null }, nextToken: string | null) =>
  call<HomeworkPage>(
    `query ListHomework($c: ID, $g: ID, $s: HomeworkState, $n: String) { listHomework(clientId: $c, groupId: $g, state: $s, nextToken: $n) { items { ${ITEM} } nextToken } }`,
    { c: filters.clientId ?? null, g: filters.groupId ?? null, s: filters.state ?? null, n: nextToken },
    (d) => d.listHomework as HomeworkPage,
  );
export const listGroups = () => call<GroupList>(`query ListGroups { listGroups { items { ${GROUP} } facilitatorOptions { id name } } }`, {}, (d) => d.listGroups as GroupList);
export const createGroup = (input: GroupInput) => call<Group>(`mutation CreateGroup($i: GroupInput!) { createGroup(input: $i) { ${GROUP} } }`, { i: input }, (d) => d.createGroup as Group);
export const editGroup = (groupId: string, input: GroupInput) =>
  call<Group>(`mutation EditGroup($g: ID!, $i: GroupInput!) { editGroup(groupId: $g, input: $i) { ${GROUP} } }`, { g: groupId, i: input }, (d) => d.editGroup as Group);
export const groupOverview = (groupId: string) =>
  call<MemberOverview[]>(
    'query GroupOverview($g: ID!) { getGroupOverview(groupId: $g) { members { clientId name apps lastEntryDate lastHighUrgeDate entryCount homeworkDone homeworkOverdue homeworkAssigned } } }',
    { g: groupId },
    (d) => (d.getGroupOverview as { members: MemberOverview[] }).members,
  );
/** The validation message of a refused save, else null (the banner reports other failures). */
export function refusal(e: unknown): string | null {
  return e instanceof ApiError && ['ValidationError', 'ConflictError', 'NotFound'].indexOf(e.errorType) >= 0 && e.message ? e.message : null;
}
