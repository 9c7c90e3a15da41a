// Property-based: whatever input addClient/editClient receive, nothing invalid is stored. The real
// pipelines (resolver map, bundles as deployed) run against in-memory data sources that record
// every write; an input is either refused with a field-level ValidationError and no client write,
// or what is written is valid, normalised and bounded.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadResolvers, type LoadedResolvers } from '../../../local/appsync/loader.ts';
import { runPipeline } from '../../../local/appsync/pipeline.ts';
import type { DataSource } from '../../../local/appsync/datasources/types.ts';
import { RESOLVERS } from '../../../resolvers/map.ts';
import { isValidDateOfBirth, isValidEmail, isValidState, MAX_LENGTH, normalizeZip, validateClientInput } from '../../../domain/client.ts';

const NOW = new Date('2025-03-04T05:06:07.089Z');
const SUB = 'owner-sub';
const membership = { practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: ['Therapists'], mfaEnrolled: true };
const existing = {
  PK: 'P#practice-1', SK: 'Client#c1', id: 'c1', therapistId: SUB, searchName: 'ana lopez', status: 'active', active: true, version: 1,
  createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', createdBy: SUB, personalDetail: { first: 'Ana', last: 'Lopez' }, dateOfBirth: '01/01/1990',
};

let resolvers: LoadedResolvers;
beforeAll(async () => {
  resolvers = await loadResolvers();
});

type Req = { operation: string; attributeValues?: Record<string, unknown>; key?: Record<string, unknown>; transactItems?: Req[] };

/** Turns AppSync's typed attribute values back into plain values (only the types we write). */
function plain(value: unknown): unknown {
  const v = value as Record<string, unknown>;
  if ('S' in v) return v.S;
  if ('N' in v) return Number(v.N);
  if ('BOOL' in v) return v.BOOL;
  if ('NULL' in v) return null;
  if ('M' in v) return Object.fromEntries(Object.entries(v.M as Record<string, unknown>).map(([k, x]) => [k, plain(x)]));
  if ('L' in v) return (v.L as unknown[]).map(plain);
  throw new Error('unexpected attribute value');
}

async function run(field: 'addClient' | 'editClient', args: Record<string, unknown>) {
  const writes: Record<string, unknown>[] = [];
  const dataSource = (name: string): DataSource => async (request) => {
    const req = request as Req;
    if (name === 'DirectoryTable') return { result: membership };
    if (name === 'AuditTable') return { result: {} };
    if (req.operation === 'GetItem') return { result: existing };
    // A client write is one transaction: the client item and its name-search entries.
    const puts = req.operation === 'TransactWriteItems' ? (req.transactItems ?? []).filter((t) => t.operation === 'PutItem') : [req];
    for (const put of puts) writes.push(Object.fromEntries(Object.entries({ ...put.attributeValues, ...put.key }).map(([k, x]) => [k, plain(x)])));
    return { result: req.operation === 'TransactWriteItems' ? { keys: [], cancellationReasons: null } : writes.at(-1) };
  };
  const outcome = await runPipeline({
    resolvers,
    def: RESOLVERS.find((r) => r.fieldName === field)!,
    dataSource,
    arguments: args,
    identity: { sub: SUB, groups: ['Therapists'], claims: {} },
    source: null,
    info: { fieldName: field, parentTypeName: 'Mutation', variables: {}, selectionSetList: [], selectionSetGraphQL: '' },
    request: { headers: {}, domainName: null },
    env: { PracticeTable: 'portal-test-Practice' },
    clock: () => NOW,
  });
  return { outcome, writes };
}

