/**
 * Authorization matrix rows: homework and groups (issue 14) — the homework and groups rights
 * (owner, admin, the three clinician roles and coordinators; spec §6), Premium and Professional;
 * whom a caller reaches is the homework Lambda's (every client, their own, or the members of the
 * groups they facilitate). The client's homework is the client principal's. Columns: CALLERS (matrix.ts).
 */
import { A, N, U, call, freshClient, outcomeOf, subOf, type AuthzDomain, type Who } from './matrix.ts';

const today = () => new Date().toISOString().slice(0, 10);
const ASSIGN = 'mutation ($i: HomeworkInput!) { assignHomework(input: $i) { id count } }';
const CREATE = 'mutation ($i: GroupInput!) { createGroup(input: $i) { id } }';
const group = (facilitator: string) => ({ name: 'Matrix skills group', kind: 'SKILLS', facilitators: [facilitator], members: [] });

/** A group of the owner's (the owner facilitates), made for one call. */
async function ownersGroup(): Promise<string> {
  return (await call('owner', CREATE, { i: group(subOf('owner')) })).data.createGroup.id as string;
}

/** Homework the owner assigns to the demo client's record; the client's id of it. */
async function clientHomework(): Promise<{ practiceId: string; id: string }> {
  const me = (await call('client', '{ clientMe { practices { practiceId clientId } } }')).data.clientMe.practices[0] as { practiceId: string; clientId: string };
  await call('owner', ASSIGN, { i: { clientId: me.clientId, title: 'Matrix task', frequency: 'ONCE', dueDate: today() } });
  const mine = (await call('client', '{ myHomework { id practiceId title state } }')).data.myHomework as { id: string; practiceId: string; title: string; state: string }[];
  const open = mine.find((h) => h.title === 'Matrix task' && h.state !== 'DONE')!;
  return { practiceId: open.practiceId, id: open.id };
}

export const homework: AuthzDomain = {
  // prettier-ignore
  /**                                  owner admin full  bBill basic super biller sched coord other */
  expected: {
    // The homework right: the clinician roles and coordinators; another practice reads its own library.
    'Query.getHomeworkLibrary':       [A,    A,    A,    A,    A,    U,    U,    U,    A,    A],
    // Assigning to the owner's client: the practice-wide roles; own-only roles and coordinators do not reach them.
    'Mutation.assignHomework':        [A,    A,    A,    N,    N,    U,    U,    U,    N,    N],
    // The list shows the caller's reach (homework or homework-list).
    'Query.listHomework':             [A,    A,    A,    A,    A,    U,    U,    U,    A,    A],
    // Groups: the groups right; a caller sees every group (client.all) or the ones they facilitate.
    'Query.listGroups':               [A,    A,    A,    A,    A,    U,    U,    U,    A,    A],
    'Mutation.createGroup':           [A,    A,    A,    A,    A,    U,    U,    U,    A,    A],
    'Mutation.editGroup':             [A,    A,    A,    N,    N,    U,    U,    U,    N,    N],
    'Query.getGroupOverview':         [A,    A,    A,    N,    N,    U,    U,    U,    N,    N],
    // The EMDR item (/app/emdr in the spec's tables): the Apps right, the coach apps (every plan).
    'Mutation.createEmdrHandoff':     [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    // The client's homework: the client principal only (see clientAllowed).
    'Query.myHomework':               [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.completeHomework':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  clientAllowed: ['Query.myHomework', 'Mutation.completeHomework'],
  operations: {
    'Query.getHomeworkLibrary': async (who) => outcomeOf(await call(who, '{ getHomeworkLibrary { id } }'), 'Query.getHomeworkLibrary'),
    'Mutation.assignHomework': async (who) =>
      outcomeOf(await call(who, ASSIGN, { i: { clientId: await freshClient('Homework'), libraryId: 'cbt-thought-record', frequency: 'ONCE', dueDate: today() } }), 'Mutation.assignHomework'),
    'Query.listHomework': async (who) => outcomeOf(await call(who, '{ listHomework { items { id } nextToken } }'), 'Query.listHomework'),
    'Query.listGroups': async (who) => outcomeOf(await call(who, '{ listGroups { items { id } } }'), 'Query.listGroups'),
    'Mutation.createGroup': async (who: Who) => outcomeOf(await call(who, CREATE, { i: group(who === 'client' ? 'none' : subOf(who)) }), 'Mutation.createGroup'),
    'Mutation.editGroup': async (who) =>
      outcomeOf(await call(who, 'mutation ($g: ID!, $i: GroupInput!) { editGroup(groupId: $g, input: $i) { id } }', { g: await ownersGroup(), i: { ...group(subOf('owner')), name: 'Matrix group, renamed' } }), 'Mutation.editGroup'),
    'Query.getGroupOverview': async (who) =>
      outcomeOf(await call(who, 'query ($g: ID!) { getGroupOverview(groupId: $g) { groupId } }', { g: await ownersGroup() }), 'Query.getGroupOverview'),
    'Mutation.createEmdrHandoff': async (who) => outcomeOf(await call(who, 'mutation { createEmdrHandoff { url } }'), 'Mutation.createEmdrHandoff'),
    'Query.myHomework': async (who) => outcomeOf(await call(who, '{ myHomework { id } }'), 'Query.myHomework'),
    'Mutation.completeHomework': async (who) => {
      const target = who === 'client' ? await clientHomework() : { practiceId: 'none', id: '2026-01-01.abcdefabcdef' };
      return outcomeOf(await call(who, 'mutation ($p: ID!, $h: ID!) { completeHomework(practiceId: $p, homeworkId: $h) { state } }', { p: target.practiceId, h: target.id }), 'Mutation.completeHomework');
    },
  },
};
