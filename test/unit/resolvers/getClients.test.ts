// Query.getClients from its deployed bundle: the one Query it sends (index, partition, prefix) for
// the plain list and for the top-bar search by first or last name, and the page it returns.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { clientItems, validateClientInput } from '../../../domain/client.ts';
import { page, sealedToken } from './paging.ts';

const OWNER = { sub: 'owner-sub', practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: ['Therapists'] };
const BASIC = { ...OWNER, sub: 'basic-sub', roles: ['clinicianBasic'], groups: ['TeamMembers'] };
const BILLER = { ...OWNER, sub: 'biller-sub', roles: ['biller'], groups: ['TeamMembers'] };

let code: ResolverCode;
beforeAll(async () => {
  code = await loadResolverEntry('resolvers/Query.getClients.ts');
});

const request = (caller: object, args: Record<string, unknown>) => evaluate(code, 'request', { stash: { caller }, arguments: args });

describe('Query.getClients request', () => {
  it('lists the practice (GSI1 client items) for practice-wide callers, 20 a page, no prefix', () => {
    const out = request(BILLER, {});
    expect(out.result).toEqual({
      operation: 'Query', index: 'GSI1', limit: 20, nextToken: undefined,
      query: { expression: '#pk = :pk', expressionNames: { '#pk': 'GSI1PK' }, expressionValues: { ':pk': { S: 'P#practice-1#CLIENTS' } } },
    });
  });

  it('searches the name entries (first-last and last-first) practice-wide, normalised', () => {
    const token = sealedToken(code, { stash: { caller: OWNER }, arguments: { search: 'ana lo' } });
    const out = request(OWNER, { search: '  Ana   LO ', nextToken: token });
    expect(out.result).toEqual({
      operation: 'Query', index: 'GSI1', limit: 20, nextToken: 'ds-token',
      query: { expression: '#pk = :pk AND begins_with(#sk, :prefix)', expressionNames: { '#pk': 'GSI1PK', '#sk': 'GSI1SK' }, expressionValues: { ':pk': { S: 'P#practice-1#CLIENTNAMES' }, ':prefix': { S: 'ana lo' } } },
    });
  });

  it('reads "last, first" as "last first"', () => {
    const out = request(OWNER, { search: 'Lopez,Ana' }).result as { query: { expressionValues: Record<string, unknown> } };
    expect(out.query.expressionValues[':prefix']).toEqual({ S: 'lopez ana' });
    const spaced = request(OWNER, { search: ' LOPEZ ,  an' }).result as { query: { expressionValues: Record<string, unknown> } };
    expect(spaced.query.expressionValues[':prefix']).toEqual({ S: 'lopez an' });
  });

  it("lists and searches only the caller's own clients (GSI2) for an 'own' scope", () => {
    expect(request(BASIC, {}).result).toMatchObject({
      index: 'GSI2', query: { expression: '#pk = :pk AND begins_with(#sk, :prefix)', expressionNames: { '#pk': 'GSI2PK', '#sk': 'GSI2SK' }, expressionValues: { ':pk': { S: 'P#practice-1#U#basic-sub' }, ':prefix': { S: 'Client#' } } },
    });
    expect(request(BASIC, { search: 'Lo' }).result).toMatchObject({
      index: 'GSI2', query: { expressionValues: { ':pk': { S: 'P#practice-1#U#basic-sub' }, ':prefix': { S: 'ClientName#lo' } } },
    });
  });

  it('treats a blank or comma-only search as no search', () => {
    for (const search of ['', '   ', ',', null]) {
      expect([search, (request(OWNER, { search }).result as { query: { expression: string } }).query.expression]).toEqual([search, '#pk = :pk']);
    }
  });

  it('rejects an overlong search with a field error', () => {
    const out = request(OWNER, { search: 'x'.repeat(101) });
    expect(out.error?.errorType).toBe('ValidationError');
    expect(out.error?.errorInfo).toEqual({ fields: [{ field: 'search', reason: 'length' }] });
  });
});