// Inputs mixing valid values, near misses and junk for every field.
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const junk = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constant(''), fc.constant('   '), fc.integer(), fc.constant(null));
const name = fc.oneof(fc.constantFrom('Ana', ' Mary  Jo ', "O'Brien", 'Zoë', 'x'.repeat(100), 'x'.repeat(101), 'a\nb'), junk);
const date = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 1890, max: 2030 })).map(([m, d, y]) => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`),
  fc.constantFrom('02/29/2000', '02/29/1900', '1990-01-01', '1/1/1990'),
  junk,
);
const phone = fc.oneof(fc.constantFrom('+14155550100', '(415) 555-0100', '415.555.0100', '0155550100', '+0123', '+1234567890123456', '14155550100'), fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/), junk);
const email = fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', 'a@@b.com', 'a b@c.com', '.a@b.com', 'a@-b.com'), junk);
const state = fc.oneof(fc.constantFrom('CA', 'ca', 'DC', 'PR', 'GU', 'VI', 'AA', 'AE', 'AP', 'ON', 'QC', 'N/A', 'ZZ', 'Other'), junk);
const zip = fc.oneof(fc.constantFrom('78701', '78701-1234', '7870', 'K1A 0B1', 'k1a0b1', '12345-', 'ABC 123', '!!'), junk);
const input = fc.record(
  {
    therapistId: maybe(fc.constantFrom(SUB, null)),
    username: maybe(junk),
    gender: maybe(junk),
    dateOfBirth: maybe(date),
    sendEmailReminder: maybe(fc.oneof(fc.boolean(), junk)),
    contact: maybe(fc.oneof(fc.record({ phone: maybe(phone), type: maybe(junk), email: maybe(email) }, { requiredKeys: [] }), junk)),
    personalDetail: maybe(fc.oneof(fc.record({ first: maybe(name), middle: maybe(name), last: maybe(name), suffix: maybe(junk), nickname: maybe(name) }, { requiredKeys: [] }), junk)),
    address: maybe(fc.oneof(fc.record({ city: maybe(name), line1: maybe(junk), line2: maybe(junk), state: maybe(state), zip: maybe(zip) }, { requiredKeys: [] }), junk)),
    communicationSetting: maybe(fc.oneof(fc.record({ email: maybe(fc.oneof(fc.boolean(), junk)) }), junk)),
  },
  { requiredKeys: [] },
);

// Required fields well-formed, every other field from the wide generators: reaches the write.
const nearlyValid = fc
  .tuple(input, fc.constantFrom('Ana', ' Mary  Jo ', "O'Brien", 'Zoë'), fc.constantFrom('Lopez', 'de la Cruz'), fc.constantFrom('02/29/2000', '12/31/1999', '03/04/2025'))
  .map(([rest, first, last, dateOfBirth]) => {
    const person = rest.personalDetail && typeof rest.personalDetail === 'object' ? rest.personalDetail : {};
    return { ...rest, therapistId: undefined, dateOfBirth, personalDetail: { ...person, first, last } };
  });
const anyInput = fc.oneof(input, nearlyValid);

function expectValidStored(item: Record<string, any>) {
  const data = {
    therapistId: item.therapistId, username: item.username, gender: item.gender, dateOfBirth: item.dateOfBirth, sendEmailReminder: item.sendEmailReminder,
    contact: item.contact, personalDetail: item.personalDetail, address: item.address, communicationSetting: item.communicationSetting,
  };
  // Stored data is a fixed point of validation: valid, and already normalised.
  const again = validateClientInput(data, NOW.toISOString().slice(0, 10));
  expect(again.problems).toEqual([]);
  expect(again.data).toEqual(data);
  expect(item.personalDetail.first.length).toBeGreaterThan(0);
  expect(item.personalDetail.last.length).toBeGreaterThan(0);
  expect(isValidDateOfBirth(item.dateOfBirth, '2025-03-04')).toBe(true);
  if (item.contact.phone !== null) expect(item.contact.phone).toMatch(/^\+[1-9][0-9]{7,14}$/);
  if (item.contact.email !== null) expect(isValidEmail(item.contact.email)).toBe(true);
  if (item.address.state !== null) expect(isValidState(item.address.state)).toBe(true);
  if (item.address.zip !== null) expect(normalizeZip(item.address.zip, item.address.state)).toBe(item.address.zip);
  for (const value of [item.username, item.gender, item.contact.type, item.address.line1, item.address.line2, item.address.city]) {
    if (value !== null) expect(typeof value === 'string' && value.length <= MAX_LENGTH.line && value.trim() === value).toBe(true);
  }
  expect(item.therapistId).toBe(SUB);
  expect(item.PK).toBe('P#practice-1');
}

describe('addClient / editClient store only valid data (fast-check)', () => {
  for (const field of ['addClient', 'editClient'] as const) {
    it(`${field}: refused with a field-level ValidationError and no write, or written valid`, async () => {
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(anyInput, async (clientInput) => {
          const args = field === 'addClient' ? { input: clientInput } : { id: 'c1', version: 1, input: clientInput };
          const { outcome, writes } = await run(field, args);
          const clientWrites = writes.filter((w) => typeof w.SK === 'string' && (w.SK).startsWith('Client#'));
          if (outcome.error) {
            expect(outcome.error.errorType).toBe('ValidationError');
            const fields = (outcome.error.errorInfo as { fields: { field: string }[] }).fields;
            expect(fields.length).toBeGreaterThan(0);
            expect(clientWrites).toEqual([]);
            return;
          }
          accepted += 1;
          expect(clientWrites).toHaveLength(1);
          expectValidStored(clientWrites[0]);
          // The name-search entries are copies of the same valid data.
          const nameWrites = writes.filter((w) => String(w.SK).startsWith('ClientName#'));
          expect(nameWrites).toHaveLength(2);
          for (const entry of nameWrites) expectValidStored(entry);
        }),
        { numRuns: 300 },
      );
      // The generators reach both outcomes.
      expect(accepted).toBeGreaterThan(0);
    }, 60_000);
  }

  it('accepts a well-formed client (sanity for the generators)', async () => {
    const ok = { personalDetail: { first: 'Ana', last: 'Lopez' }, dateOfBirth: '02/29/2000', contact: { phone: '415 555 0100', email: 'ana@example.org' }, address: { state: 'on', zip: 'k1a0b1' } };
    const { outcome, writes } = await run('addClient', { input: ok });
    expect(outcome.error).toBeNull();
    expect(writes.find((w) => String(w.SK).startsWith('Client#'))).toMatchObject({ contact: { phone: '+14155550100' }, address: { state: 'ON', zip: 'K1A 0B1' } });
  });
});
