// The clients resolvers, step by step, evaluated from their deployed bundles against the local
// `@aws-appsync/utils` runtime with a frozen clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';

const NOW = new Date('2025-03-04T05:06:07.089Z');
const OWNER = { sub: 'owner-sub', practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: ['Therapists'], email: 'o@example.com' };
const BASIC = { ...OWNER, sub: 'basic-sub', roles: ['clinicianBasic'], groups: ['TeamMembers'] };
const BILLER = { ...OWNER, sub: 'biller-sub', roles: ['biller'], groups: ['TeamMembers'] };
const ENV = { PracticeTable: 'portal-test-Practice' };

const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS) code[fn.name] = await loadResolverEntry(fn.entry);
});

const input = {
  personalDetail: { first: '  Ana ', last: 'Lopez', middle: '', nickname: null },
  dateOfBirth: '02/29/2000',
  contact: { phone: '(415) 555-0100', email: 'ana@example.org', type: 'mobile' },
  address: { city: 'Austin', line1: '1 Main St', state: 'tx', zip: '78701' },
  sendEmailReminder: true,
  communicationSetting: { email: true },
};
const stored = {
  PK: 'P#practice-1', SK: 'Client#c1', GSI1PK: 'P#practice-1#CLIENTS', GSI1SK: 'ana lopez#c1', GSI2PK: 'P#practice-1#U#basic-sub', GSI2SK: 'Client#ana lopez#c1',
  id: 'c1', therapistId: 'basic-sub', searchName: 'ana lopez', status: 'active', active: true, version: 3, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', createdBy: 'owner-sub',
  personalDetail: { first: 'Ana', last: 'Lopez' }, dateOfBirth: '02/29/2000',
};

describe('resolver map', () => {
  it('starts every client pipeline with authorize and ends reads and writes with audit', () => {
    for (const field of ['getClients', 'getClient', 'addClient', 'editClient', 'removeClient']) {
      const def = RESOLVERS.find((r) => r.fieldName === field)!;
      expect(def.pipeline[0]).toBe('authorize');
      expect(def.pipeline.at(-1)).toBe('audit');
    }
  });
});

describe('Client.validate', () => {
  it('normalises a valid input into the stash', () => {
    const out = evaluate(code['Client.validate'], 'request', { stash: { caller: OWNER }, arguments: { input } }, { now: NOW });
    expect(out.error).toBeNull();
    expect(out.ctx.stash.clientInput).toMatchObject({
      personalDetail: { first: 'Ana', last: 'Lopez', middle: null, nickname: null },
      contact: { phone: '+14155550100', email: 'ana@example.org', type: 'mobile' },
      address: { state: 'TX', zip: '78701' },
      therapistId: null,
    });
  });

  it('reports every bad field by name with ValidationError, never the values', () => {
    const bad = { personalDetail: { first: '' }, dateOfBirth: '13/01/1990', contact: { phone: '555', email: 'x@y' }, address: { state: 'ZZ', zip: 'abc!' } };
    const out = evaluate(code['Client.validate'], 'request', { stash: { caller: OWNER }, arguments: { input: bad } }, { now: NOW });
    expect(out.error?.errorType).toBe('ValidationError');
    const fields = (out.error?.errorInfo as { fields: { field: string; reason: string }[] }).fields;
    expect(fields.map((f) => f.field).sort()).toEqual(['address.state', 'address.zip', 'contact.email', 'contact.phone', 'dateOfBirth', 'personalDetail.first', 'personalDetail.last'].sort());
    for (const value of ['13/01/1990', '555', 'x@y', 'ZZ', 'abc!']) expect(out.error?.message).not.toContain(value);
    expect(out.ctx.stash.clientInput).toBeUndefined();
  });

  it('rejects a date of birth after today (frozen clock)', () => {
    const out = evaluate(code['Client.validate'], 'request', { arguments: { input: { ...input, dateOfBirth: '03/05/2025' } } }, { now: NOW });
    expect(out.error?.errorType).toBe('ValidationError');
    expect(evaluate(code['Client.validate'], 'request', { arguments: { input: { ...input, dateOfBirth: '03/04/2025' } } }, { now: NOW }).error).toBeNull();
  });
});

