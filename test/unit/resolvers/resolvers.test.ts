// Each resolver's request/response, evaluated from its deployed bundle against the local
// `@aws-appsync/utils` runtime with a frozen clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, PIPELINE_ENTRY } from '../../../resolvers/map.ts';
import { MFA_REQUIRED_MESSAGE } from '../../../domain/mfa.ts';

const NOW = new Date('2025-03-04T05:06:07.089Z');
const SUB = '11111111-2222-3333-4444-555555555555';
const identity = { sub: SUB, issuer: 'https://issuer', username: 'u', claims: { email: 'claims@example.com' }, sourceIp: ['127.0.0.1'], defaultAuthStrategy: 'ALLOW', groups: ['Therapists'] };
const membership = { PK: `USER#${SUB}`, SK: 'MEMBERSHIP', practiceId: 'practice-1', roles: ['owner'], plan: 'premium', email: 'owner@example.com', mfaEnrolled: true };
const caller = { sub: SUB, practiceId: 'practice-1', roles: ['owner'], plan: 'premium', groups: ['Therapists'], email: 'owner@example.com' };

const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  code.pipeline = await loadResolverEntry(PIPELINE_ENTRY);
  for (const fn of FUNCTIONS) code[fn.name] = await loadResolverEntry(fn.entry);
});

describe('pipeline', () => {
  it('request returns {} and response returns the last step result', () => {
    expect(evaluate(code.pipeline, 'request').result).toEqual({});
    expect(evaluate(code.pipeline, 'response', { prev: { result: { a: 1 } } }).result).toEqual({ a: 1 });
  });
});

describe('authorize', () => {
  const info = { parentTypeName: 'Query', fieldName: 'me' };

  it('reads the membership by sub with a consistent GetItem', () => {
    const out = evaluate(code.authorize, 'request', { identity, info });
    expect(out.error).toBeNull();
    expect(out.result).toEqual({ operation: 'GetItem', key: { PK: { S: `USER#${SUB}` }, SK: { S: 'MEMBERSHIP' } }, consistentRead: true });
  });

  it('denies a call without an identity', () => {
    const out = evaluate(code.authorize, 'request', { identity: null, info });
    expect(out.error).toMatchObject({ errorType: 'Unauthorized', message: 'Not Authorized to access me on type Query' });
  });

  it('denies when there is no membership (removed member)', () => {
    const out = evaluate(code.authorize, 'response', { identity, info, result: null });
    expect(out.error).toMatchObject({ errorType: 'Unauthorized', message: 'Not Authorized to access me on type Query' });
    expect(out.ctx.stash.caller).toBeUndefined();
  });

  it('allows a member and stashes the caller from the membership (not from claims)', () => {
    const out = evaluate(code.authorize, 'response', { identity, info, result: membership });
    expect(out.error).toBeNull();
    expect(out.ctx.stash.caller).toEqual(caller);
  });

  it('refuses every field to a member whose account has no second factor (the MFA mark absent or false), saying so', () => {
    for (const m of [{ ...membership, mfaEnrolled: undefined }, { ...membership, mfaEnrolled: false }, { ...membership, mfaEnrolled: 'true' }]) {
      for (const field of [info, { parentTypeName: 'Query', fieldName: 'getClients' }]) {
        const out = evaluate(code.authorize, 'response', { identity, info: field, result: m });
        expect(out.error).toMatchObject({ errorType: 'Unauthorized', message: MFA_REQUIRED_MESSAGE });
        expect(out.ctx.stash.caller).toBeUndefined();
      }
    }
  });

  it('denies a field missing from the permission table (fail closed)', () => {
    const out = evaluate(code.authorize, 'response', { identity, info: { parentTypeName: 'Mutation', fieldName: 'deleteEverything' }, result: membership });
    expect(out.error).toMatchObject({ errorType: 'Unauthorized', message: 'Not Authorized to access deleteEverything on type Mutation' });
  });

  it('denies unknown roles, empty roles and unknown plans', () => {
    for (const m of [{ ...membership, roles: ['janitor'] }, { ...membership, roles: [] }, { ...membership, plan: 'platinum' }, { ...membership, plan: undefined }]) {
      expect(evaluate(code.authorize, 'response', { identity, info, result: m }).error?.errorType).toBe('Unauthorized');
    }
  });

  it("allows a coordinator by the membership's group, and not by a group claimed only in the token", () => {
    const coordinator = { ...membership, roles: [], groups: ['coordinators'] };
    expect(evaluate(code.authorize, 'response', { identity, info, result: coordinator }).error).toBeNull();
    const tokenOnly = { ...identity, groups: ['coordinators'] };
    expect(evaluate(code.authorize, 'response', { identity: tokenOnly, info, result: { ...membership, roles: [] } }).error?.errorType).toBe('Unauthorized');
    expect(evaluate(code.authorize, 'response', { identity, info, result: { ...membership, roles: [], groups: ['Therapists'] } }).error?.errorType).toBe('Unauthorized');
  });

  it("turns a data-source error into the internal error with a correlation id, without DynamoDB's text", () => {
    const out = evaluate(code.authorize, 'response', { identity, info, result: null, error: { message: 'Requested resource not found: Table: portal-local-Directory not found', type: 'DynamoDB:ResourceNotFoundException' } });
    expect(out.error?.errorType).toBe('InternalError');
    expect(out.error?.message).toMatch(/^An internal error occurred\. Reference: \S+$/);
    expect(JSON.stringify(out.error)).not.toContain('Table');
  });
});

