/**
 * Authorization matrix rows: identity, sign-in and sign-out, the sign-in log, account activity and
 * the audit trail. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { expect } from 'vitest';
import { membershipKey, tableName } from '../../../domain/tables.ts';
import { A, U, call, matrix, outcomeOf, subOf, subscribe, type AuthzDomain } from './matrix.ts';

export const identity: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // Every member: their own identity, their sign-in log, their practice's account activity.
    'Query.me':                          [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    'Mutation.logUserAuthEvent':         [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    // Every member may sign themselves out (issue 11 §2).
    'Mutation.endSession':               [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    'Subscription.onUserAuthEvent':      [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
    // Account activity: the Activity gate (owner, admin); the audit trail: the owner alone.
    'Query.listAccountActivity':         [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    'Query.listAuditTrail':              [A,    U,    U,    U,    U,    U,    U,    U,    U,    A],
  },
  operations: {
    'Query.me': async (who) => outcomeOf(await call(who, '{ me { id practiceId } }'), 'Query.me'),
    'Mutation.logUserAuthEvent': async (who) => outcomeOf(await call(who, 'mutation { logUserAuthEvent(event: LOGIN_SUCCESS) { userId } }'), 'Mutation.logUserAuthEvent'),
    'Subscription.onUserAuthEvent': (who) => subscribe(who, 'subscription { onUserAuthEvent { userId event } }'),
    'Mutation.endSession': async (who) => {
      const outcome = outcomeOf(await call(who, 'mutation { endSession }'), 'Mutation.endSession');
      if (outcome === A) expect(outcomeOf(await call(who, '{ me { id } }'), 'Query.me')).toBe(U);
      // Signing out ends this token's sign-in; forget the sign-out so the caller's token serves the other rows.
      await matrix.runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: marshall(membershipKey(subOf(who))), UpdateExpression: 'REMOVE signedOutAt, signedOutSessions' }));
      return outcome;
    },
    'Query.listAccountActivity': async (who) => outcomeOf(await call(who, '{ listAccountActivity { items { userId event at } nextToken } }'), 'Query.listAccountActivity'),
    'Query.listAuditTrail': async (who) => {
      const body = await call(who, '{ listAuditTrail { items { actor action } nextToken } }');
      // Another practice's owner sees only their own practice's entries.
      if (who === 'otherPractice' && body.data) expect(body.data.listAuditTrail.items.every((i: { actor: string }) => i.actor === matrix.otherSub)).toBe(true);
      return outcomeOf(body, 'Query.listAuditTrail');
    },
  },
  // The caller's sign-out refuses that caller's token until the matrix forgets it.
  exclusive: ['Mutation.endSession'],
};
