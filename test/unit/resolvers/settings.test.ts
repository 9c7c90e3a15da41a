// Practice settings resolvers (getPracticeDetails / getBillingSettings / getInsuranceSetting and
// their edits), step by step, from their deployed bundles with a frozen clock.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';
import { FUNCTIONS, RESOLVERS } from '../../../resolvers/map.ts';
import { validateBillingSettings, validateInsuranceSetting, validatePracticeDetails, isValidNpi, isValidTimezone } from '../../../domain/practice.ts';

const NOW = new Date('2025-03-04T05:06:07.089Z');
const OWNER = { sub: 'owner-sub', practiceId: 'practice-1', roles: ['owner'], plan: 'professional', groups: ['Therapists'], email: 'o@example.com' };
const code: Record<string, ResolverCode> = {};
beforeAll(async () => {
  for (const fn of FUNCTIONS.filter((f) => f.name.startsWith('Settings.'))) code[fn.name] = await loadResolverEntry(fn.entry);
});

const details = {
  name: '  Calm   Minds ',
  email: 'Front@CalmMinds.example',
  phone: { number: '(415) 555-0100', type: 'office' },
  locations: [{ name: 'Main', street: '1 Main St', city: 'Austin', state: 'tx', zip: '78701', insurancePlaceOfService: '11' }],
  telehealthOffice: 'Zoom room',
  cancellationPolicy: '24 hours notice.\nOtherwise full fee.',
};

describe('resolver map', () => {
  it('settings pipelines start with authorize and end with audit', () => {
    for (const field of ['getPracticeDetails', 'getBillingSettings', 'getInsuranceSetting', 'editPracticeDetails', 'editBillingSettings', 'editInsuranceSetting']) {
      const def = RESOLVERS.find((r) => r.fieldName === field)!;
      expect(def.pipeline[0]).toBe('authorize');
      expect(def.pipeline.at(-1)).toBe('audit');
    }
  });
});

describe('practice settings validation', () => {
  it('normalises practice details and defaults the timezone to US/Pacific', () => {
    const { problems, data } = validatePracticeDetails(details);
    expect(problems).toEqual([]);
    expect(data).toMatchObject({
      name: 'Calm Minds', timezone: 'US/Pacific', email: 'front@calmminds.example', phone: { number: '+14155550100', type: 'office' },
      locations: [{ name: 'Main', state: 'TX', zip: '78701', insurancePlaceOfService: '11' }], cancellationPolicy: '24 hours notice.\nOtherwise full fee.',
    });
    expect(validatePracticeDetails({ ...details, timezone: 'America/New_York' }).data.timezone).toBe('America/New_York');
  });

  it('names every bad field, never a value', () => {
    const { problems } = validatePracticeDetails({ timezone: 'Mars/Olympus', email: 'x@', phone: { number: '12' }, locations: [{ state: 'ZZ', zip: '1', insurancePlaceOfService: 'A1' }], extra: 1 });
    expect(problems.map((p) => p.field).sort()).toEqual(['email', 'extra', 'locations.0.insurancePlaceOfService', 'locations.0.name', 'locations.0.state', 'locations.0.zip', 'name', 'phone.number', 'timezone'].sort());
    expect(JSON.stringify(problems)).not.toContain('Mars');
  });

  it('strips hyphens from the tax id and billing zip; checks the NPI check digit', () => {
    const { problems, data } = validateBillingSettings({
      currency: 'usd', taxId: '12-3456789', organizationNPI: '1234567893', invoicePastDue: { days: 30, sendEmail: true },
      address: { line1: '1 Main', city: 'Austin', state: 'TX', zip: '78701-1234', unitBilling: true }, invoiceSetting: { defaultText: 'Thanks', automateOn: 1 },
      superBillGeneration: { days: 7 }, deliveryDelay: { numMinutes: 15 }, billingClientDocument: { monthlyStatements: true, monthlySuperBills: false, emailNotification: true }, autoplay: true,
    });
    expect(problems).toEqual([]);
    expect(data).toMatchObject({ currency: 'USD', taxId: '123456789', organizationNPI: '1234567893', address: { zip: '787011234', unitBilling: true }, deliveryDelay: { numMinutes: 15 }, autoplay: true });
    const bad = validateBillingSettings({ currency: 'EUR', taxId: '12-34', organizationNPI: '1234567890', invoicePastDue: { days: -1 }, deliveryDelay: { numMinutes: 1.5 } });
    expect(bad.problems.map((p) => p.field).sort()).toEqual(['currency', 'deliveryDelay.numMinutes', 'invoicePastDue.days', 'organizationNPI', 'taxId']);
    expect(isValidNpi('1500000009')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('America')).toBe(false);
  });

  it('validates the insurance setting', () => {
    const ok = validateInsuranceSetting({ providerInfo: { type: 'organization', practiceName: 'Calm', npi: '1234567893', taxonomyCode: '101ym0800x', address: { state: 'TX', zip: '78701-1234' } }, serviceLocation: { includeInClaim: true } });
    expect(ok.problems).toEqual([]);
    expect(ok.data).toMatchObject({ providerInfo: { taxonomyCode: '101YM0800X', address: { zip: '787011234' } }, serviceLocation: { includeInClaim: true }, superBillSetting: { multipleDiagnosis: false } });
    expect(validateInsuranceSetting({ providerInfo: { type: 'robot', taxonomyCode: 'short' } }).problems.map((p) => p.field)).toEqual(['providerInfo.type', 'providerInfo.taxonomyCode']);
  });
});

