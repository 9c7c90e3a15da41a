// Page tokens bound to who asked (issue 11 §8), on every paged query's deployed bundle: a token is
// taken back only from the practice, the caller and the query (with the same arguments) it was
// issued to; a foreign, altered or made-up token is 'Invalid page token' (a ValidationError on
// nextToken), a page never holds another partition's items, and DynamoDB's text never reaches
// the caller.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry, type EvaluationContext } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS } from '../../../resolvers/map.ts';
import { appointmentAccess } from '../../../domain/appointment/access.ts';
import { page, sealedToken } from './paging.ts';

const OWNER = { sub: 'owner-a', practiceId: 'practice-a', roles: ['owner'], plan: 'professional', groups: ['Therapists'] };
const OTHER_PRACTICE = { ...OWNER, sub: 'owner-b', practiceId: 'practice-b' };
const SAME_PRACTICE = { ...OWNER, sub: 'admin-a', roles: ['clinicianAdmin'] };
const RANGE = { from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z' };

/** Every query of schema.graphql that takes a nextToken, with a caller context and its partition attribute. */
const PAGED: { field: string; args: Record<string, unknown>; otherArgs: Record<string, unknown>; stash: (caller: typeof OWNER) => Record<string, unknown>; partition: (caller: typeof OWNER) => [string, string] }[] = [
  { field: 'listAuditTrail', args: {}, otherArgs: {}, stash: (caller) => ({ caller }), partition: (c) => ['PK', `P#${c.practiceId}`] },
  { field: 'listAccountActivity', args: {}, otherArgs: {}, stash: (caller) => ({ caller }), partition: (c) => ['PK', `P#${c.practiceId}`] },
  { field: 'listTeamMembers', args: {}, otherArgs: {}, stash: (caller) => ({ caller }), partition: (c) => ['GSI1PK', `P#${c.practiceId}`] },
  { field: 'getClients', args: { search: 'ana' }, otherArgs: { search: 'bob' }, stash: (caller) => ({ caller }), partition: (c) => ['GSI1PK', `P#${c.practiceId}#CLIENTNAMES`] },
  { field: 'listAppointments', args: RANGE, otherArgs: { ...RANGE, status: 'NO_SHOW' }, stash: (caller) => ({ caller, access: appointmentAccess(caller.roles, caller.groups) }), partition: (c) => ['GSI1PK', `P#${c.practiceId}#APPTS`] },
];

const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const { field } of PAGED) code[field] = await loadResolverEntry(FUNCTIONS.find((f) => f.name === `Query.${field}`)!.entry);
});

const context = (field: string, caller: typeof OWNER, args: Record<string, unknown>): EvaluationContext => {
  const spec = PAGED.find((p) => p.field === field)!;
  return { stash: spec.stash(caller), arguments: args, info: { parentTypeName: 'Query', fieldName: field } };
};
const ask = (field: string, caller: typeof OWNER, args: Record<string, unknown>) => evaluate(code[field], 'request', context(field, caller, args));
const expectInvalid = (out: ReturnType<typeof evaluate>) => {
  expect(out.error).toMatchObject({ message: 'Invalid page token', errorType: 'ValidationError', errorInfo: { fields: [{ field: 'nextToken', reason: 'format' }] } });
  expect(out.result).toBeNull();
};

describe.each(PAGED)('$field', ({ field, args, otherArgs, partition }) => {
  const token = () => sealedToken(code[field], context(field, OWNER, args), 'inner-a');

  it('hands out an opaque token that only the same caller and query can use', () => {
    const t = token();
    expect(t).not.toContain('inner-a');
    expect((ask(field, OWNER, { ...args, nextToken: t }).result as { nextToken: string }).nextToken).toBe('inner-a');
  });

  it("refuses another practice's token, another caller's, another query's and one issued for other arguments", () => {
    const t = token();
    expectInvalid(ask(field, OTHER_PRACTICE, { ...args, nextToken: t }));
    expectInvalid(ask(field, SAME_PRACTICE, { ...args, nextToken: t }));
    const other = PAGED.find((p) => p.field !== field)!;
    expectInvalid(ask(other.field, OWNER, { ...other.args, nextToken: t }));
    if (JSON.stringify(otherArgs) !== JSON.stringify(args)) expectInvalid(ask(field, OWNER, { ...otherArgs, nextToken: t }));
  });

  it('refuses an altered or made-up token', () => {
    const t = token();
    const decoded = Buffer.from(t, 'base64').toString('utf8');
    const forged = [
      Buffer.from(decoded.replace('practice-a', 'practice-b')).toString('base64'),
      'A' + t.slice(1),
      t.slice(1),
      'eyJQSyI6eyJTIjoiUCNwcmFjdGljZS1hIn19',
      '{"PK":{"S":"P#practice-a"}}',
      'x'.repeat(5000),
    ];
    for (const nextToken of forged) expectInvalid(ask(field, OWNER, { ...args, nextToken }));
  });

  it("refuses a page holding another partition's items, and a start key DynamoDB rejects", () => {
    const [attribute, own] = partition(OWNER);
    const foreign = { [attribute]: partition(OTHER_PRACTICE)[1], PK: 'P#practice-b', SK: 'MEMBERSHIP', id: 'x', at: 't', actor: 'u', action: 'a', roles: ['owner'], entityType: 'Session', start: '2030-03-02T00:00:00.000Z', end: '2030-03-02T01:00:00.000Z' };
    expectInvalid(page(code[field], context(field, OWNER, args), { items: [foreign], nextToken: null }));
    expect(own).toContain('practice-a');
    const rejected = page(code[field], context(field, OWNER, { ...args, nextToken: token() }), null, { message: 'The provided starting key is invalid', type: 'DynamoDB:ValidationException' });
    expectInvalid(rejected);
    const undecryptable = page(code[field], context(field, OWNER, { ...args, nextToken: token() }), null, { message: 'com.amazonaws.deepdish.common.pagination.InvalidPaginationTokenException: Invalid pagination token given.', type: 'DynamoDB:UserIllegalArgumentException' });
    expectInvalid(undecryptable);
  });

  it('turns any other data-source error into an internal error with a correlation id', () => {
    const out = page(code[field], context(field, OWNER, args), null, { message: 'Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: end', type: 'DynamoDB:ValidationException' });
    expect(out.error?.errorType).toBe('InternalError');
    expect(out.error?.message).toMatch(/^An internal error occurred\. Reference: \S+$/);
    expect(JSON.stringify(out.error)).not.toMatch(/KeyCondition|DynamoDB|reserved/);
  });
});
