// Sign-out ends the session on the server (issue 11 §2): the authorize step against a membership
// marked signed out, and Mutation.endSession's write, evaluated from their deployed bundles.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';
import { MAX_SIGNED_OUT_SESSIONS, sessionEnded, signedOutSessions } from '../../../resolvers/shared/session-end.ts';

const NOW = new Date('2025-03-04T05:06:07.089Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const SUB = '11111111-2222-3333-4444-555555555555';
const JTI = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER_JTI = 'bbbbbbbb-0000-4000-8000-000000000002';
const membership = { PK: `USER#${SUB}`, SK: 'MEMBERSHIP', practiceId: 'practice-1', roles: ['owner'], groups: ['Therapists'], plan: 'premium', email: 'owner@example.com', mfaEnrolled: true };
const identityWith = (claims: Record<string, unknown>) => ({ sub: SUB, issuer: 'https://issuer', username: SUB, claims: { sub: SUB, ...claims }, sourceIp: [], defaultAuthStrategy: 'ALLOW', groups: ['Therapists'] });
const caller = { sub: SUB, practiceId: 'practice-1', roles: ['owner'], plan: 'premium', groups: ['Therapists'], email: 'owner@example.com' };

const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS.filter((f) => ['authorize', 'Mutation.endSession', 'Subscription.onUserAuthEvent'].includes(f.name))) code[fn.name] = await loadResolverEntry(fn.entry);
});

describe('authorize after a sign-out', () => {
  const authorize = (claims: Record<string, unknown>, mark: Record<string, unknown>, info = { parentTypeName: 'Query', fieldName: 'getClients' }) =>
    evaluate(code.authorize, 'response', { identity: identityWith(claims), info, result: { ...membership, ...mark } });

  it('refuses an access or ID token of a sign-in that started before the sign-out, on queries, mutations and subscriptions', () => {
    const mark = { signedOutAt: NOW_S, signedOutSessions: [JTI] };
    for (const token of [
      { token_use: 'access', auth_time: NOW_S - 600, iat: NOW_S - 600, origin_jti: OTHER_JTI },
      // Refreshed after the sign-out (a refresh token that was not revoked): auth_time still dates from the old sign-in.
      { token_use: 'id', auth_time: NOW_S - 600, iat: NOW_S + 30, origin_jti: OTHER_JTI },
    ]) {
      for (const info of [{ parentTypeName: 'Query', fieldName: 'getClients' }, { parentTypeName: 'Mutation', fieldName: 'addClient' }, { parentTypeName: 'Subscription', fieldName: 'onUserAuthEvent' }]) {
        const out = authorize(token, mark, info);
        expect(out.error).toMatchObject({ errorType: 'Unauthorized', message: `Not Authorized to access ${info.fieldName} on type ${info.parentTypeName}` });
        expect(out.ctx.stash.caller).toBeUndefined();
      }
    }
  });

  it('in the second of the sign-out: refuses the sign-in it named, accepts a new sign-in of that second', () => {
    const mark = { signedOutAt: NOW_S, signedOutSessions: [JTI] };
    expect(authorize({ auth_time: NOW_S, iat: NOW_S, origin_jti: JTI }, mark).error?.errorType).toBe('Unauthorized');
    const fresh = authorize({ auth_time: NOW_S, iat: NOW_S, origin_jti: OTHER_JTI }, mark);
    expect(fresh.error).toBeNull();
    expect(fresh.ctx.stash.caller).toEqual(caller);
    // No origin_jti to tell them apart: refused.
    expect(authorize({ auth_time: NOW_S, iat: NOW_S }, mark).error?.errorType).toBe('Unauthorized');
  });

  it('accepts a sign-in after the sign-out, and any token when the member never signed out', () => {
    expect(authorize({ auth_time: NOW_S + 1, iat: NOW_S + 1, origin_jti: JTI }, { signedOutAt: NOW_S, signedOutSessions: [JTI] }).error).toBeNull();
    expect(authorize({ auth_time: NOW_S - 86_400, origin_jti: JTI }, {}).error).toBeNull();
  });

  it('falls back to iat without auth_time, and refuses a token with neither once signed out', () => {
    const mark = { signedOutAt: NOW_S, signedOutSessions: [] };
    expect(authorize({ iat: NOW_S - 5 }, mark).error?.errorType).toBe('Unauthorized');
    expect(authorize({ iat: NOW_S + 5 }, mark).error).toBeNull();
    expect(authorize({}, mark).error?.errorType).toBe('Unauthorized');
  });

  it('the rule itself: no mark → never ended; the named list is deduplicated and capped', () => {
    expect(sessionEnded({ auth_time: 1 }, null)).toBe(false);
    expect(sessionEnded(null, { signedOutAt: 5 })).toBe(true);
    expect(signedOutSessions([JTI, JTI, '', 7, null, OTHER_JTI])).toEqual([JTI, OTHER_JTI]);
    expect(signedOutSessions(Array.from({ length: 80 }, (_, i) => `jti-${i}`))).toHaveLength(MAX_SIGNED_OUT_SESSIONS);
  });
});

