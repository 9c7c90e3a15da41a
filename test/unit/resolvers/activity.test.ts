// listAccountActivity and listAuditTrail from their deployed bundles: Queries on the practice's
// audit partition, newest first, 20 a page; sessions only for account activity.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';
import { page, sealedToken } from './paging.ts';

const OWNER = { sub: 'owner-sub', practiceId: 'p1', roles: ['owner'], plan: 'professional', groups: ['Therapists'], email: null };
const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const name of ['Query.listAccountActivity', 'Query.listAuditTrail']) code[name] = await loadResolverEntry(FUNCTIONS.find((f) => f.name === name)!.entry);
});

describe('account activity and audit trail', () => {
  it('are Queries (never Scans) of the caller’s practice, newest first, 20 a page', () => {
    for (const name of ['Query.listAccountActivity', 'Query.listAuditTrail']) {
      const nextToken = sealedToken(code[name], { stash: { caller: OWNER }, info: { fieldName: name.split('.')[1] } }, 't');
      const req = evaluate(code[name], 'request', { stash: { caller: OWNER }, arguments: { nextToken }, info: { fieldName: name.split('.')[1] } });
      expect(req.result).toMatchObject({ operation: 'Query', scanIndexForward: false, limit: 20, nextToken: 't', query: { expressionValues: { ':pk': { S: 'P#p1' } } } });
    }
    const activity = evaluate(code['Query.listAccountActivity'], 'request', { stash: { caller: OWNER } });
    expect((activity.result as any).filter.expressionValues).toEqual({ ':entityType': { S: 'Session' } });
    expect(RESOLVERS.find((r) => r.fieldName === 'listAuditTrail')!.pipeline).toEqual(['authorize', 'Query.listAuditTrail']);
  });

  it('maps entries to events and audit rows', () => {
    const item = { PK: 'P#p1', SK: 'x', actor: 'u1', action: 'LOGIN_SUCCESS', entityType: 'Session', at: '2025-01-01T00:00:00.000Z' };
    const activity = page(code['Query.listAccountActivity'], { stash: { caller: OWNER } }, { items: [item], nextToken: null });
    expect(activity.result).toEqual({ items: [{ practiceId: 'p1', userId: 'u1', event: 'LOGIN_SUCCESS', at: '2025-01-01T00:00:00.000Z' }], nextToken: null });
    const trail = page(code['Query.listAuditTrail'], { stash: { caller: OWNER } }, { items: [{ ...item, action: 'client.read', entityType: 'Client', entityId: 'c1', field: 'Query.getClient' }], nextToken: 'n' });
    expect(trail.result).toEqual({ items: [{ at: '2025-01-01T00:00:00.000Z', actor: 'u1', action: 'client.read', entityType: 'Client', entityId: 'c1', entityIds: null, field: 'Query.getClient' }], nextToken: expect.any(String) });
  });
});
