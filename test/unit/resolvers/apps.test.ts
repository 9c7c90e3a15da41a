// AppsUsed.load from its deployed bundle: the practice's apps record, four views; another
// practice's teamOwnerId is NotFound before anything is read.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS } from '../../../resolvers/map.ts';

const CALLER = { sub: 'u1', practiceId: 'p1', roles: ['clinicianBasic'], plan: 'basic', groups: ['TeamMembers'], email: null };
let code: ResolverCode;
beforeAll(async () => {
  code = await loadResolverEntry(FUNCTIONS.find((f) => f.name === 'AppsUsed.load')!.entry);
});
const q = (fieldName: string) => ({ parentTypeName: 'Query', fieldName });

describe('AppsUsed.load', () => {
  it('reads the caller’s practice record; another teamOwnerId is NotFound', () => {
    const req = evaluate(code, 'request', { stash: { caller: CALLER }, info: q('getAppsUsedByTeamOwner'), arguments: { teamOwnerId: 'p1' } });
    expect(req.result).toMatchObject({ operation: 'GetItem', key: { PK: { S: 'P#p1' }, SK: { S: 'Settings#AppsUsed' } } });
    expect(evaluate(code, 'request', { stash: { caller: CALLER }, info: q('getAppsUsedByTeamOwner'), arguments: { teamOwnerId: 'p2' } }).error?.errorType).toBe('NotFound');
    expect(evaluate(code, 'request', { stash: { caller: CALLER }, info: q('getHideCommunitiesForApps'), arguments: {} }).error).toBeNull();
  });

  it('defaults to every app with nothing hidden, and maps a saved record', () => {
    expect(evaluate(code, 'response', { stash: { caller: CALLER }, info: q('getAppsUsed'), result: null }).result).toEqual({ apps: { ACT: true, DBT: true, IFS: true, CBT: true, COACH: true, MI: true }, defaultApp: null });
    const item = { apps: { CBT: true, DBT: true }, defaultApp: 'CBT', hideCommunities: { CBT: true }, hideHealthNutrition: { DBT: { food: true, physical_activity: true } } };
    expect(evaluate(code, 'response', { stash: { caller: CALLER }, info: q('getAppsUsed'), result: item }).result).toEqual({ apps: { ACT: false, DBT: true, IFS: false, CBT: true, COACH: false, MI: false }, defaultApp: 'CBT' });
    expect(evaluate(code, 'response', { stash: { caller: CALLER }, info: q('getHideCommunitiesForApps'), result: item }).result).toContainEqual({ app: 'CBT', hide: true });
    expect(evaluate(code, 'response', { stash: { caller: CALLER }, info: q('getHideHealthNutritionForApps'), result: item }).result).toContainEqual({ app: 'DBT', food: true, physicalActivity: true });
  });
});
