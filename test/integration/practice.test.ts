/**
 * Practice settings against the whole local runtime with the seeded demo practice: defaults,
 * versioned edits (stale → ConflictError, nothing written), field-level errors, audit without PHI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';

let runtime: Runtime;
const tokens: Record<string, string> = {};
async function call(who: string, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body;
}

const DETAILS = 'therapistId version updatedAt name timezone email phone { number type } locations { name street city state zip insurancePlaceOfService } telehealthOffice cancellationPolicy';
const BILLING = `therapistId version currency taxId organizationNPI invoicePastDue { days sendEmail } address { line1 line2 city state zip unitBilling }
  invoiceSetting { defaultText automateOn } superBillGeneration { days } deliveryDelay { numMinutes } billingClientDocument { monthlyStatements monthlySuperBills emailNotification } autoplay`;
const INSURANCE = 'therapistId version providerInfo { type practiceDefault names { firstName lastName } practiceName address { street city state zip } npi taxonomyCode } serviceLocation { includeInClaim } superBillSetting { multipleDiagnosis }';

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  for (const who of ['owner', 'admin', 'biller']) tokens[who] = (await signInSeeded(runtime.url, `${who}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await runtime?.stop();
});

describe('practice settings', () => {
  it('practice details: defaults, edit, stale edit refused, bad input named', async () => {
    const first = await call('owner', `{ getPracticeDetails { ${DETAILS} } }`);
    expect(first.errors).toBeUndefined();
    const start = first.data.getPracticeDetails;
    expect(start.therapistId).toBe(runtime.seed!.practiceId);
    const input = { name: 'Calm Minds', email: 'front@calmminds.example', phone: { number: '415-555-0100', type: 'office' }, locations: [{ name: 'Main', city: 'Austin', state: 'TX', zip: '78701', insurancePlaceOfService: '11' }], cancellationPolicy: '24h' };
    const edit = `mutation ($version: Int!, $input: PracticeDetailsInput!) { editPracticeDetails(version: $version, input: $input) { ${DETAILS} } }`;
    const saved = await call('owner', edit, { version: start.version, input });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.editPracticeDetails).toMatchObject({ version: start.version + 1, name: 'Calm Minds', timezone: 'US/Pacific', phone: { number: '+14155550100' } });
    const stale = await call('admin', edit, { version: start.version, input: { ...input, name: 'Overwritten' } });
    expect(stale.errors?.[0].errorType).toBe('ConflictError');
    const bad = await call('admin', edit, { version: start.version + 1, input: { name: '', timezone: 'Nowhere/Land' } });
    expect(bad.errors?.[0].errorType).toBe('ValidationError');
    expect(bad.errors?.[0].message).not.toContain('Nowhere');
    const reread = await call('admin', `{ getPracticeDetails { ${DETAILS} } }`);
    expect(reread.data.getPracticeDetails).toMatchObject({ name: 'Calm Minds', version: start.version + 1 });
  });

  it('billing settings: every field, hyphens stripped; the biller may edit', async () => {
    const start = (await call('biller', `{ getBillingSettings { ${BILLING} } }`)).data.getBillingSettings;
    const input = {
      currency: 'USD', taxId: '12-3456789', organizationNPI: '1234567893', invoicePastDue: { days: 30, sendEmail: true },
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701-1234', unitBilling: true }, invoiceSetting: { defaultText: 'Thank you', automateOn: 1 },
      superBillGeneration: { days: 7 }, deliveryDelay: { numMinutes: 30 }, billingClientDocument: { monthlyStatements: true, monthlySuperBills: true, emailNotification: false }, autoplay: true,
    };
    const out = await call('biller', `mutation ($version: Int!, $input: BillingSettingsInput!) { editBillingSettings(version: $version, input: $input) { ${BILLING} } }`, { version: start.version, input });
    expect(out.errors).toBeUndefined();
    expect(out.data.editBillingSettings).toMatchObject({ ...input, taxId: '123456789', address: { ...input.address, zip: '787011234', line2: null }, version: start.version + 1 });
  });

  it('insurance setting round-trips and the audit trail holds no values', async () => {
    const start = (await call('owner', `{ getInsuranceSetting { ${INSURANCE} } }`)).data.getInsuranceSetting;
    const input = { providerInfo: { type: 'individual', names: { firstName: 'Olivia', lastName: 'Owens' }, npi: '1500000009', taxonomyCode: '101YM0800X', address: { street: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } }, serviceLocation: { includeInClaim: true } };
    const out = await call('owner', `mutation ($version: Int!, $input: InsuranceSettingInput!) { editInsuranceSetting(version: $version, input: $input) { ${INSURANCE} } }`, { version: start.version, input });
    expect(out.errors).toBeUndefined();
    expect(out.data.editInsuranceSetting.providerInfo).toMatchObject({ npi: '1500000009', names: { firstName: 'Olivia' } });
    const audit = await runtime.dynamo.client.send(new QueryCommand({
      TableName: tableName('local', 'Audit'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': `P#${runtime.seed!.practiceId}` }),
    }));
    const items = (audit.Items ?? []).map((i) => unmarshall(i)).filter((a) => String(a.action).startsWith('settings.'));
    expect(items.map((a) => `${a.action}:${a.entityType}`)).toEqual(expect.arrayContaining(['settings.update:InsuranceSetting', 'settings.update:BillingSettings', 'settings.read:PracticeDetails']));
    const text = JSON.stringify(items);
    for (const phi of ['Olivia', 'Calm Minds', '123456789', 'Austin']) expect(text).not.toContain(phi);
  });
});