describe('Client.checkTherapist', () => {
  const data = { therapistId: null };
  it('skips the lookup when the client stays with the caller (add) or its therapist (edit)', () => {
    const add = evaluate(code['Client.checkTherapist'], 'request', { stash: { caller: OWNER, clientInput: data }, prev: { result: 'prev' } });
    expect(add.earlyReturn).not.toBeNull();
    expect(add.ctx.stash.therapistId).toBe('owner-sub');
    const edit = evaluate(code['Client.checkTherapist'], 'request', { stash: { caller: OWNER, clientInput: data, client: stored }, prev: { result: 'prev' } });
    expect(edit.earlyReturn).not.toBeNull();
    expect(edit.ctx.stash.therapistId).toBe('basic-sub');
  });

  it('reads the named therapist membership for a practice-wide caller', () => {
    const out = evaluate(code['Client.checkTherapist'], 'request', { stash: { caller: OWNER, clientInput: { therapistId: 'other' } } });
    expect(out.result).toEqual({ operation: 'GetItem', key: { PK: { S: 'USER#other' }, SK: { S: 'MEMBERSHIP' } }, consistentRead: true });
    const ok = evaluate(code['Client.checkTherapist'], 'response', { stash: { caller: OWNER }, result: { practiceId: 'practice-1' }, prev: { result: 'prev' } });
    expect(ok.result).toBe('prev');
    for (const result of [null, { practiceId: 'practice-2' }]) {
      const out2 = evaluate(code['Client.checkTherapist'], 'response', { stash: { caller: OWNER }, result });
      expect(out2.error).toMatchObject({ errorType: 'ValidationError', errorInfo: { fields: [{ field: 'therapistId', reason: 'unknown' }] } });
    }
  });

  it("denies an 'own' caller naming another therapist", () => {
    const out = evaluate(code['Client.checkTherapist'], 'request', { stash: { caller: BASIC, clientInput: { therapistId: 'owner-sub' } }, info: { parentTypeName: 'Mutation', fieldName: 'addClient' } });
    expect(out.error?.errorType).toBe('Unauthorized');
  });
});