describe('Mutation.endSession', () => {
  it('is authorize then one UpdateItem of the caller’s membership', () => {
    expect(RESOLVERS.find((r) => r.typeName === 'Mutation' && r.fieldName === 'endSession')?.pipeline).toEqual(['authorize', 'Mutation.endSession']);
    expect(FUNCTIONS.find((f) => f.name === 'Mutation.endSession')?.dataSource).toBe('DirectoryTable');
  });

  it('marks the membership signed out now (seconds) and names the caller’s sign-in', () => {
    const out = evaluate(code['Mutation.endSession'], 'request', { identity: identityWith({ origin_jti: JTI, auth_time: NOW_S - 60 }), stash: { caller } }, { now: NOW });
    expect(out.error).toBeNull();
    expect(out.result).toEqual({
      operation: 'UpdateItem',
      key: { PK: { S: `USER#${SUB}` }, SK: { S: 'MEMBERSHIP' } },
      update: {
        expression: 'SET signedOutAt = :at, signedOutSessions = :sessions',
        expressionValues: { ':at': { N: NOW_S }, ':sessions': { L: [{ S: JTI }] } },
      },
      condition: { expression: 'attribute_exists(PK)' },
    });
  });

  it('answers true; a membership removed meanwhile → Unauthorized; a DynamoDB failure never reaches the caller', () => {
    const ok = evaluate(code['Mutation.endSession'], 'response', { stash: { caller }, result: {} });
    expect(ok.result).toBe(true);
    // The caller's open subscriptions are closed: account activity, secure messages (issue 12) and risk alerts (issue 13).
    expect(ok.invalidations).toEqual([
      { subscriptionField: 'onUserAuthEvent', payload: { userId: SUB } },
      { subscriptionField: 'onSecureMessage', payload: { userId: SUB } },
      { subscriptionField: 'onRiskAlert', payload: { userId: SUB } },
    ]);
    const gone = evaluate(code['Mutation.endSession'], 'response', { stash: { caller }, error: { type: 'DynamoDB:ConditionalCheckFailedException', message: 'The conditional request failed' } });
    expect(gone.error?.errorType).toBe('Unauthorized');
    expect(gone.invalidations).toEqual([]);
    const failed = evaluate(code['Mutation.endSession'], 'response', { stash: { caller }, error: { type: 'DynamoDB:ProvisionedThroughputExceededException', message: 'Rate exceeded for table portal-local-Directory' } });
    expect(failed.error).toMatchObject({ errorType: 'InternalFailure', message: 'The session could not be ended.' });
  });
});

describe('Subscription.onUserAuthEvent', () => {
  it("is closed by its subscriber's sign-out: invalidation filter on the subscriber's sub", () => {
    const out = evaluate(code['Subscription.onUserAuthEvent'], 'response', { stash: { caller } });
    expect(out.error).toBeNull();
    expect(out.subscriptionInvalidationFilter).toEqual({ filterGroup: [{ filters: [{ fieldName: 'userId', operator: 'eq', value: SUB }] }] });
  });
});