describe('Query.me', () => {
  it('returns the caller from the stash', () => {
    const req = evaluate(code['Query.me'], 'request', { stash: { caller } });
    expect(req.result).toEqual({ payload: null });
    const out = evaluate(code['Query.me'], 'response', { stash: { caller }, result: null });
    expect(out.result).toEqual({ id: SUB, email: 'owner@example.com', groups: ['Therapists'], practiceId: 'practice-1', roles: ['owner'], plan: 'premium' });
  });
});

describe('Mutation.logUserAuthEvent', () => {
  it('builds an append-only PutItem with the frozen time', () => {
    const out = evaluate(code['Mutation.logUserAuthEvent'], 'request', { stash: { caller }, arguments: { event: 'LOGIN_SUCCESS' } }, { now: NOW });
    expect(out.error).toBeNull();
    const req = out.result as { operation: string; key: { PK: { S: string }; SK: { S: string } }; attributeValues: Record<string, unknown>; condition: unknown };
    expect(req.operation).toBe('PutItem');
    expect(req.key.PK).toEqual({ S: 'P#practice-1' });
    expect(req.key.SK.S).toMatch(/^2025-03-04T05:06:07\.089Z#[0-9A-HJKMNP-TV-Z]{26}$/);
    // the ULID's time part is the frozen clock
    const ulidTime = [...req.key.SK.S.split('#')[1].slice(0, 10)].reduce((n, c) => n * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(c), 0);
    expect(ulidTime).toBe(NOW.getTime());
    expect(req.attributeValues).toEqual({
      GSI1PK: { S: `A#${SUB}` },
      GSI1SK: { S: '2025-03-04T05:06:07.089Z' },
      action: { S: 'LOGIN_SUCCESS' },
      actor: { S: SUB },
      entityType: { S: 'Session' },
      at: { S: '2025-03-04T05:06:07.089Z' },
    });
    expect(req.condition).toEqual({ expression: 'attribute_not_exists(PK)' });
  });

  it('returns the event from the written item', () => {
    const out = evaluate(code['Mutation.logUserAuthEvent'], 'response', { stash: { caller }, arguments: { event: 'LOGOUT' }, result: { action: 'LOGOUT', at: NOW.toISOString() } });
    expect(out.result).toEqual({ practiceId: 'practice-1', userId: SUB, event: 'LOGOUT', at: NOW.toISOString() });
  });

  it("reports a failed write as an internal error with a correlation id, without DynamoDB's text", () => {
    const out = evaluate(code['Mutation.logUserAuthEvent'], 'response', { stash: { caller }, result: null, error: { message: 'The conditional request failed', type: 'DynamoDB:ConditionalCheckFailedException' } });
    expect(out.error?.errorType).toBe('InternalError');
    expect(out.error?.message).toMatch(/^An internal error occurred\. Reference: \S+$/);
    expect(out.error?.message).not.toContain('conditional');
  });
});

describe('Subscription.onUserAuthEvent', () => {
  it("filters events to the subscriber's own practice and returns null", () => {
    const out = evaluate(code['Subscription.onUserAuthEvent'], 'response', { stash: { caller }, result: null });
    expect(out.result).toBeNull();
    expect(out.subscriptionFilter).toEqual({ filterGroup: [{ filters: [{ fieldName: 'practiceId', operator: 'eq', value: 'practice-1' }] }] });
  });
});