describe('Mutation.addClient', () => {
  type Put = { table: string; operation: string; key: Record<string, { S: string }>; attributeValues: Record<string, { S?: string; N?: string; BOOL?: boolean }>; condition?: unknown };

  it('puts a new client in the caller practice, version 1, with name-ordered index keys and its two name-search entries, in one transaction', () => {
    const validated = evaluate(code['Client.validate'], 'request', { arguments: { input } }, { now: NOW }).ctx.stash.clientInput;
    const out = evaluate(code['Mutation.addClient'], 'request', { stash: { caller: OWNER, clientInput: validated, therapistId: 'owner-sub' }, env: ENV }, { now: NOW });
    expect(out.error).toBeNull();
    const req = out.result as { operation: string; transactItems: Put[] };
    expect(req.operation).toBe('TransactWriteItems');
    const [client, first, last] = req.transactItems;
    expect(req.transactItems).toHaveLength(3);
    expect(req.transactItems.every((i) => i.table === 'portal-test-Practice' && i.operation === 'PutItem')).toBe(true);
    expect(client.key.PK).toEqual({ S: 'P#practice-1' });
    expect(client.key.SK.S).toMatch(/^Client#[0-9a-f-]{36}$/);
    const id = client.key.SK.S.slice('Client#'.length);
    expect(client.attributeValues).toMatchObject({
      GSI1PK: { S: 'P#practice-1#CLIENTS' }, GSI1SK: { S: `ana lopez#${id}` },
      GSI2PK: { S: 'P#practice-1#U#owner-sub' }, GSI2SK: { S: `Client#ana lopez#${id}` },
      status: { S: 'active' }, active: { BOOL: true }, version: { N: 1 }, createdAt: { S: NOW.toISOString() }, therapistId: { S: 'owner-sub' },
    });
    expect(client.condition).toEqual({ expression: 'attribute_not_exists(PK)', returnValuesOnConditionCheckFailure: false });
    expect(first.key).toEqual({ PK: { S: 'P#practice-1' }, SK: { S: `ClientName#${id}#first` } });
    expect(first.attributeValues).toMatchObject({ GSI1PK: { S: 'P#practice-1#CLIENTNAMES' }, GSI1SK: { S: `ana lopez#${id}` }, GSI2SK: { S: `ClientName#ana lopez#${id}` }, id: { S: id } });
    expect(last.key).toEqual({ PK: { S: 'P#practice-1' }, SK: { S: `ClientName#${id}#last` } });
    expect(last.attributeValues).toMatchObject({ GSI1PK: { S: 'P#practice-1#CLIENTNAMES' }, GSI1SK: { S: `lopez ana#${id}` }, GSI2PK: { S: 'P#practice-1#U#owner-sub' }, GSI2SK: { S: `ClientName#lopez ana#${id}` } });
    expect(first.condition).toBeUndefined();
    expect(out.ctx.stash.written).toMatchObject({ id, version: 1 });
  });

  it('refuses to run without the PracticeTable setting', () => {
    const out = evaluate(code['Mutation.addClient'], 'request', { stash: { caller: OWNER, clientInput: { personalDetail: { first: 'A', last: 'B' } }, therapistId: 'owner-sub' } }, { now: NOW });
    expect(out.error?.errorType).toBe('ConfigurationError');
  });

  it('returns the client without keys and notes the audit', () => {
    const out = evaluate(code['Mutation.addClient'], 'response', { stash: { written: stored }, result: { keys: [], cancellationReasons: null } });
    expect(out.result).toMatchObject({ id: 'c1', version: 3, status: 'active' });
    expect(out.result).not.toHaveProperty('PK');
    expect(out.result).not.toHaveProperty('searchName');
    expect(out.ctx.stash.audit).toEqual({ action: 'client.create', entityType: 'Client', entityId: 'c1' });
  });
});

describe('Client.load', () => {
  it('reads by id in the caller practice only', () => {
    const out = evaluate(code['Client.load'], 'request', { stash: { caller: OWNER }, arguments: { id: 'c1' } });
    expect(out.result).toEqual({ operation: 'GetItem', key: { PK: { S: 'P#practice-1' }, SK: { S: 'Client#c1' } }, consistentRead: true });
  });

  it("is NotFound when missing, and for an 'own' caller when another clinician's", () => {
    expect(evaluate(code['Client.load'], 'response', { stash: { caller: OWNER }, result: null }).error?.errorType).toBe('NotFound');
    expect(evaluate(code['Client.load'], 'response', { stash: { caller: { ...BASIC, sub: 'someone' } }, result: stored }).error?.errorType).toBe('NotFound');
    const own = evaluate(code['Client.load'], 'response', { stash: { caller: BASIC }, result: stored });
    expect(own.error).toBeNull();
    expect(own.ctx.stash.client).toEqual(stored);
    expect(evaluate(code['Client.load'], 'response', { stash: { caller: BILLER }, result: stored }).error).toBeNull();
  });
});

describe('Mutation.editClient', () => {
  const validated = { therapistId: null, username: null, gender: null, dateOfBirth: '01/02/1990', sendEmailReminder: false, contact: { phone: null, type: null, email: null }, personalDetail: { first: 'Anna', middle: null, last: 'Lopez', suffix: null, nickname: null }, address: { city: null, line1: null, line2: null, state: null, zip: null }, communicationSetting: { email: false } };
  type Item = { operation: string; key: unknown; attributeValues: Record<string, unknown>; condition: { expression: string; expressionValues: unknown } };

  it('writes version + 1 on condition that the version and therapist are unchanged, and rewrites the name-search entries', () => {
    const out = evaluate(code['Mutation.editClient'], 'request', { stash: { caller: BASIC, client: stored, clientInput: validated, therapistId: 'basic-sub' }, arguments: { id: 'c1', version: 3 }, env: ENV }, { now: NOW });
    expect(out.error).toBeNull();
    const req = out.result as { operation: string; transactItems: Item[] };
    expect(req.operation).toBe('TransactWriteItems');
    const [client, first, last] = req.transactItems;
    expect(client.key).toEqual({ PK: { S: 'P#practice-1' }, SK: { S: 'Client#c1' } });
    expect(client.attributeValues).toMatchObject({ version: { N: 4 }, createdAt: { S: stored.createdAt }, updatedAt: { S: NOW.toISOString() }, GSI1SK: { S: 'anna lopez#c1' }, updatedBy: { S: 'basic-sub' } });
    expect(client.condition.expression).toContain('#version = :version');
    expect(client.condition.expressionValues).toEqual({ ':version': { N: 3 }, ':therapistId': { S: 'basic-sub' } });
    expect([first.key, first.attributeValues.GSI1SK, last.key, last.attributeValues.GSI2SK]).toEqual([
      { PK: { S: 'P#practice-1' }, SK: { S: 'ClientName#c1#first' } }, { S: 'anna lopez#c1' },
      { PK: { S: 'P#practice-1' }, SK: { S: 'ClientName#c1#last' } }, { S: 'ClientName#lopez anna#c1' },
    ]);
  });

  it('keeps an archived client out of the search: its name entries are deleted, not written', () => {
    const archived = { ...stored, status: 'archived', active: false };
    const out = evaluate(code['Mutation.editClient'], 'request', { stash: { caller: OWNER, client: archived, clientInput: validated, therapistId: 'basic-sub' }, arguments: { id: 'c1', version: 3 }, env: ENV }, { now: NOW });
    const req = out.result as { transactItems: Item[] };
    expect(req.transactItems.map((i) => [i.operation, (i.key as { SK: { S: string } }).SK.S])).toEqual([
      ['PutItem', 'Client#c1'], ['DeleteItem', 'ClientName#c1#first'], ['DeleteItem', 'ClientName#c1#last'],
    ]);
    expect(req.transactItems[0].attributeValues).toMatchObject({ GSI1PK: { S: 'P#practice-1#CLIENTS#archived' }, status: { S: 'archived' } });
  });

  it('rejects a stale version with ConflictError before writing', () => {
    const out = evaluate(code['Mutation.editClient'], 'request', { stash: { caller: OWNER, client: stored, clientInput: validated, therapistId: 'basic-sub' }, arguments: { id: 'c1', version: 2 }, env: ENV });
    expect(out.error?.errorType).toBe('ConflictError');
  });

  it('turns a failed condition (a concurrent edit) into ConflictError, and other failures into an internal error', () => {
    const cancelled = { message: 'Transaction cancelled', type: 'DynamoDB:TransactionCanceledException' };
    const conflict = evaluate(code['Mutation.editClient'], 'response', { stash: {}, result: { keys: null, cancellationReasons: [{ type: 'ConditionalCheckFailed' }, { type: 'None' }, { type: 'None' }] }, error: cancelled });
    expect(conflict.error?.errorType).toBe('ConflictError');
    const other = evaluate(code['Mutation.editClient'], 'response', { stash: {}, result: { keys: null, cancellationReasons: [{ type: 'None' }, { type: 'TransactionConflict' }, { type: 'None' }] }, error: cancelled });
    expect(other.error?.errorType).toBe('InternalError');
    expect(other.error?.message).not.toContain('Transaction');
  });

  it('returns the client and notes the audit', () => {
    const out = evaluate(code['Mutation.editClient'], 'response', { stash: { written: stored }, result: { keys: [], cancellationReasons: null } });
    expect(out.ctx.stash.audit).toEqual({ action: 'client.update', entityType: 'Client', entityId: 'c1' });
    expect(out.result).toMatchObject({ id: 'c1' });
  });
});

describe('Mutation.removeClient', () => {
  it('archives: status, active, version, moves the client out of the active listings and deletes its name-search entries', () => {
    const out = evaluate(code['Mutation.removeClient'], 'request', { stash: { caller: OWNER, client: stored }, arguments: { id: 'c1' }, env: ENV }, { now: NOW });
    const req = out.result as { operation: string; transactItems: Array<{ operation: string; key: { SK: { S: string } }; update?: { expression: string; expressionValues: Record<string, unknown> }; condition?: unknown }> };
    expect(req.operation).toBe('TransactWriteItems');
    const [archive, ...deletes] = req.transactItems;
    expect(archive.operation).toBe('UpdateItem');
    expect(archive.update!.expressionValues).toMatchObject({
      ':status': { S: 'archived' }, ':false': { BOOL: false }, ':gsi1pk': { S: 'P#practice-1#CLIENTS#archived' }, ':gsi2sk': { S: 'ArchivedClient#ana lopez#c1' },
    });
    expect(archive.condition).toEqual({ expression: 'attribute_exists(PK)', returnValuesOnConditionCheckFailure: false });
    expect(deletes.map((d) => [d.operation, d.key.SK.S])).toEqual([['DeleteItem', 'ClientName#c1#first'], ['DeleteItem', 'ClientName#c1#last']]);
  });

  it('returns message and status and notes the audit', () => {
    const out = evaluate(code['Mutation.removeClient'], 'response', { stash: { client: stored }, result: { keys: [], cancellationReasons: null } });
    expect(out.result).toEqual({ id: 'c1', message: 'Client archived', status: 'archived' });
    expect(out.ctx.stash.audit).toEqual({ action: 'client.archive', entityType: 'Client', entityId: 'c1' });
  });
});

describe('Query.getClient', () => {
  it('reads by id in the caller practice and notes the read', () => {
    const out = evaluate(code['Query.getClient'], 'request', { stash: { caller: OWNER }, arguments: { id: 'c1' } });
    expect(out.result).toEqual({ operation: 'GetItem', key: { PK: { S: 'P#practice-1' }, SK: { S: 'Client#c1' } } });
    expect(out.ctx.stash.audit).toEqual({ action: 'client.read', entityType: 'Client', entityId: 'c1' });
  });

  it("returns null for a missing client and for another clinician's client in an 'own' scope", () => {
    expect(evaluate(code['Query.getClient'], 'response', { stash: { caller: OWNER }, arguments: { id: 'x' }, result: null }).result).toBeNull();
    expect(evaluate(code['Query.getClient'], 'response', { stash: { caller: { ...BASIC, sub: 'other' } }, arguments: { id: 'c1' }, result: stored }).result).toBeNull();
    expect(evaluate(code['Query.getClient'], 'response', { stash: { caller: BASIC }, arguments: { id: 'c1' }, result: stored }).result).toMatchObject({ id: 'c1' });
  });
});

// Query.getClients (list and name search): test/unit/resolvers/getClients.test.ts

describe('audit', () => {
  it('appends actor, action, entity and time — no values — and passes the result through', () => {
    const stash = { caller: OWNER, audit: { action: 'client.read', entityType: 'Client', entityId: 'c1' } };
    const out = evaluate(code.audit, 'request', { stash, info: { parentTypeName: 'Query', fieldName: 'getClient' } }, { now: NOW });
    const req = out.result as { key: { PK: { S: string }; SK: { S: string } }; attributeValues: Record<string, unknown>; condition: unknown };
    expect(req.key.PK).toEqual({ S: 'P#practice-1' });
    expect(req.key.SK.S.startsWith(NOW.toISOString() + '#')).toBe(true);
    expect(req.attributeValues).toEqual({
      GSI1PK: { S: 'A#owner-sub' }, GSI1SK: { S: NOW.toISOString() }, actor: { S: 'owner-sub' }, action: { S: 'client.read' }, entityType: { S: 'Client' },
      entityId: { S: 'c1' }, entityIds: { NULL: null }, field: { S: 'Query.getClient' }, at: { S: NOW.toISOString() },
    });
    expect(req.condition).toEqual({ expression: 'attribute_not_exists(PK)' });
    expect(evaluate(code.audit, 'response', { stash, prev: { result: { id: 'c1' } }, result: {} }).result).toEqual({ id: 'c1' });
  });

  it('skips when nothing was noted and fails the field when the write fails', () => {
    expect(evaluate(code.audit, 'request', { stash: { caller: OWNER }, prev: { result: null } }).earlyReturn).not.toBeNull();
    expect(evaluate(code.audit, 'response', { stash: {}, error: { message: 'x', type: 'DynamoDB:ProvisionedThroughputExceededException' } }).error?.errorType).toBe('InternalError');
  });
});
