// Query.getVideoToken's resolver, from its deployed bundle: the Lambda gets the room id from the
// arguments and the caller (practice, sub) from the authorize step, never from arguments; who may
// call it comes from domain/permissions.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';
import { canCall } from '../../../domain/permissions.ts';

const caller = { sub: 'sub-1', practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: [], email: 'owner@example.com' };
let code: ResolverCode;
beforeAll(async () => {
  code = await loadResolverEntry(FUNCTIONS.find((f) => f.name === 'Query.getVideoToken')!.entry);
});

describe('Query.getVideoToken', () => {
  it('is authorize → Lambda:video-join', () => {
    expect(RESOLVERS.find((r) => r.fieldName === 'getVideoToken')?.pipeline).toEqual(['authorize', 'Query.getVideoToken']);
    expect(FUNCTIONS.find((f) => f.name === 'Query.getVideoToken')?.dataSource).toBe('Lambda:video-join');
  });

  it('invokes the Lambda with the room id and the caller from the stash only', () => {
    const out = evaluate(code, 'request', { stash: { caller }, arguments: { roomId: 'room-0000000000000', practiceId: 'forged' } });
    expect(out.error).toBeNull();
    expect(out.result).toEqual({
      operation: 'Invoke',
      payload: { field: 'getVideoToken', roomId: 'room-0000000000000', caller: { sub: 'sub-1', practiceId: 'practice-1' } },
    });
  });

  it('returns the ticket, and passes Lambda errors on with their type', () => {
    const ticket = { identity: 'host-1', token: 't', adapter: 'local', roomId: 'r', role: 'host', expiresAt: 1 };
    expect(evaluate(code, 'response', { stash: { caller }, result: ticket }).result).toEqual(ticket);
    const out = evaluate(code, 'response', { stash: { caller }, result: null, error: { message: 'This video room belongs to another clinician', type: 'Unauthorized' } });
    expect(out.error).toMatchObject({ message: 'This video room belongs to another clinician', errorType: 'Unauthorized' });
  });

  it('is open to owner, admin and the clinician roles, not to billers, schedulers, supervisors or coordinators', () => {
    for (const role of ['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic']) {
      expect(canCall('Query.getVideoToken', [role], 'professional'), role).toBe(true);
    }
    for (const role of ['biller', 'scheduler', 'supervisor']) expect(canCall('Query.getVideoToken', [role], 'professional'), role).toBe(false);
    expect(canCall('Query.getVideoToken', [], 'professional', ['coordinators'])).toBe(false);
  });
});
