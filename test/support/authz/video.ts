/**
 * Authorization matrix rows: video sessions. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { randomUUID } from 'node:crypto';
import { A, U, call, outcomeOf, type AuthzDomain } from './matrix.ts';

export const video: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Video sessions are held by clinicians: owner, admin and the three clinician roles (their own
    // rooms, in their own practice); supervisor, biller, scheduler and coordinators hold none.
    'Query.getVideoToken':               [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  },
  operations: {
    'Query.getVideoToken': async (who) =>
      outcomeOf(await call(who, 'query ($roomId: ID!) { getVideoToken(roomId: $roomId) { identity } }', { roomId: randomUUID() }), 'Query.getVideoToken'),
  },
};