describe('the name entries the search reads', () => {
  const data = validateClientInput({ personalDetail: { first: ' Ana ', last: 'de la  Cruz' }, dateOfBirth: '02/29/2000' }).data;
  const meta = { version: 1, createdAt: 't', updatedAt: 't', createdBy: 'owner-sub', updatedBy: 'owner-sub' };

  it('are written for an active client: "first last" and "last first", in the practice and the therapist partitions', () => {
    const [client, first, last] = clientItems('practice-1', 'c1', 'basic-sub', data, { ...meta, status: 'active' });
    expect(client).toMatchObject({ PK: 'P#practice-1', SK: 'Client#c1', GSI1PK: 'P#practice-1#CLIENTS', GSI1SK: 'ana de la cruz#c1' });
    expect(first).toMatchObject({ PK: 'P#practice-1', SK: 'ClientName#c1#first', GSI1PK: 'P#practice-1#CLIENTNAMES', GSI1SK: 'ana de la cruz#c1', GSI2PK: 'P#practice-1#U#basic-sub', GSI2SK: 'ClientName#ana de la cruz#c1' });
    expect(last).toMatchObject({ PK: 'P#practice-1', SK: 'ClientName#c1#last', GSI1SK: 'de la cruz ana#c1', GSI2SK: 'ClientName#de la cruz ana#c1', personalDetail: client.personalDetail, dateOfBirth: '02/29/2000' });
  });

  it('are not written for an archived client', () => {
    expect(clientItems('practice-1', 'c1', 'basic-sub', data, { ...meta, status: 'archived' }).map((i) => i.SK)).toEqual(['Client#c1']);
  });
});

describe('Query.getClients response', () => {
  const entry = (id: string, first: string, last: string) => ({ PK: 'P#practice-1', SK: `ClientName#${id}#first`, GSI1PK: 'P#practice-1#CLIENTNAMES', GSI1SK: 'x', id, nameKey: 'x', entity: 'ClientName', personalDetail: { first, last }, status: 'active', version: 1 });

  it('returns clients without keys or index attributes, and notes the ids read', () => {
    const out = page(code, { stash: { caller: OWNER }, arguments: { search: 'an' } }, { items: [entry('c1', 'Ana', 'Lopez')], nextToken: 'n' });
    expect(out.result).toEqual({ items: [expect.objectContaining({ id: 'c1', personalDetail: { first: 'Ana', last: 'Lopez' } })], nextToken: expect.any(String) });
    const item = (out.result as { items: object[] }).items[0];
    for (const key of ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'nameKey', 'entity']) expect(item).not.toHaveProperty(key);
    expect(out.ctx.stash.audit).toEqual({ action: 'client.list', entityType: 'Client', entityIds: ['c1'] });
  });

  it('shows a client matched by both names once', () => {
    const out = page(code, { stash: { caller: OWNER }, arguments: { search: 'ann' } }, { items: [entry('c1', 'Ann', 'Annis'), entry('c2', 'Annabel', 'Ray'), entry('c1', 'Ann', 'Annis')], nextToken: null });
    expect((out.result as { items: Array<{ id: string }> }).items.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(out.ctx.stash.audit).toMatchObject({ entityIds: ['c1', 'c2'] });
  });

  it("turns a data-source error into an internal error with a correlation id, never DynamoDB's text", () => {
    const out = page(code, { stash: { caller: OWNER }, arguments: {} }, null, { message: 'Throughput exceeds the current capacity of your table', type: 'DynamoDB:ProvisionedThroughputExceededException' });
    expect(out.error?.errorType).toBe('InternalError');
    expect(out.error?.message).toMatch(/^An internal error occurred\. Reference: [0-9a-f-]{36}$/);
    expect(out.error?.message).not.toMatch(/DynamoDB|Throughput/);
    expect(out.error?.errorInfo).toEqual({ correlationId: out.error?.message.split('Reference: ')[1] });
  });
});
