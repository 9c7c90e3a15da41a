/**
 * Authorization matrix rows: team members. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { randomUUID } from 'node:crypto';
import { A, N, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

const ADD_MEMBER = 'mutation ($d: MemberDetailInput!, $r: [String!]!) { addTeamMember(memberDetail: $d, grantedRoles: $r) { id email } }';
let editTarget: Promise<{ id: string; email: string }> | null = null;

let memberCount = 0;
/** Adds a fresh member of the seeded practice (as its owner) and returns their id. */
async function freshMember(role: string): Promise<string> {
  memberCount += 1;
  const out = await call('owner', ADD_MEMBER, { d: { firstName: 'Matrix', lastName: `Member${memberCount}`, email: `matrix-${memberCount}-${randomUUID()}@team.practiceportal.test` }, r: [role] });
  return out.data.addTeamMember.id;
}

export const team: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Team members: the TeamMembers gate — owner and clinicianAdmin only. The target member belongs to
    // the seeded practice, so for another practice's owner it is missing.
    'Query.listTeamMembers':             [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.addTeamMember':            [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.editTeamMember':           [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    'Mutation.removeTeamMember':         [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    // Looking up an e-mail before inviting it: TeamMembers — owner and clinicianAdmin.
    'Mutation.checkUserStatus':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  },
  operations: {
    'Query.listTeamMembers': async (who) => outcomeOf(await call(who, '{ listTeamMembers { items { id } nextToken } }'), 'Query.listTeamMembers'),
    'Mutation.addTeamMember': async (who) =>
      outcomeOf(await call(who, ADD_MEMBER, { d: { firstName: 'Added', lastName: who, email: `added-${who}-${randomUUID()}@team.practiceportal.test` }, r: ['scheduler'] }), 'Mutation.addTeamMember'),
    'Mutation.editTeamMember': async (who) => {
      editTarget ??= call('owner', ADD_MEMBER, { d: { firstName: 'Edit', lastName: 'Target', email: `edit-target-${randomUUID()}@team.practiceportal.test` }, r: ['biller'] }).then((b) => b.data.addTeamMember);
      const target = await editTarget;
      const edit = 'mutation ($id: ID!, $d: MemberDetailInput!, $r: [String!]!) { editTeamMember(id: $id, memberDetail: $d, grantedRoles: $r) { id } }';
      return outcomeOf(await call(who, edit, { id: target.id, d: { firstName: 'Edited', lastName: who, email: target.email }, r: ['biller'] }), 'Mutation.editTeamMember');
    },
    'Mutation.removeTeamMember': async (who) =>
      outcomeOf(await call(who, 'mutation ($id: ID!) { removeTeamMember(id: $id) { status } }', { id: await freshMember('scheduler') }), 'Mutation.removeTeamMember'),
    'Mutation.checkUserStatus': async (who) =>
      outcomeOf(await call(who, 'mutation ($e: String!) { checkUserStatus(email: $e) { exists status } }', { e: 'owner@demo.practiceportal.test' }), 'Mutation.checkUserStatus'),
  },
  // Every caller edits the one shared target member.
  exclusive: ['Mutation.editTeamMember'],
};