describe('Settings.get', () => {
  it('reads the practice item by the field name and defaults when never saved', () => {
    const info = { parentTypeName: 'Query', fieldName: 'getPracticeDetails' };
    const req = evaluate(code['Settings.get'], 'request', { stash: { caller: OWNER }, info });
    expect(req.result).toMatchObject({ operation: 'GetItem', key: { PK: { S: 'P#practice-1' }, SK: { S: 'Settings#PracticeDetails' } } });
    const res = evaluate(code['Settings.get'], 'response', { stash: { caller: OWNER }, info, result: null });
    expect(res.result).toMatchObject({ therapistId: 'practice-1', version: 0, timezone: 'US/Pacific', name: null, locations: [] });
    expect(res.ctx.stash.audit).toEqual({ action: 'settings.read', entityType: 'PracticeDetails', entityId: 'practice-1' });
  });
});

describe('Settings.validate and Settings.put', () => {
  const info = { parentTypeName: 'Mutation', fieldName: 'editBillingSettings' };
  it('refuses bad input with field names only', () => {
    const out = evaluate(code['Settings.validate'], 'request', { stash: { caller: OWNER }, info, arguments: { version: 0, input: { taxId: '99-99' } } });
    expect(out.error?.errorType).toBe('ValidationError');
    expect(out.error?.message).toContain('taxId');
    expect(out.error?.message).not.toContain('99-99');
  });

  it('creates at version 0 only if absent, else conditions on the version', () => {
    const stash = { caller: OWNER, settingsInput: { currency: 'USD' } };
    const first = evaluate(code['Settings.put'], 'request', { stash, info, arguments: { version: 0 } }, { now: NOW });
    expect(first.result).toMatchObject({ operation: 'PutItem', condition: { expression: 'attribute_not_exists(PK)' } });
    const later = evaluate(code['Settings.put'], 'request', { stash, info, arguments: { version: 4 } }, { now: NOW });
    expect((later.result as any).condition.expression).toContain('#version = :version');
    expect((later.result as any).attributeValues.version).toEqual({ N: 5 });
  });

  it('turns a failed condition into ConflictError', () => {
    const out = evaluate(code['Settings.put'], 'response', { stash: { caller: OWNER }, info, error: { message: 'x', type: 'DynamoDB:ConditionalCheckFailedException' } });
    expect(out.error?.errorType).toBe('ConflictError');
  });
});

describe('settings validation: no input yields invalid stored data (fast-check)', () => {
  const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('12-3456789', '78701-1234', 'TX', 'America/Chicago', '(415) 555-0100', '1234567893', '11', 'a@b.example'), fc.constant(null));
  it('practice details', () => {
    fc.assert(fc.property(
      fc.record({ name: text, timezone: text, email: text, phone: fc.record({ number: text, type: text }), locations: fc.array(fc.record({ name: text, state: text, zip: text, insurancePlaceOfService: text }), { maxLength: 3 }) }, { requiredKeys: [] }),
      (input) => {
        const { problems, data } = validatePracticeDetails(input);
        if (problems.length > 0) return;
        expect(typeof data.name === 'string' && (data.name).length > 0).toBe(true);
        expect(isValidTimezone(data.timezone as string)).toBe(true);
        const phone = (data.phone as { number: string | null }).number;
        expect(phone === null || /^\+[1-9]\d{7,14}$/.test(phone)).toBe(true);
        for (const loc of data.locations as Array<{ insurancePlaceOfService: string | null }>) expect(loc.insurancePlaceOfService === null || /^\d\d$/.test(loc.insurancePlaceOfService)).toBe(true);
      },
    ), { numRuns: 300 });
  });
  it('billing settings', () => {
    fc.assert(fc.property(
      fc.record({ currency: text, taxId: text, organizationNPI: text, address: fc.record({ state: text, zip: text }, { requiredKeys: [] }) }, { requiredKeys: [] }),
      (input) => {
        const { problems, data } = validateBillingSettings(input);
        if (problems.length > 0) return;
        expect(data.taxId === null || /^\d{9}$/.test(data.taxId as string)).toBe(true);
        expect(data.organizationNPI === null || isValidNpi(data.organizationNPI as string)).toBe(true);
        const zip = (data.address as { zip: string | null }).zip;
        expect(zip === null || !zip.includes('-')).toBe(true);
        expect(['USD', 'CAD']).toContain(data.currency);
      },
    ), { numRuns: 300 });
  });
});
