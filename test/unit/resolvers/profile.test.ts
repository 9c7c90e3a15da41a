// Profile resolvers (getTherapist, Therapist.validate, editTherapist, Photo.invoke) from their deployed bundles.
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';

const NOW = new Date('2025-03-04T05:06:07.089Z');
const CALLER = { sub: 'u1', practiceId: 'practice-1', roles: ['biller'], plan: 'professional', groups: ['TeamMembers'], email: 'b@example.com' };
const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS.filter((f) => ['Query.getTherapist', 'Therapist.validate', 'Mutation.editTherapist', 'Photo.invoke'].includes(f.name))) code[fn.name] = await loadResolverEntry(fn.entry);
});
const input = { person: { first: 'Ana', last: 'Lopez', gender: 'f', dob: '02/29/2000', phone: '(415) 555-0100' }, address: { line1: '1 Main', city: 'Austin', state: 'tx', zip: '78701' } };

describe('profile pipelines', () => {
  it('start with authorize and end with audit', () => {
    for (const field of ['getTherapist', 'editTherapist', 'getProfilePhotoUrl', 'getProfilePhotoUploadUrl', 'confirmProfilePhoto']) {
      const def = RESOLVERS.find((r) => r.fieldName === field)!;
      expect([def.pipeline[0], def.pipeline.at(-1)]).toEqual(['authorize', 'audit']);
    }
  });
});

describe('Query.getTherapist', () => {
  it('reads the caller’s own item and returns an empty profile when none', () => {
    const req = evaluate(code['Query.getTherapist'], 'request', { stash: { caller: CALLER } });
    expect(req.result).toMatchObject({ operation: 'GetItem', key: { PK: { S: 'P#practice-1' }, SK: { S: 'Therapist#u1' } } });
    const res = evaluate(code['Query.getTherapist'], 'response', { stash: { caller: CALLER }, result: null });
    expect(res.result).toMatchObject({ id: 'u1', photo: null, version: 0, provider: null, person: { first: null } });
    const withPhoto = evaluate(code['Query.getTherapist'], 'response', { stash: { caller: CALLER }, result: { photo: { s3path: 'images/all/u1/x.jpg' }, version: 2 } });
    expect(withPhoto.result).toMatchObject({ photo: { s3path: 'images/all/u1/x.jpg' }, version: 2 });
  });
});

describe('Therapist.validate', () => {
  it('normalises and names every missing required field, never values', () => {
    const ok = evaluate(code['Therapist.validate'], 'request', { stash: { caller: CALLER }, arguments: { input } }, { now: NOW });
    expect(ok.error).toBeNull();
    expect(ok.ctx.stash.therapistInput).toMatchObject({ person: { phone: '+14155550100' }, address: { state: 'TX' }, provider: null });
    const bad = evaluate(code['Therapist.validate'], 'request', { stash: { caller: CALLER }, arguments: { input: { person: { first: 'Ana', dob: '02/30/2000' }, provider: { npi: '1234567890' } } } }, { now: NOW });
    const fields = (bad.error?.errorInfo as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['person.dob', 'person.last', 'person.gender', 'person.phone', 'address.line1', 'address.city', 'address.state', 'address.zip', 'provider.npi', 'provider.type', 'provider.taxId']));
    expect(bad.error?.message).not.toContain('02/30/2000');
  });
});

describe('Mutation.editTherapist', () => {
  it('updates (keeping the photo) on the stored version; stale → ConflictError', () => {
    const stash = { caller: CALLER, therapistInput: { person: {}, address: {}, provider: null } };
    const first = evaluate(code['Mutation.editTherapist'], 'request', { stash, arguments: { version: 0 } }, { now: NOW });
    expect(first.result).toMatchObject({ operation: 'UpdateItem', condition: { expression: 'attribute_not_exists(#version)' } });
    expect((first.result as any).update.expression).not.toContain('photo');
    const later = evaluate(code['Mutation.editTherapist'], 'request', { stash, arguments: { version: 3 } }, { now: NOW });
    expect((later.result as any).condition.expression).toBe('#version = :version');
    const stale = evaluate(code['Mutation.editTherapist'], 'response', { stash, error: { message: 'x', type: 'DynamoDB:ConditionalCheckFailedException' } });
    expect(stale.error?.errorType).toBe('ConflictError');
  });
});

describe('Photo.invoke', () => {
  it('passes the caller from the stash and audits without values', () => {
    const info = { parentTypeName: 'Mutation', fieldName: 'confirmProfilePhoto' };
    const req = evaluate(code['Photo.invoke'], 'request', { stash: { caller: CALLER }, info, arguments: { key: 'images/all/u1/k.jpg', sub: 'evil' } });
    expect(req.result).toEqual({ operation: 'Invoke', payload: { field: 'confirmProfilePhoto', caller: { sub: 'u1', practiceId: 'practice-1' }, args: { key: 'images/all/u1/k.jpg' } } });
    const res = evaluate(code['Photo.invoke'], 'response', { stash: { caller: CALLER }, info, result: { s3path: 'images/all/u1/k.jpg' } });
    expect(res.ctx.stash.audit).toEqual({ action: 'profile.photo.confirm', entityType: 'ProfilePhoto', entityId: 'u1' });
    const refused = evaluate(code['Photo.invoke'], 'response', { stash: { caller: CALLER }, info, error: { message: 'You can only upload JPG file!', type: 'ValidationError' } });
    expect(refused.error).toMatchObject({ errorType: 'ValidationError', message: 'You can only upload JPG file!' });
  });
});
