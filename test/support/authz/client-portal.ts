/**
 * Authorization matrix rows: the client portal — a client's access, the portal's settings, and the
 * client principal's own fields (issue 12). Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { expect } from 'vitest';
import { tableName } from '../../../domain/tables.ts';
import { clientSessionKey } from '../../../domain/client-link.ts';
import { A, N, U, call, matrix, outcomeOf, ownersClientWithEmail, seededPracticeId, subOf, type AuthzDomain } from './matrix.ts';

export const clientPortal: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Client portal access (issue 12) goes with the client's record: reading it needs client read
    // rights on that client, inviting and revoking client edit rights (clinicians and the scheduler
    // "clients create/edit", the biller "clients edit"; supervisor and coordinators none). The target
    // is the owner's client: missing for the own-only clinicians and for another practice's owner.
    'Query.getClientPortalAccess':       [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Mutation.inviteClientToPortal':     [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Mutation.revokeClientPortalAccess': [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    // The portal's settings: the ClientPortal settings page — the owner's and clinicianAdmin's; another
    // practice's owner sets up their own practice's portal.
    'Query.getClientPortalDetails':      [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Mutation.addClientPortal':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    // The client principal's own fields: no team member calls them (see clientAllowed).
    'Query.clientMe':                    [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.clientAppointments':          [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.editClientProfile':        [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.endClientSession':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  operations: {
    // Client portal access: each call on a fresh client of the owner's with an e-mail (invitations need one).
    'Query.getClientPortalAccess': async (who) =>
      outcomeOf(await call(who, 'query ($c: ID!) { getClientPortalAccess(clientId: $c) { state } }', { c: await ownersClientWithEmail(who) }), 'Query.getClientPortalAccess'),
    'Mutation.inviteClientToPortal': async (who) =>
      outcomeOf(await call(who, 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c: await ownersClientWithEmail(who) }), 'Mutation.inviteClientToPortal'),
    'Mutation.revokeClientPortalAccess': async (who) => {
      const c = await ownersClientWithEmail(who);
      await call('owner', 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c });
      return outcomeOf(await call(who, 'mutation ($c: ID!) { revokeClientPortalAccess(clientId: $c) { state } }', { c }), 'Mutation.revokeClientPortalAccess');
    },
    'Query.getClientPortalDetails': async (who) => outcomeOf(await call(who, '{ getClientPortalDetails { enabled name } }'), 'Query.getClientPortalDetails'),
    // Left enabled under the seeded name, so the client rows still reach the seeded practice.
    'Mutation.addClientPortal': async (who) =>
      outcomeOf(await call(who, 'mutation { addClientPortal(name: "Owens Family Therapy — client portal", enabled: true) { enabled } }'), 'Mutation.addClientPortal'),
    'Query.clientMe': async (who) => outcomeOf(await call(who, '{ clientMe { email practices { practiceId } } }'), 'Query.clientMe'),
    'Query.clientAppointments': async (who) => outcomeOf(await call(who, '{ clientAppointments { items { id } nextToken } }'), 'Query.clientAppointments'),
    'Mutation.endClientSession': async (who) => {
      const outcome = outcomeOf(await call(who, 'mutation { endClientSession }'), 'Mutation.endClientSession');
      if (outcome === A) expect(outcomeOf(await call(who, '{ clientMe { email } }'), 'Query.clientMe')).toBe(U);
      // Forget the sign-out so the client's token serves the other rows.
      await matrix.runtime.dynamo.client.send(new DeleteItemCommand({ TableName: tableName('local', 'Directory'), Key: marshall(clientSessionKey(subOf(who))) }));
      return outcome;
    },
    'Mutation.editClientProfile': async (who) =>
      outcomeOf(await call(who, 'mutation ($p: ID!) { editClientProfile(practiceId: $p, preferredChannel: "email") { practiceId } }', { p: seededPracticeId() }), 'Mutation.editClientProfile'),
  },
  clientAllowed: ['Query.clientMe', 'Query.clientAppointments', 'Mutation.editClientProfile', 'Mutation.endClientSession'],
  // The portal's settings item, which every client request reads; the client's sign-out refuses their token until forgotten.
  exclusive: ['Mutation.addClientPortal', 'Mutation.endClientSession'],
};
