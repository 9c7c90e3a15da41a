// Plans resolvers (getProviderPlans, Practice.load, Plans.invoke) from their deployed bundles.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS } from '../../../resolvers/map.ts';

const CALLER = { sub: 'admin-sub', practiceId: 'owner-sub', roles: ['clinicianAdmin'], plan: 'professional', groups: ['TeamMembers'], email: 'a@example.com' };
const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS.filter((f) => ['Query.getProviderPlans', 'Practice.load', 'Plans.invoke'].includes(f.name))) code[fn.name] = await loadResolverEntry(fn.entry);
});

describe('plans resolvers', () => {
  it('getProviderPlans lists the pricing offers', () => {
    const out = evaluate(code['Query.getProviderPlans'], 'response', { stash: { caller: CALLER } });
    expect((out.result as { id: string; amount: number }[]).map((p) => [p.id, p.amount])).toEqual([['basic', 0], ['premium', 20], ['professional', 40]]);
  });

  it('Practice.load reads the practice record (the owner’s membership), not the caller’s', () => {
    const req = evaluate(code['Practice.load'], 'request', { stash: { caller: CALLER }, info: { parentTypeName: 'Query', fieldName: 'getCurrentPlan' } });
    expect(req.result).toMatchObject({ operation: 'GetItem', key: { PK: { S: 'USER#owner-sub' }, SK: { S: 'MEMBERSHIP' } } });
    const owner = { plan: 'premium', subscriptionId: 's1', subscriptionDue: '2026-01-01T00:00:00.000Z', planRef: 'r1', isOnTrial: '1', enterprise: true };
    const plan = evaluate(code['Practice.load'], 'response', { stash: { caller: CALLER }, info: { parentTypeName: 'Query', fieldName: 'getCurrentPlan' }, result: owner });
    expect(plan.result).toEqual({ subscriptionId: 's1', subscriptionDue: '2026-01-01T00:00:00.000Z', planId: 'premium', planRef: 'r1', planName: 'PREMIUM', isOnTrial: 1, teleHealth: false });
    const enterprise = evaluate(code['Practice.load'], 'response', { stash: { caller: CALLER }, info: { parentTypeName: 'Query', fieldName: 'hasEnterpriseSubscription' }, result: owner });
    expect(enterprise.result).toBe(true);
    expect(evaluate(code['Practice.load'], 'response', { stash: { caller: CALLER }, info: { parentTypeName: 'Query', fieldName: 'hasEnterpriseSubscription' }, result: null }).result).toBe(false);
  });

  it('Plans.invoke sends the caller’s practice and audits the change', () => {
    const info = { parentTypeName: 'Mutation', fieldName: 'changePlan' };
    const req = evaluate(code['Plans.invoke'], 'request', { stash: { caller: CALLER }, info, arguments: { planId: 'premium', teleHealth: true, practiceId: 'evil' } });
    expect(req.result).toEqual({ operation: 'Invoke', payload: { field: 'changePlan', caller: { sub: 'admin-sub', practiceId: 'owner-sub' }, args: { planId: 'premium', teleHealth: true } } });
    const res = evaluate(code['Plans.invoke'], 'response', { stash: { caller: CALLER }, info, result: { planId: 'premium' } });
    expect(res.ctx.stash.audit).toEqual({ action: 'plan.change', entityType: 'Subscription', entityId: 'owner-sub' });
  });
});
