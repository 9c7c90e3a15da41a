// Team resolvers (listTeamMembers, Team.validate, Team.invoke) from their deployed bundles.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';
import { page, sealedToken } from './paging.ts';

const OWNER = { sub: 'owner-sub', practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: ['Therapists'], email: 'o@example.com' };
const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS.filter((f) => f.name.startsWith('Team.') || f.name === 'Query.listTeamMembers')) code[fn.name] = await loadResolverEntry(fn.entry);
});

describe('team pipelines', () => {
  it('start with authorize, validate before the Lambda and end with audit', () => {
    for (const field of ['listTeamMembers', 'addTeamMember', 'editTeamMember', 'removeTeamMember']) {
      const def = RESOLVERS.find((r) => r.fieldName === field)!;
      expect(def.pipeline[0]).toBe('authorize');
      expect(def.pipeline.at(-1)).toBe('audit');
    }
    expect(RESOLVERS.find((r) => r.fieldName === 'addTeamMember')!.pipeline).toEqual(['authorize', 'Team.validate', 'Team.invoke', 'audit']);
  });
});

describe('Query.listTeamMembers', () => {
  it('queries GSI1 of the caller’s practice, 20 a page, and maps memberships', () => {
    const nextToken = sealedToken(code['Query.listTeamMembers'], { stash: { caller: OWNER } }, 'n1');
    const req = evaluate(code['Query.listTeamMembers'], 'request', { stash: { caller: OWNER }, arguments: { nextToken } });
    expect(req.result).toMatchObject({ operation: 'Query', index: 'GSI1', limit: 20, nextToken: 'n1', query: { expressionValues: { ':pk': { S: 'P#practice-1' } } } });
    const res = page(code['Query.listTeamMembers'], { stash: { caller: OWNER } }, {
      items: [{ PK: 'USER#u1', SK: 'MEMBERSHIP', GSI1PK: 'P#practice-1', practiceId: 'practice-1', roles: ['biller'], email: 'b@example.com', firstName: 'Bea', licenseNo: 'L1' }], nextToken: null,
    });
    expect(res.result).toEqual({ items: [expect.objectContaining({ id: 'u1', cognitoId: 'u1', teamOwnerId: 'practice-1', grantedRoles: ['biller'], firstName: 'Bea', lastName: null, licenseNo: 'L1' })], nextToken: null });
    expect(res.ctx.stash.audit).toEqual({ action: 'team.list', entityType: 'TeamMember', entityIds: ['u1'] });
  });
});

describe('Team.validate', () => {
  it('accepts the seven grantable roles and refuses owner, unknown roles and bad fields by name', () => {
    const ok = evaluate(code['Team.validate'], 'request', { arguments: { memberDetail: { firstName: 'A', lastName: 'B', email: 'a@b.example' }, grantedRoles: ['biller', 'scheduler'], clinicianInfo: { npiNo: '1234567893', licenseExpires: '2030-02-28' } } });
    expect(ok.error).toBeNull();
    const bad = evaluate(code['Team.validate'], 'request', { arguments: { memberDetail: { firstName: 'A', email: 'secret@' }, grantedRoles: ['owner'], clinicianInfo: { npiNo: '1234567890', licenseExpires: '2030-02-30' } } });
    expect(bad.error?.errorType).toBe('ValidationError');
    const fields = (bad.error?.errorInfo as { fields: { field: string }[] }).fields.map((f) => f.field).sort();
    expect(fields).toEqual(['clinicianInfo.licenseExpires', 'clinicianInfo.npiNo', 'grantedRoles', 'memberDetail.email', 'memberDetail.lastName']);
    expect(bad.error?.message).not.toContain('secret');
    expect(evaluate(code['Team.validate'], 'request', { arguments: { memberDetail: { firstName: 'A', lastName: 'B', email: 'a@b.example' }, grantedRoles: [] } }).error?.errorType).toBe('ValidationError');
  });
});

describe('Team.invoke', () => {
  it('sends the caller from the stash, never from arguments, and audits the change', () => {
    const req = evaluate(code['Team.invoke'], 'request', {
      stash: { caller: OWNER }, info: { parentTypeName: 'Mutation', fieldName: 'removeTeamMember' }, arguments: { id: 'u1', practiceId: 'evil' }, identity: { sub: 'owner-sub', issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Pool1' },
    });
    expect(req.result).toEqual({ operation: 'Invoke', payload: { field: 'removeTeamMember', caller: { sub: 'owner-sub', practiceId: 'practice-1' }, userPoolId: 'us-east-1_Pool1', args: { id: 'u1' } } });
    const res = evaluate(code['Team.invoke'], 'response', { stash: { caller: OWNER }, info: { parentTypeName: 'Mutation', fieldName: 'removeTeamMember' }, result: { id: 'u1', status: 'removed' } });
    expect(res.ctx.stash.audit).toEqual({ action: 'team.remove', entityType: 'TeamMember', entityId: 'u1' });
    const err = evaluate(code['Team.invoke'], 'response', { stash: { caller: OWNER }, info: { parentTypeName: 'Mutation', fieldName: 'addTeamMember' }, error: { message: 'A user with this e-mail already exists', type: 'ConflictError' } });
    expect(err.error?.errorType).toBe('ConflictError');
  });
});
