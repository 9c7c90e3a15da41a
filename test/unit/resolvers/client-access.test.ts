// ClientAccess.invoke (issue 12): what the clinician-side portal fields hand the Lambda, and what they answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS } from '../../../resolvers/map.ts';

const OWNER = { sub: 'owner-sub', practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: ['Therapists'], email: 'o@example.com' };
let code: ResolverCode;
beforeAll(async () => {
  code = await loadResolverEntry(FUNCTIONS.find((f) => f.name === 'ClientAccess.invoke')!.entry);
});

describe('ClientAccess.invoke', () => {
  it('sends the practice and caller from the authorize step, never from arguments', () => {
    const out = evaluate(code, 'request', { info: { fieldName: 'inviteClientToPortal', parentTypeName: 'Mutation' }, stash: { caller: OWNER, portalClient: { id: 'c1', email: 'a@example.com', status: 'active' } }, arguments: { clientId: 'c1', practiceId: 'other' } });
    expect((out.result as any).payload).toMatchObject({ field: 'inviteClientToPortal', caller: { sub: 'owner-sub', practiceId: 'practice-1' }, client: { id: 'c1' } });
    expect(JSON.stringify(out.result)).not.toContain('other');
  });

  it('on a revocation, closes the client’s subscriptions and answers the access without the client’s sub', () => {
    const result = { clientId: 'c1', state: 'REVOKED', closeSubscriptionsOf: 'client-sub' };
    const out = evaluate(code, 'response', { info: { fieldName: 'revokeClientPortalAccess', parentTypeName: 'Mutation' }, stash: { caller: OWNER, portalClient: { id: 'c1' } }, result });
    expect(out.result).toEqual({ clientId: 'c1', state: 'REVOKED' });
    expect(out.invalidations).toEqual([{ subscriptionField: 'onClientMessage', payload: { userId: 'client-sub' } }]);
    expect(out.ctx.stash.audit).toEqual({ action: 'clientPortal.revoke', entityType: 'Client', entityId: 'c1' });
  });

  it('an invitation closes nothing', () => {
    const out = evaluate(code, 'response', { info: { fieldName: 'inviteClientToPortal', parentTypeName: 'Mutation' }, stash: { caller: OWNER, portalClient: { id: 'c1' } }, result: { clientId: 'c1', state: 'INVITED' } });
    expect(out.invalidations).toEqual([]);
  });
});
