/**
 * Authorization matrix rows: the practice's clients. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { expect } from 'vitest';
import { A, N, U, call, clientInput, outcomeOf, type AuthzDomain } from './matrix.ts';

export const clients: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Clients: owner/admin everything; clinicians and scheduler "clients create/edit"; biller "clients
    // edit"; supervisor and coordinators nothing. The target client is the owner's: the basic
    // clinicians' rights are "own", so it is missing for them; another practice's owner may list
    // and add in their own practice, and this practice's ids are missing for them.
    'Query.getClients':                  [A,    A,    A,    A,    A,    U,    A,    A,    U,    A],
    'Query.getClient':                   [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Mutation.addClient':                [A,    A,    A,    A,    A,    U,    U,    A,    U,    A],
    'Mutation.editClient':               [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
    'Mutation.removeClient':             [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
    // Restoring an archived client undoes removeClient: the same rights (issue 19).
    'Mutation.restoreClient':            [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  },
  operations: {
    'Query.getClients': async (who, target) => {
      const body = await call(who, '{ getClients { items { id } nextToken } }');
      // Whoever may list never sees another practice's clients.
      if (who === 'otherPractice' && body.data) expect(body.data.getClients.items.map((c: { id: string }) => c.id)).not.toContain(target);
      return outcomeOf(body, 'Query.getClients');
    },
    'Query.getClient': async (who, target) => outcomeOf(await call(who, 'query ($id: ID!) { getClient(id: $id) { id } }', { id: target }), 'Query.getClient', true),
    'Mutation.addClient': async (who) => outcomeOf(await call(who, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput(`Added${who}`) }), 'Mutation.addClient'),
    'Mutation.editClient': async (who, target) =>
      outcomeOf(await call(who, 'mutation ($id: ID!, $input: ClientInput!) { editClient(id: $id, version: 1, input: $input) { id } }', { id: target, input: clientInput(`Edited${who}`) }), 'Mutation.editClient'),
    'Mutation.removeClient': async (who, target) => outcomeOf(await call(who, 'mutation ($id: ID!) { removeClient(id: $id) { status } }', { id: target }), 'Mutation.removeClient'),
    'Mutation.restoreClient': async (who, target) => {
      // Archived by the owner first; left active again whatever the caller may do.
      const ARCHIVE = 'mutation ($id: ID!) { removeClient(id: $id) { status } }';
      const RESTORE = 'mutation ($id: ID!) { restoreClient(id: $id) { status } }';
      await call('owner', ARCHIVE, { id: target });
      const outcome = outcomeOf(await call(who, RESTORE, { id: target }), 'Mutation.restoreClient');
      if (outcome !== A) await call('owner', RESTORE, { id: target });
      return outcome;
    },
  },
};
