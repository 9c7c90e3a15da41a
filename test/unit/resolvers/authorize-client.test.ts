// The client principal's authorize steps (issue 12), evaluated from their deployed bundles: who is
// admitted, and which links survive the practice checks (portal on, plan with the Client Portal feature).
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { CLIENT_AUTHORIZE, FUNCTIONS } from '../../../resolvers/map.ts';

const ENV = { DirectoryTable: 'portal-test-Directory' };
const CLIENT = { sub: 'client-sub', groups: ['Clients'] };
const ME = { fieldName: 'clientMe', parentTypeName: 'Query' };

const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const name of [...CLIENT_AUTHORIZE, 'Mutation.endClientSession']) code[name] = await loadResolverEntry(FUNCTIONS.find((f) => f.name === name)!.entry);
});

const links = (items: Array<Record<string, unknown>>) =>
  evaluate(code.authorizeClient, 'response', { identity: CLIENT, info: ME, env: ENV, result: { items } });

describe('authorizeClient', () => {
  it('queries the caller’s own links partition by the token’s sub', () => {
    const out = evaluate(code.authorizeClient, 'request', { identity: CLIENT, info: ME, env: ENV, arguments: { sub: 'someone-else' } });
    expect(out.error).toBeNull();
    expect(JSON.stringify(out.result)).toContain('CLIENTUSER#client-sub');
    expect(JSON.stringify(out.result)).not.toContain('someone-else');
  });

  it('refuses a token outside group Clients, and a clinician field even for a client', () => {
    expect(evaluate(code.authorizeClient, 'request', { identity: { sub: 'x', groups: ['Therapists'] }, info: ME, env: ENV }).error?.errorType).toBe('Unauthorized');
    expect(evaluate(code.authorizeClient, 'request', { identity: CLIENT, info: { fieldName: 'getClients', parentTypeName: 'Query' }, env: ENV }).error?.errorType).toBe('Unauthorized');
    expect(evaluate(code.authorizeClient, 'request', { identity: null, info: ME, env: ENV }).error?.errorType).toBe('Unauthorized');
  });

  it('keeps only active links', () => {
    const out = links([
      { practiceId: 'p1', clientId: 'c1', state: 'active', email: 'a@example.com' },
      { practiceId: 'p2', clientId: 'c2', state: 'revoked' },
    ]);
    expect(out.ctx.stash.client).toEqual({ sub: 'client-sub', email: 'a@example.com', links: [{ practiceId: 'p1', clientId: 'c1' }] });
  });
});

describe('the client’s sign-out', () => {
  const NOW_S = 1_800_000_000;
  const session = (signedOutAt: number) => ({ PK: 'CLIENTUSER#client-sub', SK: 'SESSION', signedOutAt, signedOutSessions: [] });
  const link = { PK: 'CLIENTUSER#client-sub', SK: 'LINK#p1#c1', practiceId: 'p1', clientId: 'c1', state: 'active' };
  const withClaims = (auth_time: number, items: Array<Record<string, unknown>>) =>
    evaluate(code.authorizeClient, 'response', { identity: { ...CLIENT, claims: { auth_time } }, info: ME, env: ENV, result: { items } });

  it('refuses a token whose sign-in started before the client’s last sign-out; a later sign-in passes', () => {
    expect(withClaims(NOW_S - 60, [link, session(NOW_S)]).error?.errorType).toBe('Unauthorized');
    const later = withClaims(NOW_S + 60, [link, session(NOW_S)]);
    expect(later.error).toBeNull();
    expect((later.ctx.stash.client as { links: unknown }).links).toEqual([{ practiceId: 'p1', clientId: 'c1' }]);
  });

  it('endClientSession answers true and closes the client’s subscriptions', () => {
    const out = evaluate(code['Mutation.endClientSession'], 'response', { stash: { client: { sub: 'client-sub', links: [] } }, result: {} });
    expect(out.result).toBe(true);
    expect(out.invalidations).toEqual([{ subscriptionField: 'onClientMessage', payload: { userId: 'client-sub' } }]);
  });
});

describe('authorizeClient.practices', () => {
  const stash = { client: { sub: 'client-sub', email: 'a@example.com', links: [{ practiceId: 'p1', clientId: 'c1' }, { practiceId: 'p2', clientId: 'c2' }, { practiceId: 'p3', clientId: 'c3' }] } };
  const owner = (id: string, plan: string) => ({ PK: `USER#${id}`, SK: 'MEMBERSHIP', practiceId: id, plan });
  const portal = (id: string, enabled: boolean) => ({ PK: `PORTAL#${id}`, SK: 'PORTAL', enabled, name: `Portal ${id}`, greeting: null });

  it('reads each linked practice’s owner membership and portal in one BatchGetItem on the Directory table', () => {
    const out = evaluate(code['authorizeClient.practices'], 'request', { identity: CLIENT, info: ME, env: ENV, stash });
    expect(out.result).toMatchObject({ operation: 'BatchGetItem' });
    expect((out.result as any).tables[ENV.DirectoryTable].keys).toHaveLength(6);
  });

  it('keeps a link only while its practice’s portal is on and its plan has the Client Portal feature', () => {
    const result = { data: { [ENV.DirectoryTable]: [owner('p1', 'professional'), portal('p1', true), owner('p2', 'premium'), portal('p2', true), owner('p3', 'professional'), portal('p3', false)] } };
    const out = evaluate(code['authorizeClient.practices'], 'response', { identity: CLIENT, info: ME, env: ENV, stash: structuredClone(stash), result });
    expect(out.error).toBeNull();
    expect((out.ctx.stash.client as { links: unknown }).links).toEqual([{ practiceId: 'p1', clientId: 'c1' }]);
    expect((out.ctx.stash.client as { practices: unknown }).practices).toEqual([{ practiceId: 'p1', portalName: 'Portal p1', greeting: null }]);
  });

  it('refuses a client with no usable link (no links, or every practice off)', () => {
    expect(evaluate(code['authorizeClient.practices'], 'request', { identity: CLIENT, info: ME, env: ENV, stash: { client: { sub: 'client-sub', links: [] } } }).error?.errorType).toBe('Unauthorized');
    const off = { data: { [ENV.DirectoryTable]: [owner('p1', 'professional'), portal('p1', false)] } };
    expect(evaluate(code['authorizeClient.practices'], 'response', { identity: CLIENT, info: ME, env: ENV, stash: structuredClone(stash), result: off }).error?.errorType).toBe('Unauthorized');
  });
});
